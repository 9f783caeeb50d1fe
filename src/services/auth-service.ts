// Auth calls of CONTRACT.md / docs/api.md, one function each; every answer is decoded.
import { initialDecoded, request } from './http';
import { dataOf, messageOf } from './envelope';
import { decodeUser, type User } from './schemas/user';
import { t } from '@/shared/messages';
import type { SignUpValues } from '@/shared/validation';

export type Credentials = { email: string; password: string; remember: boolean };
export type PasswordResetValues = {
  token: string;
  email: string;
  password: string;
  passwordConfirmation: string;
};
export type PasswordChangeValues = {
  currentPassword: string;
  password: string;
  passwordConfirmation: string;
};
export type UserInfoValues = Partial<{
  firstName: string;
  lastName: string;
  username: string;
  email: string;
  phone: string;
  gender: string;
  dob: string;
}>;
/** A successful action: the server's text, and the updated user when it sends one. */
export type UserAnswer = { message: string; user: User };

/** Sets the session and XSRF-TOKEN cookies; must precede the first write of a session. */
export async function fetchCsrfCookie(): Promise<void> {
  await request('/sanctum/csrf-cookie');
}

export async function login(credentials: Credentials): Promise<void> {
  await request('/api/login', { method: 'POST', body: credentials });
}

export async function register(values: SignUpValues): Promise<{ message: string }> {
  const answer = await request('/api/register', { method: 'POST', body: values });
  return { message: messageOf(answer, t('auth.signUpReceived')) };
}

export async function verifyEmail(token: string): Promise<{ message: string }> {
  const answer = await request(`/api/email/verify/${encodeURIComponent(token)}`);
  return { message: messageOf(answer, t('auth.activated')) };
}

export async function forgotPassword(email: string): Promise<{ message: string }> {
  const answer = await request('/api/forgot-password', { method: 'POST', body: { email } });
  return { message: messageOf(answer, t('auth.resetEmailSent')) };
}

export async function resetPassword(values: PasswordResetValues): Promise<{ message: string }> {
  const answer = await request('/api/reset-password', { method: 'POST', body: values });
  return { message: messageOf(answer, t('auth.passwordResetDone')) };
}

export async function logout(): Promise<void> {
  await request('/api/logout', { method: 'POST' });
}

export async function fetchCurrentUser(): Promise<User> {
  return decodeUser(dataOf(await request('/api/user')));
}

/**
 * The signed-in user a protected page's HTML carries (server/spa.ts, signedin issue 27), or null: a
 * visitor's page, or an answer that does not decode (the session then restores as before).
 */
export function initialUser(): User | null {
  return initialDecoded('/api/user', undefined, (answer) => decodeUser(dataOf(answer))) ?? null;
}

/** CSRF cookie → login → current user (SPEC §7). */
export async function signIn(credentials: Credentials): Promise<User> {
  await fetchCsrfCookie();
  await login(credentials);
  return fetchCurrentUser();
}

export async function updateUserInfo(values: UserInfoValues): Promise<UserAnswer> {
  const answer = await request('/api/updateuserinfo', { method: 'POST', body: values });
  return { message: messageOf(answer, t('profile.updated')), user: decodeUser(dataOf(answer)) };
}

export async function changePassword(values: PasswordChangeValues): Promise<{ message: string }> {
  const answer = await request('/api/user/password', { method: 'POST', body: values });
  return { message: messageOf(answer, t('auth.passwordChanged')) };
}
