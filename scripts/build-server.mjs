// Bundles the server's TypeScript into one ESM file; packages stay in node_modules, but for Kysely and rrule.
import { build } from 'esbuild';

/**
 * Packages bundled into the server's file. Kysely ships as some 300 ES modules, and every module
 * the server loads keeps its records in memory: bundled, the idle server's RSS is lower
 * (bench/README.md). Bundling the CommonJS packages as well saved
 * nothing more (their wrappers cost what the module records did).
 * rrule's main file is a UMD bundle whose named exports Node's ESM loader cannot see (`import { RRule }`
 * fails at start), and it has no "exports" map: bundled, esbuild reads it as the module it is.
 */
const BUNDLED_PACKAGES = /^(kysely|rrule)(\/|$)/;

await build({
  entryPoints: ['src/server/main.ts', 'src/server/admin.ts'],
  outdir: 'dist/server',
  outExtension: { '.js': '.mjs' },
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  plugins: [
    {
      name: 'external-packages',
      setup(build) {
        build.onResolve({ filter: /^[^./]/ }, ({ path }) =>
          BUNDLED_PACKAGES.test(path) ? undefined : { path, external: true },
        );
      },
    },
  ],
  // Packages the server loads only when needed (pg) are required lazily; ESM has no require of its own.
  banner: {
    js: "import { createRequire } from 'node:module';\nconst require = createRequire(import.meta.url);",
  },
  sourcemap: true,
  logLevel: 'warning',
});
