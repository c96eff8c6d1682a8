import {mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {afterAll, describe, expect, it} from 'vitest';
import {typedocOptions} from '../../config/typedoc.ts';
import {
  BumpError,
  MEMBER_FILTERS,
  applyBump,
  compareVersions,
  install,
  membersInChild,
  mentionsOf,
  parseVersion,
  planBump,
  publishedVersion,
  renderReport,
  writerTasks,
  type Run,
} from '../../scripts/sdk-bump.ts';

const MANIFEST = `{
  "name": "site",
  "dependencies": {
    "@streamr/config": "5.9.3",
    "@streamr/sdk": "103.1.2",
    "@streamr/sdk-102": "npm:@streamr/sdk@102.0.0",
    "zod": "4.6.7"
  }
}
`;
const manifest = JSON.parse(MANIFEST) as {dependencies: Record<string, string>};
const folders: string[] = [];
const tempSite = () => {
  const folder = mkdtempSync(path.join(tmpdir(), 'sdk-bump-'));
  folders.push(folder);
  return folder;
};
afterAll(() => folders.forEach((folder) => rmSync(folder, {recursive: true, force: true})));

describe('versions', () => {
  it('parses exact versions and refuses ranges and tags', () => {
    expect(parseVersion('103.3.1')).toEqual({
      major: 103,
      minor: 3,
      patch: 1,
      prerelease: '',
      text: '103.3.1',
    });
    expect(parseVersion('103.3.0-experiment.0').prerelease).toBe('experiment.0');
    for (const bad of ['^103.3.1', '103.3', 'latest', 'v103.3.1'])
      expect(() => parseVersion(bad)).toThrow(`"${bad}" is not an exact version such as 103.3.1`);
  });

  it('orders by number, a prerelease before its release', () => {
    const order = ['103.0.0', '103.1.2', '103.3.0-experiment.0', '103.3.0', '103.3.1', '104.0.0'].map(
      parseVersion,
    );
    for (let i = 1; i < order.length; i++) {
      expect(compareVersions(order[i - 1], order[i])).toBeLessThan(0);
      expect(compareVersions(order[i], order[i - 1])).toBeGreaterThan(0);
    }
    expect(compareVersions(parseVersion('103.3.1'), parseVersion('103.3.1'))).toBe(0);
  });
});

describe('planBump and applyBump', () => {
  it('keeps the previous-major alias within a major', () => {
    const plan = planBump(manifest, parseVersion('103.3.1'));
    expect(plan.roll).toBeUndefined();
    expect(applyBump(MANIFEST, plan)).toBe(MANIFEST.replace('"103.1.2"', '"103.3.1"'));
  });

  it('rolls the alias to the major that was current, at its pinned release, in place', () => {
    const plan = planBump(manifest, parseVersion('104.0.1'));
    expect(plan.roll).toEqual({name: '@streamr/sdk-103', spec: 'npm:@streamr/sdk@103.1.2'});
    expect(applyBump(MANIFEST, plan)).toBe(
      MANIFEST.replace('"103.1.2"', '"104.0.1"').replace(
        '"@streamr/sdk-102": "npm:@streamr/sdk@102.0.0"',
        '"@streamr/sdk-103": "npm:@streamr/sdk@103.1.2"',
      ),
    );
  });

  it('refuses to go back, a range pin, and anything but one alias', () => {
    expect(() => planBump(manifest, parseVersion('103.0.0'))).toThrow(
      '103.0.0 is older than the pinned 103.1.2; sdk:bump only moves forward',
    );
    const deps = manifest.dependencies;
    expect(() =>
      planBump({dependencies: {...deps, '@streamr/sdk': '^103.1.2'}}, parseVersion('104.0.0')),
    ).toThrow('"^103.1.2" is not an exact version');
    expect(() =>
      planBump(
        {dependencies: {...deps, '@streamr/sdk-101': 'npm:@streamr/sdk@101.1.2'}},
        parseVersion('104.0.0'),
      ),
    ).toThrow('exactly one npm alias of @streamr/sdk (the previous major); found 2');
  });
});

const fakeRun =
  (result: {status: number; stdout?: string; stderr?: string}, calls: string[][] = []): Run =>
  (command, args) => {
    calls.push([command, ...args]);
    return {stdout: '', stderr: '', ...result};
  };

describe('registry and install failures', () => {
  it('reads the version npm view gives for a version or a tag', () => {
    const calls: string[][] = [];
    expect(publishedVersion('latest', fakeRun({status: 0, stdout: '"103.3.2"\n'}, calls)).text).toBe(
      '103.3.2',
    );
    expect(calls).toEqual([['npm', 'view', '@streamr/sdk@latest', 'version', '--json']]);
  });

  it('fails clearly when npm view has no such release', () => {
    const stderr = [
      'npm error code E404',
      'npm error 404 No match found for version 109.0.0',
      'npm error A complete log of this run can be found in: /root/.npm/_logs/x.log',
    ].join('\n');
    expect(() => publishedVersion('109.0.0', fakeRun({status: 1, stderr}))).toThrow(
      new BumpError(
        'npm view @streamr/sdk@109.0.0 failed (exit 1); the registry has no such release:\n' +
          'npm error code E404\nnpm error 404 No match found for version 109.0.0',
      ),
    );
    expect(() => publishedVersion('109.0.0', fakeRun({status: 0, stdout: ''}))).toThrow('(no output)');
  });

  it('installs the edited package.json, and puts both files back when npm install fails', () => {
    const site = tempSite();
    writeFileSync(path.join(site, 'package.json'), MANIFEST);
    writeFileSync(path.join(site, 'package-lock.json'), '{"lock": 1}\n');
    const plan = planBump(manifest, parseVersion('103.3.2'));
    const failing: Run = (command, args) => {
      expect([command, ...args]).toEqual(['npm', 'install', '--no-audit', '--no-fund']);
      expect(readFileSync(path.join(site, 'package.json'), 'utf8')).toContain('"@streamr/sdk": "103.3.2"');
      writeFileSync(path.join(site, 'package-lock.json'), '{"half": "written"}\n');
      return {
        status: 1,
        stdout: '',
        stderr: 'npm error code ETARGET\nnpm error notarget No matching version',
      };
    };
    expect(() => install(plan, failing, site)).toThrow(
      /npm install of @streamr\/sdk@103\.3\.2 failed \(exit 1\):\nnpm error code ETARGET[^]*as before; run `npm ci`/,
    );
    expect(readFileSync(path.join(site, 'package.json'), 'utf8')).toBe(MANIFEST);
    expect(readFileSync(path.join(site, 'package-lock.json'), 'utf8')).toBe('{"lock": 1}\n');
    install(plan, fakeRun({status: 0}), site);
    expect(readFileSync(path.join(site, 'package.json'), 'utf8')).toContain('"@streamr/sdk": "103.3.2"');
  });
});

describe('reading the API in a child process', () => {
  it('runs this script with --members and reads its JSON; a failing TypeDoc stops the bump', () => {
    const calls: string[][] = [];
    expect(membersInChild(fakeRun({status: 0, stdout: '{"A.b":"method () => void"}'}, calls))).toEqual({
      'A.b': 'method () => void',
    });
    expect(calls[0].slice(1)).toEqual([path.resolve('scripts/sdk-bump.ts'), '--members']);
    expect(() =>
      membersInChild(fakeRun({status: 1, stderr: 'noise\n[error] Unable to find any entry points'})),
    ).toThrow(
      new BumpError(
        'TypeDoc could not read the installed @streamr/sdk:\nnoise\n[error] Unable to find any entry points',
      ),
    );
  });
});

describe('the report', () => {
  it('finds mentions of the old version, not of longer numbers', () => {
    const pages: Record<string, string> = {'docs/a.md': 'Install 103.1.2.\n103.1.20 and 1103.1.2\nv103.1.2'};
    expect(mentionsOf('103.1.2', ['docs/a.md'], (file) => pages[file])).toEqual([
      'docs/a.md:1: Install 103.1.2.',
      'docs/a.md:3: v103.1.2',
    ]);
  });

  it('lists what a new major needs from a writer', () => {
    const site = tempSite();
    const write = (file: string, text: string) => {
      mkdirSync(path.dirname(path.join(site, file)), {recursive: true});
      writeFileSync(path.join(site, file), text);
    };
    write('docs/usage/sdk/upgrading.md', '# Upgrading\n\n## From 102.x to 103\n\nUntil 103.1.2, …\n');
    write('docs/usage/sdk/api/api.md', 'Generated: 103.1.2\n');
    write('docs/guide.md', '# Guide\n\nWe use 103.1.2 here.\n');
    write('i18n/en/code.json', '{"banner": "the API reference of SDK 102"}');
    write('schemas/streamr-node/source.json', '{"version": "103.1.2"}');
    write('node_modules/@streamr/sdk/node_modules/@streamr/config/package.json', '{"version": "6.0.0"}');
    expect(writerTasks(planBump(manifest, parseVersion('104.0.0')), site)).toEqual([
      'docs/usage/sdk/upgrading.md: add a section "From 103.x to 104" on what to change',
      'i18n/en/code.json: names 102, which is now 103 (README "Two majors")',
      'docs/guide.md:3: We use 103.1.2 here.  (names 103.1.2: still right?)',
      expect.stringMatching(
        /^node config schemas are from @streamr\/node 103\.1\.2: refresh them for 104\.0\.0/,
      ),
      expect.stringMatching(
        /^@streamr\/sdk 104\.0\.0 installs its own @streamr\/config 6\.0\.0: pin that version/,
      ),
    ]);
    write('docs/usage/sdk/upgrading.md', '# Upgrading\n\n## From 103.x to 104\n');
    expect(writerTasks(planBump(manifest, parseVersion('104.0.0')), site)[0]).toMatch(/^i18n/);
  });

  it('says what changed and lists failing checks with file:line', () => {
    const text = renderReport({
      plan: planBump(manifest, parseVersion('103.3.1')),
      diff: {added: ['StreamrClient.newThing'], removed: [], changed: [{name: 'A', before: 'x', after: 'y'}]},
      checks: [
        {name: 'samples', ok: false, problems: ['docs/a.md:4: does not compile'], tail: ''},
        {name: 'content', ok: true, problems: [], tail: ''},
        {name: 'build', ok: false, problems: [], tail: 'Error: boom'},
      ],
      needsWriter: [],
    });
    expect(text).toContain('# @streamr/sdk 103.1.2 → 103.3.1 (minor)');
    expect(text).toContain(
      'Previous-major reference unchanged: `@streamr/sdk-102` (npm:@streamr/sdk@102.0.0).',
    );
    expect(text).toContain('1 added, 0 removed, 1 changed.\n\n### Added\n\n- `StreamrClient.newThing`');
    expect(text).toContain('- **failed**: samples\n  - docs/a.md:4: does not compile\n- passed: content');
    expect(text).toContain('- **failed**: build\n\n```text\nError: boom\n```');
    expect(text).toContain('## Needs a writer\n\nNothing found.');
  });

  it('reads members with the API reference filters', () => {
    expect(typedocOptions).toMatchObject(MEMBER_FILTERS);
  });
});
