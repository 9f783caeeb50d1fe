// The profile photo on /profile-setting: choose a file (checked here with the server's rules and
// words: JPEG, PNG or WebP, at most 5 MB), see it, then upload. The new user goes to the session
// through the shared `userUpdated` effect (src/machines/screen-effects.ts), so the top bar shows the
// photo at once; on its own (in its model test) the machine emits it.
import { assign, emit, fromPromise, setup, type SnapshotFrom } from 'xstate';
import type { UserAnswer } from '@/services/auth-service';
import { errorText } from '@/services/envelope';
import { isApiError } from '@/services/http';
import { uploadPhoto } from '@/services/photo-service';
import type { User } from '@/services/schemas/user';
import { t } from '@/shared/messages';
import { photoProblem } from '@/shared/validation';
import type { NotifyColor } from './session-machine';

export type PhotoUploadContext = {
  /** The chosen file; kept only until it is uploaded or dropped. */
  file: File | null;
  error: string | null;
};

export type PhotoUploadEvent =
  { type: 'photo.choose'; file: File } | { type: 'photo.upload' } | { type: 'photo.cancel' };

export type PhotoUploadEmitted =
  { type: 'userUpdated'; user: User } | { type: 'notify'; color: NotifyColor; message: string };

export const photoUploadMachine = setup({
  types: {
    context: {} as PhotoUploadContext,
    events: {} as PhotoUploadEvent,
    emitted: {} as PhotoUploadEmitted,
  },
  actors: {
    uploadPhoto: fromPromise<UserAnswer, { file: File }>(({ input }) => uploadPhoto(input.file)),
  },
  actions: {
    keepFile: assign((_, params: { file: File }) => ({ file: params.file, error: null })),
    refuseFile: assign((_, params: { file: File }) => ({ file: null, error: photoProblem(params.file) })),
    forgetFile: assign({ file: null, error: null }),
    storeError: assign((_, params: { error: unknown }) => ({
      error: isApiError(params.error) ? errorText(params.error) : t('photo.uploadError'),
    })),
    userUpdated: emit((_, params: { user: User }) => ({ type: 'userUpdated' as const, user: params.user })),
    notify: emit((_, params: { color: NotifyColor; message: string }) => ({
      type: 'notify' as const,
      ...params,
    })),
  },
  guards: {
    isAcceptable: (_, params: { file: File }) => photoProblem(params.file) === null,
  },
}).createMachine({
  id: 'photoUpload',
  context: { file: null, error: null },
  initial: 'idle',
  // Choosing another file is always possible, except while one is uploading.
  on: {
    'photo.choose': [
      {
        guard: { type: 'isAcceptable', params: ({ event }) => ({ file: event.file }) },
        target: '.chosen',
        actions: { type: 'keepFile', params: ({ event }) => ({ file: event.file }) },
      },
      { target: '.rejected', actions: { type: 'refuseFile', params: ({ event }) => ({ file: event.file }) } },
    ],
  },
  states: {
    idle: {},
    // The client check failed: the message shows under the control; nothing was sent.
    rejected: {
      on: { 'photo.cancel': { target: 'idle', actions: 'forgetFile' } },
    },
    // The preview shows with Upload and Cancel.
    chosen: {
      on: {
        'photo.upload': 'uploading',
        'photo.cancel': { target: 'idle', actions: 'forgetFile' },
      },
    },
    uploading: {
      tags: 'busy',
      // A new attempt starts clean; its own outcome decides what shows.
      entry: assign({ error: null }),
      on: { 'photo.choose': {} },
      invoke: {
        id: 'uploadPhoto',
        src: 'uploadPhoto',
        input: ({ context }) => ({ file: context.file as File }),
        onDone: {
          target: 'idle',
          actions: [
            { type: 'userUpdated', params: ({ event }) => ({ user: event.output.user }) },
            {
              type: 'notify',
              params: ({ event }) => ({ color: 'success' as const, message: event.output.message }),
            },
            'forgetFile',
          ],
        },
        onError: {
          target: 'failed',
          actions: { type: 'storeError', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    // The server refused (its 422 message) or could not be reached; the same file may be tried again.
    failed: {
      on: {
        'photo.upload': 'uploading',
        'photo.cancel': { target: 'idle', actions: 'forgetFile' },
      },
    },
  },
});

export type PhotoUploadSnapshot = SnapshotFrom<typeof photoUploadMachine>;

export function selectPhotoUpload(snapshot: PhotoUploadSnapshot) {
  return {
    file: snapshot.context.file,
    error: snapshot.context.error,
    chosen: snapshot.matches('chosen') || snapshot.matches('uploading') || snapshot.matches('failed'),
    uploading: snapshot.hasTag('busy'),
    canRetry: snapshot.matches('failed'),
  };
}
