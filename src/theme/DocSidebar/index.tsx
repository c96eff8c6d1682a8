/**
 * Replaces the theme's DocSidebar (written here, not copied). Same parts, one
 * difference: the desktop sidebar stays mounted at every width. The theme renders
 * it for the server ("ssr") and then, on a narrow screen, unmounts it right after
 * hydration; removing that tree was the longest task of the switch to the phone
 * layout on the guides (the whole sidebar tree, synchronous even inside a
 * transition, since React commits in one go). Below 997 px its container is
 * `display: none` (the theme's DocRoot styles), so keeping it costs nothing and
 * shows nothing; the mobile menu's copy is added as the theme does, through
 * DocSidebarMobile.
 */
import type {ReactNode} from 'react';
import {useWindowSize} from '@docusaurus/theme-common';
import DocSidebarDesktop from '@theme/DocSidebar/Desktop';
import DocSidebarMobile from '@theme/DocSidebar/Mobile';
import type {Props} from '@theme/DocSidebar';

export default function DocSidebar(props: Props): ReactNode {
  const mobile = useWindowSize() === 'mobile';
  return (
    <>
      <DocSidebarDesktop {...props} />
      {mobile && <DocSidebarMobile {...props} />}
    </>
  );
}
