import dayjs from 'dayjs';
import relativeTime from 'dayjs/plugin/relativeTime';
import { formatDate, formatTime } from '@/shared/format';
import { useServerRender } from '../../hydration';

dayjs.extend(relativeTime);

/** "3 minutes ago", with the full date and 12-hour time (SPEC §9) on hover and for machines. */
export function RelativeTime({ date }: { date: Date | null }) {
  // "3 minutes ago" depends on the moment it is read: a page rendered on the server (signedin,
  // issue 27) shows the date until the browser has hydrated it.
  const serverRender = useServerRender();
  if (!date) return null;
  return (
    <time dateTime={date.toISOString()} title={`${formatDate(date)}, ${formatTime(date)}`}>
      {serverRender ? formatDate(date) : dayjs(date).fromNow()}
    </time>
  );
}
