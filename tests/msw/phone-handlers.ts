// Fake API for issue 26's phone part (docs/messaging.md "Phones and choices"): the verification code
// and the notification choices, with the real server's paths, statuses and words. The code the fake
// "sends" is `phoneFake.code` (the real one is only in the SMS); its limits are the shared constants.
import { http, HttpResponse, type JsonBodyType } from 'msw';
import { t } from '@/shared/messages';
import {
  DEFAULT_NOTIFICATION_SETTINGS,
  NOTIFICATION_CHANNELS,
  NOTIFICATION_KINDS,
  PHONE_CODE_MAX_TRIES,
  PHONE_CODES_PER_HOUR,
  settingsWithDefaults,
  type NotificationSettings,
} from '@/shared/notification-channels';
import { displayPhone, normaliseKenyanPhone } from '@/shared/validation';
import { api } from './handlers';

type WireRecord = Record<string, unknown>;

export const phoneFake = {
  code: '246810',
  sent: [] as string[],
  tries: 0,
  expired: false,
  settings: structuredClone(DEFAULT_NOTIFICATION_SETTINGS) as NotificationSettings,
  reset() {
    this.code = '246810';
    this.sent = [];
    this.tries = 0;
    this.expired = false;
    this.settings = structuredClone(DEFAULT_NOTIFICATION_SETTINGS);
  },
};

const json = (body: JsonBodyType, status = 200) => HttpResponse.json(body, { status });
const invalid = (field: string, message: string) => json({ message, errors: { [field]: [message] } }, 422);

function signedIn(request: Request): Response | null {
  if (!api.current()) return json({ message: t('auth.unauthenticated') }, 401);
  if (request.method !== 'GET' && request.headers.get('X-XSRF-TOKEN') !== 'test-xsrf-token')
    return json({ message: t('auth.csrfMismatch') }, 419);
  return null;
}

function choices(): WireRecord {
  const user = api.current()?.user ?? {};
  return {
    settings: phoneFake.settings,
    phone: user.phone ?? null,
    phone_verified: user.phone_verified === true,
  };
}

const known = (list: readonly string[], key: string) => list.includes(key);

export const phoneHandlers = [
  http.post('/api/user/phone/verify/send', async ({ request }) => {
    const refused = signedIn(request);
    if (refused) return refused;
    const body = (await request.json()) as WireRecord;
    api.bodies.set('POST /api/user/phone/verify/send', body);
    const phone = normaliseKenyanPhone(String(body.phone ?? ''));
    if (!phone) return invalid('phone', t('validation.phone'));
    if (phoneFake.sent.length >= PHONE_CODES_PER_HOUR)
      return json({ message: t('phone.tooManyCodes', { max: PHONE_CODES_PER_HOUR, minutes: 42 }) }, 429);
    phoneFake.sent.push(phone);
    phoneFake.tries = 0;
    phoneFake.expired = false;
    return json({ message: t('phone.codeSent', { phone: displayPhone(phone) }), data: { phone } });
  }),

  http.post('/api/user/phone/verify', async ({ request }) => {
    const refused = signedIn(request);
    if (refused) return refused;
    const body = (await request.json()) as WireRecord;
    api.bodies.set('POST /api/user/phone/verify', body);
    const phone = normaliseKenyanPhone(String(body.phone ?? ''));
    if (!phone || !phoneFake.sent.includes(phone)) return invalid('code', t('phone.noCode'));
    if (phoneFake.tries >= PHONE_CODE_MAX_TRIES) return invalid('code', t('phone.deadCode'));
    if (phoneFake.expired) return invalid('code', t('phone.expiredCode'));
    if (body.code !== phoneFake.code) {
      phoneFake.tries += 1;
      const left = PHONE_CODE_MAX_TRIES - phoneFake.tries;
      return invalid('code', left > 0 ? t('phone.wrongCode', { left }) : t('phone.lastTry'));
    }
    const user = api.current()!.user;
    Object.assign(user, { phone, phone_verified: true, phone_verified_at: '2026-11-27T10:00:00.000Z' });
    return json({ message: t('phone.verified'), data: user });
  }),

  http.get(
    '/api/user/notification-settings',
    ({ request }) => signedIn(request) ?? json({ data: choices() }),
  ),

  http.post('/api/user/notification-settings', async ({ request }) => {
    const refused = signedIn(request);
    if (refused) return refused;
    const body = (await request.json()) as WireRecord;
    api.bodies.set('POST /api/user/notification-settings', body);
    const settings = body.settings as Record<string, Record<string, unknown>> | undefined;
    const wrong = () => invalid('settings', t('phone.unknownSetting'));
    if (!settings || typeof settings !== 'object') return wrong();
    for (const [kind, entry] of Object.entries(settings)) {
      if (!known(NOTIFICATION_KINDS, kind) || !entry || typeof entry !== 'object') return wrong();
      for (const [channel, on] of Object.entries(entry))
        if (!known(NOTIFICATION_CHANNELS, channel) || typeof on !== 'boolean') return wrong();
    }
    phoneFake.settings = settingsWithDefaults({ ...phoneFake.settings, ...settings });
    return json({ message: t('phone.settingsSaved'), data: choices() });
  }),
];
