import { Alert, Badge, Card, Group, List, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import {
  addChildForm,
  parentProfileForm,
  parentProfileLoader,
  type ParentProfilePage as ParentPage,
} from '@/machines/screens/account-screens';
import type { ProfileOptions } from '@/services/schemas/profile-options';
import type { Student } from '@/services/schemas/user';
import { t } from '@/shared/messages';
import { EMPTY_CHILD, validateChild, validateParent } from '@/shared/profile-validation';
import { PhoneField } from '../../components/profile/account-fields';
import { ProfileForm } from '../../components/profile/profile-form';
import { ChildFields, GenderSelect } from '../../components/student-fields';
import { fieldError } from '../../session-selectors';
import { useForm } from '../../use-form';
import { useLoader } from '../../use-loader';
import { usePageTitle } from '../../use-page-title';
import { CompletionScreen } from './completion-screen';

function AddChildForm({ options, onAdded }: { options: ProfileOptions; onAdded: (child: Student) => void }) {
  const form = useForm({
    logic: addChildForm,
    initialValues: EMPTY_CHILD,
    validate: validateChild,
    onSubmitted: (answer) => {
      onAdded(answer.child);
      form.reset();
    },
  });

  return (
    <ProfileForm
      label="Add child"
      heading={{ text: 'Add a child', id: 'add-child-heading', order: 3 }}
      error={form.formError}
      onSubmit={form.onSubmit}
      submit={{ label: 'Add child', busy: form.submitting, variant: 'light' }}
    >
      <ChildFields form={form} options={options} />
    </ProfileForm>
  );
}

function ParentForm({ options, children: initialChildren }: ParentPage) {
  // The children on file are part of what the form checks (at least one, the shared rule the API
  // applies too), so they are one of its values: an added child joins the list. On success the
  // session has the completed profile and its guard moves on to the workspace.
  const form = useForm({
    logic: parentProfileForm,
    initialValues: { phone: '', gender: '', children: initialChildren },
    validate: validateParent,
  });
  const children = form.values.children;
  const childrenError = children.length === 0 ? fieldError(form.fieldErrors, 'children') : null;

  return (
    <Stack gap="lg">
      <Card withBorder padding="lg">
        <Stack gap="sm">
          <Group justify="space-between">
            <Title order={2} size="h4" id="children-heading">
              Your children
            </Title>
            <Badge variant="light">{children.length}</Badge>
          </Group>
          {children.length === 0 ? (
            <Text c="dimmed">{t('messages.none', { name: 'children' })} Add at least one child below.</Text>
          ) : (
            <List aria-labelledby="children-heading" spacing={4}>
              {children.map((child) => (
                <List.Item key={child.id}>
                  {[child.user?.firstName, child.user?.lastName].filter(Boolean).join(' ')}
                  {child.schoolName ? ` — ${child.schoolName}` : ''}
                </List.Item>
              ))}
            </List>
          )}
          {childrenError && (
            <Alert color="red" role="alert">
              {childrenError}
            </Alert>
          )}
          <AddChildForm
            options={options}
            onAdded={(child) => form.change('children', [...form.values.children, child])}
          />
        </Stack>
      </Card>
      <Card withBorder padding="lg">
        <ProfileForm
          label="Parent profile"
          heading={{ text: 'Your details', id: 'parent-details-heading', order: 2 }}
          error={childrenError ? null : form.formError}
          onSubmit={form.onSubmit}
          submit={{ label: 'Save and continue', busy: form.submitting }}
        >
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <PhoneField {...form.getInputProps('phone')} />
            <GenderSelect genders={options.genders} {...form.getInputProps('gender')} />
          </SimpleGrid>
        </ProfileForm>
      </Card>
    </Stack>
  );
}

export default function ParentProfilePage() {
  usePageTitle('Complete your profile');
  const page = useLoader(parentProfileLoader, { name: 'profile options', inUrl: false });
  return (
    <CompletionScreen
      title="Complete your parent profile"
      intro="Add your children so you can book lessons and follow their progress."
      load={page}
    >
      {(loaded) => <ParentForm {...loaded} />}
    </CompletionScreen>
  );
}
