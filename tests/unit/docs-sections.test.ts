import {cpSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {afterEach, describe, expect, it} from 'vitest';
import {
  DOCS_DIR,
  llmsSections,
  menuItems,
  readDocsSections,
  siteSections,
} from '../../config/docs-sections.ts';
import {llmsTxtOptionsWith} from '../../config/llms.ts';
import {navbarWith} from '../../config/navbar.ts';

const temporaryDirs: string[] = [];
afterEach(() => {
  for (const dir of temporaryDirs.splice(0)) rmSync(dir, {recursive: true, force: true});
});

/** A docs dir holding only the real `_category_.json` files (no pages are needed to list sections). */
function copyOfDocsCategories(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'docs-sections-'));
  temporaryDirs.push(dir);
  for (const entry of readdirSync(DOCS_DIR, {withFileTypes: true})) {
    if (!entry.isDirectory()) continue;
    const category = path.join(DOCS_DIR, entry.name, '_category_.json');
    mkdirSync(path.join(dir, entry.name));
    cpSync(category, path.join(dir, entry.name, '_category_.json'));
  }
  return dir;
}

function addCategory(docsDir: string, folder: string, category: object): void {
  mkdirSync(path.join(docsDir, folder), {recursive: true});
  writeFileSync(path.join(docsDir, folder, '_category_.json'), JSON.stringify(category));
}

function mobileMenu(navbar: ReturnType<typeof navbarWith>) {
  return navbar.items.find((item) => item.type === 'custom-mobileMainMenu')?.items;
}

describe('site sections', () => {
  it('are the docs folders in sidebar order, then the SDK reference and the blog', () => {
    expect(menuItems(siteSections())).toEqual([
      {label: 'Quickstart Guides', to: '/guides'},
      {label: 'Usage', to: '/usage'},
      {label: 'Streamr Network', to: '/streamr-network'},
      {label: 'Streamr Project', to: '/streamr-project'},
      {label: 'Help', to: '/help'},
      {label: 'SDK API reference', to: '/api-docs'},
      {label: 'Blog', to: '/blog'},
    ]);
    expect(llmsSections(siteSections())).toEqual([
      {title: 'Guides', category: '/guides'},
      {title: 'Usage', category: '/usage'},
      {title: 'Network', category: '/streamr-network'},
      {title: 'Project', category: '/streamr-project'},
      {title: 'Help', category: '/help'},
      {title: 'SDK API reference', category: '/usage/sdk/api'},
    ]);
  });

  it('feed the mobile main menu (which the no-JavaScript menu reads) and llms.txt', () => {
    const sections = siteSections();
    expect(mobileMenu(navbarWith(sections))).toEqual(menuItems(sections));
    expect(llmsTxtOptionsWith(sections).sections).toEqual(llmsSections(sections));
  });

  it('a new docs folder with a _category_.json reaches the menus and llms.txt, in its position', () => {
    const docsDir = copyOfDocsCategories();
    addCategory(docsDir, 'tutorials', {
      label: 'Tutorials',
      position: 1.5,
      link: {type: 'generated-index', slug: '/tutorials', description: 'Step by step.'},
      customProps: {llmsTitle: 'Step-by-step tutorials'},
    });
    const sections = siteSections(docsDir);
    expect(mobileMenu(navbarWith(sections))?.map((item) => item.label)).toEqual([
      'Quickstart Guides',
      'Usage',
      'Tutorials',
      'Streamr Network',
      'Streamr Project',
      'Help',
      'SDK API reference',
      'Blog',
    ]);
    expect(llmsTxtOptionsWith(sections).sections[2]).toEqual({
      title: 'Step-by-step tutorials',
      category: '/tutorials',
    });
  });

  it('orders folders without a position last, by name; a folder can opt out; the link slug is the route', () => {
    const docsDir = mkdtempSync(path.join(os.tmpdir(), 'docs-sections-'));
    temporaryDirs.push(docsDir);
    addCategory(docsDir, 'zeta', {label: 'Zeta'});
    addCategory(docsDir, 'alpha', {label: 'Alpha'});
    addCategory(docsDir, 'first', {
      label: 'First',
      position: 0,
      link: {type: 'generated-index', slug: '/start'},
    });
    addCategory(docsDir, 'hidden', {label: 'Hidden', position: 1, customProps: {section: false}});
    mkdirSync(path.join(docsDir, 'no-category'));
    expect(readDocsSections(docsDir).map(({label, to, paths}) => ({label, to, paths}))).toEqual([
      {label: 'First', to: '/start', paths: ['/start', '/first']},
      {label: 'Alpha', to: '/alpha', paths: ['/alpha']},
      {label: 'Zeta', to: '/zeta', paths: ['/zeta']},
    ]);
  });

  it('names the file of a broken _category_.json', () => {
    const docsDir = mkdtempSync(path.join(os.tmpdir(), 'docs-sections-'));
    temporaryDirs.push(docsDir);
    mkdirSync(path.join(docsDir, 'broken'));
    writeFileSync(path.join(docsDir, 'broken', '_category_.json'), '{"label": ');
    expect(() => readDocsSections(docsDir)).toThrow(/broken[\\/]_category_\.json is not valid JSON/);
  });
});
