import dayjs from 'dayjs';
import relativeTime from 'dayjs/plugin/relativeTime';
import { formatDate, formatTime } from '@/shared/format';

dayjs.extend(relativeTime);

/** "3 minutes ago", with the full date and 12-hour time (SPEC §9) on hover and for machines. */
export function RelativeTime({ date }: { date: Date | null }) {
  if (!date) return null;
  return (
    <time dateTime={date.toISOString()} title={`${formatDate(date)}, ${formatTime(date)}`}>
      {dayjs(date).fromNow()}
    </time>
  );
}
