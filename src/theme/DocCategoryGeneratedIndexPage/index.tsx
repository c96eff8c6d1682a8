/**
 * Gives generated category index pages (e.g. /guides) the social card and the
 * TechArticle JSON-LD of the other docs pages; they do not render DocItem/Metadata.
 */
import type {ReactNode} from 'react';
import DocCategoryGeneratedIndexPage from '@theme-original/DocCategoryGeneratedIndexPage';
import type DocCategoryGeneratedIndexPageType from '@theme/DocCategoryGeneratedIndexPage';
import type {WrapperProps} from '@docusaurus/types';
import {SocialCardMeta, TechArticleStructuredData} from '@site/src/components/RichPreview';

type Props = WrapperProps<typeof DocCategoryGeneratedIndexPageType>;

export default function DocCategoryGeneratedIndexPageWrapper(props: Props): ReactNode {
  const {permalink, title, description, image} = props.categoryGeneratedIndex;
  const page = {permalink, title, ownImage: image};
  return (
    <>
      <DocCategoryGeneratedIndexPage {...props} />
      <SocialCardMeta {...page} />
      <TechArticleStructuredData {...page} description={description} />
    </>
  );
}
