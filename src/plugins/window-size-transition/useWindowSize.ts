/**
 * Same contract as @docusaurus/theme-common's `useWindowSize` (see ./index.ts):
 * "ssr" during the server render and hydration (so the markup matches), then
 * "desktop" above 996 px (Infima's breakpoint) and "mobile" at or below it. The
 * difference: a new size is set inside `startTransition`, so the re-render it
 * causes (on a phone, right after hydration, most of the page) runs in short
 * slices instead of one long task.
 */
import {startTransition, useEffect, useState} from 'react';

type WindowSize = 'desktop' | 'mobile' | 'ssr';

const DESKTOP_BREAKPOINT = 996;

export function useWindowSize({
  desktopBreakpoint = DESKTOP_BREAKPOINT,
}: {desktopBreakpoint?: number} = {}): WindowSize {
  const [windowSize, setWindowSize] = useState<WindowSize>('ssr');
  useEffect(() => {
    function updateWindowSize() {
      const size = window.innerWidth > desktopBreakpoint ? 'desktop' : 'mobile';
      startTransition(() => setWindowSize(size));
    }
    updateWindowSize();
    window.addEventListener('resize', updateWindowSize);
    return () => window.removeEventListener('resize', updateWindowSize);
  }, [desktopBreakpoint]);
  return windowSize;
}
