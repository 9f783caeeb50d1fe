import { Card, Checkbox, NativeSelect, SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';
import {
  teacherApprovalForm,
  teacherProfileForm,
  teacherProfileLoader,
} from '@/machines/screens/account-screens';
import type { TeacherProfileData } from '@/services/schemas/profile-options';
import { teacherStanding, validateTeacher, type TeacherFormValues } from '@/shared/profile-validation';
import { t } from '@/shared/messages';
import { TEACHER_SUBJECTS_MAX } from '@/shared/validation';
import { EducationFields } from '../../components/education-fields';
import { ProfileForm } from '../../components/profile/profile-form';
import { choices } from '../../components/student-fields';
import { fieldError } from '../../session-selectors';
import { useForm } from '../../use-form';
import { useLoader } from '../../use-loader';
import { usePageTitle } from '../../use-page-title';
import { CompletionScreen } from './completion-screen';
import { ApprovalCard, TeacherStatus } from './teacher-approval';
import { VettingDocuments } from './vetting-documents';

function TeacherForm({ data }: { data: TeacherProfileData }) {
  const teacher = data.teacher;
  const hasIdNumber = teacher?.hasIdNumber ?? false;
  const hasTscNumber = teacher?.hasTscNumber ?? false;
  const canSubmit = teacherStanding(teacher?.status) === 'open';

  const details = useForm({
    logic: teacherProfileForm,
    initialValues: {
      biography: teacher?.biography ?? '',
      currentWorkplace: teacher?.currentWorkplace ?? '',
      qualificationLevel: teacher?.qualificationLevel ?? '',
      curriculumId: teacher?.curriculumId ?? null,
      eduLevelId: teacher?.eduLevelId ?? null,
      subjectIds: (teacher?.subjects ?? []).map((s) => s.id),
      idNumber: '',
      tscNumber: '',
    } satisfies TeacherFormValues,
    validate: (values: TeacherFormValues) => validateTeacher(values, hasIdNumber),
  });
  const approval = useForm({ logic: teacherApprovalForm, initialValues: {} });
  // Submitting sends what is stored, so it waits until the details are saved (or were saved before).
  const detailsStored = details.succeeded || (hasIdNumber && !!teacher?.biography);

  const field = (name: keyof TeacherFormValues) => details.getInputProps(name);
  // The server never sends these numbers back: once stored, blank keeps them.
  const storedNumber = (
    name: 'idNumber' | 'tscNumber',
    label: string,
    stored: boolean,
    hint: string,
    optional = false,
  ) => (
    <TextInput
      label={label}
      description={stored ? 'Stored. Leave blank to keep it.' : hint}
      required={!stored && !optional}
      {...field(name)}
    />
  );
  return (
    <Stack gap="lg">
      <TeacherStatus teacher={teacher} />
      <Card withBorder padding="lg">
        <ProfileForm
          label="Teacher profile"
          error={details.formError}
          onSubmit={details.onSubmit}
          submit={{ label: 'Save', busy: details.submitting, variant: canSubmit ? 'light' : 'filled' }}
        >
          <Textarea label="Biography" required rows={4} {...field('biography')} />
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <TextInput label="Current workplace" required {...field('currentWorkplace')} />
            <NativeSelect
              label="Qualification level"
              required
              data={choices(data.qualificationLevels, {}, 'Choose')}
              {...field('qualificationLevel')}
            />
          </SimpleGrid>
          <EducationFields
            curricula={data.curricula}
            withGradeLevel={false}
            values={details.values}
            errors={details.fieldErrors}
            onChange={(name, value) => details.change(name as 'curriculumId' | 'eduLevelId', value)}
          />
          <Checkbox.Group
            label="Subjects you teach"
            description={`Choose 1 to ${TEACHER_SUBJECTS_MAX}.`}
            value={details.values.subjectIds.map(String)}
            onChange={(ids) => details.change('subjectIds', ids.map(Number))}
            error={fieldError(details.fieldErrors, 'subjectIds')}
          >
            <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="xs" mt="xs">
              {data.subjects.map((subject) => (
                <Checkbox key={subject.id} value={String(subject.id)} label={subject.name} />
              ))}
            </SimpleGrid>
          </Checkbox.Group>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            {storedNumber('idNumber', 'ID number', hasIdNumber, 'National ID or passport number.')}
            {storedNumber('tscNumber', 'TSC number', hasTscNumber, t('teach.tscOptional'), true)}
          </SimpleGrid>
        </ProfileForm>
      </Card>
      <VettingDocuments />
      {canSubmit && <ApprovalCard form={approval} ready={detailsStored} />}
    </Stack>
  );
}

/** The teacher profile, at `/complete-profile/teacher` (completion layout) and `/teacher` (workspace). */
export default function TeacherProfilePage() {
  usePageTitle('Teacher profile');
  const page = useLoader(teacherProfileLoader, { name: 'profile options', inUrl: false });
  return (
    <CompletionScreen
      title="Your teacher profile"
      intro="Tell learners about your experience and the subjects you teach."
      load={page}
      maw={900}
    >
      {(data) => <TeacherForm data={data} />}
    </CompletionScreen>
  );
}
