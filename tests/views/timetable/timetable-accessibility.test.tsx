// axe-core over the timetable as jsdom renders it: the week, the month and the subscribe dialog with
// its reset confirmation. Contrast needs real layout and colours, so the browser tests check it
// (tests/e2e/workspace-pages.test.ts); here every structural rule runs (names, roles, ARIA, headings).
import { screen, within } from '@testing-library/react';
import axe from 'axe-core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '../../msw/handlers';
import { bookedLesson, timetable, useTimetableApi } from '../../msw/timetable-handlers';
import { renderApp, signedInAs } from '../../render';

useTimetableApi();

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-11-25T06:00:00.000Z'));
  api.children = [
    { id: 501, user: { id: 601, first_name: 'Baraka', last_name: 'Kamau', username: 'baraka' } },
  ];
  timetable.lessons = [
    bookedLesson({
      id: 1,
      code: 'LSN-ALG01',
      topic: 'Linear equations',
      startAt: '2026-11-23T12:00:00.000Z',
      studentId: 501,
      studentName: 'Baraka Kamau',
    }),
    bookedLesson({
      id: 2,
      code: 'LSN-CHE02',
      topic: 'Acids and bases',
      startAt: '2026-11-25T05:30:00.000Z',
      studentId: 501,
      studentName: 'Baraka Kamau',
    }),
  ];
});
afterEach(() => vi.useRealTimers());

async function violations(): Promise<string[]> {
  const result = await axe.run(document.body, {
    resultTypes: ['violations'],
    rules: { 'color-contrast': { enabled: false } },
  });
  return result.violations.map(
    (violation) => `${violation.id}: ${violation.nodes.map((node) => node.html.slice(0, 160)).join(' | ')}`,
  );
}

describe('the timetable for axe-core', () => {
  it('has no violations in the week, the month and the subscribe dialog', async () => {
    signedInAs('parent@example.com');
    const app = renderApp('/timetable');
    await app.landsOn('/timetable');
    await screen.findByRole('link', { name: '3:00 PM Linear equations' });
    expect(await violations()).toEqual([]);

    await app.user.click(screen.getByRole('button', { name: 'Month' }));
    await screen.findByRole('table', { name: 'Lessons in November 2026' });
    await within(screen.getByRole('table')).findByRole('link', { name: '3:00 PM Linear equations' });
    expect(await violations()).toEqual([]);

    await app.user.click(screen.getByRole('button', { name: 'Add to calendar' }));
    await app.user.click(await screen.findByRole('menuitem', { name: 'Subscribe (private link)' }));
    const dialog = await screen.findByRole('dialog', { name: 'Subscribe to your timetable' });
    await within(dialog).findByRole('textbox', { name: 'Your private calendar link' });
    await app.user.click(within(dialog).getByRole('button', { name: 'Reset link' }));
    await within(dialog).findByRole('alertdialog', { name: 'Reset your calendar link?' });
    expect(await violations()).toEqual([]);
  });
});
