// buildApp: the Fastify instance with every plugin and route, without listening (tests listen on port 0).
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DiskFileStorage, type FileStorage } from './storage/file-storage';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import fastifyStatic from '@fastify/static';
import type { AppConfig } from './config';
import type { AppContext } from './context';
import type { Database, DataChanges } from './db/client';
import { cachedAnswer, PublicCache, registerPublicCache, type PublicCacheOptions } from './http/public-cache';
import type { Mailer } from './gateways/mail/mailer';
import { createClassrooms, type Classrooms } from './gateways/classroom';
import { DEFAULT_JITSI_DOMAIN } from './config';
import {
  createMpesaGateway,
  registerMpesaSandboxRoutes,
  SandboxMpesaGateway,
  type MpesaGateway,
} from './gateways/mpesa';
import { createB2CGateway, SandboxB2CGateway, type B2CGateway } from './gateways/mpesa-b2c';
import {
  createSmsGateway,
  registerSmsSandboxRoutes,
  SandboxSmsGateway,
  type SmsGateway,
} from './gateways/sms';
import { shortLinkRoutes, smsDevRoutes, smsHookRoutes } from './routes/sms-routes';
import {
  createPesapalGateway,
  registerPesapalSandboxRoutes,
  SandboxPesapalGateway,
  type PesapalGateway,
} from './gateways/pesapal';
import { registerErrorHandling, registerJsonParser } from './http/error-handler';
import { createGuards } from './http/guards';
import { registerSessions } from './http/session';
import { PrivateCache, registerPrivateCache, type PrivateCacheOptions } from './http/private-cache';
import { fastifyTrustProxy } from './http/proxy';
import { inlineScriptSource, registerSecurityHeaders } from './http/security-headers';
import { EARLY_TAPS_SCRIPT } from '../src/shared/early-taps';
import { loggableUrl, OneLineRequestLog } from './http/request-log';
import { adminCatalogueRoutes } from './routes/admin-catalogue-routes';
import { adminRoutes } from './routes/admin-routes';
import { authRoutes } from './routes/auth-routes';
import { cartRoutes } from './routes/cart-routes';
import { catalogueRoutes } from './routes/catalogue-routes';
import { lessonRoutes } from './routes/lesson-routes';
import { learnerRoutes } from './routes/learner-routes';
import { teacherMaterialRoutes } from './routes/teacher-material-routes';
import { teacherRoutes } from './routes/teacher-routes';
import { timetableRoutes } from './routes/timetable-routes';
import { gatewayRoutes } from './routes/gateway-routes';
import { paymentRoutes } from './routes/payment-routes';
import { questionRoutes } from './routes/question-routes';
import { reportRoutes } from './routes/report-routes';
import { reviewRoutes } from './routes/review-routes';
import { webRoutes } from './routes/web-routes';
import { walletRoutes } from './routes/wallet-routes';
import { moneyDeskRoutes } from './routes/money-desk-routes';
import {
  DEFAULT_COMMERCE_SETTINGS,
  type CommerceContext,
  type CommerceSettings,
} from './services/commerce-context';
import { reconcilePending } from './services/payments';
import { callbackPaths, callbackSecret } from './services/callback-secret-service';
import { classroomSecret } from './services/classroom-secret-service';
import { FollowUps } from './services/follow-ups';
import { devRoutes } from './routes/dev-routes';
import { isOperationsPath, opsRoutes } from './routes/ops-routes';
import { profileRoutes } from './routes/profile-routes';
import { notificationRoutes } from './routes/notification-routes';
import type { EventPumpOptions } from './services/event-service';
import { startReminderJob } from './services/reminder-service';
import { startEarningsJob } from './services/earnings-service';
import { subscriptionRoutes } from './routes/subscription-routes';
import { messageRoutes } from './routes/message-routes';
import { phoneRoutes } from './routes/phone-routes';
import { startMessageMailJob } from './services/message-service';
import { runOutbox, startOutboxJob, type OutboxRun } from './services/outbox-job';
import { t } from '../src/shared/messages';
import { isPrivateRoute, loadSpaShell } from './spa';
// Paths the SPA fallback never answers: they belong to the API or to server pages.
import { isServerPath, matchRoute } from '../src/shared/routes';
import { movedPage } from './http/moved-pages';

export type BuildAppOptions = {
  db: Database;
  mailer: Mailer;
  config: AppConfig;
  /** Defaults: from the environment (docs/gateways.md), the sandboxes unless credentials are set. */
  gateways?: { mpesa?: MpesaGateway; pesapal?: PesapalGateway; b2c?: B2CGateway; sms?: SmsGateway };
  commerce?: Partial<CommerceSettings>;
  /** Sweep pending gateway payments whose notification never came (main: every 15 s). */
  paymentCheckIntervalMs?: number;
  /** Send due lesson reminders (main: every 60 s, REMINDER_CHECK_INTERVAL_MS); off when not given. */
  reminderCheckIntervalMs?: number;
  /**
   * Send due outbox rows (e-mail and SMS) every this many ms, and once at start (main: every 2 s,
   * OUTBOX_CHECK_INTERVAL_MS); off when not given: then `app.outbox.run()` sends (tests).
   */
  outboxCheckIntervalMs?: number;
  /** The outbox job's clock (tests); default the system's. */
  clock?: () => Date;
  /** Live-event pump timings (`GET /api/events`); defaults in event-service.ts. */
  liveEvents?: Partial<EventPumpOptions>;
  env?: Record<string, string | undefined>;
  /** Uploaded files; default: on disk in `config.filesDir`. */
  storage?: FileStorage;
  /**
   * The public site's answers from memory (server/http/public-cache.ts). Needs the database's change
   * feed (`DatabaseHandle.publicDataChanges`): without it nothing is cached.
   */
  publicData?: { changes: DataChanges; cache?: PublicCacheOptions };
  /**
   * Signed-in reads and sessions from memory (server/http/private-cache.ts). Needs the database's
   * private change feed (`DatabaseHandle.privateDataChanges`): without it nothing is cached.
   */
  privateData?: { changes: DataChanges; cache?: PrivateCacheOptions };
  /** Where the log lines go (default: stdout); tests read what would be logged. */
  logStream?: { write(line: string): void };
  /** Default: from `config.jitsi` and the classroom secret (docs/classroom.md). */
  classrooms?: Classrooms;
};

export async function buildApp({
  db,
  mailer,
  config,
  gateways = {},
  commerce = {},
  paymentCheckIntervalMs,
  reminderCheckIntervalMs,
  outboxCheckIntervalMs,
  clock,
  liveEvents,
  env = process.env,
  storage = new DiskFileStorage(config.filesDir ?? path.join(tmpdir(), 'somesha-files')),
  publicData,
  privateData,
  logStream,
  classrooms,
}: BuildAppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: {
      level: config.logLevel,
      ...(logStream ? { stream: logStream } : {}),
      serializers: {
        // One-time tokens travel in activation URLs, the callback secret in the gateways'; keep them out of the logs.
        req: (request) => ({
          method: request.method,
          url: loggableUrl(request.url),
          remoteAddress: request.ip,
        }),
      },
    },
    logController: new OneLineRequestLog(),
    trustProxy: fastifyTrustProxy(config.trustProxy),
    bodyLimit: 1024 * 1024,
  });
  const rooms =
    classrooms ??
    createClassrooms(
      config.jitsi ?? { domain: DEFAULT_JITSI_DOMAIN, tokens: { kind: 'none' } },
      await classroomSecret(db, config.classroomSecret),
    );
  // The classroom page embeds the call only with tokens: then, and only then, its script and frame.
  const jitsiOrigin = rooms.jitsi.embedOrigin;
  const settings = { ...DEFAULT_COMMERCE_SETTINGS, ...commerce };
  const secret = await callbackSecret(db, config.callbackSecret);
  const callbacks = callbackPaths(secret);
  const production = config.nodeEnv === 'production';
  const mpesa =
    gateways.mpesa ??
    createMpesaGateway(env, {
      db,
      c2bConfirmationUrl: `${settings.callbackBaseUrl ?? config.appUrl}${callbacks.c2bConfirmation}`,
      production,
      logger: app.log,
    });
  const pesapal =
    gateways.pesapal ??
    createPesapalGateway(env, { db, baseUrl: config.appUrl, production, logger: app.log });
  const b2c = gateways.b2c ?? createB2CGateway(env, { db, production, logger: app.log });
  // SMS (issue 26): Africa's Talking when AT_USERNAME/AT_API_KEY are set, else the development sandbox,
  // which answers below this server's own origin and reports delivery to its own hook.
  const smsOrigin = settings.callbackBaseUrl ?? config.appUrl;
  const sms =
    gateways.sms ??
    createSmsGateway(env, {
      db,
      selfUrl: smsOrigin,
      deliveryUrl: `${smsOrigin}${callbacks.smsDelivery}`,
      production,
      logger: app.log,
    });
  const ctx: AppContext = { db, mailer, sms, config, storage, classrooms: rooms };
  const commerceCtx: CommerceContext = {
    ...ctx,
    mpesa,
    b2c,
    pesapal,
    settings,
    callbacks,
    log: app.log,
    followUps: new FollowUps(app.log),
    pesapalIpn: { promise: null },
  };
  app.decorate('followUps', commerceCtx.followUps);

  registerSecurityHeaders(app, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        // The one inline script, on pages rendered on the server, allowed by its hash.
        scriptSrc: ["'self'", inlineScriptSource(EARLY_TAPS_SCRIPT), ...(jitsiOrigin ? [jitsiOrigin] : [])],
        // Mantine injects style tags and inline styles at runtime.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        // The payment dialog frames the Pesapal page: our own sandbox page, or Pesapal's hosted one.
        frameSrc: [
          "'self'",
          'https://cybqa.pesapal.com',
          'https://pay.pesapal.com',
          ...(jitsiOrigin ? [jitsiOrigin] : []),
        ],
        // Only our own pages may frame us (the sandbox page inside the payment dialog).
        frameAncestors: ["'self'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        // Would break plain-HTTP local runs; HTTPS deployments terminate TLS in front anyway.
        upgradeInsecureRequests: null,
      },
    },
  });
  await app.register(compress, { encodings: ['br', 'gzip'] });
  await app.register(cookie);

  // User data must not sit in shared or browser caches.
  app.addHook('onSend', async (request, reply) => {
    if (isServerPath(request.raw.url ?? '/') && !reply.hasHeader('cache-control'))
      reply.header('Cache-Control', 'no-store');
  });

  registerJsonParser(app);
  registerErrorHandling(app);
  const publicCache = new PublicCache({
    ...publicData?.cache,
    enabled: !!publicData && publicData.cache?.enabled !== false,
  });
  if (publicData && publicCache.enabled) {
    const unsubscribe = await publicCache.follow(publicData.changes);
    app.addHook('onClose', async () => unsubscribe());
  }
  app.decorate('publicCache', publicCache);
  registerPublicCache(app, publicCache, publicData?.changes ?? null);
  const privateCache = new PrivateCache({
    ...privateData?.cache,
    enabled: !!privateData && privateData.cache?.enabled !== false,
  });
  if (privateData && privateCache.enabled) {
    const unsubscribe = await privateCache.follow(privateData.changes);
    app.addHook('onClose', async () => unsubscribe());
  }
  app.decorate('privateCache', privateCache);
  registerSessions(
    app,
    db,
    privateCache.enabled ? { cache: privateCache, changes: privateData?.changes ?? null } : undefined,
  );
  registerPrivateCache(app, privateCache);
  app.decorateRequest('authUser', null);
  const guards = createGuards(db);

  opsRoutes(app, db);
  authRoutes(app, ctx, guards);
  profileRoutes(app, ctx, guards);
  subscriptionRoutes(app, ctx, guards);
  catalogueRoutes(app, ctx, guards);
  cartRoutes(app, commerceCtx, guards);
  lessonRoutes(app, commerceCtx, guards);
  learnerRoutes(app, ctx, guards);
  teacherMaterialRoutes(app, ctx, guards);
  teacherRoutes(app, ctx, guards);
  timetableRoutes(app, ctx, guards);
  paymentRoutes(app, commerceCtx, guards);
  gatewayRoutes(app, commerceCtx, secret);
  adminRoutes(app, ctx, guards);
  adminCatalogueRoutes(app, ctx, guards);
  reportRoutes(app, ctx, guards);
  reviewRoutes(app, ctx, guards);
  walletRoutes(app, commerceCtx, guards);
  moneyDeskRoutes(app, ctx, guards);
  webRoutes(app, ctx);
  questionRoutes(app, ctx, guards);
  notificationRoutes(app, ctx, guards, { events: liveEvents });
  messageRoutes(app, ctx, guards);
  phoneRoutes(app, ctx, guards);
  // The sandboxes' own pages stand in for the customer's phone and Pesapal's site: never with real gateways.
  if (mpesa instanceof SandboxMpesaGateway) registerMpesaSandboxRoutes(app, mpesa);
  if (pesapal instanceof SandboxPesapalGateway) registerPesapalSandboxRoutes(app, pesapal);
  // SMS: delivery reports and opt-outs on the secret hook paths; short links; the sandbox and /dev/sms
  // never in production.
  smsHookRoutes(app, { db, callbackAllowList: config.callbackAllowList }, secret);
  shortLinkRoutes(app, db);
  if (!production) {
    if (sms instanceof SandboxSmsGateway) registerSmsSandboxRoutes(app, sms.sandbox);
    smsDevRoutes(app, sms instanceof SandboxSmsGateway ? sms.sandbox : null);
  }

  let checking = false;
  const timer =
    paymentCheckIntervalMs && paymentCheckIntervalMs > 0
      ? setInterval(() => {
          if (checking) return;
          checking = true;
          reconcilePending(commerceCtx)
            .catch((error: unknown) => app.log.error({ err: error }, 'payment check failed'))
            .finally(() => {
              checking = false;
            });
        }, paymentCheckIntervalMs)
      : null;
  // The sweep must not keep a stopping process alive.
  timer?.unref();
  app.addHook('onClose', async () => {
    if (timer) clearInterval(timer);
    await commerceCtx.followUps.idle();
    if (mpesa instanceof SandboxMpesaGateway) mpesa.close();
    if (b2c instanceof SandboxB2CGateway) b2c.close();
    if (sms instanceof SandboxSmsGateway) sms.sandbox.close();
  });
  const reminders =
    reminderCheckIntervalMs && reminderCheckIntervalMs > 0
      ? startReminderJob({ ...ctx, log: app.log }, reminderCheckIntervalMs)
      : null;
  app.addHook('onClose', async () => {
    await reminders?.stop();
  });
  // Teachers' earnings of ended lessons, on the reminders' interval.
  const earnings =
    reminderCheckIntervalMs && reminderCheckIntervalMs > 0
      ? startEarningsJob({ ...ctx, log: app.log }, reminderCheckIntervalMs)
      : null;
  app.addHook('onClose', async () => {
    await earnings?.stop();
  });
  // Messages unread for 15 minutes are e-mailed (issue 25), on the reminders' interval.
  const messageMails =
    reminderCheckIntervalMs && reminderCheckIntervalMs > 0
      ? startMessageMailJob({ ...ctx, log: app.log }, reminderCheckIntervalMs)
      : null;
  app.addHook('onClose', async () => {
    await messageMails?.stop();
  });
  // Every e-mail and SMS leaves through the outbox (issue 26, docs/messaging.md), in every process.
  const outboxCtx = { db, mailer, sms, clock, log: app.log };
  const outbox =
    outboxCheckIntervalMs && outboxCheckIntervalMs > 0
      ? startOutboxJob(outboxCtx, outboxCheckIntervalMs)
      : null;
  app.decorate('outbox', { run: () => runOutbox(outboxCtx) });
  app.addHook('onClose', async () => {
    await outbox?.stop();
  });
  if (config.nodeEnv !== 'production') devRoutes(app, ctx);

  await registerSpa(app, config, publicCache, publicData?.changes ?? null);
  return app;
}

declare module 'fastify' {
  interface FastifyInstance {
    publicCache: PublicCache;
    privateCache: PrivateCache;
    /** Gateway confirmations started after a notification was answered; `idle()` waits for them. */
    followUps: FollowUps;
    /** One run of the outbox job now (what the interval does); tests call it before reading mail. */
    outbox: { run(): Promise<OutboxRun> };
  }
}

/**
 * Helmet's headers guard documents; on a hashed script or stylesheet they are ~700 bytes of dead
 * weight each, and a public page loads twenty of them over mobile data. Subresources keep the two
 * that apply to them.
 */
const HTML = 'text/html; charset=utf-8';

const DOCUMENT_ONLY_HEADERS = [
  'content-security-policy',
  'cross-origin-opener-policy',
  'origin-agent-cluster',
  'referrer-policy',
  'strict-transport-security',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-frame-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
];

async function registerSpa(
  app: FastifyInstance,
  config: AppConfig,
  cache: PublicCache,
  changes: DataChanges | null,
): Promise<void> {
  const root = path.resolve(config.distDir);
  const shell = loadSpaShell(app, root);
  if (shell) {
    await app.register(fastifyStatic, {
      root,
      // Pages, `/` included, are answered by the shell below (it adds the route's preload hints).
      index: false,
      dotfiles: 'ignore',
      cacheControl: false,
      setHeaders(reply, filePath) {
        // Vite puts content-hashed files under /assets; everything else may change between builds.
        const hashed = filePath.startsWith(path.join(root, 'assets') + path.sep);
        reply.header('Cache-Control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
        if (hashed) for (const name of DOCUMENT_ONLY_HEADERS) reply.removeHeader(name);
      },
    });
  }

  const sendPage = async (request: FastifyRequest, reply: FastifyReply) => {
    // profile (issue 25): an old address of a page that moved.
    const moved = movedPage(request.raw.url ?? '/');
    if (moved) return reply.redirect(moved, 301);
    if (!shell) {
      return reply
        .status(503)
        .type('text/plain; charset=utf-8')
        .send('The web app has not been built yet. Run npm run build.');
    }
    const url = request.raw.url ?? '/';
    // signedin (issue 27): a protected page is the signed-in user's own (their answers, rendered for
    // them): made for each request, kept by no cache, and for no one signed in a redirect to sign-in.
    if (isPrivateRoute(matchRoute(url).route)) {
      const own = await shell.renderPrivate(url, request.headers.cookie ?? '');
      if ('redirect' in own) return reply.header('Cache-Control', 'no-store').redirect(own.redirect, 302);
      return reply.status(own.status).header('Cache-Control', 'private, no-store').type(HTML).send(own.html);
    }
    // A public page depends on the URL alone (a visitor's page; the session is asked for afterwards).
    const key = `page ${url}`;
    const answer = await cachedAnswer(cache, changes, key);
    if (answer && 'entry' in answer) return cache.send(request, reply, answer.entry);
    let page: Awaited<ReturnType<typeof shell.render>>;
    try {
      page = await shell.render(url);
      if (answer && page.complete)
        cache.store(key, answer.generation, { body: page.html, type: HTML, cacheControl: 'no-cache' });
    } finally {
      // Visitors asking for the same page meanwhile waited for this render instead of repeating it.
      answer?.release();
    }
    return reply.status(page.status).header('Cache-Control', 'no-cache').type(HTML).send(page.html);
  };
  // The static plugin would answer `/` (a directory) with 403.
  app.get('/', sendPage);

  app.setNotFoundHandler(async (request, reply) => {
    const url = request.raw.url ?? '/';
    const isPage =
      (request.method === 'GET' || request.method === 'HEAD') && !isServerPath(url) && !isOperationsPath(url);
    // A missing hashed asset is a 404, not the app shell (a stale tab would otherwise parse HTML as JS).
    if (!isPage || url.startsWith('/assets/'))
      return reply.status(404).send({ message: t('messages.notFound') });
    return sendPage(request, reply);
  });
}
