/**
 * Finds a run of consecutive free TCP ports on 127.0.0.1 for the browser tests
 * (the main build, build-algolia/ and the dev server each take one), so a
 * server left running from an earlier run is never the one the tests talk to.
 */
import net from 'node:net';

/** Whether a server could listen on `port` right now. */
export function isPortFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = net.createServer();
    probe.once('error', () => resolve(false));
    probe.listen({port, host: '127.0.0.1', exclusive: true}, () => probe.close(() => resolve(true)));
  });
}

/** A port the system considers free. */
function systemPort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen({port: 0, host: '127.0.0.1'}, () => {
      const address = probe.address();
      probe.close(() => (address && typeof address === 'object' ? resolve(address.port) : reject()));
    });
  });
}

/** The first of `count` free consecutive ports. */
export async function findFreePortRun(count: number, attempts = 50): Promise<number> {
  for (let attempt = 0; attempt < attempts; attempt++) {
    const first = await systemPort();
    if (first + count - 1 > 65535) continue;
    let allFree = true;
    for (let port = first + 1; port < first + count && allFree; port++) allFree = await isPortFree(port);
    if (allFree) return first;
  }
  throw new Error(`No ${count} consecutive free ports found on 127.0.0.1 after ${attempts} attempts.`);
}
