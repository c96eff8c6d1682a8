/**
 * The public members of one SDK version, and what changed between two versions.
 *
 * A member is keyed by its qualified name (`StreamrClient.subscribe`, or `Stream`
 * for an export) and carries its signature text, so two versions' TypeDoc projects
 * can be compared without keeping both in memory: the previous version's map is
 * written to a small JSON file, the current version reads it.
 */
import {ReflectionKind} from 'typedoc';
import type {
  DeclarationReflection,
  ProjectReflection,
  ReferenceReflection,
  SignatureReflection,
  SomeType,
} from 'typedoc';

/** Qualified name → signature text. */
export type MemberMap = Record<string, string>;

export type MemberChange = {name: string; before: string; after: string};

export type MemberDiff = {
  added: string[];
  removed: string[];
  changed: MemberChange[];
};

const CONTAINERS = ReflectionKind.Class | ReflectionKind.Interface | ReflectionKind.Enum;

/**
 * A type as text, a union's members in sorted order: `A | B` and `B | A` are the same
 * type, and a release that only reorders a union has not changed the member.
 */
export function typeText(type: SomeType | undefined, otherwise: string): string {
  if (!type) return otherwise;
  if (type.type === 'union')
    return type.types
      .map((member) => typeText(member, 'unknown'))
      .sort((a, b) => a.localeCompare(b))
      .join(' | ');
  return type.toString();
}

function signatureText(signature: SignatureReflection): string {
  const params = (signature.parameters ?? [])
    .map(
      (p) =>
        `${p.flags.isRest ? '...' : ''}${p.name}${p.flags.isOptional ? '?' : ''}: ${typeText(p.type, 'unknown')}`,
    )
    .join(', ');
  const typeParams = signature.typeParameters?.length
    ? `<${signature.typeParameters.map((t) => t.name).join(', ')}>`
    : '';
  return `${typeParams}(${params}) => ${typeText(signature.type, 'void')}`;
}

/** The text that decides whether a member "changed": its kind and type or signatures. */
export function memberText(reflection: DeclarationReflection): string {
  const kind = ReflectionKind.singularString(reflection.kind).toLowerCase();
  if (reflection.signatures?.length) return `${kind} ${reflection.signatures.map(signatureText).join(' | ')}`;
  if (reflection.getSignature) return `${kind} ${typeText(reflection.getSignature.type, 'unknown')}`;
  if (reflection.kindOf(CONTAINERS)) return kind;
  if (reflection.kindOf(ReflectionKind.EnumMember)) return `${kind} ${typeText(reflection.type, '')}`.trim();
  // An export under another name (`export default StreamrClient`): what it names.
  if (reflection.kindOf(ReflectionKind.Reference))
    return `${kind} ${(reflection as unknown as ReferenceReflection).tryGetTargetReflection()?.name ?? 'unknown'}`;
  return `${kind}${reflection.flags.isOptional ? ' optional' : ''} ${typeText(reflection.type, 'unknown')}`;
}

/** Every export, and every member of the exported classes, interfaces and enumerations. */
export function collectMembers(project: ProjectReflection): Map<string, DeclarationReflection> {
  const members = new Map<string, DeclarationReflection>();
  for (const child of project.children ?? []) {
    members.set(child.name, child);
    if (!child.kindOf(CONTAINERS)) continue;
    for (const member of child.children ?? []) members.set(`${child.name}.${member.name}`, member);
  }
  return members;
}

export function memberMap(project: ProjectReflection): MemberMap {
  return Object.fromEntries(
    [...collectMembers(project)].map(([name, reflection]) => [name, memberText(reflection)]),
  );
}

export function diffMembers(previous: MemberMap, current: MemberMap): MemberDiff {
  const names = (map: MemberMap) => Object.keys(map).sort((a, b) => a.localeCompare(b));
  return {
    added: names(current).filter((name) => !(name in previous)),
    removed: names(previous).filter((name) => !(name in current)),
    changed: names(current)
      .filter((name) => name in previous && previous[name] !== current[name])
      .map((name) => ({name, before: previous[name], after: current[name]})),
  };
}

/** The export a member belongs to: `StreamrClient` for `StreamrClient.subscribe`. */
export function ownerOf(name: string): string {
  return name.split('.')[0];
}

/** Inline code that survives backticks and line breaks in type text. */
function code(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  const fence = flat.includes('`') ? '`` ' : '`';
  return `${fence}${flat}${fence.split('').reverse().join('')}`;
}

export type ChangesPageInput = {
  diff: MemberDiff;
  previous: {major: string; version: string};
  current: {major: string; version: string};
  packageName: string;
  /** Relative link to the migration guide, from the changes page. */
  migrationGuide: string;
  /** Relative link to an added member's current page and anchor; undefined if it has no page. */
  linkOf: (name: string) => string | undefined;
  /** The previous version's members (./members.ts memberText) and their pages there (site paths with anchors). */
  previousMembers: MemberMap;
  previousLinks: Record<string, string>;
};

/** The default export is not a member of its own: say what it was and how to import that now. */
function removedLine(name: string, input: ChangesPageInput): string {
  const link = input.previousLinks[name];
  if (name !== 'default') return link ? `- [${code(name)}](${link})` : `- ${code(name)}`;
  const target = /^reference (.+)$/.exec(input.previousMembers[name] ?? '')?.[1];
  if (!target) return `- ${code(name)}: the package's default export`;
  const kept = target in input.previousMembers && !input.diff.removed.includes(target);
  const now = kept ? `; import ${code(target)} by name instead` : '';
  return `- ${code(name)}: the package's default export, which was ${code(target)}${now}`;
}

/** The "API changes" page: added, removed and changed members, grouped by export. */
export function changesPageMarkdown(input: ChangesPageInput): string {
  const {diff, previous, current, packageName} = input;
  const title = `API changes ${previous.major} → ${current.major}`;
  const lines = [
    '---',
    `title: ${JSON.stringify(title)}`,
    `sidebar_label: ${JSON.stringify(`Changes ${previous.major} → ${current.major}`)}`,
    `description: ${JSON.stringify(`Members of ${packageName} added, removed or changed between ${previous.version} and ${current.version}, computed from the type declarations of both versions.`)}`,
    'sidebar_position: 0',
    '---',
    '',
    `# ${title}`,
    '',
    `The public API of ${packageName} ${current.version} compared with ${previous.version}, computed from the type ` +
      `declarations of both versions: ${diff.added.length} members added, ${diff.removed.length} removed and ` +
      `${diff.changed.length} changed. To move an application to ${current.major}, follow the ` +
      `[migration guide](${input.migrationGuide}).`,
  ];
  // Each entry: a member's name and its line; grouped under the export it belongs to.
  const section = (heading: string, entries: [name: string, line: string][]) => {
    lines.push('', `## ${heading}`, '');
    if (!entries.length) {
      lines.push('None.');
      return;
    }
    for (const owner of new Set(entries.map(([name]) => ownerOf(name)))) {
      const group = entries.filter(([name]) => ownerOf(name) === owner);
      lines.push(`### ${owner}`, '', ...group.map(([, line]) => line), '');
    }
    lines.pop();
  };
  section(
    'Added',
    diff.added.map((name) => {
      const link = input.linkOf(name);
      return [name, link ? `- [${code(name)}](${link})` : `- ${code(name)}`];
    }),
  );
  section(
    'Removed',
    diff.removed.map((name) => [name, removedLine(name, input)]),
  );
  section(
    'Changed',
    diff.changed.map(({name, before, after}) => [
      name,
      `- ${code(name)}: ${code(before)} became ${code(after)}`,
    ]),
  );
  return `${lines.join('\n')}\n`;
}
