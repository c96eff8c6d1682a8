import type {ReactNode} from 'react';
import Link from '@docusaurus/Link';
import {useNavbarMobileSidebar} from '@docusaurus/theme-common/internal';

export type MobileMainMenuProps = {
  /** Set by the navbar when rendering inside the mobile menu. */
  mobile?: boolean;
  items: {label: string; to: string}[];
};

/**
 * Navbar item of type `custom-mobileMainMenu`. The desktop navbar shows only the
 * title and logo, so this renders nothing there; in the mobile menu it is the
 * "main menu" that "← Back to main menu" returns to.
 */
export default function MobileMainMenu({mobile, items}: MobileMainMenuProps): ReactNode {
  const mobileSidebar = useNavbarMobileSidebar();
  if (!mobile) return null;
  return (
    <>
      {items.map((item) => (
        <li key={item.to} className="menu__list-item">
          <Link className="menu__link" to={item.to} onClick={() => mobileSidebar.toggle()}>
            {item.label}
          </Link>
        </li>
      ))}
    </>
  );
}
