/**
 * Same contract as @docusaurus/theme-common's `useWindowSize`: "ssr" during the
 * server render and hydration, then "desktop" above 996 px (Infima's breakpoint),
 * else "mobile"; but a new size is set inside `startTransition` (see ./index.ts).
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
