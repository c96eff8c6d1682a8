import type {ThemeConfig} from '@docusaurus/preset-classic';
import {menuItems, siteSections, type SiteSection} from './docs-sections.ts';

/**
 * On desktop the navbar carries only the title and logo (the spec asks for no items).
 * Below 996 px the one item is the mobile main menu, where "Back to main menu" goes.
 */
export function navbarWith(sections: readonly SiteSection[]) {
  return {
    title: 'Streamr Docs',
    hideOnScroll: false,
    logo: {
      alt: 'Streamr Docs logo',
      src: 'img/logo.svg',
      srcDark: 'img/logo-dark.svg',
      width: 32,
      height: 32,
    },
    items: [
      {
        type: 'custom-mobileMainMenu',
        position: 'right',
        // The site's sections (config/docs-sections.ts); the no-JavaScript menu reads this list too.
        items: menuItems(sections),
      },
    ],
  } satisfies ThemeConfig['navbar'];
}

export const navbar = navbarWith(siteSections());
