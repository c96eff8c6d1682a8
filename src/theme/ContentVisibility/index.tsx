/**
 * Loads the theme's "Unlisted page" and "Draft page" banners only on pages that
 * show one, instead of in every docs page's first load.
 */
import {lazy, Suspense, type ReactNode} from 'react';
import type {Props} from '@theme/ContentVisibility';

const ContentVisibility = lazy(() => import('@theme-original/ContentVisibility'));

export default function ContentVisibilityWrapper(props: Props): ReactNode {
  const {unlisted, frontMatter} = props.metadata;
  if (!unlisted && !frontMatter.unlisted && !frontMatter.draft) return null;
  return (
    <Suspense>
      <ContentVisibility {...props} />
    </Suspense>
  );
}
