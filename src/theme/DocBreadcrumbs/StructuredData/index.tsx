/**
 * The theme's BreadcrumbList JSON-LD takes each breadcrumb's link as it is, and a
 * sidebar category link can end in a slash (`/usage/sdk/api/`) while the page
 * lives at `/usage/sdk/api` (`trailingSlash: false`). The links are put into the
 * site's trailing-slash form first, so every item is the page's real URL.
 */
import type {ReactNode} from 'react';
import DocBreadcrumbsStructuredData from '@theme-original/DocBreadcrumbs/StructuredData';
import type DocBreadcrumbsStructuredDataType from '@theme/DocBreadcrumbs/StructuredData';
import type {WrapperProps} from '@docusaurus/types';
import useDocusaurusContext from '@docusaurus/useDocusaurusContext';
import {applyTrailingSlash} from '@docusaurus/utils-common';

type Props = WrapperProps<typeof DocBreadcrumbsStructuredDataType>;

export default function DocBreadcrumbsStructuredDataWrapper({breadcrumbs, ...props}: Props): ReactNode {
  const {siteConfig} = useDocusaurusContext();
  const canonical = breadcrumbs.map((item) =>
    item.href ? {...item, href: applyTrailingSlash(item.href, siteConfig)} : item,
  );
  return <DocBreadcrumbsStructuredData {...props} breadcrumbs={canonical} />;
}
