// A server of the gateway benchmark's throughput row, in a process of its own (forked, with an
// IPC channel): `upstream` answers every request with the JSON in argv[3]; `gateway` serves the
// gateway as `toolwire gateway` runs it, forwarding to the upstream URL in argv[3]. It sends its
// port, then on 'cpu' the CPU time (microseconds) it has used since the previous 'cpu'.
import http from 'node:http';
import { createNodeUpstreamFetch } from '../dist/cli/gateway/create-node-upstream-fetch.js';
import { serveFetchHandler } from '../dist/cli/gateway/serve-fetch-handler.js';
import { createGateway } from '../dist/gateway/index.js';

const [, , role, argument] = process.argv;
let port;
if (role === 'upstream') {
  const upstream = http.createServer((incoming, outgoing) => {
    incoming.resume();
    incoming.on('end', () => {
      outgoing.writeHead(200, { 'content-type': 'application/json' });
      outgoing.end(argument);
    });
  });
  await new Promise((resolve) => upstream.listen(0, '127.0.0.1', resolve));
  port = upstream.address().port;
} else {
  const upstreamFetch = createNodeUpstreamFetch();
  const gateway = createGateway({ upstream: argument, fetch: upstreamFetch.fetch });
  port = (await serveFetchHandler({ handle: gateway.handle })).port;
}
let since = process.cpuUsage();
process.on('message', (message) => {
  if (message === 'cpu') {
    const used = process.cpuUsage(since);
    since = process.cpuUsage();
    process.send(used.user + used.system);
  }
});
process.on('disconnect', () => process.exit(0));
process.send(port);
