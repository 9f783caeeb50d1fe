import { initialLearnerClassesPage, learnerClassesLoader } from '@/machines/screens/lessons-screens';
import type { ClassFilter } from '@/services/learner-lesson-service';
import { useLoader } from '../../use-loader';
import { FilteredListPage, type FilterTab } from './filtered-list-page';
import { LearnerClassCard } from './lesson-parts';

/** Upcoming is the default tab, so it is left out of the URL. */
const TABS: readonly [FilterTab<ClassFilter>, ...FilterTab<ClassFilter>[]] = [
  { value: 'upcoming', label: 'Upcoming' },
  { value: 'ongoing', label: 'Ongoing' },
  { value: 'past', label: 'Past' },
  { value: 'rejected', label: 'Rejected' },
];

/** `/workspace/classes`: the classes the learner (or a parent's children) has bookings in (SPEC §4). */
export default function LearnerClassesPage() {
  const list = useLoader(learnerClassesLoader, { name: 'classes', initial: initialLearnerClassesPage });
  return (
    <FilteredListPage
      title="Classes"
      list={list}
      tabs={TABS}
      tabsLabel="Show classes"
      pagerLabel="Pages of classes"
      learnerChoice
      columns={2}
      renderItem={(lessonClass) => <LearnerClassCard key={lessonClass.id} lessonClass={lessonClass} />}
    />
  );
}
