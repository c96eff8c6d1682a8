/**
 * Core's route preloader, started one task later: the client entry calls it in the task that runs the
 * main bundle, and matching the routes would make that long task longer. The chunks themselves load a
 * task later still, one task per matched route (./ComponentCreator.ts).
 */
import preloadNow from '@docusaurus/core/lib/client/preload.js?original';

export default function preload(pathname: string): Promise<void[]> {
  return new Promise<void>((resolve) => setTimeout(resolve)).then(() => {
    const loading = preloadNow(pathname);
    // A page's first localeCompare() sets up ICU's collator, a task's worth of work; theme-common calls it
    // while hydrating (useShallowMemoObject, in every code block). Here it runs while the chunks download.
    setTimeout(() => 'a'.localeCompare('b'));
    return loading;
  });
}
