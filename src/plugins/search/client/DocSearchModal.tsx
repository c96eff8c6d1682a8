import React, {
  useCallback,
  useMemo,
  useLayoutEffect,
  useRef,
  useState,
  useSyncExternalStore,
  type ReactNode,
} from 'react';
import {createPortal} from 'react-dom';
import clsx from 'clsx';
// The package entry, not `@docsearch/react/modal`: that specifier is aliased to this file.
import {
  DocSearchModal as StockDocSearchModal,
  type DocSearchModalProps,
  type DocSearchTransformClient,
} from '@docsearch/react';
import {searchBackend as readBackend} from './backend.ts';
import {exposeAsDialog} from './dialogRole.ts';
import {createFailureTracker} from './failures.ts';
import {
  createLocalSearchClient,
  openIndexAhead,
  wrapSearchClient,
  type SearchClientLike,
} from './searchClient.ts';
import {STALE_HELP, STALE_TITLE, staleAssets} from './staleAssets.ts';
import {UNSAVED_NOTE} from './unsavedPages.ts';
import './styles.css';

/** DocSearch 3.9's default `maxResultsPerGroup`, given to it explicitly so the local client shows the same. */
const DOCSEARCH_RESULTS_PER_GROUP = 5;

/**
 * DocSearch's own modal, given the local index client (only the hits the dialog shows load their
 * content) or Algolia's client wrapped to escape its answers; the error screen DocSearch 3.9 never
 * shows, until the next search succeeds or the query is cleared; the role of a modal dialog
 * (./dialogRole.ts); and a screen asking for a reload when the engine's code is gone (./staleAssets.ts).
 */
export function DocSearchModal({
  transformSearchClient,
  maxResultsPerGroup = DOCSEARCH_RESULTS_PER_GROUP,
  ...props
}: DocSearchModalProps): ReactNode {
  const {backend: searchBackend, localIndexUrl} = readBackend();
  const {hitComponent, navigator} = useMemo(
    () => opensUnsavedAsPages(props.hitComponent, props.navigator),
    [props.hitComponent, props.navigator],
  );
  const [tracker] = useState(createFailureTracker);
  const failed = useSyncExternalStore(tracker.subscribe, tracker.isFailed, () => false);
  const stale = useSyncExternalStore(
    staleAssets.subscribe,
    () => staleAssets.needsManualReload('engine'),
    () => false,
  );
  const root = useRef<HTMLDivElement>(null);
  const [dropdown, setDropdown] = useState<Element | null>(null);
  useLayoutEffect(() => setDropdown(root.current?.querySelector('.DocSearch-Dropdown') ?? null), []);
  useLayoutEffect(() => {
    const container = root.current?.querySelector('.DocSearch-Container');
    return container ? exposeAsDialog(container) : undefined;
  }, []);

  // Started while rendering, not in an effect: the dialog's first render takes a few hundred milliseconds
  // on a slow phone, and an effect would start the download only after it. Loading is shared and started
  // once per index, so a render repeated or discarded starts nothing more.
  if (searchBackend === 'local') openIndexAhead(localIndexUrl);

  const transform = useCallback(
    (client: DocSearchTransformClient): DocSearchTransformClient => {
      const algolia = transformSearchClient ? transformSearchClient(client) : client;
      const backend: SearchClientLike =
        searchBackend === 'local'
          ? createLocalSearchClient(localIndexUrl, {perSection: maxResultsPerGroup})
          : (algolia as unknown as SearchClientLike);
      return wrapSearchClient(backend, {profile: 'modal', tracker}) as unknown as DocSearchTransformClient;
    },
    [transformSearchClient, searchBackend, localIndexUrl, tracker, maxResultsPerGroup],
  );

  const errorScreen = props.translations?.errorScreen;
  return (
    <div
      ref={root}
      className={clsx(
        'docs-search',
        searchBackend === 'local' && 'docs-search--local',
        failed && 'docs-search--failed',
      )}
      onInput={(event) => {
        if ((event.target as HTMLInputElement).value === '') tracker.reset();
      }}
      onReset={() => tracker.reset()}
    >
      <StockDocSearchModal
        {...props}
        maxResultsPerGroup={maxResultsPerGroup}
        transformSearchClient={transform}
        hitComponent={hitComponent}
        navigator={navigator}
      />
      {failed &&
        dropdown &&
        createPortal(
          <div className="DocSearch-ErrorScreen docs-search-error" role="alert">
            <div className="DocSearch-Screen-Icon">
              <NoConnectionIcon />
            </div>
            {stale ? (
              <>
                <p className="DocSearch-Title">{STALE_TITLE}</p>
                <p className="DocSearch-Help">{STALE_HELP}</p>
                <button type="button" className="docs-search-reload" onClick={() => window.location.reload()}>
                  Reload the page
                </button>
              </>
            ) : (
              <>
                <p className="DocSearch-Title">{errorScreen?.titleText ?? 'Unable to fetch results'}</p>
                <p className="DocSearch-Help">
                  {errorScreen?.helpText ?? 'You might want to check your network connection.'}
                </p>
              </>
            )}
          </div>,
          dropdown,
        )}
    </div>
  );
}

type HitComponent = NonNullable<DocSearchModalProps['hitComponent']>;

/**
 * Offline, a hit for a page never saved (./unsavedPages.ts) says so and opens as a whole page, the
 * service worker's "You are offline", not as a route change that fails to load the page's code.
 */
function opensUnsavedAsPages(
  Hit: HitComponent = ({hit, children}) => <a href={hit.url}>{children}</a>,
  navigator: DocSearchModalProps['navigator'],
): {hitComponent: HitComponent; navigator: NonNullable<DocSearchModalProps['navigator']>} {
  const assign = ({itemUrl}: {itemUrl: string}) => window.location.assign(itemUrl);
  const navigate = navigator?.navigate ?? assign;
  return {
    hitComponent: ({hit, children}) =>
      'unsaved' in hit ? (
        <a href={hit.url}>
          {children}
          <span className="docs-search-unsaved">{UNSAVED_NOTE}</span>
        </a>
      ) : (
        <Hit hit={hit}>{children}</Hit>
      ),
    navigator: {...navigator, navigate: (params) => ('unsaved' in params.item ? assign : navigate)(params)},
  };
}

/** DocSearch's own error-screen icon. */
function NoConnectionIcon() {
  return (
    <svg
      width="40"
      height="40"
      viewBox="0 0 20 20"
      fill="none"
      fillRule="evenodd"
      stroke="currentColor"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
    >
      <path d="M19 4.8a16 16 0 00-2-1.2m-3.3-1.2A16 16 0 001.1 4.7M16.7 8a12 12 0 00-2.8-1.4M10 6a12 12 0 00-6.7 2M12.3 14.7a4 4 0 00-4.5 0M14.5 11.4A8 8 0 0010 10M3 16L18 2M10 18h0" />
    </svg>
  );
}
