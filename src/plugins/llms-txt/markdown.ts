/**
 * Pure conversions behind the llms-txt plugin: a page's source → clean CommonMark
 * with GFM tables, read by the site's Markdown front-end (src/markdown, the remark
 * stack Docusaurus renders with), and the text of `llms.txt`, `llms-full.txt` and
 * generated category index pages. No file system, no Docusaurus.
 */
import type {Nodes, PhrasingContent, Root, RootContent} from 'mdast';
import remarkGfm from 'remark-gfm';
import remarkStringify from 'remark-stringify';
import {unified} from 'unified';
import {ADMONITION_KEYWORDS, parsePage} from '../../markdown/index.ts';
import {parseAnnotations} from '../code-highlighting/annotations.ts';
import {COMPILED_LANGUAGES, optOutReason} from '../code-highlighting/compiler-options.ts';

/** The label the twin shows for an admonition keyword (`tip` → "Tip"); `secondary` reads as a note. */
function admonitionLabel(name: string): string | undefined {
  if (!(ADMONITION_KEYWORDS as readonly string[]).includes(name)) return undefined;
  return name === 'secondary' ? 'Note' : name[0].toUpperCase() + name.slice(1);
}

export type ConvertOptions = {
  /** `true` for `.mdx` sources (JSX, imports, expressions); `false` for CommonMark `.md`. */
  mdx: boolean;
  /** The page title: becomes the H1 unless the content starts with one. */
  title: string;
  /** Makes a link or image URL absolute (see `createUrlResolver` in links.ts). */
  resolveUrl: (url: string) => string;
  /** Names the page in error messages. */
  sourceName?: string;
  /** Steps that expand the site's own directives (`::contract-addresses`) before the conversion. */
  transforms?: readonly ((tree: Root, file: string) => void)[];
};

// The repository's markdownlint style (MD049/MD050).
const printer = unified()
  .use(remarkGfm, {tablePipeAlign: false})
  .use(remarkStringify, {
    bullet: '-',
    emphasis: '_',
    strong: '*',
    fence: '`',
    fences: true,
    rule: '-',
    listItemIndent: 'one',
  })
  .freeze();

/** Serializes a tree as CommonMark with GFM tables, in the repository's style. */
function stringify(tree: Root): string {
  const text = printer.stringify(tree);
  return `${widenTableDelimiters(text).trim()}\n`;
}

/** Unaligned GFM tables print `| - |` delimiter rows; the docs write `| --- |`. */
export function widenTableDelimiters(markdown: string): string {
  const lines = markdown.split('\n');
  let fence: string | undefined;
  return lines
    .map((line, index) => {
      const fenceMatch = /^[\s>]*(`{3,}|~{3,})(.*)$/.exec(line);
      if (fenceMatch) {
        if (!fence) fence = fenceMatch[1];
        else if (
          fenceMatch[1][0] === fence[0] &&
          fenceMatch[1].length >= fence.length &&
          !fenceMatch[2].trim()
        )
          fence = undefined;
        return line;
      }
      if (fence || index === 0 || !/^[\s>]*\|/.test(lines[index - 1])) return line;
      if (!/^[\s>]*\|(?:[ \t]*:?-+:?[ \t]*\|)+[ \t]*$/.test(line)) return line;
      return line.replace(/(\|[ \t]*:?)-+(:?[ \t]*)(?=\|)/g, '$1---$2');
    })
    .join('\n');
}

/** The Markdown twin of a docs page: its title as H1, then clean CommonMark. */
export function toMarkdownTwin(source: string, options: ConvertOptions): string {
  const {tree} = parsePage(source, {
    file: options.sourceName,
    format: options.mdx ? 'mdx' : 'md',
    legacyAdmonitionTitles: true,
  });
  for (const transform of options.transforms ?? []) transform(tree, options.sourceName ?? '(source)');
  transformChildren(tree, options);
  const first = tree.children[0];
  if (!(first?.type === 'heading' && first.depth === 1)) {
    tree.children.unshift({type: 'heading', depth: 1, children: [{type: 'text', value: options.title}]});
  }
  return stringify(tree);
}

type ParentNode = Extract<Nodes, {children: unknown}>;
type JsxElement = Extract<Nodes, {type: 'mdxJsxFlowElement' | 'mdxJsxTextElement'}>;
type ContainerDirective = Extract<Nodes, {type: 'containerDirective'}>;
type LeafOrTextDirective = Extract<Nodes, {type: 'leafDirective' | 'textDirective'}>;

function transformed(children: readonly Nodes[], options: ConvertOptions): Nodes[] {
  return children.flatMap((child) => transformNode(child, options));
}

function transformChildren(parent: ParentNode, options: ConvertOptions): void {
  (parent as {children: Nodes[]}).children = transformed(parent.children as Nodes[], options);
}

function transformNode(node: Nodes, options: ConvertOptions): Nodes[] {
  switch (node.type) {
    case 'yaml':
    case 'mdxjsEsm':
      return [];
    case 'mdxFlowExpression':
    case 'mdxTextExpression': {
      // `{/* comments */}` vanish; a plain string literal such as `{'<'}` is text.
      const literal = stringLiteral(node.value);
      if (literal === undefined) return [];
      return node.type === 'mdxTextExpression'
        ? [{type: 'text', value: literal}]
        : [{type: 'paragraph', children: [{type: 'text', value: literal}]}];
    }
    case 'html':
      return /^\s*<!--[\s\S]*-->\s*$/.test(node.value) ? [] : [node];
    case 'containerDirective':
      return admonition(node, options);
    case 'leafDirective':
    case 'textDirective':
      return directiveAsText(node, options);
    case 'mdxJsxFlowElement':
    case 'mdxJsxTextElement':
      return jsxElement(node, options);
    case 'link':
    case 'definition':
      node.url = options.resolveUrl(node.url);
      break;
    case 'image':
      if (!/^([a-z][a-z\d+.-]*:|\/)/i.test(node.url)) {
        throw new Error(
          `${options.sourceName ?? 'A page'} shows the image "${node.url}" by a relative path, which the Markdown twin cannot point to. ` +
            'Put the image in static/ and refer to it with an absolute path (e.g. /img/diagram.png).',
        );
      }
      node.url = options.resolveUrl(node.url);
      break;
    case 'code': {
      // Type-info annotations (`// ^?`, `// @errors:`) are for the site's rendering; the twin keeps the plain code.
      if (COMPILED_LANGUAGES.has(node.lang ?? '') && optOutReason(node.meta ?? '') === undefined)
        node.value = parseAnnotations(node.value).code;
      const title = /(?:^|\s)title=(?:"([^"]*)"|'([^']*)'|(\S+))/.exec(node.meta ?? '');
      node.meta = null;
      const label = title?.[1] ?? title?.[2] ?? title?.[3];
      if (label)
        return [
          {type: 'paragraph', children: [{type: 'strong', children: [{type: 'text', value: label}]}]},
          node,
        ];
      return [node];
    }
    default:
      break;
  }
  if ('children' in node) transformChildren(node as ParentNode, options);
  return [node];
}

/** `:::tip[Title]` … `:::` → a blockquote that starts with "**Tip: Title**". */
function admonition(node: ContainerDirective, options: ConvertOptions): Nodes[] {
  const label = admonitionLabel(node.name);
  if (!label) {
    throw new Error(
      `${options.sourceName ?? 'A page'} uses the directive ":::${node.name}", which is not an admonition. ` +
        `Use one of ${ADMONITION_KEYWORDS.map((name) => `:::${name}`).join(', ')}, ` +
        'or teach src/plugins/llms-txt/markdown.ts how to write it as Markdown.',
    );
  }
  const [first, ...rest] = node.children;
  const hasTitle = first?.type === 'paragraph' && first.data?.directiveLabel === true;
  const title = hasTitle ? (transformed(first.children, options) as PhrasingContent[]) : [];
  const heading: PhrasingContent[] = title.length
    ? [{type: 'text', value: `${label}: `}, ...title]
    : [{type: 'text', value: label}];
  const body = transformed(hasTitle ? rest : node.children, options);
  return [
    {
      type: 'blockquote',
      children: [{type: 'paragraph', children: [{type: 'strong', children: heading}]}, ...body],
    } as Nodes,
  ];
}

/**
 * A `::name` or `:name` that is no admonition is text that happened to look like a
 * directive ("see the :warning: note"); Docusaurus shows it as typed, and so do we.
 */
function directiveAsText(node: LeafOrTextDirective, options: ConvertOptions): Nodes[] {
  const label = transformed(node.children, options) as PhrasingContent[];
  const attributes = Object.entries(node.attributes ?? {})
    .map(([key, value]) => (value ? `${key}="${value}"` : key))
    .join(' ');
  const marker = node.type === 'leafDirective' ? '::' : ':';
  const open: PhrasingContent = {type: 'text', value: `${marker}${node.name}${label.length ? '[' : ''}`};
  const close: PhrasingContent = {
    type: 'text',
    value: `${label.length ? ']' : ''}${attributes ? `{${attributes}}` : ''}`,
  };
  const phrasing = [open, ...label, close].filter((child) => child.type !== 'text' || child.value !== '');
  return node.type === 'leafDirective' ? [{type: 'paragraph', children: phrasing}] : phrasing;
}

/** Tabs become one labelled block per tab; HTML elements keep their content; other components fail. */
function jsxElement(node: JsxElement, options: ConvertOptions): Nodes[] {
  const contents = () => transformed(node.children, options);
  const flow = node.type === 'mdxJsxFlowElement';

  switch (node.name) {
    case null:
    case 'Tabs':
      return contents();
    case 'TabItem': {
      const label = attribute(node, 'label') ?? attribute(node, 'value') ?? 'Tab';
      const strong: PhrasingContent = {type: 'strong', children: [{type: 'text', value: label}]};
      return flow
        ? [{type: 'paragraph', children: [strong]}, ...contents()]
        : [strong, {type: 'text', value: ' '}, ...contents()];
    }
    case 'summary': {
      const strong = {type: 'strong', children: contents()} as PhrasingContent;
      return flow ? [{type: 'paragraph', children: [strong]}] : [strong];
    }
    case 'br':
      return flow ? [] : [{type: 'break'}];
    default:
      if (/^[a-z]/.test(node.name)) return contents();
      throw new Error(
        `${options.sourceName ?? 'A page'} uses the component <${node.name}>, which has no Markdown form yet. ` +
          'Teach src/plugins/llms-txt/markdown.ts (function jsxElement) how to write it for the Markdown twin.',
      );
  }
}

function attribute(node: JsxElement, name: string): string | undefined {
  for (const attr of node.attributes) {
    if (attr.type !== 'mdxJsxAttribute' || attr.name !== name || attr.value == null) continue;
    return typeof attr.value === 'string' ? attr.value : stringLiteral(attr.value.value);
  }
  return undefined;
}

/** The value of a JavaScript string literal (`'a'`, `"a"`, `` `a` `` without `${}`), else undefined. */
export function stringLiteral(expression: string): string | undefined {
  const match = /^\s*(['"`])((?:\\.|(?!\1)[^\\])*)\1\s*$/s.exec(expression);
  if (!match || (match[1] === '`' && match[2].includes('${'))) return undefined;
  return match[2].replace(/\\(.)/gs, '$1');
}

// ---------------------------------------------------------------------------
// Index files

export type ListedPage = {
  title: string;
  /** Absolute URL of the page's Markdown twin. */
  markdownUrl: string;
  description?: string;
};

/** `llms.txt` in the llmstxt.org format: H1, a blockquote summary, details (Markdown), then H2 sections of links. */
export function renderLlmsTxt(input: {
  title: string;
  summary: string;
  details?: readonly string[];
  sections: readonly {title: string; pages: readonly ListedPage[]}[];
}): string {
  const lines = [`# ${input.title}`, '', `> ${oneLine(input.summary)}`, ''];
  for (const paragraph of input.details ?? []) lines.push(paragraph.trim(), '');
  for (const section of input.sections) {
    if (section.pages.length === 0) continue;
    lines.push(`## ${section.title}`, '');
    for (const page of section.pages) lines.push(listLine(page));
    lines.push('');
  }
  return `${lines.join('\n').trim()}\n`;
}

function listLine(page: ListedPage): string {
  const description = page.description ? `: ${oneLine(page.description)}` : '';
  return `- [${escapeLinkText(page.title)}](${page.markdownUrl})${description}`;
}

/**
 * `llms-full.txt`: every page's Markdown, one after another, each introduced by a
 * rule and followed (under its H1) by the address of the page it comes from.
 */
export function renderLlmsFull(input: {
  title: string;
  summary: string;
  pages: readonly {markdown: string; url: string}[];
}): string {
  const parts = [`# ${input.title}`, '', `> ${oneLine(input.summary)}`, ''];
  for (const page of input.pages) {
    const markdown = page.markdown.trim();
    const split = /^(# [^\n]*)\n?/.exec(markdown);
    const h1 = split ? split[1] : '';
    const body = split ? markdown.slice(split[0].length).trim() : markdown;
    parts.push('---', '', h1, '', `Source: <${page.url}>`, '');
    if (body) parts.push(body, '');
  }
  return `${parts.join('\n').trim()}\n`;
}

export type CategoryItem = {
  title: string;
  /** Absolute URL of the item's page; undefined for a category without a page of its own. */
  url?: string;
  description?: string;
  items?: readonly CategoryItem[];
};

/** The Markdown twin of a generated category index page: title, description, child pages. */
export function renderCategoryIndex(input: {
  title: string;
  description?: string;
  items: readonly CategoryItem[];
}): string {
  const tree: Root = {
    type: 'root',
    children: [{type: 'heading', depth: 1, children: [{type: 'text', value: input.title}]}],
  };
  if (input.description)
    tree.children.push({type: 'paragraph', children: [{type: 'text', value: input.description}]});
  tree.children.push(categoryList(input.items));
  return stringify(tree);
}

function categoryList(items: readonly CategoryItem[]): RootContent {
  return {
    type: 'list',
    ordered: false,
    spread: false,
    children: items.map((item) => {
      const name: PhrasingContent = item.url
        ? {type: 'link', url: item.url, children: [{type: 'text', value: item.title}]}
        : {type: 'text', value: item.title};
      const line: PhrasingContent[] = [name];
      if (item.description) line.push({type: 'text', value: `: ${oneLine(item.description)}`});
      return {
        type: 'listItem',
        spread: false,
        children: [
          {type: 'paragraph', children: line},
          ...(item.items?.length ? [categoryList(item.items)] : []),
        ],
      } as Extract<RootContent, {type: 'listItem'}>;
    }),
  };
}

function oneLine(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

function escapeLinkText(text: string): string {
  return text.replace(/([\\[\]])/g, '\\$1');
}
