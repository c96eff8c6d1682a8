/** Wraps the list of posts to put the blog list page's header above it. */
import type {ReactNode} from 'react';
import BlogPostItems from '@theme-original/BlogPostItems';
import type BlogPostItemsType from '@theme/BlogPostItems';
import type {WrapperProps} from '@docusaurus/types';
import BlogListHeader from '@site/src/components/BlogListHeader';

type Props = WrapperProps<typeof BlogPostItemsType>;

export default function BlogPostItemsWrapper(props: Props): ReactNode {
  return (
    <>
      <BlogListHeader />
      <BlogPostItems {...props} />
    </>
  );
}
