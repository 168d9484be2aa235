import { defineConfig } from 'vitest/config';

// Opt-in: `npm run test:clients` runs real MCP host clients (installed from npm into a cache outside
// the repository) against local model stubs on 127.0.0.1. Not part of `npm test`.
export default defineConfig({
  test: {
    include: ['test/clients/**/*.clients.test.ts'],
    testTimeout: 300_000,
    hookTimeout: 600_000,
    fileParallelism: false,
  },
});
