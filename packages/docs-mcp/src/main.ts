import {readFileSync} from 'node:fs';
import {StdioServerTransport} from '@modelcontextprotocol/sdk/server/stdio.js';
import {createServer, type DocsData} from './server.ts';

// The package build writes the docs next to the bundled server (dist/docs.json).
const data = JSON.parse(readFileSync(new URL('./docs.json', import.meta.url), 'utf8')) as DocsData;
await createServer(data).connect(new StdioServerTransport());
