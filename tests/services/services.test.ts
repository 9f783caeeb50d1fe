import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import * as auth from '@/services/auth-service';
import * as profile from '@/services/profile-service';
import { fetchNotifications } from '@/services/notification-service';
import { clearStoredUser, loadStoredUser, storeUser, USER_STORAGE_KEY } from '@/services/session-store';
import { t } from '@/shared/messages';
import { sanctumApi, wireStudent } from './fake-api';

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

describe('auth service', () => {
  it('signs in as CSRF cookie → login → current user, decoded', async () => {
    const calls: string[] = [];
    document.cookie = 'XSRF-TOKEN=tok%3D1; path=/';
    server.use(...sanctumApi(calls));
    const user = await auth.signIn({ email: 'student@example.com', password: 'Passw0rd!', remember: false });
    expect(calls).toEqual(['csrf', 'login tok=1', 'user']);
    expect(user).toMatchObject({ id: 1, firstName: 'Wanjiku', mainRole: 'student' });
  });

  it('returns the server message of register, forgot and reset', async () => {
    server.use(
      http.post('*/api/register', () =>
        HttpResponse.json({ message: t('auth.signUpReceived') }, { status: 201 }),
      ),
      http.post('*/api/forgot-password', () => HttpResponse.json({ message: t('auth.resetEmailSent') })),
      http.post('*/api/reset-password', async ({ request }) => {
        expect(await request.json()).toEqual({
          token: 'x',
          email: 'a@b.co',
          password: 'P',
          password_confirmation: 'P',
        });
        return HttpResponse.json({ message: t('auth.passwordResetDone') });
      }),
    );
    await expect(
      auth.register({
        firstName: 'A',
        lastName: 'B',
        username: 'ab',
        email: 'a@b.co',
        phone: '0712345678',
        password: 'P',
        passwordConfirmation: 'P',
        role: 'student',
        terms: true,
      }),
    ).resolves.toEqual({ message: t('auth.signUpReceived') });
    await expect(auth.forgotPassword('a@b.co')).resolves.toEqual({ message: t('auth.resetEmailSent') });
    await expect(
      auth.resetPassword({ token: 'x', email: 'a@b.co', password: 'P', passwordConfirmation: 'P' }),
    ).resolves.toEqual({
      message: t('auth.passwordResetDone'),
    });
  });

  it('returns the updated user of updateuserinfo', async () => {
    server.use(
      http.post('*/api/updateuserinfo', async ({ request }) => {
        expect(await request.json()).toEqual({ first_name: 'Njeri' });
        return HttpResponse.json({
          message: 'Profile updated',
          data: { ...wireStudent, first_name: 'Njeri' },
        });
      }),
    );
    const answer = await auth.updateUserInfo({ firstName: 'Njeri' });
    expect(answer.message).toBe('Profile updated');
    expect(answer.user.firstName).toBe('Njeri');
  });
});

describe('profile and notification services', () => {
  it('sends snake_case bodies and decodes the user or the child', async () => {
    server.use(
      http.post('*/api/teacher/update', async ({ request }) => {
        expect(await request.json()).toMatchObject({
          current_workplace: 'Starehe',
          subject_ids: [1, 2],
          tsc_number: '123',
        });
        return HttpResponse.json({
          message: 'Profile updated',
          data: {
            id: 2,
            roles: [{ id: 2, name: 'teacher' }],
            teacher: { id: 5, status: 'new', current_workplace: 'Starehe' },
          },
        });
      }),
      http.post('*/api/parent/child/add', async ({ request }) => {
        expect(await request.json()).toMatchObject({
          first_name: 'Baraka',
          grade_level_id: 4,
          study_mode: 'day_scholar',
        });
        return HttpResponse.json(
          {
            message: 'Child created',
            data: { id: 30, profile_completed: true, user: { id: 31, first_name: 'Baraka' } },
          },
          { status: 201 },
        );
      }),
      http.get('*/api/parent/child/data', () =>
        HttpResponse.json({ data: [{ id: 30, user: { id: 31, first_name: 'Baraka' } }] }),
      ),
      http.get('*/api/notifications', () =>
        HttpResponse.json({
          data: [{ id: 'n1', type: 'lesson.approved', data: {}, created_at: '2026-11-21T10:00:00Z' }],
        }),
      ),
    );
    const teacher = await profile.updateTeacherProfile({
      biography: 'Maths teacher',
      currentWorkplace: 'Starehe',
      qualificationLevel: 'Degree',
      curriculumId: 1,
      eduLevelId: 2,
      subjectIds: [1, 2],
      idNumber: '12345678',
      tscNumber: '123',
    });
    expect(teacher.user.teacher).toMatchObject({ status: 'new', currentWorkplace: 'Starehe' });

    const added = await profile.addChild({
      firstName: 'Baraka',
      lastName: 'Mwangi',
      gender: 'male',
      dob: '2015-02-01',
      schoolName: 'Moi Avenue Primary',
      studyMode: 'day_scholar',
      curriculumId: 1,
      eduLevelId: 1,
      gradeLevelId: 4,
    });
    expect(added).toMatchObject({
      message: 'Child created',
      child: { id: 30, profileCompleted: true, user: { firstName: 'Baraka' } },
    });
    expect((await profile.fetchChildren())[0]?.user?.firstName).toBe('Baraka');
    expect((await fetchNotifications())[0]?.createdAt).toEqual(new Date('2026-11-21T10:00:00Z'));
  });
});

describe('session store', () => {
  it('stores, loads and clears the user; a corrupt value reads as null', () => {
    expect(loadStoredUser()).toBeNull();
    const user = { id: 1, roles: [], mainRole: null } as never;
    storeUser(user);
    expect(loadStoredUser()).toEqual(user);
    clearStoredUser();
    expect(loadStoredUser()).toBeNull();
    localStorage.setItem(USER_STORAGE_KEY, '{not json');
    expect(loadStoredUser()).toBeNull();
    localStorage.setItem(USER_STORAGE_KEY, '"just a string"');
    expect(loadStoredUser()).toBeNull();
  });
});
