/**
 * Wraps the breadcrumbs to put "Copy page" and its menu on their right
 * (src/components/CopyPage). The breadcrumbs sit on every docs page and on every
 * generated category index page, so one wrapper covers both kinds. Only the
 * current docs version has Markdown twins (the previous SDK major's reference is
 * an older version), so only its pages get the control.
 */
import type {ReactNode} from 'react';
import DocBreadcrumbs from '@theme-original/DocBreadcrumbs';
import type DocBreadcrumbsType from '@theme/DocBreadcrumbs';
import type {WrapperProps} from '@docusaurus/types';
import {useDocsVersion} from '@docusaurus/plugin-content-docs/client';
import CopyPage from '@site/src/components/CopyPage';
import styles from './styles.module.css';

type Props = WrapperProps<typeof DocBreadcrumbsType>;

export default function DocBreadcrumbsWrapper(props: Props): ReactNode {
  const {isLast} = useDocsVersion();
  return (
    <div className={styles.bar}>
      <DocBreadcrumbs {...props} />
      {isLast && <CopyPage />}
    </div>
  );
}
