// The fields of an account, the same on sign-up, sign-in, password recovery, profile completion and
// profile settings. Each takes its form's props for the field (value, onChange, error), e.g. a
// @mantine/form's `getInputProps(name)`.
import { PasswordInput, TextInput, type PasswordInputProps, type TextInputProps } from '@mantine/core';
import { t } from '@/shared/messages';

export function EmailField(props: TextInputProps) {
  return <TextInput label="Email" type="email" autoComplete="email" required {...props} />;
}

export function PhoneField(props: TextInputProps) {
  return (
    <TextInput label="Phone" type="tel" autoComplete="tel" placeholder="07xx xxx xxx" required {...props} />
  );
}

/** First and last name (place them in a grid). */
export function NameFields({ firstName, lastName }: { firstName: TextInputProps; lastName: TextInputProps }) {
  return (
    <>
      <TextInput label="First name" autoComplete="given-name" required {...firstName} />
      <TextInput label="Last name" autoComplete="family-name" required {...lastName} />
    </>
  );
}

/** A new password and its confirmation (the two fields `validateNewPassword` checks). */
export function NewPasswordFields({
  label,
  confirmLabel,
  password,
  confirmation,
}: {
  label: string;
  confirmLabel: string;
  password: PasswordInputProps;
  confirmation: PasswordInputProps;
}) {
  return (
    <>
      <PasswordInput
        label={label}
        autoComplete="new-password"
        placeholder={t('placeholder.password')}
        required
        {...password}
      />
      <PasswordInput label={confirmLabel} autoComplete="new-password" required {...confirmation} />
    </>
  );
}
