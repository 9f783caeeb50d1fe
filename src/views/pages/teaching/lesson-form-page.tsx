// `/teaching/lessons/create` and `/teaching/lessons/edit/:id`: the lesson form. The lesson form
// machine runs the flow (options, free times of the chosen date, submit, 422 on the fields, the
// notice and My lessons after a save) as a screen actor; the fields live in @mantine/form, starting
// from `firstLessonValues` and checked by the shared `validateLessonForm`. `@mantine/dates` (and the
// dayjs it works with) load with this chunk only; Nairobi days and clocks come from src/shared.
import '@mantine/dates/styles.css';
import dayjs from 'dayjs';
import {
  Alert,
  Anchor,
  Button,
  Card,
  Group,
  List,
  Loader,
  NumberInput,
  Radio,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { useForm } from '@mantine/form';
import { useSelector } from '@xstate/react';
import { useState } from 'react';
import { Link } from 'wouter';
import type { ActorRefFrom } from 'xstate';
import {
  firstLessonValues,
  selectEditMode,
  selectSlotsStage,
  selectStage,
  selectSubmitting,
} from '@/machines/lesson-form-machine';
import { lessonFormScreen } from '@/machines/screens/teaching-screens';
import type { LessonFormData, Slot, TeacherLesson } from '@/services/schemas/teaching';
import { t } from '@/shared/messages';
import {
  CAPACITY_MAX,
  CAPACITY_MIN,
  LESSON_PRICE_MAX,
  LESSON_PRICE_MIN,
  OBJECTIVE_MAX,
  SERIES_MAX,
  SERIES_MIN,
  TEACHER_LESSONS_PATH,
  type SeriesFrequency,
} from '@/shared/teaching';
import {
  lastSchedulableDay,
  seriesDates,
  validateLessonForm,
  type LessonFormValues,
} from '@/shared/teaching-validation';
import { clockIn, dayIn, todayIn } from '@/shared/calendar-days';
import { ofSubjectAndGrade } from '@/shared/catalogue';
import { formatClock } from '@/shared/time';
import { CenteredLoader } from '../../components/centered-loader';
import { FREQUENCY_LABELS } from '../../components/lists/cards';
import { fieldError } from '../../session-selectors';
import { useRouteParams } from '../../route-params';
import { usePageTitle } from '../../use-page-title';
import { useScreenActor } from '../../use-screen-actor';
import { READABLE_PLACEHOLDER } from './date-picker';

const TYPE_LABELS: Record<string, string> = { public: 'Public', private: 'Private', group: 'Group' };

/** The lesson's day and time where lessons take place (Nairobi, docs/teaching-admin.md "Scheduling"). */
function lessonStart(lesson: TeacherLesson | null): { date: string; time: string } | null {
  return lesson?.startAt ? { date: dayIn(lesson.startAt), time: clockIn(lesson.startAt) } : null;
}

type Option = { value: string; label: string };
const options = (items: Array<{ id: number; name: string }>): Option[] =>
  items.map((item) => ({ value: String(item.id), label: item.name }));

type LessonFormActor = ActorRefFrom<typeof lessonFormScreen>;
type FieldsProps = { formData: LessonFormData; lesson: TeacherLesson | null; actor: LessonFormActor };

function LessonFields({ formData, lesson, actor }: FieldsProps) {
  const editing = lesson !== null;
  const rescheduleOnly = useSelector(actor, selectEditMode) === 'reschedule';
  const [today] = useState(() => todayIn());
  const [original] = useState(() => firstLessonValues(formData, lesson, lessonStart(lesson)));
  const slotsStage = useSelector(actor, selectSlotsStage);
  const slots = useSelector(actor, (s) => s.context.slots);
  const serverErrors = useSelector(actor, (s) => s.context.fieldErrors);
  const formError = useSelector(actor, (s) => s.context.formError);
  const submitting = useSelector(actor, selectSubmitting);

  const form = useForm<LessonFormValues>({
    mode: 'controlled',
    initialValues: original,
    validate: (values) => {
      const errors = validateLessonForm(values, { today, editing, rescheduleOnly });
      return Object.fromEntries(Object.entries(errors).map(([field, list]) => [field, list.join(' ')]));
    },
  });
  const values = form.getValues();

  function change<K extends keyof LessonFormValues>(name: K, value: LessonFormValues[K]) {
    form.setFieldValue(name, value as never);
    form.clearFieldError(name);
    actor.send({ type: 'field.change', name });
  }

  function errorOf(name: keyof LessonFormValues): string | null {
    const local = form.errors[name];
    return (typeof local === 'string' ? local : null) ?? fieldError(serverErrors, name);
  }

  function chooseDate(date: string | null) {
    form.setValues({ date: date ?? '', time: '' });
    form.clearFieldError('date');
    form.clearFieldError('time');
    actor.send({ type: 'date.change', date });
  }

  const topics = ofSubjectAndGrade(formData.topics, values.subjectId, values.gradeLevelId);
  const programs = ofSubjectAndGrade(formData.programs, values.subjectId, values.gradeLevelId);
  // The lesson's own start is not a free slot (it is taken by the lesson): it stays a choice on its day.
  const keepOwnTime = editing && original.date !== '' && values.date === original.date;
  const choices: Slot[] = [...slots];
  if (keepOwnTime && !slots.some((slot) => slot.time === original.time)) {
    choices.unshift({
      startAt: '',
      endAt: '',
      time: original.time,
      label: `${formatClock(original.time)} (current time)`,
    });
  }
  const count = Number(values.lessonsCount);
  const preview =
    !editing && values.date && Number.isInteger(count) && count >= SERIES_MIN && count <= SERIES_MAX
      ? seriesDates(values.date, count, values.frequency as SeriesFrequency)
      : [];
  const content = rescheduleOnly || submitting;

  return (
    <form
      noValidate
      onSubmit={form.onSubmit((checked) => actor.send({ type: 'form.submit', values: checked }))}
      aria-labelledby="lesson-form-heading"
    >
      <Stack gap="md">
        {rescheduleOnly && (
          <Alert color="blue" variant="light">
            {t('teaching.rescheduleOnly')}
          </Alert>
        )}
        {formError && (
          <Alert color="red" role="alert">
            {formError}
          </Alert>
        )}
        <Card
          withBorder
          padding="lg"
          radius="md"
          component="section"
          aria-labelledby="lesson-details-heading"
        >
          <Stack gap="sm">
            <Title order={2} size="h4" id="lesson-details-heading">
              Lesson
            </Title>
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <Select
                label="Subject"
                // A required choice: clicking the chosen option again must not clear it.
                allowDeselect={false}
                required
                disabled={content}
                data={options(formData.subjects)}
                value={values.subjectId || null}
                onChange={(value) => {
                  change('subjectId', value ?? '');
                  form.setValues({ topicId: '', programId: '' });
                }}
                error={errorOf('subjectId')}
              />
              <Select
                label="Grade level"
                allowDeselect={false}
                required
                disabled={content}
                data={formData.gradeLevels.map((grade) => ({
                  value: String(grade.id),
                  label: grade.eduLevel ? `${grade.name} (${grade.eduLevel.name})` : grade.name,
                }))}
                value={values.gradeLevelId || null}
                onChange={(value) => {
                  change('gradeLevelId', value ?? '');
                  form.setValues({ topicId: '', programId: '' });
                }}
                error={errorOf('gradeLevelId')}
              />
              <Select
                label="Topic"
                allowDeselect={false}
                required
                searchable
                disabled={content || !values.subjectId || !values.gradeLevelId}
                description={
                  !values.subjectId || !values.gradeLevelId
                    ? 'Choose the subject and grade level first.'
                    : undefined
                }
                data={options(topics)}
                value={values.topicId || null}
                onChange={(value) => change('topicId', value ?? '')}
                error={errorOf('topicId')}
              />
              <Select
                label="Program"
                clearable
                disabled={content || programs.length === 0}
                data={programs.map((program) => ({
                  value: String(program.id),
                  label: program.curriculum ? `${program.name} (${program.curriculum.name})` : program.name,
                }))}
                value={values.programId || null}
                onChange={(value) => change('programId', value ?? '')}
                error={errorOf('programId')}
              />
              <Select
                label="Type"
                allowDeselect={false}
                required
                disabled={content}
                data={formData.types.map((type) => ({ value: type, label: TYPE_LABELS[type] ?? type }))}
                value={values.type || null}
                onChange={(value) => change('type', value ?? '')}
                error={errorOf('type')}
              />
              <Select
                label="Class"
                clearable
                disabled={content || formData.classes.length === 0}
                data={formData.classes.map((item) => ({ value: String(item.id), label: item.title }))}
                value={values.classId || null}
                onChange={(value) => change('classId', value ?? '')}
                error={errorOf('classId')}
              />
            </SimpleGrid>
            <Textarea
              label="Objective"
              required
              disabled={content}
              rows={4}
              maxLength={OBJECTIVE_MAX}
              value={values.objective}
              onChange={(event) => change('objective', event.currentTarget.value)}
              error={errorOf('objective')}
            />
            <NumberInput
              label="Cost per lesson (KES)"
              required
              disabled={content}
              min={LESSON_PRICE_MIN}
              max={LESSON_PRICE_MAX}
              // A price out of range stays as typed and the field says why; clamping changed KES 5 to 100.
              clampBehavior="none"
              thousandSeparator=","
              allowDecimal={false}
              allowNegative={false}
              value={values.price}
              onChange={(value) => change('price', value)}
              error={errorOf('price')}
              maw={260}
            />
            {values.type === 'private' ? (
              <Text size="sm" c="gray.7">
                {t('teaching.privateOneSeat')}
              </Text>
            ) : (
              <NumberInput
                label="Seats"
                required={values.type === 'group'}
                description={values.type === 'group' ? undefined : t('teaching.seatsNoLimit')}
                disabled={content}
                min={CAPACITY_MIN}
                max={CAPACITY_MAX}
                // Say why 1 or 500 seats will not do rather than silently changing the number.
                clampBehavior="none"
                allowDecimal={false}
                allowNegative={false}
                value={values.capacity}
                onChange={(value) => change('capacity', value)}
                error={errorOf('capacity')}
                maw={260}
              />
            )}
          </Stack>
        </Card>

        <Card
          withBorder
          padding="lg"
          radius="md"
          component="section"
          aria-labelledby="lesson-schedule-heading"
        >
          <Stack gap="sm">
            <Title order={2} size="h4" id="lesson-schedule-heading">
              Schedule
            </Title>
            <DatePickerInput
              label="Date"
              required
              placeholder="Pick a date"
              styles={READABLE_PLACEHOLDER}
              valueFormat="MMM D, YYYY"
              disabled={submitting}
              minDate={today}
              maxDate={lastSchedulableDay(today)}
              value={values.date || null}
              onChange={(value) => chooseDate(value ? dayjs(value).format('YYYY-MM-DD') : null)}
              error={errorOf('date')}
              maw={260}
            />
            <TimeChoice
              stage={slotsStage}
              choices={choices}
              value={values.time}
              onChange={(time) => change('time', time)}
              error={errorOf('time')}
              disabled={submitting}
            />
            {!editing && (
              <>
                <SimpleGrid cols={{ base: 1, sm: 2 }}>
                  <NumberInput
                    label="Number of lessons"
                    required
                    disabled={submitting}
                    min={SERIES_MIN}
                    max={SERIES_MAX}
                    allowDecimal={false}
                    allowNegative={false}
                    value={values.lessonsCount}
                    onChange={(value) => change('lessonsCount', value)}
                    error={errorOf('lessonsCount')}
                  />
                  <Select
                    label="Frequency"
                    allowDeselect={false}
                    required
                    disabled={submitting || count === 1}
                    data={formData.frequencies.map((frequency) => ({
                      value: frequency,
                      label: FREQUENCY_LABELS[frequency],
                    }))}
                    value={values.frequency || null}
                    onChange={(value) => change('frequency', value ?? '')}
                    error={errorOf('frequency')}
                  />
                </SimpleGrid>
                {preview.length > 0 && (
                  <Stack gap={4} component="section" aria-labelledby="series-heading">
                    <Title order={3} size="h6" id="series-heading">
                      {preview.length === 1 ? 'Your lesson' : `Your ${preview.length} lessons`}
                    </Title>
                    <List size="sm" aria-labelledby="series-heading">
                      {preview.map((day) => (
                        <List.Item key={day}>
                          {dayjs(day).format('ddd, MMM D, YYYY')}
                          {values.time ? ` · ${formatClock(values.time)}` : ''}
                        </List.Item>
                      ))}
                    </List>
                  </Stack>
                )}
              </>
            )}
          </Stack>
        </Card>

        <Group>
          <Button type="submit" loading={submitting}>
            {editing ? 'Save changes' : 'Create lessons'}
          </Button>
          <Anchor component={Link} href={TEACHER_LESSONS_PATH}>
            Back to my lessons
          </Anchor>
        </Group>
      </Stack>
    </form>
  );
}

function TimeChoice({
  stage,
  choices,
  value,
  onChange,
  error,
  disabled,
}: {
  stage: ReturnType<typeof selectSlotsStage>;
  choices: Slot[];
  value: string;
  onChange: (time: string) => void;
  error: string | null;
  disabled: boolean;
}) {
  if (stage === 'loading') {
    return (
      <Group gap="xs" role="status" aria-label="Loading free times">
        <Loader size="sm" />
        <Text size="sm">Loading free times…</Text>
      </Group>
    );
  }
  if (choices.length === 0) {
    return (
      <Stack gap={4}>
        <Text size="sm" fw={500}>
          Time
        </Text>
        {stage === 'unavailable' ? (
          <Alert color="red" variant="light" role="alert">
            {t('messages.timeslots')}
          </Alert>
        ) : (
          <Text size="sm" c="gray.7">
            {t('teaching.chooseDateFirst')}
          </Text>
        )}
        {error && (
          <Text size="sm" c="red.9" role="alert">
            {error}
          </Text>
        )}
      </Stack>
    );
  }
  return (
    <Stack gap={4}>
      <Radio.Group label="Time" required value={value || null} onChange={onChange} error={error}>
        <Group gap="sm" mt={6}>
          {choices.map((slot) => (
            <Radio key={slot.time} value={slot.time} label={slot.label} disabled={disabled} />
          ))}
        </Group>
      </Radio.Group>
      {stage === 'unavailable' && (
        <Text size="sm" c="red.9">
          {t('messages.timeslots')}
        </Text>
      )}
    </Stack>
  );
}

/** Why there is no form (not approved yet, a lesson that can no longer change), and the way back. */
function NoForm({ title, text }: { title?: string; text: string }) {
  return (
    <Alert color="blue" variant="light" title={title}>
      <Stack gap="xs" align="flex-start">
        <Text size="sm">{text}</Text>
        <Anchor component={Link} href={TEACHER_LESSONS_PATH} size="sm">
          Back to my lessons
        </Anchor>
      </Stack>
    </Alert>
  );
}

function LessonFormScreen({ lessonId, title }: { lessonId: number | null; title: string }) {
  usePageTitle(title);
  const actor = useScreenActor(lessonFormScreen, { input: { lessonId } });
  const stage = useSelector(actor, selectStage);
  const formData = useSelector(actor, (s) => s.context.formData);
  const lesson = useSelector(actor, (s) => s.context.lesson);
  const loadError = useSelector(actor, (s) => s.context.loadError);
  const retry = () => actor.send({ type: 'form.retry' });

  let body;
  if (stage === 'loading') body = <CenteredLoader label="Loading the lesson form" />;
  else if (stage === 'failed') {
    body = (
      <Alert color="red" role="alert" title={t('messages.loadError', { name: 'the lesson form' })}>
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{loadError}</Text>
          <Button size="compact-sm" variant="light" color="red" onClick={retry}>
            Try again
          </Button>
        </Stack>
      </Alert>
    );
  } else if (stage === 'blocked') {
    body = (
      <NoForm title="You cannot create lessons yet" text={formData?.reason ?? t('teaching.cannotCreate')} />
    );
  } else if (stage === 'locked') {
    body = <NoForm text={t('teaching.cannotChange')} />;
  } else if (formData) {
    body = <LessonFields formData={formData} lesson={lesson} actor={actor} />;
  }
  return (
    <Stack gap="lg" maw={880}>
      <Title order={1} size="h2" id="lesson-form-heading">
        {title}
      </Title>
      {body}
    </Stack>
  );
}

export function CreateLessonPage() {
  return <LessonFormScreen lessonId={null} title="Create lessons" />;
}

export function EditLessonPage() {
  const { id: param = '' } = useRouteParams();
  const id = /^\d{1,10}$/.test(param) ? Number(param) : null;
  if (id === null) {
    return (
      <Stack gap="lg">
        <Title order={1} size="h2">
          Edit lesson
        </Title>
        <Alert color="red" role="alert">
          {t('messages.loadError', { name: 'lesson' })}
        </Alert>
      </Stack>
    );
  }
  // A new id is a new form.
  return <LessonFormScreen key={id} lessonId={id} title="Edit lesson" />;
}
