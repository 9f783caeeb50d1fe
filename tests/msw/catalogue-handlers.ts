// The public-site, catalogue and questions part of the fake API, exactly as docs/catalogue-api.md
// describes it. Composed with the foundation and commerce handlers per test file through
// `useCatalogueApi()`; state lives in `catalogue` and is reset per test.
import { beforeEach } from 'vitest';
import { delay, http, HttpResponse, type JsonBodyType } from 'msw';
import { t } from '@/shared/messages';
import { api } from './handlers';
import { commerce } from './commerce-handlers';
import { server, useFakeApi } from './server';

type Wire = Record<string, unknown>;
const XSRF = 'test-xsrf-token';

/** How an endpoint answers in this test: normally, with an empty list, a server fault, or never. */
export type Mode = 'ok' | 'empty' | 'error' | 'hang';

export const MATHS = { id: 1, name: 'Mathematics', slug: 'mathematics', color: '#1971c2' };
export const CHEMISTRY = { id: 4, name: 'Chemistry', slug: 'chemistry', color: '#9c36b5' };
export const CBC = { id: 1, name: 'Competency Based Curriculum', acronym: 'CBC', slug: 'cbc' };
export const GRADE_7 = {
  id: 121,
  name: 'Grade 7',
  slug: 'cbc-grade-7',
  edu_level: { id: 12, name: 'Junior School', slug: 'cbc-junior-school', curriculum: CBC },
};
export const TEACHER_GRACE = {
  id: 3,
  first_name: 'Grace',
  last_name: 'Mwangi',
  photo_url: null,
  qualification_level: 'Masters',
  rating: { score: 4.62, mean: 4.8, count: 12 },
};

// profile (issue 25): Grace's 12 reviews, newest first, 10 a page; one by a parent, one with a reply.
export const GRACE_REVIEWS: Wire[] = Array.from({ length: 12 }, (_, index) => ({
  id: 100 - index,
  stars: index === 5 ? 3 : index === 2 ? 4 : 5,
  text: index === 7 ? null : `Review number ${index + 1}: patient and clear explanations.`,
  author: { name: index === 0 ? 'Amina W.' : `Learner${index} K.` },
  by_parent: index === 1,
  reply: index === 0 ? { text: 'Thank you, Amina!', replied_at: '2026-11-02T10:00:00.000Z' } : null,
  created_at: new Date(Date.UTC(2026, 10, 1) - index * 86_400_000).toISOString(),
  updated_at: new Date(Date.UTC(2026, 10, 1) - index * 86_400_000).toISOString(),
  edited: index === 3,
}));
const GRACE_PROFILE = {
  user_id: 5,
  joined_at: '2023-02-01',
  levels: [GRADE_7],
  rating: { score: 4.62, mean: 4.8, count: 12, distribution: { '1': 0, '2': 0, '3': 1, '4': 1, '5': 10 } },
};

export const LESSON = {
  id: 101,
  code: 'LSN-7K2Q9',
  objective: 'Solve linear equations in one unknown.',
  price: '1500.00',
  start_at: '2026-12-01T14:00:00.000Z',
  end_at: '2026-12-01T15:00:00.000Z',
  topic: { id: 40, name: 'Linear equations', slug: 'linear-equations' },
  program: {
    id: 2,
    name: 'Grade 7 Mathematics',
    curriculum: { id: 1, name: 'Competency Based Curriculum', acronym: 'CBC' },
  },
  type: { name: 'Public', color: '#1E88E5' },
  subject: MATHS,
  grade_level: GRADE_7,
  teacher: {
    ...TEACHER_GRACE,
    biography: 'I have taught mathematics for 12 years.',
    current_workplace: 'Alliance High School',
  },
  class: { id: 9, title: 'Grade 7 Maths catch-up' },
  duration_minutes: 60,
  seats_left: 12,
  bookable: true,
};

function classOf(id: number, title: string, subject: Wire, type: string): Wire {
  return {
    id,
    title,
    description: null,
    subject,
    grade_level: GRADE_7,
    curriculum: CBC,
    type,
    frequency: 'weekly',
    price: '12000.00',
    starts_at: '2026-12-01T14:00:00.000Z',
    ends_at: '2027-01-19T15:00:00.000Z',
    lessons_count: 8,
    teacher: TEACHER_GRACE,
    next_lesson: { code: LESSON.code, start_at: LESSON.start_at, price: LESSON.price },
  };
}

/** 14 classes, so that with `per_page` 12 there are two pages. */
export const CLASSES: Wire[] = Array.from({ length: 14 }, (_, index) =>
  index % 2 === 0
    ? classOf(index + 1, `Grade 7 Maths class ${index + 1}`, MATHS, index % 4 === 0 ? 'catch_up' : 'revision')
    : classOf(index + 1, `Grade 7 Chemistry class ${index + 1}`, CHEMISTRY, 'get_ahead'),
);

// classpage (issue 24): the first class's own page, one lesson past and two to come (relative to the
// clock, so "left to buy" stays two of three).
const DAY_MS = 86_400_000;
const classLessonAt = (id: number, code: string, days: number, topic: string | null): Wire => {
  const start = new Date(Math.floor(Date.now() / DAY_MS + days) * DAY_MS + 14 * 3_600_000);
  return {
    id,
    code,
    start_at: start.toISOString(),
    end_at: new Date(start.getTime() + 3_600_000).toISOString(),
    price: '1500.00',
    topic: topic === null ? null : { name: topic },
  };
};
export const CLASS_PAGE: Wire = {
  ...CLASSES[0],
  description: 'Eight weeks of Grade 7 algebra, one topic a week.',
  lessons_count: 3,
  lessons_planned: 3,
  lessons: [
    classLessonAt(201, 'LSN-PAST1', -7, 'Number patterns'),
    classLessonAt(202, LESSON.code, 7, 'Linear equations'),
    classLessonAt(203, 'LSN-NEXT3', 14, null),
  ],
};

export const TEACHERS: Wire[] = [
  {
    ...TEACHER_GRACE,
    biography: 'I have taught mathematics for 12 years.',
    current_workplace: 'Alliance High School',
    curriculum: CBC,
    subjects: [MATHS],
    lessons_count: 4,
    classes_count: 1,
  },
  {
    id: 4,
    first_name: 'Otieno',
    last_name: 'Ochieng',
    photo_url: null,
    qualification_level: 'Degree',
    biography: null,
    current_workplace: null,
    curriculum: CBC,
    subjects: [CHEMISTRY],
    lessons_count: 2,
    classes_count: 0,
    rating: { score: null, mean: null, count: 0 },
  },
];

const author = { id: 12, first_name: 'Wanjiru', last_name: 'Kamau', photo_url: null };
export const QUESTIONS: Wire[] = [
  {
    id: 31,
    title: 'How do I factorise x² + 5x + 6?',
    body: 'I keep getting the signs wrong. <script>alert("x")</script>',
    subject: MATHS,
    grade_level: { id: 121, name: 'Grade 7', slug: 'cbc-grade-7' },
    author,
    answers_count: 2,
    answered: true,
    created_at: '2026-11-20T08:15:00.000Z',
  },
  {
    id: 32,
    title: 'Why does salt dissolve in water?',
    body: 'We did this in class but I do not get it.',
    subject: CHEMISTRY,
    grade_level: { id: 121, name: 'Grade 7', slug: 'cbc-grade-7' },
    author,
    answers_count: 0,
    answered: false,
    created_at: '2026-11-19T08:15:00.000Z',
  },
];

function answersFor(): Wire[] {
  return [
    {
      id: 88,
      question_id: 31,
      body: 'Find two numbers that multiply to 6 and add to 5: 2 and 3.',
      author: { id: 3, first_name: 'Grace', last_name: 'Mwangi', photo_url: null },
      likes_count: 4,
      dislikes_count: 1,
      my_vote: null,
      created_at: '2026-11-20T09:00:00.000Z',
    },
  ];
}

export const CURRICULA: Wire[] = [
  { ...CBC, edu_level_count: 4, subjects_count: 12 },
  { id: 2, name: '8-4-4', acronym: '8-4-4', slug: '8-4-4', edu_level_count: 2, subjects_count: 10 },
];
export const GRADE_LEVELS: Wire[] = [
  { id: 121, name: 'Grade 7', slug: 'cbc-grade-7', subjects_count: 9, edu_level: GRADE_7.edu_level },
  {
    id: 211,
    name: 'Form 2',
    slug: '8-4-4-form-2',
    subjects_count: 11,
    edu_level: {
      id: 21,
      name: 'Secondary',
      slug: '8-4-4-secondary',
      curriculum: { id: 2, name: '8-4-4', acronym: '8-4-4', slug: '8-4-4' },
    },
  },
];
export const SUBJECTS: Wire[] = [
  { ...MATHS, category: { id: 1, name: 'Sciences', slug: 'sciences' }, topics_count: 14 },
  { ...CHEMISTRY, category: { id: 1, name: 'Sciences', slug: 'sciences' }, topics_count: 9 },
];

const FAQS: Wire[] = [
  {
    id: 1,
    question: 'How do I pay for a lesson?',
    answer: 'Add it to your cart, then pay with M-Pesa, card or your wallet.',
    position: 1,
  },
  {
    id: 2,
    question: 'Can a parent book for two children?',
    answer: 'Yes. Add both children, then choose the child at checkout.',
    position: 2,
  },
];

type Endpoint =
  | 'home'
  | 'classes'
  | 'filters'
  | 'teachers'
  | 'teacher'
  | 'reviews'
  | 'questions'
  | 'myQuestions'
  | 'question'
  | 'answers'
  | 'search'
  | 'lesson'
  | 'faqs'
  | 'newsletter'
  | 'curricula'
  | 'curriculum'
  | 'gradeLevels'
  | 'gradeLevel'
  | 'subjects'
  | 'subject'
  | 'ask'
  | 'answer'
  | 'vote'
  | 'addToCart'
  | 'class';

export const catalogue = {
  modes: {} as Partial<Record<Endpoint, Mode>>,
  /** Every query the SPA sent, per endpoint, so a test can see the filters arrive. */
  queries: [] as Array<{ endpoint: Endpoint; query: Record<string, string> }>,
  answers: answersFor(),
  /** The caller's vote per answer id; one vote per user and answer. */
  votes: new Map<number, 'like' | 'dislike'>(),
  newsletter: new Set<string>(),
  posted: [] as Wire[],
  /** The account Grace Mwangi's profile belongs to (a test makes it the signed-in teacher's). */
  graceUserId: GRACE_PROFILE.user_id,
  reset() {
    this.modes = {};
    this.queries = [];
    this.answers = answersFor();
    this.votes = new Map();
    this.newsletter = new Set();
    this.posted = [];
    this.graceUserId = GRACE_PROFILE.user_id;
  },
  set(endpoint: Endpoint, mode: Mode) {
    this.modes[endpoint] = mode;
  },
};

const json = (body: JsonBodyType, status = 200) => HttpResponse.json(body, { status });
const serverFault = () => json({ message: t('messages.general') }, 500);
const notFound = () => json({ message: t('messages.notFound') }, 404);

function queryOf(request: Request): Record<string, string> {
  return Object.fromEntries(new URL(request.url).searchParams);
}

function paged(items: Wire[], query: Record<string, string>, perPageDefault: number): Wire {
  const perPage = Number(query.per_page ?? perPageDefault);
  const page = Number(query.page ?? 1);
  const lastPage = Math.max(1, Math.ceil(items.length / perPage));
  return {
    data: items.slice((page - 1) * perPage, page * perPage),
    meta: { current_page: page, last_page: lastPage, per_page: perPage, total: items.length },
  };
}

/** Answers per the endpoint's mode; `ok` runs the real behaviour. */
async function answer(
  endpoint: Endpoint,
  request: Request,
  ok: (query: Record<string, string>) => Response | Promise<Response>,
  emptyBody: JsonBodyType = { data: [], meta: { current_page: 1, last_page: 1, per_page: 12, total: 0 } },
) {
  const query = queryOf(request);
  catalogue.queries.push({ endpoint, query });
  const mode = catalogue.modes[endpoint] ?? 'ok';
  if (mode === 'hang') await delay('infinite');
  if (mode === 'error') return serverFault();
  if (mode === 'empty') return json(emptyBody);
  return ok(query);
}

function signedInWrite(request: Request): Response | null {
  if (!api.current()) return json({ message: t('auth.unauthenticated') }, 401);
  if (request.headers.get('X-XSRF-TOKEN') !== XSRF) return json({ message: t('auth.csrfMismatch') }, 419);
  return null;
}

const matches = (item: Wire, key: string, value: string | undefined) => {
  if (!value) return true;
  const ref = item[key] as Wire | null;
  return ref !== null && (ref.slug === value || String(ref.id) === value);
};

export const catalogueHandlers = [
  http.get('/api/web', ({ request }) =>
    answer(
      'home',
      request,
      () =>
        json({
          data: {
            classes: CLASSES.slice(0, 3),
            lessons: [LESSON],
            teachers: TEACHERS,
            subjects: [
              { ...MATHS, lessons_count: 12 },
              { ...CHEMISTRY, lessons_count: 3 },
            ],
            questions: QUESTIONS,
            packages: [
              {
                id: 2,
                name: 'Basic',
                slug: 'basic',
                recommended: false,
                price: '500.00',
                interval: 'month',
                entitlements: { included_lessons: 2, lesson_cap: '600.00', discount_percent: 10 },
                features: [],
              },
            ],
            stats: { teachers: 2, lessons: 1, subjects: 2 },
          },
        }),
      {
        data: {
          classes: [],
          lessons: [],
          teachers: [],
          subjects: [],
          questions: [],
          packages: [],
          stats: { teachers: 0, lessons: 0, subjects: 0 },
        },
      },
    ),
  ),
  http.get('/api/web/classes', ({ request }) =>
    answer('classes', request, (q) => {
      const found = CLASSES.filter(
        (c) =>
          matches(c, 'subject', q.subject) &&
          matches(c, 'curriculum', q.curriculum) &&
          (!q.type || c.type === q.type),
      );
      return json(paged(found, q, 12));
    }),
  ),
  http.get('/api/web/classes/:id', ({ request, params }) =>
    answer('class', request, () =>
      params.id === String(CLASS_PAGE.id) ? json({ data: CLASS_PAGE }) : notFound(),
    ),
  ),
  http.get('/api/web/filters', ({ request }) =>
    answer('filters', request, () =>
      json({
        data: {
          curricula: [CBC],
          grade_levels: [{ ...GRADE_7, curriculum_id: 1 }],
          subjects: [MATHS, CHEMISTRY],
        },
      }),
    ),
  ),
  http.get('/api/web/teachers', ({ request }) =>
    answer('teachers', request, (q) => {
      const name = (q.q ?? '').toLowerCase();
      return json(
        paged(
          TEACHERS.filter((tt) => `${tt.first_name} ${tt.last_name}`.toLowerCase().includes(name))
            // profile (issue 25): only Grace teaches a grade 7 lesson; by rating she comes first too.
            .filter((tt) => !q.level || (q.level === GRADE_7.slug && tt.id === TEACHER_GRACE.id)),
          q,
          12,
        ),
      );
    }),
  ),
  http.get('/api/web/teachers/:id', ({ request, params }) =>
    answer('teacher', request, () => {
      const teacher = TEACHERS.find((tt) => String(tt.id) === params.id);
      if (!teacher) return notFound();
      const grace = teacher.id === TEACHER_GRACE.id;
      const reviews = grace ? GRACE_REVIEWS : [];
      return json({
        data: {
          ...teacher,
          ...(grace
            ? { ...GRACE_PROFILE, user_id: catalogue.graceUserId }
            : {
                user_id: 6,
                joined_at: '2026-09-01',
                levels: [],
                rating: {
                  score: null,
                  mean: null,
                  count: 0,
                  distribution: { '1': 0, '2': 0, '3': 0, '4': 0, '5': 0 },
                },
              }),
          reviews: paged(reviews, {}, 10),
          upcoming_lessons: grace ? [LESSON] : [],
          classes: grace ? [CLASSES[0]] : [],
        },
      });
    }),
  ),
  http.get('/api/web/teachers/:id/reviews', ({ request, params }) =>
    answer('reviews', request, (q) =>
      json(paged(String(params.id) === String(TEACHER_GRACE.id) ? GRACE_REVIEWS : [], q, 10)),
    ),
  ),
  http.get('/api/web/questions', ({ request }) =>
    answer('questions', request, (q) => {
      const found = QUESTIONS.filter(
        (qq) => !q.filter || q.filter === 'all' || (q.filter === 'answered') === qq.answered,
      );
      return json(paged(found, q, 15));
    }),
  ),
  http.get('/api/web/search', ({ request }) =>
    answer('search', request, (q) => {
      const all: Wire[] = [
        {
          kind: 'subject',
          id: 1,
          title: 'Mathematics',
          summary: '14 topics',
          rank: 0.9,
          code: null,
          slug: 'mathematics',
          start_at: null,
          price: null,
        },
        {
          kind: 'lesson',
          id: 101,
          title: 'Linear equations — Grade 7 Mathematics',
          summary: 'With Grace Mwangi',
          rank: 0.6,
          code: LESSON.code,
          slug: null,
          start_at: LESSON.start_at,
          price: LESSON.price,
        },
        {
          kind: 'teacher',
          id: 3,
          title: 'Grace Mwangi',
          summary: 'Mathematics',
          rank: 0.3,
          code: null,
          slug: null,
          start_at: null,
          price: null,
        },
      ];
      const term = (q.q ?? '').toLowerCase();
      const hits = term.startsWith('math') ? all : [];
      const shown = q.type ? hits.filter((hit) => hit.kind === q.type) : hits;
      const page = paged(shown, q, 20);
      const counts = { lesson: 0, class: 0, teacher: 0, question: 0, subject: 0 } as Record<string, number>;
      for (const hit of hits) counts[hit.kind as string] = (counts[hit.kind as string] ?? 0) + 1;
      return json({ ...page, meta: { ...(page.meta as Wire), counts } });
    }),
  ),
  // catalog (issue 24): the upcoming lessons `/lessons/show` lists without a code.
  http.get('/api/web/lessons', ({ request }) =>
    answer('lesson', request, (q) => json(paged([LESSON], q, 12))),
  ),
  http.get('/api/web/lessons/:code', ({ request, params }) =>
    answer('lesson', request, () => (params.code === LESSON.code ? json({ data: LESSON }) : notFound())),
  ),
  http.get('/api/web/faqs', ({ request }) => answer('faqs', request, () => json({ data: FAQS }))),
  http.post('/api/web/newsletter', async ({ request }) => {
    const mode = catalogue.modes.newsletter ?? 'ok';
    if (mode === 'error') return serverFault();
    const body = (await request.json()) as { email?: string };
    const email = (body.email ?? '').trim().toLowerCase();
    if (!/^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/.test(email)) {
      return json({ message: t('validation.email'), errors: { email: [t('validation.email')] } }, 422);
    }
    catalogue.newsletter.add(email);
    return json({ message: t('newsletter.subscribed') });
  }),
  http.post('/api/lessons/add-to-cart/:id', ({ request, params }) => {
    if (request.headers.get('X-XSRF-TOKEN') !== XSRF) return json({ message: t('auth.csrfMismatch') }, 419);
    if (catalogue.modes.addToCart === 'error') return json({ message: t('cart.lessonUnavailable') }, 409);
    if (String(LESSON.id) !== params.id) return notFound();
    const { teacher: _t, subject: _s, grade_level: _g, ...purchasable } = LESSON;
    commerce.lines.push({ purchasableType: 'lesson', purchasable, priceCents: 150_000 });
    return json(commerce.cartBody());
  }),

  http.get('/api/curricula', ({ request }) =>
    answer('curricula', request, (q) => json(paged(CURRICULA, q, 50))),
  ),
  http.get('/api/curricula/show/:slug', ({ request, params }) =>
    answer('curriculum', request, () =>
      params.slug === 'cbc' || params.slug === '1'
        ? json({
            data: {
              ...CBC,
              edu_level_count: 1,
              edu_levels: [
                {
                  id: 12,
                  name: 'Junior School',
                  slug: 'cbc-junior-school',
                  grade_levels: [{ id: 121, name: 'Grade 7', slug: 'cbc-grade-7', subjects_count: 9 }],
                },
              ],
              subjects: [MATHS],
            },
          })
        : notFound(),
    ),
  ),
  http.get('/api/grade-levels', ({ request }) =>
    answer('gradeLevels', request, (q) =>
      json(
        paged(
          GRADE_LEVELS.filter(
            (g) => !q.curriculum || ((g.edu_level as Wire).curriculum as Wire).slug === q.curriculum,
          ),
          q,
          50,
        ),
      ),
    ),
  ),
  http.get('/api/grade-levels/show/:slug', ({ request, params }) =>
    answer('gradeLevel', request, () =>
      params.slug === 'cbc-grade-7'
        ? json({
            data: {
              ...GRADE_LEVELS[0],
              subjects: [
                {
                  ...MATHS,
                  topics: [
                    {
                      id: 40,
                      name: 'Linear equations',
                      slug: 'linear-equations',
                      subject_id: 1,
                      lessons_count: 3,
                    },
                  ],
                },
              ],
            },
          })
        : notFound(),
    ),
  ),
  http.get('/api/subjects', ({ request }) =>
    answer('subjects', request, (q) =>
      json(
        paged(
          SUBJECTS.filter((s) => !q.q || String(s.name).toLowerCase().includes(q.q.toLowerCase())),
          q,
          50,
        ),
      ),
    ),
  ),
  http.get('/api/subjects/show/:slug', ({ request, params }) =>
    answer('subject', request, () =>
      params.slug === 'mathematics'
        ? json({
            data: {
              ...SUBJECTS[0],
              topics: [
                {
                  id: 40,
                  name: 'Linear equations',
                  slug: 'linear-equations',
                  subject_id: 1,
                  lessons_count: 3,
                  grade_level: { id: 121, name: 'Grade 7', slug: 'cbc-grade-7' },
                  subtopics: [{ id: 1, name: 'Equations with brackets', slug: 'equations-with-brackets' }],
                },
              ],
              grade_levels: [{ id: 121, name: 'Grade 7', slug: 'cbc-grade-7' }],
              upcoming_lessons: [LESSON],
            },
          })
        : notFound(),
    ),
  ),

  http.get('/api/questions', ({ request }) =>
    answer('myQuestions', request, (q) => {
      if (!api.current()) return json({ message: t('auth.unauthenticated') }, 401);
      const found = QUESTIONS.filter(
        (qq) => !q.filter || q.filter === 'all' || (q.filter === 'answered') === qq.answered,
      );
      return json(paged(found, q, 15));
    }),
  ),
  http.post('/api/questions/store', async ({ request }) => {
    const refused = signedInWrite(request);
    if (refused) return refused;
    const body = (await request.json()) as Wire;
    catalogue.posted.push(body);
    if (catalogue.modes.ask === 'error') {
      return json(
        {
          message: t('validation.general'),
          errors: { title: ['A question with this title already exists.'] },
        },
        422,
      );
    }
    const question = {
      ...QUESTIONS[1],
      id: 77,
      title: body.title,
      body: body.body,
      answers_count: 0,
      answered: false,
    };
    return json({ message: t('question.created'), data: question }, 201);
  }),
  http.get('/api/questions/get/:id', ({ request, params }) =>
    answer('question', request, () => {
      const question = QUESTIONS.find((qq) => String(qq.id) === params.id);
      return question ? json({ data: question }) : notFound();
    }),
  ),
  http.get('/api/questions/answers/:id', ({ request, params }) =>
    answer('answers', request, (q) =>
      json(
        paged(
          catalogue.answers.filter((a) => String(a.question_id) === params.id),
          q,
          20,
        ),
      ),
    ),
  ),
  http.post('/api/questions/answers/store/:id', async ({ request, params }) => {
    const refused = signedInWrite(request);
    if (refused) return refused;
    const body = (await request.json()) as { body?: string };
    const posted = {
      id: 90 + catalogue.answers.length,
      question_id: Number(params.id),
      body: body.body,
      author,
      likes_count: 0,
      dislikes_count: 0,
      my_vote: null,
      created_at: '2026-11-21T10:00:00.000Z',
    };
    catalogue.answers.push(posted);
    return json({ message: t('answer.posted'), data: posted }, 201);
  }),
  http.post('/api/questions/answers/votes/store', async ({ request }) => {
    const refused = signedInWrite(request);
    if (refused) return refused;
    if (catalogue.modes.vote === 'error') return serverFault();
    const body = (await request.json()) as { answer_id: number; type: 'like' | 'dislike' };
    const target = catalogue.answers.find((a) => a.id === body.answer_id);
    if (!target) return notFound();
    // The same vote again takes it back; the other one switches it.
    const before = catalogue.votes.get(body.answer_id) ?? null;
    const after = before === body.type ? null : body.type;
    const counts = { like: Number(target.likes_count), dislike: Number(target.dislikes_count) };
    if (before) counts[before] -= 1;
    if (after) counts[after] += 1;
    if (after) catalogue.votes.set(body.answer_id, after);
    else catalogue.votes.delete(body.answer_id);
    Object.assign(target, { likes_count: counts.like, dislikes_count: counts.dislike, my_vote: after });
    const message =
      after === 'like'
        ? t('vote.likeAdded')
        : after === 'dislike'
          ? t('vote.dislikeAdded')
          : t('vote.removed');
    return json({
      message,
      data: {
        answer_id: body.answer_id,
        likes_count: counts.like,
        dislikes_count: counts.dislike,
        my_vote: after,
      },
    });
  }),
];

/** Call once per test file instead of `useFakeApi()`: the whole fake API plus these endpoints. */
export function useCatalogueApi() {
  useFakeApi();
  beforeEach(() => {
    catalogue.reset();
    server.use(...catalogueHandlers);
  });
}
