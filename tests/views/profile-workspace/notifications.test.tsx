// /profile-setting's Notifications (issue 26): the choices per kind and channel, saved as a whole;
// the phone shown as verified or not, and the code dialog (send, 6 digits, verified or refused).
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { t } from '@/shared/messages';
import { DEFAULT_NOTIFICATION_SETTINGS } from '@/shared/notification-channels';
import { api } from '../../msw/handlers';
import { phoneFake } from '../../msw/phone-handlers';
import { useFakeApi } from '../../msw/server';
import { renderApp, signedInAs } from '../../render';

useFakeApi();

async function openSettings() {
  signedInAs('student@example.com');
  const app = renderApp('/profile-setting');
  await app.landsOn('/profile-setting');
  const section = screen.getByRole('region', { name: 'Notifications' });
  await within(section).findByRole('form', { name: 'Notification choices' });
  return { app, section };
}

const switchOf = (section: HTMLElement, name: string) => within(section).getByRole('switch', { name });

/** Types the code into the dialog's six boxes. */
async function typeCode(app: Awaited<ReturnType<typeof openSettings>>['app'], code: string) {
  await app.user.click(screen.getByRole('textbox', { name: 'Verification code, digit 1' }));
  await app.user.keyboard(code);
}

describe('notification choices', () => {
  it('shows each kind with in the app always on, e-mail and SMS from the saved choices, and saves a change', async () => {
    phoneFake.settings = { ...DEFAULT_NOTIFICATION_SETTINGS, messages: { email: false, sms: false } };
    const { app, section } = await openSettings();

    const inApp = switchOf(section, 'Lessons and reminders: in the app (always on)');
    expect(inApp).toBeChecked();
    expect(inApp).toBeDisabled();
    expect(switchOf(section, 'Payments and wallet: SMS')).toBeChecked();
    expect(switchOf(section, 'Messages from teachers and learners: E-mail')).not.toBeChecked();
    // The phone is not verified: each SMS switch says what it needs.
    expect(switchOf(section, 'Payments and wallet: SMS')).toHaveAccessibleDescription(
      t('phone.smsNeedsVerifiedPhone'),
    );

    await app.user.click(switchOf(section, 'Payments and wallet: SMS'));
    await app.user.click(switchOf(section, 'Messages from teachers and learners: E-mail'));
    await app.user.click(within(section).getByRole('button', { name: 'Save choices' }));

    expect(await screen.findByText(t('phone.settingsSaved'))).toBeInTheDocument();
    expect(api.bodies.get('POST /api/user/notification-settings')).toEqual({
      settings: {
        ...DEFAULT_NOTIFICATION_SETTINGS,
        payments: { email: true, sms: false },
        messages: { email: true, sms: false },
      },
    });
    expect(phoneFake.settings.payments.sms).toBe(false);
  });
});

describe('phone verification', () => {
  it('verifies the phone with the code sent by SMS: the page then says "Verified"', async () => {
    const { app, section } = await openSettings();
    expect(within(section).getByText('+254 712 345 678')).toBeInTheDocument();
    expect(within(section).getByText('Not verified')).toBeInTheDocument();

    await app.user.click(within(section).getByRole('button', { name: 'Verify' }));
    const dialog = await screen.findByRole('dialog', { name: 'Verify your phone number' });
    await app.user.click(within(dialog).getByRole('button', { name: 'Send code' }));
    expect(
      await within(dialog).findByText(t('phone.codeSent', { phone: '+254 712 345 678' })),
    ).toBeInTheDocument();
    expect(api.bodies.get('POST /api/user/phone/verify/send')).toEqual({ phone: '254712345678' });

    await typeCode(app, phoneFake.code);
    expect(await screen.findByText(t('phone.verified'))).toBeInTheDocument();
    expect(api.bodies.get('POST /api/user/phone/verify')).toEqual({ phone: '254712345678', code: '246810' });
    expect(await within(section).findByText('Verified')).toBeInTheDocument();
    expect(within(section).queryByRole('button', { name: 'Verify' })).not.toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(switchOf(section, 'Payments and wallet: SMS')).not.toHaveAccessibleDescription(
      t('phone.smsNeedsVerifiedPhone'),
    );
    expect(JSON.parse(localStorage.getItem('somesha.user') ?? '{}')).toMatchObject({ phoneVerified: true });
  });

  it('shows a wrong code and an expired code on the field, and the dialog stays open', async () => {
    const { app, section } = await openSettings();
    await app.user.click(within(section).getByRole('button', { name: 'Verify' }));
    const dialog = await screen.findByRole('dialog', { name: 'Verify your phone number' });
    await app.user.click(within(dialog).getByRole('button', { name: 'Send code' }));
    await within(dialog).findByRole('group', { name: 'Verification code' });

    await typeCode(app, '111111');
    const first = screen.getByRole('textbox', { name: 'Verification code, digit 1' });
    expect(await within(dialog).findByText(t('phone.wrongCode', { left: 4 }))).toBeInTheDocument();
    // Announced (role alert) beside the boxes, which are marked invalid.
    expect(first).toHaveAttribute('aria-invalid', 'true');

    phoneFake.expired = true;
    await app.user.click(within(dialog).getByRole('button', { name: 'Verify' }));
    expect(await within(dialog).findByText(t('phone.expiredCode'))).toBeInTheDocument();
    expect(within(section).getByText('Not verified')).toBeInTheDocument();
  });

  it('says on the field when no more codes may be sent this hour', async () => {
    phoneFake.sent = ['254700000001', '254700000002'];
    const { app, section } = await openSettings();
    await app.user.click(within(section).getByRole('button', { name: 'Verify' }));
    const dialog = await screen.findByRole('dialog', { name: 'Verify your phone number' });
    await app.user.click(within(dialog).getByRole('button', { name: 'Send code' }));
    await within(dialog).findByRole('group', { name: 'Verification code' });

    await app.user.click(within(dialog).getByRole('button', { name: 'Send a new code' }));
    expect(
      await within(dialog).findByText(t('phone.tooManyCodes', { max: 3, minutes: 42 })),
    ).toBeInTheDocument();
    // The code already sent can still be typed.
    await typeCode(app, phoneFake.code);
    expect(await screen.findByText(t('phone.verified'))).toBeInTheDocument();
  });
});
