import { Alert, Button, Group, TextInput } from '@mantine/core';
import type { FormEvent } from 'react';
import { subscribeToNewsletter } from '@/services/newsletter-service';
import { ApiError, isApiError } from '@/services/http';
import { t } from '@/shared/messages';
import { collect, emailProblem } from '@/shared/validation';
import { useForm } from '../use-form';

type NewsletterValues = { email: string };

/** Footer sign-up: `POST /api/web/newsletter`; the same thank-you for a new and a repeated address. */
export function NewsletterForm() {
  const form = useForm({
    initialValues: { email: '' } satisfies NewsletterValues,
    validate: (values: NewsletterValues) => collect({ email: emailProblem(values.email) }),
    submit: (values: NewsletterValues) =>
      subscribeToNewsletter(values.email).catch((error: unknown) => {
        // A 422 names the field; any other failure gets the newsletter's own wording.
        if (isApiError(error) && error.status === 422) throw error;
        throw new ApiError({ status: isApiError(error) ? error.status : 0, message: t('newsletter.error') });
      }),
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    form.submit();
  }

  return (
    <form onSubmit={submit} noValidate aria-label="Newsletter">
      <Group gap="xs" align="flex-start" wrap="nowrap">
        <TextInput
          label="Newsletter e-mail"
          placeholder="you@example.com"
          type="email"
          autoComplete="email"
          value={form.values.email}
          onChange={(e) => form.change('email', e.currentTarget.value)}
          error={form.fieldErrors.email?.[0]}
          style={{ flex: 1 }}
          size="sm"
        />
        <Button type="submit" size="sm" mt={25} loading={form.submitting} color="blue.9">
          Subscribe
        </Button>
      </Group>
      {form.succeeded && (
        <Alert mt="xs" color="green" variant="light" role="status">
          {t('newsletter.subscribed')}
        </Alert>
      )}
      {form.formError && !form.fieldErrors.email && (
        <Alert mt="xs" color="red" variant="light" role="alert">
          {form.formError}
        </Alert>
      )}
    </form>
  );
}
