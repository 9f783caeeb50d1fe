import { Alert, Button, Card, Stack, Text, Title } from '@mantine/core';
import type { FormEvent } from 'react';
import { completeStudentProfile, fetchStudentProfileOptions, type StudentProfileValues } from '@/services/profile-service';
import type { ProfileOptions } from '@/services/schemas/profile-options';
import { useSession } from '../../app-actors-context';
import { CenteredLoader } from '../../components/centered-loader';
import { EMPTY_STUDENT_FIELDS, StudentFields, type StudentFieldValues } from '../../components/student-fields';
import { useForm } from '../../use-form';
import { useLoad } from '../../use-load';
import { usePageTitle } from '../../use-page-title';
import { validateStudentFields } from './profile-rules';

function StudentForm({ options }: { options: ProfileOptions }) {
  const session = useSession();
  const form = useForm({
    initialValues: EMPTY_STUDENT_FIELDS,
    validate: validateStudentFields,
    // Validation guarantees the ids are chosen before the call.
    submit: (values: StudentFieldValues) => completeStudentProfile(values as StudentProfileValues),
    // The session re-runs the guard with the completed profile and moves on to the workspace.
    onSubmitted: (answer) => session.send({ type: 'user.updated', user: answer.user }),
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    form.submit();
  }

  return (
    <form onSubmit={submit} noValidate aria-label="Student profile">
      <Stack gap="md">
        {form.formError && (
          <Alert color="red" role="alert">
            {form.formError}
          </Alert>
        )}
        <StudentFields
          values={form.values}
          errors={form.fieldErrors}
          onChange={form.change}
          curricula={options.curricula}
          studyModes={options.studyModes}
          genders={options.genders}
        />
        <Button type="submit" loading={form.submitting} style={{ alignSelf: 'flex-end' }}>
          Save and continue
        </Button>
      </Stack>
    </form>
  );
}

export default function StudentProfilePage() {
  usePageTitle('Complete your profile');
  const options = useLoad(fetchStudentProfileOptions);
  return (
    <Stack gap="md">
      <div>
        <Title order={1} size="h2">
          Complete your student profile
        </Title>
        <Text c="dimmed">Tell us about your school so we can show you the right lessons and classes.</Text>
      </div>
      <Card withBorder padding="lg">
        {options.error && (
          <Alert color="red" role="alert">
            {options.error}
          </Alert>
        )}
        {options.loading && <CenteredLoader label="Loading profile options" />}
        {options.data && <StudentForm options={options.data} />}
      </Card>
    </Stack>
  );
}
