import type {LoadContext, Plugin} from '@docusaurus/types';

export type Options = {
  /** The announcement bar's current id (themeConfig.announcementBar.id). */
  id: string;
};

/**
 * Shows a new announcement on the first page load after its id changes: before
 * hydration the classic theme hides a bar that was ever dismissed, whatever the id,
 * until the next load. This script runs after the theme's and compares the stored id.
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
