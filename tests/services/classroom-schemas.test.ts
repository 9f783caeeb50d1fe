// The decoders of issue 22's fields (docs/classroom.md): an admin's report with its attendance, an
// earning's state and a booking's `attended`, read from the snake_case wire; an unknown value reads
// as null instead of failing the whole answer.
import { describe, expect, it } from 'vitest';
import { decodeLessonReport } from '@/services/schemas/classroom';
import { decodeBooking } from '@/services/schemas/learner';
import { decodeEarning } from '@/services/schemas/teaching';
import { decodeTeacherLessonDetail } from '@/services/schemas/teaching-materials';

describe('classroom decoders', () => {
  it('read a report with its lesson, people and attendance', () => {
    const report = decodeLessonReport({
      id: '4',
      status: 'open',
      reason: 'cut_short',
      text: null,
      lesson: { id: 9, code: 'LSN-9', topic: 'Fractions', start_at: 'a', end_at: 'b' },
      teacher: { id: 3, name: 'Grace Mwangi' },
      reporter: { id: 31, name: 'Wanjiku Kamau' },
      learners: [{ id: 301, name: 'Amina Kamau' }],
      attendance: [{ user_id: 301, name: 'Amina Kamau', role: 'learner', first_joined_at: 'c' }],
    });
    expect(report).toMatchObject({
      id: 4,
      status: 'open',
      reason: 'cut_short',
      lesson: { code: 'LSN-9', startAt: 'a', endAt: 'b' },
      attendance: [{ userId: 301, role: 'learner', firstJoinedAt: 'c' }],
      remark: null,
      decidedAt: null,
    });
    expect(decodeLessonReport({ id: 5, status: 'lost', reason: 'rain', lesson: { id: 1 } })).toMatchObject({
      status: null,
      reason: null,
      attendance: null,
      learners: null,
    });
  });

  it("read an earning's state, a booking's attendance and a lesson's attendance record", () => {
    const earning = { lesson: { id: 1, code: 'L' }, learners: 1 };
    expect(decodeEarning({ ...earning, state: 'held', held_until: 'x' })).toMatchObject({
      state: 'held',
      heldUntil: 'x',
    });
    expect(decodeEarning({ ...earning, state: 'later' }).state).toBeNull();
    const booking = { id: 1, code: 'L', booking: { id: 2, student_id: 3 } };
    expect(decodeBooking({ ...booking, attended: false }).attended).toBe(false);
    expect(decodeBooking(booking).attended).toBeNull();
    expect(decodeTeacherLessonDetail({ id: 1, code: 'L', status: 'approved' }).attendance).toEqual([]);
  });
});
