import {createContext, useContext, type ReactNode} from 'react';
import useBaseUrl from '@docusaurus/useBaseUrl';
import {useThemeConfig} from '@docusaurus/theme-common';
import type {MobileMainMenuProps} from '@site/src/components/MobileMainMenu';
import './styles.css';

/**
 * What a page that needs JavaScript tells readers who have it off (the /search
 * page provides one); shown right below the navbar by `NoScriptFallback`.
 */
export const NoScriptNoticeContext = createContext<ReactNode>(null);

/** The docs sections, from the navbar's mobile main menu item (one list for both menus). */
function useSectionLinks(): MobileMainMenuProps['items'] {
  const {navbar} = useThemeConfig();
  const menu = navbar.items.find((item) => item.type === 'custom-mobileMainMenu') as
    (MobileMainMenuProps & {type: string}) | undefined;
  return menu?.items ?? [];
}

function SectionLink({label, to}: MobileMainMenuProps['items'][number]): ReactNode {
  return (
    <li className="menu__list-item">
      <a className="menu__link" href={useBaseUrl(to)}>
        {label}
      </a>
    </li>
  );
}

/**
 * Rendered after the navbar: with JavaScript off, the page's notice (if any) and,
 * below 996 px, where the navbar's menu button does nothing, the section list
 * that button would open. With JavaScript on, browsers do not show <noscript>,
 * and React renders none of its contents on the client.
 */
export default function NoScriptFallback(): ReactNode {
  const notice = useContext(NoScriptNoticeContext);
  const sections = useSectionLinks();
  return (
    <noscript>
      {notice && (
        <div className="no-js-notice container" role="note">
          {notice}
        </div>
      )}
      {sections.length > 0 && (
        <nav className="no-js-menu menu" aria-label="Documentation sections">
          <ul className="menu__list">
            {sections.map((section) => (
              <SectionLink key={section.to} {...section} />
            ))}
          </ul>
        </nav>
      )}
    </noscript>
  );
}
