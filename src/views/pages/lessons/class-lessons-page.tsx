import { Alert, Badge, Button, Stack, Text, Title } from '@mantine/core';
import { useLocation } from 'wouter';
import { classLessonsLoader, type ClassLessonsExtra } from '@/machines/screens/lessons-screens';
import type { ClassLessonFilter } from '@/services/learner-lesson-service';
import type { LearnerClass } from '@/services/schemas/learner';
import { wholeClassOffer } from '@/shared/class-purchase';
import { formatKes } from '@/shared/format';
import { t } from '@/shared/messages';
import { ListStates } from '../../components/lists/list-states';
import { useRouteParams } from '../../route-params';
import { useAddToCart } from '../../use-add-to-cart';
import { useLoader } from '../../use-loader';
import { usePageTitle } from '../../use-page-title';
import NotFoundPage from '../public/not-found-page';
import type { FilterTab } from './filtered-list-page';
import { classDates, classPath, ClassRejection, FilterTabs, LearnerLessonCard } from './lesson-parts';

/** The optional `:filter` segment of the path; all is the default, left out. */
const TABS: ReadonlyArray<FilterTab<ClassLessonFilter>> = [
  { value: 'all', label: 'All' },
  { value: 'upcoming', label: 'Upcoming' },
  { value: 'past', label: 'Past' },
];

const isClassLessonFilter = (value: string | undefined): value is ClassLessonFilter =>
  TABS.some((tab) => tab.value === value);

/**
 * Buying the whole class (docs/class-purchase.md): its upcoming lessons the learner has not booked,
 * at the price the server computed for them; nothing when none is left.
 */
function BuyWholeClass({
  classId,
  offer,
}: {
  classId: number;
  offer: { price: string; lessonsCount: number };
}) {
  const { add, adding, error } = useAddToCart({ kind: 'class', id: classId });
  return (
    <Stack gap="xs" align="flex-start">
      <Button size="md" color="blue.9" onClick={add} loading={adding}>
        {t('classbuy.buyWhole')}
      </Button>
      <Text size="sm">{wholeClassOffer(offer)}</Text>
      {error && (
        <Alert color="red" variant="light" role="alert">
          {error}
        </Alert>
      )}
    </Stack>
  );
}

function ClassHeader({ lessonClass }: { lessonClass: LearnerClass | null }) {
  const c = lessonClass;
  if (!c) {
    return (
      <Title order={1} size="h2">
        Class
      </Title>
    );
  }
  const details = [c.subject?.name, c.gradeLevel?.name, c.gradeLevel?.eduLevel?.name]
    .filter(Boolean)
    .join(' · ');
  return (
    <Stack gap={4} component="header">
      <Title order={1} size="h2">
        {c.title}
      </Title>
      {details && <Text c="gray.7">{details}</Text>}
      {c.teacher?.name && <Text>Teacher: {c.teacher.name}</Text>}
      {classDates(c) && <Text>{classDates(c)}</Text>}
      <Text fw={700}>Price: {formatKes(c.price)}</Text>
      {c.description && (
        <Text size="sm" style={{ whiteSpace: 'pre-line' }}>
          {c.description}
        </Text>
      )}
      <ClassRejection lessonClass={c} />
      {c.purchase && <BuyWholeClass classId={c.id} offer={c.purchase} />}
    </Stack>
  );
}

function ClassLessons({
  idOrSlug,
  filter,
  onFilter,
}: {
  idOrSlug: string;
  filter: ClassLessonFilter;
  /** Tabs that change the filter; none on the by-code page. */
  onFilter?: (filter: ClassLessonFilter) => void;
}) {
  // The class comes with every page of lessons, kept for the header the way the search keeps its
  // counts; a class the caller may not see (404) shows the not-found page. Only the page is in the query.
  const list = useLoader(classLessonsLoader, {
    name: 'lessons',
    params: { idOrSlug, filter },
    keys: ['page'],
  });
  const { lessonClass = null, missing = false } = list.extra as ClassLessonsExtra;
  usePageTitle(lessonClass?.title ?? 'Class');
  if (missing) return <NotFoundPage />;
  const lessons = (
    <ListStates list={list} label="Pages of the class's lessons">
      {list.items.map((lesson) => (
        <LearnerLessonCard
          key={lesson.id}
          lesson={lesson}
          footer={
            lesson.isBooked && (
              <Badge variant="outline" color="teal.9">
                {t('lessons.booked')}
              </Badge>
            )
          }
        />
      ))}
    </ListStates>
  );
  return (
    <Stack gap="lg">
      <ClassHeader lessonClass={lessonClass} />
      {onFilter ? (
        <FilterTabs label="Show lessons" value={filter} options={TABS} onChange={onFilter}>
          {lessons}
        </FilterTabs>
      ) : (
        lessons
      )}
    </Stack>
  );
}

/** `/classes/show/:id/:filter?`: the class and its lessons, all (default), upcoming or past. */
export function ClassShowPage() {
  const { id = '', filter } = useRouteParams();
  const [, navigate] = useLocation();
  if (filter !== undefined && !isClassLessonFilter(filter)) return <NotFoundPage />;
  const current: ClassLessonFilter = filter ?? 'all';
  return (
    <ClassLessons
      // A new class or filter is a new list.
      key={`${id}/${current}`}
      idOrSlug={id}
      filter={current}
      onFilter={(next) => navigate(classPath(id, next === 'all' ? undefined : next))}
    />
  );
}

/** `/lessons/class/:code`: all the lessons of a class found by its code (slug). */
export function ClassByCodePage() {
  const { code = '' } = useRouteParams();
  return <ClassLessons key={code} idOrSlug={code} filter="all" />;
}
