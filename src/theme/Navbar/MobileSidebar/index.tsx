/**
 * Mounts the mobile menu only once the reader reaches for its button (the theme mounts
 * it, docs sidebar and all, on hydration), and gives focus back to that button when the
 * menu closes with focus inside it (WCAG 2.4.3); src/theme/README.md says why. Mounted on
 * pointer down or focus, it exists, closed, before the click opens it, so its slide-in plays.
 * After a followed link the new page's own focus handling wins.
 */
import {useEffect, useRef, useState, type ReactNode} from 'react';
import {useLocation} from '@docusaurus/router';
import {useNavbarMobileSidebar} from '@docusaurus/theme-common/internal';
import MobileSidebar from '@theme-original/Navbar/MobileSidebar';
import type MobileSidebarType from '@theme/Navbar/MobileSidebar';
import type {WrapperProps} from '@docusaurus/types';

type Props = WrapperProps<typeof MobileSidebarType>;

/** The theme's menu button in the navbar (rendered on narrow screens). */
const MENU_BUTTON = '.navbar__toggle';

/** True from the first time the reader reaches for the menu button. */
function useMenuWanted(enabled: boolean): boolean {
  const [wanted, setWanted] = useState(false);
  useEffect(() => {
    if (!enabled || wanted) return undefined;
    const reach = (event: Event) => {
      if (event.target instanceof Element && event.target.closest(MENU_BUTTON)) setWanted(true);
    };
    document.addEventListener('pointerdown', reach, true);
    document.addEventListener('focusin', reach, true);
    return () => {
      document.removeEventListener('pointerdown', reach, true);
      document.removeEventListener('focusin', reach, true);
    };
  }, [enabled, wanted]);
  return wanted;
}

export default function MobileSidebarWrapper(props: Props): ReactNode {
  const {shown, shouldRender} = useNavbarMobileSidebar();
  const wanted = useMenuWanted(shouldRender);
  const {pathname} = useLocation();
  const openedOn = useRef<string | undefined>(undefined);
  useEffect(() => {
    if (shown) {
      openedOn.current = pathname;
      return;
    }
    if (openedOn.current === undefined) return;
    const samePage = openedOn.current === pathname;
    openedOn.current = undefined;
    const focus = document.activeElement;
    const focusLost = !focus || focus === document.body || !!focus.closest('.navbar-sidebar');
    if (samePage && focusLost) document.querySelector<HTMLButtonElement>(`button${MENU_BUTTON}`)?.focus();
  }, [shown, pathname]);
  return wanted || shown ? <MobileSidebar {...props} /> : null;
}
