import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Center,
  Container,
  Group,
  Loader,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { emptyText } from '@/machines/load-machine';
import { homeLoader, initialHomeAnswer } from '@/machines/screens/public-screens';
import type { Home } from '@/services/schemas/web';
import { subjectClassesPath } from '@/shared/catalogue';
import { formatKes } from '@/shared/format';
import { ClassCard, LessonCard, QuestionCard, TeacherCard } from '../../components/lists/cards';
import { useLoader } from '../../use-loader';

function Section({
  title,
  href,
  linkText,
  children,
}: {
  title: string;
  href?: string;
  linkText?: string;
  children: ReactNode;
}) {
  const id = `home-${title.toLowerCase().replace(/\W+/g, '-')}`;
  return (
    <Stack gap="sm" component="section" aria-labelledby={id}>
      <Group justify="space-between" align="baseline">
        <Title order={2} size="h3" id={id}>
          {title}
        </Title>
        {href && (
          <Anchor component={Link} href={href} size="sm" c="blue.9">
            {linkText}
          </Anchor>
        )}
      </Group>
      {children}
    </Stack>
  );
}

function Empty({ name }: { name: string }) {
  return <Text c="gray.7">{emptyText(name)}</Text>;
}

export function HomeSectionsLoader() {
  return (
    <Center py="xl" role="status" aria-label="Loading home">
      <Loader size="sm" />
    </Center>
  );
}

/** `firstOnly`: the featured classes alone (what a phone sees under the hero); the rest follows. */
export default function HomeSections({ firstOnly = false }: { firstOnly?: boolean }) {
  const home = useLoader(homeLoader, {
    name: 'classes and teachers',
    inUrl: false,
    initial: initialHomeAnswer,
  });

  if (home.loading) return <HomeSectionsLoader />;
  if (!home.data) {
    return (
      <Container size="lg" py="xl">
        <Alert color="red" variant="light" role="alert" title={home.error}>
          <Button size="xs" variant="white" color="red" mt={4} onClick={home.retry}>
            Try again
          </Button>
        </Alert>
      </Container>
    );
  }
  const { classes } = home.data;

  return (
    <Container size="lg" py="xl">
      <Stack gap={48}>
        <Section title="Featured classes" href="/classes" linkText="All classes">
          {classes.length ? (
            <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }}>
              {classes.map((c) => (
                <ClassCard key={c.id} lessonClass={c} />
              ))}
            </SimpleGrid>
          ) : (
            <Empty name="classes" />
          )}
        </Section>

        {!firstOnly && <MoreSections home={home.data} />}
      </Stack>
    </Container>
  );
}

function MoreSections({ home }: { home: Home }) {
  const { lessons, teachers, subjects, questions, packages } = home;
  return (
    <>
      {lessons.length > 0 && (
        <Section title="Upcoming lessons">
          <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }}>
            {lessons.map((lesson) => (
              <LessonCard key={lesson.id} lesson={lesson} />
            ))}
          </SimpleGrid>
        </Section>
      )}

      <Section title="Subjects">
        {subjects.length ? (
          <Group gap="xs">
            {subjects.map((subject) => (
              <Button
                key={subject.id}
                component={Link}
                href={subjectClassesPath(subject)}
                variant="default"
                size="xs"
                radius="xl"
              >
                {subject.name}
              </Button>
            ))}
          </Group>
        ) : (
          <Empty name="subjects" />
        )}
      </Section>

      <Section title="Our teachers" href="/teachers" linkText="All teachers">
        {teachers.length ? (
          <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }}>
            {teachers.map((teacher) => (
              <TeacherCard key={teacher.id} teacher={teacher} />
            ))}
          </SimpleGrid>
        ) : (
          <Empty name="teachers" />
        )}
      </Section>

      <Section title="Recent questions" href="/questions" linkText="All questions">
        {questions.length ? (
          <Stack gap="sm">
            {questions.map((question) => (
              <QuestionCard key={question.id} question={question} />
            ))}
          </Stack>
        ) : (
          <Empty name="questions" />
        )}
      </Section>

      <Section title="Plans" href="/plans" linkText="Compare plans">
        {packages.length ? (
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            {packages.map((plan) => (
              <Card key={plan.id} withBorder padding="md" component="article">
                <Group justify="space-between">
                  <Title order={3} size="h5">
                    {plan.name}
                  </Title>
                  {plan.recommended && (
                    <Badge variant="filled" color="blue.9">
                      Recommended
                    </Badge>
                  )}
                </Group>
                <Text fw={700} fz="xl" mt="xs">
                  {formatKes(plan.price)}
                  {plan.interval ? (
                    <Text span size="sm" fw={400} c="gray.7">{` / ${plan.interval}`}</Text>
                  ) : null}
                </Text>
              </Card>
            ))}
          </SimpleGrid>
        ) : (
          <Empty name="plans" />
        )}
      </Section>

      <Card withBorder padding="xl" bg="blue.0" component="section" aria-labelledby="home-join">
        <Stack gap="xs" align="flex-start">
          <Title order={2} size="h3" id="home-join">
            Ready to learn?
          </Title>
          <Text c="gray.8">Create a free account as a student, a parent or a teacher.</Text>
          <Button component={Link} href="/sign-up" color="blue.9">
            Create your account
          </Button>
        </Stack>
      </Card>
    </>
  );
}
