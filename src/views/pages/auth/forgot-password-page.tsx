import { Button, Stack } from '@mantine/core';
import { useSelector } from '@xstate/react';
import { collect, emailProblem } from '@/shared/validation';
import { EmailField } from '../../components/profile/account-fields';
import { selectSendingReset } from '../../session-selectors';
import { usePageTitle } from '../../use-page-title';
import { AuthFooter, AuthHeading, SessionNotices, useSessionForm } from './auth-form';

export default function ForgotPasswordPage() {
  usePageTitle('Forgot password');
  // The e-mail is checked as `POST /api/forgot-password` checks it; the session machine sends it.
  const { session, form, alertError, notice } = useSessionForm({
    initialValues: { email: '' },
    validate: (values) => collect({ email: emailProblem(values.email) }),
  });
  const sending = useSelector(session, selectSendingReset);

  return (
    <Stack gap="md">
      <AuthHeading
        title="Forgot your password?"
        intro="Enter the e-mail address of your account and we will send you a link to choose a new password."
      />
      <SessionNotices notice={notice} error={alertError} />
      <form
        onSubmit={form.onSubmit(({ email }) =>
          session.send({ type: 'password.forgot', email: email.trim() }),
        )}
        noValidate
        aria-label="Forgot password"
      >
        <Stack gap="sm">
          <EmailField {...form.getInputProps('email')} />
          <Button type="submit" loading={sending} fullWidth>
            Send reset link
          </Button>
        </Stack>
      </form>
      <AuthFooter question="Remembered it?" href="/sign-in" link="Back to sign in" />
    </Stack>
  );
}
