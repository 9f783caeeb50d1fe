// /timetable (issue 9): the learner's booked lessons by week (default) or month, in the learner's
// time zone, driven by the timetable machine; the view, the day and the child live in the URL.
import '@mantine/dates/styles.css';
import { ActionIcon, Alert, Button, Center, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { shallowEqual, useSelector } from '@xstate/react';
import { useEffect, useMemo, useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import { initialTimetableLessons, timetableScreen } from '@/machines/screens/timetable-screens';
import {
  selectTimetable,
  timetableRange,
  type TimetableSearch,
  type TimetableView,
} from '@/machines/timetable-machine';
import { t } from '@/shared/messages';
import { useSession } from '../../app-actors-context';
import { CalendarExportButton } from '../../components/calendar-export-button';
import { LearnerSelect } from '../../components/learner-select';
import { selectUser } from '../../session-selectors';
import { usePageTitle } from '../../use-page-title';
import { useScreenActor } from '../../use-screen-actor';
import { learnerTimeZone, lessonsByDay, rangeTitle, todayIn } from './timetable-dates';
import { MonthDays, WeekDays } from './timetable-days';
import { useNow } from '../../hydration';

const VIEW_LABELS: Record<TimetableView, string> = { week: 'Week', month: 'Month' };

function searchOf(search: string): TimetableSearch {
  return Object.fromEntries(new URLSearchParams(search));
}

/**
 * The page's timetable actor. A move goes to the URL through the machine's `navigate` effect; a
 * changed URL (back button, a shared link) comes back as `query.sync`.
 */
function useTimetable(zone: string) {
  const search = useSearch();
  const [pathname] = useLocation();
  // Today as the page's render time says while hydrating (as on the server), the clock's after.
  const now = useNow();
  const [input] = useState(() => {
    const today = todayIn(zone, now);
    // The opening range's lessons, when the page's HTML carries them (rendered on the server).
    const initial = initialTimetableLessons(searchOf(search), today);
    return { search: searchOf(search), today, path: pathname, initial };
  });
  const actor = useScreenActor(timetableScreen, { input });

  // Back/forward, or a link to the timetable with another query.
  useEffect(() => {
    actor.send({ type: 'query.sync', search: searchOf(search) });
  }, [actor, search]);

  return { actor, timetable: useSelector(actor, selectTimetable, shallowEqual) };
}

export default function TimetablePage() {
  usePageTitle('Timetable');
  const zone = learnerTimeZone();
  const user = useSelector(useSession(), selectUser);
  const { actor, timetable } = useTimetable(zone);
  const { state, view, anchor, studentId, lessons, error } = timetable;
  const now = useNow();
  const range = timetableRange(view, anchor);
  const today = todayIn(zone, now);
  const byDay = useMemo(() => lessonsByDay(lessons, zone), [lessons, zone]);
  const showsToday = range.from <= today && today <= range.to;
  const isParent = user?.mainRole === 'parent';
  const unit = view === 'week' ? 'week' : 'month';
  const title = rangeTitle(view, range);

  const days = {
    range,
    lessonsByDay: byDay,
    today,
    zone,
    showLearner: isParent && studentId === null,
  };

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" gap="sm">
        <div>
          <Title order={1} size="h2">
            Timetable
          </Title>
          <Text c="gray.7" size="sm">
            Your booked lessons. Times are in East Africa Time (Nairobi).
          </Text>
        </div>
        <CalendarExportButton studentId={studentId} />
      </Group>

      <Group justify="space-between" align="flex-end" gap="sm">
        <Group gap="sm" align="flex-end">
          <LearnerSelect
            value={studentId}
            onChange={(next) => actor.send({ type: 'learner.change', studentId: next })}
          />
          <Group gap={4} role="group" aria-label="View">
            {(['week', 'month'] as const).map((option) => (
              <Button
                key={option}
                variant={view === option ? 'filled' : 'default'}
                aria-pressed={view === option}
                onClick={() => actor.send({ type: 'timetable.view', view: option })}
              >
                {VIEW_LABELS[option]}
              </Button>
            ))}
          </Group>
        </Group>
        <Group gap="xs" component="nav" aria-label="Timetable dates">
          <ActionIcon
            variant="default"
            size="lg"
            aria-label={`Previous ${unit}`}
            onClick={() => actor.send({ type: 'timetable.previous' })}
          >
            <IconChevronLeft size={18} aria-hidden />
          </ActionIcon>
          <Button
            variant="default"
            disabled={showsToday && anchor === today}
            onClick={() => actor.send({ type: 'timetable.today', today: todayIn(zone) })}
          >
            Today
          </Button>
          <ActionIcon
            variant="default"
            size="lg"
            aria-label={`Next ${unit}`}
            onClick={() => actor.send({ type: 'timetable.next' })}
          >
            <IconChevronRight size={18} aria-hidden />
          </ActionIcon>
        </Group>
      </Group>

      <section aria-labelledby="timetable-range" aria-busy={state === 'loading'}>
        <Title order={2} size="h4" id="timetable-range" mb="sm">
          {title}
        </Title>
        {state === 'loading' && (
          <Center py="xl" role="status" aria-label="Loading timetable">
            <Loader size="sm" />
          </Center>
        )}
        {state === 'error' && (
          <Alert
            color="red"
            variant="light"
            role="alert"
            title={error ?? t('messages.loadError', { name: 'timetable' })}
          >
            <Button
              size="xs"
              variant="white"
              color="red"
              onClick={() => actor.send({ type: 'timetable.retry' })}
              mt={4}
            >
              Try again
            </Button>
          </Alert>
        )}
        {(state === 'loaded' || state === 'empty') && (
          <Stack gap="sm">
            {state === 'empty' && (
              <Text c="gray.7" role="status">
                {view === 'week' ? t('timetable.emptyWeek') : t('timetable.emptyMonth')}
              </Text>
            )}
            {view === 'week' ? <WeekDays {...days} /> : <MonthDays {...days} />}
          </Stack>
        )}
      </section>
    </Stack>
  );
}
