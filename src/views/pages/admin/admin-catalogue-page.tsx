import {
  Alert,
  Button,
  Group,
  Modal,
  NativeSelect,
  Stack,
  Table,
  Tabs,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { hasLength, isNotEmpty } from '@mantine/form';
import { useState, type FormEvent } from 'react';
import { useLocation } from 'wouter';
import {
  catalogueOptionsLoader,
  catalogueRowDeletion,
  catalogueRowForm,
  catalogueRowsLoader,
  type CatalogueRowValues,
  type ParentKind,
} from '@/machines/screens/admin-screens';
import type { CatalogueRow } from '@/services/schemas/admin';
import type { FieldErrors } from '@/shared/validation';
import { t } from '@/shared/messages';
import { CATALOGUE_KINDS, type CatalogueKind } from '@/shared/teaching';
import { ListStates } from '../../components/lists/list-states';
import { useRouteParams } from '../../route-params';
import { fieldError } from '../../session-selectors';
import { useForm } from '../../use-form';
import { useLoader } from '../../use-loader';
import { usePageTitle } from '../../use-page-title';
import { ScrollTable } from './admin-parts';

type Field = { name: string; label: string; required: boolean; options?: ParentKind; placeholder?: string };

/** Each kind's label, the fields of its form (docs/teaching-admin.md "Catalogue bodies") and its columns. */
const KINDS: Record<
  CatalogueKind,
  {
    label: string;
    one: string;
    fields: Field[];
    columns: Array<[string, (row: CatalogueRow) => string | null]>;
  }
> = {
  curricula: {
    label: 'Curricula',
    one: 'Curriculum',
    fields: [
      { name: 'name', label: 'Name', required: true },
      { name: 'acronym', label: 'Acronym', required: false },
    ],
    columns: [['Acronym', (row) => row.acronym]],
  },
  'edu-levels': {
    label: 'Education levels',
    one: 'Education level',
    fields: [
      { name: 'name', label: 'Name', required: true },
      { name: 'curriculumId', label: 'Curriculum', required: true, options: 'curricula' },
    ],
    columns: [['Curriculum', (row) => row.curriculum?.name ?? null]],
  },
  'grade-levels': {
    label: 'Grade levels',
    one: 'Grade level',
    fields: [
      { name: 'name', label: 'Name', required: true },
      { name: 'eduLevelId', label: 'Education level', required: true, options: 'edu-levels' },
    ],
    columns: [
      ['Education level', (row) => row.eduLevel?.name ?? null],
      ['Curriculum', (row) => row.eduLevel?.curriculum?.name ?? null],
    ],
  },
  subjects: {
    label: 'Subjects',
    one: 'Subject',
    fields: [
      { name: 'name', label: 'Name', required: true },
      { name: 'color', label: 'Colour', required: false, placeholder: '#1971c2' },
    ],
    columns: [['Colour', (row) => row.color]],
  },
  topics: {
    label: 'Topics',
    one: 'Topic',
    fields: [
      { name: 'name', label: 'Name', required: true },
      { name: 'subjectId', label: 'Subject', required: true, options: 'subjects' },
      { name: 'gradeLevelId', label: 'Grade level', required: false, options: 'grade-levels' },
    ],
    columns: [
      ['Subject', (row) => row.subject?.name ?? null],
      ['Grade level', (row) => row.gradeLevel?.name ?? null],
    ],
  },
  subtopics: {
    label: 'Subtopics',
    one: 'Subtopic',
    fields: [
      { name: 'name', label: 'Name', required: true },
      { name: 'topicId', label: 'Topic', required: true, options: 'topics' },
    ],
    columns: [],
  },
};

const NAME_MAX = 100;

const isKind = (value: unknown): value is CatalogueKind =>
  (CATALOGUE_KINDS as readonly unknown[]).includes(value);

/** The row's current values, as the form edits them (ids as strings for the selects), and which row. */
function valuesOf(kind: CatalogueKind, row: CatalogueRow | null, topic: string | null): CatalogueRowValues {
  const values: CatalogueRowValues = { kind, id: row ? String(row.id) : '' };
  const parentId: Record<string, number | null | undefined> = {
    curriculumId: row?.curriculum?.id,
    eduLevelId: row?.eduLevel?.id,
    subjectId: row?.subjectId ?? row?.subject?.id,
    gradeLevelId: row?.gradeLevel?.id,
    topicId: row?.topicId ?? (topic ? Number(topic) : null),
  };
  for (const field of KINDS[kind].fields) {
    if (field.options) values[field.name] = parentId[field.name] ? String(parentId[field.name]) : '';
    else
      values[field.name] =
        (field.name === 'name' ? row?.name : field.name === 'acronym' ? row?.acronym : row?.color) ?? '';
  }
  return values;
}

/** The client's check, with @mantine/form's validators: names 1–100 characters, parents chosen. */
function validatorFor(kind: CatalogueKind) {
  const required = isNotEmpty(t('validation.required'));
  const nameLength = hasLength({ max: NAME_MAX }, t('validation.maxLength', { max: NAME_MAX }));
  return (values: Record<string, unknown>): FieldErrors => {
    const errors: FieldErrors = {};
    for (const field of KINDS[kind].fields) {
      const value =
        typeof values[field.name] === 'string' ? (values[field.name] as string).trim() : values[field.name];
      const problem =
        (field.required ? required(value) : null) ?? (field.name === 'name' ? nameLength(value) : null);
      if (problem) errors[field.name] = [String(problem)];
    }
    return errors;
  };
}

function optionLabel(kind: ParentKind, row: CatalogueRow): string {
  if (kind === 'edu-levels' && row.curriculum) return `${row.name} (${row.curriculum.name})`;
  if (kind === 'grade-levels' && row.eduLevel) return `${row.name} (${row.eduLevel.name})`;
  if (kind === 'topics' && row.subject) return `${row.name} (${row.subject.name})`;
  return row.name;
}

function ParentSelect({
  field,
  value,
  error,
  onChange,
}: {
  field: Field & { options: ParentKind };
  value: string;
  error: string | null;
  onChange: (value: string) => void;
}) {
  const options = useLoader(catalogueOptionsLoader, {
    name: KINDS[field.options].label.toLowerCase(),
    params: { kind: field.options },
    inUrl: false,
  });
  const data = [
    { value: '', label: options.loading ? 'Loading…' : field.required ? 'Choose' : 'None' },
    ...(options.data ?? []).map((row) => ({ value: String(row.id), label: optionLabel(field.options, row) })),
  ];
  return (
    <NativeSelect
      label={field.label}
      required={field.required}
      data={data}
      value={value}
      onChange={(event) => onChange(event.currentTarget.value)}
      error={error ?? options.error}
    />
  );
}

type Editing = { row: CatalogueRow | null } | null;

function CatalogueForm({
  kind,
  row,
  topic,
  onDone,
  onCancel,
}: {
  kind: CatalogueKind;
  row: CatalogueRow | null;
  topic: string | null;
  onDone: () => void;
  onCancel: () => void;
}) {
  const config = KINDS[kind];
  const form = useForm({
    logic: catalogueRowForm,
    initialValues: valuesOf(kind, row, topic),
    validate: validatorFor(kind),
    onSubmitted: onDone,
  });
  const title = row ? `Edit ${row.name}` : `Add ${config.one.toLowerCase()}`;
  function submit(event: FormEvent) {
    event.preventDefault();
    form.submit();
  }
  return (
    <form onSubmit={submit} noValidate aria-label={title}>
      <Stack gap="sm">
        {form.formError && (
          <Alert color="red" variant="light" role="alert">
            {form.formError}
          </Alert>
        )}
        {config.fields.map((field) => {
          const error = fieldError(form.fieldErrors, field.name);
          const value = form.values[field.name] ?? '';
          if (field.options)
            return (
              <ParentSelect
                key={field.name}
                field={{ ...field, options: field.options }}
                value={value}
                error={error}
                onChange={(next) => form.change(field.name, next)}
              />
            );
          return (
            <TextInput
              key={field.name}
              label={field.label}
              required={field.required}
              placeholder={field.placeholder}
              value={value}
              onChange={(event) => form.change(field.name, event.currentTarget.value)}
              error={error}
              data-autofocus={field.name === 'name' || undefined}
            />
          );
        })}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel} disabled={form.submitting}>
            Cancel
          </Button>
          <Button type="submit" loading={form.submitting}>
            {row ? 'Save' : 'Add'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function DeleteConfirmation({
  kind,
  row,
  onDone,
  onCancel,
}: {
  kind: CatalogueKind;
  row: CatalogueRow;
  onDone: () => void;
  onCancel: () => void;
}) {
  const removal = useForm({
    logic: catalogueRowDeletion,
    initialValues: { kind, id: row.id, name: row.name },
    onSubmitted: onDone,
  });
  return (
    <Stack gap="sm">
      {removal.formError ? (
        <Alert color="red" variant="light" role="alert">
          {removal.formError}
        </Alert>
      ) : (
        <Text size="sm">{`Delete ${row.name}? This cannot be undone.`}</Text>
      )}
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onCancel} disabled={removal.submitting}>
          {removal.formError ? 'Close' : 'Cancel'}
        </Button>
        <Button color="red.9" onClick={removal.submit} loading={removal.submitting}>
          Delete
        </Button>
      </Group>
    </Stack>
  );
}

function TopicFilter({ value, onChange }: { value: string; onChange: (value: string | null) => void }) {
  const topics = useLoader(catalogueOptionsLoader, {
    name: 'topics',
    params: { kind: 'topics' },
    inUrl: false,
  });
  return (
    <NativeSelect
      label="Topic"
      data={[
        { value: '', label: topics.loading ? 'Loading…' : 'Choose a topic' },
        ...(topics.data ?? []).map((row) => ({ value: String(row.id), label: optionLabel('topics', row) })),
      ]}
      value={value}
      onChange={(event) => onChange(event.currentTarget.value || null)}
      error={topics.error}
      maw={420}
    />
  );
}

function KindPanel({ kind }: { kind: CatalogueKind }) {
  const config = KINDS[kind];
  const list = useLoader(catalogueRowsLoader, { name: config.label.toLowerCase(), params: { kind } });
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<CatalogueRow | null>(null);
  const topic = list.query.topic ?? null;
  const afterChange = () => {
    setEditing(null);
    setDeleting(null);
    list.refresh();
  };
  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end">
        <Title order={2} size="h4">
          {config.label}
        </Title>
        <Button onClick={() => setEditing({ row: null })}>{`Add ${config.one.toLowerCase()}`}</Button>
      </Group>
      {kind === 'subtopics' && (
        <TopicFilter value={topic ?? ''} onChange={(value) => list.setFilter('topic', value)} />
      )}
      <ListStates list={list} label={`Pages of ${config.label.toLowerCase()}`}>
        <ScrollTable
          label={`${config.label} table`}
          minWidth={560}
          columns={['Name', ...config.columns.map(([label]) => label), 'Actions']}
        >
          {list.items.map((row) => (
            <Table.Tr key={row.id}>
              <Table.Td>{row.name}</Table.Td>
              {config.columns.map(([label, read]) => (
                <Table.Td key={label}>{read(row) ?? '–'}</Table.Td>
              ))}
              <Table.Td>
                <Group gap="xs" wrap="nowrap">
                  <Button
                    size="xs"
                    variant="default"
                    onClick={() => setEditing({ row })}
                    aria-label={`Edit ${row.name}`}
                  >
                    Edit
                  </Button>
                  <Button
                    size="xs"
                    variant="outline"
                    color="red.9"
                    onClick={() => setDeleting(row)}
                    aria-label={`Delete ${row.name}`}
                  >
                    Delete
                  </Button>
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
        </ScrollTable>
      </ListStates>
      <Modal
        opened={editing !== null}
        onClose={() => setEditing(null)}
        title={editing?.row ? `Edit ${editing.row.name}` : `Add ${config.one.toLowerCase()}`}
        closeButtonProps={{ 'aria-label': 'Close dialog' }}
      >
        {editing && (
          <CatalogueForm
            key={editing.row?.id ?? 'new'}
            kind={kind}
            row={editing.row}
            topic={topic}
            onDone={afterChange}
            onCancel={() => setEditing(null)}
          />
        )}
      </Modal>
      <Modal
        opened={deleting !== null}
        onClose={() => setDeleting(null)}
        title={deleting ? `Delete ${deleting.name}` : ''}
        closeOnClickOutside={false}
        closeButtonProps={{ 'aria-label': 'Close dialog' }}
      >
        {deleting && (
          <DeleteConfirmation
            key={deleting.id}
            kind={kind}
            row={deleting}
            onDone={afterChange}
            onCancel={() => setDeleting(null)}
          />
        )}
      </Modal>
    </Stack>
  );
}

/** `/admin/catalogue/:kind?`: the reference data learners and teachers choose from, one tab per kind. */
export default function AdminCataloguePage() {
  usePageTitle('Manage catalogue');
  const params = useRouteParams();
  const [, navigate] = useLocation();
  const kind: CatalogueKind = isKind(params.kind) ? params.kind : 'curricula';
  return (
    <Stack gap="lg">
      <Title order={1} size="h2">
        Manage catalogue
      </Title>
      <Tabs
        value={kind}
        onChange={(next) => {
          if (next && next !== kind) navigate(`/admin/catalogue/${next}`);
        }}
        keepMounted={false}
      >
        <Tabs.List aria-label="Catalogue kinds">
          {CATALOGUE_KINDS.map((each) => (
            <Tabs.Tab key={each} value={each}>
              {KINDS[each].label}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {CATALOGUE_KINDS.map((each) => (
          <Tabs.Panel key={each} value={each} pt="md">
            {each === kind ? <KindPanel key={kind} kind={kind} /> : null}
          </Tabs.Panel>
        ))}
      </Tabs>
    </Stack>
  );
}
