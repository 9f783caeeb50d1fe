// Profile completion calls of docs/api.md for students, parents and teachers (HTTP only).
import { object, type Infer } from 'superstruct';
import multipart, { type MultipartFile } from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../context';
import { ValidationError } from '../http/errors';
import { currentUser, type Guards } from '../http/guards';
import { BODY_LIMIT, typed } from '../http/validation';
import { curriculumTreeResource, subjectResource } from '../resources/catalogue-resource';
import { childResource, teacherResource, userResource } from '../resources/user-resource';
import { allSubjects, curriculumTrees } from '../services/catalogue-service';
import * as photos from '../services/photo-service';
import * as profiles from '../services/profile-service';
import { loadUser } from '../services/user-service';
import { t } from '../../src/shared/messages';
import { choice, id, list, optionalId, piece, text, withRule } from '../../src/shared/request-schemas';
import {
  dobProblem,
  genderProblem,
  GENDERS,
  isBlank,
  normaliseKenyanPhone,
  phoneProblem,
  PHOTO_MAX_BYTES,
  QUALIFICATION_LEVELS,
  STUDENT_MIN_AGE,
  STUDY_MODES,
} from '../../src/shared/validation';
import {
  idNumberProblem,
  teacherSubjectsProblem,
  tscNumberProblem,
} from '../../src/shared/profile-validation';

type Gender = (typeof GENDERS)[number];

/** Required gender, in the shared wording ("Invalid gender."). */
const gender = () =>
  piece<Gender>(
    'gender',
    (value) => (typeof value === 'string' ? value.trim() : value),
    (value) =>
      isBlank(value)
        ? t('validation.required')
        : typeof value === 'string'
          ? genderProblem(value)
          : t('validation.gender'),
  );

/** Fields shared by a student's own profile and a child added by a parent. */
const StudentFields = {
  school_name: text({ max: 120, required: true }),
  study_mode: choice(STUDY_MODES, { required: true }),
  // Whether they exist and belong together is the service's 422 (placementErrors).
  curriculum_id: optionalId(),
  edu_level_id: optionalId(),
  grade_level_id: optionalId(),
  dob: withRule(text({ max: 20 }), 'dob', (value) => dobProblem(value, STUDENT_MIN_AGE)),
  gender: gender(),
};

const studentProfile = (body: {
  school_name: string;
  study_mode: profiles.StudentProfile['studyMode'];
  curriculum_id: number | null;
  edu_level_id: number | null;
  grade_level_id: number | null;
  dob: string;
  gender: Gender;
}): profiles.StudentProfile => ({
  schoolName: body.school_name,
  studyMode: body.study_mode,
  curriculumId: body.curriculum_id,
  eduLevelId: body.edu_level_id,
  gradeLevelId: body.grade_level_id,
  dob: body.dob,
  gender: body.gender,
});

const ChildBody = object({
  first_name: text({ max: 50, required: true }),
  last_name: text({ max: 50, required: true }),
  ...StudentFields,
});

type ChildBodyValue = Infer<typeof ChildBody>;

const childOf = (body: ChildBodyValue): profiles.Child => ({
  ...studentProfile(body),
  firstName: body.first_name,
  lastName: body.last_name,
});

const ChildUpdateBody = object({ id: id(), ...ChildBody.schema });
const IdParams = object({ id: id() });

const ParentBody = object({
  phone: withRule(text({ max: 100 }), 'phone', phoneProblem),
  gender: gender(),
});

const TeacherBody = object({
  biography: text({ max: 2000, required: true }),
  current_workplace: text({ max: 120, required: true }),
  qualification_level: choice(QUALIFICATION_LEVELS, { required: true }),
  curriculum_id: optionalId(),
  edu_level_id: optionalId(),
  subject_ids: withRule(list(id(), { max: 50 }), 'subjects', (ids) =>
    teacherSubjectsProblem(new Set(ids).size),
  ),
  // National ID (digits) or passport (letters and digits); empty keeps the number on file.
  id_number: withRule(text({ max: 20 }), 'idNumber', idNumberProblem),
  tsc_number: withRule(text({ max: 20 }), 'tscNumber', tscNumberProblem),
});

const PhotoParams = object({ name: text({ max: 64 }) });

/**
 * The `photo` part's name and bytes; too big, missing or not multipart → the SPEC §5 422s. A body
 * the multipart parser cannot read (no boundary, cut off) is a photo that did not arrive: the same
 * 422, never a 500.
 */
async function photoUpload(request: FastifyRequest): Promise<{ fileName: string; bytes: Buffer }> {
  const missing = () => ValidationError.field('photo', t('validation.required'));
  /** What is left of a refused upload is read and dropped, so the connection is free again. */
  const refuse = (error: ValidationError) => {
    request.raw.unpipe();
    request.raw.resume();
    return error;
  };
  let part: MultipartFile | undefined;
  try {
    part = await request.file();
  } catch {
    throw refuse(missing());
  }
  if (!part || part.fieldname !== 'photo') {
    part?.file.resume();
    throw missing();
  }
  let bytes: Buffer;
  try {
    bytes = await part.toBuffer();
  } catch (error) {
    // The limit stops reading just past 5 MB: nothing larger is ever held or stored.
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw refuse(photos.photoSizeError());
    // The file's bytes stopped before its closing boundary.
    throw refuse(missing());
  }
  // toBuffer only notices the limit between chunks; a file cut off after its last chunk is caught here.
  if (part.file.truncated || bytes.length > PHOTO_MAX_BYTES) throw photos.photoSizeError();
  return { fileName: part.filename, bytes };
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
  const api = typed(app);
  const json = { bodyLimit: BODY_LIMIT.json };
  const student = { ...json, preValidation: guards.requireRole('student') };
  const parent = { ...json, preValidation: guards.requireRole('parent') };
  const teacher = { ...json, preValidation: guards.requireRole('teacher') };
  const userData = async (userId: number) => userResource(await loadUser(ctx.db, userId));

  api.get('/api/student/complete-profile', student, () => choicesForStudents(ctx));

  // CONTRACT "Student": the student's own profile, in the shape `parent/profile-data` gives a child.
  api.get('/api/student/profile-data', student, async (request) => ({
    data: childResource(await profiles.studentProfileData(ctx, currentUser(request).id)),
  }));

  api.post(
    '/api/student/complete-profile/store',
    { ...student, schema: { body: object(StudentFields) } },
    async (request) => {
      const user = currentUser(request);
      await profiles.completeStudentProfile(ctx, user.id, studentProfile(request.body));
      return { message: t('profile.updated'), data: await userData(user.id) };
    },
  );

  api.get('/api/parent/complete-profile', parent, () => choicesForStudents(ctx));

  api.post('/api/parent/child/add', { ...parent, schema: { body: ChildBody } }, async (request, reply) => {
    const child = await profiles.addChild(ctx, currentUser(request).id, childOf(request.body));
    return reply
      .status(201)
      .send({ message: t('messages.created', { name: 'Child' }), data: childResource(child) });
  });

  // Managing children after completion (docs/learning-workspace.md): the same body and rules as child/add.
  api.get('/api/parent/profile-data', parent, async (request) => {
    const profile = await profiles.parentProfileData(ctx, currentUser(request).id);
    return {
      data: {
        id: profile.id,
        profile_completed: profile.profileCompleted,
        students_count: profile.students.length,
        students: profile.students.map(childResource),
      },
    };
  });

  api.post('/api/student/store', { ...parent, schema: { body: ChildBody } }, async (request, reply) => {
    const child = await profiles.addChild(ctx, currentUser(request).id, childOf(request.body));
    return reply
      .status(201)
      .send({ message: t('messages.created', { name: 'Child' }), data: childResource(child) });
  });

  const updateChild = async (parentUserId: number, studentId: number, body: ChildBodyValue) => {
    const child = await profiles.updateChild(ctx, parentUserId, studentId, childOf(body));
    return { message: t('messages.updated', { name: 'Child' }), data: childResource(child) };
  };

  api.post(
    '/api/student/update/:id',
    { ...parent, schema: { params: IdParams, body: ChildBody } },
    (request) => updateChild(currentUser(request).id, request.params.id, request.body),
  );

  api.post('/api/student/update', { ...parent, schema: { body: ChildUpdateBody } }, (request) =>
    updateChild(currentUser(request).id, request.body.id, request.body),
  );

  api.delete('/api/student/delete/:id', { ...parent, schema: { params: IdParams } }, async (request) => {
    const name = await profiles.removeChild(ctx, currentUser(request).id, request.params.id);
    return { message: t('messages.deleted', { name }) };
  });

  api.get('/api/parent/child/data', parent, async (request) => {
    const children = await profiles.childrenOf(ctx, currentUser(request).id);
    return { data: children.map(childResource) };
  });

  api.post(
    '/api/parent/complete-profile/store',
    { ...parent, schema: { body: ParentBody } },
    async (request) => {
      const user = currentUser(request);
      const { phone, gender } = request.body;
      await profiles.completeParentProfile(ctx, user.id, {
        phone: normaliseKenyanPhone(phone) ?? phone,
        gender,
      });
      return { message: t('profile.updated'), data: await userData(user.id) };
    },
  );

  api.get('/api/teacher/update-data', teacher, async (request) => {
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

  api.post(
    '/api/teacher/update',
    { ...teacher, bodyLimit: BODY_LIMIT.text, schema: { body: TeacherBody } },
    async (request) => {
      const user = currentUser(request);
      const body = request.body;
      await profiles.updateTeacherProfile(ctx, user.id, {
        biography: body.biography,
        currentWorkplace: body.current_workplace,
        qualificationLevel: body.qualification_level,
        curriculumId: body.curriculum_id,
        eduLevelId: body.edu_level_id,
        subjectIds: [...new Set(body.subject_ids)],
        idNumber: body.id_number || null,
        tscNumber: body.tsc_number || null,
      });
      return { message: t('profile.updated'), data: await userData(user.id) };
    },
  );

  // Multipart only here: the parser is registered in this route's own scope.
  void app.register(async (scope) => {
    await scope.register(multipart, {
      // One byte over the limit is read, so a cut-off file is always longer than any allowed one.
      limits: { fileSize: PHOTO_MAX_BYTES + 1, files: 1, fields: 5, parts: 6, fieldSize: 1024 },
    });
    typed(scope).post(
      '/api/user/photo',
      { bodyLimit: BODY_LIMIT.upload, preValidation: guards.authenticate },
      async (request) => {
        const user = currentUser(request);
        await photos.replacePhoto(ctx, user.id, await photoUpload(request));
        return { message: t('photo.updated'), data: await userData(user.id) };
      },
    );
  });

  // Public: photos show on public teacher cards. A new upload gets a new name, so a name never changes.
  api.get('/api/photos/:name', { schema: { params: PhotoParams } }, async (request, reply) => {
    const photo = await photos.readPhoto(ctx, request.params.name);
    return reply
      .type(photo.mimeType)
      .header('Content-Length', String(photo.size))
      .header('Cache-Control', 'public, max-age=31536000, immutable')
      .send(photo.stream);
  });

  api.post('/api/teacher/submit-profile', teacher, async (request) => {
    const user = currentUser(request);
    await profiles.submitTeacherProfile(ctx, user.id);
    return { message: t('profile.submitted'), data: await userData(user.id) };
  });
}
