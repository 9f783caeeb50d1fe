// Who came to a lesson (issue 22, docs/classroom.md "Attendance and pay"): each person's first join
// of the classroom, and who of those expected (the teacher, the learners booked) did not join. The
// teacher's lesson page and the admin's reports show the same table.
import { Box, Stack, Text, Title } from '@mantine/core';
import type { Attendance } from '@/services/schemas/classroom';
import type { TeacherLessonDetail } from '@/services/schemas/teaching-materials';
import { t } from '@/shared/messages';
import { formatDateTime } from '@/shared/time';
import { CELL, HEADER_CELL, TABLE } from '../../components/lesson/details-table';
import { useNow } from '../../hydration';

type Role = 'teacher' | 'learner';
const ROLE_NAMES: Record<Role, string> = { teacher: 'Teacher', learner: 'Learner' };

/**
 * The attendance record as a table: those who joined (with the time of their first join), then those
 * expected who did not. The record names people, so an expected person is matched by role and name.
 */
export function AttendanceTable({
  attendance,
  expected,
  label,
}: {
  attendance: Attendance[];
  expected: Array<{ name: string; role: Role }>;
  /** The table's name for screen readers ("Attendance of Fractions"). */
  label: string;
}) {
  // The server lists every expected person, with `first_joined_at` null for one who never joined.
  const came = attendance.filter((entry) => entry.firstJoinedAt);
  const key = (person: { role: string | null; name: string | null }) => `${person.role}:${person.name ?? ''}`;
  const joined = new Set(came.map(key));
  const absent = [
    ...expected,
    ...attendance.flatMap((entry) =>
      entry.firstJoinedAt || !entry.role ? [] : [{ name: entry.name ?? '', role: entry.role as Role }],
    ),
  ].filter(
    (person, index, all) =>
      !joined.has(key(person)) && all.findIndex((p) => key(p) === key(person)) === index,
  );
  if (came.length === 0 && absent.length === 0) {
    return (
      <Text size="sm" c="gray.7">
        {t('reports.attendanceNone')}
      </Text>
    );
  }
  return (
    // A table wider than a phone scrolls; its viewport takes keyboard focus (axe scrollable-region-focusable).
    <Box style={{ overflowX: 'auto' }} tabIndex={0} role="region" aria-label={label}>
      <table style={{ ...TABLE, minWidth: 420 }}>
        <thead>
          <tr>
            <th scope="col" style={HEADER_CELL}>
              Name
            </th>
            <th scope="col" style={HEADER_CELL}>
              Role
            </th>
            <th scope="col" style={HEADER_CELL}>
              Joined
            </th>
          </tr>
        </thead>
        <tbody>
          {came.map((entry) => (
            <tr key={`joined-${entry.userId}`}>
              <td style={CELL}>{entry.name}</td>
              <td style={CELL}>{entry.role ? ROLE_NAMES[entry.role] : ''}</td>
              <td style={CELL}>{entry.firstJoinedAt ? formatDateTime(entry.firstJoinedAt) : ''}</td>
            </tr>
          ))}
          {absent.map((person) => (
            <tr key={`absent-${person.role}-${person.name}`}>
              <td style={CELL}>{person.name}</td>
              <td style={CELL}>{ROLE_NAMES[person.role]}</td>
              <td style={{ ...CELL, fontWeight: 600 }}>{t('reports.notJoined')}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </Box>
  );
}

/**
 * The teacher's lesson page: who joined the classroom, and which booked learners did not; shown once
 * the lesson has started (or someone joined early), not for a cancelled lesson.
 */
export function LessonAttendance({ lesson }: { lesson: TeacherLessonDetail }) {
  const now = useNow();
  const started = lesson.startAt !== null && Date.parse(lesson.startAt) <= now;
  // Before the start only once someone (the teacher, early) has come in.
  const anyoneCame = lesson.attendance.some((entry) => entry.firstJoinedAt);
  if (lesson.cancelledAt || (!started && !anyoneCame)) return null;
  const expected = [
    ...(lesson.teacher?.name ? [{ name: lesson.teacher.name, role: 'teacher' as const }] : []),
    ...lesson.learners
      .filter((learner) => !learner.refunded)
      .map((learner) => ({ name: learner.studentName, role: 'learner' as const })),
  ];
  return (
    <Stack gap="xs" component="section" aria-labelledby="teacher-lesson-attendance">
      <Title order={2} size="h4" id="teacher-lesson-attendance">
        Attendance
      </Title>
      <AttendanceTable attendance={lesson.attendance} expected={expected} label="Attendance record" />
    </Stack>
  );
}
