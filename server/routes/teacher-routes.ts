// /api/teacher (docs/teaching-admin.md "Teacher endpoints"): the teacher's lessons, free slots,
// classes, cancellation with refunds and earnings. Teacher role only (403 for anyone else signed in);
// another teacher's ids are 404. Notes and assignments: teacher-material-routes.ts.
import type { FastifyInstance } from 'fastify';
import { object, type Struct } from 'superstruct';
import type { AppContext } from '../context';
import { currentUser, type Guards } from '../http/guards';
import { pageRequest } from '../http/query';
import { BODY_LIMIT, typed } from '../http/validation';
import { assignmentResource, noteResource } from '../resources/commerce-resource';
import { attendanceResource, learnerResource } from '../resources/teaching-resource';
import { joinAsTeacher, setClassLink, setLessonLink } from '../services/classroom-service';
import { listEarnings } from '../services/earnings-service';
import { cancelLesson } from '../services/lesson-cancellation-service';
import { availableSlots, scheduleDay, slotTime } from '../services/scheduling';
import * as teacherClasses from '../services/teacher-class-service';
import * as teacherLessons from '../services/teacher-lesson-service';
import { t } from '../../src/shared/messages';
import { collect, type FieldErrors } from '../../src/shared/validation';
import { capacityProblem } from '../../src/shared/teaching-validation';
import {
  asText,
  choice,
  day,
  id,
  maybe,
  meetingLink,
  optionalId,
  page,
  perPage,
  text,
  wholeNumber,
  withFieldErrors,
  withRule,
} from '../../src/shared/request-schemas';
import {
  CAPACITY_MAX,
  CAPACITY_MIN,
  CLASS_FREQUENCIES,
  CLASS_TYPES,
  DESCRIPTION_MAX,
  LESSON_LENGTH_MINUTES,
  LESSON_PRICE_MAX,
  LESSON_PRICE_MIN,
  LESSON_TYPES,
  OBJECTIVE_MAX,
  OBJECTIVE_MIN,
  REMARK_MAX,
  SERIES_FREQUENCIES,
  SERIES_MAX,
  SERIES_MIN,
  TEACHER_CLASS_FILTERS,
  TEACHER_LESSON_FILTERS,
  TITLE_MAX,
} from '../../src/shared/teaching';
import { IdParams } from './cart-routes';

const price = () => wholeNumber({ min: LESSON_PRICE_MIN, max: LESSON_PRICE_MAX });

const objective = () =>
  withRule(text({ max: OBJECTIVE_MAX, required: true }), 'objective', (value) =>
    value.length < OBJECTIVE_MIN ? t('validation.minLength', { min: OBJECTIVE_MIN }) : null,
  );

const LessonFields = {
  subject_id: id(),
  grade_level_id: id(),
  topic_id: id(),
  program_id: optionalId(),
  class_id: optionalId(),
  type: choice(LESSON_TYPES, { required: true }),
  objective: objective(),
  price: price(),
  // Seats (issue 20): the range here, the rule by type (`capacityProblem`) on the whole body below.
  capacity: maybe(
    wholeNumber({
      min: CAPACITY_MIN,
      max: CAPACITY_MAX,
      message: t('teaching.capacityRange', { min: CAPACITY_MIN, max: CAPACITY_MAX }),
    }),
  ),
  date: scheduleDay(),
  time: slotTime(),
};

/** The same seat rule as the lesson form's (`validateLessonForm`). */
const withCapacityRule = <T, S>(struct: Struct<T, S>) =>
  withFieldErrors(struct, 'lessonCapacity', (body) =>
    collect({ capacity: capacityProblem(asText(body.type), body.capacity as number | string | undefined) }),
  );
const LessonBody = withCapacityRule(object(LessonFields));
const SeriesBody = withCapacityRule(
  object({
    ...LessonFields,
    lessons_count: wholeNumber({ min: SERIES_MIN, max: SERIES_MAX }),
    frequency: choice(SERIES_FREQUENCIES, { required: true }),
  }),
);

/** A new class starts today or later; an edited one may have started already. */
const classBody = (startsOn: typeof day) =>
  withFieldErrors(
    object({
      title: text({ max: TITLE_MAX, required: true }),
      description: text({ max: DESCRIPTION_MAX }),
      subject_id: id(),
      grade_level_id: id(),
      curriculum_id: id(),
      type: choice(CLASS_TYPES, { required: true }),
      frequency: choice(CLASS_FREQUENCIES, { required: true }),
      price: price(),
      starts_on: startsOn(),
      ends_on: day(),
    }),
    'classDates',
    (body): FieldErrors => {
      const [from, to] = [asText(body.starts_on), asText(body.ends_on)];
      return from && to && to < from ? { endsOn: [t('validation.dateRange')] } : {};
    },
  );
const ClassBody = classBody(scheduleDay);
const ClassUpdateBody = classBody(day);

const LessonsQuery = object({
  filter: maybe(choice(TEACHER_LESSON_FILTERS)),
  page: maybe(page()),
  per_page: maybe(perPage()),
});
const ClassesQuery = object({
  filter: maybe(choice(TEACHER_CLASS_FILTERS)),
  page: maybe(page()),
  per_page: maybe(perPage()),
});
const PageQuery = object({ page: maybe(page()), per_page: maybe(perPage()) });
const SlotsQuery = object({ date: scheduleDay() });
const RefParams = object({ id: text({ max: 100, required: true }) });
const CancelBody = object({ reason: text({ max: REMARK_MAX }) });
/** The teacher's own meeting (docs/classroom.md); `null` removes it. */
const LinkBody = object({ link: meetingLink() });

type LessonBodyValue = Omit<
  { [K in keyof typeof LessonFields]: (typeof LessonFields)[K]['TYPE'] },
  'capacity'
> & {
  capacity?: number;
};

const lessonInput = (body: LessonBodyValue): teacherLessons.LessonInput => ({
  subjectId: body.subject_id,
  gradeLevelId: body.grade_level_id,
  topicId: body.topic_id,
  programId: body.program_id,
  classId: body.class_id,
  type: body.type,
  objective: body.objective,
  priceCents: body.price * 100,
  // A private lesson has one seat whatever was sent; a public one without a number has no limit.
  capacity: body.type === 'private' ? 1 : (body.capacity ?? null),
  date: body.date,
  time: body.time,
});

export function teacherRoutes(app: FastifyInstance, ctx: AppContext, guards: Guards): void {
  const api = typed(app);
  const teacherOnly = { preValidation: guards.requireRole('teacher') };
  const json = { ...teacherOnly, bodyLimit: BODY_LIMIT.json };
  const me = (request: Parameters<typeof currentUser>[0]) =>
    teacherLessons.teacherOf(ctx.db, currentUser(request).id);

  api.get(
    '/api/teacher/lessons',
    { ...teacherOnly, schema: { querystring: LessonsQuery } },
    async (request) => {
      const wanted = pageRequest(request.query, 15);
      const teacher = await me(request);
      return teacherLessons.listLessons(ctx.db, teacher.id, request.query.filter ?? 'upcoming', wanted);
    },
  );

  api.get('/api/teacher/lessons/create', teacherOnly, async (request) => ({
    data: await teacherLessons.createData(ctx.db, await me(request)),
  }));

  api.get(
    '/api/teacher/available-slots',
    { ...teacherOnly, schema: { querystring: SlotsQuery } },
    async (request) => {
      const teacher = await me(request);
      return {
        data: await availableSlots(ctx.db, teacher.id, request.query.date),
        date: request.query.date,
        length_minutes: LESSON_LENGTH_MINUTES,
      };
    },
  );

  api.post(
    '/api/teacher/lessons/store',
    { ...json, schema: { body: SeriesBody } },
    async (request, reply) => {
      const body = request.body;
      const created = await teacherLessons.storeLessons(ctx.db, await me(request), {
        ...lessonInput(body),
        lessonsCount: body.lessons_count,
        frequency: body.frequency,
      });
      return reply.status(201).send({ message: t('teaching.lessonsCreated'), data: created });
    },
  );

  api.post(
    '/api/teacher/lessons/update/:id',
    { ...json, schema: { params: IdParams, body: LessonBody } },
    async (request) => {
      const { outcome, lesson } = await teacherLessons.updateLesson(
        ctx.db,
        await me(request),
        request.params.id,
        lessonInput(request.body),
        ctx.config.appUrl,
      );
      return {
        message: outcome === 'rescheduled' ? t('teaching.rescheduledTitle') : t('teaching.lessonUpdated'),
        data: lesson,
      };
    },
  );

  api.get(
    '/api/teacher/lessons/show/:id',
    { ...teacherOnly, schema: { params: RefParams } },
    async (request) => {
      const { resource, learners, materials, attendance } = await teacherLessons.showLesson(
        ctx.db,
        await me(request),
        request.params.id,
      );
      return {
        data: {
          ...resource,
          learners: learners.map(learnerResource),
          notes: materials.notes.map(noteResource),
          assignments: materials.assignments.map(assignmentResource),
          attendance: attendance.map(attendanceResource),
        },
      };
    },
  );

  // The classroom (docs/classroom.md): the teacher enters from 30 minutes before the start.
  api.post('/api/teacher/lessons/join/:id', { ...json, schema: { params: IdParams } }, async (request) =>
    joinAsTeacher(ctx, currentUser(request).id, request.params.id),
  );

  api.post(
    '/api/teacher/lessons/link/:id',
    { ...json, schema: { params: IdParams, body: LinkBody } },
    async (request) => {
      const teacher = await me(request);
      const { link } = request.body;
      await setLessonLink(ctx.db, teacher.id, request.params.id, link);
      const { resource } = await teacherLessons.showLesson(ctx.db, teacher, String(request.params.id));
      return { message: t(link ? 'classroom.linkSaved' : 'classroom.linkRemoved'), data: resource };
    },
  );

  api.post(
    '/api/teacher/classes/link/:id',
    { ...json, schema: { params: IdParams, body: LinkBody } },
    async (request) => {
      const teacher = await me(request);
      const { link } = request.body;
      await setClassLink(ctx.db, teacher.id, request.params.id, link);
      return {
        message: t(link ? 'classroom.linkSaved' : 'classroom.linkRemoved'),
        data: await teacherClasses.showClass(ctx.db, teacher.id, request.params.id),
      };
    },
  );

  api.post(
    '/api/teacher/lessons/cancel/:id',
    { ...json, schema: { params: IdParams, body: CancelBody } },
    async (request) =>
      cancelLesson(
        ctx.db,
        await me(request),
        request.params.id,
        request.body.reason || null,
        ctx.config.appUrl,
      ),
  );

  api.get(
    '/api/teacher/classes',
    { ...teacherOnly, schema: { querystring: ClassesQuery } },
    async (request) => {
      const wanted = pageRequest(request.query, 15);
      const teacher = await me(request);
      return teacherClasses.listClasses(ctx.db, teacher.id, request.query.filter ?? 'upcoming', wanted);
    },
  );

  api.get(
    '/api/teacher/classes/show/:id',
    { ...teacherOnly, schema: { params: IdParams } },
    async (request) => ({
      data: await teacherClasses.showClass(ctx.db, (await me(request)).id, request.params.id),
    }),
  );

  const classInput = (body: typeof ClassBody.TYPE): teacherClasses.ClassInput => ({
    title: body.title,
    description: body.description,
    subjectId: body.subject_id,
    gradeLevelId: body.grade_level_id,
    curriculumId: body.curriculum_id,
    type: body.type,
    frequency: body.frequency,
    priceCents: body.price * 100,
    startsOn: body.starts_on,
    endsOn: body.ends_on,
  });

  api.post('/api/teacher/classes/store', { ...json, schema: { body: ClassBody } }, async (request, reply) => {
    const created = await teacherClasses.storeClass(ctx.db, await me(request), classInput(request.body));
    return reply.status(201).send({ message: t('teaching.classCreated'), data: created });
  });

  api.post(
    '/api/teacher/classes/update/:id',
    { ...json, schema: { params: IdParams, body: ClassUpdateBody } },
    async (request) => ({
      message: t('teaching.classUpdated'),
      data: await teacherClasses.updateClass(
        ctx.db,
        await me(request),
        request.params.id,
        classInput(request.body),
      ),
    }),
  );

  api.get(
    '/api/teacher/earnings',
    { ...teacherOnly, schema: { querystring: PageQuery } },
    async (request) => {
      const wanted = pageRequest(request.query, 15);
      const teacher = await me(request);
      return listEarnings(ctx, teacher.id, wanted);
    },
  );
}
