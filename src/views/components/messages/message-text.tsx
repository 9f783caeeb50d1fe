import { Text } from '@mantine/core';
import { CHAT_TEXT } from '@/shared/chat';

/**
 * A message's words as they were written (text, never HTML; long words wrap), and why contact
 * details are hidden when the server masked some: in a thread and in the admins' view of a report.
 */
export function MessageText({ message }: { message: { text: string; masked: boolean } }) {
  return (
    <>
      <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
        {message.text}
      </Text>
      {message.masked && (
        <Text size="xs" c="gray.8" mt={4}>
          {CHAT_TEXT.masked}
        </Text>
      )}
    </>
  );
}
