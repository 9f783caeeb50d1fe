// Users and answers the session tests feed to the machine, decoded as the services would.
import { ApiError } from '@/services/http';
import { decodeUser, type User } from '@/services/schemas/user';
import { t } from '@/shared/messages';

export const completeStudent: User = decodeUser({
  id: 1,
  username: 'wanjiku',
  first_name: 'Wanjiku',
  last_name: 'Kamau',
  email: 'student@example.com',
  roles: [{ id: 1, name: 'student' }],
  student: { id: 11, profile_completed: true },
});

export const newTeacher: User = decodeUser({
  id: 2,
  username: 'otieno',
  first_name: 'Brian',
  last_name: 'Otieno',
  email: 'newteacher@example.com',
  roles: [{ id: 2, name: 'teacher' }],
  teacher: { id: 21, status: 'new' },
});

export const admin: User = decodeUser({
  id: 3,
  username: 'admin',
  first_name: 'Amina',
  last_name: 'Admin',
  email: 'admin@example.com',
  roles: [{ id: 3, name: 'admin' }],
});

export const invalidCredentials = new ApiError({ status: 422, message: t('auth.invalidCredentials') });
export const emailRefused = new ApiError({
  status: 422,
  message: t('validation.email'),
  fieldErrors: { email: [t('validation.email')] },
});
export const resetLinkInvalid = new ApiError({
  status: 422,
  message: t('auth.resetLinkInvalid'),
  fieldErrors: { email: [t('auth.resetLinkInvalid')] },
});
export const tooManyAttempts = new ApiError({
  status: 429,
  message: t('auth.tooManyAttempts', { seconds: 60 }),
});
export const unauthenticated = new ApiError({ status: 401, message: t('auth.unauthenticated') });
export const offline = new ApiError({ status: 0, message: t('messages.general') });
