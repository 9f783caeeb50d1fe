import { Alert, Anchor, Button, Checkbox, NativeSelect, PasswordInput, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useSelector } from '@xstate/react';
import { useEffect } from 'react';
import { Link } from 'wouter';
import { t } from '@/shared/messages';
import { validateSignUp, type SignUpValues } from '@/shared/validation';
import { useSession } from '../../app-actors-context';
import { selectFieldErrors, selectFormError, selectNotice, selectSigningUp } from '../../session-selectors';
import { toFormErrors, useServerErrors } from '../../use-form';
import { usePageTitle } from '../../use-page-title';

const EMPTY: SignUpValues = {
  firstName: '',
  lastName: '',
  username: '',
  email: '',
  phone: '',
  password: '',
  passwordConfirmation: '',
  role: 'student',
  terms: false,
};

const ROLE_OPTIONS = [
  { value: 'student', label: 'Student' },
  { value: 'parent', label: 'Parent' },
  { value: 'teacher', label: 'Teacher' },
];

export default function SignUpPage() {
  usePageTitle('Sign up');
  const session = useSession();
  const serverErrors = useSelector(session, selectFieldErrors);
  const formError = useSelector(session, selectFormError);
  const notice = useSelector(session, selectNotice);
  const submitting = useSelector(session, selectSigningUp);
  // The fields and the checks `POST /api/register` makes (validateSignUp) live here; the session
  // machine sends the form, and its 422 (e.g. the e-mail is taken) lands on the fields.
  const form = useForm<SignUpValues>({
    mode: 'controlled',
    initialValues: EMPTY,
    validate: (values) => toFormErrors(validateSignUp(values)),
  });
  useServerErrors(form, serverErrors);
  // A 422's message repeats its first field's; the alert is for what no field shows.
  const showFormError = formError && Object.keys(serverErrors).length === 0;

  useEffect(() => {
    session.send({ type: 'form.reset' });
  }, [session]);

  const submit = form.onSubmit((values) =>
    session.send({ type: 'signUp.submit', values: { ...values, email: values.email.trim(), username: values.username.trim() } }),
  );

  if (notice) {
    return (
      <Stack gap="md">
        <Title order={1} size="h2">
          Check your e-mail
        </Title>
        <Alert color="green" role="status">
          {notice}
        </Alert>
        {/* The same words whether or not the address had an account: the e-mail tells which. */}
        <Text size="sm">
          For a new account the e-mail holds an activation link, valid for 24 hours. If this address already has an account, the e-mail tells you how to get back in. Then you can{' '}
          <Anchor component={Link} href="/sign-in">
            sign in
          </Anchor>
          .
        </Text>
      </Stack>
    );
  }

  return (
    <Stack gap="md">
      <div>
        <Title order={1} size="h2">
          Create your account
        </Title>
        <Text c="dimmed" size="sm">
          Join as a student, a parent or a teacher.
        </Text>
      </div>
      {showFormError && (
        <Alert color="red" role="alert">
          {formError}
        </Alert>
      )}
      <form onSubmit={submit} noValidate aria-label="Sign up">
        <Stack gap="sm">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <TextInput label="First name" autoComplete="given-name" required {...form.getInputProps('firstName')} />
            <TextInput label="Last name" autoComplete="family-name" required {...form.getInputProps('lastName')} />
          </SimpleGrid>
          <TextInput label="Username" autoComplete="username" required {...form.getInputProps('username')} />
          <TextInput label="Email" type="email" autoComplete="email" required {...form.getInputProps('email')} />
          <TextInput
            label="Phone"
            type="tel"
            autoComplete="tel"
            placeholder="07xx xxx xxx"
            required
            {...form.getInputProps('phone')}
          />
          <NativeSelect label="I am a" data={ROLE_OPTIONS} required {...form.getInputProps('role')} />
          <PasswordInput
            label="Password"
            autoComplete="new-password"
            placeholder={t('placeholder.password')}
            required
            {...form.getInputProps('password')}
          />
          <PasswordInput
            label="Confirm password"
            autoComplete="new-password"
            required
            {...form.getInputProps('passwordConfirmation')}
          />
          <Checkbox
            label={
              <>
                I agree to the{' '}
                <Anchor component={Link} href="/terms" target="_blank">
                  Terms and Conditions
                </Anchor>
              </>
            }
            {...form.getInputProps('terms', { type: 'checkbox' })}
          />
          <Button type="submit" loading={submitting} fullWidth>
            Create account
          </Button>
        </Stack>
      </form>
      <Text size="sm" ta="center">
        Already have an account?{' '}
        <Anchor component={Link} href="/sign-in">
          Sign in
        </Anchor>
      </Text>
    </Stack>
  );
}
