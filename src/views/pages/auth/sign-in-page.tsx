import { Alert, Anchor, Button, Checkbox, Group, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { useSelector } from '@xstate/react';
import { useState, type FormEvent } from 'react';
import { Link, useSearch } from 'wouter';
import { t } from '@/shared/messages';
import { useSession } from '../../app-actors-context';
import { selectFormError, selectNotice, selectSigningIn } from '../../session-selectors';
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
  const notice = useSelector(session, selectNotice);
  const submitting = useSelector(session, selectSigningIn);
  const search = useSearch();
  const activation = activationNotice(search);
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [remember, setRemember] = useState(false);

  function submit(event: FormEvent) {
    event.preventDefault();
    session.send({ type: 'signIn.submit', email: email.trim(), password, remember });
  }

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
      {formError && (
        <Alert color="red" role="alert">
          {formError}
        </Alert>
      )}
      <form onSubmit={submit} noValidate aria-label="Sign in">
        <Stack gap="sm">
          <TextInput label="Email" type="email" autoComplete="email" required value={email} onChange={(e) => setEmail(e.currentTarget.value)} />
          <PasswordInput
            label="Password"
            autoComplete="current-password"
            required
            value={password}
            onChange={(e) => setPassword(e.currentTarget.value)}
          />
          <Group justify="space-between">
            <Checkbox label="Remember me" checked={remember} onChange={(e) => setRemember(e.currentTarget.checked)} />
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
