import {readdirSync, readFileSync} from 'node:fs';
import yaml from 'js-yaml';
import {describe, expect, it} from 'vitest';

// The guarantees README "What each workflow guarantees" promises, read from the workflow files.
type Step = {
  uses?: string;
  run?: string;
  if?: string;
  with?: Record<string, unknown>;
  env?: Record<string, string>;
};
type Job = {
  needs?: string | string[];
  uses?: string;
  if?: string;
  permissions?: Record<string, string>;
  steps?: Step[];
};
type Workflow = {
  on: Record<string, unknown>;
  permissions?: Record<string, string>;
  jobs: Record<string, Job>;
};
const needs = (job: Job) => [job.needs ?? []].flat();
const readWorkflow = (name: string) =>
  yaml.load(readFileSync(`.github/workflows/${name}`, 'utf8')) as Workflow;

describe('the deploy workflow: test, build, deploy, then reindex from the deployed build', () => {
  const deploy = readWorkflow('deploy.yml');
  const {test, build, deploy: publish, reindex} = deploy.jobs;

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

describe('CI: the npm test stages as parallel jobs, the browser tests in shards', () => {
  const ci = readWorkflow('ci.yml');
  type MatrixJob = Job & {strategy?: {matrix?: {shard?: number[]}}; 'runs-on'?: string};
  const jobs = ci.jobs as Record<string, MatrixJob>;
  const runs = (job: Job) => job.steps!.map((step) => step.run ?? '');

  it('runs every stage of npm test: checks as one job; build, then a Playwright shard of the browser tests, in each shard job', async () => {
    const {STAGES} = await import('../../scripts/lib/test-steps.ts');
    const staged = Object.values(jobs).flatMap((job) =>
      runs(job).flatMap((run) => [...run.matchAll(/npm test -- --stage (\w+)/g)].map((match) => match[1])),
    );
    expect([...staged, 'browser'].sort()).toEqual([...STAGES].sort());
    const {shard} = jobs.browser.strategy!.matrix!;
    expect(shard).toEqual([1, 2, 3, 4, 5, 6]);
    // Each shard builds first, in the same job: the tests run against the build of that commit.
    expect(runs(jobs.browser).filter(Boolean).slice(-2)).toEqual([
      'npm test -- --stage build',
      `npx playwright test --forbid-only --shard=\${{ matrix.shard }}/${shard!.length} --reporter=blob`,
    ]);
    expect(needs(jobs.browser)).toEqual([]);
  });

  it('merges the shards into one report, even when a shard failed', () => {
    const report = jobs['browser-report'];
    expect(needs(report)).toEqual(['browser']);
    expect(report.if).toBe('${{ !cancelled() }}');
    expect(runs(report)).toContain('npx playwright merge-reports --reporter html ./all-blob-reports');
  });
});

describe('pull requests: a preview at its own URL, removed on close; a visual diff', () => {
  const workflow = readWorkflow('pull-request.yml') as Workflow & {permissions: unknown};
  const {
    preview,
    'visual-diff': visual,
    'build-base': buildBase,
  } = workflow.jobs as Record<
    string,
    Job & {permissions?: Record<string, string>; env?: Record<string, string>}
  >;

  it('runs when a pull request opens, changes and closes, with no permission unless a job asks', () => {
    expect(workflow.on.pull_request).toEqual({types: ['opened', 'reopened', 'synchronize', 'closed']});
    expect(workflow.permissions).toEqual({});
    expect(preview.permissions).toEqual({contents: 'write', 'pull-requests': 'write'});
    expect(visual.permissions).toEqual({contents: 'read'});
  });

  it('builds the preview under pr-preview/pr-<number>/ and publishes it only from this repository', () => {
    const build = preview.steps!.find((step) => step.run === 'npm run build')!;
    expect(build.if).toBe("github.event.action != 'closed'");
    expect(build.env?.BASE_URL).toBe(
      '${{ env.PAGES_BASE_PATH }}/pr-preview/pr-${{ github.event.pull_request.number }}/',
    );
    expect(preview.env?.SAME_REPOSITORY).toBe(
      '${{ github.event.pull_request.head.repo.full_name == github.repository }}',
    );
    const publish = preview.steps!.find((step) => step.uses?.startsWith('rossjrw/pr-preview-action@'))!;
    // No `action` input: the action deploys on open and push, and removes the preview on close.
    expect(publish.if).toBe("env.SAME_REPOSITORY == 'true'");
    expect(publish.with).toEqual({
      'source-dir': 'build',
      'preview-branch': 'gh-pages',
      'umbrella-dir': 'pr-preview',
      'qr-code': false,
    });
    const forkArtifact = preview.steps!.find((step) => step.uses?.startsWith('actions/upload-artifact@'))!;
    expect(forkArtifact.if).toBe("env.SAME_REPOSITORY != 'true' && github.event.action != 'closed'");
  });

  it('keeps previews when the site deploys: the same branch, pr-preview/ excluded from cleaning, no force push', () => {
    const deploy = readWorkflow('deploy.yml').jobs.deploy;
    const publish = deploy.steps!.find((step) =>
      step.uses?.startsWith('JamesIves/github-pages-deploy-action@'),
    )!;
    expect(publish.with).toMatchObject({
      folder: 'build',
      branch: 'gh-pages',
      'clean-exclude': 'pr-preview/',
      force: false,
    });
  });

  it('diffs the pages the pull request changes, rendered from its base and its head', () => {
    expect(buildBase.steps![0].with).toMatchObject({ref: '${{ github.event.pull_request.base.sha }}'});
    expect(needs(visual)).toEqual(['build-base']);
    expect(visual.steps!.map((step) => step.run).filter(Boolean)).toContain(
      'node scripts/visual-diff.ts --base base-build --head build --since ${{ github.event.pull_request.base.sha }}',
    );
  });
});

describe('the SDK bump workflow: a newer @streamr/sdk on npm becomes a pull request', () => {
  const workflow = readWorkflow('sdk-bump.yml');
  const text = readFileSync('.github/workflows/sdk-bump.yml', 'utf8');
  const {bump} = workflow.jobs;

  it('runs daily and on demand, never on pushes or pull requests', () => {
    expect(Object.keys(workflow.on).sort()).toEqual(['schedule', 'workflow_dispatch']);
    expect(workflow.on.schedule).toEqual([{cron: expect.stringMatching(/^\d+ \d+ \* \* \*$/)}]);
  });

  it('reads by default; only the bump job may push a branch and open a pull request', () => {
    expect(workflow.permissions).toEqual({contents: 'read'});
    expect(Object.keys(workflow.jobs)).toEqual(['bump']);
    expect(bump.permissions).toEqual({contents: 'write', 'pull-requests': 'write'});
  });

  it("bumps only to a newer release, passing npm's answer through the environment, not into the script", () => {
    const run = bump.steps!.find((step) => step.run?.includes('npm run sdk:bump'))!;
    expect(run.if).toBe("steps.release.outputs.newer == 'true'");
    expect(run.run).toBe('npm run sdk:bump -- "$LATEST" --report "$RUNNER_TEMP/sdk-bump.md"');
    expect(run.env).toEqual({LATEST: '${{ steps.release.outputs.latest }}'});
    for (const step of bump.steps!) expect(step.run ?? '').not.toContain('${{');
  });

  it('opens the pull request with a kept action pinned to a commit, the report as its body', () => {
    const steps = bump.steps!;
    const open = steps.find((step) => step.uses?.startsWith('peter-evans/create-pull-request@'))!;
    expect(text).toMatch(/uses: peter-evans\/create-pull-request@[0-9a-f]{40} # v\d+\.\d+\.\d+\n/);
    expect(steps.indexOf(open)).toBe(steps.length - 1);
    expect(open.if).toBe("steps.release.outputs.newer == 'true'");
    expect(open.with).toMatchObject({
      'body-path': '${{ runner.temp }}/sdk-bump.md',
      'add-paths': 'package.json\npackage-lock.json\n',
    });
    expect(open.with).not.toHaveProperty('token');
  });
});
