// Verified phones and notification choices of the signed-in user (issue 26, docs/messaging.md
// "Phones and choices"). HTTP only: the rules are in server/services/phone-service.ts.
import { object } from 'superstruct';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';
import { currentUser, type Guards } from '../http/guards';
import { BODY_LIMIT, typed } from '../http/validation';
import { userResource } from '../resources/user-resource';
import * as phones from '../services/phone-service';
import { loadUser } from '../services/user-service';
import { t } from '../../src/shared/messages';
import {
  NOTIFICATION_CHANNELS,
  NOTIFICATION_KINDS,
  PHONE_CODE_LENGTH,
} from '../../src/shared/notification-channels';
import { piece, text, withRule } from '../../src/shared/request-schemas';
import { displayPhone, normaliseKenyanPhone, phoneProblem } from '../../src/shared/validation';

const phone = () => withRule(text({ max: 100 }), 'phone', phoneProblem);

const SendBody = object({ phone: phone() });

const CODE = new RegExp(`^\\d{${PHONE_CODE_LENGTH}}$`);
const VerifyBody = object({
  phone: phone(),
  code: withRule(text({ max: 20 }), 'code', (value) => (CODE.test(value) ? null : t('phone.codeFormat'))),
});

const isRecord = (value: unknown): value is Record<string, unknown> =>
  !!value && typeof value === 'object' && !Array.isArray(value);

/**
 * `{kind: {channel: boolean}}` with only the known kinds and channels (any of them may be left out:
 * it keeps its current value). Anything else is the one 422 on `settings`, never silently dropped.
 */
const settingsChange = () =>
  piece<phones.SettingsChange>(
    'notificationSettings',
    (value) => value,
    (value) => {
      const wrong = t('phone.unknownSetting');
      if (!isRecord(value)) return wrong;
      for (const [kind, entry] of Object.entries(value)) {
        if (!(NOTIFICATION_KINDS as readonly string[]).includes(kind) || !isRecord(entry)) return wrong;
        for (const [channel, on] of Object.entries(entry))
          if (!(NOTIFICATION_CHANNELS as readonly string[]).includes(channel) || typeof on !== 'boolean')
            return wrong;
      }
      return null;
    },
  );

const SettingsBody = object({ settings: settingsChange() });

const settingsResource = (value: Awaited<ReturnType<typeof phones.notificationSettingsOf>>) => ({
  settings: value.settings,
  phone: value.phone,
  phone_verified: value.phoneVerified,
});

export function phoneRoutes(app: FastifyInstance, ctx: AppContext, guards: Guards): void {
  const api = typed(app);
  const signedIn = { bodyLimit: BODY_LIMIT.json, preValidation: guards.authenticate };

  api.post('/api/user/phone/verify/send', { ...signedIn, schema: { body: SendBody } }, async (request) => {
    const number = normaliseKenyanPhone(request.body.phone) ?? request.body.phone;
    await phones.sendPhoneCode(ctx, currentUser(request).id, number);
    return { message: t('phone.codeSent', { phone: displayPhone(number) }), data: { phone: number } };
  });

  api.post('/api/user/phone/verify', { ...signedIn, schema: { body: VerifyBody } }, async (request) => {
    const user = currentUser(request);
    await phones.verifyPhoneCode(ctx, user.id, {
      phone: normaliseKenyanPhone(request.body.phone) ?? request.body.phone,
      code: request.body.code,
    });
    return { message: t('phone.verified'), data: userResource(await loadUser(ctx.db, user.id)) };
  });

  api.get('/api/user/notification-settings', signedIn, async (request) => ({
    data: settingsResource(await phones.notificationSettingsOf(ctx, currentUser(request).id)),
  }));

  api.post(
    '/api/user/notification-settings',
    { ...signedIn, schema: { body: SettingsBody } },
    async (request) => ({
      message: t('phone.settingsSaved'),
      data: settingsResource(
        await phones.saveNotificationSettings(ctx, currentUser(request).id, request.body.settings),
      ),
    }),
  );
}
