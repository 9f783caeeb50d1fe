import { describe, expect, it } from 'vitest';
import { CONTACT_MASK, contactDetailsIn, maskContactDetails } from '@/shared/contact-details';
import { emptyDistribution, ratingOf, reviewTextProblem, starsProblem } from '@/shared/reviews';
import { messageTextProblem, threadPair } from '@/shared/chat';

describe('contact details in free text', () => {
  it.each([
    ['Call me on 0712 345 678', ['phone']],
    ['+254-712-345-678 anytime', ['phone']],
    ['(020) 2345678 is the office', ['phone']],
    ['mail jane.doe@gmail.com', ['email']],
    ['jane @ gmail . com', ['email']],
    ['jane at gmail dot com', ['email']],
    ['jane [at] gmail.com', ['email']],
    ['see www.example.com', ['link']],
    ['see HTTPS://tutor.example/x', ['link']],
    ['visit tutor.co.ke/me', ['link']],
  ])('finds %j', (text, kinds) => {
    expect(contactDetailsIn(text)).toEqual(kinds);
  });

  it.each([
    'Lesson on 12.05.2026 cost KES 1,500 for 2 hours',
    'Great teacher, explained algebra well. 10/10',
    'She covered chapter 3.2 and 4.1 of the KCSE syllabus',
    'We met at school. Great lessons',
    'She is good at maths. Really patient',
    'I learnt a lot.Me too, said my sister',
  ])('leaves %j alone', (text) => {
    expect(contactDetailsIn(text)).toEqual([]);
    expect(maskContactDetails(text)).toEqual({ text, masked: false });
  });

  it('masks phones and e-mail addresses, not the rest of the message', () => {
    expect(maskContactDetails('Text 0712345678 or write to a.b@c.com before Friday')).toEqual({
      text: `Text ${CONTACT_MASK} or write to ${CONTACT_MASK} before Friday`,
      masked: true,
    });
  });
});

describe('ratings', () => {
  it('is the Bayesian average against the site mean with a prior weight of 5, beside the raw mean', () => {
    // One 5-star review, site mean 4.2: (5 × 4.2 + 5) / 6 = 4.333…
    expect(ratingOf({ ...emptyDistribution(), '5': 1 }, 4.2)).toEqual({
      score: 4.33,
      mean: 5,
      count: 1,
      distribution: { '1': 0, '2': 0, '3': 0, '4': 0, '5': 1 },
    });
    // Forty 5s and ten 4s (mean 4.8): (21 + 240) / 55 = 4.745…, above the single 5-star review.
    const many = ratingOf({ ...emptyDistribution(), '4': 10, '5': 40 }, 4.2);
    expect(many).toMatchObject({ score: 4.75, mean: 4.8, count: 50 });
    expect(many.score!).toBeGreaterThan(4.33);
  });

  it('has no score without reviews, and uses 4 as the mean before the site has any', () => {
    expect(ratingOf(emptyDistribution(), null)).toMatchObject({ score: null, mean: null, count: 0 });
    expect(ratingOf({ ...emptyDistribution(), '3': 1 }, null).score).toBe(3.83);
  });
});

describe('review and message rules', () => {
  it('takes 1 to 5 whole stars', () => {
    expect([0, 1, 5, 6, 4.5, '5'].map(starsProblem)).toEqual([
      'Choose from 1 to 5 stars.',
      null,
      null,
      'Choose from 1 to 5 stars.',
      'Choose from 1 to 5 stars.',
      'Choose from 1 to 5 stars.',
    ]);
  });

  it('takes no text, or 20 to 2,000 characters without contact details', () => {
    expect(reviewTextProblem('')).toBeNull();
    expect(reviewTextProblem('Too short')).toBe('The review must be at least 20 characters.');
    expect(reviewTextProblem('x'.repeat(2001))).toBe('The review may not be greater than 2000 characters.');
    expect(reviewTextProblem('Patient and clear, call her on 0712 345 678')).toMatch(/leave out phone numbers/);
    expect(reviewTextProblem('Patient and clear, my son finally gets fractions.')).toBeNull();
  });

  it('takes 1 to 2,000 characters of message, and orders a pair', () => {
    expect(messageTextProblem('   ')).toBe('Write a message first.');
    expect(messageTextProblem('x'.repeat(2001))).toBe('A message may not be greater than 2000 characters.');
    expect(messageTextProblem('Habari')).toBeNull();
    expect(threadPair(9, 3)).toEqual([3, 9]);
  });
});
