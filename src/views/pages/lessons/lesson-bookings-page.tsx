import { Text } from '@mantine/core';
import { useSelector } from '@xstate/react';
import { bookingsLoader, initialBookingsPage } from '@/machines/screens/lessons-screens';
import type { BookingFilter } from '@/services/learner-lesson-service';
import { t } from '@/shared/messages';
import { useSession } from '../../app-actors-context';
import { selectUser } from '../../session-selectors';
import { useLoader } from '../../use-loader';
import { AttendedBadge } from './attended-badge';
import { FilteredListPage, type FilterTab } from './filtered-list-page';
import { LearnerLessonCard } from './lesson-parts';

const TABS: readonly [FilterTab<BookingFilter>, ...FilterTab<BookingFilter>[]] = [
  { value: 'all', label: 'All' },
  { value: 'upcoming', label: 'Upcoming' },
  { value: 'past', label: 'Past' },
];

/** `/lessons/booking`: the lessons the learner (or a parent's children) booked, all, upcoming or past. */
export default function LessonBookingsPage() {
  // `filter` and `student_id` live in the URL (`?filter=upcoming&student_id=12`), so a list can be shared.
  const list = useLoader(bookingsLoader, { name: 'lessons', initial: initialBookingsPage });
  // A parent books for several children: each booking says whom it is for.
  const isParent = useSelector(useSession(), selectUser)?.mainRole === 'parent';
  return (
    <FilteredListPage
      title="Lesson bookings"
      list={list}
      tabs={TABS}
      tabsLabel="Show lessons"
      pagerLabel="Pages of lesson bookings"
      learnerChoice
      renderItem={(booking) => (
        <LearnerLessonCard
          key={booking.booking.id}
          lesson={booking}
          footer={
            <>
              <AttendedBadge attended={booking.attended} />
              {isParent && booking.booking.studentName && (
                <Text size="sm" fw={600}>
                  {t('lessons.bookedFor', { name: booking.booking.studentName })}
                </Text>
              )}
            </>
          }
        />
      )}
    />
  );
}
