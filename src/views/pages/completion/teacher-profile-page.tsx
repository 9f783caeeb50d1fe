import {
  Alert,
  Badge,
  Button,
  Card,
  Checkbox,
  Group,
  NativeSelect,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import {
  teacherApprovalForm,
  teacherProfileForm,
  teacherProfileLoader,
} from '@/machines/screens/account-screens';
import type { TeacherProfileData } from '@/services/schemas/profile-options';
import { t } from '@/shared/messages';
import { teacherStanding, validateTeacher, type TeacherFormValues } from '@/shared/profile-validation';
import { TEACHER_SUBJECTS_MAX } from '@/shared/validation';
import { EducationFields } from '../../components/education-fields';
import { ProfileForm } from '../../components/profile/profile-form';
import { choices } from '../../components/student-fields';
import { fieldError } from '../../session-selectors';
import { useForm } from '../../use-form';
import { useLoader } from '../../use-loader';
import { usePageTitle } from '../../use-page-title';
import { CompletionScreen } from './completion-screen';

const STATUS_LABELS: Record<string, { label: string; color: string }> = {
  // Dark shades: white text on them passes WCAG AA (4.5:1); light variants and green.9 (4.4:1) did not.
  new: { label: 'Not submitted', color: 'gray.8' },
  pending: { label: 'Waiting for approval', color: 'blue.9' },
  approved: { label: 'Approved', color: 'teal.9' },
  declined: { label: 'Declined', color: 'red.9' },
};

function TeacherForm({ data }: { data: TeacherProfileData }) {
  const teacher = data.teacher;
  const hasIdNumber = teacher?.hasIdNumber ?? false;
  const hasTscNumber = teacher?.hasTscNumber ?? false;
  const status = teacher?.status ?? 'new';
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
    validate: (values: TeacherFormValues) => validateTeacher(values, hasIdNumber, hasTscNumber),
  });
  const approval = useForm({ logic: teacherApprovalForm, initialValues: {} });
  // Submitting sends what is stored, so it waits until the details are saved (or were saved before).
  const detailsStored = details.succeeded || (hasIdNumber && hasTscNumber && !!teacher?.biography);

  const v = details.values;
  return (
    <Stack gap="lg">
      <Group gap="xs">
        <Text size="sm">Profile status:</Text>
        <Badge color={STATUS_LABELS[status]?.color ?? 'gray.8'} variant="filled">
          {STATUS_LABELS[status]?.label ?? status}
        </Badge>
      </Group>
      {status === 'declined' && teacher?.remark && (
        <Alert color="red">
          {t('teacherProfile.declined', { remark: teacher.remark.replace(/[.\s]+$/, '') })}
        </Alert>
      )}
      {status === 'pending' && <Alert color="blue">{t('teacherProfile.pending')}</Alert>}
      <Card withBorder padding="lg">
        <ProfileForm
          label="Teacher profile"
          error={details.formError}
          onSubmit={details.onSubmit}
          actions={
            <Button type="submit" loading={details.submitting} variant={canSubmit ? 'light' : 'filled'}>
              Save
            </Button>
          }
        >
          <Textarea
            label="Biography"
            required
            rows={4}
            value={v.biography}
            onChange={(e) => details.change('biography', e.currentTarget.value)}
            error={fieldError(details.fieldErrors, 'biography')}
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <TextInput
              label="Current workplace"
              required
              value={v.currentWorkplace}
              onChange={(e) => details.change('currentWorkplace', e.currentTarget.value)}
              error={fieldError(details.fieldErrors, 'currentWorkplace')}
            />
            <NativeSelect
              label="Qualification level"
              required
              data={choices(data.qualificationLevels, {}, 'Choose')}
              value={v.qualificationLevel}
              onChange={(e) => details.change('qualificationLevel', e.currentTarget.value)}
              error={fieldError(details.fieldErrors, 'qualificationLevel')}
            />
          </SimpleGrid>
          <EducationFields
            curricula={data.curricula}
            withGradeLevel={false}
            value={{ curriculumId: v.curriculumId, eduLevelId: v.eduLevelId, gradeLevelId: null }}
            onChange={(next) => {
              details.change('curriculumId', next.curriculumId);
              details.change('eduLevelId', next.eduLevelId);
            }}
            errors={{
              curriculumId: fieldError(details.fieldErrors, 'curriculumId'),
              eduLevelId: fieldError(details.fieldErrors, 'eduLevelId'),
            }}
          />
          <Checkbox.Group
            label="Subjects you teach"
            description={`Choose 1 to ${TEACHER_SUBJECTS_MAX}.`}
            value={v.subjectIds.map(String)}
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
            <TextInput
              label="ID number"
              description={
                hasIdNumber ? 'Stored. Leave blank to keep it.' : 'National ID or passport number.'
              }
              required={!hasIdNumber}
              value={v.idNumber}
              onChange={(e) => details.change('idNumber', e.currentTarget.value)}
              error={fieldError(details.fieldErrors, 'idNumber')}
            />
            <TextInput
              label="TSC number"
              description={
                hasTscNumber ? 'Stored. Leave blank to keep it.' : 'Your Teachers Service Commission number.'
              }
              required={!hasTscNumber}
              value={v.tscNumber}
              onChange={(e) => details.change('tscNumber', e.currentTarget.value)}
              error={fieldError(details.fieldErrors, 'tscNumber')}
            />
          </SimpleGrid>
        </ProfileForm>
      </Card>
      {canSubmit && (
        <Card withBorder padding="lg">
          <Stack gap="sm">
            <Title order={2} size="h4">
              Submit for approval
            </Title>
            <Text size="sm" c="dimmed">
              Our team checks your details before you can create lessons. Save your details first.
            </Text>
            {approval.formError && (
              <Alert color="red" role="alert">
                {approval.formError}
              </Alert>
            )}
            <Group justify="flex-end">
              <Button onClick={approval.submit} loading={approval.submitting} disabled={!detailsStored}>
                Submit for approval
              </Button>
            </Group>
          </Stack>
        </Card>
      )}
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
