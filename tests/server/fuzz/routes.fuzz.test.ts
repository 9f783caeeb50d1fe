// Hostile input on every route of the real app: generated path parameters, query strings, bodies,
// cookies and headers, as a visitor and as each demo user, with and without the CSRF header. Any
// 5xx (or no answer at all) fails, naming the route and the exact (shrunk) request.
import fc from 'fast-check';
import { connect } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { c2bConfirmationBody, statusResultBody, stkCallbackBody } from '../support/daraja-bodies';
import { parseRouteTree, type Route } from '../support/route-tree';
import { startTestServer, type Browser, type TestServer } from '../support/test-server';

// ---------------------------------------------------------------------------------------------
// The routes, as registered: parsed from printRoutes and checked one by one with hasRoute.

// Behind one trusted proxy hop, as deployed (TRUST_PROXY=1): X-Forwarded-* values reach the app.
// A known callback secret, so the gateways' notification handlers are reached too.
const CALLBACK_SECRET = 'fuzz_callback_secret_0123456789abcdef';
const server: TestServer = await startTestServer({
  config: { trustProxy: true, callbackSecret: CALLBACK_SECRET },
});
afterAll(() => server.close());

const registered = parseRouteTree(server.app.printRoutes({ commonPrefix: false }));
// HEAD is Fastify's automatic twin of GET; static files are not the API's input handling.
const routes = registered.filter(
  (route) => route.method !== 'HEAD' && !route.url.startsWith('/assets/') && !route.url.includes('*'),
);

// ---------------------------------------------------------------------------------------------
// Who sends: a visitor and the demo users, each with a cookie jar kept signed in.

type PersonaName = 'visitor' | 'student' | 'parent' | 'teacher' | 'admin';
type Persona = { name: PersonaName; browser: Browser; stale: boolean; relogin: Promise<void> | null };

const personas = new Map<PersonaName, Persona>();
for (const name of ['visitor', 'student', 'parent', 'teacher', 'admin'] as const) {
  const browser = server.browser();
  if (name === 'visitor') await browser.csrf();
  else await browser.signIn(`${name}@example.com`);
  personas.set(name, { name, browser, stale: false, relogin: null });
}

// Real records, so some requests name things that exist, and buyers start with a lesson in the cart:
// the payment routes then get past "your cart is empty".
const listed = await server.browser().get('/api/web/lessons?per_page=3');
const lessons = (listed.body.data as { id: number; code: string }[]).slice(0, 3);
if (lessons.length === 0) throw new Error('The seed has no public lessons to fuzz with.');
const LESSON_ID = lessons[0]?.id ?? 1;
for (const name of ['visitor', 'student', 'parent'] as const) {
  await personas
    .get(name)
    ?.browser.post('/api/cart/store', { purchasable_type: 'lesson', purchasable_id: LESSON_ID });
}
const realParams = [...lessons.flatMap((lesson) => [String(lesson.id), lesson.code]), '1', '2', 'cbc'];

/** Logout, a password change or a lost session must not leave the rest of the run as a visitor. */
async function ready(persona: Persona): Promise<void> {
  if (!persona.stale) return;
  persona.relogin ??= (async () => {
    const { browser } = persona;
    if (persona.name === 'visitor') {
      // Keeps a live visitor session, or starts a new one when a fuzzed logout ended it.
      await browser.csrf();
    } else if ((await browser.get('/api/user')).status !== 200 || !browser.cookie('XSRF-TOKEN')) {
      browser.cookies.clear();
      await browser.signIn(`${persona.name}@example.com`);
    }
    persona.stale = false;
  })().finally(() => {
    persona.relogin = null;
  });
  await persona.relogin;
}

// ---------------------------------------------------------------------------------------------
// Hostile values.

const HUGE = 'x'.repeat(1024 * 1024);
// 6 kB the database cannot compress (a repeated letter fits any index; this does not). Fixed, so a
// failure replays with the same bytes.
let noiseState = 7;
const NOISE = Array.from({ length: 6000 }, () => {
  noiseState = (noiseState * 1103515245 + 12345) % 2 ** 31;
  return (noiseState >> 16).toString(36).slice(-1);
}).join('');
const BIG = 'ab'.repeat(5000);

const hostileStrings = [
  // Numbers that do not fit, or are not quite numbers.
  '2147483648',
  '2147483647',
  '-2147483649',
  '4294967296',
  '9007199254740993',
  '99999999999999999999999999',
  '1e30',
  '-1',
  '0',
  '1',
  '2',
  '1.5',
  '1e-7',
  'NaN',
  'Infinity',
  '0x1F',
  ' 7 ',
  '+3',
  // Characters a database or a parser may choke on.
  '\u0000',
  'a\u0000b',
  '\uD800',
  'x\uDC00y',
  '\uFFFF',
  '\u202Eevil',
  '😀',
  'ñandú Ω≈ç√',
  '𝕏',
  '\r\n',
  '\t',
  '%',
  '%zz',
  '%00',
  '\\',
  // Paths, SQL, HTML, templates.
  '../../../etc/passwd',
  '..',
  '%2e%2e%2f',
  "' OR '1'='1",
  '1; DROP TABLE users; --',
  '" OR ""="',
  '$1',
  '${7*7}',
  '{{7*7}}',
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  'javascript:alert(1)',
  // Shapes and keywords.
  '',
  ' ',
  'null',
  'undefined',
  'true',
  '[]',
  '{}',
  '__proto__',
  'constructor',
  // Dates out of range or impossible.
  '0000-01-01',
  '99999-01-01',
  '2024-02-30',
  '2024-13-01',
  '1970-01-01',
  '-000001-01-01',
  '+275760-09-13',
  '2024-01-01T25:61:61Z',
  '2038-01-19T03:14:08Z',
  // Plausible values, to get past the first checks.
  'all',
  'upcoming',
  'past',
  'answered',
  'like',
  'dislike',
  'lesson',
  'subscription',
  'mpesa',
  'pesapal',
  'student',
  'teacher',
  'pending',
  'needs_review',
  'cbc',
  'mathematics',
  '0712345678',
  '254712345678',
  '1234',
  'Str0ng!pass',
  'someone@example.com',
  'a@b',
  // Long (the 1 MB one is drawn less often, below: it is slow to send).
  BIG,
  NOISE,
];

const hostileNumbers = [
  2147483648,
  2147483647,
  -2147483649,
  4294967296,
  2 ** 53 + 2,
  1e30,
  -1e30,
  1e308,
  -1,
  0,
  1,
  2,
  3,
  1.5,
  -0.5,
  Number.MIN_VALUE,
];

const anyString = fc.oneof(
  { weight: 60, arbitrary: fc.constantFrom(...hostileStrings) },
  { weight: 1, arbitrary: fc.constant(HUGE) },
  { weight: 10, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 10, arbitrary: fc.string({ maxLength: 20 }) },
);
const anyNumber = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...hostileNumbers) },
  { weight: 1, arbitrary: fc.integer() },
  { weight: 1, arbitrary: fc.double({ noNaN: true, noDefaultInfinity: true }) },
);
const scalar = fc.oneof(anyString, anyNumber, fc.constantFrom(null, true, false));

// Every field name the routes and gateways read, plus a few that should never matter.
const FIELDS = [
  'answer_id',
  'amount',
  'biography',
  'body',
  'cart_version',
  'comment',
  'current_password',
  'current_workplace',
  'curriculum_id',
  'custom_plan',
  'dob',
  'edu_level_id',
  'email',
  'first_name',
  'gender',
  'grade_level_id',
  'id',
  'id_number',
  'last_name',
  'method',
  'name',
  'options',
  'package_id',
  'password',
  'password_confirmation',
  'phone',
  'pin',
  'pin_confirmation',
  'purchasable_id',
  'purchasable_type',
  'qualification_level',
  'quantity',
  'remark',
  'remember',
  'role',
  'school_name',
  'student_id',
  'study_mode',
  'subject_id',
  'subject_ids',
  'terms',
  'title',
  'token',
  'topic_id',
  'tsc_number',
  'type',
  'username',
  'description',
  'acronym',
  'slug',
  'color',
  'start_at',
  'end_at',
  'Body',
  'stkCallback',
  'MerchantRequestID',
  'CheckoutRequestID',
  'ResultCode',
  'ResultDesc',
  'CallbackMetadata',
  'Item',
  'Value',
  'TransID',
  'TransAmount',
  'BillRefNumber',
  'MSISDN',
  'BusinessShortCode',
  'OrderTrackingId',
  'OrderMerchantReference',
  'OrderNotificationType',
  'constructor',
  'toString',
  'hasOwnProperty',
  'x',
];
const fieldName = fc.oneof(
  { weight: 8, arbitrary: fc.constantFrom(...FIELDS) },
  { weight: 1, arbitrary: fc.string({ maxLength: 12 }) },
);

const jsonValue = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    scalar,
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(fieldName, tie('value'), { maxKeys: 5 }),
  ),
})).value;

const deepArray = `${'['.repeat(20000)}${']'.repeat(20000)}`;
const deepObject = `${'{"body":'.repeat(3000)}1${'}'.repeat(3000)}`;

type Body = { text: string; contentType: string } | null;

/**
 * A believable body per write route (never a demo user's password: wrong guesses would lock the
 * account). The fuzz changes, drops or adds a few fields, so the input gets past the first checks
 * and reaches the services with one hostile value at a time.
 */
const STK_CALLBACK = stkCallbackBody({ checkoutRequestId: 'ws_CO_191220191020363925', amount: 1500 });
const EXAMPLES: Record<string, Record<string, unknown>> = {
  'POST /api/login': { email: 'fuzz@example.com', password: 'Passw0rd!', remember: true },
  'POST /api/register': {
    first_name: 'Fuzz',
    last_name: 'Tester',
    username: 'fuzz.tester',
    email: 'fuzz.tester@example.com',
    phone: '0712345678',
    password: 'Str0ng!pass',
    password_confirmation: 'Str0ng!pass',
    role: 'student',
    terms: true,
  },
  'POST /api/forgot-password': { email: 'fuzz@example.com' },
  'POST /api/reset-password': {
    token: 'abcdefabcdefabcdefabcdef',
    email: 'fuzz@example.com',
    password: 'Str0ng!pass',
    password_confirmation: 'Str0ng!pass',
  },
  'POST /api/updateuserinfo': {
    first_name: 'Fuzz',
    last_name: 'Tester',
    username: 'fuzz_user',
    phone: '0712345678',
    gender: 'female',
    dob: '2010-05-01',
  },
  'POST /api/user/password': {
    current_password: 'Not-the-passw0rd',
    password: 'Str0ng!pass',
    password_confirmation: 'Str0ng!pass',
  },
  'POST /api/student/complete-profile/store': {
    school_name: 'Fuzz School',
    study_mode: 'day_scholar',
    curriculum_id: 1,
    edu_level_id: 1,
    grade_level_id: 1,
    dob: '2012-01-01',
    gender: 'female',
  },
  'POST /api/parent/complete-profile/store': { phone: '0712345678', gender: 'male' },
  'POST /api/parent/child/add': {
    first_name: 'Kid',
    last_name: 'Fuzz',
    gender: 'male',
    dob: '2014-02-02',
    school_name: 'Fuzz Primary',
    study_mode: 'boarding',
    curriculum_id: 1,
    edu_level_id: 1,
    grade_level_id: 1,
  },
  'POST /api/teacher/update': {
    biography: 'I teach mathematics with patience and many worked examples.',
    current_workplace: 'Fuzz High School',
    qualification_level: 'Degree',
    curriculum_id: 1,
    edu_level_id: 1,
    subject_ids: [1, 2],
    id_number: '12345678',
    tsc_number: '123456',
  },
  'POST /api/cart/store': {
    purchasable_type: 'lesson',
    purchasable_id: LESSON_ID,
    quantity: 1,
    options: {},
  },
  'POST /api/cart/update/:id': { quantity: 2 },
  'POST /api/cart/remove/item': { purchasable_type: 'lesson', purchasable_id: LESSON_ID },
  'POST /api/payments/wallet': { pin: '1234' },
  'POST /api/payments/wallet/:id': { pin: '1234' },
  'POST /api/payments/mpesa': { phone: '0712345678' },
  'POST /api/payments/mpesa/:id': { phone: '0712345678' },
  'POST /api/wallet/topup': { amount: 100, method: 'mpesa', phone: '0712345678' },
  'POST /api/wallet/setup': { pin: '1234', pin_confirmation: '1234' },
  'POST /api/wallet/subscription/store': { package_id: 1 },
  'POST /api/questions/store': {
    subject_id: 1,
    grade_level_id: 1,
    title: 'How do I add negative numbers?',
    body: 'I get confused when I add -3 and -5. Is it -8 or 8?',
  },
  'POST /api/questions/answers/store/:id': { body: 'Start at -3 and move 5 to the left: -8.' },
  'POST /api/questions/answers/votes/store': { answer_id: 1, type: 'like' },
  'POST /api/web/newsletter': { email: 'fuzz@example.com' },
  'POST /api/edu-levels/store': { name: 'Fuzz Level', curriculum_id: 1 },
  'POST /api/edu-levels/update/:id': { name: 'Fuzz Level', curriculum_id: 1 },
  'POST /api/subjects/add-topic/:ref': { name: 'Fuzz Topic' },
  'POST /api/hooks/:secret/stk': STK_CALLBACK,
  'POST /api/hooks/:secret/status/result': statusResultBody({
    originatorConversationId: '29115-34620561-1',
    receipt: 'NLJ7RT61SV',
    amount: 1500,
  }),
  'POST /api/hooks/:secret/c2b/confirmation': c2bConfirmationBody({
    account: 'SW00000001',
    transId: 'NLJ7RT61SV',
    amount: '1500.00',
  }),
  'POST /api/hooks/:secret/c2b/validation': c2bConfirmationBody({
    account: 'SW00000001',
    transId: 'NLJ7RT61SV',
    amount: '1500.00',
  }),
  'POST /api/hooks/:secret/pesapal/ipn': {
    OrderTrackingId: 'b945e4af-80a5-4ec1-8706-e03f8332fb04',
    OrderMerchantReference: 'TX-1',
    OrderNotificationType: 'IPNCHANGE',
  },
};

const DROP = Symbol('drop');

function mutatedExample(example: Record<string, unknown>): fc.Arbitrary<Body> {
  const keys = Object.keys(example);
  return fc
    .array(
      fc.tuple(
        fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...keys) }, { weight: 1, arbitrary: fieldName }),
        fc.oneof({ weight: 4, arbitrary: jsonValue }, { weight: 1, arbitrary: fc.constant(DROP) }),
      ),
      { maxLength: 3 },
    )
    .map((edits) => {
      const body: Record<string, unknown> = { ...example };
      for (const [key, value] of edits) {
        if (value === DROP) delete body[key];
        else
          Object.defineProperty(body, key, { value, enumerable: true, writable: true, configurable: true });
      }
      return { text: JSON.stringify(body), contentType: 'application/json' };
    });
}

const anyBodyArb: fc.Arbitrary<Body> = fc.oneof(
  { withCrossShrink: true },
  { weight: 1, arbitrary: fc.constant(null) },
  // An object with the fields the route expects, each of a hostile value.
  {
    weight: 10,
    arbitrary: fc
      .dictionary(fieldName, jsonValue, { maxKeys: 12 })
      .map((value) => ({ text: JSON.stringify(value), contentType: 'application/json' })),
  },
  // Any JSON at all: arrays, strings, numbers, null.
  {
    weight: 3,
    arbitrary: jsonValue.map((value) => ({
      text: JSON.stringify(value) ?? 'null',
      contentType: 'application/json',
    })),
  },
  // Text that is not what its content type says, or that stresses the parser.
  {
    weight: 2,
    arbitrary: fc
      .tuple(
        fc.constantFrom(
          '{"a":',
          'nul',
          '\u0000',
          '{"__proto__":{"polluted":1},"constructor":{"prototype":{"polluted":1}}}',
          `{"body":"${HUGE.slice(0, 1024 * 1024 - 20)}"}`,
          `{"x":"${HUGE}"}`,
          deepArray,
          deepObject,
          '"\\ud800"',
          '{"email":"\\u0000@example.com","password":"\\udfff"}',
          '1e999999',
          '',
          'a=1&b=2',
          '--x\r\nContent-Disposition: form-data; name="photo"; filename="../../x.php"\r\n\r\n<?php ?>\r\n--x--',
        ),
        fc.constantFrom(
          'application/json',
          'application/json',
          'application/json; charset=utf-16',
          'text/plain',
          'application/x-www-form-urlencoded',
          'multipart/form-data; boundary=x',
          'application/xml',
        ),
      )
      .map(([text, contentType]) => ({ text, contentType })),
  },
);

function bodyFor(route: Route): fc.Arbitrary<Body> {
  const example = EXAMPLES[`${route.method} ${route.url}`];
  if (!example) return anyBodyArb;
  return fc.oneof(
    { withCrossShrink: true },
    { weight: 3, arbitrary: mutatedExample(example) },
    { weight: 2, arbitrary: anyBodyArb },
  );
}

/** Percent-encodes anything, lone surrogates included (as their WTF-8 bytes, which are not UTF-8). */
function encodePart(value: string): string {
  let out = '';
  for (const char of value) {
    const code = char.codePointAt(0) ?? 0;
    if (code >= 0xd800 && code <= 0xdfff) {
      out += [0xe0 | (code >> 12), 0x80 | ((code >> 6) & 0x3f), 0x80 | (code & 0x3f)]
        .map((byte) => `%${byte.toString(16).toUpperCase()}`)
        .join('');
    } else out += encodeURIComponent(char);
  }
  return out;
}

// A path parameter: encoded, or (when it is plain ASCII) as is, so `../` and `%zz` reach the router.
const paramArb = fc.oneof(
  { weight: 4, arbitrary: anyString.map(encodePart) },
  { weight: 2, arbitrary: fc.constantFrom(...realParams) },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      '..',
      '../..',
      '%zz',
      '%00',
      '%E0%A4%A',
      '1%2F2',
      '%2e%2e',
      '1.json',
      '1;x',
      '~',
    ),
  },
);

const QUERY_KEYS = [
  'page',
  'per_page',
  'filter',
  'q',
  'from',
  'to',
  'date',
  'curriculum',
  'edu_level',
  'grade_level',
  'subject',
  'type',
  'status',
  'unread',
  'mine',
  'student_id',
  'min_price',
  'max_price',
  'OrderTrackingId',
  'OrderMerchantReference',
  'OrderNotificationType',
  'x',
];
// Pairs, so keys repeat (`?page=1&page=x`) and arrays appear (`page[]=`).
const queryArb = fc
  .array(
    fc.tuple(
      fc.oneof(
        { weight: 6, arbitrary: fc.constantFrom(...QUERY_KEYS) },
        { weight: 1, arbitrary: fc.constantFrom(...QUERY_KEYS).map((key) => `${key}[]`) },
        { weight: 1, arbitrary: anyString },
      ),
      anyString,
    ),
    { maxLength: 5 },
  )
  .map((pairs) => pairs.map(([key, value]) => `${encodePart(key)}=${encodePart(value)}`).join('&'));

// Header and cookie values that fetch can carry (no NUL, CR or LF: those are tried over a raw socket).
const headerValue = fc.constantFrom(
  NOISE,
  `203.0.113.9, ${NOISE}`,
  '%00',
  '%zz',
  '%E0%A4%A',
  'x'.repeat(8000),
  '\u00ff\u00fe\u0080',
  '"quoted"',
  'a;b=c',
  'a,b',
  '=',
  'undefined',
  'null',
  '../../etc/passwd',
  "' OR '1'='1",
  '<script>',
  '0',
);

type Csrf = 'valid' | 'missing' | 'wrong';
type CookieTamper = { name: 'somesha_session' | 'XSRF-TOKEN'; value: string } | null;

type Input = {
  persona: PersonaName;
  params: string[];
  query: string;
  body: Body;
  csrf: Csrf;
  wrongToken: string;
  cookie: CookieTamper;
  extraHeaders: Record<string, string>;
};

// The callback secret is a path parameter like any other, but mostly the right one.
const secretArb = fc.oneof(
  { withCrossShrink: true },
  { weight: 3, arbitrary: fc.constant(CALLBACK_SECRET) },
  { weight: 1, arbitrary: paramArb },
);

const paramNames = (route: Route) => (route.url.match(/:[A-Za-z_]+/g) ?? []).map((name) => name.slice(1));

const inputArb = (route: Route): fc.Arbitrary<Input> =>
  fc.record({
    persona: fc.constantFrom<PersonaName>('visitor', 'student', 'parent', 'teacher', 'admin'),
    params: fc.tuple(...paramNames(route).map((name) => (name === 'secret' ? secretArb : paramArb))),
    query: fc.oneof(
      { withCrossShrink: true },
      { weight: 1, arbitrary: fc.constant('') },
      { weight: 2, arbitrary: queryArb },
    ),
    body: bodyFor(route),
    csrf: fc.constantFrom<Csrf>('valid', 'valid', 'valid', 'valid', 'valid', 'valid', 'missing', 'wrong'),
    wrongToken: headerValue,
    cookie: fc.oneof(
      { withCrossShrink: true },
      { weight: 8, arbitrary: fc.constant(null) },
      {
        weight: 1,
        arbitrary: fc.record({
          name: fc.constantFrom<'somesha_session' | 'XSRF-TOKEN'>('somesha_session', 'XSRF-TOKEN'),
          value: headerValue,
        }),
      },
    ),
    extraHeaders: fc.oneof(
      { withCrossShrink: true },
      { weight: 8, arbitrary: fc.constant({}) },
      {
        weight: 1,
        arbitrary: fc.dictionary(
          fc.constantFrom(
            'accept',
            'accept-language',
            'x-forwarded-for',
            'x-forwarded-proto',
            'origin',
            'referer',
            'range',
          ),
          headerValue,
          { maxKeys: 3 },
        ),
      },
    ),
  });

// ---------------------------------------------------------------------------------------------
// Sending.

const REQUEST_TIMEOUT_MS = 15_000;
const SPA_NOT_BUILT = 'The web app has not been built yet.';

type Outcome = { status: number; text: string; request: string };

const preview = (text: string) =>
  text.length > 300 ? `${JSON.stringify(text.slice(0, 300))}… (${text.length} chars)` : JSON.stringify(text);

function errorText(error: unknown): string {
  const { message, cause } = error as { message?: string; cause?: { code?: string; message?: string } };
  return [message, cause?.code, cause?.message].filter(Boolean).join(' / ');
}

function isStaleSocket(error: unknown): boolean {
  const code = (error as { cause?: { code?: string } }).cause?.code ?? '';
  return ['UND_ERR_SOCKET', 'UND_ERR_CLOSED', 'ECONNRESET', 'EPIPE'].includes(code);
}

function fillPath(url: string, params: string[]): string {
  let index = 0;
  return url.replace(/:[A-Za-z_]+/g, () => params[index++] ?? '1');
}

async function send(route: Route, input: Input): Promise<Outcome> {
  const persona = personas.get(input.persona);
  if (!persona) throw new Error(`no persona ${input.persona}`);
  await ready(persona);
  const jar = new Map(persona.browser.cookies);
  if (input.cookie) jar.set(input.cookie.name, input.cookie.value);
  const headers: Record<string, string> = { accept: 'application/json', ...input.extraHeaders };
  headers.cookie = [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
  const token = persona.browser.cookie('XSRF-TOKEN');
  if (input.csrf === 'valid' && token) headers['x-xsrf-token'] = decodeURIComponent(token);
  if (input.csrf === 'wrong') headers['x-xsrf-token'] = input.wrongToken;
  const hasBody = input.body !== null && route.method !== 'GET';
  if (hasBody && input.body) headers['content-type'] = input.body.contentType;
  const path = fillPath(route.url, input.params) + (input.query ? `?${input.query}` : '');
  const request = `${route.method} ${preview(path)} as ${input.persona}, csrf ${input.csrf}, headers ${preview(
    JSON.stringify({
      ...headers,
      cookie: input.cookie ? `${input.cookie.name}=${input.cookie.value}` : '(jar)',
    }),
  )}, body ${hasBody && input.body ? preview(input.body.text) : 'none'}`;

  const attempt = () =>
    fetch(`${server.baseUrl}${path}`, {
      method: route.method,
      headers,
      body: hasBody && input.body ? input.body.text : undefined,
      redirect: 'manual',
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
  let response: Response;
  try {
    try {
      response = await attempt();
    } catch (error) {
      // A pooled keep-alive socket the server had just closed (after another request's 413, say)
      // fails before our request reaches it: that is the transport, so it is tried once more.
      if (!isStaleSocket(error)) throw error;
      response = await attempt();
    }
  } catch (error) {
    // Only the server's failure counts: a URL or header fetch itself refuses is not a request sent.
    if (error instanceof TypeError && !/fetch failed/.test(error.message)) {
      return { status: 0, text: `not sent: ${error.message}`, request };
    }
    return { status: 599, text: `no answer: ${errorText(error)}`, request };
  }
  let text: string;
  if ((response.headers.get('content-type') ?? '').includes('text/event-stream')) {
    // A live stream never ends: the status is the answer.
    await response.body?.cancel();
    text = '';
  } else {
    try {
      text = await response.text();
    } catch (error) {
      return { status: 599, text: `answer cut off: ${(error as Error).message}`, request };
    }
  }
  // A lost session (logout, a password change, a planted cookie on the jar's session) is re-checked.
  const lostSession =
    response.status === 401 ||
    (response.status === 419 && input.csrf === 'valid' && !input.cookie) ||
    /logout|password/.test(route.url);
  if (lostSession) persona.stale = true;
  return { status: response.status, text, request };
}

/** How many fuzzed requests got past the session and CSRF checks, so a broken sign-in cannot pass unseen. */
const reach = { sent: 0, csrfRefused: 0, signedInAsked: 0, signedInRefused: 0 };

function count(input: Input, status: number): void {
  if (input.csrf !== 'valid' || input.cookie) return;
  reach.sent += 1;
  if (status === 419) reach.csrfRefused += 1;
  if (input.persona !== 'visitor') {
    reach.signedInAsked += 1;
    if (status === 401) reach.signedInRefused += 1;
  }
}

function isServerFault(outcome: Outcome): boolean {
  if (outcome.status < 500) return false;
  // Without a built SPA the page routes answer 503 on purpose (tests/server/support/no-dist).
  return !(outcome.status === 503 && outcome.text.startsWith(SPA_NOT_BUILT));
}

function describeFault(outcome: Outcome): string {
  return `${outcome.status} for ${outcome.request} → ${preview(outcome.text)}`;
}

// Small enough to keep the whole file well under a minute on two cores; every route gets its share.
const NUM_RUNS = Number(process.env.FUZZ_RUNS ?? 15);
const SEED = process.env.FUZZ_SEED === undefined ? undefined : Number(process.env.FUZZ_SEED);

// ---------------------------------------------------------------------------------------------

describe('route discovery', () => {
  it('finds every registered route, and only real ones', () => {
    expect(routes.length).toBeGreaterThan(60);
    for (const route of registered) {
      expect(
        server.app.hasRoute({ method: route.method as 'GET', url: route.url }),
        `${route.method} ${route.url}`,
      ).toBe(true);
    }
    const names = routes.map((route) => `${route.method} ${route.url}`);
    for (const expected of [
      'POST /api/login',
      'POST /api/register',
      'GET /api/cart',
      'POST /api/cart/store',
      'POST /api/questions/answers/votes/store',
      'GET /api/web/lessons/:code',
    ]) {
      expect(names).toContain(expected);
    }
    // The gateways' notification routes are fuzzed too, whatever their exact paths.
    expect(names.filter((name) => name.startsWith('POST /api/hooks/:secret/')).length).toBeGreaterThan(2);
  });
});

describe.concurrent('hostile input answers below 500 on every route', () => {
  for (const route of routes) {
    it(`${route.method} ${route.url}`, async () => {
      await fc.assert(
        fc.asyncProperty(inputArb(route), async (input) => {
          const outcome = await send(route, input);
          count(input, outcome.status);
          if (isServerFault(outcome)) throw new Error(describeFault(outcome));
        }),
        { numRuns: NUM_RUNS, seed: SEED },
      );
    }, 120_000);
  }
});

describe('the fuzzed requests', () => {
  it('mostly reached the handlers: signed in, with a CSRF token the server accepted', () => {
    console.info('fuzz reach', reach);
    expect(reach.sent).toBeGreaterThan(routes.length * 5);
    expect(reach.csrfRefused / reach.sent).toBeLessThan(0.1);
    expect(reach.signedInRefused / reach.signedInAsked).toBeLessThan(0.1);
  });
});

describe('cookies and headers the HTTP client cannot forge', () => {
  /** One raw HTTP/1.1 request, bytes as given; resolves with the status line's code. */
  function rawRequest(head: string[], body: string): Promise<number> {
    const url = new URL(server.baseUrl);
    return new Promise((resolve, reject) => {
      const socket = connect(Number(url.port), url.hostname);
      let received = '';
      socket.setTimeout(REQUEST_TIMEOUT_MS, () => socket.destroy(new Error('no answer')));
      socket.on('data', (chunk) => {
        received += chunk.toString('latin1');
        const match = /^HTTP\/1\.1 (\d{3})/.exec(received);
        if (match) {
          resolve(Number(match[1]));
          socket.destroy();
        }
      });
      socket.on('error', reject);
      socket.on('close', () => resolve(Number(/^HTTP\/1\.1 (\d{3})/.exec(received)?.[1] ?? 0)));
      socket.write(Buffer.from(`${head.join('\r\n')}\r\n\r\n${body}`, 'latin1'));
    });
  }

  const student = () => personas.get('student')?.browser;

  it.each([
    ['a NUL in the session cookie', (cookie: string) => [`Cookie: somesha_session=a\u0000b; ${cookie}`]],
    ['a NUL in the CSRF header', (cookie: string) => [`Cookie: ${cookie}`, 'X-XSRF-TOKEN: a\u0000b']],
    [
      'raw 0x80-0xFF bytes in both',
      (cookie: string) => [`Cookie: somesha_session=\u00ff\u00fe; ${cookie}`, 'X-XSRF-TOKEN: \u00e9\u00ff'],
    ],
    ['an empty cookie header and token', () => ['Cookie: ', 'X-XSRF-TOKEN: ']],
    ['two CSRF headers', (cookie: string) => [`Cookie: ${cookie}`, 'X-XSRF-TOKEN: a', 'X-XSRF-TOKEN: b']],
    ['a cookie without a value', () => ['Cookie: somesha_session; XSRF-TOKEN']],
  ])('answers below 500 for %s', async (_name, headerLines) => {
    await ready(personas.get('student') as Persona);
    const browser = student();
    const cookie = [...(browser?.cookies ?? [])].map(([name, value]) => `${name}=${value}`).join('; ');
    const host = new URL(server.baseUrl).host;
    for (const [method, path] of [
      ['GET', '/api/user'],
      ['POST', '/api/cart/store'],
      ['GET', '/sanctum/csrf-cookie'],
    ] as const) {
      const body = method === 'POST' ? '{"purchasable_type":"lesson","purchasable_id":1}' : '';
      const status = await rawRequest(
        [
          `${method} ${path} HTTP/1.1`,
          `Host: ${host}`,
          'Accept: application/json',
          ...headerLines(cookie),
          ...(body ? ['Content-Type: application/json', `Content-Length: ${body.length}`] : []),
          'Connection: close',
        ],
        body,
      );
      expect(status, `${method} ${path}`).toBeGreaterThanOrEqual(200);
      expect(status, `${method} ${path}`).toBeLessThan(500);
    }
  });
});
