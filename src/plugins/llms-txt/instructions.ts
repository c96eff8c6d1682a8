import {promises as fs} from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

export type PreferredApi = {
  /** An exported name of the package, or `Export.member`, e.g. `StreamrClient.publish`. */
  name: string;
  /** What to use it for, in a few words. */
  use: string;
};

export type InstructionsOptions = {
  /** The package the docs describe (name and the installed version). */
  sdkPackage: {name: string; version: string};
  /** Folders of the package's declaration files (`*.d.ts`), relative to the site. */
  declarations: string[];
  /** APIs assistants should reach for first; each must exist in the declarations, or the build fails. */
  preferredApis: PreferredApi[];
};

export type DeclaredApi = {
  /** Public name: `Export` or `Export.member`. */
  name: string;
  /** The text after `@deprecated`, or '' for a bare tag; undefined when not deprecated. */
  deprecated?: string;
};

/**
 * The public names of declaration files, with their `@deprecated` tags: what a file
 * exports (under its exported name, following `export {Local as Exported}`) and the
 * members of exported classes and interfaces. Read with the TypeScript parser only,
 * file by file, so no type checking (and no resolving of other packages) is needed.
 */
export function declaredApis(files: readonly {name: string; text: string}[]): DeclaredApi[] {
  const byName = new Map<string, DeclaredApi>();
  for (const file of files) {
    const source = ts.createSourceFile(file.name, file.text, ts.ScriptTarget.Latest, true);
    const exported = exportedNames(source);
    for (const statement of source.statements) {
      for (const {node, name} of declarationsOf(statement)) {
        const publicNames = exported
          ? (exported.get(name) ?? [])
          : hasModifier(statement, ts.SyntaxKind.ExportKeyword)
            ? [name]
            : [];
        for (const publicName of publicNames) {
          add(byName, publicName, node);
          if (ts.isClassDeclaration(node) || ts.isInterfaceDeclaration(node)) {
            for (const member of node.members) {
              const hidden = hasModifier(member, ...NOT_PUBLIC);
              if (member.name && ts.isIdentifier(member.name) && !hidden)
                add(byName, `${publicName}.${member.name.text}`, member);
            }
          }
        }
      }
    }
  }
  return [...byName.values()].sort((a, b) => a.name.localeCompare(b.name));
}

function add(byName: Map<string, DeclaredApi>, name: string, node: ts.Node): void {
  // Not part of the public API (TypeDoc leaves these out of the reference too).
  if (ts.getJSDocTags(node).some((t) => t.tagName.text === 'hidden' || t.tagName.text === 'internal')) return;
  const deprecated = deprecationOf(node);
  const known = byName.get(name);
  // Overloads and the Node.js and browser entries declare a name more than once: any tag counts.
  if (known && known.deprecated === undefined && deprecated !== undefined) known.deprecated = deprecated;
  if (!known) byName.set(name, deprecated === undefined ? {name} : {name, deprecated});
}

function deprecationOf(node: ts.Node): string | undefined {
  const tag = ts.getJSDocTags(node).find((t) => t.tagName.text === 'deprecated');
  if (!tag) return undefined;
  const comment = ts.getTextOfJSDocComment(tag.comment) ?? '';
  // `{@link Name}` reads as code in Markdown.
  return comment
    .replace(/\{@link(?:code|plain)?\s+([^\s|}]+)[^}]*\}/g, '`$1`')
    .replace(/\s+/g, ' ')
    .trim();
}

/** Local name → exported names, from `export {…}` lists; undefined when the file has none. */
function exportedNames(source: ts.SourceFile): Map<string, string[]> | undefined {
  let names: Map<string, string[]> | undefined;
  for (const statement of source.statements) {
    if (!ts.isExportDeclaration(statement) || statement.moduleSpecifier || !statement.exportClause) continue;
    if (!ts.isNamedExports(statement.exportClause)) continue;
    names ??= new Map();
    for (const element of statement.exportClause.elements) {
      const local = (element.propertyName ?? element.name).text;
      names.set(local, [...(names.get(local) ?? []), element.name.text]);
    }
  }
  return names;
}

function declarationsOf(statement: ts.Statement): {node: ts.Node; name: string}[] {
  if (
    (ts.isClassDeclaration(statement) ||
      ts.isInterfaceDeclaration(statement) ||
      ts.isFunctionDeclaration(statement) ||
      ts.isTypeAliasDeclaration(statement) ||
      ts.isEnumDeclaration(statement)) &&
    statement.name
  ) {
    return [{node: statement, name: statement.name.text}];
  }
  if (ts.isVariableStatement(statement)) {
    return statement.declarationList.declarations.flatMap((d) =>
      ts.isIdentifier(d.name) ? [{node: d, name: d.name.text}] : [],
    );
  }
  return [];
}

const NOT_PUBLIC = [ts.SyntaxKind.PrivateKeyword, ts.SyntaxKind.ProtectedKeyword];

function hasModifier(node: ts.Node, ...kinds: ts.SyntaxKind[]): boolean {
  return ts.canHaveModifiers(node) && (ts.getModifiers(node) ?? []).some((m) => kinds.includes(m.kind));
}

/** Reads every `*.d.ts` in the folders `dirs` (not their subfolders). */
export async function readDeclarations(
  dirs: readonly string[],
  siteDir: string,
): Promise<{name: string; text: string}[]> {
  const files: string[] = [];
  for (const dir of dirs) {
    const full = path.resolve(siteDir, dir);
    const names = await fs.readdir(full).catch(() => {
      throw new Error(`llms-txt: the declarations "${dir}" do not exist (is the package installed?).`);
    });
    files.push(...names.filter((name) => name.endsWith('.d.ts')).map((name) => path.join(full, name)));
  }
  if (files.length === 0) throw new Error(`llms-txt: no declaration files in ${dirs.join(', ')}.`);
  return Promise.all(files.sort().map(async (name) => ({name, text: await fs.readFile(name, 'utf8')})));
}

/**
 * The instructions block of llms.txt: which package version the docs describe,
 * which APIs to prefer and which are deprecated. Throws, naming the entry, when a
 * preferred API is not in the declarations, so the list cannot go stale silently.
 */
export function renderInstructions(options: InstructionsOptions, apis: readonly DeclaredApi[]): string {
  const known = new Set(apis.map((api) => api.name));
  const missing = options.preferredApis.filter((api) => !known.has(api.name));
  if (missing.length) {
    throw new Error(
      `llms-txt: preferred APIs not found in the declarations of ${options.sdkPackage.name} ` +
        `${options.sdkPackage.version}: ${missing.map((api) => api.name).join(', ')}. ` +
        'Update `preferredApis` in config/llms.ts to the current names.',
    );
  }
  const {name, version} = options.sdkPackage;
  const major = version.split('.')[0];
  const deprecated = apis.filter((api) => api.deprecated !== undefined);
  const lines = [
    'Instructions for assistants:',
    '',
    `- These docs describe \`${name}\` ${version}. Write code for this version (\`npm install ${name}@${version}\`); ` +
      `code for other major versions than ${major} may not work.`,
    '- Prefer these APIs:',
    ...options.preferredApis.map((api) => `  - \`${api.name}\`: ${api.use}`),
  ];
  if (deprecated.length) {
    lines.push(
      '- Deprecated (marked `@deprecated` in the package; do not use them in new code):',
      ...deprecated.map((api) => `  - \`${api.name}\`${api.deprecated ? `: ${api.deprecated}` : ''}`),
    );
  }
  return lines.join('\n');
}
