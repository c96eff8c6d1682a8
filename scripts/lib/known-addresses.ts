/**
 * The content rule about Ethereum addresses (run by scripts/check-content.ts through
 * ./content-rules.ts): a page may show an address only if it is
 * - in `@streamr/config`, the package the SDK and the node take contract addresses from (any chain, any
 *   field: contracts, storage nodes, …);
 * - the value of an exported SDK constant (`STREAMR_STORAGE_NODE_ADDRESS`, …);
 * - a reserved example address (`EXAMPLE_ADDRESSES`, or one hex digit repeated).
 * Anything else is a typo, a stale deployment or a real account nobody checked; a contract address
 * belongs in a `::contract-addresses` table (src/plugins/contract-addresses), which cannot go stale.
 */
import {readFileSync} from 'node:fs';
import path from 'node:path';
import {fileURLToPath} from 'node:url';

type Problem = {file: string; line: number; message: string};

const SITE_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/**
 * Addresses examples may use, lower-cased. The zero address is a real value (no account, "none");
 * the others are the site's documented examples: counting digits, for stream IDs and user IDs, and one
 * random-looking owner of the example stream on the streams pages.
 */
const EXAMPLE_ADDRESSES: ReadonlyMap<string, string> = new Map([
  [`0x${'0'.repeat(40)}`, 'the zero address'],
  ['0x1234567890123456789012345678901234567890', 'example address'],
  ['0x1234567890abcdef1234567890abcdef12345678', 'example address'],
  ['0x7d275ab0c1e6e5c7e4c2b4ed4e0b6a1f3c9d2e11', 'example stream owner (what-are-streams, permissions)'],
]);

/** An address: 0x and 40 hex digits, not part of a longer hex run (keys, hashes) or a word. */
const ADDRESS = /(?<![0-9a-zA-Z_])0x[0-9a-fA-F]{40}(?![0-9a-zA-Z_])/g;

export type KnownAddresses = {
  /** Lower-cased address → where it comes from. */
  addresses: ReadonlyMap<string, string>;
  configVersion: string;
  sdkVersion: string;
};

const readJson = (file: string) => JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;

/** Every address in a JSON value, with the path it was found at (`polygon.contracts.DATA`). */
function addressesIn(value: unknown, at: string, into: Map<string, string>): void {
  if (typeof value === 'string') {
    for (const [address] of value.matchAll(ADDRESS)) into.set(address.toLowerCase(), at);
  } else if (value && typeof value === 'object') {
    for (const [key, child] of Object.entries(value)) addressesIn(child, at ? `${at}.${key}` : key, into);
  }
}

/**
 * Values of the SDK's exported constants that are addresses. The declarations name the exports; a
 * constant declared with its literal type carries the value there, one typed `HexString` only in the
 * bundle the declarations describe.
 */
export function sdkConstantAddresses(declarations: string, bundle: string): Map<string, string> {
  const exported = new Set(
    [...declarations.matchAll(/export\s*\{([^}]*)\}/g)].flatMap(([, list]) =>
      // `Local as Exported`: the bundle declares the local name.
      list.split(',').map((name) => name.trim().split(/\s+as\s+/)[0]),
    ),
  );
  const found = new Map<string, string>();
  for (const text of [declarations, bundle]) {
    for (const [, name, address] of text.matchAll(/\bconst\s+(\w+)\s*=\s*["'](0x[0-9a-fA-F]{40})["']/g)) {
      if (exported.has(name)) found.set(address.toLowerCase(), `SDK constant ${name}`);
    }
  }
  return found;
}

/** The addresses a page may show, from the packages installed in `siteDir`. */
export function loadKnownAddresses(siteDir = SITE_DIR): KnownAddresses {
  const configDir = path.join(siteDir, 'node_modules/@streamr/config');
  const sdkDir = path.join(siteDir, 'node_modules/@streamr/sdk');
  const addresses = new Map<string, string>();
  addressesIn(readJson(path.join(configDir, 'config.json')), '', addresses);
  for (const [address, at] of addresses) addresses.set(address, `@streamr/config ${at}`);
  const sdk = readJson(path.join(sdkDir, 'package.json')) as {
    version: string;
    types: string;
    module?: string;
    main: string;
  };
  const declarations = readFileSync(path.join(sdkDir, sdk.types), 'utf8');
  const bundle = readFileSync(path.join(sdkDir, sdk.module ?? sdk.main), 'utf8');
  for (const [address, what] of sdkConstantAddresses(declarations, bundle)) addresses.set(address, what);
  return {
    addresses,
    configVersion: String(readJson(path.join(configDir, 'package.json')).version),
    sdkVersion: sdk.version,
  };
}

let siteKnown: KnownAddresses | undefined;

/** Why an address may be shown, or undefined. */
function whyKnown(address: string, known: KnownAddresses): string | undefined {
  const lower = address.toLowerCase();
  if (/^0x(.)\1{39}$/.test(lower)) return 'one digit repeated';
  return EXAMPLE_ADDRESSES.get(lower) ?? known.addresses.get(lower);
}

/** Addresses on the page, prose or code, that are none of the above. `known` defaults to the site's. */
export function findUnknownAddresses(source: string, file: string, known?: KnownAddresses): Problem[] {
  const from = known ?? (siteKnown ??= loadKnownAddresses());
  const problems: Problem[] = [];
  source.split('\n').forEach((text, index) => {
    for (const [address] of text.matchAll(ADDRESS)) {
      if (whyKnown(address, from)) continue;
      problems.push({
        file,
        line: index + 1,
        message:
          `${address} is not in @streamr/config ${from.configVersion}, no @streamr/sdk ${from.sdkVersion} constant ` +
          'and no reserved example address (scripts/lib/known-addresses.ts); show contract addresses with ' +
          '::contract-addresses, and use an example such as 0x1234567890123456789012345678901234567890',
      });
    }
  });
  return problems;
}
