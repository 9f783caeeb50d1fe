import { Alert, Avatar, Badge, Container, Group, Modal, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useLocation, useSearch } from 'wouter';
import { teacherLoader, teachersLoader } from '@/machines/screens/catalogue-screens';
import { ClassCard, LessonCard, personName, TeacherCard } from '../../components/lists/cards';
import { ListStates } from '../../components/lists/list-states';
import { SearchBox } from '../../components/lists/search-box';
import { CenteredLoader } from '../../components/centered-loader';
import { useLoader } from '../../use-loader';
import { usePageTitle } from '../../use-page-title';

function TeacherProfile({ id }: { id: string }) {
  const profile = useLoader(teacherLoader, { name: 'teacher', params: { id }, inUrl: false });
  if (profile.loading) return <CenteredLoader label="Loading teacher" />;
  if (!profile.data) {
    return (
      <Alert color="red" variant="light" role="alert">
        {profile.error}
      </Alert>
    );
  }
  const teacher = profile.data;
  return (
    <Stack gap="md">
      <Group wrap="nowrap">
        <Avatar src={teacher.photoUrl} alt="" size="xl" radius="xl" color="blue" />
        <Stack gap={2}>
          <Text fw={700} fz="lg">
            {personName(teacher)}
          </Text>
          <Text size="sm" c="gray.7">
            {[teacher.qualificationLevel, teacher.currentWorkplace, teacher.curriculum?.acronym]
              .filter(Boolean)
              .join(' · ')}
          </Text>
          <Group gap={4}>
            {teacher.subjects.map((subject) => (
              <Badge key={subject.id} variant="filled" color="gray.8">
                {subject.name}
              </Badge>
            ))}
          </Group>
        </Stack>
      </Group>
      {teacher.biography && <Text style={{ whiteSpace: 'pre-line' }}>{teacher.biography}</Text>}
      <Title order={3} size="h5">
        Upcoming lessons
      </Title>
      {teacher.upcomingLessons.length ? (
        teacher.upcomingLessons.map((lesson) => (
          <LessonCard key={lesson.id} lesson={lesson} headingLevel={4} />
        ))
      ) : (
        <Text c="gray.7">No upcoming lessons available.</Text>
      )}
      {teacher.classes.length > 0 && (
        <>
          <Title order={3} size="h5">
            Classes
          </Title>
          {teacher.classes.map((c) => (
            <ClassCard key={c.id} lessonClass={c} headingLevel={3} />
          ))}
        </>
      )}
    </Stack>
  );
}

export default function TeachersPage() {
  usePageTitle('Teachers');
  const list = useLoader(teachersLoader, { name: 'teachers', keys: ['q', 'subject', 'curriculum', 'page'] });
  const [pathname, navigate] = useLocation();
  const search = useSearch();
  // `?teacher=ID` opens a profile over the list, so a profile can be linked to (search results do).
  const teacherId = new URLSearchParams(search).get('teacher');

  return (
    <Container size="lg" py="lg">
      <Stack gap="lg">
        <Title order={1} size="h2">
          Teachers
        </Title>
        <SearchBox list={list} label="Search teachers by name" maw={420} />
        <ListStates list={list}>
          <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }}>
            {list.items.map((teacher) => (
              <TeacherCard key={teacher.id} teacher={teacher} headingLevel={2} />
            ))}
          </SimpleGrid>
        </ListStates>
      </Stack>
      <Modal
        opened={teacherId !== null}
        onClose={() => {
          const params = new URLSearchParams(search);
          params.delete('teacher');
          const rest = params.toString();
          navigate(rest ? `${pathname}?${rest}` : pathname);
        }}
        title="Teacher profile"
        size="lg"
      >
        {teacherId !== null && <TeacherProfile key={teacherId} id={teacherId} />}
      </Modal>
    </Container>
  );
}
