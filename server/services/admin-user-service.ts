// `GET /api/users` (admin): everyone with an account, found by name, username, e-mail or phone and
// narrowed to one role; newest first (docs/teaching-admin.md "UserSummary").
import { and, asc, count, desc, eq, exists, ilike, inArray, or, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { roles, userRoles, users } from '../db/schema';
import type { PageRequest } from '../http/query';
import { basicUserResource } from '../resources/user-resource';
import { escapeLike } from './catalogue-service';
import { paged } from './paged';

export const USER_ROLES = ['student', 'teacher', 'parent', 'admin'] as const;
export type UserRole = (typeof USER_ROLES)[number];

export async function listUsers(db: Database, filters: { q: string; role?: UserRole }, page: PageRequest) {
  const pattern = `%${escapeLike(filters.q)}%`;
  const where = and(
    filters.q
      ? or(
          ilike(sql`${users.firstName} || ' ' || ${users.lastName}`, pattern),
          ilike(users.username, pattern),
          ilike(users.email, pattern),
          ilike(users.phone, pattern),
        )
      : undefined,
    filters.role === undefined
      ? undefined
      : exists(
          db
            .select({ one: sql`1` })
            .from(userRoles)
            .innerJoin(roles, eq(roles.id, userRoles.roleId))
            .where(and(eq(userRoles.userId, users.id), eq(roles.name, filters.role))),
        ),
  );
  const { rows, meta } = await paged(
    page,
    db.select().from(users).where(where).orderBy(desc(users.createdAt), desc(users.id)),
    db.select({ total: count() }).from(users).where(where),
  );
  const roleRows = rows.length
    ? await db
        .select({ userId: userRoles.userId, id: roles.id, name: roles.name })
        .from(userRoles)
        .innerJoin(roles, eq(roles.id, userRoles.roleId))
        .where(
          inArray(
            userRoles.userId,
            rows.map((row) => row.id),
          ),
        )
        .orderBy(asc(roles.id))
    : [];
  return {
    data: rows.map((user) => {
      // UserSummary: the User's own fields without gender, birth date or photo, plus roles.
      const { id, username, first_name, last_name, email, phone, status } = basicUserResource(user);
      return {
        id,
        username,
        first_name,
        last_name,
        email,
        phone,
        status,
        roles: roleRows
          .filter((role) => role.userId === id)
          .map((role) => ({ id: role.id, name: role.name })),
        created_at: user.createdAt.toISOString(),
      };
    }),
    meta,
  };
}
