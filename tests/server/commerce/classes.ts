// A teacher's class with its lessons, for the tests of buying a whole class (docs/class-purchase.md).
import { randomBytes } from 'node:crypto';
import { asc, eq } from 'drizzle-orm';
import { classes, curricula, lessons } from '../../../server/db/schema';
import type { Json, TestServer } from '../support/test-server';
import { approve, dayAhead, newTeacher, storeLessons, type Teacher } from '../teaching/support';

export type TestClass = { teacher: Teacher; id: number; lessons: Json[] };

/**
 * An approved class of `count` approved weekly group lessons (`capacity` seats each, KES 1,000 each
 * alone) starting `daysAhead` days from now, priced KES `priceKes` as a whole.
 */
export async function newClass(
  server: TestServer,
  { count = 3, priceKes = 2500, capacity = 10, daysAhead = 3 } = {},
): Promise<TestClass> {
  const teacher = await newTeacher(server);
  const [curriculum] = await server.db.select({ id: curricula.id }).from(curricula).limit(1);
  const tag = randomBytes(4).toString('hex');
  const [row] = await server.db
    .insert(classes)
    .values({
      slug: `class-${tag}`,
      title: `Whole class ${tag}`,
      teacherId: teacher.teacherId,
      subjectId: teacher.refs.subjectId,
      gradeLevelId: teacher.refs.gradeLevelId,
      curriculumId: curriculum?.id ?? 0,
      type: 'revision',
      frequency: 'weekly',
      priceCents: priceKes * 100,
      startsAt: new Date(Date.now() + (daysAhead - 1) * 86_400_000),
      endsAt: new Date(Date.now() + (daysAhead + 7 * count) * 86_400_000),
    })
    .returning({ id: classes.id });
  if (!row) throw new Error('class insert');
  const stored = await storeLessons(teacher, {
    class_id: row.id,
    type: 'group',
    capacity,
    lessons_count: count,
    price: 1000,
    date: dayAhead(daysAhead),
  });
  await approve(server, ...stored.map((lesson) => lesson.id as number));
  return { teacher, id: row.id, lessons: stored };
}

/** The class's lessons as stored, in id order. */
export async function lessonRowsOf(server: TestServer, classId: number) {
  return server.db.select().from(lessons).where(eq(lessons.classId, classId)).orderBy(asc(lessons.id));
}
