// The studio's end-to-end tests: Debian Chromium (playwright-core) against the browser mode. `npm run build` first.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/e2e/**/*.e2e.ts'],
    environment: 'node',
    // Every wait is for a condition and ends when it holds; these only bound a failure, generously, because the suite
    // runs beside other work (harness.ts PATIENCE_MS: the same for Chromium's waits).
    testTimeout: 600_000,
    hookTimeout: 600_000,
    expect: { poll: { timeout: 240_000 } },
    fileParallelism: false,
    passWithNoTests: true,
  },
});
