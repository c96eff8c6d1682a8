/**
 * The installed Mermaid in a headless Chromium, as the site's readers run it:
 * `npm run diagrams` renders with it, and the unit tests parse every diagram
 * with it. (Mermaid parses in Node only until a label needs its DOM sanitizer.)
 */
import {createRequire} from 'node:module';
import {chromium, type Page} from '@playwright/test';
import {CHROMIUM_LAUNCH_OPTIONS} from './chromium.ts';

const require = createRequire(import.meta.url);

export type MermaidBrowser = {
  page: Page;
  /** Rejects with Mermaid's own message when the source has a syntax error. */
  parse: (source: string) => Promise<void>;
  close: () => Promise<void>;
};

export async function launchMermaid(): Promise<MermaidBrowser> {
  const browser = await chromium.launch(CHROMIUM_LAUNCH_OPTIONS);
  try {
    const page = await browser.newPage();
    await page.setContent('<!doctype html><html><body></body></html>');
    await page.addScriptTag({path: require.resolve('mermaid/dist/mermaid.min.js')});
    return {
      page,
      async parse(source: string) {
        const failure = await page.evaluate(async (text) => {
          try {
            await (window as unknown as {mermaid: {parse: (text: string) => Promise<unknown>}}).mermaid.parse(
              text,
            );
            return null;
          } catch (error) {
            return error instanceof Error ? error.message : String(error);
          }
        }, source);
        if (failure !== null) throw new Error(failure);
      },
      close: () => browser.close(),
    };
  } catch (error) {
    await browser.close();
    throw error;
  }
}
