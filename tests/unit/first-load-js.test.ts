import {mkdtempSync, readFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {brotliDecompressSync, gunzipSync} from 'node:zlib';
import {describe, expect, it} from 'vitest';
import {buildFileOf, compressedSizes, sumSizes} from '../../scripts/audit/first-load-js.ts';
import {
  judgeFirstLoadJs,
  readBudgetFile,
  writeBudgetFile,
  BUDGET_FILE,
  type BudgetFile,
} from '../../scripts/audit/budgets.ts';
import {compressBody} from '../../scripts/lib/compress.ts';
import {stockConfigSource} from '../../scripts/audit/stock-sites.ts';

describe('compressedSizes', () => {
  it('measures what the static server sends', () => {
    const body = Buffer.from('function hello() { return "hello"; }\n'.repeat(200));
    const sizes = compressedSizes(body);
    expect(sizes.raw).toBe(body.length);
    expect(sizes.brotli).toBe(compressBody(body, 'br').length);
    expect(sizes.gzip).toBe(compressBody(body, 'gzip').length);
    expect(brotliDecompressSync(compressBody(body, 'br'))).toEqual(body);
    expect(gunzipSync(compressBody(body, 'gzip'))).toEqual(body);
    expect(sizes.brotli).toBeLessThan(sizes.gzip);
    expect(sumSizes([sizes, sizes])).toEqual({
      raw: 2 * sizes.raw,
      gzip: 2 * sizes.gzip,
      brotli: 2 * sizes.brotli,
    });
  });
});

describe('buildFileOf', () => {
  const site = {origin: 'http://127.0.0.1:3000', buildDir: '/b'};
  it('maps same-origin script URLs into the build', () => {
    expect(buildFileOf('http://127.0.0.1:3000/assets/js/main.1.js', site)).toBe(
      path.join('/b', 'assets/js/main.1.js'),
    );
  });
  it('refuses other origins and paths outside the build', () => {
    expect(buildFileOf('https://cdn.example.com/assets/js/main.1.js', site)).toBeUndefined();
    expect(buildFileOf('http://127.0.0.1:3000/a%2F..%2F..%2Fx.js', site)).toBeUndefined();
    // URLs normalise dot segments, so nothing can point above the build folder.
    expect(buildFileOf('http://127.0.0.1:3000/%2e%2e/%2e%2e/etc/passwd', site)).toBe(
      path.join('/b', 'etc/passwd'),
    );
  });
});

describe('judgeFirstLoadJs', () => {
  const budget: BudgetFile = {
    docusaurus: '3.10.2',
    stockOnePage: {route: '/', total: {raw: 500_000, gzip: 160_000, brotli: 90_000}},
  };
  const ours = (brotli: number) => ({raw: 0, gzip: 0, brotli});

  it('holds up to the one-page baseline + 10 % and fails above', () => {
    expect(judgeFirstLoadJs(ours(99_000), budget, '3.10.2')).toMatchObject({ok: true, limit: 99_000});
    const over = judgeFirstLoadJs(ours(99_001), budget, '3.10.2');
    expect(over.ok).toBe(false);
    expect(over.message).toContain('99001 B');
    expect(over.message).toContain('+10.0 % of the one-page stock Docusaurus baseline (90000 B)');
    expect(judgeFirstLoadJs(ours(85_000), budget, '3.10.2').message).toContain('-5.6 %');
  });

  it('refuses numbers measured with another Docusaurus version', () => {
    const stale = judgeFirstLoadJs(ours(1), budget, '3.11.0');
    expect(stale.ok).toBe(false);
    expect(stale.message).toMatch(/--update-budget/);
  });

  it('round-trips the budget file and rejects a broken one', async () => {
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'budget-')), 'budget.json');
    await writeBudgetFile(file, budget);
    expect(await readBudgetFile(file)).toMatchObject(budget);
    const broken = path.join(path.dirname(file), 'broken.json');
    await import('node:fs/promises').then((fs) => fs.writeFile(broken, '{"docusaurus": "3.10.2"}'));
    await expect(readBudgetFile(broken)).rejects.toThrow(/stockOnePage/);
  });

  it('the checked-in budget file is valid', async () => {
    const stored = await readBudgetFile(BUDGET_FILE);
    expect(stored.stockOnePage.total.brotli).toBeGreaterThan(0);
    expect(stored.docusaurus).toBe(
      JSON.parse(readFileSync('node_modules/@docusaurus/core/package.json', 'utf8')).version,
    );
  });
});

describe('stock site', () => {
  it('uses the stock preset with the template flag and our bundler, nothing else', async () => {
    const source = stockConfigSource();
    const config = JSON.parse(source.slice(source.indexOf('{'), source.lastIndexOf('}') + 1));
    expect(config.future).toEqual({v4: true, faster: true});
    expect(config.presets).toHaveLength(1);
    expect(config.presets[0][0]).toBe('classic');
    expect(Object.keys(config.presets[0][1])).toEqual(['docs', 'blog']);
    expect(config.plugins).toBeUndefined();
    expect(config.themes).toBeUndefined();
  });
});
