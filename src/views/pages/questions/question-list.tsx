import { Group, SegmentedControl, Stack, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import type { Loader } from '@/machines/load-machine';
import type { Question } from '@/services/schemas/web';
import { QUESTION_FILTERS } from '@/shared/questions';
import { QuestionCard } from '../../components/lists/cards';
import { ListStates } from '../../components/lists/list-states';
import { useLoader } from '../../use-loader';

const FILTER_LABELS = { all: 'All', answered: 'Answered', unanswered: 'Unanswered' } as const;

/**
 * A list of questions with all / answered / unanswered in the URL: a visitor's public questions and
 * a signed-in user's own (`loader`), under the page's title and its one action.
 */
export function QuestionList({
  title,
  action,
  loader,
}: {
  title: string;
  action: ReactNode;
  loader: Loader<Question>;
}) {
  const list = useLoader(loader, { name: 'questions' });
  return (
    <Stack gap="lg">
      <Group justify="space-between">
        <Title order={1} size="h2">
          {title}
        </Title>
        {action}
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
