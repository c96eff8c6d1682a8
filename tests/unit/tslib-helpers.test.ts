import {readFileSync} from 'node:fs';
import {describe, expect, it} from 'vitest';
import {BROWSER_HELPERS, tslibProblems} from '../../src/plugins/tslib-helpers/index.ts';
import {tslibUsage} from '../../src/plugins/tslib-helpers/usage.ts';

describe('tslibUsage', () => {
  it('reads the helpers of a CommonJS require bound to a name', () => {
    const source = [
      'const tslib_1 = require("tslib");',
      'exports.a = tslib_1.__importDefault(require("./a")).default;',
      'tslib_1.__exportStar(require("./b"), exports);',
    ].join('\n');
    expect(tslibUsage(source)).toEqual({helpers: ['__exportStar', '__importDefault'], opaque: false});
  });

  it('reads a member of a require, named imports and namespace imports', () => {
    expect(tslibUsage('var x = require("tslib").__assign({}, y);')).toEqual({
      helpers: ['__assign'],
      opaque: false,
    });
    expect(tslibUsage('import {__awaiter, __generator as g} from "tslib";')).toEqual({
      helpers: ['__awaiter', '__generator'],
      opaque: false,
    });
    expect(tslibUsage('import * as t from "tslib";\nt.__rest(a, ["b"]);')).toEqual({
      helpers: ['__rest'],
      opaque: false,
    });
    // What the browser bundle's stand-in provides: a named re-export.
    expect(tslibUsage('export {__assign, __rest as rest} from "tslib";')).toEqual({
      helpers: ['__assign', '__rest'],
      opaque: false,
    });
  });

  it('calls a use it cannot follow opaque', () => {
    expect(tslibUsage('module.exports = require("tslib");').opaque).toBe(true);
    expect(tslibUsage('const t = require("tslib");\nuse(t);').opaque).toBe(true);
    expect(tslibUsage('export * from "tslib";').opaque).toBe(true);
    expect(tslibUsage('const m = import("tslib");').opaque).toBe(true);
  });

  it('ignores files that only mention tslib', () => {
    expect(tslibUsage('// built without tslib\nconst tslibVersion = 2;')).toEqual({
      helpers: [],
      opaque: false,
    });
  });
});

describe('tslib-helpers check', () => {
  const provided = tslibUsage(readFileSync(BROWSER_HELPERS, 'utf8')).helpers;

  it('provides what Docusaurus browser code calls today', () => {
    expect(provided).toEqual(['__importDefault']);
    const utilsCommon = readFileSync(require.resolve('@docusaurus/utils-common/lib/index.js'), 'utf8');
    expect(tslibProblems('utils-common', utilsCommon, provided)).toEqual([]);
  });

  it('names the file and the missing helper', () => {
    const problems = tslibProblems(
      'node_modules/x/index.js',
      'const t = require("tslib");\nt.__awaiter(a);',
      provided,
    );
    expect(problems).toHaveLength(1);
    expect(problems[0]).toContain('node_modules/x/index.js');
    expect(problems[0]).toContain('__awaiter');
    expect(problems[0]).toContain('browser-helpers.ts');
  });

  it('fails a use it cannot follow', () => {
    expect(tslibProblems('y.js', 'module.exports = require("tslib");', provided)[0]).toContain(
      'cannot follow',
    );
  });
});
