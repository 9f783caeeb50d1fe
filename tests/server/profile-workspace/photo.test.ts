// POST /api/user/photo and the public GET /api/photos/{name} (docs/learning-workspace.md).
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { files, teachers, users } from '../../../server/db/schema';
import { newBuyer } from '../commerce/buyers';
import { startTestServer, type TestServer } from '../support/test-server';
import { JPEG, PNG, uploadPhoto } from './support';

let server: TestServer;
let filesDir: string;
beforeAll(async () => {
  filesDir = await mkdtemp(path.join(tmpdir(), 'somesha-photo-test-'));
  server = await startTestServer({ config: { filesDir } });
});
afterAll(async () => {
  await server.close();
  await rm(filesDir, { recursive: true, force: true });
});

const storedPhotos = async () => readdir(path.join(filesDir, 'photos')).catch(() => [] as string[]);
const TYPES = 'Allowed file types: JPEG, PNG, WebP.';
const SIZE = 'Maximum file size is 5 MB.';

describe('uploading a profile photo', () => {
  it('answers 401 when signed out', async () => {
    const response = await uploadPhoto(server, server.browser(), {
      bytes: PNG,
      name: 'me.png',
      type: 'image/png',
    });
    expect(response.status).toBe(401);
  });

  it('stores a PNG, answers the user with its public URL and serves it with a long cache', async () => {
    const { browser, userId } = await newBuyer(server);
    const response = await uploadPhoto(server, browser, { bytes: PNG, name: 'me.png', type: 'image/png' });
    expect(response.status).toBe(200);
    expect(response.body.message).toBe('Profile photo updated');
    const url = response.body.data.display_photo_url as string;
    expect(url).toMatch(/^\/api\/photos\/[0-9a-f-]{36}\.png$/);
    expect(response.body.data).toMatchObject({ id: userId, photo: url });
    expect((await browser.get('/api/user')).body.data.display_photo_url).toBe(url);

    // Anyone may fetch it: it shows on public teacher cards.
    const served = await fetch(`${server.baseUrl}${url}`);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(served.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(Buffer.from(await served.arrayBuffer()).equals(PNG)).toBe(true);

    const [row] = await server.db.select().from(files).where(eq(files.ownerUserId, userId));
    expect(row).toMatchObject({
      purpose: 'photo',
      name: 'me.png',
      sizeBytes: PNG.length,
      mimeType: 'image/png',
    });
  });

  it('replaces the previous photo: its row, its bytes and its URL go', async () => {
    const { browser, userId } = await newBuyer(server);
    const first = await uploadPhoto(server, browser, { bytes: PNG, name: 'first.png', type: 'image/png' });
    const firstUrl = first.body.data.display_photo_url as string;
    const second = await uploadPhoto(server, browser, {
      bytes: JPEG,
      name: 'second.jpg',
      type: 'image/jpeg',
    });
    expect(second.status).toBe(200);
    const secondUrl = second.body.data.display_photo_url as string;
    expect(secondUrl).toMatch(/\.jpg$/);
    expect((await fetch(`${server.baseUrl}${firstUrl}`)).status).toBe(404);
    const served = await fetch(`${server.baseUrl}${secondUrl}`);
    expect(served.headers.get('content-type')).toBe('image/jpeg');
    const rows = await server.db.select().from(files).where(eq(files.ownerUserId, userId));
    expect(rows.map((row) => row.name)).toEqual(['second.jpg']);
    const stored = await storedPhotos();
    expect(stored).toContain(path.basename(secondUrl));
    expect(stored).not.toContain(path.basename(firstUrl));
  });

  it('judges the bytes, not the name or the declared type', async () => {
    const { browser } = await newBuyer(server);
    const before = await storedPhotos();
    const fake = await uploadPhoto(server, browser, {
      bytes: Buffer.from('just some text pretending to be a picture'),
      name: 'notes.png',
      type: 'image/png',
    });
    expect(fake.status).toBe(422);
    expect(fake.body).toEqual({ message: TYPES, errors: { photo: [TYPES] } });
    const gif = await uploadPhoto(server, browser, {
      bytes: Buffer.from('GIF89a\x01\x00\x01\x00'),
      name: 'a.gif',
      type: 'image/gif',
    });
    expect(gif.body.message).toBe(TYPES);
    // A real JPEG labelled as text is still a JPEG.
    const mislabelled = await uploadPhoto(server, browser, {
      bytes: JPEG,
      name: 'photo.txt',
      type: 'text/plain',
    });
    expect(mislabelled.status).toBe(200);
    expect(mislabelled.body.data.display_photo_url).toMatch(/\.jpg$/);
    expect((await storedPhotos()).length).toBe(before.length + 1);
  });

  it('refuses a file over 5 MB while reading it, and keeps nothing of it', async () => {
    for (let attempt = 0; attempt < 3; attempt += 1) await refusesTooBig();
  });

  async function refusesTooBig() {
    const { browser, userId } = await newBuyer(server);
    const before = await storedPhotos();
    const big = Buffer.concat([PNG, Buffer.alloc(6 * 1024 * 1024)]);
    const response = await uploadPhoto(server, browser, { bytes: big, name: 'big.png', type: 'image/png' });
    expect(response.status).toBe(422);
    expect(response.body).toEqual({ message: SIZE, errors: { photo: [SIZE] } });
    expect(await storedPhotos()).toEqual(before);
    expect(await server.db.select().from(files).where(eq(files.ownerUserId, userId))).toEqual([]);
    const [user] = await server.db.select({ photo: users.photo }).from(users).where(eq(users.id, userId));
    expect(user?.photo).toBeNull();
  }

  it('takes a photo of exactly 5 MB and refuses one byte more', async () => {
    const { browser } = await newBuyer(server);
    const limit = Buffer.concat([PNG, Buffer.alloc(5 * 1024 * 1024 - PNG.length)]);
    const taken = await uploadPhoto(server, browser, { bytes: limit, name: 'limit.png', type: 'image/png' });
    expect(taken.status).toBe(200);
    const over = await uploadPhoto(server, browser, {
      bytes: Buffer.concat([limit, Buffer.alloc(1)]),
      name: 'over.png',
      type: 'image/png',
    });
    expect(over.status).toBe(422);
    expect(over.body.message).toBe(SIZE);
  });

  it('asks for the photo when the part is missing, misnamed or the body is not multipart', async () => {
    const { browser } = await newBuyer(server);
    const misnamed = await uploadPhoto(server, browser, {
      bytes: PNG,
      name: 'me.png',
      type: 'image/png',
      field: 'avatar',
    });
    expect(misnamed.status).toBe(422);
    expect(misnamed.body.errors).toEqual({ photo: ['This field is required.'] });
    const json = await browser.post('/api/user/photo', { photo: 'data:image/png;base64,AAAA' });
    expect(json.status).toBe(422);
    expect(json.body.errors).toEqual({ photo: ['This field is required.'] });
    const empty = await uploadPhoto(server, browser, {
      bytes: Buffer.alloc(0),
      name: 'empty.png',
      type: 'image/png',
    });
    expect(empty.status).toBe(422);
  });

  it('asks for the photo when the multipart body cannot be read: no boundary, or cut off (the fuzz found a 500)', async () => {
    const { browser } = await newBuyer(server);
    const head =
      '--x\r\nContent-Disposition: form-data; name="photo"; filename="me.png"\r\nContent-Type: image/png\r\n\r\n';
    const bodies: Array<[contentType: string, body: string]> = [
      ['multipart/form-data; boundary=x', '{"a":'],
      ['multipart/form-data', '{"a":'],
      // The file's bytes start, and the body ends before its closing boundary.
      ['multipart/form-data; boundary=x', `${head}\x89PNG\r\n`],
    ];
    for (const [contentType, body] of bodies) {
      const response = await browser.request('POST', '/api/user/photo', {
        body,
        headers: { 'content-type': contentType },
      });
      expect(response.status, contentType).toBe(422);
      expect(response.body.errors).toEqual({ photo: ['This field is required.'] });
    }
    // The connection is still good for the next upload.
    const good = await uploadPhoto(server, browser, { bytes: PNG, name: 'me.png', type: 'image/png' });
    expect(good.status).toBe(200);
  });

  it('answers 404 for a photo name that is not one', async () => {
    for (const name of ['nope.png', '00000000-0000-0000-0000-000000000000.png', '..%2F..%2Fetc%2Fpasswd']) {
      const response = await fetch(`${server.baseUrl}/api/photos/${name}`);
      expect(response.status).toBe(404);
    }
  });

  it('shows a teacher’s photo on the public teacher cards', async () => {
    const teacher = server.browser();
    await teacher.signIn('teacher@example.com');
    const uploaded = await uploadPhoto(server, teacher, {
      bytes: PNG,
      name: 'teacher.png',
      type: 'image/png',
    });
    const url = uploaded.body.data.display_photo_url as string;
    const [row] = await server.db
      .select({ id: teachers.id })
      .from(teachers)
      .innerJoin(users, eq(users.id, teachers.userId))
      .where(eq(users.email, 'teacher@example.com'));
    const list = await server.browser().get('/api/web/teachers?per_page=100');
    const card = (list.body.data as Array<{ id: number; photo_url: string | null }>).find(
      (item) => item.id === row?.id,
    );
    expect(card?.photo_url).toBe(url);
  });
});
