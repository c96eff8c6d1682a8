/**
 * The 404 page's content (src/theme/NotFound/Content loads it; src/theme/README.md):
 * the site's search (a form to /search?q=, working without JavaScript) and the pages
 * whose paths are closest to the one asked for. `data-page-not-found` tells the page
 * loader (config/page-template.ts) that this HTML is the 404 page.
 */
import {useEffect, useState, type ReactNode} from 'react';
import clsx from 'clsx';
import Link from '@docusaurus/Link';
import useBaseUrl from '@docusaurus/useBaseUrl';
import {useLocation} from '@docusaurus/router';
import Heading from '@theme/Heading';
import type {Props} from '@theme/NotFound/Content';
import {closestRoutes, ROUTE_LIST_FILE, type RouteEntry} from '@site/src/plugins/route-list/browser';
import styles from './styles.module.css';

/**
 * The path asked for and the pages closest to it, once mounted and the route list has
 * arrived. Never during hydration: the server rendered this page for /404.html.
 */
function useLikelyPages(listUrl: string): {asked?: string; pages: RouteEntry[]} {
  const {pathname} = useLocation();
  const [found, setFound] = useState<{asked: string; pages: RouteEntry[]}>();
  useEffect(() => {
    let current = true;
    fetch(listUrl)
      .then((response) => (response.ok ? (response.json() as Promise<RouteEntry[]>) : []))
      .then((routes) => current && setFound({asked: pathname, pages: closestRoutes(pathname, routes)}))
      // Without the list the page still offers search and the home page.
      .catch(() => undefined);
    return () => {
      current = false;
    };
  }, [pathname, listUrl]);
  return found?.asked === pathname ? found : {pages: []};
}

export default function NotFoundPage({className}: Props): ReactNode {
  const {asked, pages} = useLikelyPages(useBaseUrl(`/${ROUTE_LIST_FILE}`));
  return (
    <main className={clsx('container margin-vert--xl', styles.page, className)} data-page-not-found>
      <div className="row">
        <div className="col col--6 col--offset-3">
          <Heading as="h1" className="hero__title">
            Page not found
          </Heading>
          <p>
            There is no page at {asked ? <code>{asked}</code> : 'this address'}. It may have moved when the
            docs were reorganized, or the link has a typo.
          </p>
          <form action={useBaseUrl('/search')} method="get" role="search" className={styles.search}>
            <label htmlFor="not-found-search">Search the docs</label>
            <div className={styles.searchRow}>
              <input id="not-found-search" name="q" type="search" className={styles.input} required />
              <button type="submit" className="button button--primary">
                Search
              </button>
            </div>
          </form>
          {pages.length > 0 && (
            <section aria-labelledby="likely-pages">
              <h2 id="likely-pages">Pages with a similar address</h2>
              <ul>
                {pages.map(([path, title]) => (
                  <li key={path}>
                    <Link to={path}>{title}</Link> <code>{path}</code>
                  </li>
                ))}
              </ul>
            </section>
          )}
          <p>
            Or start again from the <Link to="/">home page</Link>.
          </p>
        </div>
      </div>
    </main>
  );
}
