import { NativeSelect, SimpleGrid, Stack, TextInput } from '@mantine/core';
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

export function GenderSelect({
  value,
  onChange,
  error,
  genders,
}: {
  value: string;
  onChange: (v: string) => void;
  error: string | null;
  genders: readonly string[];
}) {
  return (
    <NativeSelect
      label="Gender"
      required
      data={choices(genders, GENDER_LABELS, 'Choose')}
      value={value}
      onChange={(e) => onChange(e.currentTarget.value)}
      error={error}
    />
  );
}

type Props<V extends StudentFieldValues> = {
  values: V;
  errors: FieldErrors;
  onChange: <K extends keyof V & string>(name: K, value: V[K]) => void;
  /** The choices the completion calls answer (curricula, study modes, genders). */
  options: ProfileOptions;
};

/** The school details a student (or a parent's child) gives: same fields, same order, both forms. */
export function StudentFields({ values, errors, onChange, options }: Props<StudentFieldValues>) {
  const { curricula, studyModes, genders } = options;
  return (
    <Stack gap="sm">
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <TextInput
          label="School name"
          required
          value={values.schoolName}
          onChange={(e) => onChange('schoolName', e.currentTarget.value)}
          error={fieldError(errors, 'schoolName')}
        />
        <NativeSelect
          label="Study mode"
          required
          data={choices(studyModes, STUDY_MODE_LABELS, 'Choose')}
          value={values.studyMode}
          onChange={(e) => onChange('studyMode', e.currentTarget.value)}
          error={fieldError(errors, 'studyMode')}
        />
      </SimpleGrid>
      <EducationFields
        curricula={curricula}
        value={{
          curriculumId: values.curriculumId,
          eduLevelId: values.eduLevelId,
          gradeLevelId: values.gradeLevelId,
        }}
        onChange={(next) => {
          onChange('curriculumId', next.curriculumId);
          onChange('eduLevelId', next.eduLevelId);
          onChange('gradeLevelId', next.gradeLevelId);
        }}
        errors={{
          curriculumId: fieldError(errors, 'curriculumId'),
          eduLevelId: fieldError(errors, 'eduLevelId'),
          gradeLevelId: fieldError(errors, 'gradeLevelId'),
        }}
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <TextInput
          label="Date of birth"
          type="date"
          required
          value={values.dob}
          onChange={(e) => onChange('dob', e.currentTarget.value)}
          error={fieldError(errors, 'dob')}
        />
        <GenderSelect
          value={values.gender}
          onChange={(v) => onChange('gender', v)}
          error={fieldError(errors, 'gender')}
          genders={genders}
        />
      </SimpleGrid>
    </Stack>
  );
}

/** A child a parent adds or edits: their name, then the same fields as a student's own profile. */
export function ChildFields({ values, errors, onChange, options }: Props<ChildValues>) {
  return (
    <>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <TextInput
          label="Child's first name"
          required
          value={values.firstName}
          onChange={(e) => onChange('firstName', e.currentTarget.value)}
          error={fieldError(errors, 'firstName')}
        />
        <TextInput
          label="Child's last name"
          required
          value={values.lastName}
          onChange={(e) => onChange('lastName', e.currentTarget.value)}
          error={fieldError(errors, 'lastName')}
        />
      </SimpleGrid>
      <StudentFields values={values} errors={errors} onChange={onChange} options={options} />
    </>
  );
}
