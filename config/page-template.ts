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
 * Appends the entry bundles as ordered scripts once a frame showing the whole
 * server-rendered page is on screen: the browser's paint entries arrive after the
 * frame is presented (an animation frame comes before that). The first contentful
 * paint is that frame when the page was parsed before it; on a long page a busy
 * browser can paint the top first, so when that paint comes before this loader
 * (the end of the body) runs, the loader waits for a largest-contentful-paint
 * entry presented after it, or else for the next frame and 50 ms. The bundles start
 * at once when the page is hidden (background tabs do not paint), and after 2 s
 * whatever happens; without paint timing, after the next animation frame.
 * First, though: the 404 page served for `/x/` (GitHub Pages has no `x/index.html`
 * for the page `/x`) goes to `/x` instead of starting the app, whose router would
 * render `/x` over the 404 HTML and fail to hydrate (React error #418).
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
