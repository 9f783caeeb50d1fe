import {
  Alert,
  Anchor,
  Button,
  Checkbox,
  NativeSelect,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useSelector } from '@xstate/react';
import { Link } from 'wouter';
import { validateSignUp, type SignUpValues } from '@/shared/validation';
import {
  EmailField,
  NameFields,
  NewPasswordFields,
  PhoneField,
} from '../../components/profile/account-fields';
import { selectSigningUp } from '../../session-selectors';
import { usePageTitle } from '../../use-page-title';
import { AuthFooter, AuthHeading, SessionNotices, useSessionForm } from './auth-form';

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
  // The fields and the checks `POST /api/register` makes (validateSignUp) live here; the session
  // machine sends the form, and its 422 (e.g. the e-mail is taken) lands on the fields.
  const { session, form, alertError, notice } = useSessionForm<SignUpValues>({
    initialValues: EMPTY,
    validate: validateSignUp,
  });
  const submitting = useSelector(session, selectSigningUp);

  const submit = form.onSubmit((values) =>
    session.send({
      type: 'signUp.submit',
      values: { ...values, email: values.email.trim(), username: values.username.trim() },
    }),
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
          For a new account the e-mail holds an activation link, valid for 24 hours. If this address already
          has an account, the e-mail tells you how to get back in. Then you can{' '}
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
      <AuthHeading title="Create your account" intro="Join as a student, a parent or a teacher." />
      <SessionNotices notice={null} error={alertError} />
      <form onSubmit={submit} noValidate aria-label="Sign up">
        <Stack gap="sm">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <NameFields
              firstName={form.getInputProps('firstName')}
              lastName={form.getInputProps('lastName')}
            />
          </SimpleGrid>
          <TextInput label="Username" autoComplete="username" required {...form.getInputProps('username')} />
          <EmailField {...form.getInputProps('email')} />
          <PhoneField {...form.getInputProps('phone')} />
          <NativeSelect label="I am a" data={ROLE_OPTIONS} required {...form.getInputProps('role')} />
          <NewPasswordFields
            label="Password"
            confirmLabel="Confirm password"
            password={form.getInputProps('password')}
            confirmation={form.getInputProps('passwordConfirmation')}
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
      <AuthFooter question="Already have an account?" href="/sign-in" link="Sign in" />
    </Stack>
  );
}
