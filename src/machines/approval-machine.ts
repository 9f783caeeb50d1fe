// An admin's decision on one waiting item (issue 10): a teacher's profile, a lesson or a class.
// idle → confirming (a decline or reject asks a comment, REMARK_MIN..REMARK_MAX) → submitting →
// done, or failed with the server's message (a 409: the item is no longer pending) → retry / close.
// A 422 on the comment goes back to the dialog with the server's words under the field.
import { assign, emit, fromPromise, setup, type SnapshotFrom } from 'xstate';
import { isApiError } from '@/services/http';
import { errorText } from '@/services/envelope';
import { t } from '@/shared/messages';
import { remarkProblem } from '@/shared/remark-validation';
import type { NotifyColor } from './session-machine';

/** Approve, or turn down: a teacher is `decline`d, a lesson or class `reject`ed. */
export type ApprovalAction = 'approve' | 'decline' | 'reject';
export type ApprovalItem = { id: number; name: string };
export type DecideInput = { id: number; action: ApprovalAction; comment: string };
export type DecideOutput = { message: string };

export type ApprovalContext = {
  item: ApprovalItem | null;
  action: ApprovalAction | null;
  comment: string;
  commentError: string | null;
  error: string | null;
};

export type ApprovalEvent =
  | { type: 'approval.start'; item: ApprovalItem; action: ApprovalAction }
  | { type: 'comment.change'; value: string }
  | { type: 'approval.confirm' }
  | { type: 'approval.cancel' }
  | { type: 'approval.retry' }
  | { type: 'approval.close' };

export type ApprovalEmitted =
  | { type: 'notify'; color: NotifyColor; message: string }
  | { type: 'decided'; item: ApprovalItem; action: ApprovalAction };

/** The comment rule the API applies too (src/shared/remark-validation.ts: remark 3–500). */
export const commentProblem = remarkProblem;

export function needsComment(action: ApprovalAction | null): boolean {
  return action === 'decline' || action === 'reject';
}

const DONE_KEYS = {
  approve: 'adminScreen.approved',
  decline: 'adminScreen.declined',
  reject: 'adminScreen.rejected',
} as const;

/** The success notice: the server's words, else "{name} approved" and the like. */
function doneText(context: ApprovalContext, output: DecideOutput): string {
  if (output.message) return output.message;
  return t(DONE_KEYS[context.action ?? 'approve'], { name: context.item?.name ?? '' });
}

/** A 422's words about the comment (`remark` for teachers, `comment` for lessons and classes). */
function commentFieldError(error: unknown): string | null {
  if (!isApiError(error) || error.status !== 422) return null;
  return error.fieldErrors.remark?.[0] ?? error.fieldErrors.comment?.[0] ?? null;
}

export const approvalMachine = setup({
  types: {
    context: {} as ApprovalContext,
    events: {} as ApprovalEvent,
    emitted: {} as ApprovalEmitted,
  },
  actors: {
    // Each screen provides its call: `approvalMachine.provide({ actors: { decide: fromPromise(...) } })`.
    decide: fromPromise<DecideOutput, DecideInput>(async () => {
      throw new Error('No decide actor was provided.');
    }),
  },
  actions: {
    begin: assign((_, params: { item: ApprovalItem; action: ApprovalAction }) => ({
      item: params.item,
      action: params.action,
      comment: '',
      commentError: null,
      error: null,
    })),
    forget: assign({ item: null, action: null, comment: '', commentError: null, error: null }),
    // What follows a decision (the screen's list loads again): on its own the machine emits it;
    // the admin screens provide it as a link to their list (src/machines/screens/admin-screens.ts).
    decided: emit((_, params: { item: ApprovalItem; action: ApprovalAction }) => ({
      type: 'decided' as const,
      ...params,
    })),
    notify: emit((_, params: { color: NotifyColor; message: string }) => ({
      type: 'notify' as const,
      ...params,
    })),
  },
  guards: {
    commentOk: ({ context }) => !needsComment(context.action) || commentProblem(context.comment) === null,
    isCommentError: (_, params: { error: unknown }) => commentFieldError(params.error) !== null,
  },
}).createMachine({
  id: 'approval',
  context: { item: null, action: null, comment: '', commentError: null, error: null },
  initial: 'idle',
  states: {
    idle: {
      on: {
        'approval.start': {
          target: 'confirming',
          actions: { type: 'begin', params: ({ event }) => ({ item: event.item, action: event.action }) },
        },
      },
    },
    confirming: {
      on: {
        'comment.change': {
          actions: assign({ comment: ({ event }) => event.value, commentError: null }),
        },
        'approval.confirm': [
          { guard: 'commentOk', target: 'submitting' },
          { actions: assign({ commentError: ({ context }) => commentProblem(context.comment) }) },
        ],
        'approval.cancel': { target: 'idle', actions: 'forget' },
      },
    },
    submitting: {
      tags: 'busy',
      entry: assign({ error: null, commentError: null }),
      invoke: {
        id: 'decide',
        src: 'decide',
        input: ({ context }) => ({
          id: context.item?.id ?? 0,
          action: context.action ?? 'approve',
          comment: needsComment(context.action) ? context.comment.trim() : '',
        }),
        onDone: {
          target: 'done',
          actions: [
            {
              type: 'decided',
              params: ({ context }) => ({
                item: context.item ?? { id: 0, name: '' },
                action: context.action ?? 'approve',
              }),
            },
            {
              type: 'notify',
              params: ({ context, event }) => ({
                color: 'success' as const,
                message: doneText(context, event.output),
              }),
            },
          ],
        },
        onError: [
          {
            guard: { type: 'isCommentError', params: ({ event }) => ({ error: event.error }) },
            target: 'confirming',
            actions: assign({ commentError: ({ event }) => commentFieldError(event.error) }),
          },
          { target: 'failed', actions: assign({ error: ({ event }) => errorText(event.error) }) },
        ],
      },
    },
    failed: {
      on: {
        'approval.retry': 'submitting',
        'approval.close': { target: 'idle', actions: 'forget' },
      },
    },
    // The dialog is closed; the next item can be taken up at once.
    done: {
      on: {
        'approval.start': {
          target: 'confirming',
          actions: { type: 'begin', params: ({ event }) => ({ item: event.item, action: event.action }) },
        },
        'approval.close': { target: 'idle', actions: 'forget' },
      },
    },
  },
});

export type ApprovalSnapshot = SnapshotFrom<typeof approvalMachine>;

/** What the dialog shows: open while asking, sending and after a failure. */
export function selectApprovalDialog(snapshot: ApprovalSnapshot) {
  const { item, action, comment, commentError, error } = snapshot.context;
  const open = snapshot.matches('confirming') || snapshot.matches('submitting') || snapshot.matches('failed');
  return {
    open,
    busy: snapshot.hasTag('busy'),
    failed: snapshot.matches('failed'),
    item,
    action,
    asksComment: open && needsComment(action),
    comment,
    commentError,
    error: snapshot.matches('failed') ? error : null,
  };
}
