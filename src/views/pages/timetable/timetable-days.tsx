// The timetable's days: a week (seven day cards, a vertical list on a phone) and a month (Mantine's
// month table, with a list of the days that have lessons under it on a phone). Props in, markup out.
import { Anchor, Badge, Box, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Month } from '@mantine/dates';
import { Link } from 'wouter';
import { timetableItemTitle } from '@/machines/screens/timetable-screens';
import type { TimetableItem } from '@/services/schemas/timetable';
import { t } from '@/shared/messages';
import { daysFrom, fullDay, rangeTitle, shortDay, timeIn, weekdayName } from './timetable-dates';

type DaysProps = {
  range: { from: string; to: string };
  lessonsByDay: Map<string, TimetableItem[]>;
  today: string;
  zone: string;
  /** A parent looking at all children: each lesson says whose it is. */
  showLearner: boolean;
};

/** One day of the week or the month, with its lessons. */
type DayProps = {
  day: string;
  lessons: TimetableItem[];
  today: string;
  zone: string;
  showLearner: boolean;
};

export function lessonHref(lesson: Pick<TimetableItem, 'code'>): string {
  return `/lessons/show/${encodeURIComponent(lesson.code)}`;
}

function LessonEntry({
  lesson,
  zone,
  showLearner,
  compact = false,
}: {
  lesson: TimetableItem;
  zone: string;
  showLearner: boolean;
  compact?: boolean;
}) {
  const learner = showLearner ? lesson.booking?.studentName : null;
  return (
    <Box component="li" style={{ listStyle: 'none' }}>
      <Anchor
        component={Link}
        href={lessonHref(lesson)}
        size="sm"
        c="dark.8"
        display="block"
        lineClamp={compact ? 2 : undefined}
        style={{ wordBreak: 'break-word' }}
      >
        <Text span fw={700} size="sm" c="blue.9">
          {lesson.startAt ? timeIn(lesson.startAt, zone) : ''}
        </Text>{' '}
        {timetableItemTitle(lesson)}
      </Anchor>
      {learner && (
        <Text size="xs" c="gray.7">
          For {learner}
        </Text>
      )}
      {lesson.teaching && (
        <Text size="xs" c="gray.7">
          {t('teach.youTeach')}
        </Text>
      )}
    </Box>
  );
}

function LessonList(props: {
  lessons: TimetableItem[];
  zone: string;
  showLearner: boolean;
  compact?: boolean;
}) {
  return (
    <Stack component="ul" gap={6} p={0} m={0}>
      {props.lessons.map((lesson) => (
        <LessonEntry key={`${lesson.id}-${lesson.booking?.id ?? 'teaching'}`} lesson={lesson} {...props} />
      ))}
    </Stack>
  );
}

function DayCard({ day, lessons, today, zone, showLearner }: DayProps) {
  const isToday = day === today;
  const headingId = `timetable-day-${day}`;
  return (
    <Card
      component="li"
      withBorder
      padding="sm"
      aria-labelledby={headingId}
      aria-current={isToday ? 'date' : undefined}
      data-today={isToday || undefined}
      style={{
        listStyle: 'none',
        borderColor: isToday ? 'var(--mantine-color-blue-7)' : undefined,
        borderWidth: isToday ? 2 : undefined,
      }}
    >
      {/* Wraps: in a desktop week's narrow columns the badge goes under the day's name, never cut. */}
      <Group justify="space-between" gap={4} mb={6} align="flex-start">
        <Title order={3} size="h6" id={headingId}>
          {weekdayName(day)}{' '}
          <Text span size="sm" c="gray.7" fw={400}>
            {shortDay(day)}
          </Text>
        </Title>
        {isToday && (
          <Badge size="sm" color="blue.8" variant="filled" style={{ flexShrink: 0 }}>
            Today
          </Badge>
        )}
      </Group>
      {lessons.length ? (
        <LessonList lessons={lessons} zone={zone} showLearner={showLearner} />
      ) : (
        <Text size="sm" c="gray.7">
          No lessons
        </Text>
      )}
    </Card>
  );
}

/** Seven days side by side from the `md` breakpoint; one under the other on a phone or a tablet. */
export function WeekDays({ range, lessonsByDay, today, zone, showLearner }: DaysProps) {
  return (
    <SimpleGrid
      component="ol"
      cols={{ base: 1, md: 7 }}
      spacing="xs"
      p={0}
      m={0}
      aria-label="Days of the week"
    >
      {daysFrom(range.from, range.to).map((day) => (
        <DayCard
          key={day}
          day={day}
          lessons={lessonsByDay.get(day) ?? []}
          today={today}
          zone={zone}
          showLearner={showLearner}
        />
      ))}
    </SimpleGrid>
  );
}

function MonthCell({ day, lessons, today, zone, showLearner }: DayProps) {
  const isToday = day === today;
  return (
    <Stack gap={4} w="100%" h="100%" align="stretch">
      <Group gap={4} justify="space-between" wrap="nowrap">
        <Text
          span
          size="sm"
          fw={isToday ? 700 : 500}
          c={isToday ? 'white' : 'dark.8'}
          bg={isToday ? 'blue.8' : undefined}
          px={6}
          style={{ borderRadius: 'var(--mantine-radius-xl)' }}
          aria-current={isToday ? 'date' : undefined}
        >
          {Number(day.slice(8))}
        </Text>
        {lessons.length > 0 && (
          <Badge size="xs" color="blue.8" variant="filled" hiddenFrom="sm" aria-hidden>
            {lessons.length}
          </Badge>
        )}
      </Group>
      {lessons.length > 0 && (
        <Box visibleFrom="sm">
          <LessonList lessons={lessons} zone={zone} showLearner={showLearner} compact />
        </Box>
      )}
    </Stack>
  );
}

/**
 * Mantine's month table with each day as a static cell holding its lessons. On a phone the cells
 * only count them, and the days with lessons are listed under the table.
 */
export function MonthDays({ range, lessonsByDay, today, zone, showLearner }: DaysProps) {
  const busyDays = daysFrom(range.from, range.to).filter((day) => lessonsByDay.has(day));
  return (
    <Stack gap="md">
      <Month
        month={range.from}
        static
        fullWidth
        hideOutsideDates
        weekendDays={[]}
        firstDayOfWeek={1}
        weekdayFormat="ddd"
        __preventFocus
        aria-label={`Lessons in ${rangeTitle('month', range)}`}
        // Each static day is a group of its lessons named by its date; "today" is the learner's
        // (Nairobi) today, not the browser's that Mantine's own `data-today` follows.
        getDayProps={() => ({ role: 'group' })}
        getDayAriaLabel={(date) => `${weekdayName(date)}, ${fullDay(date)}${date === today ? ', today' : ''}`}
        styles={{
          monthCell: { verticalAlign: 'top', border: '1px solid var(--mantine-color-gray-3)' },
          day: { height: 'auto', minHeight: 84, alignItems: 'flex-start', padding: 4, cursor: 'default' },
          weekday: { color: 'var(--mantine-color-gray-8)' },
        }}
        renderDay={(date) => (
          <MonthCell
            day={date}
            lessons={lessonsByDay.get(date) ?? []}
            today={today}
            zone={zone}
            showLearner={showLearner}
          />
        )}
      />
      {busyDays.length > 0 && (
        <Stack component="ol" gap="xs" p={0} m={0} hiddenFrom="sm" aria-label="Days with lessons">
          {busyDays.map((day) => (
            <DayCard
              key={day}
              day={day}
              lessons={lessonsByDay.get(day) ?? []}
              today={today}
              zone={zone}
              showLearner={showLearner}
            />
          ))}
        </Stack>
      )}
    </Stack>
  );
}
