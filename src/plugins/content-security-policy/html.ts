import {load, type Element} from 'cheerio';
import {pagePolicy, type Sources} from './policy.ts';

/**
 * Puts the page's policy into one built HTML file: a `<meta http-equiv>` as the
 * first thing in `<head>` (after `<meta charset>` when that comes first), so it
 * is in force before the browser meets any script, style or image of the page.
 */
export function addPolicyToHtml(html: string, file: string, base: Sources): string {
  // parse5 (cheerio's HTML parser) reads script text as browsers do, and keeps
  // source positions for the insertion point and for error messages.
  const $ = load(html, {sourceCodeLocationInfo: true});
  const at = (element: Element) => `${file}:${element.sourceCodeLocation?.startLine ?? '?'}`;

  const existing = $('meta[http-equiv]')
    .toArray()
    .find((meta) => meta.attribs['http-equiv'].toLowerCase() === 'content-security-policy');
  if (existing) {
    throw new Error(
      `content-security-policy: ${at(existing)} already has a Content-Security-Policy meta tag; ` +
        'the plugin writes the only one (add origins in config/content-security-policy.ts).',
    );
  }

  // Inline event handlers and javascript: URLs cannot be allowed by a hash; the
  // policy would block them, so the build stops and says where they are.
  for (const element of $('*').toArray() as Element[]) {
    for (const [name, value] of Object.entries(element.attribs)) {
      if (/^on/i.test(name)) {
        throw new Error(
          `content-security-policy: ${at(element)}: <${element.tagName} ${name}="…"> is an inline event handler, ` +
            'which the Content-Security-Policy blocks. Attach the handler from a script or React instead.',
        );
      }
      if (/^(href|src|action|formaction)$/i.test(name) && /^\s*javascript:/i.test(value)) {
        throw new Error(
          `content-security-policy: ${at(element)}: <${element.tagName} ${name}="javascript:…"> runs code ` +
            'from a URL, which the Content-Security-Policy blocks. Use a button with a handler instead.',
        );
      }
    }
  }

  // Every inline script is hashed, data blocks (JSON-LD) included: cheaper than
  // deciding which `type`s browsers run, and a hash too many allows nothing new.
  const inlineScripts = ($('script').toArray() as Element[])
    .filter((script) => script.attribs.src === undefined)
    .map((script) => $(script).text());

  const head = $('head').get(0);
  const startTag = head?.sourceCodeLocation?.startTag;
  if (!head || !startTag || !/^<head[\s>]/i.test(html.slice(startTag.startOffset, startTag.endOffset))) {
    throw new Error(
      `content-security-policy: ${file} has no <head> start tag to put the Content-Security-Policy in.`,
    );
  }
  const firstChild = head.children.find((child) => child.type === 'tag') as Element | undefined;
  const afterCharset =
    firstChild?.tagName === 'meta' && firstChild.attribs.charset !== undefined
      ? firstChild.sourceCodeLocation?.endOffset
      : undefined;
  const insertAt = afterCharset ?? startTag.endOffset;
  const scriptBefore = html.slice(0, insertAt).search(/<script[\s>]/i);
  if (scriptBefore !== -1) {
    throw new Error(
      `content-security-policy: ${file}:${html.slice(0, scriptBefore).split('\n').length} has a script before <head>, ` +
        'where the Content-Security-Policy would not cover it.',
    );
  }
  const meta = `<meta http-equiv="Content-Security-Policy" content="${escapeAttribute(pagePolicy(base, inlineScripts))}">`;
  return html.slice(0, insertAt) + meta + html.slice(insertAt);
}

function escapeAttribute(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;');
}
