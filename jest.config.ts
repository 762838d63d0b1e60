import type { Config } from 'jest';
import clientConfigFromEnv from './src/client/clientConfigFromEnv.cjs';

// ESM-only packages Jest (on Node 20) must transform before it can require them.
const esmPackages = [
  'jose',
  '@faker-js/faker',
  'content-disposition',
  'cookie',
  'valibot',
  '@valibot/to-json-schema',
  // msw's ESM-only dependencies
  'rettime',
  'until-async',
  '@open-draft/deferred-promise',
];

const transform: Config['transform'] = {
  '^.+\\.m?[tj]sx?$': ['ts-jest', { tsconfig: '<rootDir>/tsconfig.jest.json' }],
};

const shared: Config = {
  transform,
  transformIgnorePatterns: [`/node_modules/(?!(${esmPackages.join('|')})/)`],
  moduleFileExtensions: ['ts', 'tsx', 'js', 'mjs', 'cjs', 'json'],
};

const config: Config = {
  // Jest reads testTimeout from the root config only (a project's own is ignored). A real server and
  // database per suite, or hashing at production cost: on a busy two-core machine that can take longer
  // than Jest's 5 s default, which is a slow machine, not a failure.
  testTimeout: 30_000,
  projects: [
    {
      ...shared,
      displayName: 'shared',
      testEnvironment: 'node',
      testMatch: ['<rootDir>/test/shared/**/*.test.ts', '<rootDir>/test/lint/**/*.test.ts'],
    },
    {
      ...shared,
      displayName: 'server',
      testEnvironment: 'node',
      testMatch: ['<rootDir>/test/server/**/*.test.ts'],
      globalSetup: '<rootDir>/test/server/support/global-setup.ts',
      globalTeardown: '<rootDir>/test/server/support/global-teardown.ts',
    },
    {
      ...shared,
      displayName: 'client',
      testEnvironment: 'jest-fixed-jsdom',
      testMatch: ['<rootDir>/test/client/**/*.test.ts?(x)'],
      setupFilesAfterEnv: ['<rootDir>/test/client/support/setup.ts'],
      // The API on jsdom's own origin, spelt out: Node's fetch, which the app's requests go through
      // here, takes absolute URLs only. The mock API (test/client/support/mockApi.ts) answers there.
      globals: {
        __TICKLIST_CONFIG__: clientConfigFromEnv({ VITE_API_URL: 'http://localhost' }, false),
      },
    },
  ],
};

export default config;
