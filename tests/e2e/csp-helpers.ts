import type {Page} from '@playwright/test';

declare global {
  interface Window {
    __cspViolations?: string[];
  }
}

/**
 * Collects the page's Content-Security-Policy violations: the browser's
 * `securitypolicyviolation` events (kept in the page until read) and its console
 * reports of refused loads. Call before the first navigation; `read()` takes the
 * events of the current document, so call it before leaving each page.
 */
export async function watchCspViolations(page: Page) {
  const fromConsole: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) fromConsole.push(`console: ${message.text()}`);
  });
  await page.addInitScript(() => {
    const seen: string[] = (window.__cspViolations = []);
    document.addEventListener('securitypolicyviolation', (event) => {
      const where = event.sourceFile ? ` at ${event.sourceFile}:${event.lineNumber}` : '';
      const sample = event.sample ? ` (starts "${event.sample}")` : '';
      seen.push(
        `${location.pathname}: ${event.effectiveDirective} refused ${event.blockedURI || 'inline'}${where}${sample}`,
      );
    });
  });
  return {
    async read(): Promise<string[]> {
      const fromEvents = await page.evaluate(() => window.__cspViolations ?? []);
      const all = [...fromEvents, ...fromConsole];
      fromConsole.length = 0;
      await page.evaluate(() => window.__cspViolations?.splice(0));
      return all;
    },
  };
}

/** The Content-Security-Policy meta tags of an HTML document, as their policies. */
export function policyOf(html: string): string[] {
  return [...html.matchAll(/<meta http-equiv="Content-Security-Policy" content="([^"]*)">/gi)].map(
    (match) => match[1],
  );
}
