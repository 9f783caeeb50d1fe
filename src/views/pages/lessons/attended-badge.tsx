// Whether the learner came to a booked lesson (issue 22): "Attended" or "Missed" once it has ended;
// nothing before the end or for a cancelled lesson (`attended` is null then).
import { Badge } from '@mantine/core';
import { t } from '@/shared/messages';

export function AttendedBadge({ attended }: { attended: boolean | null }) {
  if (attended === null) return null;
  return (
    // Filled, so the white text passes AA (teal.9 and red.9, as the other state badges).
    <Badge variant="filled" color={attended ? 'teal.9' : 'red.9'} style={{ alignSelf: 'flex-start' }}>
      {t(attended ? 'reports.attended' : 'reports.missed')}
    </Badge>
  );
}
