import { Card, PasswordInput, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useSelector } from '@xstate/react';
import { useEffect, useRef } from 'react';
import { useSearch } from 'wouter';
import { passwordChangeForm, personalDetailsForm } from '@/machines/screens/account-screens';
import type { User } from '@/services/schemas/user';
import {
  validatePasswordChange,
  validatePersonalDetails,
  type PasswordChangeValues,
  type PersonalDetailsValues,
} from '@/shared/profile-validation';
import { GENDERS } from '@/shared/validation';
import { useSession } from '../../app-actors-context';
import { ChildrenSection } from '../../components/profile/children-section';
import { NameFields, NewPasswordFields, PhoneField } from '../../components/profile/account-fields';
import { NotificationsSection } from '../../components/profile/notifications-section';
import { PhotoUpload } from '../../components/profile/photo-upload';
import { ProfileForm } from '../../components/profile/profile-form';
import { GenderSelect } from '../../components/student-fields';
import { selectUser } from '../../session-selectors';
import { useForm } from '../../use-form';
import { usePageTitle } from '../../use-page-title';

function PersonalDetailsForm({ user }: { user: User }) {
  // On success the session has the saved user: the top bar shows the new name at once.
  const form = useForm({
    logic: personalDetailsForm,
    initialValues: {
      firstName: user.firstName ?? '',
      lastName: user.lastName ?? '',
      username: user.username ?? '',
      phone: user.phone ?? '',
      gender: user.gender ?? '',
      dob: user.dob ?? '',
    } satisfies PersonalDetailsValues,
    validate: (values: PersonalDetailsValues) => validatePersonalDetails(values, user.mainRole),
  });
  const field = (name: keyof PersonalDetailsValues) => form.getInputProps(name);

  return (
    <ProfileForm
      heading={{ text: 'Personal details', id: 'details-heading', order: 2 }}
      error={form.formError}
      onSubmit={form.onSubmit}
      submit={{ label: 'Save changes', busy: form.submitting }}
    >
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <NameFields firstName={field('firstName')} lastName={field('lastName')} />
        <TextInput label="Username" required autoComplete="username" {...field('username')} />
        <TextInput
          label="Email"
          value={user.email ?? ''}
          readOnly
          description="Contact support to change your e-mail address."
        />
        <PhoneField {...field('phone')} />
        <GenderSelect genders={GENDERS} {...field('gender')} />
        <TextInput label="Date of birth" type="date" {...field('dob')} />
      </SimpleGrid>
    </ProfileForm>
  );
}

const EMPTY_PASSWORDS: PasswordChangeValues = { currentPassword: '', password: '', passwordConfirmation: '' };

function ChangePasswordForm() {
  const form = useForm({
    logic: passwordChangeForm,
    initialValues: EMPTY_PASSWORDS,
    validate: validatePasswordChange,
    // Clear the fields: passwords should not linger on screen after use.
    onSubmitted: () => form.reset(),
  });
  const field = (name: keyof PasswordChangeValues) => form.getInputProps(name);

  return (
    <ProfileForm
      heading={{ text: 'Change password', id: 'password-heading', order: 2 }}
      error={form.formError}
      onSubmit={form.onSubmit}
      submit={{ label: 'Change password', busy: form.submitting, variant: 'light' }}
    >
      <PasswordInput
        label="Current password"
        required
        autoComplete="current-password"
        {...field('currentPassword')}
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <NewPasswordFields
          label="New password"
          confirmLabel="Confirm new password"
          password={field('password')}
          confirmation={field('passwordConfirmation')}
        />
      </SimpleGrid>
    </ProfileForm>
  );
}

export default function ProfileSettingPage() {
  usePageTitle('Profile settings');
  const user = useSelector(useSession(), selectUser);
  const passwordSection = useRef<HTMLDivElement>(null);
  const section = new URLSearchParams(useSearch()).get('section');

  // The user menu's "Change password" opens this page at the password form.
  useEffect(() => {
    if (section === 'password')
      passwordSection.current?.scrollIntoView({ behavior: 'smooth', block: 'start' });
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
      <Card withBorder padding="lg">
        <NotificationsSection user={user} />
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
