/**
 * Content rules about facts that pages keep getting wrong, each reported with file and line.
 * `scripts/check-content.ts` runs them after its own structural rules. Which lines are code, and
 * in which language, comes from the site's Markdown front-end (src/markdown).
 *
 * - Shell blocks never put a secret on the command line: no `export PRIVATE_KEY=…`, no
 *   `PRIVATE_KEY=… npm run`, no `--private-key 0x…`. The value would land in the shell history and
 *   the process list. Reading it with `read -rs` and referring to `"$PRIVATE_KEY"` is fine.
 * - No publicly known private key appears anywhere (repeated-digit keys, tiny keys such as 0x0…01,
 *   the Hardhat and Ganache development accounts, the Streamr dev environment key): readers copy
 *   examples, and bots drain those accounts on every chain.
 * - A private key setting never holds a value that passes validation (64 hex digits): examples use a
 *   placeholder that fails loudly, such as `YOUR_PRIVATE_KEY`.
 * - Docs pages that name the SDK's current version agree with the `@streamr/sdk` version pinned in
 *   package.json. Blog posts are dated and exempt; a docs line about an older release opts out with a
 *   `version: historical` comment on it or on the line just above it.
 * - A parameter table cell does not say just "unchanged": say what left it unchanged.
 * - An Ethereum address is in `@streamr/config`, an SDK constant or a reserved example
 *   (./known-addresses.ts).
 * - An admonition title goes in brackets (`:::warning[Title]`): with `future.v4` Docusaurus no longer
 *   reads the older `:::warning Title` form, and the whole box renders as a plain paragraph.
 */
import {readFileSync} from 'node:fs';
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import {ADMONITION_KEYWORDS, MarkdownError, parsePage} from '../../src/markdown/index.ts';
import {findUnknownAddresses, type KnownAddresses} from './known-addresses.ts';

export type ContentProblem = {file: string; line: number; message: string};

const SHELL_LANGUAGES = new Set(['bash', 'sh', 'shell', 'zsh', 'console', 'shell-session', 'sh-session']);

/** Environment variable names that hold secrets; an assignment to one with a literal value leaks it. */
const SECRET_ASSIGNMENT =
  /\b([A-Z0-9_]*(?:PRIVATE_KEY|API_KEY|SECRET|MNEMONIC|PASSWORD|PASSPHRASE)[A-Z0-9_]*)=(\S*)/g;
const PRIVATE_KEY_OPTION = /--private-key(?:=|\s+)(\S+)/g;

/**
 * Development keys that anyone can look up. Hardhat and Anvil derive theirs from the mnemonic
 * "test test … junk", Ganache's deterministic mode from "myth like bonus … collect" (path
 * m/44'/60'/0'/0/i, accounts 0 to 9). The last one is the Streamr dev environment's key, published in
 * streamr-dev/network-contracts.
 */
const PUBLIC_DEVELOPMENT_KEYS = new Map([
  ...[
    'ac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80',
    '59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d',
    '5de4111afa1a4b94908f83103eb1f1706367c2e68ca870fc3fb9a804cdab365a',
    '7c852118294e51e653712a81e05800f419141751be58f605c371e15141b007a6',
    '47e179ec197488593b187f80a00eb0da91f1b9d0b13f8733639f19c30a34926a',
    '8b3a350cf5c34c9194ca85829a2df0ec3153be0318b5e2d3348e872092edffba',
    '92db14e403b83dfe3df233f83dfa3a0d7096f21ca9b0d6d6b8d88b2b4ec1564e',
    '4bbbf85ce3377467afe5d46f804f221813b2bb87f24d81f60f1fcdbf7cbf4356',
    'dbda1821b80551c9d65939329250298aa3472ba22feea921c0cf5d620ea67b97',
    '2a871d0798f97d79848a013d4936a73bf4cc922c825d33c1cf7073dff6d409c6',
  ].map((key, index): [string, string] => [key, `Hardhat/Anvil test account #${index}`]),
  ...[
    '4f3edf983ac636a65a842ce7c78d9aa706d3b113bce9c46f30d7d21715b23b1d',
    '6cbed15c793ce57650b9877cf6fa156fbef513c4e6134f022a85b1ffdd59b2a1',
    '6370fd033278c143179d81c5526140625662b8daa446c22ee2d73db3707e620c',
    '646f1ce2fdad0e6deeeb5c7e8e5543bdde65e86029e2fd9fc169899c440a7913',
    'add53f9a7e588d003326d1cbf9e4a43c061aadd9bc938c843a79e7b4fd2ad743',
    '395df67f0c2d2d9fe1ad08d1bc8b6627011959b79c53d7dd6a3536a33ab8a4fd',
    'e485d098507f54e7733a205420dfddbe58db035fa577fc294ebd14db90767a52',
    'a453611d9419d0e56f499079478fd72c37b251a94bfde4d19872c44cf65386e3',
    '829e924fdf021ba3dbbc4225edfece9aca04b929d6e75613329ca6f1d31c0bb4',
    'b0057716d5917badaf911b193b12b910811c1497b5bada8d7711f758981c3773',
  ].map((key, index): [string, string] => [key, `Ganache deterministic account #${index}`]),
  ['5e98cce00cff5dea6b454889f359a4ec06b9fa6b88e9d69b86de8e1c81887da0', 'Streamr dev environment key'],
]);

/** 64 hex digits not part of a longer hex run (so 40-digit addresses and longer hex blobs are not keys). */
const KEY_SHAPED = /(?<![0-9a-fA-F])(?:0x)?([0-9a-fA-F]{64})(?![0-9a-fA-F])/g;

/** A private key setting whose value is 64 hex digits: JSON/YAML/TS keys, env assignments, CLI option. */
const PRIVATE_KEY_VALUE =
  /(?:\bprivate_?key["']?\s*[:=]|\b[A-Z0-9_]*PRIVATE_KEY\s*[:=]|--private-key(?:=|\s+))\s*["'`]?(?:0x)?[0-9a-fA-F]{64}(?![0-9a-fA-F])/gi;

const PACKAGE_JSON = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../package.json');

let pinnedFromPackageJson: string | undefined;

/** The `@streamr/sdk` version the site pins, read once from package.json. */
function sitePinnedSdkVersion() {
  pinnedFromPackageJson ??= pinnedSdkVersion(PACKAGE_JSON);
  return pinnedFromPackageJson;
}

/** The exact `@streamr/sdk` version in a package.json. */
export function pinnedSdkVersion(packageJsonPath: string): string {
  const manifest = JSON.parse(readFileSync(packageJsonPath, 'utf8'));
  const version = manifest.dependencies?.['@streamr/sdk'] ?? manifest.devDependencies?.['@streamr/sdk'];
  if (typeof version !== 'string' || !/^\d+\.\d+\.\d+$/.test(version)) {
    throw new Error(
      `${packageJsonPath}: @streamr/sdk must be pinned to an exact version (found ${JSON.stringify(version)})`,
    );
  }
  return version;
}

type TaggedLine = {line: number; text: string; language: string | null};

/**
 * The page's lines, each with the language of the code block it is in (null for prose; '' for a
 * block that names none). Fence lines are left out. A page that does not parse gives no lines:
 * scripts/check-content.ts reports its syntax error, and its blocks cannot be told from prose.
 */
function taggedLines(source: string, file: string): TaggedLine[] {
  // Three rules ask about the same page in a row: parse it once.
  if (lastTagged?.source !== source || lastTagged.file !== file)
    lastTagged = {source, file, lines: tagLines(source, file)};
  return lastTagged.lines;
}

let lastTagged: {source: string; file: string; lines: TaggedLine[]} | undefined;

function tagLines(source: string, file: string): TaggedLine[] {
  let codeBlocks;
  try {
    ({codeBlocks} = parsePage(source, {file}));
  } catch (error) {
    if (error instanceof MarkdownError) return [];
    throw error;
  }
  const lines = source.split('\n');
  const language = new Map<number, string>();
  const fences = new Set<number>();
  const fenceLine = /^[\s>]*(?:`{3,}|~{3,})/;
  for (const block of codeBlocks) {
    const fenced = fenceLine.test(lines[block.line - 1] ?? '');
    const closed =
      fenced && block.endLine > block.line && /^[\s>]*(?:`{3,}|~{3,})\s*$/.test(lines[block.endLine - 1]);
    if (fenced) fences.add(block.line);
    if (closed) fences.add(block.endLine);
    for (let line = block.line; line <= block.endLine; line++) language.set(line, block.language ?? '');
  }
  return lines.flatMap((text, index) =>
    fences.has(index + 1) ? [] : [{line: index + 1, text, language: language.get(index + 1) ?? null}],
  );
}

/** Secrets put on a shell command line in `bash`/`sh`/`shell`/`zsh`/`console` blocks. */
export function findSecretsOnShellCommandLines(source: string, file: string): ContentProblem[] {
  const problems: ContentProblem[] = [];
  for (const {line, text, language} of taggedLines(source, file)) {
    if (!language || !SHELL_LANGUAGES.has(language)) continue;
    const code = text.replace(/(^|\s)#.*$/, '$1'); // a comment is not executed
    for (const match of code.matchAll(SECRET_ASSIGNMENT)) {
      if (isLiteral(match[2])) {
        problems.push({
          file,
          line,
          message: `\`${match[1]}=…\` puts a secret on the command line, where it stays in the shell history; read it with \`read -rs ${match[1]}\` and then \`export ${match[1]}\``,
        });
      }
    }
    for (const match of code.matchAll(PRIVATE_KEY_OPTION)) {
      if (isLiteral(match[1])) {
        problems.push({
          file,
          line,
          message: `\`--private-key ${match[1].slice(0, 12)}\` writes the key into the shell history; pass "$PRIVATE_KEY" (set with \`read -rs PRIVATE_KEY\`) or use a config file`,
        });
      }
    }
  }
  return problems;
}

/** True if a shell word is a literal value rather than a reference to a variable or command output. */
function isLiteral(word: string): boolean {
  const unquoted = word.replace(/^["']/, '');
  return unquoted !== '' && !unquoted.startsWith('$');
}

/** Publicly known private keys anywhere on the page, prose or code. */
export function findPubliclyKnownKeys(source: string, file: string): ContentProblem[] {
  const problems: ContentProblem[] = [];
  source.split('\n').forEach((text, index) => {
    for (const match of text.matchAll(KEY_SHAPED)) {
      const reason = whyPubliclyKnown(match[1].toLowerCase());
      if (reason) {
        problems.push({
          file,
          line: index + 1,
          message: `${match[0].slice(0, 12)}… is a publicly known private key (${reason}); use a placeholder that fails validation, such as YOUR_PRIVATE_KEY`,
        });
      }
    }
  });
  return problems;
}

/** Why a key (64 lowercase hex digits) is publicly known, or undefined. */
function whyPubliclyKnown(hex: string): string | undefined {
  if (/^(.)\1{63}$/.test(hex)) return 'one digit repeated';
  // 0x0…01 and friends: with 48 or more leading zeros, the key is a small number anyone can try
  if (/^0{48}/.test(hex)) return 'mostly zeros';
  if (/^(.{2})\1{31}$/.test(hex) || /^(.{4})\1{15}$/.test(hex)) return 'a short pattern repeated';
  return PUBLIC_DEVELOPMENT_KEYS.get(hex);
}

/** Private key settings whose value would pass validation, so a reader could run the example as is. */
export function findUsablePrivateKeyValues(source: string, file: string): ContentProblem[] {
  const problems: ContentProblem[] = [];
  source.split('\n').forEach((text, index) => {
    for (const match of text.matchAll(PRIVATE_KEY_VALUE)) {
      problems.push({
        file,
        line: index + 1,
        message: `"${match[0].slice(0, 30)}…" sets a private key that passes validation; use a placeholder that fails it, such as YOUR_PRIVATE_KEY`,
      });
    }
  });
  return problems;
}

/** A Streamr release number (majors are 100 and up): 103, 103.x, 103.3, 103.3.1. */
const RELEASE = String.raw`(1\d\d(?:\.(?:\d+|x)){0,2})(?![\d.]*\d)`;
const SDK_WITH_VERSION = new RegExp(String.raw`@streamr/sdk(?:@|\x60?\s+(?:version\s+)?v?)` + RELEASE, 'g');
/**
 * A claim about the current release: a claim word followed within four words by a version ("the
 * latest release, 103.3.1", "install 103.x", "currently on 103"), or a version said to be the current
 * one ("103.3 is the latest"). Only a version within three words counts, and not across a word that
 * looks back in time, so "current versions of Vite" and "current versions since 103.0" are no claims.
 */
/** A number followed by a unit is a quantity ("the current bucket reaches 100 MB"), not a release. */
const QUANTITY_UNIT_AHEAD = String.raw`(?!\s*(?:%|[KMGT]i?B\b|kB\b|ms\b|s\b|seconds?\b|minutes?\b|hours?\b|days?\b|messages?\b|bytes?\b|nodes?\b|DATA\b|POL\b|tokens?\b|percent\b))`;
const HISTORY_WORD = String.raw`(?:since|until|till|before|after|from|prior|older|earlier|than)\b`;
const CLAIM_WORD = String.raw`\b(?:current(?:ly)?|latest|newest|pinned|pins|install(?:s|ing)?)\b`;
const CLAIMED_VERSIONS = [
  new RegExp(
    CLAIM_WORD +
      String.raw`(?:[\s,:]+(?![\d(]|${HISTORY_WORD})[\w\x60@/'-]+){0,3}?[\s,:]+v?` +
      RELEASE +
      QUANTITY_UNIT_AHEAD,
    'gi',
  ),
  new RegExp(
    String.raw`\b` + RELEASE + String.raw`\x60?\s+(?:is|as)\s+the\s+(?:current|latest|newest|pinned)\b`,
    'gi',
  ),
];
const HISTORICAL_MARKER = /version:\s*historical/;

/**
 * Docs pages that name an SDK version other than the pinned one: `@streamr/sdk@X`, "`@streamr/sdk` X",
 * and versions in a sentence that claims to be about the current, latest or pinned release.
 * `pinned` defaults to the version in package.json.
 */
export function findSdkVersionMismatches(
  source: string,
  file: string,
  pinned: string = sitePinnedSdkVersion(),
): ContentProblem[] {
  if (isBlogPost(file)) return [];
  const problems: ContentProblem[] = [];
  const lines = source.split('\n');
  lines.forEach((text, index) => {
    if (HISTORICAL_MARKER.test(text) || HISTORICAL_MARKER.test(previousNonBlank(lines, index))) return;
    const reported = new Set<string>();
    const report = (version: string, how: string) => {
      if (versionMatches(version, pinned) || reported.has(version)) return;
      reported.add(version);
      problems.push({
        file,
        line: index + 1,
        message: `${how} ${version}, but the site pins @streamr/sdk ${pinned} (package.json); update it, or mark a line about an older release with a "version: historical" comment`,
      });
    };
    for (const match of text.matchAll(SDK_WITH_VERSION)) report(match[1], 'names @streamr/sdk');
    for (const pattern of CLAIMED_VERSIONS) {
      for (const match of text.matchAll(pattern)) report(match[1], 'claims the current version is');
    }
  });
  return problems;
}

function previousNonBlank(lines: string[], index: number): string {
  for (let i = index - 1; i >= 0; i--) if (lines[i].trim()) return lines[i];
  return '';
}

/** True if every component given (103, 103.3, 103.3.1, 103.x) equals the pinned version's. */
export function versionMatches(version: string, pinned: string): boolean {
  const pinnedParts = pinned.split('.');
  return version.split('.').every((part, i) => part === 'x' || part === pinnedParts[i]);
}

function isBlogPost(file: string): boolean {
  return /(^|[\\/])blog[\\/]/.test(file);
}

/**
 * Table cells that say only "unchanged", which reads as "still the default"; name what left it
 * unchanged (for example "not changed by SIP-20") and where the live value can be read.
 */
export function findBareUnchangedCells(source: string, file: string): ContentProblem[] {
  const problems: ContentProblem[] = [];
  for (const {line, text, language} of taggedLines(source, file)) {
    if (language !== null || !text.trim().startsWith('|')) continue;
    const cells = text.split('|').map((cell) => cell.trim().toLowerCase());
    if (cells.includes('unchanged')) {
      problems.push({
        file,
        line,
        message:
          'a table cell says only "unchanged"; say what did not change it (e.g. "not changed by SIP-20") and point to where the live value can be read',
      });
    }
  }
  return problems;
}

const SPACE_TITLED_ADMONITION = new RegExp(`^\\s*(:{3,})(${ADMONITION_KEYWORDS.join('|')})[ \\t]+(\\S.*)$`);

/**
 * Admonitions titled the MDX 1 way (`:::warning Title`), which the site's Docusaurus settings
 * (`future.v4`, so no `mdx1Compat.admonitions`) render as the literal text ":::warning Title".
 */
export function findSpaceTitledAdmonitions(source: string, file: string): ContentProblem[] {
  const problems: ContentProblem[] = [];
  for (const {line, text, language} of taggedLines(source, file)) {
    if (language !== null) continue;
    const match = SPACE_TITLED_ADMONITION.exec(text);
    if (!match) continue;
    const [, colons, type, title] = match;
    problems.push({
      file,
      line,
      message: `admonition title without brackets renders as plain text; write ${colons}${type}[${title.trim()}]`,
    });
  }
  return problems;
}

/** Every rule of this module, problems sorted by line. */
export function checkContentRules(
  source: string,
  file: string,
  options: {pinnedSdkVersion?: string; knownAddresses?: KnownAddresses} = {},
): ContentProblem[] {
  return [
    ...findSecretsOnShellCommandLines(source, file),
    ...findPubliclyKnownKeys(source, file),
    ...findUsablePrivateKeyValues(source, file),
    ...findSdkVersionMismatches(source, file, options.pinnedSdkVersion),
    ...findBareUnchangedCells(source, file),
    ...findSpaceTitledAdmonitions(source, file),
    ...findUnknownAddresses(source, file, options.knownAddresses),
  ].sort((a, b) => a.line - b.line);
}
