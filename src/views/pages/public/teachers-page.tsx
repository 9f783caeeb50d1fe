import { Container, Grid, NativeSelect, SimpleGrid, Stack, Title } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { useSearch } from 'wouter';
import { teachersLoader } from '@/machines/screens/catalogue-screens';
import { catalogueFilterOptionsLoader } from '@/machines/screens/public-screens';
import { TEACHER_LIST_KEYS } from '@/shared/teachers';
import { CenteredLoader } from '../../components/centered-loader';
import { TeacherCard } from '../../components/lists/cards';
import { ListStates } from '../../components/lists/list-states';
import { SearchBox } from '../../components/lists/search-box';
import { useLoader } from '../../use-loader';
import { usePageTitle } from '../../use-page-title';

// Only for the old address below: the profile page is a landing page with its own small chunk.
const TeacherProfileView = lazy(() =>
  import('./teacher-profile-page').then((module) => ({ default: module.TeacherProfileView })),
);

const ALL = { value: '', label: 'All' };
const SORTS = [
  { value: '', label: 'Name' },
  { value: 'rating', label: 'Rating' },
];

function TeacherList() {
  usePageTitle('Teachers');
  const list = useLoader(teachersLoader, { name: 'teachers', keys: TEACHER_LIST_KEYS });
  const options = useLoader(catalogueFilterOptionsLoader, { name: 'filters', inUrl: false });
  const choices = (items: ReadonlyArray<{ id: number; name: string; slug: string | null }>) => [
    ALL,
    ...items.map((item) => ({ value: item.slug ?? String(item.id), label: item.name })),
  ];
  // A grade level's name alone repeats across curricula ("Grade 7"): its curriculum goes first.
  const levels = (options.data?.gradeLevels ?? []).map((level) => ({
    ...level,
    name: [level.eduLevel?.curriculum?.acronym, level.name].filter(Boolean).join(' '),
  }));
  const fields = [
    { name: 'subject', label: 'Subject', data: choices(options.data?.subjects ?? []) },
    { name: 'level', label: 'Grade level', data: choices(levels) },
    { name: 'sort', label: 'Sort by', data: SORTS },
  ];

  return (
    <Container size="lg" py="lg">
      <Stack gap="lg">
        <Title order={1} size="h2">
          Teachers
        </Title>
        <Grid align="flex-end">
          <Grid.Col span={{ base: 12, md: 4 }}>
            <SearchBox list={list} label="Search teachers by name" />
          </Grid.Col>
          {fields.map((field) => (
            <Grid.Col key={field.name} span={{ base: 12, sm: 4, md: field.name === 'sort' ? 2 : 3 }}>
              <NativeSelect
                label={field.label}
                data={field.data}
                value={list.query[field.name] ?? ''}
                onChange={(event) => list.setFilter(field.name, event.currentTarget.value)}
              />
            </Grid.Col>
          ))}
        </Grid>
        <ListStates list={list}>
          <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }}>
            {list.items.map((teacher) => (
              <TeacherCard key={teacher.id} teacher={teacher} headingLevel={2} />
            ))}
          </SimpleGrid>
        </ListStates>
      </Stack>
    </Container>
  );
}

/**
 * `/teachers`: approved teachers, searched by name, filtered by subject and grade level, sorted by
 * name or rating, all in the URL. `?teacher=ID`, the address of the profile dialog before issue 25,
 * shows that teacher's profile page (the server answers it with a redirect to `/teachers/ID`).
 */
export default function TeachersPage() {
  const teacherId = new URLSearchParams(useSearch()).get('teacher');
  if (teacherId)
    return (
      <Suspense fallback={<CenteredLoader label="Loading teacher" />}>
        <TeacherProfileView key={teacherId} id={teacherId} />
      </Suspense>
    );
  return <TeacherList />;
}
