// `POST /api/wallet/topup` checks the amount with the same limits and words as the wallet page
// (src/shared/validation.ts `topUpAmountProblem`): one edge inside, one outside, at each end.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TOPUP_MAX_KES, TOPUP_MIN_KES, topUpAmountProblem } from '../../../src/shared/validation';
import { startTestServer, type TestServer } from '../support/test-server';
import { newBuyer } from './buyers';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const message = 'Enter a whole amount from KES 10 to KES 150,000.';

describe('wallet top-up limits', () => {
  it('are the shared ones, worded as the page words them', () => {
    expect([TOPUP_MIN_KES, TOPUP_MAX_KES]).toEqual([10, 150_000]);
    expect(topUpAmountProblem(TOPUP_MIN_KES - 1)).toBe(message);
  });

  it.each([
    ['below the minimum', TOPUP_MIN_KES - 1],
    ['above the maximum', TOPUP_MAX_KES + 1],
    ['above the maximum, in round hundreds', 1_000_000],
    ['a fraction of a shilling', '10.50'],
    ['not a number', 'ten'],
  ])('refuses an amount %s with the page’s message', async (_, amount) => {
    const buyer = await newBuyer(server);
    const response = await buyer.browser.post('/api/wallet/topup', { amount, method: 'pesapal' });
    expect(response.status).toBe(422);
    expect(response.body.errors.amount).toEqual([topUpAmountProblem(amount)]);
    expect(response.body.errors.amount).toEqual([message]);
  });

  it.each([
    ['the minimum', TOPUP_MIN_KES, '10.00'],
    ['the maximum', String(TOPUP_MAX_KES), '150000.00'],
    ['whole shillings written with cents', '500.00', '500.00'],
  ])('starts a top-up of %s', async (_, amount, recorded) => {
    const buyer = await newBuyer(server);
    expect(topUpAmountProblem(amount)).toBeNull();
    const response = await buyer.browser.post('/api/wallet/topup', { amount, method: 'pesapal' });
    expect(response.status).toBe(202);
    expect(response.body.transaction).toMatchObject({ type: 'topup', status: 'pending', amount: recorded });
  });
});
