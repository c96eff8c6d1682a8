import {lazy, Suspense, useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode} from 'react';
import Head from '@docusaurus/Head';
import useDocusaurusContext from '@docusaurus/useDocusaurusContext';
import {useLocation} from '@docusaurus/router';
import {markdownPathFor} from '@site/src/plugins/llms-txt/browser';
import {copyMarkdown} from './copyMarkdown.ts';
import type {MenuProps} from './Menu.tsx';
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
 * "Copy page" for the current docs page, with a menu of more ways to use the
 * page: copy it as Markdown, view it as Markdown, open it in a chat assistant.
 * All use the page's Markdown twin, which the llms-txt plugin writes next to every
 * docs page at build time (`/usage/streams/publishing` → `/usage/streams/publishing.md`).
 * The twin is fetched when copying, not when the page loads.
 */
export default function CopyPage(): ReactNode {
  const {siteConfig} = useDocusaurusContext();
  const {pathname} = useLocation();
  const markdownPath = markdownPathFor(pathname, siteConfig.baseUrl);
  // A new page starts with a fresh button.
  return (
    <PageActions
      key={markdownPath}
      markdownPath={markdownPath}
      siteUrl={siteConfig.url}
      siteTitle={siteConfig.title}
    />
  );
}

type PageActionsProps = {markdownPath: string; siteUrl: string; siteTitle: string};

function PageActions({markdownPath, siteUrl, siteTitle}: PageActionsProps): ReactNode {
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

  const twinUrl = `${siteUrl}${markdownPath}`;
  return (
    <div className={styles.actions}>
      <Head>
        <link rel="alternate" type="text/markdown" href={twinUrl} />
      </Head>
      <div className={styles.split}>
        <button
          type="button"
          className={styles.button}
          onClick={copy}
          // Not `disabled`: a disabled button would lose keyboard focus while the page is copied.
          aria-disabled={status === 'copying'}
          data-status={status}
        >
          <Icon name={status === 'copied' ? 'check' : 'copy'} />
          <span>{LABELS[status]}</span>
        </button>
        <PageMenu
          markdownPath={markdownPath}
          twinUrl={twinUrl}
          siteTitle={siteTitle}
          onCopy={() => void copy()}
        />
      </div>
      {/* Without JavaScript the buttons do nothing (CSS hides them) and this link stands in for the menu. */}
      <noscript>
        <a className={styles.link} href={markdownPath} type="text/markdown">
          View as Markdown
        </a>
      </noscript>
      <span role="status" className={styles.visuallyHidden}>
        {announcement}
      </span>
    </div>
  );
}

type PageMenuProps = Omit<MenuProps, 'id' | 'open' | 'focusRequest' | 'close'>;

// Most readers never open the menu, so its code is not part of the page's first load.
const Menu = lazy(() => import('./Menu.tsx'));

/**
 * The menu button (WAI-ARIA menu button pattern): Enter, Space or ArrowDown open the menu
 * on its first item, ArrowUp on the last. Until the menu (./Menu.tsx) first opens, an empty
 * hidden one stands in, so `aria-controls` always names an element.
 */
function PageMenu(props: PageMenuProps): ReactNode {
  const [open, setOpen] = useState(false);
  // Set on the first opening, which also loads the menu.
  const [focusRequest, setFocusRequest] = useState<{index: number}>();
  const menuId = useId();
  const trigger = useRef<HTMLButtonElement>(null);

  const openAt = (index: number) => {
    setFocusRequest({index});
    setOpen(true);
  };
  const close = (returnFocus: boolean) => {
    setOpen(false);
    if (returnFocus) trigger.current?.focus();
  };
  const onTriggerKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      openAt(event.key === 'ArrowDown' ? 0 : -1);
    }
  };
  const placeholder = (
    <div id={menuId} role="menu" aria-label="Page actions" className={styles.menu} hidden />
  );

  return (
    <div className={styles.menuWrapper}>
      <button
        ref={trigger}
        type="button"
        className={`${styles.button} ${styles.menuButton}`}
        aria-label="More ways to use this page"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => (open ? close(false) : openAt(0))}
        onKeyDown={onTriggerKeyDown}
        onPointerEnter={() => void import('./Menu.tsx')}
        onFocus={() => void import('./Menu.tsx')}
      >
        <Icon name="chevron" />
      </button>
      {focusRequest ? (
        <Suspense fallback={placeholder}>
          <Menu {...props} id={menuId} open={open} focusRequest={focusRequest} close={close} />
        </Suspense>
      ) : (
        placeholder
      )}
    </div>
  );
}

/** Stroked icons (`styles.icon`) on a 24-unit grid. */
const ICONS = {
  chevron: 'M6 9l6 6 6-6',
  copy: 'M11 9h7a2 2 0 0 1 2 2v7a2 2 0 0 1-2 2h-7a2 2 0 0 1-2-2v-7a2 2 0 0 1 2-2zM5 15V5a2 2 0 0 1 2-2h8',
  check: 'M5 12.5l4.5 4.5L19 7.5',
};

function Icon({name}: {name: keyof typeof ICONS}): ReactNode {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" width="16" height="16" className={styles.icon}>
      <path d={ICONS[name]} />
    </svg>
  );
}
