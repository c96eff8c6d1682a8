import React, {useSyncExternalStore, type ReactNode} from 'react';
import {createPortal} from 'react-dom';
import clsx from 'clsx';
import {HtmlClassNameProvider, PageMetadata} from '@docusaurus/theme-common';
import {translate} from '@docusaurus/Translate';
import useBaseUrl from '@docusaurus/useBaseUrl';
import SearchPage from '@docs-search/stock-theme/SearchPage';
import {searchBackend} from '../../client/backend.ts';
import {searchPageFailures} from '../../client/failures.ts';
import {NoScriptNoticeContext} from '@site/src/components/NoScriptFallback';
import './styles.css';

/**
 * The stock /search page, plus what it lacks: "Unable to fetch results" when the
 * backend fails (it would keep its spinner or say "No results were found"), and
 * no Algolia logo when the local index answers, a meta description, and, with
 * JavaScript off (the form then does nothing), a notice saying search needs it.
 */
function NoScriptNotice(): ReactNode {
  return (
    <p>
      <strong>Search needs JavaScript.</strong> It runs in your browser, and JavaScript is off here. Turn it
      on to search, or browse from the <a href={useBaseUrl('/')}>home page</a>.
    </p>
  );
}

export default function SearchPageWrapper(): ReactNode {
  const local = searchBackend().backend === 'local';
  const failed = useSyncExternalStore(searchPageFailures.subscribe, searchPageFailures.isFailed, () => false);
  // The stock page's results column (after its search form); only looked up once a search failed, in the browser.
  const results = failed
    ? (document.querySelector('.search-page-wrapper form.row')?.parentElement ?? null)
    : null;
  return (
    <HtmlClassNameProvider
      className={clsx(local && 'docs-search-local', failed && 'docs-search-page--failed')}
    >
      <PageMetadata description="Search the Streamr documentation: quickstart guides, SDK and CLI usage, how the network works, node operation, and the SDK API reference." />
      <NoScriptNoticeContext.Provider value={<NoScriptNotice />}>
        <SearchPage />
      </NoScriptNoticeContext.Provider>
      {failed &&
        results &&
        createPortal(
          <div className="docs-search-page-error" role="alert">
            <p>
              <strong>
                {translate({
                  id: 'theme.SearchModal.errorScreen.titleText',
                  message: 'Unable to fetch results',
                })}
              </strong>
            </p>
            <p>
              {translate({
                id: 'theme.SearchModal.errorScreen.helpText',
                message: 'You might want to check your network connection.',
              })}
            </p>
          </div>,
          results,
        )}
    </HtmlClassNameProvider>
  );
}
