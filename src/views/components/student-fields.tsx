import { NativeSelect, SimpleGrid, Stack, TextInput } from '@mantine/core';
import type { Curriculum } from '@/services/schemas/catalogue';
import type { FieldErrors } from '@/shared/validation';
import { fieldError } from '../session-selectors';
import { EducationFields } from './education-fields';

import type { StudentFieldValues } from '@/shared/profile-validation';

export type { StudentFieldValues };

export const EMPTY_STUDENT_FIELDS: StudentFieldValues = {
  schoolName: '',
  studyMode: '',
  curriculumId: null,
  eduLevelId: null,
  gradeLevelId: null,
  dob: '',
  gender: '',
};

const STUDY_MODE_LABELS: Record<string, string> = { boarding: 'Boarding', day_scholar: 'Day scholar' };
const GENDER_LABELS: Record<string, string> = { male: 'Male', female: 'Female', other: 'Other' };

export function choices(options: readonly string[], labels: Record<string, string>, prompt: string) {
  return [{ value: '', label: prompt }, ...options.map((value) => ({ value, label: labels[value] ?? value }))];
}

export function GenderSelect({ value, onChange, error, genders }: { value: string; onChange: (v: string) => void; error: string | null; genders: readonly string[] }) {
  return <NativeSelect label="Gender" required data={choices(genders, GENDER_LABELS, 'Choose')} value={value} onChange={(e) => onChange(e.currentTarget.value)} error={error} />;
}

type Props = {
  values: StudentFieldValues;
  errors: FieldErrors;
  onChange: <K extends keyof StudentFieldValues>(name: K, value: StudentFieldValues[K]) => void;
  curricula: Curriculum[];
  studyModes: readonly string[];
  genders: readonly string[];
};

/** The school details a student (or a parent's child) gives: same fields, same order, both forms. */
export function StudentFields({ values, errors, onChange, curricula, studyModes, genders }: Props) {
  return (
    <Stack gap="sm">
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <TextInput label="School name" required value={values.schoolName} onChange={(e) => onChange('schoolName', e.currentTarget.value)} error={fieldError(errors, 'schoolName')} />
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
        value={{ curriculumId: values.curriculumId, eduLevelId: values.eduLevelId, gradeLevelId: values.gradeLevelId }}
        onChange={(next) => {
          onChange('curriculumId', next.curriculumId);
          onChange('eduLevelId', next.eduLevelId);
          onChange('gradeLevelId', next.gradeLevelId);
        }}
        errors={{ curriculumId: fieldError(errors, 'curriculumId'), eduLevelId: fieldError(errors, 'eduLevelId'), gradeLevelId: fieldError(errors, 'gradeLevelId') }}
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <TextInput label="Date of birth" type="date" required value={values.dob} onChange={(e) => onChange('dob', e.currentTarget.value)} error={fieldError(errors, 'dob')} />
        <GenderSelect value={values.gender} onChange={(v) => onChange('gender', v)} error={fieldError(errors, 'gender')} genders={genders} />
      </SimpleGrid>
    </Stack>
  );
}
