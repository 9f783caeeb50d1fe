// One approvals page for what an admin reviews: teachers' profiles, lessons and classes. Each kind
// says only what its cards show; the list (status tabs and search in the URL), the decision buttons
// and the dialog are the same. After a decision the list loads again through its loader's systemId
// (REVIEW_LIST in src/machines/screens/admin-screens.ts), not through the view.
import { Card, Group, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import type { approvalMachine } from '@/machines/approval-machine';
import type { Loader } from '@/machines/load-machine';
import {
  REVIEW_LIST,
  adminClassesLoader,
  adminLessonsLoader,
  adminTeachersLoader,
  classApproval,
  lessonApproval,
  seriesApproval,
  teacherApproval,
} from '@/machines/screens/admin-screens';
import type { AdminClass, AdminLesson, AdminTeacher } from '@/services/schemas/admin';
import { ADMIN_TEACHER_FILTERS, APPROVAL_FILTERS, lessonTypeName } from '@/shared/admin';
import { formatDate, formatKes } from '@/shared/format';
import { CLASS_TYPE_LABELS, lessonWhen } from '../../components/lists/cards';
import { ListStates } from '../../components/lists/list-states';
import { SearchBox } from '../../components/lists/search-box';
import { useLoader } from '../../use-loader';
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
import { TeacherDocuments } from './teacher-documents';

/** What a card shows of one item: its name, status, details and (a teacher's biography) a text. */
type Shown = {
  id: number;
  name: string;
  status: string | null;
  rows: Array<[string, ReactNode]>;
  text?: string | null;
  /** More of the item under its details (a teacher's vetting documents). */
  extra?: ReactNode;
  /** How many lessons of its series wait with it: from 2, the series is decided in one step too. */
  series?: number;
};

type Approvals<T> = {
  title: string;
  /** What the list holds ("teachers"): "No teachers available.", "Show teachers". */
  name: string;
  loader: Loader<T>;
  approval: typeof approvalMachine;
  /** The status tabs; the first is the queue the list opens on. */
  filters: readonly string[];
  turnDown: 'decline' | 'reject';
  commentLabel: string;
  /** The search box's label, for a list that can be searched. */
  search?: string;
  show: (item: T) => Shown;
  /** Decides a whole series (lessons, issue 24). */
  seriesApproval?: typeof approvalMachine;
};

const capitalised = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

function ApprovalItemCard({
  shown,
  approval,
  series,
  turnDown,
}: {
  shown: Shown;
  approval: ApprovalBinding;
  series: ApprovalBinding | null;
  turnDown: 'decline' | 'reject';
}) {
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
        {shown.text && (
          <Text size="sm" style={{ whiteSpace: 'pre-line' }}>
            {shown.text}
          </Text>
        )}
        {shown.extra}
        {shown.status === 'pending' && (
          <DecisionButtons
            approval={approval}
            item={{ id: shown.id, name: shown.name }}
            turnDown={turnDown}
          />
        )}
        {shown.status === 'pending' && series && (shown.series ?? 0) > 1 && (
          <Group gap="xs" align="center">
            <Text size="sm" c="gray.7">
              Whole series ({shown.series} lessons waiting):
            </Text>
            <DecisionButtons
              approval={series}
              item={{ id: shown.id, name: `the series of ${shown.name} (${shown.series} lessons)` }}
              turnDown={turnDown}
            />
          </Group>
        )}
      </Stack>
    </Card>
  );
}

function ApprovalsPage<T>({ config }: { config: Approvals<T> }) {
  usePageTitle(config.title);
  const list = useLoader(config.loader, { name: config.name, systemId: REVIEW_LIST });
  const approval = useApproval(config.approval);
  const series = useApproval(config.seriesApproval ?? config.approval);
  const [queue = 'pending'] = config.filters;
  const status = config.filters.includes(list.query.status ?? '') ? (list.query.status ?? queue) : queue;
  return (
    <Stack gap="lg">
      <Title order={1} size="h2">
        {config.title}
      </Title>
      {config.search && <SearchBox list={list} label={config.search} withButton buttonVariant="default" />}
      <FilterTabs
        label={`Show ${config.name}`}
        value={status}
        options={config.filters.map((value) => ({ value, label: capitalised(value) }))}
        onChange={(value) => list.setFilter('status', value === queue ? null : value)}
      >
        <ListStates list={list} label={`Pages of ${config.name}`}>
          {list.items.map((item) => {
            const shown = config.show(item);
            return (
              <ApprovalItemCard
                key={shown.id}
                shown={shown}
                approval={approval}
                series={config.seriesApproval ? series : null}
                turnDown={config.turnDown}
              />
            );
          })}
        </ListStates>
      </FilterTabs>
      <ApprovalDialog approval={approval} commentLabel={config.commentLabel} />
      {config.seriesApproval && <ApprovalDialog approval={series} commentLabel={config.commentLabel} />}
    </Stack>
  );
}

const teacherName = (teacher: AdminTeacher) => teacher.user?.name || `Teacher ${teacher.id}`;

const TEACHERS: Approvals<AdminTeacher> = {
  title: 'Teacher approvals',
  name: 'teachers',
  loader: adminTeachersLoader,
  approval: teacherApproval,
  filters: ADMIN_TEACHER_FILTERS,
  turnDown: 'decline',
  commentLabel: 'Remark',
  search: 'Search teachers',
  show: (teacher) => ({
    id: teacher.id,
    name: teacherName(teacher),
    status: teacher.status,
    rows: [
      ['E-mail', teacher.user?.email],
      ['Phone', teacher.user?.phone],
      ['Qualification level', teacher.qualificationLevel],
      ['Workplace', teacher.currentWorkplace],
      ['Curriculum', [teacher.curriculum?.name, teacher.eduLevel?.name].filter(Boolean).join(' · ')],
      ['Subjects', teacher.subjects.map((subject) => subject.name).join(', ')],
      ['ID number', teacher.idNumber],
      ['TSC number', teacher.tscNumber],
      ['Submitted', teacher.submittedAt ? formatDate(teacher.submittedAt) : null],
      ['Reviewed', teacher.reviewedAt ? formatDate(teacher.reviewedAt) : null],
      ['Remark', teacher.remark],
    ],
    text: teacher.biography,
    extra: <TeacherDocuments teacherId={teacher.id} teacherName={teacherName(teacher)} />,
  }),
};

const LESSONS: Approvals<AdminLesson> = {
  title: 'Lesson approvals',
  name: 'lessons',
  loader: adminLessonsLoader,
  approval: lessonApproval,
  seriesApproval,
  filters: APPROVAL_FILTERS,
  turnDown: 'reject',
  commentLabel: 'Comment',
  show: (lesson) => ({
    id: lesson.id,
    series: lesson.seriesPending ?? 0,
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
  }),
};

function classType(type: string | null): string | null {
  return type && type in CLASS_TYPE_LABELS ? CLASS_TYPE_LABELS[type as keyof typeof CLASS_TYPE_LABELS] : type;
}

const CLASSES: Approvals<AdminClass> = {
  title: 'Class approvals',
  name: 'classes',
  loader: adminClassesLoader,
  approval: classApproval,
  filters: APPROVAL_FILTERS,
  turnDown: 'reject',
  commentLabel: 'Comment',
  show: (lessonClass) => {
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
        ['Type', classType(lessonClass.type)],
        ['Lessons', lessonClass.lessonsCount],
        ['Comment', lessonClass.rejectionComment],
      ],
    };
  },
};

/** `/admin/teachers`: teachers who submitted their profile (pending), and those approved or declined. */
export function AdminTeachersPage() {
  return <ApprovalsPage config={TEACHERS} />;
}

/** `/admin/lessons`: lessons waiting for approval (soonest first), and those approved or rejected. */
export function AdminLessonsPage() {
  return <ApprovalsPage config={LESSONS} />;
}

/** `/admin/classes`: classes waiting for approval, and those approved or rejected. */
export function AdminClassesPage() {
  return <ApprovalsPage config={CLASSES} />;
}
