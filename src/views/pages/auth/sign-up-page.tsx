import { Alert, Anchor, Button, Checkbox, NativeSelect, PasswordInput, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useSelector } from '@xstate/react';
import { useEffect, useState, type FormEvent } from 'react';
import { Link } from 'wouter';
import { t } from '@/shared/messages';
import { validateSignUp, type FieldErrors, type SignUpValues } from '@/shared/validation';
import { useSession } from '../../app-actors-context';
import { fieldError, selectFieldErrors, selectFormError, selectNotice, selectSigningUp } from '../../session-selectors';
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
  const [values, setValues] = useState<SignUpValues>(EMPTY);
  const [clientErrors, setClientErrors] = useState<FieldErrors>({});

  useEffect(() => {
    session.send({ type: 'form.reset' });
  }, [session]);

  function set<K extends keyof SignUpValues>(name: K, value: SignUpValues[K]) {
    setValues((current) => ({ ...current, [name]: value }));
    setClientErrors(({ [name]: _dropped, ...rest }) => rest);
  }

  // Client errors answer first; once a field is clean the server's verdict (e.g. e-mail taken) shows.
  const errorOf = (field: keyof SignUpValues) => fieldError(clientErrors, field) ?? fieldError(serverErrors, field);

  function submit(event: FormEvent) {
    event.preventDefault();
    const errors = validateSignUp(values);
    setClientErrors(errors);
    if (Object.keys(errors).length > 0) return;
    session.send({ type: 'signUp.submit', values: { ...values, email: values.email.trim(), username: values.username.trim() } });
  }

  if (notice) {
    return (
      <Stack gap="md">
        <Title order={1} size="h2">
          Check your e-mail
        </Title>
        <Alert color="green" role="status">
          {notice}
        </Alert>
        <Text size="sm">
          The activation link is valid for 24 hours. Once your account is active you can{' '}
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
      {formError && (
        <Alert color="red" role="alert">
          {formError}
        </Alert>
      )}
      <form onSubmit={submit} noValidate aria-label="Sign up">
        <Stack gap="sm">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <TextInput label="First name" autoComplete="given-name" required value={values.firstName} onChange={(e) => set('firstName', e.currentTarget.value)} error={errorOf('firstName')} />
            <TextInput label="Last name" autoComplete="family-name" required value={values.lastName} onChange={(e) => set('lastName', e.currentTarget.value)} error={errorOf('lastName')} />
          </SimpleGrid>
          <TextInput label="Username" autoComplete="username" required value={values.username} onChange={(e) => set('username', e.currentTarget.value)} error={errorOf('username')} />
          <TextInput label="Email" type="email" autoComplete="email" required value={values.email} onChange={(e) => set('email', e.currentTarget.value)} error={errorOf('email')} />
          <TextInput
            label="Phone"
            type="tel"
            autoComplete="tel"
            placeholder="07xx xxx xxx"
            required
            value={values.phone}
            onChange={(e) => set('phone', e.currentTarget.value)}
            error={errorOf('phone')}
          />
          <NativeSelect label="I am a" data={ROLE_OPTIONS} required value={values.role} onChange={(e) => set('role', e.currentTarget.value)} error={errorOf('role')} />
          <PasswordInput
            label="Password"
            autoComplete="new-password"
            placeholder={t('placeholder.password')}
            required
            value={values.password}
            onChange={(e) => set('password', e.currentTarget.value)}
            error={errorOf('password')}
          />
          <PasswordInput
            label="Confirm password"
            autoComplete="new-password"
            required
            value={values.passwordConfirmation}
            onChange={(e) => set('passwordConfirmation', e.currentTarget.value)}
            error={errorOf('passwordConfirmation')}
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
            checked={values.terms}
            onChange={(e) => set('terms', e.currentTarget.checked)}
            error={errorOf('terms')}
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
