// Wire shapes of the public site and catalogue (docs/catalogue-api.md). A person appears only as a
// Person or TeacherSummary: never an e-mail, phone, ID or TSC number, date of birth or status.
import type {
  answers,
  classes,
  curricula,
  educationLevels,
  faqs,
  gradeLevels,
  lessons,
  programs,
  questions,
  subjects,
  teachers,
  topics,
  users,
} from '../db/schema';
import { curriculumSummary, subjectResource } from './catalogue-resource';
import { lessonProgramResource, lessonTypeResource } from './commerce-resource';
import { centsToDecimal } from './money';
import { ratingSummary } from '../services/rating-service';
import type { Rating } from '../../src/shared/reviews';
import { seatsLeft as seatsLeftOf } from '../../src/shared/teaching';

type Row<T extends { $inferSelect: unknown }> = T['$inferSelect'];
type Subject = Omit<Row<typeof subjects>, 'search'>;
type Teacher = Omit<Row<typeof teachers>, 'search'>;
type PublicUser = Pick<Row<typeof users>, 'id' | 'firstName' | 'lastName' | 'photo'>;

export type GradeRef = Row<typeof gradeLevels> & {
  eduLevel: (Row<typeof educationLevels> & { curriculum: Row<typeof curricula> | null }) | null;
};

export const gradeLevelRef = (grade: GradeRef) => ({
  id: grade.id,
  name: grade.name,
  slug: grade.slug,
  edu_level: grade.eduLevel
    ? {
        id: grade.eduLevel.id,
        name: grade.eduLevel.name,
        slug: grade.eduLevel.slug,
        curriculum: grade.eduLevel.curriculum ? curriculumSummary(grade.eduLevel.curriculum) : null,
      }
    : null,
});

const personResource = (user: PublicUser) => ({
  id: user.id,
  first_name: user.firstName,
  last_name: user.lastName,
  photo_url: user.photo ?? null,
});

/** A teacher as cards show them, with their rating (server/services/rating-service.ts `ratingsOf`). */
export type TeacherWithUser = Teacher & { user: PublicUser; rating: Rating | undefined };

const teacherSummary = (teacher: TeacherWithUser) => ({
  id: teacher.id,
  first_name: teacher.user.firstName,
  last_name: teacher.user.lastName,
  photo_url: teacher.user.photo ?? null,
  qualification_level: teacher.qualificationLevel,
  rating: ratingSummary(teacher.rating),
});

export type LessonCard = Omit<Row<typeof lessons>, 'search'> & {
  topic: Row<typeof topics> | null;
  program: Row<typeof programs> | null;
  curriculum: Row<typeof curricula> | null;
  subject: Subject | null;
  gradeLevel: GradeRef | null;
  teacher: TeacherWithUser;
  lessonClass: { id: number; title: string } | null;
  /** Seats its bookings hold (refunded ones do not; `takenSeats`). */
  booked: number;
};

export function lessonCard(lesson: LessonCard, options: { withBiography?: boolean; now?: Date } = {}) {
  const now = options.now ?? new Date();
  const seatsLeft = seatsLeftOf(lesson, lesson.booked);
  return {
    id: lesson.id,
    code: lesson.code,
    objective: lesson.objective,
    price: centsToDecimal(lesson.priceCents),
    start_at: lesson.startAt.toISOString(),
    end_at: lesson.endAt.toISOString(),
    topic: lesson.topic ? { id: lesson.topic.id, name: lesson.topic.name, slug: lesson.topic.slug } : null,
    program: lessonProgramResource(lesson.program, lesson.curriculum),
    type: lessonTypeResource(lesson.type),
    subject: lesson.subject ? subjectResource(lesson.subject) : null,
    grade_level: lesson.gradeLevel ? gradeLevelRef(lesson.gradeLevel) : null,
    teacher: options.withBiography
      ? {
          ...teacherSummary(lesson.teacher),
          biography: lesson.teacher.biography,
          current_workplace: lesson.teacher.currentWorkplace,
        }
      : teacherSummary(lesson.teacher),
    class: lesson.lessonClass,
    duration_minutes: Math.round((lesson.endAt.getTime() - lesson.startAt.getTime()) / 60_000),
    seats_left: seatsLeft,
    bookable:
      lesson.isApproved &&
      lesson.cancelledAt === null &&
      lesson.startAt.getTime() > now.getTime() &&
      seatsLeft !== 0,
  };
}

export type ClassCard = Omit<Row<typeof classes>, 'search'> & {
  subject: Subject;
  gradeLevel: GradeRef;
  curriculum: Row<typeof curricula>;
  teacher: TeacherWithUser;
  lessonsCount: number;
  nextLesson: { code: string; startAt: Date; priceCents: number } | null;
};

export const classCard = (row: ClassCard) => ({
  id: row.id,
  title: row.title,
  description: row.description,
  subject: subjectResource(row.subject),
  grade_level: gradeLevelRef(row.gradeLevel),
  curriculum: curriculumSummary(row.curriculum),
  type: row.type,
  frequency: row.frequency,
  price: centsToDecimal(row.priceCents),
  starts_at: row.startsAt.toISOString(),
  ends_at: row.endsAt.toISOString(),
  lessons_count: row.lessonsCount,
  teacher: teacherSummary(row.teacher),
  next_lesson: row.nextLesson
    ? {
        code: row.nextLesson.code,
        start_at: row.nextLesson.startAt.toISOString(),
        price: centsToDecimal(row.nextLesson.priceCents),
      }
    : null,
});

/** A lesson of a class's public page (`GET /api/web/classes/{id}`): enough to list it and open it. */
export const classLessonResource = (lesson: {
  id: number;
  code: string;
  startAt: Date;
  endAt: Date;
  priceCents: number;
  topic: string | null;
}) => ({
  id: lesson.id,
  code: lesson.code,
  start_at: lesson.startAt.toISOString(),
  end_at: lesson.endAt.toISOString(),
  price: centsToDecimal(lesson.priceCents),
  topic: lesson.topic === null ? null : { name: lesson.topic },
});

export type TeacherCard = TeacherWithUser & {
  curriculum: Row<typeof curricula> | null;
  subjects: Subject[];
  lessonsCount: number;
  classesCount: number;
};

export const teacherCard = (row: TeacherCard) => ({
  ...teacherSummary(row),
  biography: row.biography,
  current_workplace: row.currentWorkplace,
  curriculum: row.curriculum ? curriculumSummary(row.curriculum) : null,
  subjects: row.subjects.map(subjectResource),
  lessons_count: row.lessonsCount,
  classes_count: row.classesCount,
});

export type QuestionCard = Omit<Row<typeof questions>, 'search'> & {
  subject: Subject | null;
  gradeLevel: Row<typeof gradeLevels> | null;
  author: PublicUser;
  answersCount: number;
};

export const questionCard = (row: QuestionCard) => ({
  id: row.id,
  title: row.title,
  body: row.body,
  subject: row.subject ? subjectResource(row.subject) : null,
  grade_level: row.gradeLevel
    ? { id: row.gradeLevel.id, name: row.gradeLevel.name, slug: row.gradeLevel.slug }
    : null,
  author: personResource(row.author),
  answers_count: row.answersCount,
  answered: row.answersCount > 0,
  created_at: row.createdAt.toISOString(),
});

export type AnswerCard = Row<typeof answers> & {
  author: PublicUser;
  likesCount: number;
  dislikesCount: number;
  myVote: 'like' | 'dislike' | null;
};

export const answerCard = (row: AnswerCard) => ({
  id: row.id,
  question_id: row.questionId,
  body: row.body,
  author: personResource(row.author),
  likes_count: row.likesCount,
  dislikes_count: row.dislikesCount,
  my_vote: row.myVote,
  created_at: row.createdAt.toISOString(),
});

export const faqResource = (row: Row<typeof faqs>) => ({
  id: row.id,
  question: row.question,
  answer: row.answer,
  position: row.position,
});
