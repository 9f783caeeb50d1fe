// Model-based test of a teacher's vetting documents section (issue 24): every transition walked on
// a real actor (the list and the upload are fakes settled by done/error events); each step checks
// the list, the two fields with their messages, the busy state, and what goes to the snackbar.
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, type EventFromLogic } from 'xstate';
import {
  selectVettingDocuments,
  vettingDocumentsMachine,
  type UploadInput,
  type VettingDocumentsEmitted,
} from '@/machines/vetting-documents-machine';
import { ApiError } from '@/services/http';
import type { DocumentsAnswer, TeacherDocument } from '@/services/vetting-service';
import { t } from '@/shared/messages';
import {
  coverageOf,
  modelOf,
  mutationTests,
  namedFile as named,
  pathTests,
  replayScreens,
  type ModelPath,
} from './model-paths';

type Event = EventFromLogic<typeof vettingDocumentsMachine>;

const pdf = named(new File(['%PDF-1.4'], 'diploma.pdf', { type: 'application/pdf' }));
const text = named(new File(['hello'], 'cv.txt', { type: 'text/plain' }));
const huge = named(new File([new Uint8Array(10 * 1024 * 1024 + 1)], 'scan.png', { type: 'image/png' }));

const doc = (id: number, name: string, kind = 'certificate'): TeacherDocument => ({
  id,
  kind,
  name,
  size: 100,
  mimeType: 'application/pdf',
  url: `/api/files/${id}`,
});
const stored = doc(1, 'national-id.jpg', 'id_document');
const added = doc(2, 'diploma.pdf');

const TYPE = t('teach.documentType');
const SIZE = t('validation.fileSize', { size: 10 });
const answer: DocumentsAnswer = { message: t('teach.documentUploaded'), documents: [added] };

const loaded = { type: 'xstate.done.actor.loadDocuments', output: [stored] } as unknown as Event;
const loadBroke = {
  type: 'xstate.error.actor.loadDocuments',
  error: new ApiError({ status: 500, message: 'Server error.' }),
} as unknown as Event;
const uploaded = { type: 'xstate.done.actor.uploadDocument', output: answer } as unknown as Event;
const refused = {
  type: 'xstate.error.actor.uploadDocument',
  error: new ApiError({ status: 422, message: TYPE, fieldErrors: { files: [TYPE] } }),
} as unknown as Event;
const lost = {
  type: 'xstate.error.actor.uploadDocument',
  error: new TypeError('Failed to fetch'),
} as unknown as Event;

const events: Event[] = [
  loaded,
  loadBroke,
  { type: 'documents.retry' },
  { type: 'document.kind', kind: 'certificate' },
  { type: 'document.choose', file: pdf },
  { type: 'document.choose', file: text },
  { type: 'document.choose', file: huge },
  { type: 'document.choose', file: null },
  { type: 'document.upload' },
  uploaded,
  refused,
  lost,
];

/** The machine with calls that never settle: the paths settle them with done/error events. */
function pending(machine: typeof vettingDocumentsMachine) {
  return machine.provide({
    actors: {
      loadDocuments: fromPromise<TeacherDocument[]>(() => new Promise<never>(() => {})),
      uploadDocument: fromPromise<DocumentsAnswer, UploadInput>(() => new Promise<never>(() => {})),
    },
  });
}
const logic = pending(vettingDocumentsMachine);
const model = modelOf(logic, {
  events,
  visibleContext: (s) => ({
    // Two or more documents look alike: the list grows with each upload, the behaviour does not.
    documents: Math.min(s.context.documents.length, 2),
    kind: s.context.kind,
    file: s.context.file?.name ?? null,
    kindError: s.context.kindError,
    fileError: s.context.fileError,
    error: s.context.error,
  }),
  simpleContext: (s) => [s.context.kind !== null, s.context.file !== null],
});
const coverage = coverageOf(vettingDocumentsMachine);

type Screen = {
  documents: string[];
  kind: string | null;
  file: string | null;
  kindError: string | null;
  fileError: string | null;
  error: string | null;
  loading: boolean;
  loadFailed: boolean;
  uploading: boolean;
};
const start: Screen = {
  documents: [],
  kind: null,
  file: null,
  kindError: null,
  fileError: null,
  error: null,
  loading: true,
  loadFailed: false,
  uploading: false,
};
const settled = { loading: false, loadFailed: false, uploading: false };

function expectedAfter(screen: Screen, event: Event): [Screen, VettingDocumentsEmitted[]] {
  if (event === loaded) return [{ ...screen, ...settled, documents: [stored.name] }, []];
  if (event === loadBroke) return [{ ...screen, ...settled, loadFailed: true, error: 'Server error.' }, []];
  if (event === uploaded)
    return [
      { ...screen, ...settled, documents: [...screen.documents, added.name], file: null },
      [{ type: 'notify', color: 'success', message: t('teach.documentUploaded') }],
    ];
  // The server's refusal shows on the file's field; the file stays chosen for another try.
  if (event === refused) return [{ ...screen, ...settled, fileError: TYPE }, []];
  if (event === lost) return [{ ...screen, ...settled, error: t('vetting.uploadError') }, []];
  switch (event.type) {
    case 'documents.retry':
      return [{ ...screen, ...settled, loading: true, error: null }, []];
    case 'document.kind':
      return [{ ...screen, kind: event.kind, kindError: null }, []];
    case 'document.choose': {
      const chosen = { ...screen, error: null };
      if (event.file === text) return [{ ...chosen, file: null, fileError: TYPE }, []];
      if (event.file === huge) return [{ ...chosen, file: null, fileError: SIZE }, []];
      return [{ ...chosen, file: event.file?.name ?? null, fileError: null }, []];
    }
    case 'document.upload':
      if (screen.kind && screen.file)
        return [{ ...screen, uploading: true, kindError: null, fileError: null, error: null }, []];
      return [
        {
          ...screen,
          kindError: screen.kind ? null : t('teach.documentKind'),
          fileError: screen.fileError ?? (screen.file ? null : t('vetting.chooseFile')),
        },
        [],
      ];
  }
}

function replay(path: ModelPath<typeof logic>, machine = vettingDocumentsMachine) {
  replayScreens(createActor(pending(machine), { inspect: coverage.inspect }), path, {
    start,
    after: expectedAfter,
    check: (seen, screen) => {
      const view = selectVettingDocuments(seen);
      expect({
        ...view,
        documents: view.documents.map((document) => document.name),
        file: view.file?.name ?? null,
      }).toEqual(screen);
    },
  }).stop();
}

describe('vetting-documents machine (model-based)', () => {
  pathTests(coverage, model, 'shows the list, the fields and their messages, and what is sent', (path) =>
    replay(path),
  );

  it('uploads the chosen kind and file, not a refused one', async () => {
    const sent: string[] = [];
    const machine = vettingDocumentsMachine.provide({
      actors: {
        loadDocuments: fromPromise<TeacherDocument[]>(async () => []),
        uploadDocument: fromPromise<DocumentsAnswer, UploadInput>(async ({ input }) => {
          sent.push(`${input.kind} ${input.file.name}`);
          return answer;
        }),
      },
    });
    const actor = createActor(machine).start();
    await new Promise((resolve) => setTimeout(resolve, 0));
    actor.send({ type: 'document.kind', kind: 'id_document' });
    actor.send({ type: 'document.choose', file: pdf });
    actor.send({ type: 'document.choose', file: text });
    actor.send({ type: 'document.upload' });
    expect(sent).toEqual([]);
    actor.send({ type: 'document.choose', file: pdf });
    actor.send({ type: 'document.upload' });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(sent).toEqual(['id_document diploma.pdf']);
    expect(selectVettingDocuments(actor.getSnapshot()).documents).toEqual([added]);
    actor.stop();
  });

  // Last: measured over every replay above.
  mutationTests(coverage, {
    paths: () => [...model.shortest, ...model.simple],
    replay: (path, mutant) => replay(path, mutant as typeof vettingDocumentsMachine),
  });
});
