// The live `messages_read` event (issue 27 leftover of issue 25): what a reader's other tabs take
// from it, and what they refuse (src/services/schemas/message.ts).
import { describe, expect, it } from 'vitest';
import { decodeMessagesRead } from '@/services/schemas/message';

describe('the messages_read live event', () => {
  it('gives the unread total the reader has left', () => {
    expect(decodeMessagesRead({ thread_id: 7, unread_count: 3 })).toBe(3);
    expect(decodeMessagesRead({ thread_id: 7, unread_count: 0 })).toBe(0);
  });

  it('refuses an event without a whole, non-negative count', () => {
    expect(() => decodeMessagesRead({ thread_id: 7, unread_count: -1 })).toThrow();
    expect(() => decodeMessagesRead({ thread_id: 7, unread_count: 'two' })).toThrow();
    expect(() => decodeMessagesRead({ thread_id: 7 })).toThrow();
  });
});
