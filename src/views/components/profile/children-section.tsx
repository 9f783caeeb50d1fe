import { Alert, Badge, Button, Card, Group, Modal, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, type FormEvent } from 'react';
import { childName, childrenMachine, type ChildFormValues, type ChildrenSnapshot } from '@/machines/children-machine';
import type { ProfileOptions } from '@/services/schemas/profile-options';
import type { Student } from '@/services/schemas/user';
import { t } from '@/shared/messages';
import { useSnackbar } from '../../app-actors-context';
import { validateChild } from '../../pages/completion/profile-rules';
import { fieldError } from '../../session-selectors';
import { StudentFields } from '../student-fields';

type ChildrenActor = ReturnType<typeof useActorRef<typeof childrenMachine>>;

const selectForm = (s: ChildrenSnapshot) => ({
  values: s.context.values,
  fieldErrors: s.context.fieldErrors,
  formError: s.context.formError,
  editingId: s.context.editingId,
  saving: s.matches({ form: 'saving' }),
});

function ChildForm({ actor, options }: { actor: ChildrenActor; options: ProfileOptions }) {
  const { values, fieldErrors, formError, editingId, saving } = useSelector(actor, selectForm, shallowForm);
  const change = (name: keyof ChildFormValues, value: unknown) => actor.send({ type: 'field.change', name, value });
  const heading = editingId === null ? 'Add a child' : 'Edit child';

  function submit(event: FormEvent) {
    event.preventDefault();
    actor.send({ type: 'form.submit' });
  }

  return (
    <form onSubmit={submit} noValidate aria-labelledby="child-form-heading">
      <Stack gap="sm">
        <Title order={3} size="h5" id="child-form-heading">
          {heading}
        </Title>
        {formError && (
          <Alert color="red" role="alert">
            {formError}
          </Alert>
        )}
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <TextInput label="Child's first name" required value={values.firstName} onChange={(e) => change('firstName', e.currentTarget.value)} error={fieldError(fieldErrors, 'firstName')} />
          <TextInput label="Child's last name" required value={values.lastName} onChange={(e) => change('lastName', e.currentTarget.value)} error={fieldError(fieldErrors, 'lastName')} />
        </SimpleGrid>
        <StudentFields values={values} errors={fieldErrors} onChange={(name, value) => change(name, value)} curricula={options.curricula} studyModes={options.studyModes} genders={options.genders} />
        <Group justify="flex-end">
          <Button variant="default" onClick={() => actor.send({ type: 'form.cancel' })} disabled={saving}>
            Cancel
          </Button>
          <Button type="submit" loading={saving}>
            {editingId === null ? 'Add child' : 'Save child'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function shallowForm(a: ReturnType<typeof selectForm>, b: ReturnType<typeof selectForm>) {
  return a.values === b.values && a.fieldErrors === b.fieldErrors && a.formError === b.formError && a.editingId === b.editingId && a.saving === b.saving;
}

function ChildRow({ child, actor, busy }: { child: Student; actor: ChildrenActor; busy: boolean }) {
  const name = childName(child);
  const details = [child.gradeLevel?.name, child.schoolName].filter(Boolean).join(' · ');
  return (
    <Card withBorder padding="sm" component="li">
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <div>
          <Text fw={600}>{name}</Text>
          {details && (
            <Text size="sm" c="gray.7">
              {details}
            </Text>
          )}
        </div>
        <Group gap="xs" wrap="nowrap">
          <Button size="compact-sm" variant="light" leftSection={<IconPencil size={14} aria-hidden />} aria-label={`Edit ${name}`} disabled={busy} onClick={() => actor.send({ type: 'child.edit', child })}>
            Edit
          </Button>
          <Button size="compact-sm" variant="light" color="red" leftSection={<IconTrash size={14} aria-hidden />} aria-label={`Remove ${name}`} disabled={busy} onClick={() => actor.send({ type: 'child.remove', child })}>
            Remove
          </Button>
        </Group>
      </Group>
    </Card>
  );
}

function RemoveChildDialog({ actor }: { actor: ChildrenActor }) {
  const open = useSelector(actor, (s) => s.matches('remove'));
  const removing = useSelector(actor, (s) => s.matches({ remove: 'removing' }));
  const refused = useSelector(actor, (s) => s.matches({ remove: 'refused' }));
  const child = useSelector(actor, (s) => s.context.removing);
  const error = useSelector(actor, (s) => s.context.removeError);
  const name = childName(child);
  const cancel = () => actor.send({ type: 'remove.cancel' });
  return (
    // Persistent (SPEC §2 confirmation dialogs): only its buttons close it.
    <Modal opened={open} onClose={cancel} title={t('children.removeTitle', { name })} size={500} closeOnClickOutside={false} closeOnEscape={!removing} withCloseButton={false} centered>
      <Stack gap="md">
        {error ? (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        ) : (
          <Text size="sm">{t('children.removeBody', { name: child?.user?.firstName ?? name })}</Text>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={cancel} disabled={removing}>
            {refused ? 'Close' : 'Cancel'}
          </Button>
          {!refused && (
            <Button color="red" loading={removing} onClick={() => actor.send({ type: 'remove.confirm' })}>
              Remove
            </Button>
          )}
        </Group>
      </Stack>
    </Modal>
  );
}

/** /profile-setting for a parent: the children, added, edited and removed after completion. */
export function ChildrenSection() {
  const snackbar = useSnackbar();
  const actor = useActorRef(childrenMachine, { input: { validate: validateChild } });
  useEffect(() => {
    const subscription = actor.on('notify', (event) => snackbar.send({ type: 'snackbar.show', color: event.color, message: event.message }));
    return () => subscription.unsubscribe();
  }, [actor, snackbar]);
  const loading = useSelector(actor, (s) => s.matches('loading'));
  const loadError = useSelector(actor, (s) => (s.matches('loadFailed') ? s.context.loadError : null));
  const children = useSelector(actor, (s) => s.context.children);
  const options = useSelector(actor, (s) => s.context.options);
  const formOpen = useSelector(actor, (s) => s.matches('form'));

  return (
    <Stack gap="sm" component="section" aria-labelledby="children-heading">
      <Group justify="space-between">
        <Group gap="xs">
          <Title order={2} size="h4" id="children-heading">
            Children
          </Title>
          {!loading && !loadError && <Badge variant="light">{children.length}</Badge>}
        </Group>
        {!loading && !loadError && !formOpen && (
          <Button size="compact-md" leftSection={<IconPlus size={16} aria-hidden />} onClick={() => actor.send({ type: 'child.add' })}>
            Add child
          </Button>
        )}
      </Group>
      {loading && (
        <Text c="gray.7" role="status">
          Loading children…
        </Text>
      )}
      {loadError && (
        <Alert color="red" role="alert" title={loadError}>
          <Button size="xs" variant="white" color="red" onClick={() => actor.send({ type: 'children.retry' })}>
            Try again
          </Button>
        </Alert>
      )}
      {!loading && !loadError && children.length === 0 && <Text c="gray.7">{t('messages.none', { name: 'children' })}</Text>}
      {children.length > 0 && (
        <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Your children">
          {children.map((child) => (
            <ChildRow key={child.id} child={child} actor={actor} busy={formOpen} />
          ))}
        </Stack>
      )}
      {formOpen && options && (
        <Card withBorder padding="md">
          <ChildForm actor={actor} options={options} />
        </Card>
      )}
      <RemoveChildDialog actor={actor} />
    </Stack>
  );
}
