// Curricula, grade levels and subjects (CONTRACT.md "Catalogue"; shapes in docs/catalogue-api.md).
// Show calls take an id or a slug.
import { request } from './http';
import { dataOf } from './envelope';
import {
  decodeCurriculumDetail,
  decodeCurriculumSummary,
  decodeGradeLevelDetail,
  decodeGradeLevelSummary,
  decodeSubjectSummary,
  type CurriculumDetail,
  type CurriculumSummary,
  type GradeLevelDetail,
  type GradeLevelSummary,
  type SubjectSummary,
} from './schemas/catalogue';
import { decodePage, pick, type ListPage, type ListQuery } from './schemas/page';
import { decodeSubjectDetail, type SubjectDetail } from './schemas/web';

const show = (base: string, idOrSlug: string) => `${base}/show/${encodeURIComponent(idOrSlug)}`;

export async function fetchCurricula(query: ListQuery = {}): Promise<ListPage<CurriculumSummary>> {
  return decodePage(await request('/api/curricula', { query: pick(query, ['page', 'per_page']) }), decodeCurriculumSummary);
}

export async function fetchCurriculum(idOrSlug: string): Promise<CurriculumDetail> {
  return decodeCurriculumDetail(dataOf(await request(show('/api/curricula', idOrSlug))));
}

export async function fetchGradeLevels(query: ListQuery = {}): Promise<ListPage<GradeLevelSummary>> {
  const answer = await request('/api/grade-levels', { query: pick(query, ['curriculum', 'edu_level', 'page', 'per_page']) });
  return decodePage(answer, decodeGradeLevelSummary);
}

export async function fetchGradeLevel(idOrSlug: string): Promise<GradeLevelDetail> {
  return decodeGradeLevelDetail(dataOf(await request(show('/api/grade-levels', idOrSlug))));
}

export async function fetchSubjects(query: ListQuery = {}): Promise<ListPage<SubjectSummary>> {
  const answer = await request('/api/subjects', { query: pick(query, ['q', 'curriculum', 'grade_level', 'page', 'per_page']) });
  return decodePage(answer, decodeSubjectSummary);
}

export async function fetchSubject(idOrSlug: string): Promise<SubjectDetail> {
  return decodeSubjectDetail(dataOf(await request(show('/api/subjects', idOrSlug))));
}
