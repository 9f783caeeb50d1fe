import { Alert, Anchor, Button, Checkbox, Group, PasswordInput, Stack } from '@mantine/core';
import { useSelector } from '@xstate/react';
import { Link, useSearch } from 'wouter';
import { t } from '@/shared/messages';
import { validateSignIn, type SignInValues } from '@/shared/validation';
import { EmailField } from '../../components/profile/account-fields';
import { selectSigningIn } from '../../session-selectors';
import { usePageTitle } from '../../use-page-title';
import { AuthFooter, AuthHeading, SessionNotices, useSessionForm } from './auth-form';

/** `?verified=1|0` is where the e-mail activation link lands (docs/api.md). */
function activationNotice(search: string): { ok: boolean; text: string } | null {
  const verified = new URLSearchParams(search).get('verified');
  if (verified === '1') return { ok: true, text: t('auth.activated') };
  if (verified === '0') return { ok: false, text: t('auth.activationInvalid') };
  return null;
}

export default function SignInPage() {
  usePageTitle('Sign in');
  const activation = activationNotice(useSearch());
  // The fields and the checks `POST /api/login` makes live here; the session machine signs in. A
  // notice stays: it may have followed the user here (a password reset's confirmation).
  const { session, form, alertError, notice } = useSessionForm<SignInValues & { remember: boolean }>({
    initialValues: { email: '', password: '', remember: false },
    validate: validateSignIn,
    resetOnOpen: false,
  });
  const submitting = useSelector(session, selectSigningIn);

  return (
    <Stack gap="md">
      <AuthHeading title="Sign in" intro="Welcome back. Sign in to your workspace." />
      {activation && (
        <Alert color={activation.ok ? 'green' : 'red'} role={activation.ok ? 'status' : 'alert'}>
          {activation.text}
        </Alert>
      )}
      <SessionNotices notice={notice} error={alertError} />
      <form
        onSubmit={form.onSubmit(({ email, password, remember }) =>
          session.send({ type: 'signIn.submit', email: email.trim(), password, remember }),
        )}
        noValidate
        aria-label="Sign in"
      >
        <Stack gap="sm">
          <EmailField {...form.getInputProps('email')} />
          <PasswordInput
            label="Password"
            autoComplete="current-password"
            required
            {...form.getInputProps('password')}
          />
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
      <AuthFooter question="New to Somesha?" href="/sign-up" link="Create an account" />
    </Stack>
  );
}
