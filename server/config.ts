// Runtime settings, read once from the environment (main.ts) or built by tests.
import { readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { JitsiSettings } from './gateways/classroom';
import { parseTrustProxy, type TrustProxy } from './http/proxy';
import { DEFAULT_COMMISSION_PERCENT } from '../src/shared/teaching';
export type AppConfig = {
  /** Public origin used in e-mailed links, e.g. https://somesha.co.ke */
  appUrl: string;
  nodeEnv: string;
  /** Built SPA folder; served with an SPA fallback. */
  distDir: string;
  mailFrom: string;
  /**
   * TRUST_PROXY (docs/api.md "Server runtime"): proxy hops (0 = none, true = 1) or the proxies'
   * addresses, for the client IP of rate limits and the callback allow-list, and https for cookies.
   */
  trustProxy: boolean | TrustProxy;
  logLevel: string;
  /** Secret path segment of the gateways' callback URLs; generated and stored when unset. */
  callbackSecret?: string;
  /** Source networks the gateways' callbacks may come from (IPs or CIDRs); empty: any. */
  callbackAllowList?: string[];
  /** Folder of uploaded files (FILES_DIR; default: `files` in the data folder). */
  filesDir?: string;
  /** The platform's share of a lesson's takings (PLATFORM_COMMISSION_PERCENT; default 20). */
  commissionPercent?: number;
  /** The secret the lessons' room names are derived from (CLASSROOM_SECRET); generated and stored when unset. */
  classroomSecret?: string;
  /** The lessons' Jitsi rooms (JITSI_*, docs/classroom.md); default: public meet.jit.si, no tokens. */
  jitsi?: JitsiSettings;
  /** The flat fee of a withdrawal to M-Pesa, in cents (WITHDRAWAL_FEE in KES; default 0, docs/withdrawals.md). */
  withdrawalFeeCents?: number;
};

export type ServerEnv = AppConfig & {
  port: number;
  host: string;
  databaseUrl: string | undefined;
  /** PGlite directory, or 'memory'. */
  dataDir: string;
  smtpUrl: string | undefined;
  /** How often the background check asks the gateways about pending payments. */
  paymentCheckIntervalMs: number;
  /** How long after it starts a pending gateway payment is first asked about (its notification may be lost). */
  paymentFirstCheckAfterMs: number;
  /** How often due lesson reminders are looked for (REMINDER_CHECK_INTERVAL_MS, 60 s). */
  reminderCheckIntervalMs: number;
  /** How often the outbox job looks for due e-mails and SMS (OUTBOX_CHECK_INTERVAL_MS, 2 s). */
  outboxCheckIntervalMs: number;
  /** PUBLIC_CACHE=off: compute every public answer (server/http/public-cache.ts); on by default. */
  publicCache: boolean;
  /** PRIVATE_CACHE=off: compute every signed-in read and session lookup (server/http/private-cache.ts). */
  privateCache: boolean;
};

export function readConfig(env: NodeJS.ProcessEnv = process.env): ServerEnv {
  const port = Number(env.PORT ?? 3000);
  const nodeEnv = env.NODE_ENV ?? 'development';
  return {
    port,
    host: env.HOST ?? '0.0.0.0',
    databaseUrl: env.DATABASE_URL || undefined,
    dataDir: env.DATA_DIR || './data',
    smtpUrl: env.SMTP_URL || undefined,
    paymentCheckIntervalMs: milliseconds(env.PAYMENT_CHECK_INTERVAL_MS, 15_000),
    paymentFirstCheckAfterMs: milliseconds(env.PAYMENT_FIRST_CHECK_AFTER_MS, 30_000),
    reminderCheckIntervalMs: milliseconds(env.REMINDER_CHECK_INTERVAL_MS, 60_000),
    outboxCheckIntervalMs: milliseconds(env.OUTBOX_CHECK_INTERVAL_MS, 2_000),
    publicCache: env.PUBLIC_CACHE !== 'off',
    privateCache: env.PRIVATE_CACHE !== 'off',
    appUrl: (env.APP_URL || `http://localhost:${port}`).replace(/\/+$/, ''),
    nodeEnv,
    distDir: env.DIST_DIR || 'dist',
    mailFrom: env.MAIL_FROM || 'Somesha <no-reply@somesha.co.ke>',
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    logLevel: env.LOG_LEVEL || (nodeEnv === 'test' ? 'silent' : 'info'),
    callbackSecret: env.PAYMENTS_CALLBACK_SECRET || undefined,
    filesDir: env.FILES_DIR || filesDirFor(env.DATA_DIR || './data'),
    commissionPercent: percent(env.PLATFORM_COMMISSION_PERCENT, DEFAULT_COMMISSION_PERCENT),
    classroomSecret: env.CLASSROOM_SECRET || undefined,
    jitsi: jitsiSettings(env),
    withdrawalFeeCents: withdrawalFee(env.WITHDRAWAL_FEE),
    callbackAllowList: (env.PAYMENTS_CALLBACK_ALLOW ?? '')
      .split(',')
      .map((entry) => entry.trim())
      .filter(Boolean),
  };
}

export function testConfig(overrides: Partial<AppConfig> = {}): AppConfig {
  return {
    appUrl: 'http://localhost:3000',
    nodeEnv: 'test',
    distDir: 'dist',
    mailFrom: 'Somesha <no-reply@somesha.co.ke>',
    trustProxy: false,
    logLevel: 'silent',
    ...overrides,
  };
}

export const DEFAULT_JITSI_DOMAIN = 'meet.jit.si';
/** JaaS (8x8's Jitsi as a Service) serves its tenants' rooms here. */
export const JAAS_DOMAIN = '8x8.vc';

/**
 * JITSI_DOMAIN with, for tokens, JITSI_APP_ID + JITSI_APP_SECRET (self-hosted, HS256) or JITSI_KID +
 * JITSI_PRIVATE_KEY / JITSI_PRIVATE_KEY_FILE (JaaS, RS256). Half a setting is refused at start.
 */
export function jitsiSettings(env: NodeJS.ProcessEnv): JitsiSettings {
  const appId = env.JITSI_APP_ID || undefined;
  const appSecret = env.JITSI_APP_SECRET || undefined;
  const kid = env.JITSI_KID || undefined;
  const keyFile = env.JITSI_PRIVATE_KEY_FILE || undefined;
  const privateKey = env.JITSI_PRIVATE_KEY || (keyFile ? readFileSync(keyFile, 'utf8') : undefined);
  if (Boolean(appId) !== Boolean(appSecret))
    throw new Error(
      'Set both JITSI_APP_ID and JITSI_APP_SECRET (a self-hosted Jitsi with tokens), or neither.',
    );
  if (Boolean(kid) !== Boolean(privateKey))
    throw new Error(
      'Set both JITSI_KID and JITSI_PRIVATE_KEY (or JITSI_PRIVATE_KEY_FILE) for JaaS, or neither.',
    );
  if (appId && kid)
    throw new Error('Set either JITSI_APP_ID/JITSI_APP_SECRET or JITSI_KID/JITSI_PRIVATE_KEY, not both.');
  if (kid && privateKey)
    return { domain: env.JITSI_DOMAIN || JAAS_DOMAIN, tokens: { kind: 'jaas', kid, privateKey } };
  const domain = env.JITSI_DOMAIN || DEFAULT_JITSI_DOMAIN;
  if (appId && appSecret) return { domain, tokens: { kind: 'app', appId, appSecret } };
  return { domain, tokens: { kind: 'none' } };
}

/** Uploaded files sit beside the PGlite data; an in-memory database keeps them in the OS temp dir. */
function filesDirFor(dataDir: string): string {
  return dataDir === 'memory' ? path.join(tmpdir(), 'somesha-files') : path.join(dataDir, 'files');
}

/** 0–100, decimals allowed (12.5); anything else falls back to the default. */
function percent(value: string | undefined, fallback: number): number {
  const n = Number(value);
  return value && Number.isFinite(n) && n >= 0 && n <= 100 ? n : fallback;
}

/** WITHDRAWAL_FEE: whole or decimal KES, 0 to 1,000; anything else is refused at start. */
function withdrawalFee(value: string | undefined): number {
  if (!value) return 0;
  const n = Number(value);
  if (!/^\d+(\.\d{1,2})?$/.test(value.trim()) || n > 1000)
    throw new Error('WITHDRAWAL_FEE must be an amount in KES from 0 to 1000 (e.g. 25), or unset for no fee.');
  return Math.round(n * 100);
}

function milliseconds(value: string | undefined, fallback: number): number {
  const n = Number(value);
  return value && Number.isInteger(n) && n > 0 ? n : fallback;
}

/** Which database `createDatabase` opens for this environment: PostgreSQL, PGlite in memory or on disk. */
export function databaseOptions(env: Pick<ServerEnv, 'databaseUrl' | 'dataDir'>) {
  if (env.databaseUrl) return { url: env.databaseUrl };
  return env.dataDir === 'memory' ? { memory: true } : { dataDir: env.dataDir };
}
