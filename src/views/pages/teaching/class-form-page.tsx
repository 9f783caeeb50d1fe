// `/teaching/classes/create` and `/teaching/classes/edit/:id`: a class's title, description, subject,
// curriculum and grade, type, frequency, price and dates. The fields are checked first with the API's
// rules (`validateClass`); the form's logic (src/machines/screens/teaching-screens.ts) submits it, lands
// the server's 422 on its fields and, once saved, opens the class's page, where it waits for approval.
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
import { Link } from 'wouter';
import {
  classFormLogic,
  classOptionsLoader,
  classToEditLoader,
  type ClassFormValues,
} from '@/machines/screens/teaching-screens';
import type { ClassAnswer } from '@/services/teacher-class-service';
import type { TeacherClassDetail } from '@/services/schemas/teaching-materials';
import type { ClassFilters } from '@/services/schemas/web';
import {
  CLASS_FREQUENCIES,
  CLASS_TYPE_LABELS,
  CLASS_TYPES,
  DESCRIPTION_MAX,
  gradesOfCurriculum,
  TEACHER_CLASSES_PATH,
  teacherClassPath,
  TITLE_MAX,
} from '@/shared/teaching';
import { BLANK_CLASS, validateClass } from '@/shared/teaching-validation';
import { FREQUENCY_LABELS } from '../../components/lists/cards';
import { useRouteParams } from '../../route-params';
import { fieldError } from '../../session-selectors';
import { useForm } from '../../use-form';
import { useLoader } from '../../use-loader';
import { usePageTitle } from '../../use-page-title';
import { CALENDAR_LABELS, pickedDay, READABLE_PLACEHOLDER } from './date-picker';
import { ResourceStates } from './resource-states';
import { useNow } from '../../hydration';
import { todayIso } from '@/machines/material-form-machine';

const options = (items: Array<{ id: number; name: string }>, prompt: string) => [
  { value: '', label: prompt },
  ...items.map((item) => ({ value: String(item.id), label: item.name })),
];

function ClassForm({
  heading,
  initialValues,
  filters,
}: {
  heading: string;
  initialValues: ClassFormValues;
  filters: ClassFilters;
}) {
  usePageTitle(heading);
  const now = useNow();
  const { classId } = initialValues;
  const form = useForm<ClassFormValues, ClassAnswer>({
    initialValues,
    logic: classFormLogic,
    // Today when the teacher saves (the page may have been open since yesterday).
    validate: (values) => validateClass(values, classId === null, todayIso()),
  });
  const v = form.values;
  const error = (field: keyof ClassFormValues) => fieldError(form.fieldErrors, field);
  const grades = gradesOfCurriculum(filters.gradeLevels, v.curriculumId);
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
              minDate={classId === null ? todayIso(new Date(now)) : undefined}
              value={v.startsOn}
              error={error('startsOn')}
              onChange={(value) => form.change('startsOn', pickedDay(value))}
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
              onChange={(value) => form.change('endsOn', pickedDay(value))}
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
              href={classId === null ? TEACHER_CLASSES_PATH : teacherClassPath(classId)}
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

/** `/teaching/classes/create`. */
export function CreateClassPage() {
  const filters = useLoader(classOptionsLoader, { name: 'the class options', inUrl: false });
  return (
    <ResourceStates resource={filters} label="Loading the form">
      {(options) => (
        <ClassForm
          heading="Create a class"
          initialValues={{ ...BLANK_CLASS, classId: null }}
          filters={options}
        />
      )}
    </ResourceStates>
  );
}

function valuesOf(c: TeacherClassDetail, filters: ClassFilters): ClassFormValues {
  const grade = filters.gradeLevels.find((item) => item.id === c.gradeLevel?.id);
  return {
    classId: c.id,
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

function EditClass({ id }: { id: string }) {
  const loaded = useLoader(classToEditLoader, { name: 'this class', params: { id }, inUrl: false });
  return (
    <ResourceStates resource={loaded} label="Loading the class">
      {({ lessonClass, filters }) => (
        <ClassForm heading="Edit class" initialValues={valuesOf(lessonClass, filters)} filters={filters} />
      )}
    </ResourceStates>
  );
}

/** `/teaching/classes/edit/:id`. */
export function EditClassPage() {
  const { id = '' } = useRouteParams();
  // Another class is another screen.
  return <EditClass key={id} id={id} />;
}
