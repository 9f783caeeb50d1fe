// `GET/POST /api/user/notification-settings` (docs/messaging.md): the choices per kind and channel
// (completed with the defaults, so an older or partial answer still reads), and the phone SMS goes to.
import { boolean, defaulted, string, type } from 'superstruct';
import { decodeWith, maybe } from './common';
import { settingsWithDefaults, type NotificationSettings } from '@/shared/notification-channels';

const ChoicesStruct = type({
  settings: defaulted(type({}), {}),
  phone: maybe(string()),
  phoneVerified: defaulted(boolean(), false),
});

export type NotificationChoices = {
  settings: NotificationSettings;
  phone: string | null;
  phoneVerified: boolean;
};

export function decodeNotificationChoices(raw: unknown): NotificationChoices {
  const { settings, phone, phoneVerified } = decodeWith(ChoicesStruct, raw);
  return { settings: settingsWithDefaults(settings), phone, phoneVerified };
}
