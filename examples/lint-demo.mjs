// `npm run lint:demo`: toolwire lint on examples/mcp.json, with server-filesystem confined to a
// fresh temporary folder (TOOLWIRE_DEMO_DIR) that is removed afterwards. Extra arguments are
// passed on, e.g. `npm run lint:demo -- --json` or `-- --envelopes openai,gemini`.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const sandbox = mkdtempSync(join(tmpdir(), 'toolwire-demo-'));
try {
  const run = spawnSync(
    process.execPath,
    ['dist/cli/main.js', 'lint', 'examples/mcp.json', ...process.argv.slice(2)],
    { cwd: root, stdio: 'inherit', env: { ...process.env, TOOLWIRE_DEMO_DIR: sandbox } },
  );
  process.exitCode = run.status ?? 1;
} finally {
  rmSync(sandbox, { recursive: true, force: true });
}
