/**
 * Flags for every Chromium the project starts (Playwright's browser tests and the
 * audit's Lighthouse runs): root needs `--no-sandbox`; the rest keep a headless
 * run quiet and free of background traffic that would disturb measurements.
 */
import {existsSync} from 'node:fs';

const runningAsRoot = process.getuid?.() === 0;

export const CHROMIUM_ARGS = [
  ...(runningAsRoot ? ['--no-sandbox'] : []),
  '--disable-gpu',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** Debian's Chromium where installed (Playwright cannot download browsers on our CI machines); otherwise undefined, for Playwright's own. */
export const systemChromium = ['/usr/bin/chromium', '/usr/bin/chromium-browser'].find((file) =>
  existsSync(file),
);
