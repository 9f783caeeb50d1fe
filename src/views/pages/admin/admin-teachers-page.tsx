import { Card, Group, Stack, Text, Title } from '@mantine/core';
import { approveTeacher, declineTeacher, fetchAdminTeachers } from '@/services/admin-service';
import { ADMIN_TEACHER_FILTERS, type AdminTeacher, type AdminTeacherFilter } from '@/services/schemas/admin';
import { formatDate } from '@/shared/format';
import { ListStates } from '../../components/lists/list-states';
import { SearchBox } from '../../components/lists/search-box';
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

const TABS: ReadonlyArray<{ value: AdminTeacherFilter; label: string }> = [
  { value: 'pending', label: 'Pending' },
  { value: 'approved', label: 'Approved' },
  { value: 'declined', label: 'Declined' },
];

const isFilter = (value: unknown): value is AdminTeacherFilter =>
  (ADMIN_TEACHER_FILTERS as readonly unknown[]).includes(value);

export const teacherName = (teacher: AdminTeacher) => teacher.user?.name || `Teacher ${teacher.id}`;

function TeacherItem({ teacher, approval }: { teacher: AdminTeacher; approval: ApprovalBinding }) {
  const name = teacherName(teacher);
  return (
    <Card withBorder padding="md" component="article">
      <Stack gap="xs">
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Title order={2} size="h5">
            {name}
          </Title>
          <StatusBadge status={teacher.status} />
        </Group>
        <Details
          rows={[
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
          ]}
        />
        {teacher.biography && (
          <Text size="sm" style={{ whiteSpace: 'pre-line' }}>
            {teacher.biography}
          </Text>
        )}
        {teacher.status === 'pending' && (
          <DecisionButtons approval={approval} item={{ id: teacher.id, name }} turnDown="decline" />
        )}
      </Stack>
    </Card>
  );
}

/** `/admin/teachers`: teachers who submitted their profile (pending), and those approved or declined. */
export default function AdminTeachersPage() {
  usePageTitle('Teacher approvals');
  const list = useList({ name: 'teachers', fetchPage: fetchAdminTeachers });
  const approval = useApproval(
    ({ id, action, comment }) => (action === 'approve' ? approveTeacher(id) : declineTeacher(id, comment)),
    list.refresh,
  );
  const status: AdminTeacherFilter = isFilter(list.query.status) ? list.query.status : 'pending';
  return (
    <Stack gap="lg">
      <Title order={1} size="h2">
        Teacher approvals
      </Title>
      <SearchBox list={list} label="Search teachers" withButton buttonVariant="default" />
      <FilterTabs
        label="Show teachers"
        value={status}
        options={TABS}
        onChange={(value) => list.setFilter('status', value === 'pending' ? null : value)}
      >
        <ListStates list={list} label="Pages of teachers">
          {list.items.map((teacher) => (
            <TeacherItem key={teacher.id} teacher={teacher} approval={approval} />
          ))}
        </ListStates>
      </FilterTabs>
      <ApprovalDialog approval={approval} commentLabel="Remark" />
    </Stack>
  );
}
