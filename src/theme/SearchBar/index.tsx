import React, {useEffect, type ReactNode} from 'react';
import Head from '@docusaurus/Head';
import useDocusaurusContext from '@docusaurus/useDocusaurusContext';
import SearchBar from '@theme-original/SearchBar';
import {READY_ATTRIBUTE, REQUESTED_ATTRIBUTE} from '../../plugins/search-early-open/attributes';
import './styles.css';

/**
 * The stock search button, with text colors that meet WCAG AA (styles.css).
 * With the local index, the theme's `preconnect` to `https://<appId>-dsn.algolia.net`
 * would still open a connection to Algolia on every page: the page's head keeps one tag per href, so this one, declared after
 * the theme's, replaces it with a link that makes no connection.
 * A search requested before hydration (see src/plugins/search-early-open) opens now.
 */
export default function SearchBarWrapper(): ReactNode {
  const {siteConfig} = useDocusaurusContext();
  const algolia = siteConfig.themeConfig.algolia as {appId: string; searchBackend?: string};
  useEffect(openSearchRequestedEarly, []);
  return (
    <>
      <SearchBar />
      {algolia.searchBackend === 'local' && (
        <Head>
          <link rel="search-backend-local" href={`https://${algolia.appId}-dsn.algolia.net`} />
        </Head>
      )}
    </>
  );
}

function openSearchRequestedEarly(): void {
  const html = document.documentElement;
  html.setAttribute(READY_ATTRIBUTE, 'true');
  if (!html.hasAttribute(REQUESTED_ATTRIBUTE)) return;
  html.removeAttribute(REQUESTED_ATTRIBUTE);
  // The stock button's own click handler is live now: it loads and opens the dialog.
  document.querySelector<HTMLButtonElement>('.DocSearch-Button')?.click();
}
