import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/**
 * The Node 22 binary for tools that need it (the MCP conformance suite, Claude Code). `npm test`
 * installs it first (scripts/ensure-node22.mjs); it lives in tools/node22 so that it never
 * shadows the project's own Node on PATH.
 */
export function node22(): string {
  const binary = fileURLToPath(
    new URL('../../tools/node22/node_modules/node/bin/node', import.meta.url),
  );
  if (!existsSync(binary)) {
    throw new Error(
      'Node 22 is not installed in tools/node22: run `node scripts/ensure-node22.mjs` (npm test does it first).',
    );
  }
  return binary;
}
