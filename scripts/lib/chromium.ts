/**
 * The one place that says which Chromium the project starts and with which flags: Playwright's
 * browser tests, the Mermaid renderer, the visual diff, the search bench and the audit.
 */
import {existsSync} from 'node:fs';

/**
 * Root needs `--no-sandbox`; the rest keep a headless run quiet and free of background traffic
 * that would disturb measurements.
 */
export const CHROMIUM_ARGS = [
  ...(process.getuid?.() === 0 ? ['--no-sandbox'] : []),
  '--disable-gpu',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** Debian's Chromium where installed (Playwright cannot download browsers on our CI machines); otherwise undefined, for Playwright's own. */
export const findSystemChromium = () =>
  ['/usr/bin/chromium', '/usr/bin/chromium-browser'].find((file) => existsSync(file));

/** Options for Playwright's `chromium.launch()`. */
const systemChromium = findSystemChromium();
export const CHROMIUM_LAUNCH_OPTIONS = {
  ...(systemChromium && {executablePath: systemChromium}),
  args: CHROMIUM_ARGS,
};
