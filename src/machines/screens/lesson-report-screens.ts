// Issue 22's screens other than Join and the classroom page (docs/classroom.md): the teacher's own
// meeting link, a learner's report of a lesson, and the admin's reports with their decision. Each
// form's service is bound here once; the views spawn them with `useForm` / `useLoader`.
import { enqueueActions } from 'xstate';
import {
  fetchReports,
  reportLesson,
  resolveReport,
  saveMeetingLink,
  type MeetingLinkOwner,
  type ReportDecided,
} from '@/services/lesson-report-service';
import type { LessonReport } from '@/services/schemas/classroom';
import type { ReportDecision, ReportReason } from '@/shared/classroom';
import { formSubmitter, type FormLogic, type FormValues } from '../form-machine';
import { listLoader } from '../load-machine';
import { TEACHER_LESSON } from './lessons-screens';
import { TEACHER_CLASS } from './teaching-screens';

/** After a save the form announces its answer as always, then tells the actors `also` names (by systemId). */
function alsoAfterSave<V extends FormValues, R>(
  logic: FormLogic<V, R>,
  also: (result: R) => Array<{ to: string; event: { type: string } & Record<string, unknown> }>,
): FormLogic<V, R> {
  return logic.provide({
    actions: {
      announceSubmitted: enqueueActions(({ system, enqueue }, params: { result: unknown }) => {
        enqueue.emit({ type: 'submitted', result: params.result });
        for (const { to, event } of also(params.result as R)) {
          const target = system.get(to);
          if (target) enqueue.sendTo(target, event);
        }
      }),
    },
  }) as FormLogic<V, R>;
}

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

/** The systemId of the admin's reports list: a decision replaces its report in place. */
export const REPORTS_LIST = 'adminReportsList';

/** `/admin/reports`: open (the tab left out of the URL) or resolved reports. */
export const reportsLoader = listLoader<LessonReport>((query) => fetchReports(query));

export type ReportDecisionValues = { id: number; decision: ReportDecision | ''; remark: string };

/** Pay the teacher or refund the learner(s), with a remark both sides see; the report shows it at once. */
export const reportDecisionForm = alsoAfterSave(
  formSubmitter<ReportDecisionValues, ReportDecided>(({ id, decision, remark }) =>
    resolveReport(id, decision as ReportDecision, remark),
  ),
  (answer) => [{ to: REPORTS_LIST, event: { type: 'item.replace', item: answer.report } }],
);
