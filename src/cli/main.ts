#!/usr/bin/env node
import { Command } from 'commander';
import { ToolwireError } from '../core/toolwire-error.js';
import { registerNamesCommand } from './commands/names.js';

const program = new Command()
  .name('toolwire')
  .description(
    'Project MCP tools onto every LLM provider: names and schemas that fit, calls mapped back.',
  );
registerNamesCommand(program);

try {
  await program.parseAsync(process.argv);
} catch (error) {
  if (ToolwireError.isInstance(error)) {
    process.stderr.write(`toolwire: ${error.message} [${error.code}]\n`);
    process.exitCode = 2;
  } else {
    throw error;
  }
}
