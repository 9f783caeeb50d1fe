// What a screen's own actor (a list, a form, the join button, the timetable…) may ask of the rest of
// the app: show a notice, hand the session a changed user, send the router somewhere. A screen
// machine names these three actions `notify`, `userUpdated` and `navigate`; on its own (in its unit
// and model tests) they `emit`, so a test can watch them. When a screen opens, the app machine spawns
// its actor as its own child (src/machines/app-machine.ts, `screen.open`) with `asScreen(logic)`,
// which provides the three once, as events to the app machine: the app routes them to the snackbar,
// the session and the router in transitions Stately draws.
import { sendParent, type AnyActorLogic, type AnyStateMachine } from 'xstate';
import type { User } from '@/services/schemas/user';
import type { NotifyColor } from './session-machine';

export type ScreenNotify = { color: NotifyColor; message: string };
export type ScreenNavigate = { to: string; replace?: boolean };

/** The events a screen actor sends the app machine (its parent). */
export type ScreenEvent =
  | ({ type: 'screen.notify' } & ScreenNotify)
  | { type: 'screen.userUpdated'; user: User }
  | { type: 'screen.navigate'; to: string; replace: boolean };

/** The shared effects, as the actions a screen machine names. */
export const screenEffects = {
  notify: sendParent((_, params: ScreenNotify) => ({
    type: 'screen.notify' as const,
    color: params.color,
    message: params.message,
  })),
  userUpdated: sendParent((_, params: { user: User }) => ({
    type: 'screen.userUpdated' as const,
    user: params.user,
  })),
  navigate: sendParent((_, params: ScreenNavigate) => ({
    type: 'screen.navigate' as const,
    to: params.to,
    replace: params.replace ?? false,
  })),
};

/** A screen's logic with the shared effects provided (a machine; other logic has no actions to provide). */
export function asScreen<T extends AnyActorLogic>(logic: T): T {
  const machine = logic as unknown as Partial<AnyStateMachine>;
  if (typeof machine.provide !== 'function') return logic;
  return machine.provide({ actions: screenEffects }) as unknown as T;
}
