import {mkdtempSync, writeFileSync} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import remarkPrerenderedDiagrams, {diagramProps} from '../../src/plugins/prerendered-diagrams/remark.ts';
import {diagramKey} from '../../src/theme/Mermaid/diagram-key.ts';

const SOURCE = 'flowchart LR\n  A --> B';
const KEY = diagramKey(SOURCE);
const manifest = {diagrams: {[KEY]: {width: 640, height: 120, title: 'A to B'}}};

function mermaidNode(value: string) {
  return {
    type: 'mermaidCodeBlock',
    data: {hName: 'mermaid', hProperties: {value} as Record<string, unknown>},
  };
}

describe('prerendered diagrams', () => {
  it('gives a rendered diagram its key, size and title, and an unrendered one nothing', () => {
    expect(diagramProps(`${SOURCE}\n`, manifest)).toEqual({
      diagramKey: KEY,
      width: 640,
      height: 120,
      title: 'A to B',
    });
    expect(diagramProps('flowchart LR\n  A --> C', manifest)).toBeUndefined();
  });

  it('adds the props to the mermaid elements of a page, read from the manifest file', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'diagrams-'));
    const manifestFile = path.join(dir, 'manifest.json');
    writeFileSync(manifestFile, JSON.stringify(manifest));
    const rendered = mermaidNode(SOURCE);
    const unrendered = mermaidNode('flowchart TD\n  X --> Y');
    const tree = {type: 'root', children: [{type: 'blockquote', children: [rendered]}, unrendered]};
    remarkPrerenderedDiagrams({manifestFile})(tree);
    expect(rendered.data.hProperties).toEqual({
      value: SOURCE,
      diagramKey: KEY,
      width: 640,
      height: 120,
      title: 'A to B',
    });
    expect(unrendered.data.hProperties).toEqual({value: 'flowchart TD\n  X --> Y'});
  });

  it('leaves diagrams to the browser while no manifest exists', () => {
    const node = mermaidNode(SOURCE);
    remarkPrerenderedDiagrams({manifestFile: path.join(os.tmpdir(), 'no-such-dir', 'manifest.json')})({
      type: 'root',
      children: [node],
    });
    expect(node.data.hProperties).toEqual({value: SOURCE});
  });
});
