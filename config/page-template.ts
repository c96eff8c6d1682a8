/**
 * The HTML shell of every built page (Docusaurus's `ssrTemplate`). Unlike the stock
 * shell, the entry bundles are preloaded at once but run only after the browser has
 * painted the server-rendered page: with `<script defer>` a fast connection can
 * deliver them before the first frame, and a phone then shows a blank screen while
 * they are evaluated (the largest-contentful-paint audit in `npm run audit`). The
 * loader is the same on every page, so the CSP covers it with one hash.
 */

/** Marks the preload links of the entry bundles, which the loader turns into scripts, in order. */
export const ENTRY_SCRIPT_ATTRIBUTE = 'data-entry-script';

/**
 * Appends the entry bundles as ordered scripts once a frame showing the whole page
 * is on screen: a paint or largest-contentful-paint entry after this loader ran
 * (entries arrive once the frame is presented), or, when the first paint came earlier
 * (a long page painted top first), the next frame and 50 ms; without paint timing,
 * the next frame. A hidden page starts at once (background tabs do not paint), every
 * page after 2 s at the latest. First, the 404 page served
 * for `/x/` (GitHub Pages has no `x/index.html`) goes to `/x`: the app's router
 * would render `/x` over the 404 HTML and fail to hydrate (React error #418).
 */
export const entryScriptLoader = `(function(){var d=document,started=false,parsed=performance.now(),l=location;if(/.\\/$/.test(l.pathname)&&d.querySelector('[data-page-not-found]')){l.replace(l.pathname.replace(/\\/+$/,'')+l.search+l.hash);return}function start(){if(started)return;started=true;var links=d.querySelectorAll('link[${ENTRY_SCRIPT_ATTRIBUTE}]');for(var i=0;i<links.length;i++){var s=d.createElement('script');s.src=links[i].href;s.async=false;d.body.appendChild(s)}}if(d.visibilityState==='hidden'){start();return}d.addEventListener('visibilitychange',start,{once:true});setTimeout(start,2000);function soon(){setTimeout(start,0)}try{var observer=new PerformanceObserver(function(list){list.getEntries().forEach(function(entry){if(entry.startTime>=parsed){observer.disconnect();soon()}else if(entry.name==='first-contentful-paint'){requestAnimationFrame(function(){setTimeout(start,50)})}})});observer.observe({type:'paint',buffered:true});observer.observe({type:'largest-contentful-paint',buffered:true})}catch(e){requestAnimationFrame(soon)}})();`;

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
