/**
 * Dogfood page (like docusaurus.io/tests/): proves the error boundary works in
 * the production build. Not in the sitemap; robots are told not to index it.
 */
import {useState, type ReactNode} from 'react';
import Head from '@docusaurus/Head';
import Layout from '@theme/Layout';

function Crash(): never {
  throw new Error('Crash requested on the dogfood page');
}

/** Lives inside the layout's error boundary, so "Try again" remounts it uncrashed. */
function CrashDemo(): ReactNode {
  const [crashed, setCrashed] = useState(false);
  return (
    <main className="container margin-vert--lg">
      <h1>Error boundary check</h1>
      <p>
        This page exists for the site&apos;s own browser tests. The button below makes the page throw while
        rendering, which must show the error page with a Try again button.
      </p>
      <button type="button" className="button button--danger" onClick={() => setCrashed(true)}>
        Crash this page
      </button>
      {crashed && <Crash />}
    </main>
  );
}

export default function PageCrashDogfood(): ReactNode {
  return (
    <Layout title="Error boundary check" description="Checks that a crashing page shows the error page.">
      <Head>
        <meta name="robots" content="noindex, nofollow" />
      </Head>
      <CrashDemo />
    </Layout>
  );
}
