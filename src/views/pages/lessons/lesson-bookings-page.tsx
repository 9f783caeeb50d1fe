import { Group, Stack, Text, Title } from '@mantine/core';
import { useSelector } from '@xstate/react';
import { fetchBookings, isBookingFilter, type BookingFilter } from '@/services/learner-lesson-service';
import { t } from '@/shared/messages';
import { useSession } from '../../app-actors-context';
import { LearnerSelect } from '../../components/learner-select';
import { ListStates } from '../../components/lists/list-states';
import { useList } from '../../components/lists/use-list';
import { selectUser } from '../../session-selectors';
import { usePageTitle } from '../../use-page-title';
import { FilterTabs, LearnerLessonCard } from './lesson-parts';

const TABS: ReadonlyArray<{ value: BookingFilter; label: string }> = [
  { value: 'all', label: 'All' },
  { value: 'upcoming', label: 'Upcoming' },
  { value: 'past', label: 'Past' },
];

/** `/lessons/booking`: the lessons the learner (or a parent's children) booked, all, upcoming or past. */
export default function LessonBookingsPage() {
  usePageTitle('Lesson bookings');
  // `filter` and `student_id` live in the URL (`?filter=upcoming&student_id=12`), so a list can be shared.
  const list = useList({ name: 'lessons', fetchPage: fetchBookings });
  // A parent books for several children: each booking says whom it is for.
  const isParent = useSelector(useSession(), selectUser)?.mainRole === 'parent';
  const filter: BookingFilter = isBookingFilter(list.query.filter) ? list.query.filter : 'all';
  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end">
        <Title order={1} size="h2">
          Lesson bookings
        </Title>
        <LearnerSelect
          value={list.query.student_id ?? null}
          onChange={(value) => list.setFilter('student_id', value)}
        />
      </Group>
      <FilterTabs
        label="Show lessons"
        value={filter}
        options={TABS}
        onChange={(value) => list.setFilter('filter', value === 'all' ? null : value)}
      >
        <ListStates list={list} label="Pages of lesson bookings">
          {list.items.map((booking) => (
            <LearnerLessonCard
              key={booking.booking.id}
              lesson={booking}
              footer={
                isParent &&
                booking.booking.studentName && (
                  <Text size="sm" fw={600}>
                    {t('lessons.bookedFor', { name: booking.booking.studentName })}
                  </Text>
                )
              }
            />
          ))}
        </ListStates>
      </FilterTabs>
    </Stack>
  );
}
