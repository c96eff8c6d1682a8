import {describe, expect, it} from 'vitest';
import {load} from 'cheerio';
import {splitTypeInfo, typeInfoHtml} from '../../scripts/audit/type-info-html.ts';

const token = (text: string) => `<span class='token plain'>${text}</span>`;
const plain = `<html><body><pre><code><div class='token-line'>${token('stream')}.${token('id')}<br></div></code></pre></body></html>`;
const withInfo =
  `<html><body><pre><code><div class='token-line'>` +
  `<span class='twoslash-hover' tabindex='0' aria-describedby='t-0'>${token('stream')}</span>` +
  `<span class='twoslash-popup' role='tooltip' id='t-0'>const stream: Stream</span>.` +
  `<a class='twoslash-hover' href='/usage/sdk/api/classes/Stream#id' aria-describedby='t-1'>${token('id')}</a>` +
  `<span class='twoslash-popup' role='tooltip' id='t-1'>(property) Stream.id: StreamID` +
  `<span class='twoslash-docs'>The stream's ID.</span></span>` +
  `<span class='twoslash-query'><span aria-hidden='true'>^ </span>const stream: Stream</span><br></div></code></pre></body></html>`;

describe('extra HTML from type info (audit)', () => {
  it('takes the type info out and leaves exactly the page without it', () => {
    const split = splitTypeInfo(withInfo);
    expect(split.hovers).toBe(2);
    expect(split.without).toBe(load(plain).html());
    expect(split.with).toBe(load(withInfo).html());
  });

  it('reports the difference, compressed as served, and nothing for a page without type info', () => {
    const figure = typeInfoHtml('/guides/nodejs', withInfo);
    expect(figure.extra.raw).toBe(figure.with.raw - figure.without.raw);
    expect(figure.extra.raw).toBeGreaterThan(200);
    expect(figure.extra.brotli).toBeGreaterThan(0);
    expect(typeInfoHtml('/', plain).extra).toEqual({raw: 0, gzip: 0, brotli: 0});
  });
});
