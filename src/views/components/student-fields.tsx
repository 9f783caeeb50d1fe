import { NativeSelect, SimpleGrid, Stack, TextInput, type NativeSelectProps } from '@mantine/core';
import type { ChangeEvent } from 'react';
import type { ProfileOptions } from '@/services/schemas/profile-options';
import type { ChildValues, StudentFieldValues } from '@/shared/profile-validation';
import type { FieldErrors } from '@/shared/validation';
import { fieldError } from '../session-selectors';
import { EducationFields } from './education-fields';

const STUDY_MODE_LABELS: Record<string, string> = { boarding: 'Boarding', day_scholar: 'Day scholar' };
const GENDER_LABELS: Record<string, string> = { male: 'Male', female: 'Female', other: 'Other' };

export function choices(options: readonly string[], labels: Record<string, string>, prompt: string) {
  return [
    { value: '', label: prompt },
    ...options.map((value) => ({ value, label: labels[value] ?? value })),
  ];
}

type FieldEvent = ChangeEvent<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>;

/**
 * The props of a text field or a select (value, onChange, error) from a form's values, its errors
 * and how it changes a value: `<TextInput label="School name" {...field('schoolName')} />`.
 */
export function fieldsOf<V extends object>(
  values: V,
  errors: FieldErrors,
  change: (name: keyof V & string, value: string) => void,
) {
  return (name: keyof V & string) => ({
    value: String(values[name] ?? ''),
    onChange: (event: FieldEvent) => change(name, event.currentTarget.value),
    error: fieldError(errors, name),
  });
}

/** The gender select; its value, onChange and error come from the form (`fieldsOf`, `getInputProps`). */
export function GenderSelect({ genders, ...field }: { genders: readonly string[] } & NativeSelectProps) {
  return <NativeSelect label="Gender" required data={choices(genders, GENDER_LABELS, 'Choose')} {...field} />;
}

/** What the fields need of their form: its values, its errors per field, and how a value changes. */
export type FieldsForm<V> = {
  values: V;
  fieldErrors: FieldErrors;
  change: <K extends keyof V & string>(name: K, value: V[K]) => void;
};

type Props<V extends StudentFieldValues> = {
  form: FieldsForm<V>;
  /** The choices the completion calls answer (curricula, study modes, genders). */
  options: ProfileOptions;
};

/** The school details a student (or a parent's child) gives: same fields, same order, both forms. */
export function StudentFields<V extends StudentFieldValues>({ form, options }: Props<V>) {
  const field = fieldsOf(form.values, form.fieldErrors, (name, value) => form.change(name, value as never));
  return (
    <Stack gap="sm">
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <TextInput label="School name" required {...field('schoolName')} />
        <NativeSelect
          label="Study mode"
          required
          data={choices(options.studyModes, STUDY_MODE_LABELS, 'Choose')}
          {...field('studyMode')}
        />
      </SimpleGrid>
      <EducationFields
        curricula={options.curricula}
        values={form.values}
        errors={form.fieldErrors}
        onChange={(name, value) => form.change(name, value as never)}
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <TextInput label="Date of birth" type="date" required {...field('dob')} />
        <GenderSelect genders={options.genders} {...field('gender')} />
      </SimpleGrid>
    </Stack>
  );
}

/** A child a parent adds or edits: their name, then the same fields as a student's own profile. */
export function ChildFields({ form, options }: Props<ChildValues>) {
  const field = fieldsOf(form.values, form.fieldErrors, (name, value) => form.change(name, value as never));
  return (
    <>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <TextInput label="Child's first name" required {...field('firstName')} />
        <TextInput label="Child's last name" required {...field('lastName')} />
      </SimpleGrid>
      <StudentFields form={form} options={options} />
    </>
  );
}
