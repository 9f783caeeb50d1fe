// Presentational cards of the public lists: props in, markup out (no machine, no service).
import { Anchor, Avatar, Badge, Card, Group, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import type { Lesson, LessonClass, Question, Teacher, TeacherSummary } from '@/services/schemas/web';
import { classViewPath, lessonPath, teacherPath } from '@/shared/catalogue';
import { formatDate, formatKes, formatTime } from '@/shared/format';
import { CLASS_TYPE_LABELS, isFull, seatsText } from '@/shared/teaching';
import { useDisplayTimeZone } from '../../hydration';
import { RatingLine } from './rating';

// The class types' names are the shared ones (the teacher's pages use them too).
export { CLASS_TYPE_LABELS };
export const FREQUENCY_LABELS = {
  daily: 'Daily',
  weekly: 'Weekly',
  monthly: 'Monthly',
  yearly: 'Yearly',
} as const;

export function personName(person: { firstName: string; lastName: string } | null | undefined): string {
  return person ? `${person.firstName} ${person.lastName}`.trim() : '';
}

function initials(person: { firstName: string; lastName: string }): string {
  return `${person.firstName.charAt(0)}${person.lastName.charAt(0)}`.toUpperCase();
}

/** "Dec 1, 2026, 2:00 PM – 3:00 PM" */
export function lessonWhen(startAt: string | null, endAt?: string | null, timeZone?: string): string {
  if (!startAt) return '';
  const start = `${formatDate(startAt, timeZone)}, ${formatTime(startAt, timeZone)}`;
  return endAt ? `${start} – ${formatTime(endAt, timeZone)}` : start;
}

/** "3 seats left" or "Full" (red) when the lesson has a seat limit; nothing otherwise. */
export function SeatsLeft({ seatsLeft }: { seatsLeft: number | null | undefined }) {
  const text = seatsText(seatsLeft);
  if (text === null) return null;
  return (
    <Text size="sm" fw={600} c={isFull(seatsLeft) ? 'red.9' : 'gray.8'}>
      {text}
    </Text>
  );
}

/** A lesson's or a class's title (a link to its page, when it has one) and its type. */
function CardHead({
  level,
  title,
  href,
  badge,
}: {
  level: 2 | 3 | 4;
  title: string;
  href: string | null;
  badge: string | null | undefined;
}) {
  return (
    <Group justify="space-between" gap="xs" wrap="nowrap">
      <Title order={level} size="h5">
        {href ? (
          <Anchor component={Link} href={href} c="dark.8">
            {title}
          </Anchor>
        ) : (
          title
        )}
      </Title>
      {badge && (
        <Badge variant="filled" color="blue.9" style={{ flexShrink: 0 }}>
          {badge}
        </Badge>
      )}
    </Group>
  );
}

/** A card's teacher: the name, a link to their profile, and their rating when they have one. */
function TeacherLine({ teacher }: { teacher: TeacherSummary | null }) {
  const name = personName(teacher);
  return (
    <div>
      {teacher && (
        <Anchor component={Link} href={teacherPath(teacher.id, name)} size="sm" c="dark.8">
          {name}
        </Anchor>
      )}
      <RatingLine rating={teacher?.rating} />
    </div>
  );
}

export function LessonCard({ lesson, headingLevel = 3 }: { lesson: Lesson; headingLevel?: 2 | 3 | 4 }) {
  const title = lesson.topic?.name ?? lesson.subject?.name ?? lesson.code;
  const timeZone = useDisplayTimeZone();
  return (
    <Card withBorder padding="md" component="article">
      <Stack gap={6}>
        <CardHead
          level={headingLevel}
          title={title}
          href={lessonPath(lesson.code)}
          badge={lesson.type?.name}
        />
        {lesson.program && (
          <Text size="sm" c="gray.7">
            {lesson.program.name}
          </Text>
        )}
        <Text size="sm">{lessonWhen(lesson.startAt, lesson.endAt, timeZone)}</Text>
        <SeatsLeft seatsLeft={lesson.seatsLeft} />
        <Group justify="space-between" align="flex-end">
          <TeacherLine teacher={lesson.teacher} />
          <Text fw={700}>{formatKes(lesson.price)}</Text>
        </Group>
      </Stack>
    </Card>
  );
}

export function ClassCard({
  lessonClass,
  headingLevel = 3,
}: {
  lessonClass: LessonClass;
  headingLevel?: 2 | 3;
}) {
  const c = lessonClass;
  const timeZone = useDisplayTimeZone();
  return (
    <Card withBorder padding="md" component="article">
      <Stack gap={6}>
        <CardHead
          level={headingLevel}
          title={c.title}
          href={classViewPath(c.id)}
          badge={c.type && CLASS_TYPE_LABELS[c.type]}
        />
        <Text size="sm" c="gray.7">
          {[c.subject?.name, c.gradeLevel?.name, c.gradeLevel?.eduLevel?.name].filter(Boolean).join(' · ')}
        </Text>
        <Text size="sm">
          {c.startsAt ? formatDate(c.startsAt, timeZone) : ''}
          {c.endsAt ? ` – ${formatDate(c.endsAt, timeZone)}` : ''}
          {c.frequency ? ` · ${FREQUENCY_LABELS[c.frequency]}` : ''}
          {` · ${c.lessonsCount} ${c.lessonsCount === 1 ? 'lesson' : 'lessons'}`}
        </Text>
        <Group justify="space-between" align="flex-end">
          <TeacherLine teacher={c.teacher} />
          <Text fw={700}>{formatKes(c.price)}</Text>
        </Group>
      </Stack>
    </Card>
  );
}

export function TeacherCard({ teacher, headingLevel = 3 }: { teacher: Teacher; headingLevel?: 2 | 3 }) {
  return (
    <Card withBorder padding="md" component="article">
      <Group wrap="nowrap" align="flex-start">
        <Avatar src={teacher.photoUrl} alt="" radius="xl" size="lg" color="blue">
          {initials(teacher)}
        </Avatar>
        <Stack gap={4} style={{ minWidth: 0 }}>
          <Title order={headingLevel} size="h5">
            <Anchor component={Link} href={teacherPath(teacher.id, personName(teacher))} c="dark.8">
              {personName(teacher)}
            </Anchor>
          </Title>
          <RatingLine rating={teacher.rating} />
          {teacher.qualificationLevel && (
            <Text size="sm" c="gray.7">
              {teacher.qualificationLevel}
              {teacher.currentWorkplace ? ` · ${teacher.currentWorkplace}` : ''}
            </Text>
          )}
          {teacher.subjects.length > 0 && (
            <Text size="sm">{teacher.subjects.map((subject) => subject.name).join(', ')}</Text>
          )}
        </Stack>
      </Group>
    </Card>
  );
}

/** A question's subject and grade, then a line about it (`children`: answers, date, who asked). */
export function QuestionTags({
  question,
  children,
}: {
  question: Pick<Question, 'subject' | 'gradeLevel'>;
  children: ReactNode;
}) {
  return (
    <Group gap="xs">
      {question.subject && (
        <Badge variant="filled" color="gray.8">
          {question.subject.name}
        </Badge>
      )}
      {question.gradeLevel && (
        <Badge variant="outline" color="gray.8">
          {question.gradeLevel.name}
        </Badge>
      )}
      <Text size="xs" c="gray.7">
        {children}
      </Text>
    </Group>
  );
}

/** Question text is shown as plain text: React escapes it, it is never parsed as HTML. */
export function QuestionCard({ question, headingLevel = 3 }: { question: Question; headingLevel?: 2 | 3 }) {
  const timeZone = useDisplayTimeZone();
  return (
    <Card withBorder padding="md" component="article">
      <Stack gap={6}>
        <Title order={headingLevel} size="h5">
          <Anchor component={Link} href={`/questions/show/${question.id}`} c="dark.8">
            {question.title}
          </Anchor>
        </Title>
        <Text size="sm" lineClamp={2} style={{ whiteSpace: 'pre-line' }}>
          {question.body}
        </Text>
        <QuestionTags question={question}>
          {question.answersCount} {question.answersCount === 1 ? 'answer' : 'answers'}
          {question.createdAt ? ` · ${formatDate(question.createdAt, timeZone)}` : ''}
          {question.author ? ` · ${personName(question.author)}` : ''}
        </QuestionTags>
      </Stack>
    </Card>
  );
}
