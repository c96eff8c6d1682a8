/**
 * Adds the post's social card (og:image, twitter:image) to a blog post's metadata.
 * The theme already describes the post as a BlogPosting in JSON-LD.
 */
import type {ReactNode} from 'react';
import BlogPostPageMetadata from '@theme-original/BlogPostPage/Metadata';
import type BlogPostPageMetadataType from '@theme/BlogPostPage/Metadata';
import type {WrapperProps} from '@docusaurus/types';
import {useBlogPost} from '@docusaurus/plugin-content-blog/client';
import {SocialCardMeta} from '@site/src/components/RichPreview';

type Props = WrapperProps<typeof BlogPostPageMetadataType>;

export default function BlogPostPageMetadataWrapper(props: Props): ReactNode {
  const {metadata, assets} = useBlogPost();
  return (
    <>
      <BlogPostPageMetadata {...props} />
      <SocialCardMeta
        permalink={metadata.permalink}
        title={metadata.frontMatter.title_meta ?? metadata.title}
        ownImage={assets.image ?? metadata.frontMatter.image}
      />
    </>
  );
}
