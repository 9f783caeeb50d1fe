import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

// Import direction: shared → services → machines → views. A layer never reaches "up".
const ofetchOnlyInHttp = {
  name: 'ofetch',
  message: 'Only src/services/http.ts (and, on the server, server/gateways/oauth-client.ts) talks to ofetch.',
};
const noViews = {
  group: ['@/views', '@/views/*', '**/views/*'],
  message: 'Views sit on top; nothing below imports them.',
};
const serverSharesOnly = {
  group: [
    '@/machines*',
    '@/views*',
    '@/services*',
    '**/src/machines/*',
    '**/src/views/*',
    '**/src/services/*',
  ],
  message: 'The server may share src/shared only.',
};
const noMachines = {
  group: ['@/machines', '@/machines/*', '**/machines/*'],
  message: 'Services do not know machines.',
};

// A view reads the time with `useNow()` (src/views/hydration.ts): the moment the server made the
// page while the browser hydrates it, the clock after (docs/workspace-speed.md "The time a page was made").
const useNowMessage =
  'Read the time with useNow() (src/views/hydration.ts): a server-rendered page is hydrated at the time it was made.';
const readsTheClock = [
  {
    selector: "CallExpression[callee.object.name='Date'][callee.property.name='now']",
    message: useNowMessage,
  },
  { selector: "NewExpression[callee.name='Date'][arguments.length=0]", message: useNowMessage },
  { selector: "CallExpression[callee.name='dayjs'][arguments.length=0]", message: useNowMessage },
];

// The same directions for `import()`, which no-restricted-imports does not see: a layer loaded on
// demand is still a layer (`no-restricted-syntax` on the import's path).
const dynamicImport = (pathPattern, message) => ({
  selector: `ImportExpression[source.value=${pathPattern}]`,
  message: `${message} (also through import())`,
});
const noViewsOnDemand = dynamicImport(String.raw`/^@\/views$|(^|\/)views\//`, noViews.message);
const noMachinesOnDemand = dynamicImport(String.raw`/^@\/machines$|(^|\/)machines\//`, noMachines.message);
const noServicesOnDemand = (message) => dynamicImport(String.raw`/^@\/services$|(^|\/)services\//`, message);

export default tseslint.config(
  { ignores: ['dist', 'node_modules', 'data', 'coverage', 'server/db/migrations'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-restricted-imports': ['error', { paths: [ofetchOnlyInHttp] }],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'warn' },
  },
  { files: ['src/services/http.ts'], rules: { 'no-restricted-imports': 'off' } },
  {
    files: ['src/shared/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [ofetchOnlyInHttp],
          patterns: [
            noViews,
            noMachines,
            { group: ['@/services', '@/services/*'], message: 'shared/ depends on nothing.' },
          ],
        },
      ],
      'no-restricted-syntax': [
        'error',
        noViewsOnDemand,
        noMachinesOnDemand,
        noServicesOnDemand('shared/ depends on nothing.'),
      ],
    },
  },
  {
    files: ['src/services/**/*.ts'],
    ignores: ['src/services/http.ts'],
    rules: {
      'no-restricted-imports': ['error', { paths: [ofetchOnlyInHttp], patterns: [noViews, noMachines] }],
    },
  },
  {
    files: ['src/services/**/*.ts'],
    rules: { 'no-restricted-syntax': ['error', noViewsOnDemand, noMachinesOnDemand] },
  },
  {
    files: ['src/machines/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            ofetchOnlyInHttp,
            { name: 'react', message: 'Machines hold no React.' },
            { name: 'wouter', message: 'Navigation is an injected action, not an import.' },
          ],
          patterns: [noViews, { group: ['@mantine/*', 'wouter/*'], message: 'Machines hold no UI.' }],
        },
      ],
      // What a machine loads on demand is machine code (the commerce machines), nothing else.
      'no-restricted-syntax': [
        'error',
        {
          selector: String.raw`ImportExpression:not([source.value=/^(\.\/|@\/machines\/)/])`,
          message: 'A machine loads only src/machines on demand (import() of ./… or @/machines/…).',
        },
      ],
    },
  },
  {
    // Views bind no service: a call is a machine's (src/machines/screens, a machine's `.provide`).
    files: ['src/views/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-syntax': [
        'error',
        noServicesOnDemand('Views call no service: bind it to a machine in src/machines.'),
        // A server-rendered page is hydrated later than it was made: the time it shows is the page's.
        ...readsTheClock,
      ],
    },
  },
  {
    // The one place a view reads the clock (useNow, and the time written on `#root`).
    files: ['src/views/hydration.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        noServicesOnDemand('Views call no service: bind it to a machine in src/machines.'),
      ],
    },
  },
  {
    // Views may name a service's types, never call it or use its values: a call is bound to a machine
    // (src/machines/screens/<area>-screens.ts, or a machine's `.provide`), a pure rule lives in src/shared.
    files: ['src/views/**/*.{ts,tsx}'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@/services', '@/services/*', '**/services/*'],
              allowTypeImports: true,
              message:
                'Views call no service (import type only): bind the call to a machine in src/machines.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['server/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { paths: [ofetchOnlyInHttp], patterns: [serverSharesOnly] }],
      'no-restricted-syntax': [
        'error',
        dynamicImport(
          String.raw`/^@\/(machines|views|services)|\/src\/(machines|views|services)\//`,
          serverSharesOnly.message,
        ),
      ],
    },
  },
  {
    // The one server file allowed ofetch: the real payment gateways (Daraja, Pesapal) call out through
    // it, so their shared token handling sits on the same client as the SPA's instead of a hand-written
    // fetch wrapper in each gateway.
    files: ['server/gateways/oauth-client.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [serverSharesOnly] }] },
  },
  {
    // Routes are HTTP only: a schema, one service call, a resource. Queries live in services.
    files: ['server/routes/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            ofetchOnlyInHttp,
            { name: 'drizzle-orm', message: 'Routes hold no queries: call a service (server/services).' },
          ],
          patterns: [
            serverSharesOnly,
            {
              group: ['drizzle-orm/*'],
              message: 'Routes hold no queries: call a service (server/services).',
            },
            {
              group: ['**/db/schema', '**/db/schema.ts'],
              message: 'Routes do not know tables: call a service (server/services).',
            },
          ],
        },
      ],
    },
  },
);
