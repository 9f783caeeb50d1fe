import { Alert, Badge, Button, Card, Group, List, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import type { FormEvent } from 'react';
import { addChild, completeParentProfile, fetchChildren, fetchParentProfileOptions, type ChildValues } from '@/services/profile-service';
import type { ProfileOptions } from '@/services/schemas/profile-options';
import type { Student } from '@/services/schemas/user';
import { t } from '@/shared/messages';
import { useSession } from '../../app-actors-context';
import { CenteredLoader } from '../../components/centered-loader';
import { EMPTY_STUDENT_FIELDS, GenderSelect, StudentFields, type StudentFieldValues } from '../../components/student-fields';
import { fieldError } from '../../session-selectors';
import { useForm } from '../../use-form';
import { useLoad } from '../../use-load';
import { usePageTitle } from '../../use-page-title';
import { validateChild, validateParent } from './profile-rules';

type ChildFormValues = StudentFieldValues & { firstName: string; lastName: string };
type ParentFormValues = { phone: string; gender: string; children: Student[] };
const EMPTY_CHILD: ChildFormValues = { firstName: '', lastName: '', ...EMPTY_STUDENT_FIELDS };

function AddChildForm({ options, onAdded }: { options: ProfileOptions; onAdded: (child: Student) => void }) {
  const form = useForm({
    initialValues: EMPTY_CHILD,
    validate: validateChild,
    submit: (values: ChildFormValues) => addChild(values as ChildValues),
    onSubmitted: (answer) => {
      onAdded(answer.child);
      form.reset();
    },
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    form.submit();
  }

  return (
    <form onSubmit={submit} noValidate aria-label="Add child">
      <Stack gap="sm">
        <Title order={3} size="h5">
          Add a child
        </Title>
        {form.formError && (
          <Alert color="red" role="alert">
            {form.formError}
          </Alert>
        )}
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <TextInput label="Child's first name" required value={form.values.firstName} onChange={(e) => form.change('firstName', e.currentTarget.value)} error={fieldError(form.fieldErrors, 'firstName')} />
          <TextInput label="Child's last name" required value={form.values.lastName} onChange={(e) => form.change('lastName', e.currentTarget.value)} error={fieldError(form.fieldErrors, 'lastName')} />
        </SimpleGrid>
        <StudentFields values={form.values} errors={form.fieldErrors} onChange={(name, value) => form.change(name, value as ChildFormValues[typeof name])} curricula={options.curricula} studyModes={options.studyModes} genders={options.genders} />
        <Button type="submit" variant="light" loading={form.submitting} style={{ alignSelf: 'flex-end' }}>
          Add child
        </Button>
      </Stack>
    </form>
  );
}

function ParentForm({ options, initialChildren }: { options: ProfileOptions; initialChildren: Student[] }) {
  const session = useSession();
  // The children on file are part of what the form checks (at least one, the shared rule the API
  // applies too), so they are one of its values: an added child joins the list.
  const form = useForm({
    initialValues: { phone: '', gender: '', children: initialChildren },
    validate: validateParent,
    submit: ({ phone, gender }: ParentFormValues) => completeParentProfile({ phone, gender }),
    onSubmitted: (answer) => session.send({ type: 'user.updated', user: answer.user }),
  });
  const children = form.values.children;
  const childrenError = children.length === 0 ? fieldError(form.fieldErrors, 'children') : null;

  function submit(event: FormEvent) {
    event.preventDefault();
    form.submit();
  }

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
          <AddChildForm options={options} onAdded={(child) => form.change('children', [...form.values.children, child])} />
        </Stack>
      </Card>
      <Card withBorder padding="lg">
        <form onSubmit={submit} noValidate aria-label="Parent profile">
          <Stack gap="sm">
            <Title order={2} size="h4">
              Your details
            </Title>
            {form.formError && !childrenError && (
              <Alert color="red" role="alert">
                {form.formError}
              </Alert>
            )}
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
              <TextInput label="Phone" type="tel" autoComplete="tel" placeholder="07xx xxx xxx" required value={form.values.phone} onChange={(e) => form.change('phone', e.currentTarget.value)} error={fieldError(form.fieldErrors, 'phone')} />
              <GenderSelect value={form.values.gender} onChange={(v) => form.change('gender', v)} error={fieldError(form.fieldErrors, 'gender')} genders={options.genders} />
            </SimpleGrid>
            <Button type="submit" loading={form.submitting} style={{ alignSelf: 'flex-end' }}>
              Save and continue
            </Button>
          </Stack>
        </form>
      </Card>
    </Stack>
  );
}

async function loadParentPage() {
  const [options, children] = await Promise.all([fetchParentProfileOptions(), fetchChildren()]);
  return { options, children };
}

export default function ParentProfilePage() {
  usePageTitle('Complete your profile');
  const page = useLoad(loadParentPage);
  return (
    <Stack gap="md">
      <div>
        <Title order={1} size="h2">
          Complete your parent profile
        </Title>
        <Text c="dimmed">Add your children so you can book lessons and follow their progress.</Text>
      </div>
      {page.error && (
        <Alert color="red" role="alert">
          {page.error}
        </Alert>
      )}
      {page.loading && <CenteredLoader label="Loading profile options" />}
      {page.data && <ParentForm options={page.data.options} initialChildren={page.data.children} />}
    </Stack>
  );
}
