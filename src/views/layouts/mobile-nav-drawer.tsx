import { Drawer } from '@mantine/core';
import type { ReactNode } from 'react';

// Mantine's Drawer brings its scroll area and focus trap (about 30 KB compressed): the public layout
// loads this file the first time the burger is pressed, so a visitor who never opens it never pays.
export function MobileNavDrawer({ opened, onClose, title, children }: { opened: boolean; onClose: () => void; title: ReactNode; children: ReactNode }) {
  return (
    <Drawer opened={opened} onClose={onClose} title={title} hiddenFrom="lg" size="xs" padding="md">
      {children}
    </Drawer>
  );
}
