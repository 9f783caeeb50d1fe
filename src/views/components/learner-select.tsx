import { Anchor, Select } from '@mantine/core';
import { useSelector } from '@xstate/react';
import { childrenLoader } from '@/machines/screens/lessons-screens';
import type { Student } from '@/services/schemas/user';
import { useSession } from '../app-actors-context';
import { selectUser } from '../session-selectors';
import { useLoader } from '../use-loader';

export type LearnerSelectProps = {
  /** The chosen child's student id, or null for all children. */
  value: string | null;
  onChange(value: string | null): void;
  label?: string;
};

/** Mantine's Select needs a string value; "all children" stands for null. */
const ALL = 'all';

function childName(child: Student): string {
  const name = `${child.user?.firstName ?? ''} ${child.user?.lastName ?? ''}`.trim();
  return name || child.user?.username || `Child ${child.id}`;
}

/**
 * A parent's choice of learner for the learner lists (bookings, classes, timetable): all children or
 * one (`student_id`). Renders nothing for anyone else: a student is always their own learner.
 */
export function LearnerSelect(props: LearnerSelectProps) {
  const user = useSelector(useSession(), selectUser);
  if (user?.mainRole !== 'parent') return null;
  return <ChildSelect {...props} />;
}

function ChildSelect({ value, onChange, label = 'Learner' }: LearnerSelectProps) {
  // The children load through the load machine (loading, error, retry), like any other resource.
  const children = useLoader(childrenLoader, { name: 'children', inUrl: false });
  const options = [
    { value: ALL, label: 'All children' },
    ...(children.data ?? []).map((child) => ({ value: String(child.id), label: childName(child) })),
  ];
  // A chosen child stays selectable while the list loads (e.g. from a shared link).
  if (value && !options.some((option) => option.value === value)) {
    options.push({ value, label: children.loading ? 'Loading…' : `Child ${value}` });
  }
  return (
    <Select
      label={label}
      data={options}
      value={value ?? ALL}
      onChange={(next) => onChange(next && next !== ALL ? next : null)}
      allowDeselect={false}
      disabled={children.loading}
      error={
        children.error ? (
          <>
            {children.error}{' '}
            <Anchor component="button" type="button" size="xs" onClick={children.retry}>
              Try again
            </Anchor>
          </>
        ) : undefined
      }
      w={{ base: '100%', xs: 240 }}
    />
  );
}
