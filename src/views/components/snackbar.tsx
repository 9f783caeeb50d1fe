import { Box, Button, Group, Notification } from '@mantine/core';
import { useSelector } from '@xstate/react';
import { useSnackbar } from '../app-actors-context';
import { SafeHtml, useSanitizer } from './safe-html';

// Machine colour names (SPEC §4) → Mantine palette.
const COLORS: Record<string, string> = { primary: 'blue', success: 'green', error: 'red', warning: 'orange' };

/** SPEC §2/§4 global notification bar, fixed at the bottom; message is sanitised HTML. */
export function Snackbar() {
  const snackbar = useSnackbar();
  const { visible, color, message } = useSelector(snackbar, (s) => s.context);
  // DOMPurify loads with the first message; the bar appears once it can show the message as HTML.
  const sanitizer = useSanitizer(visible);
  if (!visible || !sanitizer) return null;
  const isAlarm = color === 'error' || color === 'warning';
  return (
    <Box
      pos="fixed"
      bottom={16}
      left={0}
      right={0}
      px="sm"
      style={{ zIndex: 400, display: 'flex', justifyContent: 'center', pointerEvents: 'none' }}
    >
      <Notification
        role={isAlarm ? 'alert' : 'status'}
        aria-live={isAlarm ? 'assertive' : 'polite'}
        color={COLORS[color] ?? 'blue'}
        withCloseButton={false}
        withBorder
        w="100%"
        maw={560}
        style={{ pointerEvents: 'auto' }}
      >
        <Group justify="space-between" wrap="nowrap" gap="sm">
          <SafeHtml html={message} data-testid="snackbar-message" />
          <Button variant="subtle" size="compact-sm" onClick={() => snackbar.send({ type: 'snackbar.hide' })}>
            Close
          </Button>
        </Group>
      </Notification>
    </Box>
  );
}
