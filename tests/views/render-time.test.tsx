// A server-rendered page is hydrated later, on a phone whose clock is not the server's: what depends
// on the time ("Starts in 5 minutes", Live now) is read at the moment the page was made while the
// browser hydrates (src/views/hydration.ts `useNow`, the time on `#root`), and from the phone's clock
// in the render after. The badge read Date.now() in both, so a page that arrived across a minute
// boundary failed to hydrate (CI: React error #418 on a booked lesson's page).
import { MantineProvider } from '@mantine/core';
import { act, render, screen } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SERVER_RENDERED_ATTRIBUTE } from '@/shared/boot-data';
import { useNow, withRenderTime } from '@/views/hydration';
import { LessonStateBadge } from '@/views/pages/lessons/lesson-parts';

const MADE_AT = Date.parse('2026-11-27T09:00:00Z');
const MINUTE = 60_000;
const START = new Date(MADE_AT + 5 * MINUTE + 20_000).toISOString();
const END = new Date(MADE_AT + 65 * MINUTE).toISOString();

function Badge() {
  return (
    <MantineProvider env="test">
      <LessonStateBadge startAt={START} endAt={END} />
    </MantineProvider>
  );
}

/** Puts the server's HTML in `#root` as server/spa.ts does, and hydrates it at the phone's time. */
async function hydrateAt(html: string, phoneTime: number, writtenTime: string) {
  const root = document.createElement('div');
  root.id = 'root';
  root.setAttribute(SERVER_RENDERED_ATTRIBUTE, writtenTime);
  root.innerHTML = html;
  document.body.appendChild(root);
  vi.setSystemTime(phoneTime);
  const errors: unknown[] = [];
  await act(async () => {
    hydrateRoot(root, <Badge />, { onRecoverableError: (error) => errors.push(error) });
  });
  return { root, errors };
}

describe('the time a server-rendered page reads', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
  });
  afterEach(() => {
    document.body.innerHTML = '';
    vi.useRealTimers();
  });

  it('is the server render time while hydrating, then the phone clock', async () => {
    // Made at 09:00:00, the lesson 5 min 20 s away; the phone reads it 61 s later (4 min 19 s).
    vi.setSystemTime(MADE_AT + 30 * MINUTE); // the server's render does not read the clock either
    const html = withRenderTime(MADE_AT, () => renderToString(<Badge />));
    expect(html).toContain('Starts in 5 minutes');

    const { errors } = await hydrateAt(html, MADE_AT + 61_000, String(MADE_AT));
    expect(errors).toEqual([]);
    expect(screen.getByText('Starts in 4 minutes')).toBeInTheDocument();
  });

  it('crossing into the lesson: the server said it starts soon, the phone finds it live', async () => {
    const html = withRenderTime(MADE_AT, () => renderToString(<Badge />));
    const { errors } = await hydrateAt(html, Date.parse(START) + 1_000, String(MADE_AT));
    expect(errors).toEqual([]);
    expect(screen.getByText('Live now')).toBeInTheDocument();
  });

  it("is the clock in a render of the browser's own, whatever time #root says", () => {
    // A page the SPA renders itself (createRoot, or a later screen): an old page time must not count.
    const root = document.createElement('div');
    root.id = 'root';
    root.setAttribute(SERVER_RENDERED_ATTRIBUTE, String(MADE_AT - 10 * MINUTE));
    document.body.appendChild(root);
    vi.setSystemTime(MADE_AT);
    let seen = 0;
    function Probe() {
      seen = useNow();
      return null;
    }
    render(<Probe />);
    expect(seen).toBe(MADE_AT);
  });

  it('is the clock on a server render that was not given a time', () => {
    vi.setSystemTime(MADE_AT);
    let seen = 0;
    function Probe() {
      seen = useNow();
      return null;
    }
    renderToString(<Probe />);
    expect(seen).toBe(MADE_AT);
  });
});
