// The learner's and the teacher's lesson screens (src/views/pages/lessons, src/views/pages/teaching):
// their lists and lessons, the Join button and the teacher's Cancel, each with its service bound.
import { enqueueActions, fromCallback, fromPromise } from 'xstate';
import { isApiError } from '@/services/http';
import {
  cancelBooking,
  CLASS_FILTERS,
  fetchBookings,
  fetchClassLessons,
  fetchLearnerClasses,
  fetchLearnerLesson,
  initialBookings,
  initialLearnerClasses,
  initialLearnerLesson,
  joinLesson,
  keepBooking,
  type LessonLookup,
} from '@/services/learner-lesson-service';
import { fetchChildren } from '@/services/profile-service';
import type { Booking, JoinAnswer, LearnerClass, LearnerLesson } from '@/services/schemas/learner';
import type { ListPage, ListQuery } from '@/services/schemas/page';
import type { LessonFormData, TeacherClass, TeacherLesson } from '@/services/schemas/teaching';
import type { Student } from '@/services/schemas/user';
import type { ClassroomRole } from '@/shared/classroom';
import { TEACHER_CLASS_FILTERS } from '@/shared/teaching';
import { fetchTeacherClasses } from '@/services/teacher-class-service';
import {
  cancelLesson,
  fetchTeacherLesson,
  joinTeacherLesson,
  type CancelAnswer,
  type TeacherLessonLookup,
} from '@/services/teacher-lesson-page-service';
import { fetchLessonFormData, fetchTeacherLessons, initialTeacherLessons } from '@/services/teaching-service';
import {
  CALL_NODE_ID,
  classroomMachine,
  jitsiArguments,
  learnerWindow,
  teacherWindow,
  type CallInput,
  type ClassroomEvent,
  type ClassroomLookup,
} from '../classroom-machine';
import { bookingCancelMachine } from '../booking-cancel-machine';
import { joinMachine } from '../join-machine';
import { lessonCancelMachine } from '../lesson-cancel-machine';
import { listLoader, oneLoader, type Loaded } from '../load-machine';

/** The systemId of the teacher's lesson loader: its Cancel dialog asks it to load the lesson again. */
export const TEACHER_LESSON = 'teacherLesson';
/** The systemId of the learner's lesson loader: a cancelled or kept booking loads the lesson again. */
export const LEARNER_LESSON = 'learnerLesson';
/** The systemId of the teacher's class page loader: a saved meeting link loads the class again. */
export const TEACHER_CLASS = 'teacherClass';

// ---- Lists (filters and page in the URL) ----

/** The URL's filter when it is one of the tabs, else the first tab. */
function oneOf<T extends string>(filters: readonly [T, ...T[]], value: string | undefined): T {
  return filters.find((filter) => filter === value) ?? filters[0];
}

/** `/lessons/booking`: all, upcoming or past bookings, of all learners or one child (`student_id`). */
export const bookingsLoader = listLoader<Booking>((query) => fetchBookings(query));

/** A list page the page's HTML carries (signedin, issue 27), as the load machine's `initial` answer. */
const initialList = <T>(page: ListPage<T> | undefined): Loaded | undefined =>
  page && { kind: 'list', items: page.items, meta: page.meta };

/** The bookings the page's HTML carries for this query: shown with no call. */
export const initialBookingsPage = (query: ListQuery) => initialList(initialBookings(query));

/** `/workspace/classes`: upcoming (the tab left out of the URL), ongoing, past or rejected. */
export const learnerClassesLoader = listLoader<LearnerClass>((query) =>
  fetchLearnerClasses({ ...query, filter: oneOf(CLASS_FILTERS, query.filter) }),
);

/** The classes the page's HTML carries for this query (the same tab the loader asks for). */
export const initialLearnerClassesPage = (query: ListQuery) =>
  initialList(initialLearnerClasses({ ...query, filter: oneOf(CLASS_FILTERS, query.filter) }));

/** `/teaching/lessons`: one tab of the teacher's lessons (the server reads none as upcoming). */
export const teacherLessonsLoader = listLoader<TeacherLesson>((query) => fetchTeacherLessons(query));

/** The teacher's lessons the page's HTML carries for this query. */
export const initialTeacherLessonsPage = (query: ListQuery) => initialList(initialTeacherLessons(query));

/** `/teaching/classes`: upcoming (the tab left out of the URL), ongoing, past, pending or rejected. */
export const teacherClassesLoader = listLoader<TeacherClass>((query) =>
  fetchTeacherClasses({ ...query, filter: oneOf(TEACHER_CLASS_FILTERS, query.filter) }),
);

const NO_PAGE = { currentPage: 1, lastPage: 1, perPage: 15, total: 0 };

/**
 * A class's lessons (params `idOrSlug`, `filter`). The class comes with every page, as `extra.lessonClass`
 * for the header; a class the caller may not see (404) answers `extra.missing` (the not-found page).
 */
export const classLessonsLoader = listLoader<LearnerLesson>(async (query: ListQuery, params) => {
  try {
    const page = await fetchClassLessons(String(params.idOrSlug ?? ''), {
      ...query,
      filter: String(params.filter ?? 'all'),
    });
    return { items: page.items, meta: page.meta, extra: { lessonClass: page.lessonClass } };
  } catch (error) {
    if (isApiError(error) && error.status === 404)
      return { items: [], meta: NO_PAGE, extra: { missing: true } };
    throw error;
  }
});

/** What a class's lessons page keeps besides its lessons. */
export type ClassLessonsExtra = { lessonClass?: LearnerClass; missing?: boolean };

// ---- One resource ----

/** The lesson (param `code`) for a learner who booked it or may book it; `found: false` for a 404. */
export const learnerLessonLoader = oneLoader<LessonLookup>((params) =>
  fetchLearnerLesson(String(params.code ?? '')),
);

/** The lesson the page's HTML carries (signedin, issue 27): shown with no call. */
export function initialLearnerLessonAnswer(code: string): Loaded | undefined {
  const lookup = initialLearnerLesson(code);
  return lookup === undefined ? undefined : { kind: 'one', data: lookup };
}

/** The lesson (param `code`) as its teacher sees it; `found: false` when it is not theirs. */
export const teacherLessonLoader = oneLoader<TeacherLessonLookup>((params) =>
  fetchTeacherLesson(String(params.code ?? '')),
);

/** A parent's children, for the learner choice of the lists and the timetable. */
export const childrenLoader = oneLoader<Student[]>(() => fetchChildren());

/** Whether the teacher may create lessons yet (and why not), for My lessons' Create button. */
export const lessonFormDataLoader = oneLoader<LessonFormData>(() => fetchLessonFormData());

// ---- Actions ----

/** The classroom of a lesson, by who enters it: the teacher's own route, or the learner's. */
export const joinClassroom = fromPromise<JoinAnswer, { lessonId: number; role: ClassroomRole }>(
  ({ input }) => (input.role === 'teacher' ? joinTeacherLesson(input.lessonId) : joinLesson(input.lessonId)),
);

/** The Join button of a booked lesson, and of the teacher's own lesson. */
export const joinScreen = joinMachine.provide({ actors: { joinLesson: joinClassroom } });

/** The teacher's Cancel dialog; once cancelled, the lesson page loads the lesson again (status, refunds). */
export const lessonCancelScreen = lessonCancelMachine.provide({
  actors: {
    cancelLesson: fromPromise<CancelAnswer, { lessonId: number; reason: string }>(({ input }) =>
      cancelLesson(input.lessonId, input.reason),
    ),
  },
  actions: {
    announce: enqueueActions(({ system, enqueue }) => {
      const lesson = system.get(TEACHER_LESSON);
      if (lesson) enqueue.sendTo(lesson, { type: 'load.refresh' });
    }),
  },
});

/** A learner's Cancel booking and Keep (issue 24): the calls, and the lesson loaded again after. */
export const bookingCancelScreen = bookingCancelMachine.provide({
  actors: {
    cancelBooking: fromPromise<{ message: string }, { bookingId: number }>(({ input }) =>
      cancelBooking(input.bookingId),
    ),
    keepBooking: fromPromise<{ message: string }, { bookingId: number }>(({ input }) =>
      keepBooking(input.bookingId),
    ),
  },
  actions: {
    announce: enqueueActions(({ system, enqueue }) => {
      const lesson = system.get(LEARNER_LESSON);
      if (lesson) enqueue.sendTo(lesson, { type: 'load.refresh' });
    }),
  },
});

// ---- The classroom page ----

/** Jitsi's IFrame API as its script defines it (https://jitsi.github.io/handbook/docs/dev-guide/dev-guide-iframe). */
type JitsiApi = { dispose(): void; addListener(event: string, listener: () => void): void };
type JitsiApiConstructor = new (domain: string, options: object) => JitsiApi;
const jitsiGlobal = () =>
  (window as Window & { JitsiMeetExternalAPI?: JitsiApiConstructor }).JitsiMeetExternalAPI;

/** Loads `{origin}/external_api.js` once; a failed load leaves no script behind, so Try again loads it afresh. */
export const loadJitsiScript = fromPromise<void, { origin: string }>(
  ({ input }) =>
    new Promise<void>((resolve, reject) => {
      if (jitsiGlobal()) return resolve();
      const src = `${input.origin}/external_api.js`;
      const script = document.createElement('script');
      script.src = src;
      script.async = true;
      script.addEventListener('load', () =>
        jitsiGlobal() ? resolve() : reject(new Error(`${src} did not define JitsiMeetExternalAPI.`)),
      );
      script.addEventListener('error', () => {
        script.remove();
        reject(new Error(`${src} could not be loaded.`));
      });
      document.head.append(script);
    }),
);

/** The call, embedded in the page's call element; disposed when the classroom leaves the call. */
export const jitsiCall = fromCallback<ClassroomEvent, CallInput>(({ input, sendBack }) => {
  const Api = jitsiGlobal();
  const node = document.getElementById(CALL_NODE_ID);
  if (!Api || !node) throw new Error('The classroom cannot start the call.');
  const { domain, options } = jitsiArguments(input, node);
  const api = new Api(domain, options);
  api.addListener('readyToClose', () => sendBack({ type: 'call.left' }));
  return () => api.dispose();
});

/** The lesson of `/lessons/live/:code`: a teacher's own lesson as its teacher, else as a learner reads it. */
export async function loadClassroomLesson(code: string, teacher: boolean): Promise<ClassroomLookup> {
  if (teacher) {
    const own = await fetchTeacherLesson(code);
    if (own.found)
      return { found: true, role: 'teacher', lesson: own.lesson, window: teacherWindow(own.lesson) };
  }
  const found = await fetchLearnerLesson(code);
  if (!found.found) return { found: false };
  return { found: true, role: 'learner', lesson: found.lesson, window: learnerWindow(found.lesson) };
}

/** `/lessons/live/:code`: the classroom page. */
export const classroomScreen = classroomMachine.provide({
  actors: {
    loadLesson: fromPromise<ClassroomLookup, { code: string; teacher: boolean }>(({ input }) =>
      loadClassroomLesson(input.code, input.teacher),
    ),
    joinLesson: joinClassroom,
    loadScript: loadJitsiScript,
    call: jitsiCall,
  },
});
