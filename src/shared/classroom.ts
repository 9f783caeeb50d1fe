// The lesson itself (issue 22, docs/classroom.md): when the classroom opens and closes for whom, what
// a teacher's own meeting link may be, how long a teacher's earning is held for a learner's report,
// and what a report says. Shared by the server (which decides) and the machines (which show it).

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** The teacher may enter the classroom this long before the start, to set up. */
export const TEACHER_JOIN_EARLY_MS = 30 * MINUTE;
/** Booked learners (or their parent) may enter this long before the start. */
export const LEARNER_JOIN_EARLY_MS = 15 * MINUTE;
/** A classroom token (JWT) lasts until the lesson's end plus this much, so a call may run over a little. */
export const TOKEN_GRACE_MS = 15 * MINUTE;
/** After a held lesson ends, the teacher's earning waits this long for a learner's report. */
export const EARNING_HOLD_MS = 24 * HOUR;

export const CLASSROOM_PROVIDERS = ['jitsi', 'link'] as const;
export type ClassroomProvider = (typeof CLASSROOM_PROVIDERS)[number];

export type ClassroomRole = 'teacher' | 'learner';

/**
 * The origin a Jitsi domain's IFrame API script and rooms come from: the domain over https, unless it
 * carries its own scheme (a local test origin, `http://127.0.0.1:4567`). Shared by the server (links,
 * CSP) and the classroom page (the script).
 */
export function jitsiOrigin(domain: string): string {
  return /^https?:\/\//i.test(domain) ? new URL(domain).origin : `https://${domain}`;
}

/** When `role` may enter a lesson's classroom: `[opensAt, closesAt]` (ms). Nobody after the end. */
export function classroomWindow(lesson: { startAt: Date; endAt: Date }, role: ClassroomRole) {
  const early = role === 'teacher' ? TEACHER_JOIN_EARLY_MS : LEARNER_JOIN_EARLY_MS;
  return { opensAt: new Date(lesson.startAt.getTime() - early), closesAt: lesson.endAt };
}

/**
 * Where a teacher's own meeting may be held: Zoom, Google Meet and Microsoft Teams, over https. The
 * host must be the service's own (or a subdomain of it, as Zoom's `us02web.zoom.us`).
 */
export const MEETING_HOSTS = ['zoom.us', 'meet.google.com', 'teams.microsoft.com', 'teams.live.com'] as const;

/** A meeting link is kept to this many characters (Teams links are long). */
export const MEETING_LINK_MAX = 500;

/** Null when `link` is a meeting link a teacher may give, else the message to show under the field. */
export function meetingLinkError(link: string): string | null {
  const value = link.trim();
  if (value === '') return 'Enter the meeting link.';
  if (value.length > MEETING_LINK_MAX)
    return `The meeting link may be at most ${MEETING_LINK_MAX} characters.`;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return 'Enter the whole meeting link, starting with https://';
  }
  if (url.protocol !== 'https:') return 'The meeting link must start with https://';
  if (url.username || url.password) return 'Enter the meeting link without a user name or password in it.';
  const host = url.hostname.toLowerCase();
  const known = MEETING_HOSTS.some((allowed) => host === allowed || host.endsWith(`.${allowed}`));
  if (!known) return 'Use a Zoom, Google Meet or Microsoft Teams meeting link.';
  if (url.pathname === '/' || url.pathname === '')
    return 'Enter the link of the meeting itself, not the site.';
  return null;
}

export const REPORT_REASONS = ['teacher_absent', 'cut_short', 'other'] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];

export const REPORT_REASON_LABELS: Record<ReportReason, string> = {
  teacher_absent: 'The teacher did not come',
  cut_short: 'The lesson was cut short',
  other: 'Other',
};

export const REPORT_TEXT_MIN = 10;
export const REPORT_TEXT_MAX = 1000;

/** Null when a report's text fits its reason ("Other" needs words), else the message to show. */
export function reportTextError(reason: ReportReason, text: string | null | undefined): string | null {
  const value = (text ?? '').trim();
  if (value === '') return reason === 'other' ? 'Tell us what went wrong.' : null;
  if (value.length < REPORT_TEXT_MIN) return `Write at least ${REPORT_TEXT_MIN} characters.`;
  if (value.length > REPORT_TEXT_MAX) return `Write at most ${REPORT_TEXT_MAX} characters.`;
  return null;
}

/** A learner may report a problem from the lesson's end until its teacher's earning is released. */
export function reportWindow(lesson: { endAt: Date }) {
  return { opensAt: lesson.endAt, closesAt: new Date(lesson.endAt.getTime() + EARNING_HOLD_MS) };
}

export const REPORT_DECISIONS = ['pay', 'refund'] as const;
export type ReportDecision = (typeof REPORT_DECISIONS)[number];
export const REPORT_STATUSES = ['open', 'paid', 'refunded'] as const;
export type ReportStatus = (typeof REPORT_STATUSES)[number];

/** What became of a lesson once it ended (null before): the teacher came, or never joined. */
export const LESSON_OUTCOMES = ['held', 'not_held'] as const;
export type LessonOutcome = (typeof LESSON_OUTCOMES)[number];

/** A teacher's earning for one lesson, as the wallet's earnings list shows it. */
export const EARNING_STATES = ['held', 'reported', 'paid', 'refunded'] as const;
export type EarningState = (typeof EARNING_STATES)[number];

export const REMARK_MIN = 5;
export const REMARK_MAX = 1000;
