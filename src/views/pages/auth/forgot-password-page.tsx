import { Alert, Anchor, Button, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useSelector } from '@xstate/react';
import { useEffect } from 'react';
import { Link } from 'wouter';
import { collect, emailProblem } from '@/shared/validation';
import { useSession } from '../../app-actors-context';
import { selectFieldErrors, selectFormError, selectNotice, selectSendingReset } from '../../session-selectors';
import { toFormErrors, useServerErrors } from '../../use-form';
import { usePageTitle } from '../../use-page-title';

export default function ForgotPasswordPage() {
  usePageTitle('Forgot password');
  const session = useSession();
  const serverErrors = useSelector(session, selectFieldErrors);
  const formError = useSelector(session, selectFormError);
  const notice = useSelector(session, selectNotice);
  const sending = useSelector(session, selectSendingReset);
  // The e-mail is checked as `POST /api/forgot-password` checks it; the session machine sends it.
  const form = useForm({
    mode: 'controlled',
    initialValues: { email: '' },
    validate: (values) => toFormErrors(collect({ email: emailProblem(values.email) })),
  });
  useServerErrors(form, serverErrors);
  // A 422's message repeats its field's; the alert is for what no field shows.
  const showFormError = formError && Object.keys(serverErrors).length === 0;

  useEffect(() => {
    session.send({ type: 'form.reset' });
  }, [session]);

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
      {showFormError && (
        <Alert color="red" role="alert">
          {formError}
        </Alert>
      )}
      <form
        onSubmit={form.onSubmit(({ email }) => session.send({ type: 'password.forgot', email: email.trim() }))}
        noValidate
        aria-label="Forgot password"
      >
        <Stack gap="sm">
          <TextInput label="Email" type="email" autoComplete="email" required {...form.getInputProps('email')} />
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
