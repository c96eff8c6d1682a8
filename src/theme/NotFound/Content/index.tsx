/**
 * Replaces the theme's 404 text ("contact the owner of the site…"), which has no slot
 * for more, with src/components/NotFoundPage. The docs layout renders this component
 * too (any unknown path is under the docs' root route), so it is in every docs page's
 * first-load JavaScript: the page itself loads lazily. The server renders it whole
 * (Docusaurus waits for every lazy component), and hydration keeps that HTML until
 * the page's chunk has arrived.
 */
import {lazy, Suspense, type ReactNode} from 'react';
import type {Props} from '@theme/NotFound/Content';

const NotFoundPage = lazy(() => import('@site/src/components/NotFoundPage'));

export default function NotFoundContent(props: Props): ReactNode {
  return (
    <Suspense>
      <NotFoundPage {...props} />
    </Suspense>
  );
}
