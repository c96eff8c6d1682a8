import type {ThemeConfig} from '@docusaurus/preset-classic';
import {communityLinks} from './links.ts';

export const footer = {
  style: 'dark',
  links: [
    {
      title: 'DOCS',
      items: [
        {label: 'Quickstart Guides', to: '/guides/nodejs'},
        {label: 'Usage', to: '/usage/identity'},
        {label: 'The Network', to: '/streamr-network'},
        {label: 'Node Operators', to: '/streamr-network/network-roles/operators'},
        {label: 'Help', to: '/help/developer-faq'},
      ],
    },
    {
      title: 'COMMUNITY',
      items: [
        {label: 'Discord', href: communityLinks.discord},
        {label: 'X (Twitter)', href: communityLinks.x},
      ],
    },
    {
      title: 'MORE',
      items: [
        {label: 'Blog', to: '/blog'},
        {label: 'GitHub', href: communityLinks.github},
      ],
    },
  ],
  copyright: `Copyright © ${new Date().getFullYear()} Streamr Network contributors. Built with Docusaurus.`,
} satisfies ThemeConfig['footer'];
