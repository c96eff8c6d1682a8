import type {LoadContext, Plugin} from '@docusaurus/types';

export type Options = {
  /** The announcement bar's current id (themeConfig.announcementBar.id). */
  id: string;
};

/**
 * Makes a new announcement visible on the very first page load after its id
 * changes. Before hydration, the classic theme hides the bar when it was ever
 * dismissed (`data-announcement-bar-initially-dismissed`), whatever the id; React
 * then resets the dismissal for the new id, but the CSS keeps the bar hidden
 * until the next page load. This script runs right after the theme's and also
 * compares the stored id, the way the theme's React code does.
 */
export default function announcementBarIdPlugin(context: LoadContext, options: Options): Plugin {
  return {
    name: 'announcement-bar-id',
    injectHtmlTags() {
      return {
        preBodyTags: [
          {tagName: 'script', innerHTML: inlineScript(context.siteStorage.namespace, options.id)},
        ],
      };
    },
  };
}

export function inlineScript(namespace: string, id: string): string {
  const dismissKey = JSON.stringify(`docusaurus.announcement.dismiss${namespace}`);
  const idKey = JSON.stringify(`docusaurus.announcement.id${namespace}`);
  return `(function(){try{var s=localStorage;var d=s.getItem(${dismissKey})==='true'&&s.getItem(${idKey})===${JSON.stringify(id)};document.documentElement.setAttribute('data-announcement-bar-initially-dismissed',String(d));}catch(e){}})();`;
}
