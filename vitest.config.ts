import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    typecheck: { include: ['src/**/*.test-d.ts', 'test/**/*.test-d.ts'] },
    reporters: ['default', 'json'],
    outputFile: { json: '.vitest-report.json' },
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
