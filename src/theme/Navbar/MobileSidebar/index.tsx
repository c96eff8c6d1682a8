/**
 * Wraps the mobile menu for two reasons.
 *
 * It builds the menu only when a reader reaches for it. Docusaurus mounts the
 * whole mobile menu (site sections and, on docs pages, the full docs sidebar a
 * second time) as soon as a page hydrates on a narrow screen, and renders it
 * again once the docs sidebar hands over its items: hundreds of components on
 * a docs page, in an uninterruptible task while the page should answer taps. Here
 * it is mounted when the pointer goes down on the menu button or the button gets
 * keyboard focus, so it exists, closed, before the click opens it (and the slide-in
 * transition plays), or at the latest when it is opened.
 *
 * It gives keyboard focus back to the menu button when the menu closes while
 * focus is in it (close button, or the back button), instead of dropping it at
 * the top of the page (WCAG 2.4.3). When the menu closes because a link inside it
 * was followed, the new page's own focus handling wins.
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
