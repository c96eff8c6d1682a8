/**
 * Compares the plugin settings reference page (docs/usage/node-plugin-settings.md) with the
 * shipped node schemas, so the hand-written page cannot fall behind a schema refresh: every
 * setting of the documented plugins needs an entry with the schema's default, every entry must
 * name a setting that exists, and every plugin the node ships must be mentioned.
 *
 * The page's format: under "## Operator plugin", one list item per setting,
 * "- **`path`**: type; default `value` (...). Effect" (or "; required."); under "## Other plugins",
 * one table row per setting: | `plugin` | `path` | default | type and effect |. The page is read
 * by the site's Markdown front-end (src/markdown); cells and items are compared as written.
 */
import type {Nodes, RootContent} from 'mdast';
import {parsePage, plainText} from '../../src/markdown/index.ts';

export type SettingSpec = {path: string; default?: unknown; required: boolean};
/** A table row: its cells as written in the Markdown, and its line. */
export type TableRow = {cells: string[]; line: number};
export type SettingEntry = {key: string; defaultText: string; line: number};

// JSON Schema as read from the node's files: any shape.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Schema = any;

/**
 * The settings of a plugin schema as paths within its section: nested objects are dotted
 * (`fleetState.pruneAgeInMs`), array items get `[]` (`streams[].streamId`). An object with its own
 * properties is listed through its leaves; an array of objects is listed itself and through its items.
 */
export function settingPaths(schema: Schema, prefix = ''): SettingSpec[] {
  const settings: SettingSpec[] = [];
  const required = new Set(schema.required ?? []);
  for (const [key, property] of Object.entries<Schema>(schema.properties ?? {})) {
    // A boolean schema under `properties` is a misplaced keyword, not a setting: upstream's
    // subscriber schema lists `"additionalProperties": false` among the properties of a stream.
    if (typeof property !== 'object' || property === null) continue;
    const path = `${prefix}${key}`;
    if (property.type === 'object' && property.properties) {
      settings.push(...settingPaths(property, `${path}.`));
      continue;
    }
    settings.push({path, default: property.default, required: required.has(key)});
    if (property.type === 'array' && property.items?.properties) {
      settings.push(...settingPaths(property.items, `${path}[].`));
    }
  }
  return settings;
}

/** The blocks under the h2 heading whose text is `heading`, up to the next h2 (or h1). */
function sectionUnder(markdown: string, heading: string): RootContent[] {
  const {tree} = parsePage(markdown);
  const start = tree.children.findIndex(
    (node) => node.type === 'heading' && node.depth === 2 && plainText(node) === heading,
  );
  if (start === -1) return [];
  const section: RootContent[] = [];
  for (const node of tree.children.slice(start + 1)) {
    if (node.type === 'heading' && node.depth <= 2) break;
    section.push(node);
  }
  return section;
}

/** The Markdown source of a node, as written. */
function written(markdown: string, node: Nodes): string {
  const start = node.position?.start.offset;
  const end = node.position?.end.offset;
  return start === undefined || end === undefined ? '' : markdown.slice(start, end);
}

/** Rows of the Markdown tables under the h2 heading `heading` (text of the h2, without `## `). */
export function tableRowsUnder(markdown: string, heading: string): TableRow[] {
  return sectionUnder(markdown, heading).flatMap((node) =>
    node.type === 'table'
      ? node.children.map((row) => ({
          // A cell's position takes in the pipes around it.
          cells: row.children.map((cell) =>
            written(markdown, cell)
              .trim()
              .replace(/^\|/, '')
              .replace(/(?<!\\)\|$/, '')
              .trim(),
          ),
          line: row.position?.start.line ?? 0,
        }))
      : [],
  );
}

/**
 * Setting list items under the h2 heading `heading`: "- **`path`**: type; default `x`. Effect".
 * `defaultText` is the part before the first sentence break, where type and default are.
 */
function settingListItemsUnder(markdown: string, heading: string): SettingEntry[] {
  const entries: SettingEntry[] = [];
  for (const node of sectionUnder(markdown, heading)) {
    if (node.type !== 'list') continue;
    for (const item of node.children) {
      const paragraph = item.children[0];
      if (paragraph?.type !== 'paragraph') continue;
      const [name, ...rest] = paragraph.children;
      const key = name?.type === 'strong' && name.children.length === 1 ? name.children[0] : undefined;
      if (key?.type !== 'inlineCode' || rest[0]?.type !== 'text' || !rest[0].value.startsWith(':')) continue;
      const after = markdown.slice(name.position?.end.offset ?? 0, paragraph.position?.end.offset ?? 0);
      entries.push({
        key: key.value,
        defaultText: after.slice(1).replace(/\s+/g, ' ').split(/\.\s/)[0],
        line: item.position?.start.line ?? 0,
      });
    }
  }
  return entries;
}

const formatDefault = (value: unknown) => `\`${JSON.stringify(value)}\``;

/**
 * What is missing or wrong on the page, one message each. `schemas.operator`: its schema; `others`:
 * schemas of the plugins in the "Other plugins" table by name; `allPlugins`: every plugin the node ships.
 */
export function checkPluginSettingsPage(
  markdown: string,
  schemas: {operator: Schema; others: Record<string, Schema>; allPlugins: string[]},
): string[] {
  const problems: string[] = [];
  const compare = (settings: SettingSpec[], entries: SettingEntry[], where: string) => {
    const known = new Set(settings.map((setting) => setting.path));
    for (const entry of entries) {
      if (!known.has(entry.key)) {
        problems.push(
          `line ${entry.line}: ${where} documents \`${entry.key}\`, which the schema does not have`,
        );
      }
    }
    for (const setting of settings) {
      const documented = entries.find((entry) => entry.key === setting.path);
      if (!documented) {
        problems.push(`${where}: no entry for \`${setting.path}\``);
        continue;
      }
      // A required key with a default (consoleMetrics `interval`) is optional in practice: the node fills it in.
      if (setting.required && setting.default === undefined && !/required/i.test(documented.defaultText)) {
        problems.push(`line ${documented.line}: \`${setting.path}\` is required; its entry should say so`);
      }
      const isPrimitive = setting.default !== null && typeof setting.default !== 'object';
      if (
        setting.default !== undefined &&
        isPrimitive &&
        !documented.defaultText.includes(formatDefault(setting.default))
      ) {
        problems.push(
          `line ${documented.line}: \`${setting.path}\` defaults to ${formatDefault(setting.default)}, the page says "${documented.defaultText}"`,
        );
      }
    }
  };

  const codeIn = (cell: string | undefined) => /^`([^`]+)`$/.exec(cell ?? '')?.[1];

  compare(
    settingPaths(schemas.operator),
    settingListItemsUnder(markdown, 'Operator plugin'),
    'Operator plugin section',
  );

  const otherRows = tableRowsUnder(markdown, 'Other plugins');
  for (const [plugin, schema] of Object.entries(schemas.others)) {
    const entries: SettingEntry[] = otherRows.flatMap((row) => {
      const key = codeIn(row.cells[1]);
      return codeIn(row.cells[0]) === plugin && key
        ? [{key, defaultText: row.cells[2] ?? '', line: row.line}]
        : [];
    });
    compare(settingPaths(schema), entries, `Other plugins table, ${plugin}`);
  }

  const mentioned = new Set(
    otherRows.flatMap((row) => [...(row.cells[0] ?? '').matchAll(/`([^`]+)`/g)].map((match) => match[1])),
  );
  if (schemas.operator) mentioned.add('operator');
  for (const plugin of schemas.allPlugins) {
    if (!mentioned.has(plugin))
      problems.push(`the node ships a \`${plugin}\` plugin that the Other plugins table does not mention`);
  }
  return problems;
}
