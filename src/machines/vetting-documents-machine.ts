// A teacher's "Vetting documents" on their profile (issue 24, docs/issue-24.md "vetting (second
// round)"): the documents already uploaded, and one more: what it is (ID or certificate) and the
// file, checked here with the server's rules and words (src/shared/teaching.ts) before anything is
// sent. A refusal shows on its field (the server's 422 too); the uploaded document joins the list
// from the server's answer, without loading the list again. Services are bound in
// src/machines/screens/vetting-screens.ts; on its own (in its model test) the machine emits `notify`.
import { assign, emit, fromPromise, setup, type SnapshotFrom } from 'xstate';
import { errorText } from '@/services/envelope';
import { isApiError } from '@/services/http';
import type { DocumentsAnswer, TeacherDocument } from '@/services/vetting-service';
import { t } from '@/shared/messages';
import { teacherDocumentProblem, type TeacherDocumentKind } from '@/shared/teaching';
import type { ScreenNotify } from './screen-effects';

export type VettingDocumentsContext = {
  documents: TeacherDocument[];
  kind: TeacherDocumentKind | null;
  /** The chosen file; kept until it is uploaded or another is chosen. */
  file: File | null;
  kindError: string | null;
  fileError: string | null;
  /** A failure that belongs to no field: the list did not load, or the upload did not reach the server. */
  error: string | null;
};

export type VettingDocumentsEvent =
  | { type: 'document.kind'; kind: TeacherDocumentKind }
  | { type: 'document.choose'; file: File | null }
  | { type: 'document.upload' }
  | { type: 'documents.retry' };

export type VettingDocumentsEmitted = { type: 'notify' } & ScreenNotify;

export type UploadInput = { kind: TeacherDocumentKind; file: File };

const firstOf = (errors: Record<string, string[]>, field: string) => errors[field]?.join(' ') || null;

export const vettingDocumentsMachine = setup({
  types: {
    context: {} as VettingDocumentsContext,
    events: {} as VettingDocumentsEvent,
    emitted: {} as VettingDocumentsEmitted,
  },
  actors: {
    loadDocuments: fromPromise<TeacherDocument[]>(async () => {
      throw new Error('No loadDocuments actor was provided.');
    }),
    uploadDocument: fromPromise<DocumentsAnswer, UploadInput>(async () => {
      throw new Error('No uploadDocument actor was provided.');
    }),
  },
  actions: {
    storeDocuments: assign((_, params: { documents: TeacherDocument[] }) => ({
      documents: params.documents,
    })),
    storeLoadError: assign((_, params: { error: unknown }) => ({ error: errorText(params.error) })),
    keepKind: assign((_, params: { kind: TeacherDocumentKind }) => ({ kind: params.kind, kindError: null })),
    keepFile: assign((_, params: { file: File | null }) => ({
      file: params.file && teacherDocumentProblem(params.file) === null ? params.file : null,
      fileError: params.file ? teacherDocumentProblem(params.file) : null,
      error: null,
    })),
    markMissing: assign(({ context }) => ({
      kindError: context.kind ? null : t('teach.documentKind'),
      fileError: context.fileError ?? (context.file ? null : t('vetting.chooseFile')),
    })),
    addUploaded: assign(({ context }, params: { documents: TeacherDocument[] }) => ({
      documents: [...context.documents, ...params.documents],
      file: null,
      error: null,
    })),
    // A 422 names its field (`kind` or `files`); anything else reads under the form.
    storeUploadError: assign((_, params: { error: unknown }) => {
      const errors = isApiError(params.error) ? params.error.fieldErrors : {};
      const kindError = firstOf(errors, 'kind');
      const fileError = firstOf(errors, 'files');
      return {
        kindError,
        fileError,
        error:
          kindError || fileError
            ? null
            : isApiError(params.error)
              ? errorText(params.error)
              : t('vetting.uploadError'),
      };
    }),
    notify: emit((_, params: ScreenNotify) => ({ type: 'notify' as const, ...params })),
  },
  guards: {
    canUpload: ({ context }) => context.kind !== null && context.file !== null,
  },
}).createMachine({
  id: 'vettingDocuments',
  context: { documents: [], kind: null, file: null, kindError: null, fileError: null, error: null },
  initial: 'loading',
  states: {
    loading: {
      tags: 'loading',
      entry: assign({ error: null }),
      invoke: {
        id: 'loadDocuments',
        src: 'loadDocuments',
        onDone: {
          target: 'ready',
          actions: { type: 'storeDocuments', params: ({ event }) => ({ documents: event.output }) },
        },
        onError: {
          target: 'loadFailed',
          actions: { type: 'storeLoadError', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    // The list could not be read: its message with Try again; nothing to upload beside.
    loadFailed: {
      on: { 'documents.retry': 'loading' },
    },
    ready: {
      on: {
        'document.kind': {
          actions: { type: 'keepKind', params: ({ event }) => ({ kind: event.kind }) },
        },
        'document.choose': {
          actions: { type: 'keepFile', params: ({ event }) => ({ file: event.file }) },
        },
        'document.upload': [{ guard: 'canUpload', target: 'uploading' }, { actions: 'markMissing' }],
      },
    },
    uploading: {
      tags: 'busy',
      entry: assign({ error: null, kindError: null, fileError: null }),
      invoke: {
        id: 'uploadDocument',
        src: 'uploadDocument',
        input: ({ context }) => ({ kind: context.kind as TeacherDocumentKind, file: context.file as File }),
        onDone: {
          target: 'ready',
          actions: [
            { type: 'addUploaded', params: ({ event }) => ({ documents: event.output.documents }) },
            {
              type: 'notify',
              params: ({ event }) => ({ color: 'success' as const, message: event.output.message }),
            },
          ],
        },
        onError: {
          target: 'ready',
          actions: { type: 'storeUploadError', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
  },
});

export type VettingDocumentsSnapshot = SnapshotFrom<typeof vettingDocumentsMachine>;

/** What the section shows. */
export function selectVettingDocuments(snapshot: VettingDocumentsSnapshot) {
  const { documents, kind, file, kindError, fileError, error } = snapshot.context;
  return {
    documents,
    kind,
    file,
    kindError,
    fileError,
    error,
    loading: snapshot.hasTag('loading'),
    loadFailed: snapshot.matches('loadFailed'),
    uploading: snapshot.hasTag('busy'),
  };
}
