/**
 * Loads the theme's "Scroll back to top" button, hidden until the reader scrolls, on the
 * first scroll; until then hydration keeps the server's (invisible) HTML of it.
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
