// The signed-in user survives a reload in localStorage (SPEC §4).
import type { User } from './schemas/user';

export const USER_STORAGE_KEY = 'somesha.user';

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    // Some browsers throw on access when storage is disabled.
    return null;
  }
}

/** The stored user, or null when none is stored or the value is unreadable. */
export function loadStoredUser(): User | null {
  const raw = storage()?.getItem(USER_STORAGE_KEY);
  if (!raw) return null;
  try {
    const value: unknown = JSON.parse(raw);
    if (
      value &&
      typeof value === 'object' &&
      typeof (value as { id?: unknown }).id === 'number' &&
      Array.isArray((value as { roles?: unknown }).roles)
    ) {
      return value as User;
    }
  } catch {
    // Corrupt JSON: treat as signed out.
  }
  return null;
}

export function storeUser(user: User): void {
  try {
    storage()?.setItem(USER_STORAGE_KEY, JSON.stringify(user));
  } catch {
    // Quota or privacy mode: the session still works, it just will not survive a reload.
  }
}

export function clearStoredUser(): void {
  storage()?.removeItem(USER_STORAGE_KEY);
}
