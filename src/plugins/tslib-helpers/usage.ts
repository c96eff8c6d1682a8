/**
 * Which tslib helpers a module's source calls. TypeScript's `importHelpers`
 * output reaches them in three ways: `const tslib_1 = require("tslib")` then
 * `tslib_1.__name(...)`, `require("tslib").__name`, and ES imports
 * (`import {__name} from "tslib"`, `import * as tslib from "tslib"`). Any other
 * use of the module (passed around whole, re-exported) cannot be followed and is
 * reported as `opaque`.
 */
export type TslibUsage = {helpers: string[]; opaque: boolean};

const REQUIRE = /\brequire\(\s*["']tslib["']\s*\)/g;
const BOUND_REQUIRE = /\b(?:const|let|var)\s+([\w$]+)\s*=\s*require\(\s*["']tslib["']\s*\)\s*[;,\n]/g;
const MEMBER_OF_REQUIRE = /\brequire\(\s*["']tslib["']\s*\)\s*\.\s*([\w$]+)/g;
const NAMED_IMPORT = /\bimport\s*\{([^}]*)\}\s*from\s*["']tslib["']/g;
const NAMESPACE_IMPORT = /\bimport\s*\*\s*as\s+([\w$]+)\s+from\s*["']tslib["']/g;
const ANY_IMPORT = /\b(?:import|export)\b[^;'"]*?from\s*["']tslib["']|\bimport\s*\(\s*["']tslib["']\s*\)/g;

function escapeRegExp(text: string): string {
  return text.replace(/[$]/g, '\\$');
}

export function tslibUsage(source: string): TslibUsage {
  const helpers = new Set<string>();
  let opaque = false;
  let accounted = 0;

  const bindings: string[] = [];
  for (const match of source.matchAll(BOUND_REQUIRE)) {
    bindings.push(match[1]);
    accounted++;
  }
  for (const match of source.matchAll(MEMBER_OF_REQUIRE)) {
    helpers.add(match[1]);
    accounted++;
  }
  // Every require("tslib") must be one of the two forms above.
  if ((source.match(REQUIRE) ?? []).length > accounted) opaque = true;

  let imports = 0;
  for (const match of source.matchAll(NAMED_IMPORT)) {
    imports++;
    for (const part of match[1].split(',')) {
      const name = part.trim().split(/\s+as\s+/)[0];
      if (name) helpers.add(name);
    }
  }
  for (const match of source.matchAll(NAMESPACE_IMPORT)) {
    bindings.push(match[1]);
    imports++;
  }
  if ((source.match(ANY_IMPORT) ?? []).length > imports) opaque = true;

  for (const binding of bindings) {
    const name = escapeRegExp(binding);
    const uses = [...source.matchAll(new RegExp(`(?<![\\w$.])${name}(?![\\w$])`, 'g'))].length;
    const members = [...source.matchAll(new RegExp(`(?<![\\w$.])${name}\\s*\\.\\s*([\\w$]+)`, 'g'))];
    for (const member of members) helpers.add(member[1]);
    // The declaration itself is one use; every other use must be a member access.
    if (uses - 1 > members.length) opaque = true;
  }
  return {helpers: [...helpers].sort(), opaque};
}
