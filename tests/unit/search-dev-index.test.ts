import {mkdtempSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {describe, expect, it, vi} from 'vitest';
import {cachedSourceRecords, latestOnly} from '../../src/plugins/search/devIndex.ts';
import type {SourcePage} from '../../src/plugins/search/records/build.ts';
import type {SearchRecord} from '../../src/plugins/search/types.ts';

describe("the dev server's index writes (src/plugins/search/devIndex.ts)", () => {
  it('run one at a time, skip requests a newer one superseded, and go on after a failure', async () => {
    const errors: unknown[] = [];
    const schedule = latestOnly((error) => errors.push(error));
    let running = 0;
    let mostAtOnce = 0;
    const ran: string[] = [];
    let releaseFirst!: () => void;
    const firstHeld = new Promise<void>((resolve) => (releaseFirst = resolve));
    const task =
      (name: string, wait?: Promise<void>, fail = false) =>
      async () => {
        running += 1;
        mostAtOnce = Math.max(mostAtOnce, running);
        await wait;
        await new Promise((resolve) => setTimeout(resolve, 1));
        running -= 1;
        ran.push(name);
        if (fail) throw new Error(`${name} failed`);
      };
    schedule(task('first', firstHeld, true));
    await vi.waitFor(() => expect(running).toBe(1), {timeout: 50_000}); // the first write is under way
    schedule(task('second'));
    const last = schedule(task('third'));
    releaseFirst();
    await last;
    expect(ran).toEqual(['first', 'third']);
    expect(mostAtOnce).toBe(1);
    expect(errors).toEqual([new Error('first failed')]);
  });

  it('re-make the records of changed pages only', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'dev-index-'));
    const page = (name: string, text: string): SourcePage => {
      writeFileSync(path.join(dir, `${name}.md`), `---\ndescription: x\n---\n\n# ${name}\n\n${text}\n`);
      return {
        permalink: `/${name}`,
        title: name,
        file: path.join(dir, `${name}.md`),
        facets: {language: 'en', docusaurus_tag: 'default'},
      };
    };
    const rules = {siteUrl: 'https://example.com', baseUrl: '/', exclude: [], sections: [], pageRank: []};
    const records = cachedSourceRecords(rules);
    const pages = [page('one', 'First page text.'), page('two', 'Second page text.')];
    const first = await records(pages);
    expect(first.map((record) => record.content).filter(Boolean)).toEqual([
      'First page text.',
      'Second page text.',
    ]);
    // Unchanged pages keep the records made before: the same objects.
    const again = await records(pages);
    expect(again).toHaveLength(first.length);
    again.forEach((record, index) => expect(record).toBe(first[index]));
    pages[1] = page('two', 'Second page, edited.');
    const edited = await records(pages);
    expect(edited.map((record) => record.content).filter(Boolean)).toEqual([
      'First page text.',
      'Second page, edited.',
    ]);
    const ofPage = (list: SearchRecord[], name: string) =>
      list.filter((record) => record.url_without_anchor.endsWith(`/${name}`));
    ofPage(edited, 'one').forEach((record, index) => expect(record).toBe(ofPage(first, 'one')[index]));
    expect(ofPage(edited, 'two')[0]).not.toBe(ofPage(first, 'two')[0]);
    // A page whose source cannot be read (being renamed) has no records; the others keep theirs.
    const renamed = {...pages[0], file: path.join(dir, 'gone.md')};
    expect(await records([renamed, pages[1]])).toEqual(ofPage(edited, 'two'));
    vi.restoreAllMocks();
  });
});
