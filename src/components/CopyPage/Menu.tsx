import {useEffect, useRef, type KeyboardEvent, type ReactNode} from 'react';
import styles from './styles.module.css';

export type MenuProps = {
  id: string;
  open: boolean;
  /** Which item to focus (-1: the last); a new object each time it is asked for. */
  focusRequest: {index: number} | undefined;
  close: (returnFocus: boolean) => void;
  markdownPath: string;
  twinUrl: string;
  siteTitle: string;
  onCopy: () => void;
};

/** The chat assistants the menu opens, with the address that starts a chat with a prompt. */
const ASSISTANTS = [
  {name: 'ChatGPT', chatUrl: 'https://chatgpt.com/?q='},
  {name: 'Claude', chatUrl: 'https://claude.ai/new?q='},
];

/**
 * The page menu itself, loaded when the reader first opens it (./index.tsx keeps the
 * button): arrows, Home and End move between its items; Escape closes it and returns
 * to the button; Tab, choosing an item or a pointer down outside close it.
 */
export default function Menu({id, open, focusRequest, close, ...page}: MenuProps): ReactNode {
  const menu = useRef<HTMLDivElement>(null);
  const prompt = `Read ${page.twinUrl} (a page of ${page.siteTitle}, as Markdown) so that you can answer my questions about it.`;
  const items = () => Array.from(menu.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? []);

  useEffect(() => {
    if (open && focusRequest) items().at(focusRequest.index)?.focus();
  }, [open, focusRequest]);

  useEffect(() => {
    if (!open) return undefined;
    const onPointerDown = (event: PointerEvent) => {
      // Outside both the menu and its button, which share the parent element.
      if (!menu.current?.parentElement?.contains(event.target as Node)) close(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open, close]);

  const onKeyDown = (event: KeyboardEvent) => {
    const list = items();
    const current = list.indexOf(document.activeElement as HTMLElement);
    const moves: Record<string, number> = {
      ArrowDown: (current + 1) % list.length,
      ArrowUp: (current - 1 + list.length) % list.length,
      Home: 0,
      End: list.length - 1,
    };
    if (event.key in moves) {
      event.preventDefault();
      list[moves[event.key]]?.focus();
    } else if (event.key === 'Escape') {
      event.preventDefault();
      close(true);
    } else if (event.key === 'Tab') {
      close(false);
    } else if (event.key === ' ' && document.activeElement instanceof HTMLAnchorElement) {
      // Space activates menu items; links only react to Enter by themselves.
      event.preventDefault();
      document.activeElement.click();
    }
  };

  return (
    <div
      ref={menu}
      id={id}
      role="menu"
      aria-label="Page actions"
      className={styles.menu}
      hidden={!open}
      onKeyDown={onKeyDown}
    >
      <button
        type="button"
        role="menuitem"
        tabIndex={-1}
        className={styles.menuItem}
        onClick={() => {
          close(true);
          page.onCopy();
        }}
      >
        Copy page as Markdown
      </button>
      <a
        role="menuitem"
        tabIndex={-1}
        className={styles.menuItem}
        href={page.markdownPath}
        type="text/markdown"
        onClick={() => close(false)}
      >
        View as Markdown
      </a>
      {ASSISTANTS.map((assistant) => (
        <a
          key={assistant.name}
          role="menuitem"
          tabIndex={-1}
          className={styles.menuItem}
          href={`${assistant.chatUrl}${encodeURIComponent(prompt)}`}
          target="_blank"
          rel="noopener noreferrer"
          onClick={() => close(false)}
        >
          Open in {assistant.name}
          <span className={styles.visuallyHidden}> (opens in a new tab)</span>
        </a>
      ))}
    </div>
  );
}
