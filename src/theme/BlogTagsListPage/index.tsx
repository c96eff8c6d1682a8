/**
 * Gives the blog's tag index a meta description (the theme sets only a title),
 * for search results and link previews.
 */
import type {ReactNode} from 'react';
import {PageMetadata} from '@docusaurus/theme-common';
import BlogTagsListPage from '@theme-original/BlogTagsListPage';
import type BlogTagsListPageType from '@theme/BlogTagsListPage';
import type {WrapperProps} from '@docusaurus/types';

type Props = WrapperProps<typeof BlogTagsListPageType>;

export default function BlogTagsListPageWrapper(props: Props): ReactNode {
  return (
    <>
      <PageMetadata description="Every topic of the Streamr Docs blog (SDK releases, nodes, security, how-tos), with the number of posts on each." />
      <BlogTagsListPage {...props} />
    </>
  );
}
