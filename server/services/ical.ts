// iCalendar (RFC 5545) written by hand: CRLF line ends, lines folded at 75 octets (never inside a
// UTF-8 sequence), TEXT values escaped, times in UTC. Enough for lessons in Google Calendar,
// Apple Calendar and Outlook, whether downloaded or subscribed to.

export type CalendarEvent = {
  uid: string;
  start: Date;
  end: Date;
  summary: string;
  description?: string;
  url?: string;
  status: 'CONFIRMED' | 'CANCELLED' | 'TENTATIVE';
  lastModified?: Date;
};

export type CalendarOptions = {
  name: string;
  events: CalendarEvent[];
  /** DTSTAMP of every event: when this copy was made. */
  now?: Date;
  /** For subscribed feeds: how often a client should fetch again. */
  refreshHours?: number;
};

export const PRODID = '-//Somesha//Lessons//EN';

/** `20261122T203334Z`: a UTC DATE-TIME. */
export function utcStamp(date: Date): string {
  return date
    .toISOString()
    .replace(/\.\d{3}Z$/, 'Z')
    .replace(/[-:]/g, '');
}

/** A TEXT value: backslash, semicolon and comma escaped, line breaks as `\n`, no other controls. */
export function escapeText(value: string): string {
  return value
    .replace(/\r\n|\r/g, '\n')
    .split('')
    .filter((char) => char >= ' ' || char === '\t' || char === '\n')
    .filter((char) => char !== '\u007f')
    .join('')
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\n/g, '\\n');
}

/** Splits a content line into lines of at most 75 octets; each continuation starts with a space. */
export function foldLine(line: string): string {
  const parts: string[] = [];
  let current = '';
  let octets = 0;
  for (const char of line) {
    const size = Buffer.byteLength(char, 'utf8');
    if (octets + size > 75) {
      parts.push(current);
      current = ' ';
      octets = 1;
    }
    current += char;
    octets += size;
  }
  parts.push(current);
  return parts.join('\r\n');
}

export function calendar({ name, events, now = new Date(), refreshHours }: CalendarOptions): string {
  const lines = [
    'BEGIN:VCALENDAR',
    `PRODID:${PRODID}`,
    'VERSION:2.0',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    `X-WR-CALNAME:${escapeText(name)}`,
    ...(refreshHours
      ? [`REFRESH-INTERVAL;VALUE=DURATION:PT${refreshHours}H`, `X-PUBLISHED-TTL:PT${refreshHours}H`]
      : []),
  ];
  for (const event of events) {
    lines.push(
      'BEGIN:VEVENT',
      `UID:${event.uid}`,
      `DTSTAMP:${utcStamp(now)}`,
      `DTSTART:${utcStamp(event.start)}`,
      `DTEND:${utcStamp(event.end)}`,
      `SUMMARY:${escapeText(event.summary)}`,
    );
    if (event.description) lines.push(`DESCRIPTION:${escapeText(event.description)}`);
    if (event.url) lines.push(`URL:${event.url}`);
    if (event.lastModified) lines.push(`LAST-MODIFIED:${utcStamp(event.lastModified)}`);
    lines.push(`STATUS:${event.status}`, 'END:VEVENT');
  }
  lines.push('END:VCALENDAR');
  return `${lines.map(foldLine).join('\r\n')}\r\n`;
}
