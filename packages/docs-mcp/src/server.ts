import {McpServer} from '@modelcontextprotocol/sdk/server/mcp.js';
import {z} from 'zod';
import type {LocalIndexFile} from '../../../src/plugins/search/node.ts';
import {findSymbol, type ApiSymbol} from './api-symbols.ts';
import {closestPaths, normalizePagePath, pageUrls, type Page, type SiteAddress} from './pages.ts';
import {createSearch} from './search.ts';

/** What the package build copies out of the site's build (see ../scripts/build.ts). */
export type DocsData = SiteAddress & {
  /** Version of this package, reported to clients. */
  version: string;
  pages: Page[];
  symbols: ApiSymbol[];
  searchIndex: LocalIndexFile;
};

const MAX_RESULTS = 20;

/** A tool answer that the client shows as an error (the model reads the text). */
function toolError(text: string) {
  return {isError: true, content: [{type: 'text' as const, text}]};
}

export function createServer(data: DocsData): McpServer {
  const search = createSearch(data.searchIndex, data.baseUrl);
  const pages = new Map(data.pages.map((page) => [page.path, page]));
  const server = new McpServer({name: 'streamr-docs', version: data.version});

  server.registerTool(
    'search_docs',
    {
      title: 'Search the Streamr docs',
      description:
        'Full-text search of the Streamr Network documentation (SDK, CLI, nodes, operators, network), ranked like the search box on docs.streamr.network. Returns sections with their URL, site path (for get_page) and a snippet.',
      inputSchema: {
        query: z.string().trim().min(1, 'query must not be empty').max(200).describe('Words to search for'),
        limit: z
          .number()
          .int()
          .min(1)
          .max(MAX_RESULTS)
          .default(5)
          .describe(`How many results, 1 to ${MAX_RESULTS} (default 5)`),
      },
      outputSchema: {
        results: z.array(
          z.object({title: z.string(), url: z.string(), path: z.string(), snippet: z.string()}),
        ),
      },
    },
    async ({query, limit}) => {
      const results = await search(query, limit);
      const text = results.length
        ? results
            .map(
              (result, index) =>
                `${index + 1}. [${result.title}](${result.url}) (path: ${result.path})` +
                (result.snippet ? `\n   ${result.snippet.replace(/\s+/g, ' ')}` : ''),
            )
            .join('\n')
        : `No results for "${query}".`;
      return {content: [{type: 'text', text}], structuredContent: {results}};
    },
  );

  server.registerTool(
    'get_page',
    {
      title: 'Read a Streamr docs page',
      description:
        'The Markdown of one docs page, by site path or URL: "/guides/nodejs", "https://docs.streamr.network/guides/nodejs", with or without ".md". "/" is the home page.',
      inputSchema: {
        path: z.string().trim().min(1, 'path must not be empty').describe('Site path or URL of the page'),
      },
      outputSchema: {path: z.string(), url: z.string(), markdownUrl: z.string(), markdown: z.string()},
    },
    ({path}) => {
      let normalized: string;
      try {
        normalized = normalizePagePath(path, data.baseUrl);
      } catch {
        return toolError(`"${path}" is neither a site path nor a URL.`);
      }
      const page = pages.get(normalized);
      if (!page) {
        const closest = closestPaths(normalized, [...pages.keys()]);
        return toolError(
          `No docs page at "${path}" (looked for ${normalized}). Closest pages: ${closest.join(', ')}`,
        );
      }
      return {
        content: [{type: 'text', text: page.markdown}],
        structuredContent: {path: page.path, ...pageUrls(data, page.path), markdown: page.markdown},
      };
    },
  );

  server.registerTool(
    'get_api_symbol',
    {
      title: 'Look up an @streamr/sdk API symbol',
      description:
        'The API reference of one @streamr/sdk symbol, generated from the SDK by TypeDoc: a class, interface or enum ("StreamrClient", "Stream"), a member ("StreamrClient.subscribe", "Stream.getMetadata"), or a type alias, variable or function ("StreamID"). Returns its Markdown section and URL.',
      inputSchema: {
        name: z
          .string()
          .trim()
          .min(1, 'name must not be empty')
          .max(200)
          .describe('Symbol name, e.g. StreamrClient.subscribe'),
      },
      outputSchema: {name: z.string(), kind: z.string(), url: z.string(), markdown: z.string()},
    },
    ({name}) => {
      const found = findSymbol(data.symbols, name);
      if ('error' in found) return toolError(found.error);
      const {symbol} = found;
      const url = `${pageUrls(data, symbol.path).url}${symbol.anchor ? `#${symbol.anchor}` : ''}`;
      return {
        content: [{type: 'text', text: `${symbol.kind} ${symbol.name}: ${url}\n\n${symbol.markdown}`}],
        structuredContent: {name: symbol.name, kind: symbol.kind, url, markdown: symbol.markdown},
      };
    },
  );

  return server;
}
