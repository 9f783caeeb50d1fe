// Creating an account: user, role, role profile and wallet, always in one transaction.
import { eq } from 'drizzle-orm';
import type { Database } from '../db/client';
import { parents, roles, students, teachers, userRoles, users, wallets } from '../db/schema';
import { randomToken } from '../security/tokens';

export type RoleName = 'student' | 'parent' | 'teacher' | 'admin';

export type NewAccount = {
  firstName: string;
  lastName: string;
  username: string;
  email: string | null;
  phone: string | null;
  passwordHash: string | null;
  status: 'inactive' | 'active';
  role: RoleName;
  gender?: 'male' | 'female' | 'other' | null;
  dob?: string | null;
  emailVerifiedAt?: Date | null;
};

export async function roleId(db: Database, name: RoleName): Promise<number> {
  await db.insert(roles).values({ name }).onConflictDoNothing();
  const [role] = await db.select({ id: roles.id }).from(roles).where(eq(roles.name, name));
  if (!role) throw new Error(`Role ${name} is missing`);
  return role.id;
}

export const walletAccountNo = (userId: number) => `SW${String(userId).padStart(8, '0')}`;
export const studentNo = (studentId: number, year = new Date().getFullYear()) =>
  `STD-${year}-${String(studentId).padStart(5, '0')}`;

/** Must run inside a transaction (`tx`) so no user exists without its wallet and profile. */
export async function createAccount(
  tx: Database,
  account: NewAccount,
): Promise<{ userId: number; profileId: number | null }> {
  const { role, ...fields } = account;
  const [user] = await tx.insert(users).values(fields).returning({ id: users.id });
  if (!user) throw new Error('User insert returned no row');
  await tx.insert(userRoles).values({ userId: user.id, roleId: await roleId(tx, role) });
  await tx.insert(wallets).values({
    userId: user.id,
    accountNo: walletAccountNo(user.id),
    reference: randomToken(9).replace(/[-_]/g, 'X').toUpperCase().slice(0, 10),
  });

  let profileId: number | null = null;
  if (role === 'student') {
    const [student] = await tx.insert(students).values({ userId: user.id }).returning({ id: students.id });
    profileId = student?.id ?? null;
    if (profileId)
      await tx
        .update(students)
        .set({ studentNo: studentNo(profileId) })
        .where(eq(students.id, profileId));
  } else if (role === 'parent') {
    const [parent] = await tx.insert(parents).values({ userId: user.id }).returning({ id: parents.id });
    profileId = parent?.id ?? null;
  } else if (role === 'teacher') {
    const [teacher] = await tx
      .insert(teachers)
      .values({ userId: user.id, status: 'new' })
      .returning({ id: teachers.id });
    profileId = teacher?.id ?? null;
  }
  return { userId: user.id, profileId };
}
