import { describe, expect, it } from 'vitest';
import {
  formatDate,
  formatDateOrdinal,
  formatFileSize,
  formatKes,
  formatTime,
  pageTitle,
} from '@/shared/format';

describe('format', () => {
  it.each([
    ['1500.00', 'KES 1,500'],
    ['1500.50', 'KES 1,500.50'],
    ['1500.5', 'KES 1,500.50'],
    [1234567.891, 'KES 1,234,567.89'],
    [0, 'KES 0'],
    ['not money', 'KES 0'],
  ])('formatKes(%s) → %s', (amount, text) => {
    expect(formatKes(amount)).toBe(text);
  });

  it('formats dates and times as SPEC §9 shows them', () => {
    const date = new Date(2026, 10, 21, 15, 5);
    expect(formatDate(date)).toBe('Nov 21, 2026');
    expect(formatDate('2026-11-21')).toBe('Nov 21, 2026');
    expect(formatDateOrdinal('2026-11-21')).toBe('21st November 2026');
    expect(formatDateOrdinal('2026-11-02')).toBe('2nd November 2026');
    expect(formatDateOrdinal('2026-11-13')).toBe('13th November 2026');
    expect(formatDateOrdinal('2026-11-23')).toBe('23rd November 2026');
    expect(formatTime(date)).toBe('3:05 PM');
    expect(formatTime(new Date(2026, 0, 1, 0, 30))).toBe('12:30 AM');
    expect(formatDate('garbage')).toBe('');
  });

  it.each([
    [0, '0 Bytes'],
    [512, '512 Bytes'],
    [1536, '1.5 KB'],
    [1048576, '1 MB'],
    [5.25 * 1024 ** 3, '5.25 GB'],
    [3 * 1024 ** 4, '3 TB'],
  ])('formatFileSize(%s) → %s', (bytes, text) => {
    expect(formatFileSize(bytes)).toBe(text);
  });

  it('titles pages "Title | Somesha"', () => {
    expect(pageTitle('sign in')).toBe('Sign in | Somesha');
    expect(pageTitle('')).toBe('Somesha');
  });
});
