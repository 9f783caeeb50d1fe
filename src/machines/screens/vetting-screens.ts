// The teacher's vetting documents on their profile (issue 24), with the services bound.
import { fromPromise } from 'xstate';
import {
  fetchOwnDocuments,
  uploadDocument,
  type DocumentsAnswer,
  type TeacherDocument,
} from '@/services/vetting-service';
import { vettingDocumentsMachine, type UploadInput } from '../vetting-documents-machine';

export const vettingDocuments = vettingDocumentsMachine.provide({
  actors: {
    loadDocuments: fromPromise<TeacherDocument[]>(() => fetchOwnDocuments()),
    uploadDocument: fromPromise<DocumentsAnswer, UploadInput>(({ input }) =>
      uploadDocument(input.kind, input.file),
    ),
  },
});
