import {readFileSync, statSync} from 'node:fs';
import {diagramKey} from '../../theme/Mermaid/diagram-key.ts';
import type {DiagramProps} from './browser.ts';

/**
 * Gives each Mermaid diagram the size and title of its pre-rendered image (the
 * manifest of `npm run diagrams`) as props of the `mermaid` element, for the Mermaid
 * wrapper (src/theme/Mermaid): the sizes stay out of every page's JavaScript. Runs
 * after Docusaurus's remark plugins, which make the `mermaidCodeBlock` nodes.
 */
type PrerenderedDiagramsOptions = {manifestFile: string};

type Manifest = {diagrams: Record<string, {width: number; height: number; title?: string} | undefined>};
type Node = {
  type: string;
  children?: Node[];
  data?: {hProperties?: Record<string, unknown>};
};

let cached: {file: string; modified: number; manifest: Manifest} | undefined;

/** The manifest, read again when the file changes (`npm run diagrams` while the dev server runs). */
function readManifest(file: string): Manifest {
  let modified: number;
  try {
    modified = statSync(file).mtimeMs;
  } catch {
    return {diagrams: {}};
  }
  if (cached?.file !== file || cached.modified !== modified)
    cached = {file, modified, manifest: JSON.parse(readFileSync(file, 'utf8')) as Manifest};
  return cached.manifest;
}

/** Props of the diagram with Mermaid source `source`, or none while it has not been rendered. */
export function diagramProps(source: string, manifest: Manifest): DiagramProps | undefined {
  const key = diagramKey(source);
  const entry = manifest.diagrams[key];
  if (!entry) return undefined;
  return {
    diagramKey: key,
    width: entry.width,
    height: entry.height,
    ...(entry.title ? {title: entry.title} : {}),
  };
}

export default function remarkPrerenderedDiagrams(options: PrerenderedDiagramsOptions) {
  return (tree: Node) => {
    const manifest = readManifest(options.manifestFile);
    const visit = (node: Node) => {
      if (node.type === 'mermaidCodeBlock') {
        const properties = node.data?.hProperties;
        const props =
          typeof properties?.value === 'string' ? diagramProps(properties.value, manifest) : undefined;
        if (properties && props) Object.assign(properties, props);
      }
      node.children?.forEach(visit);
    };
    visit(tree);
  };
}
