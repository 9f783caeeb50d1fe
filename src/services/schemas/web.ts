// Public-site resources of docs/catalogue-api.md: lessons, classes, teachers, home, search, plans, FAQs.
import { array, boolean, defaulted, enums, nullable, number, string, type, type Infer } from 'superstruct';
import {
  countStruct as count,
  CurriculumRefStruct,
  GradeLevelRefStruct,
  NamedRefStruct,
  SubjectRefStruct,
  TopicRowStruct,
} from './catalogue';
import { decodeWith, id, maybe, money, oneOf } from './common';
import { SEARCH_KINDS } from '@/shared/catalogue';

export const CLASS_TYPES = ['catch_up', 'revision', 'get_ahead'] as const;
export type ClassType = (typeof CLASS_TYPES)[number];
export const CLASS_FREQUENCIES = ['daily', 'weekly', 'monthly', 'yearly'] as const;

/** A teacher's rating on a card (issue 25, src/shared/reviews.ts): score and mean null without reviews. */
export const RatingSummaryStruct = type({ score: maybe(number()), mean: maybe(number()), count: number() });
export type RatingSummary = Infer<typeof RatingSummaryStruct>;
const rating = maybe(RatingSummaryStruct);

export const TeacherSummaryStruct = type({
  id,
  firstName: defaulted(string(), ''),
  lastName: defaulted(string(), ''),
  photoUrl: maybe(string()),
  qualificationLevel: maybe(string()),
  biography: maybe(string()),
  currentWorkplace: maybe(string()),
  rating,
});
export type TeacherSummary = Infer<typeof TeacherSummaryStruct>;

export const LessonStruct = type({
  id,
  code: string(),
  objective: maybe(string()),
  price: defaulted(money, '0.00'),
  startAt: maybe(string()),
  endAt: maybe(string()),
  topic: maybe(type({ name: string() })),
  program: maybe(
    type({ name: string(), curriculum: maybe(type({ name: string(), acronym: maybe(string()) })) }),
  ),
  type: maybe(type({ name: string(), color: maybe(string()) })),
  subject: maybe(SubjectRefStruct),
  gradeLevel: maybe(GradeLevelRefStruct),
  teacher: maybe(TeacherSummaryStruct),
  class: maybe(type({ id, title: maybe(string()) })),
  durationMinutes: maybe(number()),
  seatsLeft: maybe(number()),
  bookable: defaulted(boolean(), true),
});
export type Lesson = Infer<typeof LessonStruct>;

export const ClassStruct = type({
  id,
  title: string(),
  description: maybe(string()),
  subject: maybe(SubjectRefStruct),
  gradeLevel: maybe(GradeLevelRefStruct),
  curriculum: maybe(CurriculumRefStruct),
  type: oneOf(CLASS_TYPES),
  frequency: oneOf(CLASS_FREQUENCIES),
  price: defaulted(money, '0.00'),
  startsAt: maybe(string()),
  endsAt: maybe(string()),
  lessonsCount: count,
  teacher: maybe(TeacherSummaryStruct),
  nextLesson: maybe(type({ code: string(), startAt: maybe(string()), price: maybe(money) })),
});
export type LessonClass = Infer<typeof ClassStruct>;

/** A lesson of a class's public page (classpage, issue 24). */
export const ClassLessonStruct = type({
  id,
  code: string(),
  startAt: string(),
  endAt: maybe(string()),
  price: defaulted(money, '0.00'),
  topic: maybe(type({ name: string() })),
});
export type ClassLesson = Infer<typeof ClassLessonStruct>;

/**
 * `GET /api/web/classes/{id}`: the class with its lessons (not cancelled) and how many it was planned
 * with (cancelled ones included), which prices a lesson's share (src/shared/class-purchase.ts).
 */
export const ClassDetailStruct = type({
  ...ClassStruct.schema,
  lessonsPlanned: count,
  lessons: array(ClassLessonStruct),
});
export type ClassDetail = Infer<typeof ClassDetailStruct>;

export const TeacherStruct = type({
  id,
  firstName: defaulted(string(), ''),
  lastName: defaulted(string(), ''),
  photoUrl: maybe(string()),
  qualificationLevel: maybe(string()),
  biography: maybe(string()),
  currentWorkplace: maybe(string()),
  curriculum: maybe(CurriculumRefStruct),
  subjects: defaulted(array(SubjectRefStruct), []),
  lessonsCount: count,
  classesCount: count,
  rating,
});
export type Teacher = Infer<typeof TeacherStruct>;

export const PackageStruct = type({
  id,
  name: string(),
  slug: maybe(string()),
  recommended: defaulted(boolean(), false),
  price: defaulted(money, '0.00'),
  interval: maybe(string()),
  duration: maybe(number()),
  durationUnit: maybe(string()),
  features: defaulted(
    array(type({ id, name: string(), value: maybe(string()), displayValue: maybe(string()) })),
    [],
  ),
});
export type Package = Infer<typeof PackageStruct>;

export const FaqStruct = type({ id, question: string(), answer: string() });
export type Faq = Infer<typeof FaqStruct>;

const PersonStruct = type({
  id,
  firstName: defaulted(string(), ''),
  lastName: defaulted(string(), ''),
  photoUrl: maybe(string()),
});
export type Person = Infer<typeof PersonStruct>;

export const QuestionStruct = type({
  id,
  title: string(),
  body: defaulted(string(), ''),
  subject: maybe(SubjectRefStruct),
  gradeLevel: maybe(NamedRefStruct),
  author: maybe(PersonStruct),
  answersCount: count,
  answered: defaulted(boolean(), false),
  createdAt: maybe(string()),
});
export type Question = Infer<typeof QuestionStruct>;

export const VOTE_TYPES = ['like', 'dislike'] as const;
export type VoteType = (typeof VOTE_TYPES)[number];

export const AnswerStruct = type({
  id,
  questionId: maybe(id),
  body: defaulted(string(), ''),
  author: maybe(PersonStruct),
  likesCount: count,
  dislikesCount: count,
  myVote: maybe(nullable(enums(VOTE_TYPES))),
  createdAt: maybe(string()),
});
export type Answer = Infer<typeof AnswerStruct>;

export const VoteResultStruct = type({
  answerId: id,
  likesCount: count,
  dislikesCount: count,
  myVote: maybe(nullable(enums(VOTE_TYPES))),
});
export type VoteResult = Infer<typeof VoteResultStruct>;

export const HomeStruct = type({
  classes: defaulted(array(ClassStruct), []),
  lessons: defaulted(array(LessonStruct), []),
  teachers: defaulted(array(TeacherStruct), []),
  subjects: defaulted(array(type({ ...SubjectRefStruct.schema, lessonsCount: count })), []),
  questions: defaulted(array(QuestionStruct), []),
  packages: defaulted(array(PackageStruct), []),
});
export type Home = Infer<typeof HomeStruct>;

export const SearchResultStruct = type({
  kind: enums(SEARCH_KINDS),
  id,
  title: string(),
  summary: maybe(string()),
  rank: defaulted(number(), 0),
  code: maybe(string()),
  slug: maybe(string()),
  startAt: maybe(string()),
  price: maybe(money),
});
export type SearchResult = Infer<typeof SearchResultStruct>;

export const ClassFiltersStruct = type({
  curricula: defaulted(array(CurriculumRefStruct), []),
  gradeLevels: defaulted(array(type({ ...GradeLevelRefStruct.schema, curriculumId: maybe(id) })), []),
  subjects: defaulted(array(SubjectRefStruct), []),
});
export type ClassFilters = Infer<typeof ClassFiltersStruct>;

export const SubjectDetailStruct = type({
  ...SubjectRefStruct.schema,
  category: maybe(NamedRefStruct),
  topicsCount: count,
  topics: defaulted(
    array(
      type({
        ...TopicRowStruct.schema,
        gradeLevel: maybe(NamedRefStruct),
        subtopics: defaulted(array(NamedRefStruct), []),
      }),
    ),
    [],
  ),
  gradeLevels: defaulted(array(NamedRefStruct), []),
  upcomingLessons: defaulted(array(LessonStruct), []),
});
export type SubjectDetail = Infer<typeof SubjectDetailStruct>;

export const decodeLesson = (raw: unknown): Lesson => decodeWith(LessonStruct, raw);
export const decodeClass = (raw: unknown): LessonClass => decodeWith(ClassStruct, raw);
export const decodeClassDetail = (raw: unknown): ClassDetail => decodeWith(ClassDetailStruct, raw);
export const decodeTeacher = (raw: unknown): Teacher => decodeWith(TeacherStruct, raw);
export const decodePackage = (raw: unknown): Package => decodeWith(PackageStruct, raw);
export const decodeFaq = (raw: unknown): Faq => decodeWith(FaqStruct, raw);
export const decodeQuestion = (raw: unknown): Question => decodeWith(QuestionStruct, raw);
export const decodeAnswer = (raw: unknown): Answer => decodeWith(AnswerStruct, raw);
export const decodeVoteResult = (raw: unknown): VoteResult => decodeWith(VoteResultStruct, raw);
export const decodeHome = (raw: unknown): Home => decodeWith(HomeStruct, raw);
export const decodeSearchResult = (raw: unknown): SearchResult => decodeWith(SearchResultStruct, raw);
export const decodeClassFilters = (raw: unknown): ClassFilters => decodeWith(ClassFiltersStruct, raw);
export const decodeSubjectDetail = (raw: unknown): SubjectDetail => decodeWith(SubjectDetailStruct, raw);
