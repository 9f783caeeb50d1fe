import { Card, Group, Stack, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import {
  approveClass,
  approveLesson,
  fetchAdminClasses,
  fetchAdminLessons,
  rejectClass,
  rejectLesson,
} from '@/services/admin-service';
import type { ListPage, ListQuery } from '@/services/schemas/page';
import {
  APPROVAL_FILTERS,
  lessonTypeName,
  type AdminClass,
  type AdminLesson,
  type ApprovalFilter,
} from '@/services/schemas/admin';
import type { DecideOutput } from '@/machines/approval-machine';
import { formatDate, formatKes } from '@/shared/format';
import { CLASS_TYPE_LABELS, lessonWhen } from '../../components/lists/cards';
import { ListStates } from '../../components/lists/list-states';
import { useList } from '../../components/lists/use-list';
import { usePageTitle } from '../../use-page-title';
import { FilterTabs } from '../lessons/lesson-parts';
import {
  ApprovalDialog,
  DecisionButtons,
  Details,
  StatusBadge,
  useApproval,
  type ApprovalBinding,
} from './admin-parts';

const TABS: ReadonlyArray<{ value: ApprovalFilter; label: string }> = [
  { value: 'pending', label: 'Pending' },
  { value: 'approved', label: 'Approved' },
  { value: 'rejected', label: 'Rejected' },
];

const isFilter = (value: unknown): value is ApprovalFilter =>
  (APPROVAL_FILTERS as readonly unknown[]).includes(value);

type Shown = { id: number; name: string; status: string | null; rows: Array<[string, ReactNode]> };

function lessonShown(lesson: AdminLesson): Shown {
  return {
    id: lesson.id,
    name: lesson.topic?.name ?? lesson.code ?? `Lesson ${lesson.id}`,
    status: lesson.status,
    rows: [
      ['Teacher', lesson.teacher?.name],
      ['Subject', lesson.subject?.name],
      ['Grade', lesson.gradeLevel?.name],
      ['Time', lessonWhen(lesson.startAt, lesson.endAt)],
      ['Price', lesson.price ? formatKes(lesson.price) : null],
      ['Type', lessonTypeName(lesson.type)],
      ['Code', lesson.code],
      ['Objective', lesson.objective],
      ['Comment', lesson.rejectionComment],
    ],
  };
}

function classShown(lessonClass: AdminClass): Shown {
  const type =
    lessonClass.type && lessonClass.type in CLASS_TYPE_LABELS
      ? CLASS_TYPE_LABELS[lessonClass.type as keyof typeof CLASS_TYPE_LABELS]
      : lessonClass.type;
  const dates = [lessonClass.startsAt, lessonClass.endsAt]
    .filter((d): d is string => !!d)
    .map((d) => formatDate(d))
    .join(' – ');
  return {
    id: lessonClass.id,
    name: lessonClass.title,
    status: lessonClass.status,
    rows: [
      ['Teacher', lessonClass.teacher?.name],
      ['Subject', lessonClass.subject?.name],
      ['Grade', lessonClass.gradeLevel?.name],
      ['Time', [dates, lessonClass.frequency].filter(Boolean).join(' · ')],
      ['Price', lessonClass.price ? formatKes(lessonClass.price) : null],
      ['Type', type],
      ['Lessons', lessonClass.lessonsCount],
      ['Comment', lessonClass.rejectionComment],
    ],
  };
}

function ApprovalItemCard({ shown, approval }: { shown: Shown; approval: ApprovalBinding }) {
  return (
    <Card withBorder padding="md" component="article">
      <Stack gap="xs">
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Title order={2} size="h5">
            {shown.name}
          </Title>
          <StatusBadge status={shown.status} />
        </Group>
        <Details rows={shown.rows} />
        {shown.status === 'pending' && (
          <DecisionButtons approval={approval} item={{ id: shown.id, name: shown.name }} turnDown="reject" />
        )}
      </Stack>
    </Card>
  );
}

type Config<T> = {
  title: string;
  name: string;
  fetchPage: (query: ListQuery) => Promise<ListPage<T>>;
  show: (item: T) => Shown;
  approve: (id: number) => Promise<DecideOutput>;
  reject: (id: number, comment: string) => Promise<DecideOutput>;
};

function ApprovalsScreen<T>({ config }: { config: Config<T> }) {
  usePageTitle(config.title);
  const list = useList({ name: config.name, fetchPage: config.fetchPage });
  const approval = useApproval(
    ({ id, action, comment }) => (action === 'approve' ? config.approve(id) : config.reject(id, comment)),
    list.refresh,
  );
  const status: ApprovalFilter = isFilter(list.query.status) ? list.query.status : 'pending';
  return (
    <Stack gap="lg">
      <Title order={1} size="h2">
        {config.title}
      </Title>
      <FilterTabs
        label={`Show ${config.name}`}
        value={status}
        options={TABS}
        onChange={(value) => list.setFilter('status', value === 'pending' ? null : value)}
      >
        <ListStates list={list} label={`Pages of ${config.name}`}>
          {list.items.map((item) => {
            const shown = config.show(item);
            return <ApprovalItemCard key={shown.id} shown={shown} approval={approval} />;
          })}
        </ListStates>
      </FilterTabs>
      <ApprovalDialog approval={approval} commentLabel="Comment" />
    </Stack>
  );
}

const LESSONS: Config<AdminLesson> = {
  title: 'Lesson approvals',
  name: 'lessons',
  fetchPage: fetchAdminLessons,
  show: lessonShown,
  approve: approveLesson,
  reject: rejectLesson,
};

const CLASSES: Config<AdminClass> = {
  title: 'Class approvals',
  name: 'classes',
  fetchPage: fetchAdminClasses,
  show: classShown,
  approve: approveClass,
  reject: rejectClass,
};

/** `/admin/lessons`: lessons waiting for approval (soonest first), and those approved or rejected. */
export function AdminLessonsPage() {
  return <ApprovalsScreen config={LESSONS} />;
}

/** `/admin/classes`: classes waiting for approval, and those approved or rejected. */
export function AdminClassesPage() {
  return <ApprovalsScreen config={CLASSES} />;
}
