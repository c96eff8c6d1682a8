import {readFileSync} from 'node:fs';
import {describe, expect, it} from 'vitest';
import {buildWarnings, judgeBuild} from '../../scripts/lib/build-output.ts';

/**
 * Real output of `docusaurus build` (3.10, captured once) with a link to
 * `/usage/identity#no-such-section` planted in docs/usage/cli-tool.md.
 */
const brokenAnchorBuild = readFileSync(
  new URL('fixtures/docusaurus-build-broken-anchor.txt', import.meta.url),
  'utf8',
);
const cleanBuild = brokenAnchorBuild.replace(/\[WARNING\][\s\S]*?(?=\[SUCCESS\])/, '');

describe('judgeBuild (scripts/build-checked.ts)', () => {
  it('fails a successful build that reported a broken anchor, naming the page and the anchor', () => {
    const verdict = judgeBuild({exitCode: 0, output: brokenAnchorBuild});
    expect(verdict).toMatch(/^The build printed 1 warning\(s\); the site builds with none:/);
    expect(verdict).toContain('[WARNING] Docusaurus found broken anchors!');
    expect(verdict).toContain('Broken anchor on source page path = /usage/cli-tool:');
    expect(verdict).toContain('-> linking to /usage/identity#no-such-section');
    // The summary stops at the warning: the success message after it is not part of it.
    expect(verdict).not.toContain('Generated static files');
  });

  it('passes the same build without the warning, and fails any build that exited with an error', () => {
    expect(cleanBuild).toContain('[SUCCESS] Generated static files');
    expect(judgeBuild({exitCode: 0, output: cleanBuild})).toBeUndefined();
    expect(judgeBuild({exitCode: 1, output: cleanBuild})).toMatch(/exit code 1/);
    expect(judgeBuild({exitCode: null, output: ''})).toMatch(/killed/);
  });

  it('reads warnings with color codes and CRLF line ends, and keeps several apart', () => {
    const coloured = '\u001b[33m[WARNING]\u001b[39m Duplicate routes found!\r\n- /a\r\n[INFO] done\r\n';
    const output = `${coloured}${brokenAnchorBuild}`;
    expect(buildWarnings(output)).toEqual([
      '[WARNING] Duplicate routes found!\n- /a',
      expect.stringMatching(/^\[WARNING\] Docusaurus found broken anchors![\s\S]*no-such-section$/),
    ]);
  });
});
