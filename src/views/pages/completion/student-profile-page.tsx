import { Card } from '@mantine/core';
import { studentProfileForm, studentProfileOptionsLoader } from '@/machines/screens/account-screens';
import type { ProfileOptions } from '@/services/schemas/profile-options';
import { EMPTY_STUDENT_FIELDS, validateStudentFields } from '@/shared/profile-validation';
import { ProfileForm } from '../../components/profile/profile-form';
import { StudentFields } from '../../components/student-fields';
import { useForm } from '../../use-form';
import { useLoader } from '../../use-loader';
import { usePageTitle } from '../../use-page-title';
import { CompletionScreen } from './completion-screen';

function StudentForm({ options }: { options: ProfileOptions }) {
  // On success the session has the completed profile: its guard moves on to the workspace.
  const form = useForm({
    logic: studentProfileForm,
    initialValues: EMPTY_STUDENT_FIELDS,
    validate: validateStudentFields,
  });

  return (
    <ProfileForm
      label="Student profile"
      error={form.formError}
      onSubmit={form.onSubmit}
      submit={{ label: 'Save and continue', busy: form.submitting }}
    >
      <StudentFields form={form} options={options} />
    </ProfileForm>
  );
}

export default function StudentProfilePage() {
  usePageTitle('Complete your profile');
  const options = useLoader(studentProfileOptionsLoader, { name: 'profile options', inUrl: false });
  return (
    <CompletionScreen
      title="Complete your student profile"
      intro="Tell us about your school so we can show you the right lessons and classes."
      load={options}
    >
      {(loaded) => (
        <Card withBorder padding="lg">
          <StudentForm options={loaded} />
        </Card>
      )}
    </CompletionScreen>
  );
}
