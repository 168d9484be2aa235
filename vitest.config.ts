import { configDefaults, defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    // Real clients run only on request: npm run test:clients.
    exclude: [...configDefaults.exclude, 'test/clients/**'],
    typecheck: { include: ['src/**/*.test-d.ts', 'test/**/*.test-d.ts'] },
    reporters: ['default', 'json'],
    outputFile: { json: '.vitest-report.json' },
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
