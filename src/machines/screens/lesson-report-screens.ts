// Issue 22's teacher and learner forms other than Join (docs/classroom.md): the teacher's own meeting
// link and a learner's report of a lesson, each service bound here once; the views spawn them with
// `useForm`. The admin's reports are bound in admin-screens.ts.
import { reportLesson, saveMeetingLink, type MeetingLinkOwner } from '@/services/lesson-report-service';
import type { ReportReason } from '@/shared/classroom';
import { formSubmitter } from '../form-machine';
import { alsoAfterSave } from './after-save';
import { TEACHER_CLASS, TEACHER_LESSON } from './lessons-screens';

/** The teacher's lesson (or class) page loads it again: its link, and where the lesson is held. */
const refreshTeacherLesson = () => [
  { to: TEACHER_LESSON, event: { type: 'load.refresh' } },
  { to: TEACHER_CLASS, event: { type: 'load.refresh' } },
];

export type MeetingLinkValues = { owner: MeetingLinkOwner; id: number; link: string };

/** Save a teacher's own meeting link for a lesson or a class (checked with `meetingLinkError`). */
export const meetingLinkForm = alsoAfterSave(
  formSubmitter<MeetingLinkValues, { message: string }>(({ owner, id, link }) =>
    saveMeetingLink(owner, id, link.trim()),
  ),
  refreshTeacherLesson,
);

/** Remove it: the lesson (or the class's lessons) go back to the app's own room. */
export const meetingLinkRemoval = alsoAfterSave(
  formSubmitter<{ owner: MeetingLinkOwner; id: number }, { message: string }>(({ owner, id }) =>
    saveMeetingLink(owner, id, null),
  ),
  refreshTeacherLesson,
);

export type LessonReportValues = { lessonId: number; reason: ReportReason | ''; text: string };

/**
 * A booked learner's (or parent's) report of a lesson that went wrong. The dialog says itself that the
 * report was received, so the answer carries no message to announce again.
 */
export const lessonReportForm = formSubmitter<LessonReportValues, { received: true }>(
  async ({ lessonId, reason, text }) => {
    await reportLesson(lessonId, reason as ReportReason, text);
    return { received: true };
  },
);
