import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['tests/**/*.test.ts'],
    globalSetup: ['tests/global-setup.ts'],
    // Three files at a time on two cores: a browser test waits on Chromium and a build on its worker threads, so a
    // third file fills the idle time (a clean-clone run: 603 s of vitest with two, see the README's Tests).
    pool: 'forks',
    maxWorkers: 3,
    // Test files share their worker's module cache: loading src/ once per worker instead of once per file halves
    // the unit tests' time. No test mocks modules or changes globals, which is what isolation would protect.
    isolate: false,
    testTimeout: 60_000,
    hookTimeout: 180_000,
    env: { NO_COLOR: '1' },
  },
});
