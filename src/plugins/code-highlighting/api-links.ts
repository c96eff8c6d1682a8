/**
 * Links from sample identifiers to the SDK's API reference (TypeDoc's Markdown in
 * docs/usage/sdk/api, pages /usage/sdk/api/classes/<Class>, /interfaces/<I>,
 * /enumerations/<E>, and functions, types and constants on /usage/sdk/api).
 *
 * A symbol gets a link only when the reference has a heading for it: the anchor is
 * that heading's id as the site's Markdown front-end gives it (src/markdown: the
 * ids Docusaurus gives, `-1` suffixes for repeated texts included), so overloads
 * and names shared with parameters link right.
 * After the build, `brokenApiLinks` checks every link against the built pages.
 */
import {existsSync, readFileSync, readdirSync} from 'node:fs';
import path from 'node:path';
import {load} from 'cheerio';
import ts from 'typescript';
import {htmlFileOf} from '../../build-output/index.ts';
import {parsePage} from '../../markdown/index.ts';

/** The entry point whose exports the reference documents (config/typedoc.ts). */
const SDK_ENTRY = path.join('node_modules', '@streamr', 'sdk', 'dist', 'exports-nodejs.d.ts');

type Page = {url: string; anchors: Map<string, string>};

/**
 * Member headings (h3) of a TypeDoc page: `subscribe()` → its id. The page's own name anchors
 * nothing. `file` names the page in the error a page that does not parse throws.
 */
export function memberAnchors(markdown: string, file?: string): Map<string, string> {
  const anchors = new Map<string, string>();
  for (const {depth, text, id} of parsePage(markdown, {file}).headings) {
    const name = text.replace(/\(\)$/, '');
    if (depth === 3 && !anchors.has(name)) anchors.set(name, id);
  }
  return anchors;
}

/** The API reference as TypeDoc wrote it: page URL and member anchors of each kind's pages. */
export class ApiReference {
  private readonly pages = new Map<string, Page>();

  /** `dir` holds TypeDoc's Markdown; `urlBase` is its URL without a trailing slash, e.g. `/usage/sdk/api`. */
  constructor(dir: string, urlBase: string) {
    const add = (page: string, file: string) => {
      const url = page ? `${urlBase}/${page}` : urlBase;
      if (existsSync(file))
        this.pages.set(page, {url, anchors: memberAnchors(readFileSync(file, 'utf8'), file)});
    };
    add('', path.join(dir, 'api.md'));
    for (const folder of ['classes', 'interfaces', 'enumerations']) {
      const folderPath = path.join(dir, folder);
      for (const file of existsSync(folderPath) ? readdirSync(folderPath) : [])
        if (file.endsWith('.md')) add(`${folder}/${file.slice(0, -3)}`, path.join(folderPath, file));
    }
  }

  /** The page of a class, interface or enum (`classes/StreamrClient`), with a member's anchor if given. */
  link(page: string, member?: string): string | undefined {
    const found = this.pages.get(page);
    if (!found) return undefined;
    if (member === undefined) return found.url;
    const anchor = found.anchors.get(member);
    return anchor === undefined ? undefined : `${found.url}#${anchor}`;
  }
}

function folderOf(symbol: ts.Symbol): string | undefined {
  if (symbol.flags & ts.SymbolFlags.Class) return 'classes';
  if (symbol.flags & ts.SymbolFlags.Interface) return 'interfaces';
  if (symbol.flags & ts.SymbolFlags.Enum) return 'enumerations';
  return undefined;
}

/** What the SDK entry exports, by the symbol it resolves to, with its exported name. */
export function sdkExports(program: ts.Program, projectRoot: string): Map<ts.Symbol, string> {
  const checker = program.getTypeChecker();
  const entry = program.getSourceFile(path.join(projectRoot, SDK_ENTRY));
  const moduleSymbol = entry && checker.getSymbolAtLocation(entry);
  const exports = new Map<ts.Symbol, string>();
  if (!moduleSymbol) return exports;
  for (const exported of checker.getExportsOfModule(moduleSymbol)) {
    const target = exported.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(exported) : exported;
    exports.set(target, exported.name);
  }
  return exports;
}

/**
 * The API reference link of the symbol an identifier stands for, when the SDK
 * exports it (a class, interface, enum, function, type or constant) or it is a
 * member of an exported class, interface or enum.
 */
export function apiLinkOf(
  identifier: ts.Node,
  checker: ts.TypeChecker,
  exports: Map<ts.Symbol, string>,
  reference: ApiReference,
): string | undefined {
  let symbol = checker.getSymbolAtLocation(identifier);
  if (!symbol) return undefined;
  if (symbol.flags & ts.SymbolFlags.Alias) symbol = checker.getAliasedSymbol(symbol);
  const exportedName = exports.get(symbol);
  if (exportedName !== undefined) {
    const folder = folderOf(symbol);
    return folder ? reference.link(`${folder}/${exportedName}`) : reference.link('', exportedName);
  }
  // A member: its owner is the declaration it is declared in, when that is an exported class, interface or enum.
  const container = symbol.declarations?.[0]?.parent as ts.Declaration | undefined;
  const containerName = container && ts.getNameOfDeclaration(container);
  const owner = containerName && checker.getSymbolAtLocation(containerName);
  const ownerName = owner && exports.get(owner);
  const folder = owner && folderOf(owner);
  return ownerName && folder ? reference.link(`${folder}/${ownerName}`, symbol.name) : undefined;
}

/**
 * Type-hover links (`a.twoslash-hover`) of the built site whose page or anchor does not
 * exist, as "page.html: link". The site's link checker does not see them (they are raw
 * HTML inside code blocks), hence this check. The built HTML is minified (attributes
 * may be unquoted), so an HTML parser reads it.
 */
export function brokenApiLinks(buildDir: string, baseUrl: string): string[] {
  const idsByFile = new Map<string, Set<string> | undefined>();
  const broken: string[] = [];
  for (const page of readdirSync(buildDir, {recursive: true, encoding: 'utf8'})) {
    const html = page.endsWith('.html') ? readFileSync(path.join(buildDir, page), 'utf8') : '';
    if (!html.includes('twoslash-hover')) continue;
    for (const element of load(html)('a.twoslash-hover').toArray()) {
      const link = element.attribs.href ?? '';
      const [url = '', anchor] = link.split('#');
      const file = path.join(buildDir, htmlFileOf(url, baseUrl));
      if (!idsByFile.has(file)) {
        const withIds = existsSync(file) ? load(readFileSync(file, 'utf8'))('[id]').toArray() : undefined;
        idsByFile.set(file, withIds && new Set(withIds.map((element) => element.attribs.id ?? '')));
      }
      const ids = idsByFile.get(file);
      if (!ids || (anchor !== undefined && !ids.has(anchor))) broken.push(`${page}: ${link}`);
    }
  }
  return broken;
}
