// The teaching side's rules (issue 10, docs/teaching-admin.md), shared by the API's validation and the
// SPA's forms and machines so the two cannot drift apart.
import { gradeLevelsOfCurriculum } from './catalogue';
import { t } from './messages';

/** Every lesson lasts this long; the slot grid and the clash check use it. */
export const LESSON_LENGTH_MINUTES = 60;
/** Free time a teacher keeps between two lessons. */
export const LESSON_GAP_MINUTES = 15;
/** Slots start on the half hour, the first at 07:00 and the last ending by 21:00 (Africa/Nairobi). */
export const SLOT_STEP_MINUTES = 30;
export const SLOT_DAY_START = '07:00';
export const SLOT_DAY_END = '21:00';
/** A slot must start at least this long from now, so learners have time to book. */
export const SLOT_MIN_NOTICE_MINUTES = 60;
/** How far ahead a lesson can be scheduled. */
export const SCHEDULE_MAX_DAYS_AHEAD = 365;

/** "Number of lessons" of the create form (SPEC §3): a series of 1 to 12 at the chosen frequency. */
export const SERIES_MIN = 1;
export const SERIES_MAX = 12;
export const SERIES_FREQUENCIES = ['daily', 'weekly', 'monthly'] as const;
export type SeriesFrequency = (typeof SERIES_FREQUENCIES)[number];

/** Cost per lesson in KES. */
export const LESSON_PRICE_MIN = 100;
export const LESSON_PRICE_MAX = 100_000;
export const OBJECTIVE_MIN = 10;
export const OBJECTIVE_MAX = 500;
export const TITLE_MAX = 150;
export const DESCRIPTION_MAX = 5_000;
export const REMARK_MIN = 3;
export const REMARK_MAX = 500;

export const LESSON_TYPES = ['public', 'private', 'group'] as const;
/**
 * Seats (issue 20): a group lesson sets 2–100; a public lesson may set the same range or none (no
 * limit); a private lesson has one seat (the API stores 1 whatever is sent).
 */
export const CAPACITY_MIN = 2;
export const CAPACITY_MAX = 100;

/** A lesson with a seat limit and no seat left: it cannot be bought. */
export function isFull(seatsLeft: number | null | undefined): boolean {
  return seatsLeft !== null && seatsLeft !== undefined && seatsLeft <= 0;
}

/** A lesson card's seat line: "3 seats left", "1 seat left", "Full", or null without a limit. */
export function seatsText(seatsLeft: number | null | undefined): string | null {
  if (seatsLeft === null || seatsLeft === undefined) return null;
  if (isFull(seatsLeft)) return t('lessons.full');
  return seatsLeft === 1 ? t('lessons.oneSeatLeft') : t('lessons.seatsLeft', { count: seatsLeft });
}

/** Seats still for sale (null: no limit). A booking holds a seat until it is refunded. */
export function seatsLeft(lesson: { capacity: number | null }, taken: number): number | null {
  return lesson.capacity === null ? null : Math.max(0, lesson.capacity - taken);
}

export const CLASS_TYPES = ['catch_up', 'revision', 'get_ahead'] as const;
export const CLASS_FREQUENCIES = ['daily', 'weekly', 'monthly', 'yearly'] as const;
export const CLASS_TYPE_LABELS: Record<(typeof CLASS_TYPES)[number], string> = {
  catch_up: 'Catch up',
  revision: 'Revision',
  get_ahead: 'Get ahead',
};

/** Where the teacher's lessons and classes live (src/shared/routes.ts). */
export const TEACHER_LESSONS_PATH = '/teaching/lessons';
export const TEACHER_CLASSES_PATH = '/teaching/classes';

export function teacherClassPath(id: number | string): string {
  return `${TEACHER_CLASSES_PATH}/show/${encodeURIComponent(String(id))}`;
}

/** After saving lessons, My lessons opens on the tab that shows them: Pending while one awaits approval. */
export function lessonsPathAfterSave(lessons: ReadonlyArray<{ status: string | null }>): string {
  return lessons.some((lesson) => lesson.status === 'pending')
    ? `${TEACHER_LESSONS_PATH}?filter=pending`
    : TEACHER_LESSONS_PATH;
}

/** The grade levels a class of the chosen curriculum may be for (none until one is chosen). */
export function gradesOfCurriculum<T extends { curriculumId: number | null }>(
  gradeLevels: readonly T[],
  curriculumId: string | null,
): T[] {
  return curriculumId === null || curriculumId === ''
    ? []
    : gradeLevelsOfCurriculum(gradeLevels, curriculumId);
}

/** A teacher's lesson as the teacher sees it. */
export const TEACHER_LESSON_STATUSES = ['pending', 'approved', 'rejected', 'cancelled'] as const;
export const TEACHER_LESSON_FILTERS = ['upcoming', 'past', 'pending', 'rejected', 'cancelled'] as const;
export const TEACHER_CLASS_FILTERS = ['upcoming', 'ongoing', 'past', 'pending', 'rejected'] as const;

/** Files on notes and assignments (SPEC §5 messages with these numbers). */
export const MATERIAL_FILES_MIN = 1;
export const MATERIAL_FILES_MAX = 5;
export const MATERIAL_FILE_MAX_MB = 10;
export const MATERIAL_FILE_MAX_BYTES = MATERIAL_FILE_MAX_MB * 1024 * 1024;
/** Extension → MIME type of the documents a teacher may attach. */
export const MATERIAL_FILE_TYPES: Record<string, string> = {
  pdf: 'application/pdf',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  gif: 'image/gif',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xls: 'application/vnd.ms-excel',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  ppt: 'application/vnd.ms-powerpoint',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  txt: 'text/plain',
};
/** The {types} of SPEC §5's "Allowed file types" message. */
/** A teacher's vetting documents (issue 24): what they are, and the files they may be (PDF or images). */
export const TEACHER_DOCUMENT_KINDS = ['id_document', 'certificate'] as const;
export type TeacherDocumentKind = (typeof TEACHER_DOCUMENT_KINDS)[number];
export const TEACHER_DOCUMENT_EXTENSIONS: readonly string[] = ['pdf', 'jpg', 'jpeg', 'png', 'webp'];
/** What a teacher calls each kind on the upload screen (and an admin on the approval card). */
export const TEACHER_DOCUMENT_KIND_LABELS: Record<TeacherDocumentKind, string> = {
  id_document: 'National ID or passport',
  certificate: 'Certificate',
};
/** The file picker's `accept`: the MIME types of TEACHER_DOCUMENT_EXTENSIONS. */
export const TEACHER_DOCUMENT_MIME_TYPES: readonly string[] = [
  ...new Set(TEACHER_DOCUMENT_EXTENSIONS.map((extension) => MATERIAL_FILE_TYPES[extension] ?? '')),
];

/** A chosen vetting document by its name's extension and its size: the server's rules and words. */
export function teacherDocumentProblem(file: { name: string; size: number }): string | null {
  const extension = /\.([A-Za-z0-9]+)$/.exec(file.name)?.[1]?.toLowerCase() ?? '';
  if (!TEACHER_DOCUMENT_EXTENSIONS.includes(extension)) return t('teach.documentType');
  if (file.size > MATERIAL_FILE_MAX_BYTES) return t('validation.fileSize', { size: MATERIAL_FILE_MAX_MB });
  if (file.size === 0) return t('validation.required');
  return null;
}

export const MATERIAL_FILE_TYPE_NAMES = 'PDF, JPG, PNG, WebP, GIF, Word, Excel, PowerPoint, TXT';

/** A chosen note or assignment file by its name's extension and its size, in the SPEC §5 wording. */
export function materialFileProblem(file: { name: string; size: number }): string | null {
  const extension = /\.([A-Za-z0-9]+)$/.exec(file.name)?.[1]?.toLowerCase() ?? '';
  if (!Object.hasOwn(MATERIAL_FILE_TYPES, extension)) {
    return t('validation.fileTypes', { types: MATERIAL_FILE_TYPE_NAMES });
  }
  if (file.size > MATERIAL_FILE_MAX_BYTES) return t('validation.fileSize', { size: MATERIAL_FILE_MAX_MB });
  if (file.size === 0) return t('validation.required');
  return null;
}

/** How many files a note or assignment holds in all (kept plus new): 1 to 5 (SPEC §5). */
export function materialFileCountProblem(count: number): string | null {
  return count < MATERIAL_FILES_MIN || count > MATERIAL_FILES_MAX
    ? t('validation.fileCount', { min: MATERIAL_FILES_MIN, max: MATERIAL_FILES_MAX })
    : null;
}

/** The platform's share of a lesson's takings (PLATFORM_COMMISSION_PERCENT on the server). */
export const DEFAULT_COMMISSION_PERCENT = 20;

/** Catalogue kinds an admin writes (CONTRACT, admin section). */
export const CATALOGUE_KINDS = [
  'curricula',
  'edu-levels',
  'grade-levels',
  'subjects',
  'topics',
  'subtopics',
] as const;
export type CatalogueKind = (typeof CATALOGUE_KINDS)[number];
