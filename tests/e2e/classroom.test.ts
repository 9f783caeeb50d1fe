// The lesson itself (issue 22), against the real server and seed: the server makes sure the demo
// teacher has a lesson starting about ten minutes after it started, booked by the demo student. The
// student and the teacher each press Join on it; the app's classroom page embeds the call from the
// Jitsi server the API server was pointed at (a fake on a local origin, support/fake-jitsi.ts, that
// records what the page hands `JitsiMeetExternalAPI`), with a token the server minted for that person:
// checked here with `jose` (signature, room, expiry, moderator for the teacher only). The teacher's
// lesson page then lists the student as attended.
import { jwtVerify } from 'jose';
import type { Page } from 'playwright-core';
import { describe, inject } from 'vitest';
import { peopleAt, signedIn, STUDENT, TEACHER } from './support/auth';
import { seriousViolations } from './support/axe';
import { JITSI_TEST_APP, type JitsiCall } from './support/fake-jitsi';
import { expect, test } from './support/test';
import { holdScripts } from './support/page-watch';

const MINUTE = 60_000;
const TOKEN_GRACE_MS = 15 * MINUTE;

type Booking = { id: number; code: string; start_at: string; end_at: string };

/** The demo lesson that starts within the next 20 minutes, as the student's bookings list it. */
async function liveLesson(page: Page): Promise<Booking> {
  const response = await page.request.get('/api/lessons/bookings?filter=upcoming&per_page=50');
  expect(response.status(), 'GET /api/lessons/bookings').toBe(200);
  const body = (await response.json()) as { data: Booking[] };
  const soon = body.data.find((lesson) => {
    const startsIn = new Date(lesson.start_at).getTime() - Date.now();
    return startsIn > -60 * MINUTE && startsIn < 20 * MINUTE;
  });
  expect(soon, 'the server ensured a demo lesson starting about ten minutes after it started').toBeTruthy();
  return soon as Booking;
}

/** Join on the lesson page, the classroom page, Enter: what the page handed the IFrame API. */
async function enterClassroom(page: Page, code: string): Promise<JitsiCall> {
  await page.goto(`/lessons/show/${code}`);
  await page.getByRole('button', { name: 'Join', exact: true }).click();
  await page.waitForURL((url) => url.pathname === `/lessons/live/${code}`);
  await page.getByRole('heading', { level: 1 }).waitFor();
  await page.getByText('Save data').waitFor();
  expect(await seriousViolations(page), 'axe on the classroom before entering').toEqual([]);
  await page.getByRole('button', { name: 'Enter the classroom' }).click();
  await page.getByTestId('fake-jitsi-call').waitFor();
  const calls = await page.evaluate(() => (window as unknown as { __jitsiCalls: JitsiCall[] }).__jitsiCalls);
  expect(calls).toHaveLength(1);
  return calls[0] as JitsiCall;
}

async function verified(call: JitsiCall) {
  expect(call.jwt, 'the page hands the IFrame API a token').toBeTruthy();
  const { payload, protectedHeader } = await jwtVerify(
    call.jwt as string,
    new TextEncoder().encode(JITSI_TEST_APP.secret),
    { audience: 'jitsi', issuer: JITSI_TEST_APP.id },
  );
  expect(protectedHeader.alg).toBe('HS256');
  return payload as {
    room: string;
    exp: number;
    nbf?: number;
    context: { user: { name: string; moderator: unknown } };
  };
}

describe('the classroom of a lesson', () => {
  test('the student and the teacher each join the seeded live lesson, with their own tokens, and the teacher sees the student attended', async ({
    browser,
    baseUrl,
  }) => {
    const jitsiOrigin = inject('jitsiOrigin');
    const people = peopleAt(browser, baseUrl);
    const open = people.open;
    try {
      const student = await open(STUDENT);
      const lesson = await liveLesson(student);
      const studentCall = await enterClassroom(student, lesson.code);
      const studentToken = await verified(studentCall);
      expect(`http://${studentCall.domain}`).toBe(jitsiOrigin);
      expect(studentToken.room).toBe(studentCall.roomName);
      expect(studentCall.roomName).toMatch(/^somesha-[a-z2-7]{26}$/);
      expect(studentCall.roomName.toLowerCase()).not.toContain(lesson.code.toLowerCase());
      expect(studentToken.exp * 1000).toBe(new Date(lesson.end_at).getTime() + TOKEN_GRACE_MS);
      expect(studentToken.context.user.moderator).toBe(false);
      // The data saver is the page's default only on slow or metered connections: off here.
      expect(studentCall.configOverwrite?.startWithVideoMuted ?? false).toBe(false);

      const teacher = await open(TEACHER);
      const teacherCall = await enterClassroom(teacher, lesson.code);
      const teacherToken = await verified(teacherCall);
      expect(teacherCall.roomName, 'one room for the lesson').toBe(studentCall.roomName);
      expect(teacherToken.room).toBe(studentCall.roomName);
      expect(teacherToken.context.user.moderator).toBe(true);
      expect(teacherToken.context.user.name).not.toBe(studentToken.context.user.name);

      // The teacher's lesson page: who came.
      await teacher.goto(`/lessons/show/${lesson.code}`);
      const attendance = teacher.getByRole('region', { name: 'Attendance' });
      const studentRow = attendance.getByRole('row').filter({ hasText: studentToken.context.user.name });
      await studentRow.waitFor();
      // The time of the student's first join, not "Did not join".
      expect(await studentRow.textContent()).toMatch(/\d{1,2}:\d{2}/);
      expect(await studentRow.textContent()).not.toContain('Did not join');
    } finally {
      await people.close();
    }
  });

  test('a tap on Join before the app has loaded is not lost: the classroom page opens', async ({ page }) => {
    await signedIn(page, STUDENT);
    const lesson = await liveLesson(page);
    // The scripts held back, as on a slow connection: the server's page is there, the app not yet.
    const { release, restore } = await holdScripts(page);
    await page.goto(`/lessons/show/${lesson.code}`, { waitUntil: 'commit' });
    await page.getByRole('button', { name: 'Join', exact: true }).click();
    expect(new URL(page.url()).pathname, 'nothing happens before the app is there').toBe(
      `/lessons/show/${lesson.code}`,
    );
    release();
    await page.waitForURL((url) => url.pathname === `/lessons/live/${lesson.code}`);
    await page.getByRole('button', { name: 'Enter the classroom' }).waitFor();
    await restore();
  });
});
