// @ts-check
/**
 * Compares the plugin settings reference page (docs/usage/node-plugin-settings.md) with the
 * shipped node schemas, so the hand-written page cannot fall behind a schema refresh: every
 * setting of the documented plugins needs an entry with the schema's default, every entry must
 * name a setting that exists, and every plugin the node ships must be mentioned.
 *
 * The page's format: under "## Operator plugin", one list item per setting,
 * "- **`path`**: type; default `value` (...). Effect" (or "; required."); under "## Other plugins",
 * one table row per setting: | `plugin` | `path` | default | type and effect |.
 */

/**
 * @typedef {{path: string, default?: unknown, required: boolean}} SettingSpec
 * @typedef {{cells: string[], line: number}} TableRow
 * @typedef {{key: string, defaultText: string, line: number}} SettingEntry
 */

/**
 * The settings of a plugin schema as paths within its section: nested objects are dotted
 * (`fleetState.pruneAgeInMs`), array items get `[]` (`streams[].streamId`). An object with its own
 * properties is listed through its leaves; an array of objects is listed itself and through its items.
 * @param {any} schema
 * @param {string} [prefix]
 * @returns {SettingSpec[]}
 */
export function settingPaths(schema, prefix = '') {
  /** @type {SettingSpec[]} */
  const settings = [];
  const required = new Set(schema.required ?? []);
  for (const [key, property] of Object.entries(schema.properties ?? {})) {
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

/**
 * Rows of the Markdown tables under the h2 heading `heading`, until the next h2.
 * @param {string} markdown
 * @param {string} heading text of the h2, without `## `
 * @returns {TableRow[]}
 */
export function tableRowsUnder(markdown, heading) {
  const lines = markdown.split('\n');
  const start = lines.findIndex((line) => line.trim() === `## ${heading}`);
  if (start === -1) return [];
  /** @type {TableRow[]} */
  const rows = [];
  for (let i = start + 1; i < lines.length && !lines[i].startsWith('## '); i++) {
    const line = lines[i].trim();
    if (!line.startsWith('|') || /^\|[\s|:-]+\|$/.test(line)) continue;
    rows.push({
      cells: line
        .slice(1, -1)
        .split(/\s\|\s?/)
        .map((cell) => cell.trim()),
      line: i + 1,
    });
  }
  return rows;
}

/**
 * Setting list items under the h2 heading `heading`: "- **`path`**: type; default `x`. Effect".
 * `defaultText` is the part before the first sentence break, where type and default are.
 * @param {string} markdown
 * @param {string} heading
 * @returns {SettingEntry[]}
 */
export function settingListItemsUnder(markdown, heading) {
  const lines = markdown.split('\n');
  const start = lines.findIndex((line) => line.trim() === `## ${heading}`);
  if (start === -1) return [];
  /** @type {SettingEntry[]} */
  const entries = [];
  for (let i = start + 1; i < lines.length && !lines[i].startsWith('## '); i++) {
    const item = /^- \*\*`([^`]+)`\*\*:(.*)$/.exec(lines[i]);
    if (item) entries.push({key: item[1], defaultText: item[2].split(/\.\s/)[0], line: i + 1});
  }
  return entries;
}

/** @param {unknown} value */
const formatDefault = (value) => `\`${JSON.stringify(value)}\``;

/**
 * @param {string} markdown the page
 * @param {{operator: any, others: Record<string, any>, allPlugins: string[]}} schemas
 *   `operator`: its schema; `others`: schemas of the plugins in the "Other plugins" table by name;
 *   `allPlugins`: every plugin the node ships
 * @returns {string[]} what is missing or wrong, one message each
 */
export function checkPluginSettingsPage(markdown, schemas) {
  /** @type {string[]} */
  const problems = [];
  /**
   * @param {SettingSpec[]} settings
   * @param {SettingEntry[]} entries
   * @param {string} where
   */
  const compare = (settings, entries, where) => {
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

  /** @param {string | undefined} cell */
  const codeIn = (cell) => /^`([^`]+)`$/.exec(cell ?? '')?.[1];

  compare(
    settingPaths(schemas.operator),
    settingListItemsUnder(markdown, 'Operator plugin'),
    'Operator plugin section',
  );

  const otherRows = tableRowsUnder(markdown, 'Other plugins');
  for (const [plugin, schema] of Object.entries(schemas.others)) {
    /** @type {SettingEntry[]} */
    const entries = otherRows.flatMap((row) => {
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
