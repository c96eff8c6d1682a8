import {sdkPackage} from './typedoc.ts';

/**
 * Code shown by React pages in src/pages, highlighted at build time like the code
 * blocks in Markdown (src/plugins/code-highlighting). A page imports them from
 * `@generated/code-highlighting/default/snippets.json`.
 */
export const pageSnippets = {
  // /api-docs
  sdkInstall: {language: 'bash', code: `npm install ${sdkPackage.name}@${sdkPackage.version}`},
  sdkQuickstart: {
    language: 'ts',
    code: `import {StreamrClient} from '${sdkPackage.name}'

// PRIVATE_KEY: the Ethereum private key that owns the stream
const client = new StreamrClient({auth: {privateKey: process.env.PRIVATE_KEY!}})
const owner = await client.getUserId()
await client.publish(\`\${owner}/sensor-readings\`, {temperature: 21.5})
await client.destroy()`,
  },
};
