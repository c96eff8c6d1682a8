import {readdirSync, readFileSync} from 'node:fs';
import yaml from 'js-yaml';
import {describe, expect, it} from 'vitest';

// The guarantees README "What each workflow guarantees" promises, read from the workflow files.
type Step = {uses?: string; run?: string; with?: Record<string, unknown>; env?: Record<string, string>};
type Job = {needs?: string | string[]; uses?: string; if?: string; steps?: Step[]};
type Workflow = {on: Record<string, unknown>; jobs: Record<string, Job>};
const readWorkflow = (name: string) =>
  yaml.load(readFileSync(`.github/workflows/${name}`, 'utf8')) as Workflow;

describe('the deploy workflow: test, build, deploy, then reindex from the deployed build', () => {
  const deploy = readWorkflow('deploy.yml');
  const {test, build, deploy: publish, reindex} = deploy.jobs;
  const needs = (job: Job) => [job.needs ?? []].flat();

  it('runs on pushes to main, daily at 15:00 UTC and on demand', () => {
    expect(deploy.on.push).toEqual({branches: ['main']});
    expect(deploy.on.schedule).toEqual([{cron: '0 15 * * *'}]);
    expect(deploy.on).toHaveProperty('workflow_dispatch');
  });

  it('deploys only what passed the tests', () => {
    expect(test.uses).toBe('./.github/workflows/ci.yml');
    expect(readWorkflow('ci.yml').on).toHaveProperty('workflow_call');
    expect(needs(build)).toEqual(['test']);
    expect(needs(publish)).toEqual(['build']);
  });

  it('deploys the one production build: `npm run build`, the checked, memory-capped build that npm test runs', () => {
    const packageJson = JSON.parse(readFileSync('package.json', 'utf8')) as {scripts: Record<string, string>};
    expect(packageJson.scripts.build).toBe('node scripts/build-checked.ts');
    expect(
      Object.keys(packageJson.scripts)
        .filter((name) => /^build(:|$)/.test(name))
        .sort(),
    ).toEqual(['build', 'build:mcp', 'build:search-algolia']);
    expect(build.steps!.filter((step) => /\bbuild\b/.test(step.run ?? '')).map((step) => step.run)).toEqual([
      'npm run build',
    ]);
  });

  it('builds with the Pages origin and base path, so links and search records match the deployed site', () => {
    const buildStep = build.steps!.find((step) => step.run?.startsWith('npm run build'))!;
    expect(buildStep.env).toMatchObject({
      SITE_URL: '${{ steps.pages.outputs.origin }}',
      BASE_URL: '${{ steps.pages.outputs.base_path }}/',
    });
  });

  it('uploads the records of the deployed build, after the deploy, and only that step sees the admin key', () => {
    expect(needs(reindex)).toEqual(['deploy']);
    const uploaded = build.steps!.find((step) => step.uses?.startsWith('actions/upload-artifact@'))!;
    const downloaded = reindex.steps!.find((step) => step.uses?.startsWith('actions/download-artifact@'))!;
    expect(uploaded.with).toMatchObject({name: 'deployed-site', path: 'build/'});
    expect(downloaded.with).toEqual({name: 'deployed-site', path: 'build'});
    expect(reindex.steps!.some((step) => step.run?.startsWith('npm run build'))).toBe(false);
    const upload = reindex.steps!.find((step) => step.run?.startsWith('npm run search:upload'))!;
    expect(upload.run).toContain('--out-dir build');
    expect(upload.env?.ALGOLIA_ADMIN_API_KEY).toBe('${{ secrets.ALGOLIA_ADMIN_API_KEY }}');
    const everywhere = readFileSync('.github/workflows/deploy.yml', 'utf8');
    expect([...everywhere.matchAll(/secrets\.ALGOLIA_ADMIN_API_KEY/g)]).toHaveLength(1);
  });

  it('pins each action to one commit across all workflows', () => {
    const pins = new Map<string, Set<string>>();
    for (const name of readdirSync('.github/workflows')) {
      for (const [, action, ref] of readFileSync(`.github/workflows/${name}`, 'utf8').matchAll(
        /uses: ([\w-]+\/[\w-]+)@(\S+)/g,
      )) {
        expect(ref, `${name}: ${action} is not pinned to a full commit`).toMatch(/^[0-9a-f]{40}$/);
        pins.set(action, (pins.get(action) ?? new Set()).add(ref));
      }
    }
    expect([...pins].filter(([, refs]) => refs.size > 1)).toEqual([]);
  });
});
