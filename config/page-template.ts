/**
 * The HTML shell of every built page (Docusaurus's `ssrTemplate` option). It
 * differs from the stock shell in one way: the entry bundles are fetched at once
 * (`<link rel=preload>`, low priority like a deferred script) but run only after
 * the browser has painted the server-rendered page, by a loader at the end of the
 * body. With plain `<script defer>`, a fast connection can deliver the bundles
 * before the first frame and the page then paints only after they have been
 * evaluated; on a phone that is about a second of blank screen (the
 * largest-contentful-paint audit in `npm run audit`). Hydration starts a frame or
 * two later instead.
 *
 * The loader is inline and the same on every page, so the Content-Security-Policy
 * plugin covers it with one hash like the theme's other inline scripts.
 */

/** Marks the preload links of the entry bundles, which the loader turns into scripts, in order. */
export const ENTRY_SCRIPT_ATTRIBUTE = 'data-entry-script';

/**
 * Appends the entry bundles as ordered scripts once the browser reports the
 * first contentful paint (a paint entry arrives after the frame is on screen;
 * an animation frame comes before it), at once when the page is hidden
 * (background tabs do not paint), and after 2 s whatever happens. Without paint
 * timing, the next animation frame starts them.
 */
export const entryScriptLoader = `(function(){var d=document,started=false;function start(){if(started)return;started=true;var links=d.querySelectorAll('link[${ENTRY_SCRIPT_ATTRIBUTE}]');for(var i=0;i<links.length;i++){var s=d.createElement('script');s.src=links[i].href;s.async=false;d.body.appendChild(s)}}if(d.visibilityState==='hidden'){start();return}d.addEventListener('visibilitychange',start,{once:true});setTimeout(start,2000);try{new PerformanceObserver(function(list,observer){if(list.getEntriesByName('first-contentful-paint').length){observer.disconnect();setTimeout(start,0)}}).observe({type:'paint',buffered:true})}catch(e){requestAnimationFrame(function(){setTimeout(start,0)})}})();`;

export const pageTemplate = `<!DOCTYPE html>
<html <%~ it.htmlAttributes %>>
  <head>
    <meta charset="UTF-8">
    <meta name="generator" content="Docusaurus v<%= it.version %>">
    <% it.metaAttributes.forEach((metaAttribute) => { %><%~ metaAttribute %><% }); %>
    <%~ it.headTags %>
    <% it.stylesheets.forEach((stylesheet) => { %><link rel="stylesheet" href="<%= it.baseUrl %><%= stylesheet %>" /><% }); %>
    <% it.scripts.forEach((script) => { %><link rel="preload" as="script" fetchpriority="low" href="<%= it.baseUrl %><%= script %>" ${ENTRY_SCRIPT_ATTRIBUTE}><% }); %>
  </head>
  <body <%~ it.bodyAttributes %>>
    <%~ it.preBodyTags %>
    <div id="__docusaurus"><%~ it.appHtml %></div>
    <%~ it.postBodyTags %>
    <script>${entryScriptLoader}</script>
  </body>
</html>
`;
