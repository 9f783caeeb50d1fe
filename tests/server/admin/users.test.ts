// GET /api/users (admin): search by name, username, e-mail and phone, a role filter, and paging.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type Browser, type TestServer } from '../support/test-server';
import { pendingTeacher, signedIn } from './support';

let server: TestServer;
let admin: Browser;
beforeAll(async () => {
  server = await startTestServer();
  admin = await signedIn(server, 'admin@example.com');
});
afterAll(() => server.close());

type Summary = { id: number; email: string | null; roles: Array<{ name: string }> };
const emailsOf = (body: { data: Summary[] }) => body.data.map((row) => row.email);

describe('GET /api/users', () => {
  it('answers UserSummaries, newest first, and finds a user by name, username, e-mail or phone', async () => {
    const teacher = await pendingTeacher(server, 'Chebet');
    const all = await admin.get('/api/users');
    expect(all.status).toBe(200);
    expect(all.body.data[0]).toEqual({
      id: expect.any(Number),
      username: expect.stringMatching(/^teacher/),
      first_name: 'Chebet',
      last_name: expect.any(String),
      email: teacher.email,
      phone: expect.any(String),
      status: 'active',
      roles: [{ id: expect.any(Number), name: 'teacher' }],
      created_at: expect.any(String),
    });
    const [newest] = all.body.data as Summary[];
    const username = all.body.data[0].username as string;
    const phone = all.body.data[0].phone as string;

    for (const q of [teacher.name, username, teacher.email.toUpperCase(), phone]) {
      const found = await admin.get(`/api/users?q=${encodeURIComponent(q)}`);
      expect(found.body.data.map((row: Summary) => row.id)).toEqual([newest?.id]);
    }
    const none = await admin.get('/api/users?q=%25_nobody_%25');
    expect(none.body).toMatchObject({ data: [], meta: { total: 0, last_page: 1 } });
  });

  it('filters by role, and refuses a role that does not exist (422)', async () => {
    const admins = await admin.get('/api/users?role=admin');
    expect(emailsOf(admins.body)).toContain('admin@example.com');
    expect(admins.body.data.every((row: Summary) => row.roles.some((role) => role.name === 'admin'))).toBe(
      true,
    );
    const parents = await admin.get('/api/users?role=parent&q=parent%40example.com');
    expect(emailsOf(parents.body)).toEqual(['parent@example.com']);
    const noStudents = await admin.get('/api/users?role=student&q=teacher%40example.com');
    expect(noStudents.body.data).toEqual([]);
    const bad = await admin.get('/api/users?role=superuser');
    expect(bad).toMatchObject({ status: 422, body: { errors: { role: ['Choose one of the options.'] } } });
  });

  it('pages with per_page, and refuses a per_page over 100', async () => {
    const first = await admin.get('/api/users?per_page=2');
    const second = await admin.get('/api/users?per_page=2&page=2');
    expect(first.body.data).toHaveLength(2);
    expect(second.body.data).toHaveLength(2);
    expect(first.body.meta).toMatchObject({ current_page: 1, per_page: 2 });
    expect(second.body.meta.current_page).toBe(2);
    expect(first.body.meta.last_page).toBe(Math.ceil(first.body.meta.total / 2));
    const ids = [...first.body.data, ...second.body.data].map((row: Summary) => row.id);
    expect(new Set(ids).size).toBe(4);
    expect((await admin.get('/api/users?per_page=101')).status).toBe(422);
  });
});
