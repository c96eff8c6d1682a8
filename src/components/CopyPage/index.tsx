import {useEffect, useRef, useState, type ReactNode} from 'react';
import Head from '@docusaurus/Head';
import useDocusaurusContext from '@docusaurus/useDocusaurusContext';
import {useLocation} from '@docusaurus/router';
import {markdownPathFor} from '@site/src/plugins/llms-txt/browser';
import {copyMarkdown} from './copyMarkdown';
import styles from './styles.module.css';

type Status = 'idle' | 'copying' | 'copied' | 'failed';

const LABELS: Record<Status, string> = {
  idle: 'Copy page',
  copying: 'Copying…',
  copied: 'Copied',
  failed: 'Copy failed',
};

/** How long "Copied" or "Copy failed" stays on the button. */
const RESET_AFTER_MS = 3000;

/**
 * "Copy page" and "View as Markdown" for the current docs page. Both use the
 * page's Markdown twin, which the llms-txt plugin writes next to every docs page
 * at build time (`/usage/streams/publishing` → `/usage/streams/publishing.md`).
 * The twin is fetched when the button is clicked, not when the page loads.
 */
export default function CopyPage(): ReactNode {
  const {siteConfig} = useDocusaurusContext();
  const {pathname} = useLocation();
  const markdownPath = markdownPathFor(pathname, siteConfig.baseUrl);
  // A new page starts with a fresh button.
  return <PageActions key={markdownPath} markdownPath={markdownPath} siteUrl={siteConfig.url} />;
}

function PageActions({markdownPath, siteUrl}: {markdownPath: string; siteUrl: string}): ReactNode {
  const [status, setStatus] = useState<Status>('idle');
  const [announcement, setAnnouncement] = useState('');
  const timer = useRef<number | undefined>(undefined);

  useEffect(() => () => window.clearTimeout(timer.current), []);

  async function copy() {
    if (status === 'copying') return;
    window.clearTimeout(timer.current);
    setStatus('copying');
    setAnnouncement('');
    try {
      await copyMarkdown(markdownPath);
      setStatus('copied');
      setAnnouncement('Page copied to the clipboard as Markdown.');
    } catch {
      setStatus('failed');
      setAnnouncement('Could not copy the page. Use "View as Markdown" and copy it from there.');
    }
    timer.current = window.setTimeout(() => {
      setStatus('idle');
      setAnnouncement('');
    }, RESET_AFTER_MS);
  }

  return (
    <div className={styles.actions}>
      <Head>
        <link rel="alternate" type="text/markdown" href={`${siteUrl}${markdownPath}`} />
      </Head>
      <button
        type="button"
        className={styles.button}
        onClick={copy}
        // Not `disabled`: a disabled button would lose keyboard focus while the page is copied.
        aria-disabled={status === 'copying'}
        data-status={status}
      >
        {status === 'copied' ? <CheckIcon /> : <CopyIcon />}
        <span>{LABELS[status]}</span>
      </button>
      <a className={styles.link} href={markdownPath} type="text/markdown">
        View as Markdown
      </a>
      <span role="status" className={styles.visuallyHidden}>
        {announcement}
      </span>
    </div>
  );
}

function CopyIcon(): ReactNode {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" width="16" height="16" className={styles.icon}>
      <rect x="9" y="9" width="11" height="11" rx="2" />
      <path d="M5 15V5a2 2 0 0 1 2-2h8" />
    </svg>
  );
}

function CheckIcon(): ReactNode {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" width="16" height="16" className={styles.icon}>
      <path d="M5 12.5l4.5 4.5L19 7.5" />
    </svg>
  );
}
