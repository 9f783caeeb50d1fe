import { Button, Container, Group, SegmentedControl, Stack, Title } from '@mantine/core';
import { Link } from 'wouter';
import { fetchPublicQuestions } from '@/services/question-service';
import { QUESTION_FILTERS } from '@/shared/questions';
import { QuestionCard } from '../../components/lists/cards';
import { ListStates } from '../../components/lists/list-states';
import { useList } from '../../components/lists/use-list';
import { usePageTitle } from '../../use-page-title';

export const FILTER_LABELS = { all: 'All', answered: 'Answered', unanswered: 'Unanswered' } as const;

export default function QuestionsPage() {
  usePageTitle('Questions');
  const list = useList({ name: 'questions', fetchPage: fetchPublicQuestions });
  return (
    <Container size="md" py="lg">
      <Stack gap="lg">
        <Group justify="space-between">
          <Title order={1} size="h2">
            Questions
          </Title>
          <Button component={Link} href="/sign-in?redirect=%2Fquestions%2Fask" variant="default">
            Sign in to ask
          </Button>
        </Group>
        <SegmentedControl
          aria-label="Show questions"
          value={list.query.filter ?? 'all'}
          onChange={(value) => list.setFilter('filter', value === 'all' ? null : value)}
          data={QUESTION_FILTERS.map((filter) => ({ value: filter, label: FILTER_LABELS[filter] }))}
          style={{ alignSelf: 'flex-start' }}
        />
        <ListStates list={list}>
          {list.items.map((question) => (
            <QuestionCard key={question.id} question={question} headingLevel={2} />
          ))}
        </ListStates>
      </Stack>
    </Container>
  );
}
