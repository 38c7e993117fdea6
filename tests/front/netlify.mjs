// Netlify's own local emulation of its platform (npm's @netlify/dev, which
// netlify-cli and Netlify's Vite plugin are built on) serving an export on a
// port, for tests/static_hosts.rs. Only what a static site uses is on:
// static files, `_headers` and `_redirects`.
//
//   node tests/front/netlify.mjs SITE_DIR PORT
//
// A request nothing matches gets an empty 404, as @netlify/dev's own
// pass-through server answers it (Netlify itself then serves /404.html).
import { createServer } from 'node:http';
import { NetlifyDev } from '@netlify/dev';

const [site, port] = process.argv.slice(2);
const off = { enabled: false };
const netlify = new NetlifyDev({
  projectRoot: site,
  aiGateway: off,
  blobs: off,
  edgeFunctions: off,
  environmentVariables: off,
  functions: off,
  images: off,
  headers: { enabled: true },
  redirects: { enabled: true },
  staticFiles: { enabled: true },
});
await netlify.start();

const server = createServer(async (incoming, outgoing) => {
  const request = new Request(`http://${incoming.headers.host}${incoming.url}`, {
    method: incoming.method,
    headers: Object.entries(incoming.headers).filter(([, value]) => typeof value === 'string'),
    redirect: 'manual',
  });
  const response = (await netlify.handle(request)) ?? new Response(null, { status: 404 });
  const body = Buffer.from(await response.arrayBuffer());
  outgoing.writeHead(response.status, [...response.headers]);
  outgoing.end(body);
});
server.listen(Number(port), '127.0.0.1');
const stop = async () => {
  server.close();
  await netlify.stop();
  process.exit(0);
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
