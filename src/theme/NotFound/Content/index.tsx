/**
 * Replaces the theme's 404 text with src/components/NotFoundPage, loaded lazily: the
 * docs layout renders this for any unknown path, so it is in every docs page's first
 * load (src/theme/README.md).
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
