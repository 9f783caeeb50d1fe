import { describe, expect, it } from 'vitest';
import { DecodeError } from '@/services/schemas/common';
import { decodeNotification } from '@/services/schemas/notification';
import { decodeProfileOptions } from '@/services/schemas/profile-options';
import { decodeUser } from '@/services/schemas/user';
import { decodeWallet } from '@/services/schemas/wallet';

const wireUser = {
  id: 7,
  username: 'wanjiku',
  first_name: 'Wanjiku',
  last_name: 'Kamau',
  email: 'student@example.com',
  phone: '254712345678',
  status: 'active',
  gender: 'female',
  dob: '2009-03-14',
  photo: 'photos/7.jpg',
  display_photo_url: 'https://cdn.example.com/photos/7.jpg',
  roles: [
    { id: 4, name: 'admin' },
    { id: 1, name: 'student' },
    { id: 3, name: 'parent' },
  ],
  student: {
    id: 11,
    student_no: 'STD-0011',
    school_name: 'Alliance Girls High School',
    study_mode: 'boarding',
    curriculum_id: 1,
    edu_level_id: 2,
    grade_level_id: 9,
    profile_completed: true,
    curriculum: { id: 1, name: 'Competency Based Curriculum', acronym: 'CBC', slug: 'cbc' },
    grade_level: { id: 9, name: 'Grade 9', slug: 'grade-9' },
  },
  wallet: { id: 3, account_no: 'SMW-0007', user_id: 7, balance: '1500.00', currency: 'KES', has_pin: true },
};

describe('decodeUser', () => {
  it('returns camelCase fields, photoUrl and the first main role', () => {
    const user = decodeUser(wireUser);
    expect(user).toMatchObject({
      id: 7,
      firstName: 'Wanjiku',
      lastName: 'Kamau',
      photoUrl: 'https://cdn.example.com/photos/7.jpg',
      mainRole: 'student',
      dob: '2009-03-14',
      student: {
        studentNo: 'STD-0011',
        schoolName: 'Alliance Girls High School',
        profileCompleted: true,
        gradeLevel: { name: 'Grade 9' },
        eduLevel: null,
      },
      wallet: { accountNo: 'SMW-0007', balance: '1500.00', hasPIN: true, withdrawalNo: null },
    });
    expect(user).not.toHaveProperty('displayPhotoUrl');
  });

  it('decodes a nested wallet whose withdrawable amount and fee are null, as the server sends it inside the user', () => {
    const user = decodeUser({
      ...wireUser,
      wallet: {
        ...wireUser.wallet,
        withdrawal_no: '•••••••149',
        withdrawal_provider: 'mpesa',
        withdrawal_no_usable_at: null,
        withdrawable: null,
        withdrawal_fee: null,
      },
    });
    expect(user.wallet).toMatchObject({
      withdrawalNo: '•••••••149',
      withdrawable: null,
      withdrawalFee: null,
    });
  });

  it('reads missing keys as null', () => {
    const user = decodeUser({ id: 8, roles: [] });
    expect(user).toMatchObject({
      username: null,
      firstName: null,
      email: null,
      phone: null,
      gender: null,
      dob: null,
      photoUrl: null,
      mainRole: null,
      teacher: null,
      student: null,
      parent: null,
      wallet: null,
      answersCount: null,
    });
  });

  it('reads dob as YYYY-MM-DD even from an instant, and nonsense as null', () => {
    expect(decodeUser({ id: 1, roles: [], dob: '2010-05-04T00:00:00.000000Z' }).dob).toBe('2010-05-04');
    expect(decodeUser({ id: 1, roles: [], dob: 'yesterday' }).dob).toBeNull();
  });

  it('has no main role for an admin only', () => {
    expect(decodeUser({ id: 1, roles: [{ id: 4, name: 'admin' }] }).mainRole).toBeNull();
    expect(decodeUser({ id: 1, roles: [{ id: 2, name: 'teacher' }] }).mainRole).toBe('teacher');
  });

  it('reads an unknown teacher status as null instead of failing', () => {
    const user = decodeUser({
      id: 1,
      roles: [{ id: 2, name: 'teacher' }],
      teacher: { id: 5, status: 'suspended' },
    });
    expect(user.teacher).toMatchObject({ status: null, subjects: [], hasIdNumber: false });
  });

  it('rejects an answer without an id', () => {
    expect(() => decodeUser({ first_name: 'No id' })).toThrow(DecodeError);
  });
});

describe('other schemas', () => {
  it('keeps wallet money a two-decimal string', () => {
    expect(decodeWallet({ id: 1, balance: 250 }).balance).toBe('250.00');
    expect(decodeWallet({ id: 1 })).toMatchObject({
      balance: '0.00',
      currency: 'KES',
      hasPIN: false,
      accountNo: null,
    });
  });

  it('converts notification dates', () => {
    const notification = decodeNotification({
      id: 'b1d9',
      type: 'lesson.approved',
      data: { lesson_code: 'LSN-1' },
      read_at: null,
      created_at: '2026-11-21T09:30:00+03:00',
    });
    expect(notification.createdAt).toEqual(new Date('2026-11-21T06:30:00Z'));
    expect(notification.readAt).toBeNull();
    expect(notification.updatedAt).toBeNull();
    expect(notification.data).toEqual({ lessonCode: 'LSN-1' });
  });

  it('decodes the profile choices with nested levels', () => {
    const options = decodeProfileOptions({
      curricula: [
        {
          id: 1,
          name: 'CBC',
          edu_levels: [{ id: 2, name: 'Junior School', grade_levels: [{ id: 9, name: 'Grade 9' }] }],
        },
      ],
      study_modes: ['boarding', 'day_scholar'],
    });
    expect(options.curricula[0]?.eduLevels[0]?.gradeLevels[0]).toEqual({
      id: 9,
      name: 'Grade 9',
      slug: null,
    });
    expect(options.genders).toEqual([]);
  });
});
