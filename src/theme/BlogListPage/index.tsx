/**
 * Wraps the blog list page to hand its title and description to BlogPostItems,
 * which renders them as the page's h1 (the theme renders no h1 on this page).
 */
import type {ReactNode} from 'react';
import BlogListPage from '@theme-original/BlogListPage';
import type BlogListPageType from '@theme/BlogListPage';
import type {WrapperProps} from '@docusaurus/types';
import {BlogListContext} from '@site/src/components/BlogListHeader';

type Props = WrapperProps<typeof BlogListPageType>;

export default function BlogListPageWrapper(props: Props): ReactNode {
  const {blogTitle, blogDescription} = props.metadata;
  return (
    <BlogListContext.Provider value={{title: blogTitle, description: blogDescription}}>
      <BlogListPage {...props} />
    </BlogListContext.Provider>
  );
}
