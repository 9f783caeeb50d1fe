import { Alert, Anchor, Button, Stack, Text, TextInput, Title } from '@mantine/core';
import { useSelector } from '@xstate/react';
import { useEffect, useState, type FormEvent } from 'react';
import { Link } from 'wouter';
import { emailProblem } from '@/shared/validation';
import { useSession } from '../../app-actors-context';
import { fieldError, selectFieldErrors, selectFormError, selectNotice, selectSendingReset } from '../../session-selectors';
import { usePageTitle } from '../../use-page-title';

export default function ForgotPasswordPage() {
  usePageTitle('Forgot password');
  const session = useSession();
  const serverErrors = useSelector(session, selectFieldErrors);
  const formError = useSelector(session, selectFormError);
  const notice = useSelector(session, selectNotice);
  const sending = useSelector(session, selectSendingReset);
  const [email, setEmail] = useState('');
  const [clientError, setClientError] = useState<string | null>(null);

  useEffect(() => {
    session.send({ type: 'form.reset' });
  }, [session]);

  function submit(event: FormEvent) {
    event.preventDefault();
    const problem = emailProblem(email);
    setClientError(problem);
    if (!problem) session.send({ type: 'password.forgot', email: email.trim() });
  }

  return (
    <Stack gap="md">
      <div>
        <Title order={1} size="h2">
          Forgot your password?
        </Title>
        <Text c="dimmed" size="sm">
          Enter the e-mail address of your account and we will send you a link to choose a new password.
        </Text>
      </div>
      {notice && (
        <Alert color="green" role="status">
          {notice}
        </Alert>
      )}
      {formError && (
        <Alert color="red" role="alert">
          {formError}
        </Alert>
      )}
      <form onSubmit={submit} noValidate aria-label="Forgot password">
        <Stack gap="sm">
          <TextInput
            label="Email"
            type="email"
            autoComplete="email"
            required
            value={email}
            onChange={(e) => {
              setEmail(e.currentTarget.value);
              setClientError(null);
            }}
            error={clientError ?? fieldError(serverErrors, 'email')}
          />
          <Button type="submit" loading={sending} fullWidth>
            Send reset link
          </Button>
        </Stack>
      </form>
      <Text size="sm" ta="center">
        Remembered it?{' '}
        <Anchor component={Link} href="/sign-in">
          Back to sign in
        </Anchor>
      </Text>
    </Stack>
  );
}
