import type {ThemeConfig} from '@docusaurus/preset-classic';

/**
 * On desktop the navbar carries only the title and logo (the spec asks for no
 * items); the search button is added by the search theme. Below 996 px, the one
 * item below becomes the mobile main menu, so the docs sidebar's
 * "Back to main menu" has somewhere to go.
 */
export const navbar = {
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
      items: [
        {label: 'Quickstart Guides', to: '/guides'},
        {label: 'Usage', to: '/usage'},
        {label: 'Streamr Network', to: '/streamr-network'},
        {label: 'Streamr Project', to: '/streamr-project'},
        {label: 'Help', to: '/help'},
        {label: 'SDK API reference', to: '/api-docs'},
        {label: 'Blog', to: '/blog'},
      ],
    },
  ],
} satisfies ThemeConfig['navbar'];
