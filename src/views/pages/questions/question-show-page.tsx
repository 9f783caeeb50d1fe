import { ActionIcon, Alert, Badge, Button, Card, Group, Stack, Text, Textarea, Title } from '@mantine/core';
import { IconThumbDown, IconThumbUp } from '@tabler/icons-react';
import type { FormEvent } from 'react';
import { fetchAnswers, fetchQuestion, postAnswer, voteOnAnswer } from '@/services/question-service';
import { validateAnswer, type AnswerValues } from '@/shared/questions';
import type { Answer, Question, VoteType } from '@/services/schemas/web';
import { formatDate, formatTime } from '@/shared/format';
import { t } from '@/shared/messages';
import { personName } from '../../components/lists/cards';
import { ListStates } from '../../components/lists/list-states';
import { useList } from '../../components/lists/use-list';
import { useRouteParams } from '../../route-params';
import { useForm } from '../../use-form';
import { useResource } from '../../components/lists/use-resource';
import { usePageTitle } from '../../use-page-title';
import { ShowState } from '../catalogue/catalogue-parts';

const when = (instant: string | null) => (instant ? `${formatDate(instant)}, ${formatTime(instant)}` : '');

function Votes({ answer, onVoted }: { answer: Answer; onVoted: (answer: Answer) => void }) {
  // One vote is one submit of the generic form machine: pending state, toast, error text.
  const form = useForm({
    initialValues: { type: 'like' as VoteType },
    submit: (values: { type: VoteType }) => voteOnAnswer(answer.id, values.type),
    onSubmitted: ({ vote }) =>
      onVoted({
        ...answer,
        likesCount: vote.likesCount,
        dislikesCount: vote.dislikesCount,
        myVote: vote.myVote,
      }),
  });
  const vote = (type: VoteType) => {
    form.change('type', type);
    form.submit();
  };
  return (
    <Stack gap={4}>
      <Group gap="xs">
        <Group gap={4}>
          <ActionIcon
            variant={answer.myVote === 'like' ? 'filled' : 'default'}
            color="blue.9"
            aria-label="Like"
            aria-pressed={answer.myVote === 'like'}
            onClick={() => vote('like')}
            loading={form.submitting && form.values.type === 'like'}
            disabled={form.submitting}
          >
            <IconThumbUp size={16} aria-hidden />
          </ActionIcon>
          <Text size="sm" aria-label={`${answer.likesCount} likes`}>
            {answer.likesCount}
          </Text>
        </Group>
        <Group gap={4}>
          <ActionIcon
            variant={answer.myVote === 'dislike' ? 'filled' : 'default'}
            color="red.9"
            aria-label="Dislike"
            aria-pressed={answer.myVote === 'dislike'}
            onClick={() => vote('dislike')}
            loading={form.submitting && form.values.type === 'dislike'}
            disabled={form.submitting}
          >
            <IconThumbDown size={16} aria-hidden />
          </ActionIcon>
          <Text size="sm" aria-label={`${answer.dislikesCount} dislikes`}>
            {answer.dislikesCount}
          </Text>
        </Group>
      </Group>
      {form.formError && (
        <Text size="sm" c="red.9" role="alert">
          {form.formError}
        </Text>
      )}
    </Stack>
  );
}

function AnswerForm({ questionId, onPosted }: { questionId: number; onPosted: () => void }) {
  const form = useForm({
    initialValues: { body: '' } satisfies AnswerValues,
    validate: validateAnswer,
    submit: (values: AnswerValues) => postAnswer(questionId, values),
    successMessage: t('answer.posted'),
    onSubmitted: () => {
      form.reset();
      onPosted();
    },
  });
  function submit(event: FormEvent) {
    event.preventDefault();
    form.submit();
  }
  return (
    <form onSubmit={submit} noValidate aria-label="Your answer">
      <Stack gap="xs">
        <Textarea
          label="Your answer"
          resize="vertical"
          rows={4}
          value={form.values.body}
          onChange={(event) => form.change('body', event.currentTarget.value)}
          error={form.fieldErrors.body?.[0]}
        />
        {form.formError && (
          <Alert color="red" variant="light" role="alert">
            {form.formError}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button type="submit" loading={form.submitting} color="blue.9">
            Post answer
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function QuestionThread({ question }: { question: Question }) {
  const answers = useList({
    name: 'answers',
    fetchPage: (query) => fetchAnswers(question.id, query),
    inUrl: false,
  });
  return (
    <Stack gap="lg">
      <Card withBorder padding="lg" component="article">
        <Stack gap="xs">
          <Title order={1} size="h3">
            {question.title}
          </Title>
          <Group gap="xs">
            {question.subject && (
              <Badge variant="filled" color="gray.8">
                {question.subject.name}
              </Badge>
            )}
            {question.gradeLevel && (
              <Badge variant="outline" color="gray.8">
                {question.gradeLevel.name}
              </Badge>
            )}
            <Text size="xs" c="gray.7">
              {[personName(question.author), when(question.createdAt)].filter(Boolean).join(' · ')}
            </Text>
          </Group>
          {/* Plain text as written: React escapes it, line breaks kept. */}
          <Text style={{ whiteSpace: 'pre-wrap' }}>{question.body}</Text>
        </Stack>
      </Card>
      <Title order={2} size="h4">
        Answers
      </Title>
      <ListStates list={answers}>
        {answers.items.map((answer) => (
          <Card
            key={answer.id}
            withBorder
            padding="md"
            component="article"
            aria-label={`Answer by ${personName(answer.author)}`}
          >
            <Stack gap="xs">
              <Text style={{ whiteSpace: 'pre-wrap' }}>{answer.body}</Text>
              <Group justify="space-between">
                <Text size="xs" c="gray.7">
                  {[personName(answer.author), when(answer.createdAt)].filter(Boolean).join(' · ')}
                </Text>
                <Votes answer={answer} onVoted={answers.replaceItem} />
              </Group>
            </Stack>
          </Card>
        ))}
      </ListStates>
      <AnswerForm questionId={question.id} onPosted={answers.refresh} />
    </Stack>
  );
}

function QuestionById({ id }: { id: string }) {
  const question = useResource('question', () => fetchQuestion(id));
  usePageTitle(question.data?.title ?? 'Question');
  if (!question.data) return <ShowState resource={question} name="question" />;
  return <QuestionThread question={question.data} />;
}

export default function QuestionShowPage() {
  const { id = '' } = useRouteParams();
  return <QuestionById key={id} id={id} />;
}
