#!/usr/bin/env node
import { readFileSync } from 'node:fs';
import { runCli } from './run-cli.js';

// dist/cli/main.js sits two folders below the package.json that ships beside it.
const { version } = JSON.parse(
  readFileSync(new URL('../../package.json', import.meta.url), 'utf8'),
) as { version: string };

process.exitCode = await runCli({ args: process.argv.slice(2), version });
