import type {ReactNode} from 'react';
import Link from '@docusaurus/Link';
import useDocusaurusContext from '@docusaurus/useDocusaurusContext';
import CodeBlock from '@theme/CodeBlock';
import Layout from '@theme/Layout';
import Heading from '@theme/Heading';
// Highlighted at build time from config/snippets.ts (src/plugins/code-highlighting).
import snippets from '@generated/code-highlighting/default/snippets.json';

import styles from './api-docs.module.css';

type EntryPoint = {name: string; to: string; purpose: string};
type EntryGroup = {title: string; entries: EntryPoint[]};

const API = '/usage/sdk/api';

const entryGroups: EntryGroup[] = [
  {
    title: 'The client',
    entries: [
      {
        name: 'StreamrClient',
        to: `${API}/classes/StreamrClient`,
        purpose:
          'Everything starts here: create, find and delete streams, publish, subscribe, resend, manage permissions and storage.',
      },
      {
        name: 'StreamrClientEvents',
        to: `${API}/interfaces/StreamrClientEvents`,
        purpose: 'Events the client emits, such as new streams and storage-node assignments.',
      },
    ],
  },
  {
    title: 'Streams and messages',
    entries: [
      {
        name: 'Stream',
        to: `${API}/classes/Stream`,
        purpose: 'One stream: its ID, metadata, partitions, permissions and storage nodes.',
      },
      {
        name: 'Subscription',
        to: `${API}/classes/Subscription`,
        purpose: 'A live subscription to one stream partition; unsubscribe from it and listen to its events.',
      },
      {
        name: 'Message',
        to: `${API}/interfaces/Message`,
        purpose: 'What subscribers receive: content plus publisher, timestamp, signature and stream part.',
      },
      {
        name: 'MessageStream',
        to: `${API}/classes/MessageStream`,
        purpose: 'An async-iterable sequence of messages, returned by resend.',
      },
      {
        name: 'StreamPermission',
        to: `${API}/enumerations/StreamPermission`,
        purpose: 'The permissions a user or the public can hold on a stream.',
      },
      {
        name: 'ResendLastOptions',
        to: `${API}/interfaces/ResendLastOptions`,
        purpose: 'Fetch the latest stored messages; see also ResendFromOptions and ResendRangeOptions.',
      },
    ],
  },
  {
    title: 'Identities',
    entries: [
      {
        name: 'EthereumKeyPairIdentity',
        to: `${API}/classes/EthereumKeyPairIdentity`,
        purpose: 'Sign with an Ethereum private key: the default identity of a client.',
      },
      {
        name: 'EthereumProviderIdentity',
        to: `${API}/classes/EthereumProviderIdentity`,
        purpose: 'Sign through a browser wallet or any EIP-1193 provider.',
      },
      {
        name: 'MLDSAKeyPairIdentity',
        to: `${API}/classes/MLDSAKeyPairIdentity`,
        purpose: 'Sign messages with quantum-resistant ML-DSA keys.',
      },
      {
        name: 'Identity',
        to: `${API}/classes/Identity`,
        purpose: 'The base class to implement when keys live somewhere the SDK cannot reach.',
      },
    ],
  },
  {
    title: 'Configuration',
    entries: [
      {
        name: 'StreamrClientConfig',
        to: `${API}/interfaces/StreamrClientConfig`,
        purpose:
          'Every option the client accepts: identity, environment, network, contracts, encryption, caching.',
      },
      {
        name: 'NetworkConfig',
        to: `${API}/interfaces/NetworkConfig`,
        purpose: 'Peer-to-peer settings of the embedded network node: entry points, ports, ICE servers.',
      },
      {
        name: 'EthereumNetworkConfig',
        to: `${API}/interfaces/EthereumNetworkConfig`,
        purpose: 'The chain the client reads and writes: chain ID, gas strategy and transaction overrides.',
      },
    ],
  },
];

export default function ApiDocsPage(): ReactNode {
  const {siteConfig} = useDocusaurusContext();
  const sdkName = String(siteConfig.customFields?.sdkName);
  const sdkVersion = String(siteConfig.customFields?.sdkVersion);
  return (
    <Layout
      title="SDK API reference"
      description={`Entry points of the ${sdkName} ${sdkVersion} TypeScript API, with links into the generated reference.`}
    >
      <main className="container margin-vert--lg">
        <Heading as="h1">Streamr SDK API</Heading>
        <p className={styles.lead}>
          The reference on this site is generated from the type declarations of{' '}
          <code>
            {sdkName}@{sdkVersion}
          </code>
          , the version these docs are written and tested against. Every code sample in the guides compiles
          against it.
        </p>
        <div className={styles.actions}>
          <Link className="button button--primary" to={API}>
            Open the full reference
          </Link>
          <Link className="button button--secondary" to="/usage/sdk/how-to-use">
            How to use the SDK
          </Link>
        </div>

        <Heading as="h2" id="install">
          Install
        </Heading>
        <p>The SDK runs in Node.js and in browsers. Add it to your project with npm:</p>
        <CodeBlock language={snippets.sdkInstall.language} highlightedHtml={snippets.sdkInstall.html}>
          {snippets.sdkInstall.code}
        </CodeBlock>
        <p>Then create a client and publish a message to a stream you own:</p>
        <CodeBlock language={snippets.sdkQuickstart.language} highlightedHtml={snippets.sdkQuickstart.html}>
          {snippets.sdkQuickstart.code}
        </CodeBlock>

        <Heading as="h2" id="entry-points">
          Main entry points
        </Heading>
        {entryGroups.map((group) => (
          <section key={group.title} className={styles.group} aria-labelledby={slug(group.title)}>
            <Heading as="h3" id={slug(group.title)}>
              {group.title}
            </Heading>
            <dl className={styles.entries}>
              {group.entries.map((entry) => (
                <div key={entry.name} className={styles.entry}>
                  <dt>
                    <Link to={entry.to}>
                      <code>{entry.name}</code>
                    </Link>
                  </dt>
                  <dd>{entry.purpose}</dd>
                </div>
              ))}
            </dl>
          </section>
        ))}
      </main>
    </Layout>
  );
}

function slug(text: string): string {
  return text.toLowerCase().replace(/[^a-z0-9]+/g, '-');
}
