import { Alert, Anchor, Button, Checkbox, Group, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useSelector } from '@xstate/react';
import { Link, useSearch } from 'wouter';
import { t } from '@/shared/messages';
import { validateSignIn, type SignInValues } from '@/shared/validation';
import { useSession } from '../../app-actors-context';
import { selectFieldErrors, selectFormError, selectNotice, selectSigningIn } from '../../session-selectors';
import { toFormErrors, useServerErrors } from '../../use-form';
import { usePageTitle } from '../../use-page-title';

/** `?verified=1|0` is where the e-mail activation link lands (docs/api.md). */
function activationNotice(search: string): { ok: boolean; text: string } | null {
  const verified = new URLSearchParams(search).get('verified');
  if (verified === '1') return { ok: true, text: t('auth.activated') };
  if (verified === '0') return { ok: false, text: t('auth.activationInvalid') };
  return null;
}

export default function SignInPage() {
  usePageTitle('Sign in');
  const session = useSession();
  const formError = useSelector(session, selectFormError);
  const serverErrors = useSelector(session, selectFieldErrors);
  const notice = useSelector(session, selectNotice);
  const submitting = useSelector(session, selectSigningIn);
  const search = useSearch();
  const activation = activationNotice(search);
  // The fields and the checks `POST /api/login` makes live here; the session machine signs in.
  const form = useForm<SignInValues & { remember: boolean }>({
    mode: 'controlled',
    initialValues: { email: '', password: '', remember: false },
    validate: (values) => toFormErrors(validateSignIn(values)),
  });
  useServerErrors(form, serverErrors);
  // A 422's message repeats its first field's; the alert is for what no field shows.
  const showFormError = formError && Object.keys(serverErrors).length === 0;

  return (
    <Stack gap="md">
      <div>
        <Title order={1} size="h2">
          Sign in
        </Title>
        <Text c="dimmed" size="sm">
          Welcome back. Sign in to your workspace.
        </Text>
      </div>
      {activation && (
        <Alert color={activation.ok ? 'green' : 'red'} role={activation.ok ? 'status' : 'alert'}>
          {activation.text}
        </Alert>
      )}
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
        onSubmit={form.onSubmit(({ email, password, remember }) =>
          session.send({ type: 'signIn.submit', email: email.trim(), password, remember }),
        )}
        noValidate
        aria-label="Sign in"
      >
        <Stack gap="sm">
          <TextInput label="Email" type="email" autoComplete="email" required {...form.getInputProps('email')} />
          <PasswordInput label="Password" autoComplete="current-password" required {...form.getInputProps('password')} />
          <Group justify="space-between">
            <Checkbox label="Remember me" {...form.getInputProps('remember', { type: 'checkbox' })} />
            <Anchor component={Link} href="/forgot-password" size="sm">
              Forgot password?
            </Anchor>
          </Group>
          <Button type="submit" loading={submitting} fullWidth>
            Sign in
          </Button>
        </Stack>
      </form>
      <Text size="sm" ta="center">
        New to Somesha?{' '}
        <Anchor component={Link} href="/sign-up">
          Create an account
        </Anchor>
      </Text>
    </Stack>
  );
}
