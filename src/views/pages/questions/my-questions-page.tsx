import { Button, Group, SegmentedControl, Stack, Title } from '@mantine/core';
import { Link } from 'wouter';
import { fetchMyQuestions } from '@/services/question-service';
import { QUESTION_FILTERS } from '@/shared/questions';
import { QuestionCard } from '../../components/lists/cards';
import { ListStates } from '../../components/lists/list-states';
import { useList } from '../../components/lists/use-list';
import { usePageTitle } from '../../use-page-title';

const FILTER_LABELS = { all: 'All', answered: 'Answered', unanswered: 'Unanswered' } as const;

/** `/questions` for a signed-in user: their own questions. */
export default function MyQuestionsPage() {
  usePageTitle('My questions');
  const list = useList({ name: 'questions', fetchPage: fetchMyQuestions });
  return (
    <Stack gap="lg">
      <Group justify="space-between">
        <Title order={1} size="h2">
          My questions
        </Title>
        <Button component={Link} href="/questions/ask" color="blue.9">
          Ask a question
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
  );
}
