// One search over lessons, classes, teachers, questions and subjects (docs/catalogue-api.md
// "Search result"): PostgreSQL full-text search against each table's indexed `search` document,
// ranked with ts_rank, one list with a `kind` per result.
import { and, eq, gt, inArray, or, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Database } from '../db/client';
import { classes, lessons, questions, subjects, teachers, users } from '../db/schema';
import { pageMeta, type PageRequest } from '../http/query';
import { centsToDecimal } from '../resources/money';
import { APP_TIME_ZONE, formatDate } from '../../src/shared/time';
import { publicLesson } from './lesson-service';
import { classCards, lessonCards, questionCards, subjectColumns, teacherCards } from './public-view-service';
import { SEARCH_KINDS, type SearchKind } from '../../src/shared/catalogue';

type Hit = { kind: SearchKind; id: number; rank: number };
/** A row of the search statement: a hit of the page (`total` null) or a kind's count. */
type HitRow = {
  kind: SearchKind;
  id: number | string | null;
  rank: number | string | null;
  total: number | string | bigint | null;
};

const excerpt = (text: string, max = 160) =>
  text.length <= max ? text : `${text.slice(0, max - 1).trimEnd()}…`;

export async function search(
  db: Database,
  text: string,
  kind: SearchKind | null,
  page: PageRequest,
  now = new Date(),
) {
  const query = sql`websearch_to_tsquery('english', ${text})`;
  const rankOf = (column: AnyPgColumn) => sql<number>`ts_rank(${column}, ${query})`.mapWith(Number);
  const matches = (column: AnyPgColumn) => sql`${column} @@ ${query}`;
  const kindLiteral = (name: SearchKind) => sql<SearchKind>`${name}::text`.as('kind');

  // Only what a visitor may open: approved and upcoming lessons, running classes, approved teachers.
  // A lesson is also found by its teacher's name ("Wairimu" finds her lessons, issue 24): the
  // name is matched here, at query time, rather than copied into every lesson's document (which
  // would need a trigger on users and teachers to keep it right).
  const teacherName = sql`to_tsvector('simple', concat_ws(' ', ${users.firstName}, ${users.lastName}))`;
  const nameQuery = sql`websearch_to_tsquery('simple', ${text})`;
  const hits = db
    .select({
      kind: kindLiteral('lesson'),
      id: lessons.id,
      rank: sql<number>`ts_rank(${lessons.search}, ${query}) + ts_rank(${teacherName}, ${nameQuery})`
        .mapWith(Number)
        .as('rank'),
    })
    .from(lessons)
    .innerJoin(teachers, eq(teachers.id, lessons.teacherId))
    .innerJoin(users, eq(users.id, teachers.userId))
    .where(
      and(
        or(matches(lessons.search), sql`${teacherName} @@ ${nameQuery}`),
        publicLesson,
        gt(lessons.startAt, now),
      ),
    )
    .unionAll(
      db
        .select({ kind: kindLiteral('class'), id: classes.id, rank: rankOf(classes.search).as('rank') })
        .from(classes)
        .where(and(matches(classes.search), eq(classes.isApproved, true), gt(classes.endsAt, now))),
    )
    .unionAll(
      db
        .select({ kind: kindLiteral('teacher'), id: teachers.id, rank: rankOf(teachers.search).as('rank') })
        .from(teachers)
        .where(and(matches(teachers.search), eq(teachers.status, 'approved'))),
    )
    .unionAll(
      db
        .select({
          kind: kindLiteral('question'),
          id: questions.id,
          rank: rankOf(questions.search).as('rank'),
        })
        .from(questions)
        .where(matches(questions.search)),
    )
    .unionAll(
      db
        .select({ kind: kindLiteral('subject'), id: subjects.id, rank: rankOf(subjects.search).as('rank') })
        .from(subjects)
        .where(matches(subjects.search)),
    );

  // One statement, so the documents are matched and ranked once (a CTE used twice is computed
  // once): the page's rows (`total` null) and then one count per kind (issue 12: a common word
  // matches thousands of rows at 100× the seeded catalogue).
  const result = await db.execute(sql`
    with hits as (${hits})
    (select kind, id, rank, null::bigint as total from hits
      ${kind ? sql`where kind = ${kind}` : sql``}
      order by rank desc, kind asc, id asc
      limit ${page.perPage} offset ${page.offset})
    union all
    (select kind, null, null, count(*) from hits group by kind)`);
  const rows = (result as unknown as { rows: HitRow[] }).rows;
  const pageRows = rows
    .filter((row) => row.total === null)
    .map((row) => ({ kind: row.kind, id: Number(row.id), rank: Number(row.rank) }))
    // The order of the SQL above; a union does not promise to keep it.
    .sort((a, b) => b.rank - a.rank || (a.kind < b.kind ? -1 : a.kind > b.kind ? 1 : 0) || a.id - b.id);
  const countRows = rows
    .filter((row) => row.total !== null)
    .map((row) => ({ kind: row.kind, total: Number(row.total) }));
  const counts = Object.fromEntries(
    SEARCH_KINDS.map((name) => [name, countRows.find((row) => row.kind === name)?.total ?? 0]),
  ) as Record<SearchKind, number>;
  const total = kind ? counts[kind] : Object.values(counts).reduce((sum, value) => sum + value, 0);
  const results = await describe(db, pageRows, now);
  return { data: results, meta: { ...pageMeta(page, total), counts } };
}

type Described = {
  title: string;
  summary: string | null;
  code: string | null;
  slug: string | null;
  start_at: string | null;
  price: string | null;
};

/** Titles and summaries for one page of hits, loaded per kind in a fixed number of queries. */
async function describe(db: Database, hits: Hit[], now: Date) {
  const idsOf = (wanted: SearchKind) => hits.filter((hit) => hit.kind === wanted).map((hit) => hit.id);
  const [lessonRows, classRows, teacherRows, questionRows, subjectRows] = await Promise.all([
    lessonCards(db, idsOf('lesson')),
    classCards(db, idsOf('class'), now),
    teacherCards(db, idsOf('teacher'), now),
    questionCards(db, idsOf('question')),
    idsOf('subject').length
      ? db
          .select(subjectColumns)
          .from(subjects)
          .where(inArray(subjects.id, idsOf('subject')))
      : Promise.resolve([]),
  ]);
  const described = new Map<string, Described>();
  for (const lesson of lessonRows) {
    const teacher = `${lesson.teacher.user.firstName} ${lesson.teacher.user.lastName}`;
    const heading = [lesson.topic?.name, lesson.program?.name].filter(Boolean).join(' — ');
    described.set(`lesson:${lesson.id}`, {
      title: heading || lesson.objective,
      summary: `${lesson.objective} With ${teacher}, ${formatDate(lesson.startAt, APP_TIME_ZONE)}.`,
      code: lesson.code,
      slug: lesson.subject?.slug ?? null,
      start_at: lesson.startAt.toISOString(),
      price: centsToDecimal(lesson.priceCents),
    });
  }
  for (const item of classRows) {
    described.set(`class:${item.id}`, {
      title: item.title,
      summary: excerpt(item.description),
      code: item.nextLesson?.code ?? null,
      slug: item.subject.slug,
      start_at: item.startsAt.toISOString(),
      price: centsToDecimal(item.priceCents),
    });
  }
  for (const teacher of teacherRows) {
    const subjectNames = teacher.subjects.map((subject) => subject.name).join(', ');
    described.set(`teacher:${teacher.id}`, {
      title: `${teacher.user.firstName} ${teacher.user.lastName}`,
      summary: [subjectNames, teacher.currentWorkplace].filter(Boolean).join(' · ') || null,
      code: null,
      slug: null,
      start_at: null,
      price: null,
    });
  }
  for (const question of questionRows) {
    described.set(`question:${question.id}`, {
      title: question.title,
      summary: excerpt(question.body),
      code: null,
      slug: question.subject?.slug ?? null,
      start_at: null,
      price: null,
    });
  }
  for (const subject of subjectRows) {
    described.set(`subject:${subject.id}`, {
      title: subject.name,
      summary: `Lessons, classes and questions in ${subject.name}.`,
      code: null,
      slug: subject.slug,
      start_at: null,
      price: null,
    });
  }
  return hits.flatMap((hit) => {
    const found = described.get(`${hit.kind}:${hit.id}`);
    return found
      ? [{ kind: hit.kind, id: hit.id, rank: Math.round(hit.rank * 10_000) / 10_000, ...found }]
      : [];
  });
}
