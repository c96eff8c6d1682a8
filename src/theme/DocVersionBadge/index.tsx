/**
 * Wraps the version badge to add the SDK version switcher to the pages that have
 * versions: the API reference pages (the previous SDK major is a docs version that
 * holds only them; config/typedoc.ts). Guides exist in one version and show nothing.
 * The switcher links each version to the same page there, as Docusaurus's own
 * version dropdown does, but sits on the page instead of in every page's navbar,
 * and keeps the member a reader was at (`#subscribe`): member anchors are the same
 * in both versions. A member the other version lacks keeps the page, where a note
 * under the member's anchor (src/plugins/typedoc-sdk) says so; CSS shows it as the
 * `:target`, which only the browser's own navigation sets: hence plain links here.
 */
import type {MouseEvent, ReactNode} from 'react';
import DocVersionBadge from '@theme-original/DocVersionBadge';
import type DocVersionBadgeType from '@theme/DocVersionBadge';
import type {WrapperProps} from '@docusaurus/types';
import useDocusaurusContext from '@docusaurus/useDocusaurusContext';
import {applyTrailingSlash} from '@docusaurus/utils-common';
import {useActiveDocContext, useVersions} from '@docusaurus/plugin-content-docs/client';
import styles from './styles.module.css';

type Props = WrapperProps<typeof DocVersionBadgeType>;

// Read on click: the server-rendered link cannot know the anchor, and hydration keeps its href.
// On a fallback page the anchor matches nothing, and the page opens at its top.
function keepAnchor(event: MouseEvent<HTMLAnchorElement>): void {
  event.currentTarget.hash = location.hash;
}

function VersionSwitcher(): ReactNode {
  const {siteConfig} = useDocusaurusContext();
  const versions = useVersions(undefined);
  const {activeVersion, activeDoc} = useActiveDocContext(undefined);
  if (!activeVersion || !activeDoc) return null;
  const inOtherVersions = versions.some(
    (version) => version.name !== activeVersion.name && version.docs.some((doc) => doc.id === activeDoc.id),
  );
  if (!inOtherVersions && activeVersion.isLast) return null;
  return (
    <nav className={styles.switcher} aria-label="SDK version">
      <span className={styles.label}>SDK version:</span>
      <ul className={styles.list}>
        {versions.map((version) => {
          // The same page in that version; a page the version lacks falls back to its reference index.
          const target =
            version.docs.find((doc) => doc.id === activeDoc.id) ??
            version.docs.find((doc) => doc.id === activeVersion.mainDocId) ??
            version.docs.find((doc) => doc.id === version.mainDocId)!;
          const current = version.name === activeVersion.name;
          const text = version.isLast ? `${version.label} (current)` : version.label;
          return (
            <li key={version.name}>
              {current ? (
                <span className={styles.active} aria-current="page">
                  {text}
                </span>
              ) : (
                // A plain link gets the site's trailing-slash rule as <Link> would apply it: a
                // version's index path ends in "/", which GitHub Pages answers with a 404.
                <a href={applyTrailingSlash(target.path, siteConfig)} onClick={keepAnchor}>
                  {text}
                </a>
              )}
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

export default function DocVersionBadgeWrapper(props: Props): ReactNode {
  return (
    <>
      <VersionSwitcher />
      <DocVersionBadge {...props} />
    </>
  );
}
