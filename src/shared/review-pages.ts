// How the profile pages a teacher's reviews (issue 25, docs/reviews-messages.md): apart from
// reviews.ts, which the review forms and moderation use, so the profile, a landing page, does not
// load those rules to learn one number.

/** Reviews per page on the profile and `GET /api/web/teachers/{id}/reviews`. */
export const REVIEWS_PER_PAGE = 10;
