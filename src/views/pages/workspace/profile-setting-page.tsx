import { Alert, Button, Card, Group, PasswordInput, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useSelector } from '@xstate/react';
import { useEffect, useRef, type FormEvent } from 'react';
import { useSearch } from 'wouter';
import { changePassword, updateUserInfo, type PasswordChangeValues, type UserInfoValues } from '@/services/auth-service';
import type { User } from '@/services/schemas/user';
import { t } from '@/shared/messages';
import { collect, dobProblem, genderProblem, GENDERS, isBlank, phoneProblem, PARENT_MIN_AGE, STUDENT_MIN_AGE, USERNAME_PATTERN, validateNewPassword } from '@/shared/validation';
import { useSession } from '../../app-actors-context';
import { ChildrenSection } from '../../components/profile/children-section';
import { PhotoUpload } from '../../components/profile/photo-upload';
import { GenderSelect } from '../../components/student-fields';
import { fieldError, selectUser } from '../../session-selectors';
import { useForm } from '../../use-form';
import { usePageTitle } from '../../use-page-title';

type DetailsValues = Required<Omit<UserInfoValues, 'email'>>;

const required = (value: string) => (isBlank(value) ? t('validation.required') : null);

function validateDetails(user: User) {
  // Students may be as young as the completion rule allows; everyone else signs up as an adult.
  const minAge = user.mainRole === 'student' ? STUDENT_MIN_AGE : PARENT_MIN_AGE;
  return (v: DetailsValues) =>
    collect({
      firstName: required(v.firstName),
      lastName: required(v.lastName),
      username: USERNAME_PATTERN.test(v.username) ? null : t('validation.username'),
      phone: phoneProblem(v.phone),
      gender: genderProblem(v.gender),
      dob: isBlank(v.dob) ? null : dobProblem(v.dob, minAge),
    });
}

function PersonalDetailsForm({ user }: { user: User }) {
  const session = useSession();
  const form = useForm({
    initialValues: {
      firstName: user.firstName ?? '',
      lastName: user.lastName ?? '',
      username: user.username ?? '',
      phone: user.phone ?? '',
      gender: user.gender ?? '',
      dob: user.dob ?? '',
    } satisfies DetailsValues,
    validate: validateDetails(user),
    submit: (values: DetailsValues) => updateUserInfo(values),
    onSubmitted: (answer) => session.send({ type: 'user.updated', user: answer.user }),
  });
  const v = form.values;

  function submit(event: FormEvent) {
    event.preventDefault();
    form.submit();
  }

  return (
    <form onSubmit={submit} noValidate aria-labelledby="details-heading">
      <Stack gap="sm">
        <Title order={2} size="h4" id="details-heading">
          Personal details
        </Title>
        {form.formError && (
          <Alert color="red" role="alert">
            {form.formError}
          </Alert>
        )}
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <TextInput label="First name" required autoComplete="given-name" value={v.firstName} onChange={(e) => form.change('firstName', e.currentTarget.value)} error={fieldError(form.fieldErrors, 'firstName')} />
          <TextInput label="Last name" required autoComplete="family-name" value={v.lastName} onChange={(e) => form.change('lastName', e.currentTarget.value)} error={fieldError(form.fieldErrors, 'lastName')} />
          <TextInput label="Username" required autoComplete="username" value={v.username} onChange={(e) => form.change('username', e.currentTarget.value)} error={fieldError(form.fieldErrors, 'username')} />
          <TextInput label="Email" value={user.email ?? ''} readOnly description="Contact support to change your e-mail address." />
          <TextInput label="Phone" type="tel" required autoComplete="tel" value={v.phone} onChange={(e) => form.change('phone', e.currentTarget.value)} error={fieldError(form.fieldErrors, 'phone')} />
          <GenderSelect value={v.gender} onChange={(value) => form.change('gender', value)} error={fieldError(form.fieldErrors, 'gender')} genders={GENDERS} />
          <TextInput label="Date of birth" type="date" value={v.dob} onChange={(e) => form.change('dob', e.currentTarget.value)} error={fieldError(form.fieldErrors, 'dob')} />
        </SimpleGrid>
        <Group justify="flex-end">
          <Button type="submit" loading={form.submitting}>
            Save changes
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

const EMPTY_PASSWORDS: PasswordChangeValues = { currentPassword: '', password: '', passwordConfirmation: '' };

function ChangePasswordForm() {
  const form = useForm({
    initialValues: EMPTY_PASSWORDS,
    validate: (v: PasswordChangeValues) => ({
      ...collect({ currentPassword: required(v.currentPassword) }),
      ...validateNewPassword(v.password, v.passwordConfirmation),
    }),
    submit: (values: PasswordChangeValues) => changePassword(values),
    // Clear the fields: passwords should not linger on screen after use.
    onSubmitted: () => form.reset(),
  });
  const v = form.values;

  function submit(event: FormEvent) {
    event.preventDefault();
    form.submit();
  }

  return (
    <form onSubmit={submit} noValidate aria-labelledby="password-heading">
      <Stack gap="sm">
        <Title order={2} size="h4" id="password-heading">
          Change password
        </Title>
        {form.formError && (
          <Alert color="red" role="alert">
            {form.formError}
          </Alert>
        )}
        <PasswordInput label="Current password" required autoComplete="current-password" value={v.currentPassword} onChange={(e) => form.change('currentPassword', e.currentTarget.value)} error={fieldError(form.fieldErrors, 'currentPassword')} />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <PasswordInput label="New password" required autoComplete="new-password" placeholder={t('placeholder.password')} value={v.password} onChange={(e) => form.change('password', e.currentTarget.value)} error={fieldError(form.fieldErrors, 'password')} />
          <PasswordInput label="Confirm new password" required autoComplete="new-password" value={v.passwordConfirmation} onChange={(e) => form.change('passwordConfirmation', e.currentTarget.value)} error={fieldError(form.fieldErrors, 'passwordConfirmation')} />
        </SimpleGrid>
        <Group justify="flex-end">
          <Button type="submit" variant="light" loading={form.submitting}>
            Change password
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

export default function ProfileSettingPage() {
  usePageTitle('Profile settings');
  const user = useSelector(useSession(), selectUser);
  const passwordSection = useRef<HTMLDivElement>(null);
  const section = new URLSearchParams(useSearch()).get('section');

  // The user menu's "Change password" opens this page at the password form.
  useEffect(() => {
    if (section === 'password') passwordSection.current?.scrollIntoView({ behavior: 'smooth', block: 'start' });
  }, [section]);

  if (!user) return null;
  return (
    <Stack gap="lg" maw={900}>
      <div>
        <Title order={1} size="h2">
          Profile settings
        </Title>
        <Text c="dimmed">Keep your details up to date.</Text>
      </div>
      <Card withBorder padding="lg">
        <PhotoUpload user={user} />
      </Card>
      <Card withBorder padding="lg">
        <PersonalDetailsForm user={user} />
      </Card>
      {user.mainRole === 'parent' && (
        <Card withBorder padding="lg">
          <ChildrenSection />
        </Card>
      )}
      <Card withBorder padding="lg" ref={passwordSection}>
        <ChangePasswordForm />
      </Card>
    </Stack>
  );
}
