/**
 * Which tslib helpers a module's source calls. TypeScript's `importHelpers`
 * output reaches them in three ways: `const tslib_1 = require("tslib")` then
 * `tslib_1.__name(...)`, `require("tslib").__name`, and ES imports
 * (`import {__name} from "tslib"`, `import * as tslib from "tslib"`); a named
 * re-export (`export {__name} from "tslib"`) uses its helpers too. Any other
 * use of the module (passed around whole, re-exported whole) cannot be followed
 * and is reported as `opaque`.
 */
const REQUIRE = /\brequire\(\s*["']tslib["']\s*\)/g;
const BOUND_REQUIRE = /\b(?:const|let|var)\s+([\w$]+)\s*=\s*require\(\s*["']tslib["']\s*\)\s*[;,\n]/g;
const MEMBER_OF_REQUIRE = /\brequire\(\s*["']tslib["']\s*\)\s*\.\s*([\w$]+)/g;
const NAMED_IMPORT = /\b(?:import|export)\s*\{([^}]*)\}\s*from\s*["']tslib["']/g;
const NAMESPACE_IMPORT = /\bimport\s*\*\s*as\s+([\w$]+)\s+from\s*["']tslib["']/g;
const ANY_IMPORT = /\b(?:import|export)\b[^;'"]*?from\s*["']tslib["']|\bimport\s*\(\s*["']tslib["']\s*\)/g;

export function tslibUsage(source: string): {helpers: string[]; opaque: boolean} {
  const helpers = new Set<string>();
  const bindings = [...source.matchAll(BOUND_REQUIRE)].map((match) => match[1]);
  const members = [...source.matchAll(MEMBER_OF_REQUIRE)].map((match) => match[1]);
  members.forEach((name) => helpers.add(name));
  // Every require("tslib") must be one of the two forms above, every import one of the two below.
  let opaque = (source.match(REQUIRE) ?? []).length > bindings.length + members.length;

  const named = [...source.matchAll(NAMED_IMPORT)];
  for (const match of named)
    for (const part of match[1].split(',')) {
      const name = part.trim().split(/\s+as\s+/)[0];
      if (name) helpers.add(name);
    }
  const namespaces = [...source.matchAll(NAMESPACE_IMPORT)].map((match) => match[1]);
  bindings.push(...namespaces);
  if ((source.match(ANY_IMPORT) ?? []).length > named.length + namespaces.length) opaque = true;

  for (const binding of bindings) {
    const name = binding.replace(/[$]/g, '\\$');
    const uses = [...source.matchAll(new RegExp(`(?<![\\w$.])${name}(?![\\w$])`, 'g'))].length;
    const accesses = [...source.matchAll(new RegExp(`(?<![\\w$.])${name}\\s*\\.\\s*([\\w$]+)`, 'g'))];
    for (const access of accesses) helpers.add(access[1]);
    // The declaration itself is one use; every other use must be a member access.
    if (uses - 1 > accesses.length) opaque = true;
  }
  return {helpers: [...helpers].sort(), opaque};
}
