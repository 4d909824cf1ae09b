// Island unit tests: islands/**/*.test.ts(x), in jsdom, compiled the way the
// browser bundle is (automatic JSX runtime from preact; React APIs aliased to
// preact/compat, as in ssr/bundle/bundle.go).
import { defineConfig } from 'vitest/config';

export default defineConfig({
  esbuild: { jsx: 'automatic', jsxImportSource: 'preact' },
  resolve: {
    alias: [
      { find: /^react$/, replacement: 'preact/compat' },
      { find: /^react-dom$/, replacement: 'preact/compat' },
      { find: /^react\/jsx-runtime$/, replacement: 'preact/jsx-runtime' },
    ],
  },
  test: {
    include: ['islands/**/*.test.{ts,tsx}', 'ui/**/*.test.ts', 'e2e/sr/*.test.ts', 'e2e/lib/*.test.mjs'],
    environment: './vitest.env.ts',
    setupFiles: ['vitest.setup.ts'],
    // One jsdom per worker, shared by its files (each test cleans up its own
    // DOM): setting up jsdom for every file was three quarters of the 60 s run.
    pool: 'threads',
    isolate: false,
  },
});
