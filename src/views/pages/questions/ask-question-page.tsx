import {
  Alert,
  Button,
  Card,
  Group,
  NativeSelect,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import type { FormEvent } from 'react';
import { Link } from 'wouter';
import { askOptionsLoader, askQuestionForm } from '@/machines/screens/questions-screens';
import { t } from '@/shared/messages';
import { QUESTION_BODY, QUESTION_TITLE, validateQuestion, type QuestionValues } from '@/shared/questions';
import { useForm } from '../../use-form';
import { useLoader } from '../../use-loader';
import { usePageTitle } from '../../use-page-title';

export default function AskQuestionPage() {
  usePageTitle('Ask a question');
  const options = useLoader(askOptionsLoader, { name: 'subjects and grade levels', inUrl: false });
  // A posted question opens on its own page (the form's `navigate`, questions-screens.ts).
  const form = useForm({
    logic: askQuestionForm,
    initialValues: { subjectId: '', gradeLevelId: '', title: '', body: '' } satisfies QuestionValues,
    validate: validateQuestion,
    successMessage: t('question.created'),
  });
  const v = form.values;
  const error = (name: keyof QuestionValues) => form.fieldErrors[name]?.[0];

  function submit(event: FormEvent) {
    event.preventDefault();
    form.submit();
  }

  return (
    <Stack gap="lg" maw={720}>
      <Title order={1} size="h2">
        Ask a question
      </Title>
      <Card withBorder padding="lg">
        <form onSubmit={submit} noValidate aria-label="Ask a question">
          <Stack gap="sm">
            {options.error && (
              <Alert color="red" variant="light" role="alert">
                {options.error}
              </Alert>
            )}
            <Group grow align="flex-start">
              <NativeSelect
                label="Subject"
                required
                value={v.subjectId}
                onChange={(event) => form.change('subjectId', event.currentTarget.value)}
                error={error('subjectId')}
                data={[
                  { value: '', label: 'Choose a subject' },
                  ...(options.data?.subjects ?? []).map((s) => ({ value: String(s.id), label: s.name })),
                ]}
              />
              <NativeSelect
                label="Grade level"
                required
                value={v.gradeLevelId}
                onChange={(event) => form.change('gradeLevelId', event.currentTarget.value)}
                error={error('gradeLevelId')}
                data={[
                  { value: '', label: 'Choose a grade level' },
                  ...(options.data?.grades ?? []).map((g) => ({
                    value: String(g.id),
                    label: g.eduLevel?.curriculum?.acronym
                      ? `${g.name} (${g.eduLevel.curriculum.acronym})`
                      : g.name,
                  })),
                ]}
              />
            </Group>
            <TextInput
              label="Title"
              required
              description={`${QUESTION_TITLE.min} to ${QUESTION_TITLE.max} characters`}
              value={v.title}
              onChange={(event) => form.change('title', event.currentTarget.value)}
              error={error('title')}
            />
            <Textarea
              label="Your question"
              required
              description={`Explain what you tried. ${QUESTION_BODY.min} to ${QUESTION_BODY.max} characters.`}
              resize="vertical"
              rows={6}
              value={v.body}
              onChange={(event) => form.change('body', event.currentTarget.value)}
              error={error('body')}
            />
            {form.formError && (
              <Alert color="red" variant="light" role="alert">
                {form.formError}
              </Alert>
            )}
            <Group justify="flex-end">
              <Button component={Link} href="/questions" variant="default">
                Cancel
              </Button>
              <Button type="submit" loading={form.submitting} color="blue.9">
                Post question
              </Button>
            </Group>
            <Text size="xs" c="gray.7">
              Be kind and specific. Do not share phone numbers or exam papers.
            </Text>
          </Stack>
        </form>
      </Card>
    </Stack>
  );
}
