// The teacher's screens (src/views/pages/teaching): the lesson form, the class form and pages, the
// notes and assignments of a lesson. Each machine gets its calls here, once; the views spawn them
// with `useScreenActor` / `useLoader` / `useForm` and only render and send events.
import { enqueueActions, fromPromise } from 'xstate';
import { fetchClassFilters } from '@/services/class-service';
import { isApiError } from '@/services/http';
import type { Slot } from '@/services/schemas/teaching';
import type { ClassFilters } from '@/services/schemas/web';
import type { TeacherClassDetail } from '@/services/schemas/teaching-materials';
import { fetchTeacherClass, saveClass, type ClassAnswer } from '@/services/teacher-class-service';
import {
  deleteMaterial,
  saveMaterial,
  type DeleteTarget,
  type MaterialAnswer,
  type MaterialDraft,
} from '@/services/teacher-lesson-page-service';
import {
  fetchAvailableSlots,
  fetchLessonFormData,
  fetchTeacherLesson,
  storeLessons,
  updateLesson,
  type LessonSaved,
} from '@/services/teaching-service';
import { teacherClassPath } from '@/shared/teaching';
import type { ClassValues, LessonFormValues } from '@/shared/teaching-validation';
import { formSubmitter } from '../form-machine';
import { lessonFormMachine, type LessonFormLoaded } from '../lesson-form-machine';
import { oneLoader } from '../load-machine';
import { TEACHER_LESSON } from './lessons-screens';
import { materialDeleteMachine } from '../material-delete-machine';
import { materialFormMachine } from '../material-form-machine';

/** Create lessons / Edit lesson: the options (and the lesson), a date's free times, the save. */
export const lessonFormScreen = lessonFormMachine.provide({
  actors: {
    loadForm: fromPromise<LessonFormLoaded, { lessonId: number | null }>(async ({ input }) => {
      const [formData, lesson] = await Promise.all([
        fetchLessonFormData(),
        input.lessonId === null ? null : fetchTeacherLesson(input.lessonId),
      ]);
      return { formData, lesson };
    }),
    loadSlots: fromPromise<Slot[], { date: string }>(
      async ({ input }) => (await fetchAvailableSlots(input.date)).data,
    ),
    submit: fromPromise<LessonSaved, { values: LessonFormValues; lessonId: number | null }>(({ input }) =>
      input.lessonId === null ? storeLessons(input.values) : updateLesson(input.lessonId, input.values),
    ),
  },
});

/** A note or an assignment of the teacher's lesson page, with its files. */
export const materialFormScreen = materialFormMachine.provide({
  actors: { saveMaterial: fromPromise<MaterialAnswer, MaterialDraft>(({ input }) => saveMaterial(input)) },
  // The teacher's lesson page loads the lesson again (its notes, assignments and files).
  actions: {
    announce: enqueueActions(({ system, enqueue }) => {
      const lesson = system.get(TEACHER_LESSON);
      if (lesson) enqueue.sendTo(lesson, { type: 'load.refresh' });
    }),
  },
});

/** Deleting a note, an assignment or one file of the teacher's lesson page. */
export const materialDeleteScreen = materialDeleteMachine.provide({
  actors: { deleteMaterial: fromPromise<string, DeleteTarget>(({ input }) => deleteMaterial(input)) },
  // The teacher's lesson page loads the lesson again (its notes, assignments and files).
  actions: {
    announce: enqueueActions(({ system, enqueue }) => {
      const lesson = system.get(TEACHER_LESSON);
      if (lesson) enqueue.sendTo(lesson, { type: 'load.refresh' });
    }),
  },
});

/** `/teaching/classes/show/:id`: the class, or `found: false` for one that is not there (404). */
export type TeacherClassLookup = { found: true; lessonClass: TeacherClassDetail } | { found: false };

export const teacherClassLoader = oneLoader<TeacherClassLookup>(async ({ id }) => {
  try {
    return { found: true, lessonClass: await fetchTeacherClass(String(id ?? '')) };
  } catch (error) {
    if (isApiError(error) && error.status === 404) return { found: false };
    throw error;
  }
});

/** The options of the class form (curricula, their grade levels, subjects). */
export const classOptionsLoader = oneLoader<ClassFilters>(() => fetchClassFilters());

/** The class to edit with the form's options. */
export const classToEditLoader = oneLoader<{ lessonClass: TeacherClassDetail; filters: ClassFilters }>(
  async ({ id }) => {
    const [lessonClass, filters] = await Promise.all([
      fetchTeacherClass(String(id ?? '')),
      fetchClassFilters(),
    ]);
    return { lessonClass, filters };
  },
);

/** The class form's values and the class they belong to (null: a new class). */
export type ClassFormValues = ClassValues & { classId: number | null };

/** Create a class / Edit class: saved, the class's page opens (where it waits for approval). */
export const classFormLogic = formSubmitter<ClassFormValues, ClassAnswer>(
  ({ classId, ...values }) => saveClass(classId, values),
  { navigateTo: (answer) => teacherClassPath(answer.lessonClass.id) },
);
