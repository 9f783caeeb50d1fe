import type { SnapshotFrom } from 'xstate';
import type { sessionMachine } from '@/machines/session-machine';

// Narrow selectors over the session machine, so pages re-render only for what they show and the
// machine's state names are read in one place.
type SessionSnapshot = SnapshotFrom<typeof sessionMachine>;

export const selectUser = (s: SessionSnapshot) => s.context.user;
export const selectFormError = (s: SessionSnapshot) => s.context.formError;
export const selectFieldErrors = (s: SessionSnapshot) => s.context.fieldErrors;
export const selectNotice = (s: SessionSnapshot) => s.context.notice;
export const selectAllowedPath = (s: SessionSnapshot) => s.context.allowedPath;
export const selectSigningIn = (s: SessionSnapshot) => s.matches({ signedOut: 'signingIn' });
export const selectSigningUp = (s: SessionSnapshot) => s.matches({ signedOut: 'signingUp' });
export const selectSendingReset = (s: SessionSnapshot) => s.matches({ signedOut: 'sendingReset' });
export const selectResettingPassword = (s: SessionSnapshot) => s.matches({ signedOut: 'resettingPassword' });
export const selectSignedIn = (s: SessionSnapshot) => s.matches('signedIn');

/** A field's messages as one text, for Mantine's `error` prop (which links it to the input). */
export function fieldError(errors: Record<string, string[]> | null | undefined, field: string): string | null {
  const list = errors?.[field];
  return list && list.length > 0 ? list.join(' ') : null;
}
