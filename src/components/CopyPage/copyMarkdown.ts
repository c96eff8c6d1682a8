/**
 * Copies the text at `url` (a page's Markdown twin) to the clipboard. Fetched on
 * demand, never at page load.
 *
 * The clipboard write starts synchronously in the click handler, with the text still
 * on its way (a ClipboardItem that holds a promise): Safari only allows clipboard
 * writes that start during the click. Browsers without promise-valued ClipboardItems
 * fall back to `writeText` once the text has arrived.
 */
export async function copyMarkdown(url: string): Promise<void> {
  const text = fetch(url, {headers: {Accept: 'text/markdown, text/plain;q=0.9'}}).then(async (response) => {
    if (!response.ok) throw new Error(`Fetching ${url} failed: ${response.status}`);
    return response.text();
  });
  // The text is awaited below; this only keeps an early failure from being reported as unhandled.
  text.catch(() => undefined);

  if (typeof ClipboardItem !== 'undefined' && navigator.clipboard?.write) {
    try {
      const blob = text.then((markdown) => new Blob([markdown], {type: 'text/plain'}));
      blob.catch(() => undefined);
      await navigator.clipboard.write([new ClipboardItem({'text/plain': blob})]);
      return;
    } catch (error) {
      // A failed download is final; a refused ClipboardItem gets a second try below.
      await text;
      if (!navigator.clipboard.writeText) throw error;
    }
  }
  if (!navigator.clipboard?.writeText) throw new Error('This browser has no clipboard access here.');
  await navigator.clipboard.writeText(await text);
}
