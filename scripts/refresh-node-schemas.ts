#!/usr/bin/env node
/**
 * Copies the Streamr node's JSON schemas (node config and one per plugin) of one release
 * into schemas/streamr-node/, byte for byte, and records the release in source.json.
 * `npm run check:samples` validates `json node-config` blocks against these copies.
 *
 * Usage: node scripts/refresh-node-schemas.ts <clone of streamr-dev/network> <git ref, e.g. v103.3.1>
 */
import {execFileSync} from 'node:child_process';
import {mkdirSync, rmSync, writeFileSync} from 'node:fs';
import path from 'node:path';

const NODE_SOURCES = 'packages/node/src';
const TARGET = path.join('schemas', 'streamr-node');

const [repository, ref] = process.argv.slice(2);
if (!repository || !ref) {
  console.error('Usage: node scripts/refresh-node-schemas.ts <clone of streamr-dev/network> <git ref>');
  process.exit(2);
}

const git = (...args: string[]) => execFileSync('git', ['-C', repository, ...args], {encoding: 'utf8'});

const commit = git('rev-parse', `${ref}^{commit}`).trim();
const version = JSON.parse(git('show', `${commit}:packages/node/package.json`)).version;
const pluginSchemas = git('ls-tree', '-r', '--name-only', commit, `${NODE_SOURCES}/plugins`)
  .split('\n')
  .filter((file) => /^packages\/node\/src\/plugins\/[^/]+\/config\.schema\.json$/.test(file));
if (pluginSchemas.length === 0) throw new Error(`No plugin schemas under ${NODE_SOURCES}/plugins at ${ref}`);

// Start clean so a plugin removed upstream does not linger here.
rmSync(path.join(TARGET, 'plugins'), {recursive: true, force: true});
mkdirSync(path.join(TARGET, 'plugins'), {recursive: true});
for (const name of ['config.schema.json', 'definitions.schema.json']) {
  writeFileSync(path.join(TARGET, name), git('show', `${commit}:${NODE_SOURCES}/config/${name}`));
}
for (const file of pluginSchemas) {
  const plugin = file.split('/').at(-2);
  writeFileSync(path.join(TARGET, 'plugins', `${plugin}.schema.json`), git('show', `${commit}:${file}`));
}
writeFileSync(
  path.join(TARGET, 'source.json'),
  `${JSON.stringify({package: '@streamr/node', version, ref, commit}, null, 2)}\n`,
);
console.log(
  `Copied the node schema and ${pluginSchemas.length} plugin schemas of @streamr/node ${version} (${commit}).`,
);
