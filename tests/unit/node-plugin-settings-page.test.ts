import {readFileSync, readdirSync} from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {checkPluginSettingsPage, settingPaths, tableRowsUnder} from '../support/plugin-settings-coverage.ts';

const schemaFolder = path.join(process.cwd(), 'schemas', 'streamr-node', 'plugins');
const readSchema = (plugin: string) =>
  JSON.parse(readFileSync(path.join(schemaFolder, `${plugin}.schema.json`), 'utf8'));
const schemas = {
  operator: readSchema('operator'),
  others: {
    subscriber: readSchema('subscriber'),
    info: readSchema('info'),
    consoleMetrics: readSchema('consoleMetrics'),
  },
  allPlugins: readdirSync(schemaFolder).map((file) => file.replace(/\.schema\.json$/, '')),
};
const page = readFileSync(path.join(process.cwd(), 'docs', 'usage', 'node-plugin-settings.md'), 'utf8');

describe('the node plugin settings page', () => {
  it('documents every key of the shipped operator, subscriber, info and consoleMetrics schemas with its default', () => {
    expect(checkPluginSettingsPage(page, schemas)).toEqual([]);
  });

  it('really reads the schemas: the operator schema has the settings the page is organized around', () => {
    const paths = settingPaths(schemas.operator).map((setting) => setting.path);
    expect(paths).toContain('maintainOperatorValue.withdrawLimitSafetyFraction');
    expect(paths).toContain('fleetState.warmupPeriodInMs');
    expect(paths).toHaveLength(20);
    expect(settingPaths(schemas.others.subscriber).map((setting) => setting.path)).toEqual([
      'streams',
      'streams[].streamId',
      'streams[].streamPartition',
      'subscriptionRetryInterval',
    ]);
  });
});

describe('checkPluginSettingsPage', () => {
  it('fails when a row of the page is removed', () => {
    const withoutRow = page
      .split('\n')
      .filter((line) => !line.startsWith('- **`inspectRandomNode.maxInspectionCount`**'))
      .join('\n');
    expect(checkPluginSettingsPage(withoutRow, schemas)).toEqual([
      'Operator plugin section: no entry for `inspectRandomNode.maxInspectionCount`',
    ]);
  });

  it('fails when a default on the page disagrees with the schema', () => {
    const wrongDefault = page.replace('default `0.9`', 'default `0.5`');
    expect(wrongDefault).not.toBe(page);
    const problems = checkPluginSettingsPage(wrongDefault, schemas);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(/withdrawLimitSafetyFraction` defaults to `0.9`/);
  });

  it('fails when the schema gains a key the page does not describe, or the page describes one the schema lacks', () => {
    const grown = structuredClone(schemas);
    grown.operator.properties.inspectRandomNode.properties.newSetting = {type: 'integer', default: 5};
    expect(checkPluginSettingsPage(page, grown)).toEqual([
      'Operator plugin section: no entry for `inspectRandomNode.newSetting`',
    ]);
    const shrunk = structuredClone(schemas);
    delete shrunk.others.consoleMetrics.properties.interval;
    expect(checkPluginSettingsPage(page, shrunk)[0]).toMatch(
      /documents `interval`, which the schema does not have/,
    );
  });

  it('fails when a table row of the other plugins disagrees with the schema', () => {
    const wrongDefault = page.replace('| `interval` | `60` |', '| `interval` | `30` |');
    expect(wrongDefault).not.toBe(page);
    expect(checkPluginSettingsPage(wrongDefault, schemas)[0]).toMatch(/`interval` defaults to `60`/);
    const withoutRow = page.replace(/^\| `subscriber` \| `streams\[\]\.streamId` .*\n/m, '');
    expect(withoutRow).not.toBe(page);
    expect(checkPluginSettingsPage(withoutRow, schemas)).toEqual([
      'Other plugins table, subscriber: no entry for `streams[].streamId`',
    ]);
  });

  it('fails when a required setting is not marked required', () => {
    const notRequired = page.replace('an Ethereum address; required.', 'an Ethereum address; optional.');
    expect(notRequired).not.toBe(page);
    expect(checkPluginSettingsPage(notRequired, schemas)[0]).toMatch(/`operatorContractAddress` is required/);
  });

  it('fails when the node ships a plugin the page does not mention', () => {
    expect(
      checkPluginSettingsPage(page, {...schemas, allPlugins: [...schemas.allPlugins, 'telemetry']}),
    ).toEqual(['the node ships a `telemetry` plugin that the Other plugins table does not mention']);
  });

  it('reads table rows only under the given h2', () => {
    const markdown = ['## A', '| K | V |', '| --- | --- |', '| `x` | 1 |', '## B', '| `y` | 2 |'].join('\n');
    expect(tableRowsUnder(markdown, 'A')).toEqual([
      {cells: ['K', 'V'], line: 2},
      {cells: ['`x`', '1'], line: 4},
    ]);
  });
});
