// The admin workspace's data, decisions and catalogue writes (src/views/pages/admin/*): each screen's
// service bound once here, so the views only render state and send events.
import { enqueueActions, fromPromise } from 'xstate';
import { approvalMachine, type DecideInput, type DecideOutput } from '@/machines/approval-machine';
import { formSubmitter } from '@/machines/form-machine';
import { listLoader, oneLoader } from '@/machines/load-machine';
import {
  approveClass,
  approveLesson,
  approveSeries,
  approveTeacher,
  countWaiting,
  declineTeacher,
  deleteCatalogueRow,
  fetchAdminClasses,
  fetchAdminLessons,
  fetchAdminTeachers,
  fetchCatalogueOptions,
  fetchCatalogueRows,
  fetchReviewTransactions,
  fetchTeacherDocuments,
  fetchUsers,
  rejectClass,
  rejectLesson,
  rejectSeries,
  saveCatalogueRow,
  type CatalogueBody,
} from '@/services/admin-service';
import type {
  AdminClass,
  AdminLesson,
  AdminTeacher,
  CatalogueRow,
  ReviewTransaction,
  TeacherDocument,
  UserSummary,
} from '@/services/schemas/admin';
import type { CatalogueKind } from '@/shared/teaching';
import { fetchReports, resolveReport, type ReportDecided } from '@/services/lesson-report-service';
import type { LessonReport } from '@/services/schemas/classroom';
import type { ReportDecision } from '@/shared/classroom';
import { alsoAfterSave } from './after-save';

// Review lists and decisions ---------------------------------------------------------------------

/** The systemId of the review list on show (teachers, lessons or classes): a decision reloads it. */
export const REVIEW_LIST = 'adminReviewList';

/**
 * An approval machine deciding with `approve` / `turnDown`; after a decision the review list on
 * show loads again (`load.refresh` to the loader with systemId REVIEW_LIST), so the item leaves it.
 */
function approvalFor(
  approve: (id: number) => Promise<DecideOutput>,
  turnDown: (id: number, comment: string) => Promise<DecideOutput>,
) {
  return approvalMachine.provide({
    actors: {
      decide: fromPromise<DecideOutput, DecideInput>(({ input }) =>
        input.action === 'approve' ? approve(input.id) : turnDown(input.id, input.comment),
      ),
    },
    actions: {
      decided: enqueueActions(({ system, enqueue }) => {
        const list = system.get(REVIEW_LIST);
        if (list) enqueue.sendTo(list, { type: 'load.refresh' });
      }),
    },
  });
}

export const adminTeachersLoader = listLoader<AdminTeacher>(fetchAdminTeachers);
export const teacherApproval = approvalFor(approveTeacher, declineTeacher);
/** One teacher's vetting documents (`params.teacherId`), on their approval card (issue 24). */
export const teacherDocumentsLoader = oneLoader<TeacherDocument[]>((params) =>
  fetchTeacherDocuments(Number(params.teacherId)),
);

export const adminLessonsLoader = listLoader<AdminLesson>(fetchAdminLessons);
export const lessonApproval = approvalFor(approveLesson, rejectLesson);
/** Every waiting lesson of a series at once (issue 24). */
export const seriesApproval = approvalFor(approveSeries, rejectSeries);

export const adminClassesLoader = listLoader<AdminClass>(fetchAdminClasses);
export const classApproval = approvalFor(approveClass, rejectClass);

// Overview, payments and users -------------------------------------------------------------------

const WAITING = {
  teachers: fetchAdminTeachers,
  lessons: fetchAdminLessons,
  classes: fetchAdminClasses,
  payments: fetchReviewTransactions,
};
export type WaitingList = keyof typeof WAITING;

/** How many wait in one review list (`params.list`), for the overview. */
export const waitingCountLoader = oneLoader<number>((params) =>
  countWaiting(WAITING[params.list as WaitingList]),
);

export const reviewPaymentsLoader = listLoader<ReviewTransaction>(fetchReviewTransactions);

export const usersLoader = listLoader<UserSummary>(fetchUsers);

// Catalogue --------------------------------------------------------------------------------------

export type ParentKind = Exclude<CatalogueKind, 'subtopics'>;

/** One page of a kind's rows (`params.kind`). */
export const catalogueRowsLoader = listLoader<CatalogueRow>((query, params) =>
  fetchCatalogueRows(params.kind as CatalogueKind, query),
);

/** Every row of a kind (`params.kind`), for a parent select or the subtopics' topic filter. */
export const catalogueOptionsLoader = oneLoader<CatalogueRow[]>((params) =>
  fetchCatalogueOptions(params.kind as ParentKind),
);

/** The catalogue form's values: the row's `kind` and `id` ('' for a new row) beside its fields. */
export type CatalogueRowValues = Record<string, string> & { kind: string; id: string };

/**
 * The request body of the fields, checked by the form already: a parent (`…Id`) as a number, an
 * empty optional text as null.
 */
export function catalogueBody(fields: Record<string, string>): CatalogueBody {
  const body: CatalogueBody = {};
  for (const [name, raw] of Object.entries(fields)) {
    const value = raw.trim();
    body[name] = name.endsWith('Id') ? (value ? Number(value) : null) : value || null;
  }
  return body;
}

/** Adds (`id` empty) or updates a catalogue row; a 422 lands on its fields. */
export const catalogueRowForm = formSubmitter<CatalogueRowValues, { message: string }>(
  ({ kind, id, ...fields }) =>
    saveCatalogueRow(kind as CatalogueKind, id ? Number(id) : null, catalogueBody(fields)),
);

/** Deletes a catalogue row; a row in use answers 409 with SPEC §8's message. */
export const catalogueRowDeletion = formSubmitter<
  { kind: CatalogueKind; id: number; name: string },
  { message: string }
>(({ kind, id, name }) => deleteCatalogueRow(kind, id, name));

// Lesson reports (issue 22) ----------------------------------------------------------------------

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
