/**
 * Wraps the mobile menu to give keyboard focus back to the menu button when the
 * menu closes while focus is in it (close button, or the back button), instead
 * of dropping it at the top of the page (WCAG 2.4.3). When the menu closes
 * because a link inside it was followed, the new page's own focus handling wins.
 */
import {useEffect, useRef, type ReactNode} from 'react';
import {useLocation} from '@docusaurus/router';
import {useNavbarMobileSidebar} from '@docusaurus/theme-common/internal';
import MobileSidebar from '@theme-original/Navbar/MobileSidebar';
import type MobileSidebarType from '@theme/Navbar/MobileSidebar';
import type {WrapperProps} from '@docusaurus/types';

type Props = WrapperProps<typeof MobileSidebarType>;

export default function MobileSidebarWrapper(props: Props): ReactNode {
  const {shown} = useNavbarMobileSidebar();
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
    if (samePage && focusLost) document.querySelector<HTMLButtonElement>('button.navbar__toggle')?.focus();
  }, [shown, pathname]);
  return <MobileSidebar {...props} />;
}
