import { ActionIcon, Alert, Button, Card, Group, Stack, Text, Textarea, Title } from '@mantine/core';
import { IconThumbDown, IconThumbUp } from '@tabler/icons-react';
import type { FormEvent } from 'react';
import { answerForm, answersLoader, questionLoader, voteForm } from '@/machines/screens/questions-screens';
import type { Answer, Question, VoteType } from '@/services/schemas/web';
import { formatDate, formatTime } from '@/shared/format';
import { t } from '@/shared/messages';
import { validateAnswer } from '@/shared/questions';
import { personName, QuestionTags } from '../../components/lists/cards';
import { ListStates } from '../../components/lists/list-states';
import { useRouteParams } from '../../route-params';
import { useForm } from '../../use-form';
import { useLoader } from '../../use-loader';
import { usePageTitle } from '../../use-page-title';
import { ShowState } from '../catalogue/catalogue-parts';

const when = (instant: string | null) => (instant ? `${formatDate(instant)}, ${formatTime(instant)}` : '');

const VOTE_BUTTONS = [
  {
    type: 'like',
    label: 'Like',
    color: 'blue.9',
    Icon: IconThumbUp,
    count: (a: Answer) => a.likesCount,
    unit: 'likes',
  },
  {
    type: 'dislike',
    label: 'Dislike',
    color: 'red.9',
    Icon: IconThumbDown,
    count: (a: Answer) => a.dislikesCount,
    unit: 'dislikes',
  },
] as const;

function Votes({ answer, onVoted }: { answer: Answer; onVoted: (answer: Answer) => void }) {
  // One vote is one submit of the generic form machine: pending state, toast, error text.
  const form = useForm({
    logic: voteForm,
    initialValues: { answerId: answer.id, type: 'like' as VoteType },
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
        {VOTE_BUTTONS.map(({ type, label, color, Icon, count, unit }) => (
          <Group key={type} gap={4}>
            <ActionIcon
              variant={answer.myVote === type ? 'filled' : 'default'}
              color={color}
              aria-label={label}
              aria-pressed={answer.myVote === type}
              onClick={() => vote(type)}
              loading={form.submitting && form.values.type === type}
              disabled={form.submitting}
            >
              <Icon size={16} aria-hidden />
            </ActionIcon>
            <Text size="sm" aria-label={`${count(answer)} ${unit}`}>
              {count(answer)}
            </Text>
          </Group>
        ))}
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
    logic: answerForm,
    initialValues: { questionId, body: '' },
    validate: validateAnswer,
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
  const answers = useLoader(answersLoader, {
    name: 'answers',
    params: { questionId: question.id },
    inUrl: false,
  });
  return (
    <Stack gap="lg">
      <Card withBorder padding="lg" component="article">
        <Stack gap="xs">
          <Title order={1} size="h3">
            {question.title}
          </Title>
          <QuestionTags question={question}>
            {[personName(question.author), when(question.createdAt)].filter(Boolean).join(' · ')}
          </QuestionTags>
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
  const question = useLoader(questionLoader, { name: 'question', params: { id }, inUrl: false });
  usePageTitle(question.data?.title ?? 'Question');
  if (!question.data) return <ShowState resource={question} name="question" />;
  return <QuestionThread question={question.data} />;
}

export default function QuestionShowPage() {
  const { id = '' } = useRouteParams();
  return <QuestionById key={id} id={id} />;
}
