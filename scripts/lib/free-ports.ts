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

// Below the ephemeral ranges (Linux 32768+, macOS and Windows 49152+), from which the system gives outgoing
// connections their local ports: a port picked there could be taken by one before the server listens.
const LOWEST_PORT = 20000;
const ABOVE_HIGHEST_PORT = 32768;

/** The first of `count` free consecutive ports. */
export async function findFreePortRun(count: number, attempts = 50): Promise<number> {
  for (let attempt = 0; attempt < attempts; attempt++) {
    const first = LOWEST_PORT + Math.floor(Math.random() * (ABOVE_HIGHEST_PORT - LOWEST_PORT - count));
    let allFree = true;
    for (let port = first; port < first + count && allFree; port++) allFree = await isPortFree(port);
    if (allFree) return first;
  }
  throw new Error(`No ${count} consecutive free ports found on 127.0.0.1 after ${attempts} attempts.`);
}
