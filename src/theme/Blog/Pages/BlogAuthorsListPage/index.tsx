/**
 * Gives the blog's authors page a meta description (the theme sets only a
 * title), for search results and link previews.
 */
import type {ReactNode} from 'react';
import {PageMetadata} from '@docusaurus/theme-common';
import BlogAuthorsListPage from '@theme-original/Blog/Pages/BlogAuthorsListPage';
import type BlogAuthorsListPageType from '@theme/Blog/Pages/BlogAuthorsListPage';
import type {WrapperProps} from '@docusaurus/types';

type Props = WrapperProps<typeof BlogAuthorsListPageType>;

export default function BlogAuthorsListPageWrapper(props: Props): ReactNode {
  return (
    <>
      <PageMetadata description="The people who write the Streamr Docs blog, with links to each author's posts." />
      <BlogAuthorsListPage {...props} />
    </>
  );
}
