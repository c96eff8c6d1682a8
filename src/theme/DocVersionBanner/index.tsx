/**
 * Loads the theme's version banner only on pages that show one (the previous SDK
 * major's reference), instead of in every docs page's first load.
 */
import {lazy, Suspense, type ReactNode} from 'react';
import type {Props} from '@theme/DocVersionBanner';
import {useDocsVersion} from '@docusaurus/plugin-content-docs/client';

const DocVersionBanner = lazy(() => import('@theme-original/DocVersionBanner'));

export default function DocVersionBannerWrapper(props: Props): ReactNode {
  if (!useDocsVersion().banner) return null;
  return (
    <Suspense>
      <DocVersionBanner {...props} />
    </Suspense>
  );
}
