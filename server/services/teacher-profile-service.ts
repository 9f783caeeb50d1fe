// A teacher's public profile beyond their card (docs/reviews-messages.md "Teacher profile pages"):
// the grade levels they teach and their reviews, newest first, hidden ones left out.
import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { classes, lessons, programs, reviews, students, topics, users } from '../db/schema';
import type { PageRequest } from '../http/query';
import { reviewResource } from '../resources/review-resource';
import { publicLesson } from './lesson-service';
import { paged } from './paged';
import { gradeRefs } from './public-view-service';
import { countedReview } from './rating-service';
import type { GradeRef } from '../resources/web-resource';

/**
 * The grade levels of the teacher's approved lessons and classes (past ones too: what they teach),
 * in the catalogue's order: curriculum, education level, grade position.
 */
export async function teacherLevels(db: Database, teacherId: number): Promise<GradeRef[]> {
  const [lessonGrades, classGrades] = await Promise.all([
    db
      .selectDistinct({ id: sql<number | null>`coalesce(${programs.gradeLevelId}, ${topics.gradeLevelId})` })
      .from(lessons)
      .leftJoin(programs, eq(programs.id, lessons.programId))
      .leftJoin(topics, eq(topics.id, lessons.topicId))
      .where(and(eq(lessons.teacherId, teacherId), publicLesson)),
    db
      .selectDistinct({ id: classes.gradeLevelId })
      .from(classes)
      .where(and(eq(classes.teacherId, teacherId), eq(classes.isApproved, true))),
  ]);
  const ids = [...lessonGrades, ...classGrades].flatMap((row) => (row.id === null ? [] : [Number(row.id)]));
  const grades = [...(await gradeRefs(db, ids)).values()];
  return grades.sort(
    (a, b) =>
      (a.eduLevel?.curriculum?.id ?? 0) - (b.eduLevel?.curriculum?.id ?? 0) ||
      (a.eduLevel?.id ?? 0) - (b.eduLevel?.id ?? 0) ||
      a.position - b.position ||
      a.id - b.id,
  );
}

/** One page of the teacher's shown reviews (not hidden), newest first. */
export async function teacherReviews(db: Database, teacherId: number, page: PageRequest) {
  const where = and(eq(reviews.teacherId, teacherId), countedReview);
  const { rows, meta } = await paged(
    page,
    db
      .select({
        review: {
          id: reviews.id,
          stars: reviews.stars,
          text: reviews.text,
          replyText: reviews.replyText,
          repliedAt: reviews.repliedAt,
          createdAt: reviews.createdAt,
          updatedAt: reviews.updatedAt,
          authorUserId: reviews.authorUserId,
        },
        learner: { userId: users.id, firstName: users.firstName, lastName: users.lastName },
      })
      .from(reviews)
      .innerJoin(students, eq(students.id, reviews.studentId))
      .innerJoin(users, eq(users.id, students.userId))
      .where(where)
      .orderBy(desc(reviews.createdAt), desc(reviews.id)),
    db.select({ total: count() }).from(reviews).where(where),
  );
  return { data: rows.map((row) => reviewResource({ ...row.review, learner: row.learner })), meta };
}
