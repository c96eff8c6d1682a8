/**
 * Gives generated category index pages (e.g. /guides) the social card and the
 * TechArticle JSON-LD of the other docs pages; they do not render DocItem/Metadata.
 * Also hands DocCard the titles and descriptions of the pages the cards link to:
 * src/plugins/docs-card-data moves them from the version's data, which every docs
 * page loads, into this page's `cardDocs` prop.
 */
import {useMemo, type ReactNode} from 'react';
import DocCategoryGeneratedIndexPage from '@theme-original/DocCategoryGeneratedIndexPage';
import type DocCategoryGeneratedIndexPageType from '@theme/DocCategoryGeneratedIndexPage';
import type {WrapperProps} from '@docusaurus/types';
import type {PropVersionDocs} from '@docusaurus/plugin-content-docs';
import {DocsVersionProvider, useDocsVersion} from '@docusaurus/plugin-content-docs/client';
import {SocialCardMeta, TechArticleStructuredData} from '@site/src/components/RichPreview';

type Props = WrapperProps<typeof DocCategoryGeneratedIndexPageType> & {cardDocs: PropVersionDocs};

export default function DocCategoryGeneratedIndexPageWrapper({cardDocs, ...props}: Props): ReactNode {
  const {permalink, title, description, image} = props.categoryGeneratedIndex;
  const page = {permalink, title, ownImage: image};
  const version = useDocsVersion();
  const versionWithCardDocs = useMemo(() => ({...version, docs: cardDocs}), [version, cardDocs]);
  return (
    <>
      <DocsVersionProvider version={versionWithCardDocs}>
        <DocCategoryGeneratedIndexPage {...props} />
      </DocsVersionProvider>
      <SocialCardMeta {...page} />
      <TechArticleStructuredData {...page} description={description} />
    </>
  );
}
