import React, {type ReactNode} from 'react';
import Head from '@docusaurus/Head';
import useDocusaurusContext from '@docusaurus/useDocusaurusContext';
import SearchBar from '@theme-original/SearchBar';
import './styles.css';

/**
 * The stock search button, with text colors that meet WCAG AA (styles.css).
 * With the local index, the theme's `preconnect` to `https://<appId>-dsn.algolia.net`
 * would still open a connection to Algolia on every page: the page's head keeps one tag per href, so this one, declared after
 * the theme's, replaces it with a link that makes no connection.
 */
export default function SearchBarWrapper(): ReactNode {
  const {siteConfig} = useDocusaurusContext();
  const algolia = siteConfig.themeConfig.algolia as {appId: string; searchBackend?: string};
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
