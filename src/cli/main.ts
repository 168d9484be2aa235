#!/usr/bin/env node
import { runCli } from './run-cli.js';

process.exitCode = await runCli({ args: process.argv.slice(2) });
