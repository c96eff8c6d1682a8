import React, {useEffect, useState, useSyncExternalStore, type ReactNode} from 'react';
import Head from '@docusaurus/Head';
import useDocusaurusContext from '@docusaurus/useDocusaurusContext';
import SearchBar from '@docs-search/stock-theme/SearchBar';
import {searchBackend} from '../../client/backend.ts';
import {READY_ATTRIBUTE, REQUESTED_ATTRIBUTE} from '../../client/earlyOpenAttributes.ts';
import {STALE_HELP, STALE_TITLE, handleDialogChunkRejections, staleAssets} from '../../client/staleAssets.ts';
import './styles.css';

/**
 * The stock search button, with text colors that meet WCAG AA (styles.css). With the local index,
 * a link to the theme's `preconnect` href, declared after it, replaces it (the head keeps one tag
 * per href), so no page opens a connection to Algolia. A search requested before hydration
 * (../../client/earlyOpen.ts) or before search reloaded a stale page opens now; if the dialog's
 * code is still missing after that reload, a message asks for a reload (../../client/staleAssets.ts).
 */
export default function SearchBarWrapper(): ReactNode {
  const {siteConfig} = useDocusaurusContext();
  const {appId} = siteConfig.themeConfig.algolia as {appId: string};
  const {backend} = searchBackend();
  useEffect(openSearchRequestedEarly, []);
  useEffect(handleDialogChunkRejections, []);
  return (
    <>
      <SearchBar />
      <ReloadMessage />
      {backend === 'local' && (
        <Head>
          <link rel="search-backend-local" href={`https://${appId}-dsn.algolia.net`} />
        </Head>
      )}
    </>
  );
}

function openSearchRequestedEarly(): void {
  const html = document.documentElement;
  html.setAttribute(READY_ATTRIBUTE, 'true');
  const reopen = staleAssets.takeReopenRequest();
  if (!html.hasAttribute(REQUESTED_ATTRIBUTE) && !reopen) return;
  html.removeAttribute(REQUESTED_ATTRIBUTE);
  // The stock button's own click handler is live now: it loads and opens the dialog.
  document.querySelector<HTMLButtonElement>('.DocSearch-Button')?.click();
}

/** Shown when the dialog's code is missing after a redeploy and a reload did not fix it. */
function ReloadMessage(): ReactNode {
  const needed = useSyncExternalStore(
    staleAssets.subscribe,
    () => staleAssets.needsManualReload('dialog'),
    () => false,
  );
  const [dismissed, setDismissed] = useState(false);
  if (!needed || dismissed) return null;
  return (
    <div className="docs-search-stale" role="alert">
      <p>
        <strong>{STALE_TITLE}.</strong> {STALE_HELP}
      </p>
      <button
        type="button"
        className="button button--primary button--sm"
        onClick={() => window.location.reload()}
      >
        Reload the page
      </button>{' '}
      <button
        type="button"
        className="button button--secondary button--sm"
        onClick={() => setDismissed(true)}
      >
        Dismiss
      </button>
    </div>
  );
}
