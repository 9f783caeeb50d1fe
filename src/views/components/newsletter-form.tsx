import { Alert, Button, Group, TextInput } from '@mantine/core';
import { useField } from '@mantine/form';
import { useEffect, type FormEvent } from 'react';
import { newsletterForm, type NewsletterValues } from '@/machines/screens/public-screens';
import { t } from '@/shared/messages';
import { emailProblem } from '@/shared/validation';
import { useFormRoundTrip } from '../use-form-round-trip';

/**
 * Footer sign-up: `POST /api/web/newsletter`; the same thank-you for a new and a repeated address.
 * It is on every public page, so its one field is @mantine/form's `useField` (a few hundred bytes)
 * rather than the whole `useForm` the other forms use (src/views/use-form.ts); the round trip is the
 * same generic form machine (docs/forms.md).
 */
export function NewsletterForm() {
  const roundTrip = useFormRoundTrip<NewsletterValues, unknown>({ logic: newsletterForm });
  // The shared rule the API runs; editing the address clears its error (client or server).
  const email = useField<string>({
    initialValue: '',
    validate: emailProblem,
    onValueChange: roundTrip.changed,
  });

  // The server's verdict on the address (a 422) replaces the field's error, as `useServerErrors` does.
  const serverErrors = roundTrip.serverFieldErrors;
  const setEmailError = email.setError;
  useEffect(() => {
    if (serverErrors) setEmailError(serverErrors.email?.join(' ') ?? null);
  }, [serverErrors, setEmailError]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (await email.validate()) return;
    roundTrip.send({ email: email.getValue() });
  }

  return (
    <form onSubmit={submit} noValidate aria-label="Newsletter">
      <Group gap="xs" align="flex-start" wrap="nowrap">
        <TextInput
          label="Newsletter e-mail"
          placeholder="you@example.com"
          type="email"
          autoComplete="email"
          value={email.getValue()}
          onChange={(e) => email.setValue(e.currentTarget.value)}
          error={email.error}
          style={{ flex: 1 }}
          size="sm"
        />
        <Button type="submit" size="sm" mt={25} loading={roundTrip.submitting} color="blue.9">
          Subscribe
        </Button>
      </Group>
      {roundTrip.succeeded && (
        <Alert mt="xs" color="green" variant="light" role="status">
          {t('newsletter.subscribed')}
        </Alert>
      )}
      {roundTrip.formError && !email.error && (
        <Alert mt="xs" color="red" variant="light" role="alert">
          {roundTrip.formError}
        </Alert>
      )}
    </form>
  );
}
