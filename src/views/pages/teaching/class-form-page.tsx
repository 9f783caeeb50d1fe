// `/teaching/classes/create` and `/teaching/classes/edit/:id`: a class's title, description, subject,
// curriculum and grade, type, frequency, price and dates. The generic form machine submits it, checks
// it first with the API's rules, and lands the server's 422 on its fields. A saved class waits for approval.
import '@mantine/dates/styles.css';
import {
  Alert,
  Button,
  Group,
  NativeSelect,
  SimpleGrid,
  Stack,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import dayjs from 'dayjs';
import { Link, useLocation } from 'wouter';
import { fetchClassFilters } from '@/services/class-service';
import type { ClassFilters } from '@/services/schemas/web';
import type { TeacherClassDetail } from '@/services/schemas/teaching-materials';
import {
  fetchTeacherClass,
  saveClass,
  type ClassAnswer,
  type ClassValues,
} from '@/services/teacher-class-service';
import { t } from '@/shared/messages';
import {
  CLASS_FREQUENCIES,
  CLASS_TYPE_LABELS,
  CLASS_TYPES,
  DESCRIPTION_MAX,
  LESSON_PRICE_MAX,
  LESSON_PRICE_MIN,
  SCHEDULE_MAX_DAYS_AHEAD,
  TITLE_MAX,
} from '@/shared/teaching';
import { isBlank, type FieldErrors } from '@/shared/validation';
import { CenteredLoader } from '../../components/centered-loader';
import { FREQUENCY_LABELS } from '../../components/lists/cards';
import { useResource } from '../../components/lists/use-resource';
import { useRouteParams } from '../../route-params';
import { fieldError } from '../../session-selectors';
import { useForm } from '../../use-form';
import { usePageTitle } from '../../use-page-title';
import { CALENDAR_LABELS } from './calendar-labels';
import { teacherClassPath } from './teacher-classes-page';

// Mantine's placeholder grey is below 4.5:1 on white (axe); gray.7 passes.
const READABLE_PLACEHOLDER = { placeholder: { color: 'var(--mantine-color-gray-7)' } };
const BLANK: ClassValues = {
  title: '',
  description: '',
  subjectId: null,
  gradeLevelId: null,
  curriculumId: null,
  type: null,
  frequency: null,
  price: '',
  startsOn: null,
  endsOn: null,
};
const REQUIRED: Array<keyof ClassValues> = [
  'title',
  'subjectId',
  'curriculumId',
  'gradeLevelId',
  'type',
  'frequency',
  'price',
  'startsOn',
  'endsOn',
];

/** The API's rules, answered before a round trip; a new class starts today or within a year. */
export function validateClass(values: ClassValues, isNew: boolean, now = dayjs()): FieldErrors {
  const errors: FieldErrors = {};
  for (const field of REQUIRED) if (isBlank(values[field])) errors[field] = [t('validation.required')];
  if (!errors.title && values.title.trim().length > TITLE_MAX)
    errors.title = [t('validation.maxLength', { max: TITLE_MAX })];
  if (values.description.length > DESCRIPTION_MAX)
    errors.description = [t('validation.maxLength', { max: DESCRIPTION_MAX })];
  if (!errors.price) {
    const price = Number(values.price.trim());
    if (!Number.isInteger(price)) errors.price = [t('validation.wholeNumber')];
    else if (price < LESSON_PRICE_MIN) errors.price = [t('validation.minNumber', { min: LESSON_PRICE_MIN })];
    else if (price > LESSON_PRICE_MAX) errors.price = [t('validation.maxNumber', { max: LESSON_PRICE_MAX })];
  }
  const [minDate, maxDate] = [
    now.format('YYYY-MM-DD'),
    now.add(SCHEDULE_MAX_DAYS_AHEAD, 'day').format('YYYY-MM-DD'),
  ];
  if (isNew && values.startsOn && (values.startsOn < minDate || values.startsOn > maxDate))
    errors.startsOn = [t('validation.dateBetween', { minDate, maxDate })];
  if (values.startsOn && values.endsOn && values.endsOn < values.startsOn)
    errors.endsOn = [t('validation.dateRange')];
  return errors;
}

function dayOf(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const match = /^\d{4}-\d{2}-\d{2}/.exec(value);
  return match ? match[0] : null;
}

const options = (items: Array<{ id: number; name: string }>, prompt: string) => [
  { value: '', label: prompt },
  ...items.map((item) => ({ value: String(item.id), label: item.name })),
];

function ClassForm({
  heading,
  classId,
  initialValues,
  filters,
}: {
  heading: string;
  classId: number | null;
  initialValues: ClassValues;
  filters: ClassFilters;
}) {
  usePageTitle(heading);
  const [, navigate] = useLocation();
  const form = useForm<ClassValues, ClassAnswer>({
    initialValues,
    validate: (values) => validateClass(values, classId === null),
    submit: (values) => saveClass(classId, values),
    onSubmitted: (answer) => navigate(teacherClassPath(answer.lessonClass.id)),
  });
  const v = form.values;
  const error = (field: keyof ClassValues) => fieldError(form.fieldErrors, field);
  const grades = filters.gradeLevels.filter(
    (grade) => v.curriculumId !== null && String(grade.curriculumId) === v.curriculumId,
  );
  return (
    <Stack gap="lg" maw={720}>
      <Title order={1} size="h2">
        {heading}
      </Title>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          form.submit();
        }}
      >
        <Stack gap="md">
          <TextInput
            label="Title"
            required
            maxLength={TITLE_MAX}
            value={v.title}
            error={error('title')}
            onChange={(event) => form.change('title', event.currentTarget.value)}
          />
          <Textarea
            label="Description"
            rows={4}
            maxLength={DESCRIPTION_MAX}
            value={v.description}
            error={error('description')}
            onChange={(event) => form.change('description', event.currentTarget.value)}
          />
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <NativeSelect
              label="Subject"
              required
              data={options(filters.subjects, 'Choose a subject')}
              value={v.subjectId ?? ''}
              error={error('subjectId')}
              onChange={(event) => form.change('subjectId', event.currentTarget.value || null)}
            />
            <NativeSelect
              label="Curriculum"
              required
              data={options(filters.curricula, 'Choose a curriculum')}
              value={v.curriculumId ?? ''}
              error={error('curriculumId')}
              onChange={(event) => {
                form.change('curriculumId', event.currentTarget.value || null);
                form.change('gradeLevelId', null);
              }}
            />
            <NativeSelect
              label="Grade level"
              required
              disabled={v.curriculumId === null}
              data={options(grades, v.curriculumId === null ? 'Choose a curriculum first' : 'Choose a grade')}
              value={v.gradeLevelId ?? ''}
              error={error('gradeLevelId')}
              onChange={(event) => form.change('gradeLevelId', event.currentTarget.value || null)}
            />
          </SimpleGrid>
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <NativeSelect
              label="Class type"
              required
              data={[
                { value: '', label: 'Choose a type' },
                ...CLASS_TYPES.map((type) => ({ value: type, label: CLASS_TYPE_LABELS[type] })),
              ]}
              value={v.type ?? ''}
              error={error('type')}
              onChange={(event) => form.change('type', event.currentTarget.value || null)}
            />
            <NativeSelect
              label="Frequency"
              required
              data={[
                { value: '', label: 'Choose how often' },
                ...CLASS_FREQUENCIES.map((frequency) => ({
                  value: frequency,
                  label: FREQUENCY_LABELS[frequency],
                })),
              ]}
              value={v.frequency ?? ''}
              error={error('frequency')}
              onChange={(event) => form.change('frequency', event.currentTarget.value || null)}
            />
            <TextInput
              label="Price (KES)"
              required
              inputMode="decimal"
              value={v.price}
              error={error('price')}
              onChange={(event) => form.change('price', event.currentTarget.value)}
            />
          </SimpleGrid>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <DatePickerInput
              label="Starts on"
              required
              placeholder="Pick a date"
              styles={READABLE_PLACEHOLDER}
              valueFormat="MMM D, YYYY"
              ariaLabels={CALENDAR_LABELS}
              minDate={classId === null ? dayjs().format('YYYY-MM-DD') : undefined}
              value={v.startsOn}
              error={error('startsOn')}
              onChange={(value) => form.change('startsOn', dayOf(value))}
            />
            <DatePickerInput
              label="Ends on"
              required
              placeholder="Pick a date"
              styles={READABLE_PLACEHOLDER}
              valueFormat="MMM D, YYYY"
              ariaLabels={CALENDAR_LABELS}
              minDate={v.startsOn ?? undefined}
              value={v.endsOn}
              error={error('endsOn')}
              onChange={(value) => form.change('endsOn', dayOf(value))}
            />
          </SimpleGrid>
          {form.formError && Object.keys(form.fieldErrors).length === 0 && (
            <Alert color="red" variant="light" role="alert">
              {form.formError}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button
              variant="default"
              component={Link}
              href={classId === null ? '/teaching/classes' : teacherClassPath(classId)}
            >
              Cancel
            </Button>
            <Button type="submit" color="blue.9" loading={form.submitting}>
              {classId === null ? 'Create class' : 'Save class'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Stack>
  );
}

function LoadFailed({ error, retry }: { error: string | null; retry: () => void }) {
  return (
    <Alert color="red" variant="light" role="alert" title={error ?? undefined}>
      <Button size="xs" variant="white" color="red" mt={4} onClick={retry}>
        Try again
      </Button>
    </Alert>
  );
}

/** `/teaching/classes/create`. */
export function CreateClassPage() {
  const filters = useResource('the class options', fetchClassFilters);
  if (filters.loading) return <CenteredLoader label="Loading the form" />;
  if (!filters.data) return <LoadFailed error={filters.error} retry={filters.retry} />;
  return <ClassForm heading="Create a class" classId={null} initialValues={BLANK} filters={filters.data} />;
}

function valuesOf(c: TeacherClassDetail, filters: ClassFilters): ClassValues {
  const grade = filters.gradeLevels.find((item) => item.id === c.gradeLevel?.id);
  return {
    title: c.title,
    description: c.description ?? '',
    subjectId: c.subject ? String(c.subject.id) : null,
    gradeLevelId: c.gradeLevel ? String(c.gradeLevel.id) : null,
    curriculumId: grade?.curriculumId != null ? String(grade.curriculumId) : null,
    type: c.type,
    frequency: c.frequency,
    price: String(Number(c.price)),
    startsOn: c.startsAt ? dayjs(c.startsAt).format('YYYY-MM-DD') : null,
    endsOn: c.endsAt ? dayjs(c.endsAt).format('YYYY-MM-DD') : null,
  };
}

/** `/teaching/classes/edit/:id`. */
export function EditClassPage() {
  const { id = '' } = useRouteParams();
  const loaded = useResource('this class', async () => {
    const [lessonClass, filters] = await Promise.all([fetchTeacherClass(id), fetchClassFilters()]);
    return { lessonClass, filters };
  });
  if (loaded.loading) return <CenteredLoader label="Loading the class" />;
  if (!loaded.data) return <LoadFailed error={loaded.error} retry={loaded.retry} />;
  const { lessonClass, filters } = loaded.data;
  return (
    <ClassForm
      key={lessonClass.id}
      heading="Edit class"
      classId={lessonClass.id}
      initialValues={valuesOf(lessonClass, filters)}
      filters={filters}
    />
  );
}
