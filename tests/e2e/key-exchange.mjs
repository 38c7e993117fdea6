// Run by tests/tls_key_exchange.rs: opens an HTTPS page of the server in Chromium and
// prints the TLS details Chromium itself reports for it (the DevTools
// protocol's Network.Response.securityDetails) as JSON, so the test reads
// the key-exchange group a real browser negotiated.
//
//   node tests/e2e/key-exchange.mjs https://NAME:PORT/ 127.0.0.1
//
// NAME is resolved to the given address; the test CA is not in Chromium's
// store, so certificate errors are ignored (the certificate is checked by
// the test's own clients).
import { launchBrowser } from './harness.mjs';

const [url, address] = process.argv.slice(2);
const browser = await launchBrowser({ ignoreHTTPSErrors: true }, [
  `--host-resolver-rules=MAP ${new URL(url).hostname} ${address}`,
]);
try {
  const page = await browser.context.newPage();
  const devtools = await browser.context.newCDPSession(page);
  await devtools.send('Network.enable');
  const document = new Promise((resolve) =>
    devtools.on('Network.responseReceived', (event) => {
      if (event.type === 'Document') resolve(event.response);
    }),
  );
  await page.goto(url);
  const response = await document;
  const { protocol, keyExchange, keyExchangeGroup, cipher } = response.securityDetails ?? {};
  console.log(JSON.stringify({ status: response.status, protocol, keyExchange, keyExchangeGroup, cipher }));
} finally {
  await browser.close();
}
