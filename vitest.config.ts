import { defineConfig } from 'vitest/config';

export default defineConfig({
  // Test files that render templates directly compile their JSX for React's production runtime, which has no
  // jsxDEV: see `env` below.
  oxc: { jsx: { development: false } },
  test: {
    include: ['tests/**/*.test.ts'],
    globalSetup: ['tests/global-setup.ts'],
    // Builds spawn their own worker threads; two files at a time keep both cores busy without thrashing.
    pool: 'forks',
    maxWorkers: 2,
    // Test files share their worker's module cache: loading src/ once per worker instead of once per file halves
    // the unit tests' time. No test mocks modules or changes globals, which is what isolation would protect.
    isolate: false,
    testTimeout: 60_000,
    // A poll waits for the browser or a rebuild to catch up; on a loaded two-core machine a second (the default)
    // was not always enough for a client-side navigation (a clean-clone CI run failed so). What is polled for is
    // unchanged: a poll that succeeds still succeeds at once.
    expect: { poll: { timeout: 10_000 } },
    hookTimeout: 180_000,
    // Builds render with React's production build, as the CLI does (bin/portal.js): vitest sets NODE_ENV=test, which
    // made every build in the suite, and every CLI a test spawns (it inherits the variable), render with React's
    // development build, several times slower, and not what users get.
    env: { NO_COLOR: '1', NODE_ENV: 'production' },
  },
});
