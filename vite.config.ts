import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';

const apiPort = Number(process.env.API_PORT ?? 3001);
const apiTarget = `http://127.0.0.1:${apiPort}`;
// Mantine components the public pages (`/`, `/classes`, a lesson view) render, with Mantine's small
// helpers and the icon factory: one chunk instead of ~30 tiny ones, which on a phone's 150 ms
// round trips cost a second of waterfall. Heavy or workspace-only components (Drawer, Modal,
// ScrollArea, Combobox, Table with its scroll container…) keep their own chunks and load only where used.
const PUBLIC_MANTINE = new Set(
  'ActionIcon Alert Anchor Avatar Badge Burger Card Container Divider Grid Group Indicator Input InputBase Loader Pagination Paper SimpleGrid Stack Text TextInput ThemeIcon Title'.split(' '),
);
function isPublicUi(id: string): boolean {
  const path = id.replace(/\\/g, '/');
  const component = /\/node_modules\/@mantine\/core\/esm\/components\/([^/]+)\//.exec(path);
  return component?.[1] !== undefined && PUBLIC_MANTINE.has(component[1]);
}

const alias = {
  '@': fileURLToPath(new URL('./src', import.meta.url)),
  '@server': fileURLToPath(new URL('./server', import.meta.url)),
};

export default defineConfig({
  plugins: [react()],
  resolve: { alias },
  server: {
    proxy: {
      '/api': apiTarget,
      '/sanctum': apiTarget,
      '/dev': apiTarget,
      '/sandbox': apiTarget,
    },
  },
  build: {
    outDir: 'dist',
    // dist/.vite/manifest.json: the server reads it to preload a route's chunks with its HTML (server/spa.ts).
    manifest: true,
    sourcemap: false,
    chunkSizeWarningLimit: 600,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [{ name: 'mantine', test: isPublicUi }],
        },
      },
    },
  },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          environment: 'jsdom',
          include: ['tests/machines/**/*.test.{ts,tsx}', 'tests/views/**/*.test.{ts,tsx}', 'tests/services/**/*.test.{ts,tsx}'],
          setupFiles: ['tests/setup-dom.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'server',
          environment: 'node',
          include: ['tests/server/**/*.test.ts'],
          testTimeout: 30000,
          hookTimeout: 60000,
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          environment: 'node',
          include: ['tests/e2e/**/*.test.ts'],
          globalSetup: ['tests/e2e/global-setup.ts'],
          testTimeout: 60000,
          hookTimeout: 180000,
          fileParallelism: false,
        },
      },
    ],
  },
});
