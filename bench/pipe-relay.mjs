// The floor of any stdio proxy: a process that starts the server given on its command line and
// only copies bytes between its own stdio and the server's (no parsing, no routing). The proxy
// bench measures it beside the proxy, so the extra process hop's own cost is on the table.
import { spawn } from 'node:child_process';

const [command, ...args] = process.argv.slice(2);
const child = spawn(command, args, { stdio: ['pipe', 'pipe', 'inherit'] });
process.stdin.pipe(child.stdin);
child.stdout.pipe(process.stdout);
process.stdin.on('end', () => child.kill());
child.on('exit', (code) => process.exit(code ?? 0));
