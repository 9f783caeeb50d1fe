// Presentational parts shared by the learner's lesson and class screens: props in, markup out.
// dayjs stays in these workspace chunks (never in src/shared/format.ts, which public pages load).
import { Anchor, Badge, Card, Group, Stack, Tabs, Text, Title } from '@mantine/core';
import dayjs from 'dayjs';
import relativeTime from 'dayjs/plugin/relativeTime';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import type { LearnerClass, LearnerLesson } from '@/services/schemas/learner';
import { formatDate, formatKes, formatTime } from '@/shared/format';
import { t } from '@/shared/messages';
import { CLASS_TYPE_LABELS } from '../../components/lists/cards';
import { lessonTitle } from '../../components/lesson/lesson-detail';
import { useNow } from '../../hydration';

dayjs.extend(relativeTime);

export { lessonTitle };

export function lessonPath(code: string): string {
  return `/lessons/show/${encodeURIComponent(code)}`;
}

export function classPath(id: number | string, filter?: string): string {
  return `/classes/show/${encodeURIComponent(String(id))}${filter ? `/${filter}` : ''}`;
}

/** "Dec 1, 2026 · 2:00 PM – 3:00 PM" (SPEC §9: short date, 12-hour times). */
export function lessonWhen(startAt: string | null, endAt: string | null): string {
  if (!startAt) return '';
  const start = `${formatDate(startAt)} · ${formatTime(startAt)}`;
  return endAt ? `${start} – ${formatTime(endAt)}` : start;
}

export type LessonState = { kind: 'upcoming' | 'live' | 'ended' | 'cancelled'; label: string };

/** Where a lesson stands at `now`: "Starts in 2 hours", "Live now", "Ended", or "Cancelled" whenever. */
export function lessonState(
  startAt: string | null,
  endAt: string | null,
  now: number,
  cancelledAt: string | null = null,
): LessonState | null {
  if (cancelledAt) return { kind: 'cancelled', label: t('lessons.cancelled') };
  if (!startAt) return null;
  const start = Date.parse(startAt);
  const end = endAt ? Date.parse(endAt) : start;
  if (now < start)
    return { kind: 'upcoming', label: t('lessons.startsIn', { time: dayjs(start).from(now, true) }) };
  if (now <= end) return { kind: 'live', label: t('lessons.liveNow') };
  return { kind: 'ended', label: t('lessons.ended') };
}

// WCAG AA for badge text: light blue.9, and white on teal.9 or gray.8 (light gray and green.9 fail).
const STATE_COLORS = { upcoming: 'blue.9', live: 'teal.9', ended: 'gray.8', cancelled: 'red.9' } as const;

export function LessonStateBadge({
  startAt,
  endAt,
  cancelledAt = null,
}: {
  startAt: string | null;
  endAt: string | null;
  cancelledAt?: string | null;
}) {
  const state = lessonState(startAt, endAt, useNow(), cancelledAt);
  if (!state) return null;
  return (
    <Badge
      variant={state.kind === 'upcoming' ? 'light' : 'filled'}
      color={STATE_COLORS[state.kind]}
      style={{ flexShrink: 0 }}
    >
      {state.label}
    </Badge>
  );
}

/** A note's or an assignment's due date (assignments only) and description, as learner and teacher read them. */
export function MaterialText({ due, desc }: { due?: string | null; desc?: string | null }) {
  return (
    <>
      {due && (
        <Text size="sm" fw={600}>
          Due {formatDate(due)}
        </Text>
      )}
      {desc && (
        <Text size="sm" style={{ whiteSpace: 'pre-line' }}>
          {desc}
        </Text>
      )}
    </>
  );
}

/** "The teacher cancelled this lesson: {reason}. What was paid for it went back to the wallet." */
export function cancellationText(reason: string | null | undefined): string {
  return reason ? t('lessons.cancelledBecause', { reason }) : t('lessons.cancelledRefunded');
}

/**
 * One item of a workspace list (a lesson, a booking, a class): its title linking to its page, a badge
 * beside it, a line of details (subject, grade…) and the item's own lines under them.
 */
export function ItemCard({
  title,
  href,
  badge,
  details,
  headingLevel = 2,
  children,
}: {
  title: string;
  href: string;
  badge?: ReactNode;
  /** Joined with " · "; empty ones left out. */
  details: Array<string | null | undefined>;
  headingLevel?: 2 | 3;
  children?: ReactNode;
}) {
  const line = details.filter(Boolean).join(' · ');
  return (
    <Card withBorder padding="md" component="article">
      <Stack gap={6}>
        <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
          <Title order={headingLevel} size="h5">
            <Anchor component={Link} href={href} c="dark.8">
              {title}
            </Anchor>
          </Title>
          {badge}
        </Group>
        {line && (
          <Text size="sm" c="gray.7">
            {line}
          </Text>
        )}
        {children}
      </Stack>
    </Card>
  );
}

/** One lesson in a learner list: title linking to its page, subject, grade, teacher, time, state. */
export function LearnerLessonCard({
  lesson,
  headingLevel = 2,
  footer,
  badge,
}: {
  lesson: LearnerLesson;
  headingLevel?: 2 | 3;
  /** Extra lines under the lesson (who it is for). */
  footer?: ReactNode;
  /** Replaces the state badge (e.g. "Booked" in the search). */
  badge?: ReactNode;
}) {
  return (
    <ItemCard
      title={lessonTitle(lesson)}
      href={lessonPath(lesson.code)}
      headingLevel={headingLevel}
      badge={
        badge ?? (
          <LessonStateBadge startAt={lesson.startAt} endAt={lesson.endAt} cancelledAt={lesson.cancelledAt} />
        )
      }
      details={[lesson.subject?.name, lesson.gradeLevel?.name]}
    >
      <Text size="sm">{lessonWhen(lesson.startAt, lesson.endAt)}</Text>
      {lesson.teacher?.name && <Text size="sm">Teacher: {lesson.teacher.name}</Text>}
      <Text size="sm" fw={700}>
        Price: {formatKes(lesson.price)}
      </Text>
      {lesson.cancelledAt && <Text size="sm">{cancellationText(lesson.cancellationReason)}</Text>}
      {footer}
    </ItemCard>
  );
}

/** One class of the learner: title linking to its page, subject, grade, teacher, dates, lessons booked. */
export function LearnerClassCard({ lessonClass: c }: { lessonClass: LearnerClass }) {
  return (
    <ItemCard
      title={c.title}
      href={classPath(c.id)}
      badge={
        c.type && (
          <Badge variant="light" color="blue.9" style={{ flexShrink: 0 }}>
            {CLASS_TYPE_LABELS[c.type]}
          </Badge>
        )
      }
      details={[c.subject?.name, c.gradeLevel?.name, c.gradeLevel?.eduLevel?.name]}
    >
      <Text size="sm">{classDates(c)}</Text>
      {c.teacher?.name && <Text size="sm">Teacher: {c.teacher.name}</Text>}
      <Text size="sm" fw={700}>
        Price: {formatKes(c.price)}
      </Text>
      <Text size="sm">
        {c.bookedLessonsCount} of {c.lessonsCount} lessons booked
      </Text>
      <ClassRejection lessonClass={c} />
    </ItemCard>
  );
}

/** A class the reviewer turned down says so, with the comment. */
export function ClassRejection({
  lessonClass: c,
}: {
  lessonClass: Pick<LearnerClass, 'isApproved' | 'rejectionComment'>;
}) {
  if (c.isApproved !== false) return null;
  return (
    <Text size="sm" c="red.9">
      {t('lessons.classRejected')}
      {c.rejectionComment ? ` ${c.rejectionComment}` : ''}
    </Text>
  );
}

export function classDates(c: Pick<LearnerClass, 'startsAt' | 'endsAt'>): string {
  if (!c.startsAt) return '';
  return c.endsAt ? `${formatDate(c.startsAt)} – ${formatDate(c.endsAt)}` : formatDate(c.startsAt);
}

/**
 * Tabs over a list filter. Each tab has its panel (so `aria-controls` points at a real element);
 * only the active panel renders `children`.
 */
export function FilterTabs<V extends string>({
  label,
  value,
  options,
  onChange,
  children,
}: {
  label: string;
  value: V;
  options: ReadonlyArray<{ value: V; label: string }>;
  onChange: (value: V) => void;
  children: ReactNode;
}) {
  return (
    <Tabs
      value={value}
      onChange={(next) => {
        if (next && next !== value) onChange(next as V);
      }}
      keepMounted={false}
    >
      <Tabs.List aria-label={label}>
        {options.map((option) => (
          <Tabs.Tab key={option.value} value={option.value}>
            {option.label}
          </Tabs.Tab>
        ))}
      </Tabs.List>
      {options.map((option) => (
        <Tabs.Panel key={option.value} value={option.value} pt="md">
          {option.value === value ? children : null}
        </Tabs.Panel>
      ))}
    </Tabs>
  );
}
