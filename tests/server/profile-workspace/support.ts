// Shared by the profile-workspace server tests: multipart uploads over real HTTP, and placements.
import type { Browser, Json, TestServer } from '../support/test-server';

// A real 1×1 PNG and a real 1×1 JPEG.
export const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
export const JPEG = Buffer.from(
  '/9j/4AAQSkZJRgABAQEASABIAAD/2wBDAP//////////////////////////////////////////////////////////////////////////////////////wgALCAABAAEBAREA/8QAFBABAAAAAAAAAAAAAAAAAAAAAP/aAAgBAQABPxA=',
  'base64',
);

export type Upload = { bytes: Buffer; name: string; type: string; field?: string };

/** POST /api/user/photo as the SPA sends it: multipart with the session cookie and the CSRF header. */
export async function uploadPhoto(server: TestServer, browser: Browser, upload: Upload) {
  if (!browser.cookie('XSRF-TOKEN')) await browser.csrf();
  const form = new FormData();
  form.append(upload.field ?? 'photo', new Blob([new Uint8Array(upload.bytes)], { type: upload.type }), upload.name);
  const response = await fetch(`${server.baseUrl}/api/user/photo`, {
    method: 'POST',
    headers: {
      accept: 'application/json',
      cookie: [...browser.cookies].map(([name, value]) => `${name}=${value}`).join('; '),
      'x-xsrf-token': decodeURIComponent(browser.cookie('XSRF-TOKEN') ?? ''),
    },
    body: form,
  });
  const text = await response.text();
  return { status: response.status, body: (text ? JSON.parse(text) : null) as Json };
}

type Tree = Array<{
  acronym: string;
  id: number;
  edu_levels: Array<{ id: number; name: string; grade_levels: Array<{ id: number; name: string }> }>;
}>;

/** Curriculum, level and grade ids from the completion choices. */
export async function placement(browser: Browser, acronym: string, levelName: string, gradeName: string) {
  const choices = await browser.get('/api/parent/complete-profile');
  const curriculum = (choices.body.data.curricula as Tree).find((row) => row.acronym === acronym);
  const level = curriculum?.edu_levels.find((row) => row.name === levelName);
  const grade = level?.grade_levels.find((row) => row.name === gradeName);
  if (!curriculum || !level || !grade) throw new Error(`No ${acronym} ${levelName} ${gradeName}`);
  return { curriculum_id: curriculum.id, edu_level_id: level.id, grade_level_id: grade.id };
}
