import type { ComponentType } from 'react';

// The screens only signed-in users open (the workspace, admin, profile completion…), each its own
// chunk: this list, with the chunks each preloads, loads with the first of them
// (src/views/page-registry.ts lists a visitor's screens).
export const SIGNED_IN_SCREENS = import.meta.glob<Record<string, ComponentType | undefined>>([
  './pages/*/*-page.tsx',
  './pages/*/*-pages.tsx',
  './pages/*/*-placeholders.tsx',
  '!./pages/public/**',
  '!./pages/auth/**',
]);
