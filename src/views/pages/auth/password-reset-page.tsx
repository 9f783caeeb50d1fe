import { Alert, Anchor, Button, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { useSelector } from '@xstate/react';
import { useEffect, useState, type FormEvent } from 'react';
import { Link, useSearch } from 'wouter';
import { t } from '@/shared/messages';
import { validateNewPassword, type FieldErrors } from '@/shared/validation';
import { useSession } from '../../app-actors-context';
import { fieldError, selectFieldErrors, selectFormError, selectNotice, selectResettingPassword } from '../../session-selectors';
import { useRouteParams } from '../../route-params';
import { usePageTitle } from '../../use-page-title';

/** `/password-reset/:token?email=` — the link from the reset e-mail (docs/api.md). */
export default function PasswordResetPage() {
  usePageTitle('Reset password');
  const session = useSession();
  const { token = '' } = useRouteParams();
  const email = new URLSearchParams(useSearch()).get('email') ?? '';
  const serverErrors = useSelector(session, selectFieldErrors);
  const formError = useSelector(session, selectFormError);
  const notice = useSelector(session, selectNotice);
  const resetting = useSelector(session, selectResettingPassword);
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [clientErrors, setClientErrors] = useState<FieldErrors>({});

  useEffect(() => {
    session.send({ type: 'form.reset' });
  }, [session]);

  function submit(event: FormEvent) {
    event.preventDefault();
    const errors = validateNewPassword(password, confirmation);
    setClientErrors(errors);
    if (Object.keys(errors).length > 0) return;
    session.send({ type: 'password.reset', token, email, password, passwordConfirmation: confirmation });
  }

  // The server reports a dead link on `email` (docs/api.md); it is not something the user can fix here.
  const linkProblem = fieldError(serverErrors, 'email') ?? fieldError(serverErrors, 'token');

  return (
    <Stack gap="md">
      <div>
        <Title order={1} size="h2">
          Choose a new password
        </Title>
        <Text c="dimmed" size="sm">
          Reset links work once and expire after 60 minutes.
        </Text>
      </div>
      {notice && (
        <Alert color="green" role="status">
          {notice}{' '}
          <Anchor component={Link} href="/sign-in">
            Sign in
          </Anchor>
        </Alert>
      )}
      {(linkProblem || formError) && (
        <Alert color="red" role="alert">
          {linkProblem ?? formError}{' '}
          {linkProblem && (
            <Anchor component={Link} href="/forgot-password">
              Request a new link
            </Anchor>
          )}
        </Alert>
      )}
      <form onSubmit={submit} noValidate aria-label="Reset password">
        <Stack gap="sm">
          <TextInput label="Email" type="email" value={email} readOnly />
          <PasswordInput
            label="New password"
            autoComplete="new-password"
            placeholder={t('placeholder.password')}
            required
            value={password}
            onChange={(e) => setPassword(e.currentTarget.value)}
            error={fieldError(clientErrors, 'password') ?? fieldError(serverErrors, 'password')}
          />
          <PasswordInput
            label="Confirm new password"
            autoComplete="new-password"
            required
            value={confirmation}
            onChange={(e) => setConfirmation(e.currentTarget.value)}
            error={fieldError(clientErrors, 'passwordConfirmation') ?? fieldError(serverErrors, 'passwordConfirmation')}
          />
          <Button type="submit" loading={resetting} fullWidth>
            Reset password
          </Button>
        </Stack>
      </form>
    </Stack>
  );
}
