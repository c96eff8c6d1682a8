/**
 * Content rules about facts that pages keep getting wrong, each reported with file and line. The
 * contributing page (docs/help/how-to-contribute.md) tells writers the rules; each one's comment here
 * says why it exists. `scripts/check-content.ts` runs them after its own structural rules. Which lines
 * are code, and in which language, comes from the site's Markdown front-end (src/markdown).
 */
import {readFileSync} from 'node:fs';
import {fileURLToPath} from 'node:url';
import {ADMONITION_KEYWORDS, MarkdownError, parsePage} from '../../src/markdown/index.ts';
import {findUnknownAddresses, type KnownAddresses} from './known-addresses.ts';

export type ContentProblem = {file: string; line: number; message: string};

const SHELL_LANGUAGES = new Set(['bash', 'sh', 'shell', 'zsh', 'console', 'shell-session', 'sh-session']);

/** Environment variable names that hold secrets; an assignment to one with a literal value leaks it. */
const SECRET_ASSIGNMENT =
  /\b([A-Z0-9_]*(?:PRIVATE_KEY|API_KEY|SECRET|MNEMONIC|PASSWORD|PASSPHRASE)[A-Z0-9_]*)=(\S*)/g;
const PRIVATE_KEY_OPTION = /--private-key(?:=|\s+)(\S+)/g;

/** Development keys anyone can look up, each with where it comes from (scripts/data/README.md). */
const PUBLIC_DEVELOPMENT_KEYS = new Map<string, string>(
  Object.entries(
    JSON.parse(readFileSync(new URL('../data/public-development-keys.json', import.meta.url), 'utf8')),
  ),
);

/** 64 hex digits not part of a longer hex run (so 40-digit addresses and longer hex blobs are not keys). */
const KEY_SHAPED = /(?<![0-9a-fA-F])(?:0x)?([0-9a-fA-F]{64})(?![0-9a-fA-F])/g;

/** A private key setting whose value is 64 hex digits: JSON/YAML/TS keys, env assignments, CLI option. */
const PRIVATE_KEY_VALUE =
  /(?:\bprivate_?key["']?\s*[:=]|\b[A-Z0-9_]*PRIVATE_KEY\s*[:=]|--private-key(?:=|\s+))\s*["'`]?(?:0x)?[0-9a-fA-F]{64}(?![0-9a-fA-F])/gi;

let sitePinned: string | undefined;

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
 * A rule that looks at one line at a time, as a check of a page: `rule` gives the messages for a
 * line's text and the language of the code block it is in (null for prose). `lines` picks the
 * lines: by default those of ./taggedLines; `everyLine` for rules that read fences and all.
 */
function perLine(
  rule: (text: string, language: string | null) => string[],
  lines: (source: string, file: string) => TaggedLine[] = taggedLines,
) {
  return (source: string, file: string): ContentProblem[] =>
    lines(source, file).flatMap(({line, text, language}) =>
      rule(text, language).map((message) => ({file, line, message})),
    );
}

const everyLine = (source: string): TaggedLine[] =>
  source.split('\n').map((text, index) => ({line: index + 1, text, language: null}));

/**
 * The page's lines, each with the language of the code block it is in (null for prose; '' for a
 * block that names none). Fence lines are left out. A page that does not parse gives no lines:
 * scripts/check-content.ts reports its syntax error, and its blocks cannot be told from prose.
 */
function taggedLines(source: string, file: string): TaggedLine[] {
  // Three rules ask about the same page in a row: parse it once.
  if (lastTagged?.source === source && lastTagged.file === file) return lastTagged.lines;
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
  const tagged = lines.flatMap((text, index) =>
    fences.has(index + 1) ? [] : [{line: index + 1, text, language: language.get(index + 1) ?? null}],
  );
  lastTagged = {source, file, lines: tagged};
  return tagged;
}

let lastTagged: {source: string; file: string; lines: TaggedLine[]} | undefined;

/** Secrets put on a command line in shell blocks, where they stay in the shell history and process list. */
export const findSecretsOnShellCommandLines = perLine((text, language) => {
  if (!language || !SHELL_LANGUAGES.has(language)) return [];
  const code = text.replace(/(^|\s)#.*$/, '$1'); // a comment is not executed
  return [
    ...[...code.matchAll(SECRET_ASSIGNMENT)]
      .filter((match) => isLiteral(match[2]))
      .map(
        ([, name]) =>
          `\`${name}=…\` puts a secret on the command line, where it stays in the shell history; read it with \`read -rs ${name}\` and then \`export ${name}\``,
      ),
    ...[...code.matchAll(PRIVATE_KEY_OPTION)]
      .filter((match) => isLiteral(match[1]))
      .map(
        ([, value]) =>
          `\`--private-key ${value.slice(0, 12)}\` writes the key into the shell history; pass "$PRIVATE_KEY" (set with \`read -rs PRIVATE_KEY\`) or use a config file`,
      ),
  ];
});

/** True if a shell word is a literal value rather than a reference to a variable or command output. */
function isLiteral(word: string): boolean {
  const unquoted = word.replace(/^["']/, '');
  return unquoted !== '' && !unquoted.startsWith('$');
}

/** Publicly known private keys anywhere on a page: readers copy examples, and bots drain those accounts. */
export const findPubliclyKnownKeys = perLine(
  (text) =>
    [...text.matchAll(KEY_SHAPED)].flatMap((match) => {
      const reason = whyPubliclyKnown(match[1].toLowerCase());
      return reason
        ? [
            `${match[0].slice(0, 12)}… is a publicly known private key (${reason}); use a placeholder that fails validation, such as YOUR_PRIVATE_KEY`,
          ]
        : [];
    }),
  everyLine,
);

/** Why a key (64 lowercase hex digits) is publicly known, or undefined. */
function whyPubliclyKnown(hex: string): string | undefined {
  if (/^(.)\1{63}$/.test(hex)) return 'one digit repeated';
  // 0x0…01 and friends: with 48 or more leading zeros, the key is a small number anyone can try
  if (/^0{48}/.test(hex)) return 'mostly zeros';
  if (/^(.{2})\1{31}$/.test(hex) || /^(.{4})\1{15}$/.test(hex)) return 'a short pattern repeated';
  return PUBLIC_DEVELOPMENT_KEYS.get(hex);
}

/** Private key settings whose value would pass validation, so a reader could run the example as is. */
export const findUsablePrivateKeyValues = perLine(
  (text) =>
    [...text.matchAll(PRIVATE_KEY_VALUE)].map(
      ([setting]) =>
        `"${setting.slice(0, 30)}…" sets a private key that passes validation; use a placeholder that fails it, such as YOUR_PRIVATE_KEY`,
    ),
  everyLine,
);

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
  pinned: string = (sitePinned ??= pinnedSdkVersion(
    fileURLToPath(new URL('../../package.json', import.meta.url)),
  )),
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
export const findBareUnchangedCells = perLine((text, language) =>
  language === null &&
  text.trim().startsWith('|') &&
  text
    .split('|')
    .map((cell) => cell.trim().toLowerCase())
    .includes('unchanged')
    ? [
        'a table cell says only "unchanged"; say what did not change it (e.g. "not changed by SIP-20") and point to where the live value can be read',
      ]
    : [],
);

const SPACE_TITLED_ADMONITION = new RegExp(`^\\s*(:{3,})(${ADMONITION_KEYWORDS.join('|')})[ \\t]+(\\S.*)$`);

/**
 * Admonitions titled the MDX 1 way (`:::warning Title`), which the site's Docusaurus settings
 * (`future.v4`, so no `mdx1Compat.admonitions`) render as the literal text ":::warning Title".
 */
export const findSpaceTitledAdmonitions = perLine((text, language) => {
  const match = language === null ? SPACE_TITLED_ADMONITION.exec(text) : null;
  if (!match) return [];
  const [, colons, type, title] = match;
  return [`admonition title without brackets renders as plain text; write ${colons}${type}[${title.trim()}]`];
});

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
