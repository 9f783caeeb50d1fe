import { Anchor, Modal, Stack, Text } from '@mantine/core';

/** Contact details for the workspace `support` menu entry (SPEC §2). */
export function SupportDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  return (
    <Modal opened={opened} onClose={onClose} title="Contact support" centered closeButtonProps={{ 'aria-label': 'Close support dialog' }}>
      <Stack gap="sm">
        <Text>We are here to help Monday to Saturday, 8 AM to 6 PM (East Africa Time).</Text>
        <Text>
          E-mail: <Anchor href="mailto:support@somesha.co.ke">support@somesha.co.ke</Anchor>
        </Text>
        <Text>
          Phone or WhatsApp: <Anchor href="tel:+254700000000">+254 700 000 000</Anchor>
        </Text>
        <Text size="sm" c="dimmed">
          Include your username and, for a lesson, its code so we can find it quickly.
        </Text>
      </Stack>
    </Modal>
  );
}
