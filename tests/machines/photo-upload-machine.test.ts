// Model-based test of the profile photo control: every transition walked on a real actor (the
// upload is a fake settled by done/error events); each step checks the preview, the message under
// the control, and what goes to the session and the snackbar.
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, type EventFromLogic } from 'xstate';
import {
  photoUploadMachine,
  selectPhotoUpload,
  type PhotoUploadEmitted,
} from '@/machines/photo-upload-machine';
import type { UserAnswer } from '@/services/auth-service';
import { ApiError } from '@/services/http';
import { decodeUser } from '@/services/schemas/user';
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

type PhotoEvent = EventFromLogic<typeof photoUploadMachine>;

const png = named(new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'me.png', { type: 'image/png' }));
const webp = named(new File([new Uint8Array([0x52, 0x49, 0x46, 0x46])], 'me.webp', { type: 'image/webp' }));
const text = named(new File(['hello'], 'notes.txt', { type: 'text/plain' }));
const huge = named(new File([new Uint8Array(5 * 1024 * 1024 + 1)], 'huge.jpg', { type: 'image/jpeg' }));
const empty = named(new File([], 'empty.png', { type: 'image/png' }));

const user = decodeUser({
  id: 7,
  first_name: 'Amani',
  last_name: 'Otieno',
  display_photo_url: '/api/photos/a.png',
  roles: [],
});
const answer: UserAnswer = { message: t('photo.updated'), user };
const TYPES = t('validation.fileTypes', { types: 'JPEG, PNG, WebP' });
const refusedByServer = new ApiError({ status: 422, message: TYPES, fieldErrors: { photo: [TYPES] } });
const offline = new TypeError('Failed to fetch');

const uploaded = { type: 'xstate.done.actor.uploadPhoto', output: answer } as unknown as PhotoEvent;
const refused = { type: 'xstate.error.actor.uploadPhoto', error: refusedByServer } as unknown as PhotoEvent;
const lost = { type: 'xstate.error.actor.uploadPhoto', error: offline } as unknown as PhotoEvent;

const events: PhotoEvent[] = [
  { type: 'photo.choose', file: png },
  { type: 'photo.choose', file: webp },
  { type: 'photo.choose', file: text },
  { type: 'photo.choose', file: huge },
  { type: 'photo.choose', file: empty },
  { type: 'photo.upload' },
  { type: 'photo.cancel' },
  uploaded,
  refused,
  lost,
];

// The upload never settles by itself: the replays settle it with done/error events.
const pending = {
  actors: { uploadPhoto: fromPromise<UserAnswer, { file: File }>(() => new Promise<never>(() => {})) },
};
const logic = photoUploadMachine.provide(pending);
const model = modelOf(logic, {
  events,
  visibleContext: (s) => ({ file: s.context.file?.name ?? null, error: s.context.error }),
  simpleContext: (s) => s.context.error !== null,
});

const coverage = coverageOf(photoUploadMachine);

type Screen = { file: string | null; error: string | null; chosen: boolean; uploading: boolean };
const blank: Screen = { file: null, error: null, chosen: false, uploading: false };

/** What the control shows and sends after each event. */
function expectedAfter(screen: Screen, event: PhotoEvent): [Screen, PhotoUploadEmitted[]] {
  if (event === uploaded)
    return [
      blank,
      [
        { type: 'userUpdated', user },
        { type: 'notify', color: 'success', message: t('photo.updated') },
      ],
    ];
  if (event === refused) return [{ ...screen, error: TYPES, uploading: false }, []];
  if (event === lost) return [{ ...screen, error: t('photo.uploadError'), uploading: false }, []];
  switch (event.type) {
    case 'photo.choose': {
      const file = event.file;
      if (file === text) return [{ ...blank, error: TYPES }, []];
      if (file === huge) return [{ ...blank, error: t('validation.fileSize', { size: 5 }) }, []];
      if (file === empty) return [{ ...blank, error: t('validation.required') }, []];
      return [{ file: file.name, error: null, chosen: true, uploading: false }, []];
    }
    case 'photo.upload':
      return [{ ...screen, error: null, uploading: true }, []];
    case 'photo.cancel':
      return [blank, []];
  }
}

function replay(path: ModelPath<typeof logic>, machine: typeof photoUploadMachine = photoUploadMachine) {
  const actor = createActor(machine.provide(pending), { inspect: coverage.inspect });
  replayScreens(actor, path, {
    start: blank,
    after: expectedAfter,
    check: (seen, screen) => {
      const view = selectPhotoUpload(seen);
      expect({
        file: view.file?.name ?? null,
        error: view.error,
        chosen: view.chosen,
        uploading: view.uploading,
      }).toEqual(screen);
    },
  }).stop();
}

/**
 * Another file chosen while one uploads changes nothing: the preview and the upload stay. The model
 * cannot walk this (its paths only send events the machine reacts to, and this transition
 * deliberately does nothing), so it is replayed by hand, here and on every mutant.
 */
function chooseWhileUploading(machine: typeof photoUploadMachine = photoUploadMachine) {
  const actor = createActor(machine.provide(pending), { inspect: coverage.inspect }).start();
  actor.send({ type: 'photo.choose', file: png });
  actor.send({ type: 'photo.upload' });
  for (const file of [webp, text]) {
    actor.send({ type: 'photo.choose', file });
    expect(actor.getSnapshot().value).toBe('uploading');
    expect(selectPhotoUpload(actor.getSnapshot())).toEqual({
      file: png,
      error: null,
      chosen: true,
      uploading: true,
      canRetry: false,
    });
  }
  actor.stop();
}

describe('photo-upload machine (model-based)', () => {
  pathTests(coverage, model, 'shows the preview, the message and what is sent', (path) => replay(path));

  it('uploads the chosen file, not another', async () => {
    const sent: File[] = [];
    const machine = photoUploadMachine.provide({
      actors: {
        uploadPhoto: fromPromise<UserAnswer, { file: File }>(async ({ input }) => {
          sent.push(input.file);
          return answer;
        }),
      },
    });
    const actor = createActor(machine).start();
    actor.send({ type: 'photo.choose', file: text });
    actor.send({ type: 'photo.choose', file: webp });
    actor.send({ type: 'photo.upload' });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(sent).toEqual([webp]);
    expect(actor.getSnapshot().value).toBe('idle');
    actor.stop();
  });

  it('keeps the uploading file when another is chosen meanwhile', () => {
    coverage.track('choose while uploading', () => chooseWhileUploading());
  });

  // Last: measured over every replay above.
  mutationTests(coverage, {
    paths: () => [...model.shortest, ...model.simple],
    replay: (path, mutant) => replay(path, mutant as typeof photoUploadMachine),
    before: (mutant) => chooseWhileUploading(mutant as typeof photoUploadMachine),
  });
});
