import type {ReactNode} from 'react';
import Link from '@docusaurus/Link';
import useDocusaurusContext from '@docusaurus/useDocusaurusContext';
import CodeBlock from '@theme/CodeBlock';
import Layout from '@theme/Layout';
import Heading from '@theme/Heading';
// Highlighted at build time from config/snippets.ts (src/plugins/code-highlighting).
import snippets from '@generated/code-highlighting/default/snippets.json';

import styles from './api-docs.module.css';

const API = '/usage/sdk/api';

/** The main entry points by group: each page of the generated reference (`kind/Name`) and what it is for. */
const entryGroups: Record<string, Record<string, string>> = {
  'The client': {
    'classes/StreamrClient':
      'Everything starts here: create, find and delete streams, publish, subscribe, resend, manage permissions and storage.',
    'interfaces/StreamrClientEvents':
      'Events the client emits, such as new streams and storage-node assignments.',
  },
  'Streams and messages': {
    'classes/Stream': 'One stream: its ID, metadata, partitions, permissions and storage nodes.',
    'classes/Subscription':
      'A live subscription to one stream partition; unsubscribe from it and listen to its events.',
    'interfaces/Message':
      'What subscribers receive: content plus publisher, timestamp, signature and stream part.',
    'classes/MessageStream': 'An async-iterable sequence of messages, returned by resend.',
    'enumerations/StreamPermission': 'The permissions a user or the public can hold on a stream.',
    'interfaces/ResendLastOptions':
      'Fetch the latest stored messages; see also ResendFromOptions and ResendRangeOptions.',
  },
  Identities: {
    'classes/EthereumKeyPairIdentity': 'Sign with an Ethereum private key: the default identity of a client.',
    'classes/EthereumProviderIdentity': 'Sign through a browser wallet or any EIP-1193 provider.',
    'classes/MLDSAKeyPairIdentity': 'Sign messages with quantum-resistant ML-DSA keys.',
    'classes/Identity': 'The base class to implement when keys live somewhere the SDK cannot reach.',
  },
  Configuration: {
    'interfaces/StreamrClientConfig':
      'Every option the client accepts: identity, environment, network, contracts, encryption, caching.',
    'interfaces/NetworkConfig':
      'Peer-to-peer settings of the embedded network node: entry points, ports, ICE servers.',
    'interfaces/EthereumNetworkConfig':
      'The chain the client reads and writes: chain ID, gas strategy and transaction overrides.',
  },
};

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
        {Object.entries(entryGroups).map(([title, entries]) => (
          <section key={title} className={styles.group} aria-labelledby={slug(title)}>
            <Heading as="h3" id={slug(title)}>
              {title}
            </Heading>
            <dl className={styles.entries}>
              {Object.entries(entries).map(([page, purpose]) => (
                <div key={page} className={styles.entry}>
                  <dt>
                    <Link to={`${API}/${page}`}>
                      <code>{page.split('/')[1]}</code>
                    </Link>
                  </dt>
                  <dd>{purpose}</dd>
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
