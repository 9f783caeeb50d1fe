// The teacher-status rule of profile completion (src/shared/profile-validation.ts) is written once:
// the route guard forces a teacher to the completion screen, the teacher screen offers "Submit for
// approval" and the API's submit moves the profile to pending for the same statuses.
import { describe, expect, it } from 'vitest';
import { isProfileIncomplete } from '@/machines/route-guard';
import { decodeUser } from '@/services/schemas/user';
import { TEACHER_STATUSES, teacherStanding, type TeacherStatus } from '@/shared/profile-validation';

const teacher = (status: TeacherStatus | null) =>
  decodeUser({ id: 1, roles: [{ id: 1, name: 'teacher' }], teacher: { id: 1, status } });

describe('teacher standing', () => {
  it.each([
    ['new', 'open'],
    ['declined', 'open'],
    ['pending', 'waiting'],
    ['approved', 'approved'],
  ] as const)('a %s teacher’s profile is %s', (status, standing) => {
    expect(teacherStanding(status)).toBe(standing);
  });

  it('counts a teacher with no status yet as one who has not submitted', () => {
    expect(teacherStanding(null)).toBe('open');
    expect(teacherStanding(undefined)).toBe('open');
  });

  it('forces completion exactly for an open profile (SPEC §4: new or declined)', () => {
    const forced = [...TEACHER_STATUSES, null].filter((status) => isProfileIncomplete(teacher(status)));
    expect(forced).toEqual(['new', 'declined', null]);
  });
});
