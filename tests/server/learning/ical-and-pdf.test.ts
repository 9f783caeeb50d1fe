// The hand-written formats: iCalendar lines (escaping, folding at 75 octets without splitting a
// character) read back by ical.js, and the seed's one-page PDFs (a cross-reference table that
// points at each object).
import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { minimalPdf } from '../../../server/db/seed-learning';
import { calendar, escapeText, foldLine, utcStamp } from '../../../server/services/ical';

describe('iCalendar text', () => {
  it('escapes backslashes, semicolons, commas and line breaks', () => {
    expect(escapeText('a\\b;c,d\r\ne\nf')).toBe('a\\\\b\\;c\\,d\\ne\\nf');
  });

  it('folds long lines at 75 octets without splitting a UTF-8 character', () => {
    const line = `SUMMARY:${'Ñ'.repeat(100)}`;
    const folded = foldLine(line);
    const parts = folded.split('\r\n');
    expect(parts.length).toBeGreaterThan(2);
    for (const part of parts) expect(Buffer.byteLength(part)).toBeLessThanOrEqual(75);
    for (const part of parts.slice(1)) expect(part.startsWith(' ')).toBe(true);
    expect(parts.map((part, index) => (index ? part.slice(1) : part)).join('')).toBe(line);
  });

  it('writes UTC stamps and reads back through ical.js unchanged', () => {
    const start = new Date('2026-03-04T13:00:00.000Z');
    expect(utcStamp(start)).toBe('20260304T130000Z');
    const summary = 'Fractions, decimals; and \\ percentages — ñandú '.repeat(3).trim();
    const description = 'Line one, with a comma\nLine two; with a semicolon';
    const text = calendar({
      name: 'Somesha lessons',
      events: [
        {
          uid: 'lesson-7@somesha',
          start,
          end: new Date(start.getTime() + 3_600_000),
          summary,
          description,
          url: 'https://somesha.test/lessons/show/SOM-0007',
          status: 'CONFIRMED',
        },
      ],
    });
    for (const line of text.split('\r\n')) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
    const component = new ICAL.Component(ICAL.parse(text));
    expect(component.getFirstPropertyValue('x-wr-calname')).toBe('Somesha lessons');
    const event = new ICAL.Event(component.getFirstSubcomponent('vevent') ?? undefined);
    expect(event.uid).toBe('lesson-7@somesha');
    expect(event.summary).toBe(summary);
    expect(event.description).toBe(description);
    expect(event.startDate.toJSDate().toISOString()).toBe(start.toISOString());
    expect(event.startDate.zone?.tzid).toBe('UTC');
  });
});

describe('the seed’s PDF', () => {
  it('is a PDF whose cross-reference offsets point at its objects', () => {
    const pdf = minimalPdf('Linear equations (worksheet)', ['1. Solve 2x + 5 = 17.', 'Back\\slash']);
    const text = pdf.toString('latin1');
    expect(text.startsWith('%PDF-1.4\n')).toBe(true);
    expect(text.trimEnd().endsWith('%%EOF')).toBe(true);
    const startxref = Number(/startxref\n(\d+)\n%%EOF/.exec(text)?.[1]);
    expect(text.slice(startxref, startxref + 4)).toBe('xref');
    const entries = [...text.slice(startxref).matchAll(/^(\d{10}) 00000 n $/gm)].map((match) =>
      Number(match[1]),
    );
    expect(entries).toHaveLength(6);
    entries.forEach((offset, index) =>
      expect(text.slice(offset).startsWith(`${index + 1} 0 obj`)).toBe(true),
    );
    const length = Number(/\/Length (\d+)/.exec(text)?.[1]);
    const stream = text.slice(text.indexOf('stream\n') + 7, text.indexOf('\nendstream'));
    expect(stream.length).toBe(length);
    expect(stream).toContain('(Linear equations \\(worksheet\\)) Tj');
  });
});
