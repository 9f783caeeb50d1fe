// The teacher's notes and assignments on their lesson page: the lists with their files, the form
// dialog (material form machine) and the delete confirmation (material delete machine), both screen
// actors whose notices the app shows.
import '@mantine/dates/styles.css';
import {
  ActionIcon,
  Alert,
  Anchor,
  Button,
  Card,
  FileButton,
  Group,
  List,
  Modal,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { IconTrash } from '@tabler/icons-react';
import { shallowEqual, useSelector } from '@xstate/react';
import { useRef } from 'react';
import type { ActorRefFrom } from 'xstate';
import { selectMaterialDelete } from '@/machines/material-delete-machine';
import { selectMaterialForm, todayIso, type MaterialField } from '@/machines/material-form-machine';
import { materialDeleteScreen, materialFormScreen } from '@/machines/screens/teaching-screens';
import type { Assignment, LessonFile, Note } from '@/services/schemas/learner';
import type { MaterialKind } from '@/services/teacher-lesson-page-service';
import { formatFileSize } from '@/shared/format';
import { t } from '@/shared/messages';
import {
  DESCRIPTION_MAX,
  MATERIAL_FILE_MAX_MB,
  MATERIAL_FILE_TYPE_NAMES,
  MATERIAL_FILE_TYPES,
  MATERIAL_FILES_MAX,
  TITLE_MAX,
} from '@/shared/teaching';
import { CALENDAR_LABELS, pickedDay, READABLE_PLACEHOLDER } from './date-picker';
import { MaterialText } from '../lessons/lesson-parts';
import { fieldError } from '../../session-selectors';
import { useScreenActor } from '../../use-screen-actor';

type FormActor = ActorRefFrom<typeof materialFormScreen>;
type DeleteActor = ActorRefFrom<typeof materialDeleteScreen>;

const KIND_NAMES: Record<MaterialKind, string> = { note: 'note', assignment: 'assignment' };
const ACCEPT = Object.keys(MATERIAL_FILE_TYPES)
  .map((extension) => `.${extension}`)
  .join(',');

function FileRows({ files, owner, deleter }: { files: LessonFile[]; owner: string; deleter: DeleteActor }) {
  if (files.length === 0) return null;
  return (
    <List spacing={4} size="sm" aria-label={`Files of ${owner}`} listStyleType="none" withPadding={false}>
      {files.map((file) => (
        <List.Item key={file.id}>
          <Group gap={6} wrap="nowrap">
            <Anchor href={file.url} download={file.name} size="sm">
              {file.name}
            </Anchor>
            <Text span size="sm" c="gray.7">
              ({formatFileSize(file.size)})
            </Text>
            <ActionIcon
              variant="subtle"
              color="red.9"
              size="sm"
              aria-label={`Delete file ${file.name}`}
              onClick={() =>
                deleter.send({
                  type: 'delete.request',
                  target: { kind: 'file', id: file.id, name: file.name },
                })
              }
            >
              <IconTrash size={14} aria-hidden />
            </ActionIcon>
          </Group>
        </List.Item>
      ))}
    </List>
  );
}

function MaterialCard({
  kind,
  item,
  form,
  deleter,
}: {
  kind: MaterialKind;
  item: Note | Assignment;
  form: FormActor;
  deleter: DeleteActor;
}) {
  const due = 'dueDate' in item ? item.dueDate : null;
  return (
    <Card withBorder padding="sm" component="article">
      <Stack gap={6}>
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          <Title order={3} size="h6">
            {item.title}
          </Title>
          <Group gap={6} wrap="nowrap">
            <Button
              size="compact-sm"
              variant="light"
              color="blue.9"
              aria-label={`Edit ${KIND_NAMES[kind]} ${item.title}`}
              onClick={() => form.send({ type: 'material.open', kind, item })}
            >
              Edit
            </Button>
            <Button
              size="compact-sm"
              variant="light"
              color="red.9"
              aria-label={`Delete ${KIND_NAMES[kind]} ${item.title}`}
              onClick={() =>
                deleter.send({ type: 'delete.request', target: { kind, id: item.id, name: item.title } })
              }
            >
              Delete
            </Button>
          </Group>
        </Group>
        <MaterialText due={due} desc={item.desc} />
        <FileRows files={item.files} owner={item.title} deleter={deleter} />
      </Stack>
    </Card>
  );
}

function MaterialSection({
  kind,
  title,
  items,
  form,
  deleter,
  canAdd,
}: {
  kind: MaterialKind;
  title: string;
  items: Array<Note | Assignment>;
  form: FormActor;
  deleter: DeleteActor;
  canAdd: boolean;
}) {
  const id = `teacher-lesson-${kind}s`;
  return (
    <Stack gap="xs" component="section" aria-labelledby={id}>
      <Group justify="space-between">
        <Title order={2} size="h4" id={id}>
          {title}
        </Title>
        {canAdd && (
          <Button size="xs" color="blue.9" onClick={() => form.send({ type: 'material.open', kind })}>
            Add {KIND_NAMES[kind]}
          </Button>
        )}
      </Group>
      {items.length === 0 ? (
        <Text size="sm" c="gray.7">
          {t('messages.none', { name: title.toLowerCase() })}
        </Text>
      ) : (
        items.map((item) => (
          <MaterialCard key={item.id} kind={kind} item={item} form={form} deleter={deleter} />
        ))
      )}
    </Stack>
  );
}

/** Title, description, due date (assignments) and files; the machine checks each chosen file. */
function MaterialDialog({ form }: { form: FormActor }) {
  const view = useSelector(form, selectMaterialForm, shallowEqual);
  const resetFiles = useRef<() => void>(null);
  const change = (name: MaterialField, value: string | null) =>
    form.send({ type: 'field.change', name, value });
  const noun = KIND_NAMES[view.kind];
  const heading = `${view.editing ? 'Edit' : 'Add'} ${noun}`;
  const filesError = fieldError(view.fieldErrors, 'files');
  const room = MATERIAL_FILES_MAX - view.keptFiles - view.files.length;
  return (
    <Modal
      opened={view.open}
      onClose={() => form.send({ type: 'material.close' })}
      size={500}
      centered
      closeOnClickOutside={false}
      closeOnEscape={false}
      withCloseButton={false}
      title={heading}
      styles={{ title: { fontWeight: 700 } }}
    >
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          form.send({ type: 'material.submit' });
        }}
      >
        <Stack gap="sm">
          <TextInput
            label="Title"
            required
            maxLength={TITLE_MAX}
            value={view.values.title}
            error={fieldError(view.fieldErrors, 'title')}
            onChange={(event) => change('title', event.currentTarget.value)}
          />
          <Textarea
            label="Description"
            rows={3}
            maxLength={DESCRIPTION_MAX}
            value={view.values.description}
            error={fieldError(view.fieldErrors, 'description')}
            onChange={(event) => change('description', event.currentTarget.value)}
          />
          {view.kind === 'assignment' && (
            <DatePickerInput
              label="Due date"
              required
              placeholder="Pick a date"
              styles={READABLE_PLACEHOLDER}
              valueFormat="MMM D, YYYY"
              minDate={todayIso()}
              ariaLabels={CALENDAR_LABELS}
              value={view.values.dueDate}
              error={fieldError(view.fieldErrors, 'dueDate')}
              onChange={(value) => change('dueDate', pickedDay(value))}
            />
          )}
          <Stack gap={4}>
            <Text size="sm" fw={500} id="material-files-label">
              Files
            </Text>
            <Text size="xs" c="gray.7" id="material-files-hint">
              {view.editing ? `Keeps the ${view.keptFiles} already attached. ` : ''}
              {`Up to ${MATERIAL_FILES_MAX} files in all, each at most ${MATERIAL_FILE_MAX_MB} MB: ${MATERIAL_FILE_TYPE_NAMES}.`}
            </Text>
            <FileButton
              multiple
              accept={ACCEPT}
              resetRef={resetFiles}
              onChange={(chosen) => {
                if (chosen.length > 0) form.send({ type: 'files.choose', files: chosen });
                resetFiles.current?.();
              }}
              inputProps={{ 'aria-label': 'Files to upload' }}
            >
              {(props) => (
                <Button
                  {...props}
                  variant="default"
                  disabled={view.busy || room <= 0}
                  aria-describedby="material-files-hint"
                  style={{ alignSelf: 'flex-start' }}
                >
                  Choose files
                </Button>
              )}
            </FileButton>
            {view.files.length > 0 && (
              <List size="sm" aria-label="Files to upload" listStyleType="none" withPadding={false}>
                {view.files.map((file, index) => (
                  <List.Item key={`${file.name}-${index}`}>
                    <Group gap={6} wrap="nowrap">
                      <Text size="sm">
                        {file.name}{' '}
                        <Text span size="sm" c="gray.7">
                          ({formatFileSize(file.size)})
                        </Text>
                      </Text>
                      <ActionIcon
                        variant="subtle"
                        color="red.9"
                        size="sm"
                        aria-label={`Remove ${file.name}`}
                        disabled={view.busy}
                        onClick={() => form.send({ type: 'files.remove', index })}
                      >
                        <IconTrash size={14} aria-hidden />
                      </ActionIcon>
                    </Group>
                  </List.Item>
                ))}
              </List>
            )}
            {filesError && (
              <Text size="sm" c="red.9" role="alert">
                {filesError}
              </Text>
            )}
          </Stack>
          {view.formError && (
            <Alert color="red" variant="light" role="alert">
              {view.formError}
            </Alert>
          )}
          <Group justify="flex-end" mt="sm">
            <Button
              variant="default"
              disabled={view.busy}
              onClick={() => form.send({ type: 'material.close' })}
            >
              Cancel
            </Button>
            <Button type="submit" color="blue.9" loading={view.busy}>
              {view.editing ? 'Save' : `Add ${noun}`}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** SPEC §2: persistent confirmation, at most 500 wide; a failure stays in it with Try again. */
function DeleteDialog({ deleter }: { deleter: DeleteActor }) {
  const view = useSelector(deleter, selectMaterialDelete, shallowEqual);
  const what = view.target?.kind === 'file' ? 'file' : view.target ? KIND_NAMES[view.target.kind] : '';
  return (
    <Modal
      opened={view.open}
      onClose={() => deleter.send({ type: 'delete.cancel' })}
      size={500}
      centered
      closeOnClickOutside={false}
      closeOnEscape={false}
      withCloseButton={false}
      title={`Delete ${what}`}
      styles={{ title: { fontWeight: 700 } }}
    >
      <Stack gap="sm">
        <Text size="sm">{t('teaching.deleteQuestion', { name: view.name })}</Text>
        {view.failed && view.error && (
          <Alert color="red" variant="light" role="alert">
            {view.error}
            {view.reason ? ` ${view.reason}` : ''}
          </Alert>
        )}
        <Group justify="flex-end" mt="sm">
          <Button
            variant="default"
            disabled={view.busy}
            onClick={() => deleter.send({ type: 'delete.cancel' })}
          >
            Cancel
          </Button>
          <Button color="red.9" loading={view.busy} onClick={() => deleter.send({ type: 'delete.confirm' })}>
            {view.failed ? 'Try again' : 'Delete'}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/**
 * Notes and assignments with their files. After a save or a delete their machines tell the lesson's
 * loader to load again (src/machines/screens/teaching-screens.ts), so the page shows what changed.
 */
export function TeacherMaterials({
  lessonId,
  notes,
  assignments,
  canAdd,
}: {
  lessonId: number;
  notes: Note[];
  assignments: Assignment[];
  /** False once the lesson is cancelled: the API refuses new notes and assignments then (issue 24). */
  canAdd: boolean;
}) {
  const form = useScreenActor(materialFormScreen, { input: { lessonId } });
  const deleter = useScreenActor(materialDeleteScreen);
  return (
    <Stack gap="lg">
      <MaterialSection
        kind="note"
        title="Notes"
        items={notes}
        form={form}
        deleter={deleter}
        canAdd={canAdd}
      />
      <MaterialSection
        kind="assignment"
        title="Assignments"
        items={assignments}
        form={form}
        deleter={deleter}
        canAdd={canAdd}
      />
      <MaterialDialog form={form} />
      <DeleteDialog deleter={deleter} />
    </Stack>
  );
}
