import ExecutionEnvironment from '@docusaurus/ExecutionEnvironment';
import {cleanPath} from './cleanPath.ts';

// Runs before React hydrates: the router then starts on the clean URL that the
// server-rendered HTML was made for, so the page hydrates without a mismatch.
if (ExecutionEnvironment.canUseDOM) {
  const {pathname, search, hash} = window.location;
  const clean = cleanPath(pathname);
  if (clean !== pathname) window.history.replaceState(window.history.state, '', `${clean}${search}${hash}`);
}
