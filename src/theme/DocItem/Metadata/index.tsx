/**
 * Adds the page's social card (og:image, twitter:image) and its TechArticle
 * JSON-LD to the metadata of every docs page, the generated SDK reference included.
 */
import type {ReactNode} from 'react';
import DocItemMetadata from '@theme-original/DocItem/Metadata';
import type DocItemMetadataType from '@theme/DocItem/Metadata';
import type {WrapperProps} from '@docusaurus/types';
import {useDoc} from '@docusaurus/plugin-content-docs/client';
import {SocialCardMeta, TechArticleStructuredData} from '@site/src/components/RichPreview';

type Props = WrapperProps<typeof DocItemMetadataType>;

export default function DocItemMetadataWrapper(props: Props): ReactNode {
  const {metadata, frontMatter, assets} = useDoc();
  const page = {
    permalink: metadata.permalink,
    title: metadata.title,
    ownImage: assets.image ?? frontMatter.image,
  };
  return (
    <>
      <DocItemMetadata {...props} />
      <SocialCardMeta {...page} />
      <TechArticleStructuredData
        {...page}
        description={metadata.description}
        lastUpdatedAt={metadata.lastUpdatedAt}
      />
    </>
  );
}
