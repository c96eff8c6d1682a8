// cspell:ignore Clent identty
import {describe, expect, it} from 'vitest';
import {closestRoutes, type RouteEntry} from '../../src/plugins/route-list/browser.ts';

const routes: RouteEntry[] = [
  ['/', 'Streamr Docs'],
  ['/guides', 'Quickstart Guides'],
  ['/guides/nodejs', 'Publish and subscribe in Node.js'],
  ['/guides/browser', 'Streamr in the browser'],
  ['/usage/identity', 'Identity'],
  ['/usage/sdk/api/classes/StreamrClient', 'StreamrClient'],
  ['/usage/sdk/api/classes/Stream', 'Stream'],
  ['/node-runners/run-a-node', 'Run a node'],
  // Shares more single words with /guide/node-js than /guides/nodejs does.
  ['/guides/how-to-run-a-node-fleet', 'How to run a node fleet'],
];

describe('closestRoutes', () => {
  it('puts the page with the same words first, despite a typo or a missing letter', () => {
    expect(closestRoutes('/guide/node-js', routes)[0]?.[0]).toBe('/guides/nodejs');
    expect(closestRoutes('/usage/sdk/api/classes/StreamrClent', routes)[0]?.[0]).toBe(
      '/usage/sdk/api/classes/StreamrClient',
    );
    expect(closestRoutes('/usage/identty', routes)[0]?.[0]).toBe('/usage/identity');
  });

  it('puts the page the asked path lies under first, unless a page is a near miss of its own name', () => {
    expect(closestRoutes('/guides/nodejs/nope', routes)[0]?.[0]).toBe('/guides/nodejs');
    expect(closestRoutes('/usage/sdk/api/classes/StreamrClent/x', routes)[0]?.[0]).toBe(
      '/usage/sdk/api/classes/StreamrClient',
    );
    expect(closestRoutes('/nope', routes).map(([path]) => path)).not.toContain('/');
  });

  it('reads the path case-insensitively and without .html or a trailing slash', () => {
    expect(closestRoutes('/Guides/NodeJS.html', routes)[0]?.[0]).toBe('/guides/nodejs');
    expect(closestRoutes('/run-a-node/', routes)[0]?.[0]).toBe('/node-runners/run-a-node');
  });

  it('offers nothing for an address unlike any page, and at most `count` pages', () => {
    expect(closestRoutes('/zzzz/qqqq', routes)).toEqual([]);
    expect(closestRoutes('/', routes)).toEqual([]);
    expect(closestRoutes('/usage/sdk/api/classes/streamr', routes, 2)).toHaveLength(2);
  });
});
