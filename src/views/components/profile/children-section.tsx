import { Alert, Badge, Button, Card, Group, Modal, Stack, Text, Title } from '@mantine/core';
import { IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { useSelector } from '@xstate/react';
import type { ReactNode } from 'react';
import type { ActorRefFrom, EventFrom } from 'xstate';
import {
  childName,
  childrenMachine,
  type ChildFormValues,
  type ChildrenSnapshot,
} from '@/machines/children-machine';
import type { ProfileOptions } from '@/services/schemas/profile-options';
import type { Student } from '@/services/schemas/user';
import { t } from '@/shared/messages';
import { validateChild } from '@/shared/profile-validation';
import { ListStates } from '../lists/list-states';
import { ChildFields } from '../student-fields';
import { useScreenActor } from '../../use-screen-actor';
import { ProfileForm } from './profile-form';

type ChildrenActor = ActorRefFrom<typeof childrenMachine>;

const selectForm = (s: ChildrenSnapshot) => ({
  values: s.context.values,
  fieldErrors: s.context.fieldErrors,
  formError: s.context.formError,
  editingId: s.context.editingId,
  saving: s.matches({ form: 'saving' }),
});

function ChildForm({ actor, options }: { actor: ChildrenActor; options: ProfileOptions }) {
  const { values, fieldErrors, formError, editingId, saving } = useSelector(actor, selectForm, shallowForm);
  const change = (name: keyof ChildFormValues, value: unknown) =>
    actor.send({ type: 'field.change', name, value });

  return (
    <ProfileForm
      heading={{
        text: editingId === null ? 'Add a child' : 'Edit child',
        id: 'child-form-heading',
        order: 3,
      }}
      error={formError}
      onSubmit={(event) => {
        event.preventDefault();
        actor.send({ type: 'form.submit' });
      }}
      submit={{ label: editingId === null ? 'Add child' : 'Save child', busy: saving }}
      actions={
        <Button variant="default" onClick={() => actor.send({ type: 'form.cancel' })} disabled={saving}>
          Cancel
        </Button>
      }
    >
      <ChildFields form={{ values, fieldErrors, change }} options={options} />
    </ProfileForm>
  );
}

function shallowForm(a: ReturnType<typeof selectForm>, b: ReturnType<typeof selectForm>) {
  return (
    a.values === b.values &&
    a.fieldErrors === b.fieldErrors &&
    a.formError === b.formError &&
    a.editingId === b.editingId &&
    a.saving === b.saving
  );
}

function ChildRow({ child, actor, busy }: { child: Student; actor: ChildrenActor; busy: boolean }) {
  const name = childName(child);
  const details = [child.gradeLevel?.name, child.schoolName].filter(Boolean).join(' · ');
  const action = (
    label: string,
    icon: ReactNode,
    event: EventFrom<typeof childrenMachine>,
    color?: string,
  ) => (
    <Button
      size="compact-sm"
      variant="light"
      color={color}
      leftSection={icon}
      aria-label={`${label} ${name}`}
      disabled={busy}
      onClick={() => actor.send(event)}
    >
      {label}
    </Button>
  );
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
          {action('Edit', <IconPencil size={14} aria-hidden />, { type: 'child.edit', child })}
          {action('Remove', <IconTrash size={14} aria-hidden />, { type: 'child.remove', child }, 'red')}
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
    <Modal
      opened={open}
      onClose={cancel}
      title={t('children.removeTitle', { name })}
      size={500}
      closeOnClickOutside={false}
      closeOnEscape={!removing}
      withCloseButton={false}
      centered
    >
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
  // Its notices reach the snackbar through the app (screen effects).
  const actor = useScreenActor(childrenMachine, { input: { validate: validateChild } });
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
          <Button
            size="compact-md"
            leftSection={<IconPlus size={16} aria-hidden />}
            onClick={() => actor.send({ type: 'child.add' })}
          >
            Add child
          </Button>
        )}
      </Group>
      <ListStates
        list={{
          name: 'children',
          state: loading ? 'loading' : loadError ? 'error' : children.length === 0 ? 'empty' : 'loaded',
          error: loadError,
          meta: null,
          retry: () => actor.send({ type: 'children.retry' }),
          setPage: () => {},
        }}
      >
        <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Your children">
          {children.map((child) => (
            <ChildRow key={child.id} child={child} actor={actor} busy={formOpen} />
          ))}
        </Stack>
      </ListStates>
      {formOpen && options && (
        <Card withBorder padding="md">
          <ChildForm actor={actor} options={options} />
        </Card>
      )}
      <RemoveChildDialog actor={actor} />
    </Stack>
  );
}
