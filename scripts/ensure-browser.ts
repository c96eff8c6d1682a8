#!/usr/bin/env node
/**
 * Makes sure a Chromium exists for the browser tests. Uses Debian's `chromium`
 * when present (installing it with apt-get as root on Debian machines, where
 * Playwright cannot download its own); otherwise Playwright's own browser.
 */
import {execFileSync, spawnSync} from 'node:child_process';
import {existsSync} from 'node:fs';
import {chromium} from '@playwright/test';
import {findSystemChromium} from './lib/chromium.ts';

const found = () =>
  findSystemChromium() ?? (existsSync(chromium.executablePath()) ? chromium.executablePath() : undefined);

let browser = found();
if (!browser && existsSync('/usr/bin/apt-get') && process.getuid?.() === 0) {
  console.log('Installing Debian chromium for the browser tests...');
  execFileSync('apt-get', ['update', '-qq'], {stdio: 'inherit'});
  execFileSync('apt-get', ['install', '-y', '-qq', 'chromium'], {
    stdio: 'inherit',
    env: {...process.env, DEBIAN_FRONTEND: 'noninteractive'},
  });
  browser = found();
}
if (!browser) {
  console.log("Installing Playwright's Chromium...");
  const result = spawnSync('npx', ['playwright', 'install', 'chromium'], {stdio: 'inherit'});
  if (result.status === 0) browser = found();
}
if (!browser) {
  console.error(
    "No Chromium for the browser tests: install Debian's `chromium` or run `npx playwright install chromium`.",
  );
  process.exit(1);
}
console.log(`Browser tests will use ${browser}`);
