import { Anchor, Button, Stack, TextInput } from '@mantine/core';
import { useSelector } from '@xstate/react';
import { Link, useSearch } from 'wouter';
import { validateNewPassword } from '@/shared/validation';
import { NewPasswordFields } from '../../components/profile/account-fields';
import { useRouteParams } from '../../route-params';
import { fieldError, selectResettingPassword } from '../../session-selectors';
import { usePageTitle } from '../../use-page-title';
import { AuthHeading, SessionNotices, useSessionForm } from './auth-form';

/** `/password-reset/:token?email=` — the link from the reset e-mail (docs/api.md). */
export default function PasswordResetPage() {
  usePageTitle('Reset password');
  const { token = '' } = useRouteParams();
  const email = new URLSearchParams(useSearch()).get('email') ?? '';
  // The new password is checked as `POST /api/reset-password` checks it (validateNewPassword); the
  // session machine sends it, and its 422 on the password fields lands there.
  const { session, form, serverErrors, formError, notice } = useSessionForm({
    initialValues: { password: '', passwordConfirmation: '' },
    validate: (values) => validateNewPassword(values.password, values.passwordConfirmation),
  });
  const resetting = useSelector(session, selectResettingPassword);

  // The server reports a dead link on `email` (docs/api.md); it is not something the user can fix here.
  const linkProblem = fieldError(serverErrors, 'email') ?? fieldError(serverErrors, 'token');

  return (
    <Stack gap="md">
      <AuthHeading title="Choose a new password" intro="Reset links work once and expire after 60 minutes." />
      <SessionNotices
        notice={notice}
        noticeLink={
          <Anchor component={Link} href="/sign-in">
            Sign in
          </Anchor>
        }
        error={linkProblem ?? formError}
        errorLink={
          linkProblem && (
            <Anchor component={Link} href="/forgot-password">
              Request a new link
            </Anchor>
          )
        }
      />
      <form
        onSubmit={form.onSubmit(({ password, passwordConfirmation }) =>
          session.send({ type: 'password.reset', token, email, password, passwordConfirmation }),
        )}
        noValidate
        aria-label="Reset password"
      >
        <Stack gap="sm">
          <TextInput label="Email" type="email" value={email} readOnly />
          <NewPasswordFields
            label="New password"
            confirmLabel="Confirm new password"
            password={form.getInputProps('password')}
            confirmation={form.getInputProps('passwordConfirmation')}
          />
          <Button type="submit" loading={resetting} fullWidth>
            Reset password
          </Button>
        </Stack>
      </form>
    </Stack>
  );
}
