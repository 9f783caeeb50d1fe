// One layout for a lesson's page, whoever reads it: the learner who booked it (or may book it), its
// teacher, a visitor. The title with where the lesson stands, the objective, the details table and what
// follows it (materials, learners, the teacher) on the left; a side card with what this reader can do
// (join, buy, manage) on the right. Each page fills the slots; props in, markup out. The public lesson
// page loads it too, so it stays light (no dayjs, no Modal).
import { Alert, Box, Button, Card, Container, Grid, Group, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { formatDateOrdinal, formatTime } from '@/shared/time';
import { DetailsTable } from './details-table';

type Named = { name: string } | null | undefined;

/** What a lesson is called: its topic, else its subject, else its code. */
export function lessonTitle(lesson: { topic?: Named; subject?: Named; code: string }): string {
  return lesson.topic?.name ?? lesson.subject?.name ?? `Lesson ${lesson.code}`;
}

/** The Date and Time rows: "21st November 2026", "2:00 PM – 3:00 PM" (in `timeZone`, else the reader's). */
export function lessonWhenRows(
  lesson: { startAt: string | null; endAt: string | null },
  timeZone?: string,
): Array<[string, string]> {
  const { startAt, endAt } = lesson;
  if (!startAt) return [];
  const end = endAt ? ` – ${formatTime(endAt, timeZone)}` : '';
  return [
    ['Date', formatDateOrdinal(startAt, timeZone)],
    ['Time', `${formatTime(startAt, timeZone)}${end}`],
  ];
}

export type LessonLayoutProps = {
  title: string;
  /** Beside the title: where the lesson stands for this reader (its state, its review status). */
  status?: ReactNode;
  /** Above the title (the public page's type and subject). */
  eyebrow?: ReactNode;
  /** Under the title (the teacher's review note). */
  note?: ReactNode;
  objective: string | null;
  /** "Objective" over it, as the workspace pages show it; the public page shows it plain. */
  labelObjective?: boolean;
  /** Label → value; a row without a value is left out. */
  rows: Array<[string, ReactNode]>;
  /** The side card: what this reader can do, named for screen readers ("Join the lesson", "Price"). */
  actions: { label: string; content: ReactNode };
  /** Inside the workspace layout (which pads the page) rather than a page of its own. */
  inWorkspace?: boolean;
  /** Under the details: materials, the learners booked, the teacher. */
  children?: ReactNode;
};

export function LessonLayout({
  title,
  status,
  eyebrow,
  note,
  objective,
  labelObjective = true,
  rows,
  actions,
  inWorkspace = false,
  children,
}: LessonLayoutProps) {
  return (
    <Container size="lg" {...(inWorkspace ? { py: 'md', px: 0 } : { py: 'lg' })}>
      <Grid gap="xl">
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Stack gap="md">
            {eyebrow}
            <Group justify="space-between" align="flex-start" wrap="nowrap">
              <Title order={1} size="h2">
                {title}
              </Title>
              {status}
            </Group>
            {note}
            {objective &&
              (labelObjective ? (
                <Box>
                  <Text size="sm" fw={700} c="gray.7">
                    Objective
                  </Text>
                  <Text size="lg" style={{ whiteSpace: 'pre-line' }}>
                    {objective}
                  </Text>
                </Box>
              ) : (
                <Text size="lg" style={{ whiteSpace: 'pre-line' }}>
                  {objective}
                </Text>
              ))}
            <DetailsTable rows={rows} />
            {children}
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Card withBorder padding="lg" component="aside" aria-label={actions.label}>
            <Stack gap="sm">{actions.content}</Stack>
          </Card>
        </Grid.Col>
      </Grid>
    </Container>
  );
}

/** The lesson could not be loaded: the reason, Try again, and where else to go (`children`). */
export function LessonLoadError({
  error,
  retry,
  children,
}: {
  error: string | null;
  retry: () => void;
  children?: ReactNode;
}) {
  return (
    <Alert color="red" variant="light" role="alert" title={error ?? undefined}>
      <Group gap="sm" mt={4}>
        <Button size="xs" variant="white" color="red" onClick={retry}>
          Try again
        </Button>
        {children}
      </Group>
    </Alert>
  );
}
