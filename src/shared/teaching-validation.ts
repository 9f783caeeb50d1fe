// The create and edit lesson form's checks (issue 10, docs/teaching-admin.md), answered before a round
// trip; the API stays the authority (a clash with another lesson only it can see). Pure: calendar
// days are `YYYY-MM-DD` and their arithmetic is UTC, so no time zone is involved.
import { dayMs, dayOf } from './calendar-days';
import { formatDate } from './format';
import { t } from './messages';
import {
  CAPACITY_MAX,
  CAPACITY_MIN,
  DESCRIPTION_MAX,
  LESSON_PRICE_MAX,
  LESSON_PRICE_MIN,
  LESSON_TYPES,
  OBJECTIVE_MAX,
  OBJECTIVE_MIN,
  SCHEDULE_MAX_DAYS_AHEAD,
  SERIES_FREQUENCIES,
  SERIES_MAX,
  SERIES_MIN,
  TITLE_MAX,
  type SeriesFrequency,
} from './teaching';
import { collect, isBlank, type FieldErrors } from './validation';

/** The form's fields as the form holds them (ids as strings, as select inputs give them). */
export type LessonFormValues = {
  subjectId: string;
  gradeLevelId: string;
  topicId: string;
  programId: string;
  classId: string;
  type: string;
  objective: string;
  lessonsCount: number | string;
  frequency: string;
  price: number | string;
  /** `YYYY-MM-DD` in Africa/Nairobi. */
  date: string;
  /** `HH:mm`, one of the free slots of the date. */
  time: string;
  /** Seats: required for a group lesson, optional for a public one (empty: no limit), none for a private one. */
  capacity: number | string;
};

export type LessonFormCheck = {
  /** `YYYY-MM-DD`: today where the lessons take place. */
  today: string;
  /** Editing: no series fields. */
  editing?: boolean;
  /** Editing a booked lesson: only the date and time can change. */
  rescheduleOnly?: boolean;
};

const DAY_MS = 86_400_000;

/** `n` months after a day; the 31st lands on the month's last day (Jan 31 → Feb 28), as dayjs does. */
function addMonths(ms: number, months: number): number {
  const date = new Date(ms);
  const target = Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + months, 1);
  const last = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + months + 1, 0)).getUTCDate();
  return target + (Math.min(date.getUTCDate(), last) - 1) * DAY_MS;
}

/** The days of a series: the first day, then every day, week or month after it. */
export function seriesDates(date: string, count: number, frequency: SeriesFrequency): string[] {
  const first = dayMs(date);
  if (first === null || !Number.isInteger(count) || count < SERIES_MIN) return [];
  const days: string[] = [];
  for (let i = 0; i < Math.min(count, SERIES_MAX); i++) {
    if (frequency === 'daily') days.push(dayOf(first + i * DAY_MS));
    else if (frequency === 'weekly') days.push(dayOf(first + i * 7 * DAY_MS));
    else days.push(dayOf(addMonths(first, i)));
  }
  return days;
}

/** The last day a lesson may be scheduled on. */
export function lastSchedulableDay(today: string): string {
  return dayOf((dayMs(today) ?? 0) + SCHEDULE_MAX_DAYS_AHEAD * DAY_MS);
}

function wholeNumber(value: number | string): number | null {
  const text = String(value).trim();
  return /^\d+$/.test(text) ? Number(text) : null;
}

function dateProblem(date: string, today: string): string | null {
  if (isBlank(date)) return t('validation.required');
  if (dayMs(date) === null) return t('validation.date');
  const last = lastSchedulableDay(today);
  if (date < today || date > last)
    return t('validation.dateBetween', { minDate: formatDate(today), maxDate: formatDate(last) });
  return null;
}

function numberProblem(value: number | string, min: number, max: number, whole: boolean): string | null {
  if (isBlank(value)) return t('validation.required');
  const text = String(value).trim();
  const number = Number(text);
  if (!Number.isFinite(number)) return t('validation.wholeNumber');
  if (whole && wholeNumber(text) === null) return t('validation.wholeNumber');
  if (number < min) return t('validation.minNumber', { min });
  if (number > max) return t('validation.maxNumber', { max });
  return null;
}

/**
 * The seats a teacher may set (issue 20), for the form and the API alike: a group lesson needs
 * CAPACITY_MIN–CAPACITY_MAX; a public one may leave it empty (no limit); a private one has one seat
 * whatever is sent.
 */
export function capacityProblem(type: string, capacity: number | string | null | undefined): string | null {
  if (type === 'private') return null;
  if (isBlank(capacity)) return type === 'group' ? t('teaching.capacityRequired') : null;
  const seats = wholeNumber(capacity ?? '');
  return seats === null || seats < CAPACITY_MIN || seats > CAPACITY_MAX
    ? t('teaching.capacityRange', { min: CAPACITY_MIN, max: CAPACITY_MAX })
    : null;
}

const required = (value: string) => (isBlank(value) ? t('validation.required') : null);

/** Errors per field of the lesson form (empty when it can be sent). */
export function validateLessonForm(values: LessonFormValues, check: LessonFormCheck): FieldErrors {
  const when = {
    date: dateProblem(values.date, check.today),
    time: /^([01]\d|2[0-3]):[0-5]\d$/.test(values.time) ? null : t('validation.required'),
  };
  if (check.rescheduleOnly) return collect(when);
  const objective = values.objective.trim();
  return collect({
    subjectId: required(values.subjectId),
    gradeLevelId: required(values.gradeLevelId),
    topicId: required(values.topicId),
    type: (LESSON_TYPES as readonly string[]).includes(values.type) ? null : t('validation.choice'),
    objective: !objective
      ? t('validation.required')
      : objective.length < OBJECTIVE_MIN
        ? t('validation.minLength', { min: OBJECTIVE_MIN })
        : objective.length > OBJECTIVE_MAX
          ? t('validation.maxLength', { max: OBJECTIVE_MAX })
          : null,
    price: numberProblem(values.price, LESSON_PRICE_MIN, LESSON_PRICE_MAX, true),
    capacity: capacityProblem(values.type, values.capacity),
    ...(check.editing
      ? {}
      : {
          lessonsCount: numberProblem(values.lessonsCount, SERIES_MIN, SERIES_MAX, true),
          frequency: (SERIES_FREQUENCIES as readonly string[]).includes(values.frequency)
            ? null
            : t('validation.choice'),
        }),
    ...when,
  });
}

/** The class form's values: ids as strings (select values), dates `YYYY-MM-DD`, price as typed. */
export type ClassValues = {
  title: string;
  description: string;
  subjectId: string | null;
  gradeLevelId: string | null;
  curriculumId: string | null;
  type: string | null;
  frequency: string | null;
  price: string;
  startsOn: string | null;
  endsOn: string | null;
};

/** A new class's form: nothing chosen yet. */
export const BLANK_CLASS: ClassValues = {
  title: '',
  description: '',
  subjectId: null,
  gradeLevelId: null,
  curriculumId: null,
  type: null,
  frequency: null,
  price: '',
  startsOn: null,
  endsOn: null,
};

const CLASS_REQUIRED: ReadonlyArray<keyof ClassValues> = [
  'title',
  'subjectId',
  'curriculumId',
  'gradeLevelId',
  'type',
  'frequency',
  'price',
  'startsOn',
  'endsOn',
];

/**
 * The API's rules for a class, answered before a round trip: a whole-number price in range, a new
 * class starting from `today` (`YYYY-MM-DD`) to SCHEDULE_MAX_DAYS_AHEAD days on, the end not before
 * the start.
 */
export function validateClass(values: ClassValues, isNew: boolean, today: string): FieldErrors {
  const errors: FieldErrors = {};
  for (const field of CLASS_REQUIRED) if (isBlank(values[field])) errors[field] = [t('validation.required')];
  if (!errors.title && values.title.trim().length > TITLE_MAX)
    errors.title = [t('validation.maxLength', { max: TITLE_MAX })];
  if (values.description.length > DESCRIPTION_MAX)
    errors.description = [t('validation.maxLength', { max: DESCRIPTION_MAX })];
  if (!errors.price) {
    const price = Number(values.price.trim());
    if (!Number.isInteger(price)) errors.price = [t('validation.wholeNumber')];
    else if (price < LESSON_PRICE_MIN) errors.price = [t('validation.minNumber', { min: LESSON_PRICE_MIN })];
    else if (price > LESSON_PRICE_MAX) errors.price = [t('validation.maxNumber', { max: LESSON_PRICE_MAX })];
  }
  const last = lastSchedulableDay(today);
  if (isNew && values.startsOn && (values.startsOn < today || values.startsOn > last))
    errors.startsOn = [t('validation.dateBetween', { minDate: today, maxDate: last })];
  if (values.startsOn && values.endsOn && values.endsOn < values.startsOn)
    errors.endsOn = [t('validation.dateRange')];
  return errors;
}
