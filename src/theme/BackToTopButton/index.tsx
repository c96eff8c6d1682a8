/**
 * Loads the theme's "Scroll back to top" button on the first scroll: it stays hidden
 * until the reader has scrolled, so its code is not part of a page's first load. The
 * server renders it whole; hydration keeps that (invisible) HTML until then.
 */
import {lazy, Suspense, type ReactNode} from 'react';

const BackToTopButton = lazy(async () => {
  if (typeof window !== 'undefined')
    await new Promise((resolve) => window.addEventListener('scroll', resolve, {once: true, passive: true}));
  return import('@theme-original/BackToTopButton');
});

export default function BackToTopButtonWrapper(): ReactNode {
  return (
    <Suspense>
      <BackToTopButton />
    </Suspense>
  );
}
