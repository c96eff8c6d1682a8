/**
 * Validates a Streamr node config file the way the node does at startup (`createBroker` and the
 * `Plugin` base class of @streamr/node): the whole file against the node schema, then each
 * `plugins.<name>` section against that plugin's schema, each with a fresh Ajv 8 with
 * `useDefaults`, ajv-formats, the `ethereum-address` format and the shared definitions.
 * The schemas are the copies in schemas/streamr-node/ (see its README).
 */
import {readFileSync, readdirSync} from 'node:fs';
import path from 'node:path';
import Ajv, {type ErrorObject} from 'ajv';
import addFormats from 'ajv-formats';
import {escapePointerSegment, lineOfPointer} from './json-positions.ts';
import {editDistance} from '../../src/utils/edit-distance.ts';

/**
 * Placeholder values a docs example may show instead of a secret or an address of the reader's own.
 * The validator swaps each for a well-formed stand-in, so the page never shows a value a reader could
 * mistake for a real key, and the rest of the block is still checked against the schema.
 */
const NODE_CONFIG_PLACEHOLDERS = new Map([
  ['YOUR_NODE_PRIVATE_KEY', `0x${'ab'.repeat(32)}`],
  ['YOUR_OPERATOR_CONTRACT_ADDRESS', `0x${'cd'.repeat(20)}`],
]);

/**
 * Plugins whose class in the node never applies its schema (it does not override
 * `getConfigSchema()`; in 103.3.1 only the subscriber plugin): the node neither rejects unknown
 * keys there nor fills in defaults. The check still validates the section against the schema,
 * because the node would silently ignore a misspelled key, but without defaults, and it requires
 * the keys the plugin cannot start without. Re-check this list when refreshing the schemas.
 */
const PLUGINS_THE_NODE_DOES_NOT_VALIDATE = new Map([['subscriber', ['streams']]]);

/** Same pattern as packages/node/src/config/validateConfig.ts registers. */
const ETHEREUM_ADDRESS_FORMAT = /^0x[a-zA-Z0-9]{40}$/;

export type NodeSchemas = {version: string; node: object; definitions: object; plugins: Map<string, object>};
export type NodeConfigProblem = {line: number; message: string};

const schemasByFolder = new Map<string, NodeSchemas>();

/** Reads the shipped schemas once per folder (`folder`: e.g. <project>/schemas/streamr-node). */
export function loadNodeSchemas(folder: string): NodeSchemas {
  if (schemasByFolder.has(folder)) return schemasByFolder.get(folder)!;
  const read = (file: string) => JSON.parse(readFileSync(path.join(folder, file), 'utf8'));
  const plugins = new Map<string, object>(
    readdirSync(path.join(folder, 'plugins'))
      .filter((file) => file.endsWith('.schema.json'))
      .sort()
      .map((file): [string, object] => [
        file.slice(0, -'.schema.json'.length),
        read(path.join('plugins', file)),
      ]),
  );
  const schemas = {
    version: read('source.json').version,
    node: read('config.schema.json'),
    definitions: read('definitions.schema.json'),
    plugins,
  };
  schemasByFolder.set(folder, schemas);
  return schemas;
}

function createAjv(schemas: NodeSchemas, useDefaults = true) {
  // One Ajv per validation, as the node does: every schema there has the same $id.
  // `verbose` only adds the failing schema to each error (for "did you mean"); validation is unchanged.
  const ajv = new Ajv({useDefaults, verbose: true});
  addFormats(ajv);
  ajv.addFormat('ethereum-address', ETHEREUM_ADDRESS_FORMAT);
  ajv.addSchema(schemas.definitions);
  return ajv;
}

/** A copy of `value` with every placeholder string replaced by its stand-in. */
function substitutePlaceholders(value: unknown): unknown {
  return JSON.parse(JSON.stringify(value), (_key, item) =>
    typeof item === 'string' ? (NODE_CONFIG_PLACEHOLDERS.get(item) ?? item) : item,
  );
}

/**
 * Validates a parsed node config file: `config` is the parsed JSON of the block, `locations`
 * the lines of its JSON Pointers. The problems' lines are 1-based within the JSON text.
 */
export function validateNodeConfig(
  config: unknown,
  locations: Map<string, number>,
  schemas: NodeSchemas,
): NodeConfigProblem[] {
  const problems: NodeConfigProblem[] = [];
  const data = substitutePlaceholders(config) as Record<string, unknown>;
  const schemaName = `node ${schemas.version} config schema`;

  const ajv = createAjv(schemas);
  if (!ajv.validate(schemas.node, data)) {
    problems.push(describeError(ajv.errors![0], '', locations, schemaName));
  }
  const plugins = data.plugins;
  if (!plugins || typeof plugins !== 'object' || Array.isArray(plugins)) return problems;

  for (const [name, section] of Object.entries(plugins)) {
    const pointer = `/plugins/${escapePointerSegment(name)}`;
    const schema = schemas.plugins.get(name);
    if (!schema) {
      // The node stops with "Unknown plugin: <name>".
      const suggestion = closestName(name, [...schemas.plugins.keys()]);
      problems.push({
        line: lineOfPointer(locations, pointer),
        message: `unknown plugin "${name}"${suggestion ? ` (did you mean "${suggestion}"?)` : ''}; the node ${schemas.version} has: ${[...schemas.plugins.keys()].join(', ')}`,
      });
      continue;
    }
    const requiredByPlugin = PLUGINS_THE_NODE_DOES_NOT_VALIDATE.get(name);
    const pluginAjv = createAjv(schemas, requiredByPlugin === undefined);
    if (requiredByPlugin && section && typeof section === 'object' && !Array.isArray(section)) {
      for (const key of requiredByPlugin.filter((required) => !Object.hasOwn(section, required))) {
        problems.push({
          line: lineOfPointer(locations, pointer),
          message: `plugins.${name} needs "${key}": the node ${schemas.version} applies no defaults to this plugin and fails to start without it`,
        });
      }
    }
    if (!pluginAjv.validate(schema, section)) {
      problems.push(
        describeError(
          pluginAjv.errors![0],
          pointer,
          locations,
          `${name} plugin schema of node ${schemas.version}`,
        ),
      );
    }
  }
  return problems;
}

/** `base`: the JSON Pointer of the validated section within the block. */
function describeError(
  error: ErrorObject,
  base: string,
  locations: Map<string, number>,
  schemaName: string,
): NodeConfigProblem {
  const pointer = `${base}${error.instancePath}`;
  const where = dottedPath(pointer) || 'the config';
  if (error.keyword === 'additionalProperties') {
    const key = String(error.params.additionalProperty);
    const allowed = Object.keys(error.parentSchema?.properties ?? {});
    const suggestion = closestName(key, allowed);
    return {
      line: lineOfPointer(locations, `${pointer}/${escapePointerSegment(key)}`),
      message:
        `unknown key "${key}" in ${where}` +
        (suggestion ? ` (did you mean "${suggestion}"?)` : '') +
        `; the ${schemaName} allows: ${allowed.join(', ') || 'no keys'}`,
    };
  }
  const placeholderHint =
    typeof error.data === 'string' && /^YOUR_|<.*>/.test(error.data)
      ? `; "${error.data}" is not a placeholder the check knows (use ${[...NODE_CONFIG_PLACEHOLDERS.keys()].join(' or ')})`
      : '';
  return {
    line: lineOfPointer(locations, pointer),
    message: `${where} ${error.message} (${schemaName})${placeholderHint}`,
  };
}

function dottedPath(pointer: string): string {
  return pointer
    .split('/')
    .slice(1)
    .map((segment) => segment.replaceAll('~1', '/').replaceAll('~0', '~'))
    .join('.');
}

/**
 * The allowed name a misspelling most likely meant: same letters ignoring case, or at most
 * two edits away (a third of the name for short ones).
 */
function closestName(name: string, candidates: string[]): string | undefined {
  let best: string | undefined;
  let bestDistance = Infinity;
  for (const candidate of candidates) {
    const distance = editDistance(name.toLowerCase(), candidate.toLowerCase());
    if (distance < bestDistance) [best, bestDistance] = [candidate, distance];
  }
  return bestDistance <= Math.min(2, Math.ceil(name.length / 3)) ? best : undefined;
}
