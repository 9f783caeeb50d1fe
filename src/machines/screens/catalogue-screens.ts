// The catalogue's browsing screens (curricula, grade levels, subjects), the public teachers and FAQs,
// and a learner's Find lessons: lists and single resources none of the landing pages load (those are
// in public-screens.ts, in the entry's chunk).
import { listLoader, oneLoader } from '@/machines/load-machine';
import {
  fetchCurricula,
  fetchCurriculum,
  fetchGradeLevel,
  fetchGradeLevels,
  fetchSubject,
  fetchSubjects,
} from '@/services/catalogue-service';
import { fetchFaqs } from '@/services/faq-service';
import { findLessons } from '@/services/learner-lesson-service';
import type {
  CurriculumDetail,
  CurriculumSummary,
  GradeLevelDetail,
  GradeLevelSummary,
  SubjectSummary,
} from '@/services/schemas/catalogue';
import type { LearnerLesson } from '@/services/schemas/learner';
import type { Faq, SubjectDetail, Teacher } from '@/services/schemas/web';
import { fetchTeachers } from '@/services/teacher-service';

/** A show page's item, named in its route by slug or id (params `{slug}`). */
const slugOf = (params: { slug?: unknown }) => String(params.slug ?? '');

export const curriculaLoader = listLoader<CurriculumSummary>((query) => fetchCurricula(query));
export const curriculumLoader = oneLoader<CurriculumDetail>((params) => fetchCurriculum(slugOf(params)));

/** Every curriculum at once, for the grade levels' curriculum filter. */
export const curriculumChoicesLoader = oneLoader<CurriculumSummary[]>(
  async () => (await fetchCurricula({ per_page: '100' })).items,
);

export const gradeLevelsLoader = listLoader<GradeLevelSummary>((query) => fetchGradeLevels(query));
export const gradeLevelLoader = oneLoader<GradeLevelDetail>((params) => fetchGradeLevel(slugOf(params)));

export const subjectsLoader = listLoader<SubjectSummary>((query) => fetchSubjects(query));
export const subjectLoader = oneLoader<SubjectDetail>((params) => fetchSubject(slugOf(params)));

/** `/teachers`: approved teachers, searched by name. */
export const teachersLoader = listLoader<Teacher>((query) => fetchTeachers(query));

export const faqsLoader = listLoader<Faq>(() => fetchFaqs());

/** `/lessons/find`: approved lessons that have not started, for a learner. */
export const findLessonsLoader = listLoader<LearnerLesson>((query) => findLessons(query));
