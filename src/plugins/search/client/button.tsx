/**
 * DocSearch 3.9.0's search button, keyboard shortcuts and version on their own, so a page loads
 * the button without the whole dialog (../README.md, the replaced modules). Same markup, labels
 * and behavior as DocSearch 3.9.0 (MIT, © Algolia).
 */
import React, {
  forwardRef,
  startTransition,
  useEffect,
  useState,
  type ButtonHTMLAttributes,
  type ReactNode,
  type RefObject,
} from 'react';
import {startLocalSearch} from './searchWorkerStart.ts';
import {staleAssets} from './staleAssets.ts';

/** The DocSearch version the site pins (package.json overrides); a unit test keeps it in step. */
export const version = '3.9.0';

export type ButtonTranslations = Partial<{buttonText: string; buttonAriaLabel: string}>;

type DocSearchButtonProps = ButtonHTMLAttributes<HTMLButtonElement> & {translations?: ButtonTranslations};

const CTRL_KEY = 'Ctrl';

function isAppleDevice(): boolean {
  return /(Mac|iPhone|iPod|iPad)/i.test(navigator.platform);
}

function ControlKeyIcon() {
  return (
    <svg width="15" height="15" className="DocSearch-Control-Key-Icon">
      <path
        d="M4.505 4.496h2M5.505 5.496v5M8.216 4.496l.055 5.993M10 7.5c.333.333.5.667.5 1v2M12.326 4.5v5.996M8.384 4.496c1.674 0 2.116 0 2.116 1.5s-.442 1.5-2.116 1.5M3.205 9.303c-.09.448-.277 1.21-1.241 1.203C1 10.5.5 9.513.5 8V7c0-1.57.5-2.5 1.464-2.494.964.006 1.134.598 1.24 1.342M12.553 10.5h1.953"
        strokeWidth="1.2"
        stroke="currentColor"
        fill="none"
        strokeLinecap="square"
      />
    </svg>
  );
}

function SearchIcon() {
  return (
    <svg width="20" height="20" className="DocSearch-Search-Icon" viewBox="0 0 20 20" aria-hidden="true">
      <path
        d="M14.386 14.386l4.0877 4.0877-4.0877-4.0877c-2.9418 2.9419-7.7115 2.9419-10.6533 0-2.9419-2.9418-2.9419-7.7115 0-10.6533 2.9418-2.9419 7.7115-2.9419 10.6533 0 2.9419 2.9418 2.9419 7.7115 0 10.6533z"
        stroke="currentColor"
        fill="none"
        fillRule="evenodd"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

/** A key of the hint, shown pressed while the reader holds it. */
function Key({reactsToKey, children}: {reactsToKey: string; children: ReactNode}) {
  const [pressed, setPressed] = useState(false);
  useEffect(() => {
    const down = (event: KeyboardEvent) => {
      if (event.key === reactsToKey) setPressed(true);
    };
    const up = (event: KeyboardEvent) => {
      if (event.key === reactsToKey || event.key === 'Meta') setPressed(false);
    };
    window.addEventListener('keydown', down);
    window.addEventListener('keyup', up);
    return () => {
      window.removeEventListener('keydown', down);
      window.removeEventListener('keyup', up);
    };
  }, [reactsToKey]);
  return (
    <kbd className={pressed ? 'DocSearch-Button-Key DocSearch-Button-Key--pressed' : 'DocSearch-Button-Key'}>
      {children}
    </kbd>
  );
}

/**
 * Loads the dialog's code as the stock SearchBar does (the same chunks, so one
 * request), to learn whether it arrived: the stock click handler discards that
 * promise, and after a redeploy the chunk may be gone (./staleAssets).
 */
function loadDialogCode(): void {
  staleAssets.noteDialogRequest();
  startLocalSearch();
  Promise.all([import('@docsearch/react/modal'), import('@docsearch/react/style')]).catch(
    (error: unknown) => {
      if (!staleAssets.report(error, 'dialog')) console.error('The search dialog did not load:', error);
    },
  );
}

/** The stock handlers that only preload the dialog return its promise; a failed preload is retried on open. */
function quietPreload<E>(handler: ((event: E) => unknown) | undefined) {
  return (event: E) => {
    const result: unknown = handler?.(event);
    if (result instanceof Promise) result.catch(() => undefined);
  };
}

export const DocSearchButton = forwardRef<HTMLButtonElement, DocSearchButtonProps>(function DocSearchButton(
  {translations = {}, onClick, onFocus, onMouseOver, onTouchStart, ...props},
  ref,
) {
  const {buttonText = 'Search', buttonAriaLabel = 'Search'} = translations;
  // Known only in the browser: the server (and hydration) render the button without the hint. It is set
  // in a transition: an external store's change would be a sync update, and React renders every update
  // pending after hydration (code blocks, color mode, ...) with it, in one long task.
  const [key, setKey] = useState<string | null>(null);
  useEffect(() => startTransition(() => setKey(isAppleDevice() ? '⌘' : CTRL_KEY)), []);
  const [actualKey, keyLabel, keyContent] =
    key === CTRL_KEY ? [CTRL_KEY, 'Ctrl', <ControlKeyIcon key="icon" />] : ['Meta', 'Command', key];
  return (
    <button
      type="button"
      className="DocSearch DocSearch-Button"
      aria-label={`${buttonAriaLabel} (${keyLabel}+K)`}
      {...props}
      onClick={(event) => {
        loadDialogCode();
        onClick?.(event);
      }}
      onFocus={quietPreload(onFocus)}
      onMouseOver={quietPreload(onMouseOver)}
      onTouchStart={quietPreload(onTouchStart)}
      ref={ref}
    >
      <span className="DocSearch-Button-Container">
        <SearchIcon />
        <span className="DocSearch-Button-Placeholder">{buttonText}</span>
      </span>
      <span className="DocSearch-Button-Keys">
        {key !== null && (
          <>
            <Key reactsToKey={actualKey}>{keyContent}</Key>
            <Key reactsToKey="k">K</Key>
          </>
        )}
      </span>
    </button>
  );
});

export type UseDocSearchKeyboardEventsProps = {
  isOpen: boolean;
  onOpen: () => void;
  onClose: () => void;
  onInput?: (event: KeyboardEvent) => void;
  searchButtonRef?: RefObject<HTMLButtonElement | null>;
};

function isEditingContent(event: KeyboardEvent): boolean {
  const element = event.target as HTMLElement;
  const tagName = element.tagName;
  return element.isContentEditable || tagName === 'INPUT' || tagName === 'SELECT' || tagName === 'TEXTAREA';
}

/** Ctrl/⌘+K toggles the dialog, `/` opens it outside fields, Escape closes it; typing on the focused button opens it with that key. */
export function useDocSearchKeyboardEvents({
  isOpen,
  onOpen,
  onClose,
  onInput,
  searchButtonRef,
}: UseDocSearchKeyboardEventsProps): void {
  useEffect(() => {
    function onKeyDown(event: KeyboardEvent) {
      if (
        (event.code === 'Escape' && isOpen) ||
        (event.key?.toLowerCase() === 'k' && (event.metaKey || event.ctrlKey)) ||
        (!isEditingContent(event) && event.key === '/' && !isOpen)
      ) {
        event.preventDefault();
        if (isOpen) onClose();
        else if (!document.body.classList.contains('DocSearch--active')) {
          loadDialogCode();
          onOpen();
        }
        return;
      }
      if (searchButtonRef && searchButtonRef.current === document.activeElement && onInput) {
        // DocSearch 3.9 tests the (deprecated) keyCode; so does this copy.
        if (/[a-zA-Z0-9]/.test(String.fromCharCode(event.keyCode))) {
          loadDialogCode();
          onInput(event);
        }
      }
    }
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [isOpen, onOpen, onClose, onInput, searchButtonRef]);
}
