// The admin decoders against the wire shapes of docs/teaching-admin.md as the API sends them.
import { describe, expect, it } from 'vitest';
import {
  decodeAdminClass,
  decodeAdminLesson,
  decodeAdminTeacher,
  decodeCatalogueRow,
  decodeReviewTransaction,
  decodeUserSummary,
  lessonTypeName,
  userSummaryName,
} from '@/services/schemas/admin';

describe('admin decoders', () => {
  it('reads an AdminTeacher with its identity numbers and user', () => {
    const teacher = decodeAdminTeacher({
      id: '41',
      status: 'pending',
      remark: null,
      current_workplace: 'Alliance',
      qualification_level: 'Degree',
      curriculum: { id: 1, name: 'CBC' },
      edu_level: null,
      subjects: [{ id: 1, name: 'Mathematics' }],
      id_number: '24145678',
      tsc_number: 'TSC-4100',
      submitted_at: '2026-11-20T07:30:00.000Z',
      user: { id: 541, name: 'Baraka Mwangi', email: 'b@example.com', phone: null, photo: null },
    });
    expect(teacher).toMatchObject({
      id: 41,
      status: 'pending',
      currentWorkplace: 'Alliance',
      eduLevel: null,
      idNumber: '24145678',
      tscNumber: 'TSC-4100',
      reviewedAt: null,
      user: { name: 'Baraka Mwangi', email: 'b@example.com' },
    });
  });

  it("reads a lesson's type whether it is an object (TeacherLesson) or a name", () => {
    const wire = {
      id: 11,
      status: 'pending',
      price: 1500,
      topic: { id: 1, name: 'Fractions' },
      teacher: { id: 3, name: 'Grace' },
    };
    const asObject = decodeAdminLesson({
      ...wire,
      type: { name: 'Public', color: '#1E88E5', value: 'public' },
    });
    expect(lessonTypeName(asObject.type)).toBe('Public');
    expect(asObject.price).toBe('1500.00');
    expect(lessonTypeName(decodeAdminLesson({ ...wire, type: 'group' }).type)).toBe('group');
    expect(decodeAdminLesson({ ...wire, status: 'archived' }).status).toBeNull();
  });

  it('reads an AdminClass with its comment', () => {
    expect(
      decodeAdminClass({
        id: 7,
        title: 'Form 3 Chemistry',
        status: 'rejected',
        rejection_comment: 'Overlaps.',
      }),
    ).toMatchObject({
      id: 7,
      status: 'rejected',
      rejectionComment: 'Overlaps.',
      teacher: null,
    });
  });

  it('keeps the gateway references of a payment needing review', () => {
    const payment = decodeReviewTransaction({
      id: 501,
      amount: '1500.00',
      status: 'needs_review',
      gateway: 'mpesa',
      gateway_receipt: 'RKT501',
      paybill_account: 'ACC501',
      claimed_amount: '1500.00',
      confirmed_amount: '1000.00',
      review_reason: 'M-Pesa confirmed another amount than the confirmation claimed.',
      meta: { result_desc: 'Differs' },
      user: { id: 1, email: 's@example.com', first_name: 'Amani', last_name: 'Otieno' },
    });
    expect(payment).toMatchObject({
      gatewayReceipt: 'RKT501',
      paybillAccount: 'ACC501',
      claimedAmount: '1500.00',
      confirmedAmount: '1000.00',
      reviewReason: 'M-Pesa confirmed another amount than the confirmation claimed.',
      meta: { resultDesc: 'Differs' },
      user: { firstName: 'Amani' },
    });
  });

  it('reads a UserSummary and names it', () => {
    const user = decodeUserSummary({
      id: 3,
      username: 'grace',
      first_name: 'Grace',
      last_name: 'Mwangi',
      roles: [{ id: 30, name: 'teacher' }],
      created_at: '2026-01-15T08:00:00.000Z',
    });
    expect(user.roles).toEqual([{ id: 30, name: 'teacher' }]);
    expect(userSummaryName(user)).toBe('Grace Mwangi');
    expect(userSummaryName({ firstName: null, lastName: null, username: 'grace' })).toBe('grace');
  });

  it('reads catalogue rows of every kind with their parents', () => {
    expect(
      decodeCatalogueRow({ id: 12, name: 'Junior School', curriculum: { id: 1, name: 'CBC', slug: 'cbc' } })
        .curriculum,
    ).toMatchObject({ id: 1, name: 'CBC' });
    const grade = decodeCatalogueRow({
      id: 121,
      name: 'Grade 7',
      edu_level: { id: 12, name: 'Junior', curriculum: { id: 1, name: 'CBC' } },
    });
    expect(grade.eduLevel).toMatchObject({ id: 12, name: 'Junior', curriculum: { id: 1, name: 'CBC' } });
    const topic = decodeCatalogueRow({
      id: 31,
      name: 'Fractions',
      subject_id: 1,
      subject: { id: 1, name: 'Mathematics' },
      grade_level: null,
    });
    expect(topic).toMatchObject({ subjectId: 1, gradeLevel: null, acronym: null, color: null });
  });
});
