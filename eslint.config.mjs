// @ts-check
import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { readdirSync } from 'node:fs';
import tseslint from 'typescript-eslint';

/**
 * Which way imports run (bulletproof-react's zones). src/shared imports neither side and the two sides
 * never import each other. On the server db/ imports no other folder, and only app.ts imports jobs/
 * (the timers, which reach into features). On the client app/ is the composition
 * root (router, store, layout): it imports features, and no feature imports it. lib/ (what features
 * share: the api base, toasts, URL state, feature flags) and ui/ import neither app/ nor a feature;
 * a feature imports another only through its index.ts. The mock API (src/client/mocks) is imported
 * by main.tsx (`npm run dev:mock`) and the tests only.
 */
const clientFeatures = [
  'account',
  'calendar',
  'home',
  'labels',
  'live',
  'offline',
  'projects',
  'session',
  'shortcuts',
  'today',
  'todos',
  'trash',
];
// Read from the tree, so a new server folder or file falls under the server's zones unlisted.
const serverEntries = readdirSync(new URL('./src/server', import.meta.url), {
  withFileTypes: true,
});
const importZones = [
  {
    target: './src/shared',
    from: ['./src/client', './src/server'],
    message: 'src/shared imports neither side.',
  },
  { target: './src/client', from: './src/server', message: 'The SPA never imports server code.' },
  {
    target: './src/server',
    from: './src/client',
    message: 'The server never imports client code.',
  },
  {
    target: './src/server/db',
    from: './src/server',
    except: ['./db'],
    message: 'src/server/db is below every feature: it imports none.',
  },
  {
    target: serverEntries
      .filter((entry) => entry.name !== 'jobs' && entry.name !== 'app.ts')
      .map((entry) => `./src/server/${entry.name}`),
    from: './src/server/jobs',
    message: 'jobs/ is started by app.ts only: no other module imports it.',
  },
  {
    target: clientFeatures.map((feature) => `./src/client/${feature}`),
    from: './src/client/app',
    message: 'app/ is the composition root: no feature imports it (shared code lives in lib/).',
  },
  {
    target: ['./src/client/lib', './src/client/ui'],
    from: ['./src/client/app', ...clientFeatures.map((feature) => `./src/client/${feature}`)],
    message: 'lib/ and ui/ are below every feature: they import neither a feature nor app/.',
  },
  {
    target: [
      './src/client/app',
      './src/client/lib',
      './src/client/ui',
      ...clientFeatures.map((feature) => `./src/client/${feature}`),
    ],
    from: './src/client/mocks',
    message: 'The mock API (src/client/mocks) is for tests and dev:mock: only main.tsx imports it.',
  },
  ...clientFeatures.flatMap((feature) =>
    clientFeatures
      .filter((other) => other !== feature)
      .map((other) => ({
        target: `./src/client/${feature}`,
        from: `./src/client/${other}`,
        except: ['./index.ts'],
        message: `Import ${other} through its index.ts.`,
      })),
  ),
];

export default tseslint.config(
  {
    // test/lint/fixtures break the import rules on purpose; test/lint/import-rules.test.ts lints them.
    ignores: [
      'dist',
      'node_modules',
      'coverage',
      'data',
      'test-results',
      'bench/results',
      'test/lint/fixtures',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx,js,mjs}'],
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    plugins: { 'import-x': importX, 'react-hooks': reactHooks },
    settings: {
      // import-x follows imports only into files with these extensions; without .ts here no-cycle
      // never looked inside a TypeScript file and a two-file cycle passed.
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs', '.cjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      // Resolve as tsc does (tsconfig.json, extensionless .ts imports, types packages).
      'import-x/resolver-next': [
        createTypeScriptImportResolver({ project: 'tsconfig.json', alwaysTryTypes: true }),
        createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.mjs'] }),
      ],
    },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-self-import': 'error',
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' },
      ],
    },
  },
  {
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs', globals: globals.node },
  },
  {
    // Files copied into a Strapi 4 project, which loads them as CommonJS.
    files: ['compat/strapi/**/*.js'],
    languageOptions: { sourceType: 'commonjs', globals: globals.node },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    // A Playwright fixture hands its value to the test by calling `use`, which is not React's hook.
    files: ['test/e2e/**', 'test/e2e-strapi/**'],
    rules: { 'react-hooks/rules-of-hooks': 'off' },
  },
  {
    // Migrations run against any past schema, so Kysely's own convention types them Kysely<any>.
    files: ['src/server/db/migrate.ts', 'src/server/db/migrations/**'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    rules: { 'import-x/no-restricted-paths': ['error', { zones: importZones }] },
  },
);
