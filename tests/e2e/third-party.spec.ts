import {readFileSync, readdirSync} from 'node:fs';
import path from 'node:path';
import {expect, test} from './fixtures.ts';

test('without a tag-manager container id the site loads nothing from other origins', async ({page}) => {
  const foreign: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (!['127.0.0.1', 'localhost'].includes(url.hostname) && url.protocol !== 'data:')
      foreign.push(request.url());
  });
  for (const route of ['/', '/guides/nodejs', '/usage/sdk/api/classes/StreamrClient', '/blog']) {
    await page.goto(route);
    await page.waitForLoadState('networkidle');
  }
  expect(foreign).toEqual([]);
});

test('the built HTML carries no tag-manager snippet', () => {
  test.skip(!!process.env.GTM_CONTAINER_ID, 'the build was made with a container id');
  const html = readFileSync(path.join('build', 'index.html'), 'utf8');
  expect(html).not.toMatch(/googletagmanager|gtm\.js/i);
  expect(readdirSync('build')).toContain('index.html');
});
