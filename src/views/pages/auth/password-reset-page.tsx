import { Alert, Anchor, Button, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useSelector } from '@xstate/react';
import { useEffect } from 'react';
import { Link, useSearch } from 'wouter';
import { t } from '@/shared/messages';
import { validateNewPassword } from '@/shared/validation';
import { useSession } from '../../app-actors-context';
import { fieldError, selectFieldErrors, selectFormError, selectNotice, selectResettingPassword } from '../../session-selectors';
import { toFormErrors, useServerErrors } from '../../use-form';
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
  // The new password is checked as `POST /api/reset-password` checks it (validateNewPassword); the
  // session machine sends it, and its 422 on the password fields lands there.
  const form = useForm({
    mode: 'controlled',
    initialValues: { password: '', passwordConfirmation: '' },
    validate: (values) => toFormErrors(validateNewPassword(values.password, values.passwordConfirmation)),
  });
  useServerErrors(form, serverErrors);

  useEffect(() => {
    session.send({ type: 'form.reset' });
  }, [session]);

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
      <form
        onSubmit={form.onSubmit(({ password, passwordConfirmation }) =>
          session.send({ type: 'password.reset', token, email, password, passwordConfirmation }),
        )}
        noValidate
        aria-label="Reset password"
      >
        <Stack gap="sm">
          <TextInput label="Email" type="email" value={email} readOnly />
          <PasswordInput
            label="New password"
            autoComplete="new-password"
            placeholder={t('placeholder.password')}
            required
            {...form.getInputProps('password')}
          />
          <PasswordInput
            label="Confirm new password"
            autoComplete="new-password"
            required
            {...form.getInputProps('passwordConfirmation')}
          />
          <Button type="submit" loading={resetting} fullWidth>
            Reset password
          </Button>
        </Stack>
      </form>
    </Stack>
  );
}
