// The SMS texts of the notices (issue 26, docs/messaging.md "notices"): with the longest amounts,
// references and dates they can carry, each is one GSM-7 SMS naming Somesha and ending with its link;
// a long lesson name is cut, its code kept; Intl's narrow spaces never force UCS-2.
import { describe, expect, it } from 'vitest';
import {
  bookingRefundedNotice,
  fitSms,
  gsmSafe,
  lessonCancelledNotice,
  lessonMovedNotice,
  lessonReminderSms,
  paymentReceiptNotice,
  teacherDecisionSms,
  topUpReceiptNotice,
  withdrawalFailedNotice,
  withdrawalPaidNotice,
} from '../../../server/messaging/texts';
import { fitsOneSms, gsm7Length } from '../../../src/shared/notification-channels';

const link = 'https://somesha.co.ke/l/k7m2x9q';
const when = 'Dec 12, 2026 at 10:00 PM';
const long = 'Chemistry: balancing redox equations in acidic and basic solutions (LSN-AB12CD34)';
const amount = 'KES 150,000.50';

const texts: Record<string, string> = {
  payment_receipt: paymentReceiptNotice({ amount, reference: 'PAY-0123456789AB', when, items: [] }).sms!.text(
    link,
  ),
  topup_receipt: topUpReceiptNotice({
    amount,
    reference: 'TOP-0123456789AB',
    when,
    balance: amount,
  }).sms!.text(link),
  lesson_cancelled: lessonCancelledNotice({ lesson: long, when, refund: amount }).sms!.text(link),
  lesson_moved: lessonMovedNotice({ child: null, lesson: long, when, path: '/' }).sms!.text(link),
  booking_refunded: bookingRefundedNotice({ lesson: long, when, amount, cause: 'report' }).sms!.text(link),
  lesson_reminder: lessonReminderSms({ lesson: long, time: '10:00 PM', path: '/' }).text(link),
  withdrawal_paid: withdrawalPaidNotice({ amount, receipt: 'SKL4H5J6K7', number: '•••149' }).sms!.text(link),
  withdrawal_failed: withdrawalFailedNotice({ amount, reason: 'x' }).sms!.text(link),
  teacher_approved: teacherDecisionSms(true, '/').text(link),
  teacher_declined: teacherDecisionSms(false, '/').text(link),
};

describe('notice SMS texts', () => {
  it.each(Object.entries(texts))('%s fits one GSM-7 SMS, names Somesha and ends with its link', (_, text) => {
    expect(gsm7Length(text)).not.toBeNull();
    expect(fitsOneSms(text)).toBe(true);
    expect(text.startsWith('Somesha: ')).toBe(true);
    expect(text.endsWith(` ${link}`)).toBe(true);
  });

  it('cuts a long lesson topic and keeps its code', () => {
    expect(texts.lesson_moved).toContain('Chemistry: balancing');
    expect(texts.lesson_moved).toContain('... (LSN-AB12CD34) moved to');
    expect(fitSms((name) => `Somesha: ${name}.`, 'Short (LSN-1)')).toBe('Somesha: Short (LSN-1).');
    // Down to the code alone when the rest of the text leaves no room for the topic.
    expect(fitSms((name) => `Somesha: ${'x'.repeat(130)} ${name}.`, long)).toBe(
      `Somesha: ${'x'.repeat(130)} (LSN-AB12CD34).`,
    );
  });

  it("turns Intl's narrow spaces and typographic quotes into GSM-7", () => {
    expect(gsmSafe('4:00\u202fPM \u2019quoted\u2019 \u2014 more\u2026')).toBe("4:00 PM 'quoted' - more...");
    expect(gsm7Length(gsmSafe('Dec 12, 2026 at 4:00\u202fPM'))).toBe(23);
  });
});
