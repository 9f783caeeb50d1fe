// What the teacher's date pickers share: names for their month and year buttons (Mantine leaves them
// unnamed), a placeholder that is readable, and the picked day as `YYYY-MM-DD`.
export const CALENDAR_LABELS = {
  previousMonth: 'Previous month',
  nextMonth: 'Next month',
  previousYear: 'Previous year',
  nextYear: 'Next year',
  previousDecade: 'Previous decade',
  nextDecade: 'Next decade',
  monthLevelControl: 'Choose the month',
  yearLevelControl: 'Choose the year',
};

/** Mantine's placeholder grey is below 4.5:1 on white (axe); gray.7 passes. */
export const READABLE_PLACEHOLDER = { placeholder: { color: 'var(--mantine-color-gray-7)' } };

/** The day a date picker gives (`YYYY-MM-DD…`), or null when none is picked. */
export function pickedDay(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const match = /^\d{4}-\d{2}-\d{2}/.exec(value);
  return match ? match[0] : null;
}
