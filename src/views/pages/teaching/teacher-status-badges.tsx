// Review-state badges of the teacher's lessons and classes. Filled badges whose white text passes AA
// (green.9 and orange.9 do not): teal.9, indigo.9, red.9, gray.8.
import { Badge } from '@mantine/core';
import type { TeacherClass, TeacherLessonStatus } from '@/services/schemas/teaching';

const LESSON_STATUS: Record<TeacherLessonStatus, { label: string; color: string }> = {
  pending: { label: 'Pending approval', color: 'indigo.9' },
  approved: { label: 'Approved', color: 'teal.9' },
  rejected: { label: 'Rejected', color: 'red.9' },
  cancelled: { label: 'Cancelled', color: 'gray.8' },
};

type ClassStatus = NonNullable<TeacherClass['status']>;
const CLASS_STATUS: Record<ClassStatus, { label: string; color: string }> = {
  pending: LESSON_STATUS.pending,
  approved: LESSON_STATUS.approved,
  rejected: LESSON_STATUS.rejected,
};

export function TeacherLessonStatusBadge({ status }: { status: TeacherLessonStatus | null }) {
  if (!status) return null;
  return (
    <Badge variant="filled" color={LESSON_STATUS[status].color} style={{ flexShrink: 0 }}>
      {LESSON_STATUS[status].label}
    </Badge>
  );
}

export function TeacherClassStatusBadge({ status }: { status: ClassStatus | null }) {
  if (!status) return null;
  return (
    <Badge variant="filled" color={CLASS_STATUS[status].color} style={{ flexShrink: 0 }}>
      {CLASS_STATUS[status].label}
    </Badge>
  );
}
