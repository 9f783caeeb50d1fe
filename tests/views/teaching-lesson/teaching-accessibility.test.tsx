// axe-core over the teacher's lesson page (with its dialogs) and the class screens as jsdom renders
// them. Contrast needs real layout and colours, so the browser tests check it; here every structural
// rule runs (names, roles, ARIA, headings, a focusable scrolling table).
import { screen, within } from '@testing-library/react';
import axe from 'axe-core';
import { describe, expect, it } from 'vitest';
import { useTeacherLessonApi } from '../../msw/teacher-lesson-handlers';
import { renderApp, signedInAs } from '../../render';

useTeacherLessonApi();

async function violations(): Promise<string[]> {
  const result = await axe.run(document.body, {
    resultTypes: ['violations'],
    rules: { 'color-contrast': { enabled: false } },
  });
  return result.violations.map(
    (violation) => `${violation.id}: ${violation.nodes.map((node) => node.html.slice(0, 160)).join(' | ')}`,
  );
}

async function open(path: string) {
  signedInAs('teacher@example.com');
  const app = renderApp(path);
  await app.landsOn(path);
  return app;
}

describe("the teacher's screens for axe-core", () => {
  it('has no violations on the lesson page and in its note, delete and cancel dialogs', async () => {
    const app = await open('/lessons/show/LSN-T501');
    await screen.findByRole('heading', { level: 1, name: 'Linear equations' });
    expect(await violations()).toEqual([]);

    await app.user.click(screen.getByRole('button', { name: 'Add assignment' }));
    await screen.findByRole('dialog', { name: 'Add assignment' });
    expect(await violations()).toEqual([]);
    await app.user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Cancel' }));

    await app.user.click(screen.getByRole('button', { name: 'Delete file board.png' }));
    await screen.findByRole('dialog', { name: 'Delete file' });
    expect(await violations()).toEqual([]);
    await app.user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Cancel' }));

    await app.user.click(screen.getByRole('button', { name: 'Cancel lesson' }));
    await screen.findByRole('dialog', { name: 'Cancel lesson' });
    expect(await violations()).toEqual([]);
  });

  it('has no violations on My classes, a class and the class form', async () => {
    const app = await open('/teaching/classes?filter=rejected');
    await screen.findByRole('link', { name: 'Form 3 Chemistry' });
    expect(await violations()).toEqual([]);

    app.navigate('/teaching/classes/show/9');
    await screen.findByRole('heading', { level: 1, name: 'Grade 7 Algebra' });
    expect(await violations()).toEqual([]);

    app.navigate('/teaching/classes/edit/9');
    await screen.findByRole('heading', { level: 1, name: 'Edit class' });
    expect(await violations()).toEqual([]);
  });
});
