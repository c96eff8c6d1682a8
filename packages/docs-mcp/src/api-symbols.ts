import {editDistance} from '../../../src/utils/edit-distance.ts';

/**
 * Symbols of the SDK API reference (TypeDoc's Markdown twins): each class, interface and enum page,
 * each member heading of one (`### subscribe()` is `Owner.member`), and each type alias, variable
 * or function of the index page. The package's build finds them (../scripts/api-symbols.ts).
 */

export type ApiSymbol = {
  /** `StreamrClient`, `StreamrClient.subscribe`, `StreamID`. */
  name: string;
  /** `class`, `interface`, `enumeration`, `method`, `property`, `accessor`, `constructor`, `type alias`... */
  kind: string;
  /** Site path of the page holding it. */
  path: string;
  /** Heading id on that page; null for a whole page. */
  anchor: string | null;
  markdown: string;
};

/** `subscribe()` → `subscribe`, `config?` → `config`, `\_\_brand` → `__brand`. */
export function symbolName(heading: string): string {
  return heading.replace(/\\(.)/g, '$1').replace(/`/g, '').replace(/\(\)$/, '').replace(/\?$/, '').trim();
}

export type SymbolLookup = {symbol: ApiSymbol} | {error: string};

/**
 * `StreamrClient`, `StreamrClient.subscribe`, `StreamrClient#subscribe()`,
 * `streamrclient.SUBSCRIBE` → that symbol. A bare member name is found when one
 * owner has it; with several owners the error lists them.
 */
export function findSymbol(symbols: ApiSymbol[], input: string): SymbolLookup {
  const name = symbolName(input.trim().replace('#', '.'));
  const lower = name.toLowerCase();
  const exact = symbols.find((symbol) => symbol.name === name);
  if (exact) return {symbol: exact};
  const folded = symbols.filter((symbol) => symbol.name.toLowerCase() === lower);
  if (folded.length === 1) return {symbol: folded[0]};
  if (!name.includes('.')) {
    const members = symbols.filter((symbol) => symbol.name.toLowerCase().endsWith(`.${lower}`));
    if (members.length === 1) return {symbol: members[0]};
    if (members.length > 1)
      return {
        error: `"${input}" is a member of several symbols; ask for one of: ${members.map((symbol) => symbol.name).join(', ')}`,
      };
  }
  const containing = symbols.filter((symbol) => symbol.name.toLowerCase().includes(lower)).slice(0, 8);
  const suggestions = containing.length
    ? containing
    : [...symbols]
        .sort((a, b) => editDistance(lower, a.name.toLowerCase()) - editDistance(lower, b.name.toLowerCase()))
        .slice(0, 5);
  return {
    error: `No symbol "${input}" in the @streamr/sdk API reference. Closest: ${suggestions.map((symbol) => symbol.name).join(', ')}`,
  };
}
