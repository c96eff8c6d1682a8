/**
 * Core's ComponentCreator, run for a route when it is first rendered or preloaded: routes.js calls it for
 * every route, each call building a loadable component, in the page's first long task.
 */
import {createElement} from 'react';
import createRouteComponent from '@docusaurus/core/lib/client/exports/ComponentCreator.js?original';

export default function ComponentCreator(path: string, hash: string) {
  let loadable: ReturnType<typeof createRouteComponent> | undefined;
  const routeComponent = () => (loadable ??= createRouteComponent(path, hash));
  const LazyRoute = (props: object) => createElement(routeComponent(), props);
  // Each matched route (a page has several, nested) loads its chunks in a task of its own: a script
  // element costs the main thread about a millisecond, and a page's dozen made one long task.
  LazyRoute.preload = () =>
    new Promise((resolve) => setTimeout(resolve)).then(() => routeComponent().preload());
  return LazyRoute;
}
