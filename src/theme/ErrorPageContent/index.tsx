/**
 * Wraps the theme's crash screen to give the tab the spec's title, "Page Error"
 * (the theme only sets it when the whole app crashes, not a single page).
 */
import type {ReactNode} from 'react';
import Head from '@docusaurus/Head';
import ErrorPageContent from '@theme-original/ErrorPageContent';
import type ErrorPageContentType from '@theme/ErrorPageContent';
import type {WrapperProps} from '@docusaurus/types';

type Props = WrapperProps<typeof ErrorPageContentType>;

export default function ErrorPageContentWrapper(props: Props): ReactNode {
  return (
    <>
      <Head>
        <title>Page Error</title>
      </Head>
      <ErrorPageContent {...props} />
    </>
  );
}
