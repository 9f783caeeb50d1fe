// Model-based test of an admin's approval decision: every transition walked on a real actor (the
// decision call is a fake settled by done/error events); each step checks the dialog a screen shows
// and the notices and `decided` events the machine emits.
import { describe, expect, it, vi } from 'vitest';
import {
  createActor,
  fromCallback,
  fromPromise,
  setup,
  waitFor,
  type ActorRefFrom,
  type EventFromLogic,
  type EventObject,
} from 'xstate';
import {
  approvalMachine,
  commentProblem,
  selectApprovalDialog,
  type ApprovalAction,
  type ApprovalEmitted,
  type DecideInput,
  type DecideOutput,
} from '@/machines/approval-machine';
import { lessonApproval, REVIEW_LIST } from '@/machines/screens/admin-screens';
import { ApiError } from '@/services/http';
import { REMARK_MAX, REMARK_MIN } from '@/shared/teaching';
import { coverageOf, modelOf, mutationTests, pathTests, replayScreens, type ModelPath } from './model-paths';

type ApprovalEvent = EventFromLogic<typeof approvalMachine>;

const LESSON = { id: 11, name: 'Fractions' };
const TEACHER = { id: 4, name: 'Baraka Mwangi' };
const GOOD = '  The time clashes with the exams.  ';
const NOT_PENDING = 'Only a pending lesson that has not started can be approved or rejected.';
const SERVER_SAYS = 'Lesson approved';
const TOO_SHORT_SERVER = 'Use at least 3 characters (server).';

const approveLesson: ApprovalEvent = { type: 'approval.start', item: LESSON, action: 'approve' };
const declineTeacher: ApprovalEvent = { type: 'approval.start', item: TEACHER, action: 'decline' };
const typeShort: ApprovalEvent = { type: 'comment.change', value: 'no' };
const typeGood: ApprovalEvent = { type: 'comment.change', value: GOOD };
const confirm: ApprovalEvent = { type: 'approval.confirm' };
const cancel: ApprovalEvent = { type: 'approval.cancel' };
const retry: ApprovalEvent = { type: 'approval.retry' };
const close: ApprovalEvent = { type: 'approval.close' };
const decided = {
  type: 'xstate.done.actor.decide',
  output: { message: SERVER_SAYS },
} as unknown as ApprovalEvent;
const decidedQuietly = {
  type: 'xstate.done.actor.decide',
  output: { message: '' },
} as unknown as ApprovalEvent;
const conflict = {
  type: 'xstate.error.actor.decide',
  error: new ApiError({ status: 409, message: NOT_PENDING, data: { message: NOT_PENDING } }),
} as unknown as ApprovalEvent;
const refusedComment = {
  type: 'xstate.error.actor.decide',
  error: new ApiError({ status: 422, message: 'Please check', fieldErrors: { remark: [TOO_SHORT_SERVER] } }),
} as unknown as ApprovalEvent;
const lost = {
  type: 'xstate.error.actor.decide',
  error: new ApiError({ status: 0, message: 'Something went wrong, please try again later.' }),
} as unknown as ApprovalEvent;

const events: ApprovalEvent[] = [
  approveLesson,
  declineTeacher,
  typeShort,
  typeGood,
  confirm,
  cancel,
  retry,
  close,
  decided,
  decidedQuietly,
  conflict,
  refusedComment,
  lost,
];

/** The machine with a decision call that never settles: the paths settle it with done/error events. */
function pending(machine: typeof approvalMachine) {
  return machine.provide({
    actors: { decide: fromPromise<DecideOutput, DecideInput>(() => new Promise<never>(() => {})) },
  });
}
const logic = pending(approvalMachine);

const model = modelOf(logic, {
  events,
  visibleContext: (s) => [
    s.context.item?.id ?? null,
    s.context.action,
    s.context.comment,
    s.context.commentError,
    s.context.error,
  ],
  simpleEvents: [approveLesson, declineTeacher, typeGood, confirm, cancel, retry, close, decided, conflict],
  simpleContext: (s) => [s.context.action, s.context.comment === GOOD],
});

const coverage = coverageOf(approvalMachine);

type Screen = {
  open: boolean;
  busy: boolean;
  failed: boolean;
  name: string | null;
  action: ApprovalAction | null;
  asksComment: boolean;
  comment: string;
  commentError: string | null;
  error: string | null;
};

const closed: Screen = {
  open: false,
  busy: false,
  failed: false,
  name: null,
  action: null,
  asksComment: false,
  comment: '',
  commentError: null,
  error: null,
};

/** The rule written out again, independently of the machine: 3 to 500 characters once trimmed. */
function expectedProblem(comment: string): string | null {
  const length = comment.trim().length;
  if (length === 0) return 'This field is required.';
  if (length < 3) return 'Use at least 3 characters.';
  return null;
}

/** The dialog and the emitted events after each event, as a table of SPEC behaviour. */
function expectedAfter(screen: Screen, event: ApprovalEvent): [Screen, ApprovalEmitted[]] {
  const item = screen.name === LESSON.name ? LESSON : TEACHER;
  if (event === decided || event === decidedQuietly) {
    const fallback = `${item.name} ${screen.action === 'approve' ? 'approved' : 'declined'}`;
    return [
      // Done: the dialog closes but remembers what was decided until the next start or close.
      { ...closed, name: screen.name, action: screen.action, comment: screen.comment },
      [
        { type: 'decided', item, action: screen.action ?? 'approve' },
        { type: 'notify', color: 'success', message: event === decided ? SERVER_SAYS : fallback },
      ],
    ];
  }
  if (event === conflict) return [{ ...screen, busy: false, failed: true, error: NOT_PENDING }, []];
  if (event === lost)
    return [
      { ...screen, busy: false, failed: true, error: 'Something went wrong, please try again later.' },
      [],
    ];
  if (event === refusedComment) return [{ ...screen, busy: false, commentError: TOO_SHORT_SERVER }, []];
  switch (event.type) {
    case 'approval.start': {
      const asks = event.action !== 'approve';
      return [{ ...closed, open: true, name: event.item.name, action: event.action, asksComment: asks }, []];
    }
    case 'comment.change':
      return [{ ...screen, comment: event.value, commentError: null }, []];
    case 'approval.confirm': {
      const problem = screen.asksComment ? expectedProblem(screen.comment) : null;
      if (problem) return [{ ...screen, commentError: problem }, []];
      return [{ ...screen, busy: true, commentError: null }, []];
    }
    case 'approval.retry':
      return [{ ...screen, busy: true, failed: false, error: null }, []];
    case 'approval.cancel':
    case 'approval.close':
      return [closed, []];
    default:
      return [screen, []];
  }
}

function replay(path: ModelPath<typeof logic>, machine = approvalMachine) {
  return replayScreens(createActor(pending(machine), { inspect: coverage.inspect }), path, {
    start: closed,
    after: expectedAfter,
    check: (seen, screen) => {
      const dialog = selectApprovalDialog(seen);
      expect({
        open: dialog.open,
        busy: dialog.busy,
        failed: dialog.failed,
        name: dialog.item?.name ?? null,
        action: dialog.action,
        asksComment: dialog.asksComment,
        comment: dialog.comment,
        commentError: dialog.commentError,
        error: dialog.error,
      }).toEqual(screen);
    },
  });
}

describe('approval machine (model-based)', () => {
  pathTests(coverage, model, 'shows the dialog and the notices the path leads to', (path) =>
    replay(path).stop(),
  );
});

describe('approval machine (behaviour)', () => {
  it('sends the trimmed comment of a decline once, however often confirm is clicked', async () => {
    const decide = vi.fn(async () => ({ message: 'Teacher declined' }));
    const actor = createActor(approvalMachine.provide({ actors: { decide: fromPromise(decide) } })).start();
    actor.send(declineTeacher);
    actor.send(typeGood);
    actor.send(confirm);
    actor.send(confirm);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(decide).toHaveBeenCalledTimes(1);
    expect(decide.mock.calls[0]).toEqual([
      expect.objectContaining({
        input: { id: 4, action: 'decline', comment: 'The time clashes with the exams.' },
      }),
    ]);
    expect(actor.getSnapshot().value).toBe('done');
  });

  it('sends no comment with an approval', async () => {
    const decide = vi.fn(async () => ({ message: '' }));
    const actor = createActor(approvalMachine.provide({ actors: { decide: fromPromise(decide) } })).start();
    actor.send(approveLesson);
    actor.send(typeGood);
    actor.send(confirm);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(decide.mock.calls[0]).toEqual([
      expect.objectContaining({ input: { id: 11, action: 'approve', comment: '' } }),
    ]);
  });

  it('words the comment rule with the shared limits', () => {
    expect(commentProblem('   ')).toBe('This field is required.');
    expect(commentProblem('ab')).toBe(`Use at least ${REMARK_MIN} characters.`);
    expect(commentProblem('a'.repeat(REMARK_MIN))).toBeNull();
    expect(commentProblem('a'.repeat(REMARK_MAX))).toBeNull();
    expect(commentProblem('a'.repeat(REMARK_MAX + 1))).toBe(`Use at most ${REMARK_MAX} characters.`);
  });

  // Last: measured over every replay above.
  mutationTests(coverage, {
    paths: () => [...model.shortest, ...model.simple],
    replay: (path, mutant) => replay(path, mutant as typeof approvalMachine).stop(),
  });
});

describe('approval on an admin screen (src/machines/screens/admin-screens.ts)', () => {
  /** The screen's approval logic with a decision that succeeds, beside (or without) a review list. */
  function screenWith(withList: boolean) {
    const received: string[] = [];
    const list = fromCallback<EventObject>(({ receive }) => receive((event) => received.push(event.type)));
    const approval = lessonApproval.provide({
      actors: {
        decide: fromPromise<DecideOutput, DecideInput>(async () => ({ message: 'Lesson approved' })),
      },
    });
    const system = createActor(
      setup({ actors: { list, approval } }).createMachine({
        invoke: [
          ...(withList ? [{ src: 'list' as const, systemId: REVIEW_LIST }] : []),
          { src: 'approval' as const, id: 'approval' },
        ],
      }),
    ).start();
    const actor = system.getSnapshot().children.approval as ActorRefFrom<typeof approvalMachine>;
    return { system, actor, received };
  }

  it('reloads the review list on show after a decision', async () => {
    const { system, actor, received } = screenWith(true);
    actor.send(approveLesson);
    expect(received).toEqual([]);
    actor.send(confirm);
    await waitFor(actor, (s) => s.matches('done'));
    expect(received).toEqual(['load.refresh']);
    system.stop();
  });

  it('decides all the same when no list is on show', async () => {
    const { system, actor } = screenWith(false);
    actor.send(approveLesson);
    actor.send(confirm);
    expect((await waitFor(actor, (s) => s.matches('done'))).value).toBe('done');
    system.stop();
  });
});
