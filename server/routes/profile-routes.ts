// Profile completion calls of docs/api.md for students, parents and teachers (HTTP only).
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';
import { id, readBody, str, type Body } from '../http/body';
import { throwIfInvalid } from '../http/errors';
import { currentUser, type Guards } from '../http/guards';
import { curriculumTreeResource, subjectResource } from '../resources/catalogue-resource';
import { childResource, teacherResource, userResource } from '../resources/user-resource';
import { allSubjects, curriculumTrees } from '../services/catalogue-service';
import * as profiles from '../services/profile-service';
import { loadUser } from '../services/user-service';
import { t } from '../../src/shared/messages';
import {
  collect,
  dobProblem,
  genderProblem,
  GENDERS,
  isBlank,
  normaliseKenyanPhone,
  phoneProblem,
  QUALIFICATION_LEVELS,
  STUDENT_MIN_AGE,
  STUDY_MODES,
  TEACHER_SUBJECTS_MAX,
  TEACHER_SUBJECTS_MIN,
} from '../../src/shared/validation';

const required = () => t('validation.required');
const textProblem = (value: string, max: number) =>
  isBlank(value) ? required() : value.length > max ? t('validation.maxLength', { max }) : null;
const choiceProblem = (value: string, options: readonly string[]) =>
  isBlank(value) ? required() : options.includes(value) ? null : t('validation.choice');

/** Fields shared by a student's own profile and a child added by a parent. */
function readStudentProfile(body: Body) {
  const values = {
    schoolName: str(body.school_name),
    studyMode: str(body.study_mode),
    curriculumId: id(body.curriculum_id),
    eduLevelId: id(body.edu_level_id),
    gradeLevelId: id(body.grade_level_id),
    dob: str(body.dob),
    gender: str(body.gender),
  };
  const errors = collect({
    school_name: textProblem(values.schoolName, 120),
    study_mode: choiceProblem(values.studyMode, STUDY_MODES),
    dob: dobProblem(values.dob, STUDENT_MIN_AGE),
    gender: isBlank(values.gender) ? required() : genderProblem(values.gender),
  });
  return { values: values as profiles.StudentProfile, errors };
}

async function choicesForStudents(ctx: AppContext) {
  return {
    data: {
      curricula: (await curriculumTrees(ctx.db)).map(curriculumTreeResource),
      study_modes: [...STUDY_MODES],
      genders: [...GENDERS],
    },
  };
}

export function profileRoutes(app: FastifyInstance, ctx: AppContext, guards: Guards): void {
  const student = { preHandler: guards.requireRole('student') };
  const parent = { preHandler: guards.requireRole('parent') };
  const teacher = { preHandler: guards.requireRole('teacher') };
  const userData = async (userId: number) => userResource(await loadUser(ctx.db, userId));

  app.get('/api/student/complete-profile', student, () => choicesForStudents(ctx));

  app.post('/api/student/complete-profile/store', student, async (request) => {
    const user = currentUser(request);
    const { values, errors } = readStudentProfile(readBody(request));
    throwIfInvalid(errors);
    await profiles.completeStudentProfile(ctx, user.id, values);
    return { message: t('profile.updated'), data: await userData(user.id) };
  });

  app.get('/api/parent/complete-profile', parent, () => choicesForStudents(ctx));

  app.post('/api/parent/child/add', parent, async (request, reply) => {
    const user = currentUser(request);
    const body = readBody(request);
    const { values, errors } = readStudentProfile(body);
    const names = { firstName: str(body.first_name), lastName: str(body.last_name) };
    throwIfInvalid({
      ...collect({
        first_name: textProblem(names.firstName, 50),
        last_name: textProblem(names.lastName, 50),
      }),
      ...errors,
    });
    const child = await profiles.addChild(ctx, user.id, { ...values, ...names });
    return reply
      .status(201)
      .send({ message: t('messages.created', { name: 'Child' }), data: childResource(child) });
  });

  app.get('/api/parent/child/data', parent, async (request) => {
    const children = await profiles.childrenOf(ctx, currentUser(request).id);
    return { data: children.map(childResource) };
  });

  app.post('/api/parent/complete-profile/store', parent, async (request) => {
    const user = currentUser(request);
    const body = readBody(request);
    const phone = str(body.phone);
    const gender = str(body.gender);
    throwIfInvalid(
      collect({ phone: phoneProblem(phone), gender: isBlank(gender) ? required() : genderProblem(gender) }),
    );
    await profiles.completeParentProfile(ctx, user.id, {
      phone: normaliseKenyanPhone(phone) ?? phone,
      gender: gender as 'male' | 'female' | 'other',
    });
    return { message: t('profile.updated'), data: await userData(user.id) };
  });

  app.get('/api/teacher/update-data', teacher, async (request) => {
    const aggregate = await loadUser(ctx.db, currentUser(request).id);
    const [trees, subjectRows] = await Promise.all([curriculumTrees(ctx.db), allSubjects(ctx.db)]);
    return {
      data: {
        curricula: trees.map(curriculumTreeResource),
        subjects: subjectRows.map(subjectResource),
        qualification_levels: [...QUALIFICATION_LEVELS],
        teacher: aggregate.teacher ? teacherResource(aggregate.teacher) : null,
      },
    };
  });

  app.post('/api/teacher/update', teacher, async (request) => {
    const user = currentUser(request);
    const body = readBody(request);
    const subjectIds = Array.isArray(body.subject_ids) ? body.subject_ids.map(id) : [];
    const values = {
      biography: str(body.biography),
      currentWorkplace: str(body.current_workplace),
      qualificationLevel: str(body.qualification_level),
      curriculumId: id(body.curriculum_id),
      eduLevelId: id(body.edu_level_id),
      subjectIds: [...new Set(subjectIds.filter((value): value is number => value !== null))],
      idNumber: str(body.id_number) || null,
      tscNumber: str(body.tsc_number) || null,
    };
    const subjectsProblem = subjectIds.includes(null)
      ? t('validation.choice')
      : values.subjectIds.length < TEACHER_SUBJECTS_MIN
        ? t('validation.subjectsMin', { no: TEACHER_SUBJECTS_MIN })
        : values.subjectIds.length > TEACHER_SUBJECTS_MAX
          ? t('validation.subjectsMax', { no: TEACHER_SUBJECTS_MAX })
          : null;
    throwIfInvalid(
      collect({
        biography: textProblem(values.biography, 2000),
        current_workplace: textProblem(values.currentWorkplace, 120),
        qualification_level: choiceProblem(values.qualificationLevel, QUALIFICATION_LEVELS),
        subject_ids: subjectsProblem,
        // National ID (digits) or passport (letters and digits).
        id_number:
          values.idNumber && !/^[A-Za-z0-9]{6,12}$/.test(values.idNumber) ? t('validation.idNumber') : null,
        tsc_number:
          values.tscNumber && !/^\d{4,10}$/.test(values.tscNumber) ? t('validation.tscNumber') : null,
      }),
    );
    await profiles.updateTeacherProfile(ctx, user.id, values as profiles.TeacherProfile);
    return { message: t('profile.updated'), data: await userData(user.id) };
  });

  app.post('/api/teacher/submit-profile', teacher, async (request) => {
    const user = currentUser(request);
    await profiles.submitTeacherProfile(ctx, user.id);
    return { message: t('profile.submitted'), data: await userData(user.id) };
  });
}
