/**
 * Wraps the breadcrumbs to put "Copy page" and its menu on their right
 * (src/components/CopyPage). The breadcrumbs sit on every docs page and on every
 * generated category index page, so one wrapper covers both kinds.
 */
import type {ReactNode} from 'react';
import DocBreadcrumbs from '@theme-original/DocBreadcrumbs';
import type DocBreadcrumbsType from '@theme/DocBreadcrumbs';
import type {WrapperProps} from '@docusaurus/types';
import CopyPage from '@site/src/components/CopyPage';
import styles from './styles.module.css';

type Props = WrapperProps<typeof DocBreadcrumbsType>;

export default function DocBreadcrumbsWrapper(props: Props): ReactNode {
  return (
    <div className={styles.bar}>
      <DocBreadcrumbs {...props} />
      <CopyPage />
    </div>
  );
}
