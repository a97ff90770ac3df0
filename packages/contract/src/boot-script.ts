/** The attribute the boot script sets on `<html>` for a `#/…` route other than pay-way's. */
export const HASH_ROUTE_ATTRIBUTE = 'data-hash-route';

/** The attribute the boot script sets on `<html>` when it has sent the browser to another address. */
export const LEAVING_ATTRIBUTE = 'data-leaving';

/**
 * The attribute (the web's Element Timing) that marks an image the page is painted with, its banner:
 * a rendered page's scripts wait for its paint (decision 180).
 */
export const PAINTED_FIRST_ATTRIBUTE = 'elementtiming';

/**
 * The `<meta name>` of a server-rendered page that lists its scripts, the entry first, for the boot
 * script to load once the page is painted (decision 179).
 */
export const SCRIPTS_META_NAME = 'kilat-scripts';

/**
 * The inline script at the top of the borrower app's `<head>` (decision 168), run before anything
 * paints. Pay-way is a path route, `/payway`, rendered on the server; the native shell's old
 * `#/payway?…` links are sent there with the same parameters (the address's query and the hash's,
 * the hash's winning, as the app reads them), and the document is marked as leaving, so its app
 * does not start while the browser fetches pay-way (it would read the address and render a page no
 * one sees). Any other `#/…` route marks the document so the official home the server sent for `/`
 * stays hidden until the app draws the hash route.
 *
 * A server-rendered page names its scripts in a `<meta name="kilat-scripts">` instead of loading
 * them from its head (decision 179): its markup is the page, so it is painted first, and the
 * scripts that hydrate it are asked for once the browser reports the page's first contentful paint
 * and the paint of every image marked `elementtiming` (its banner), which may come frames after the
 * text (decision 180: a frame asked for is not yet a frame shown).
 * - A banner that does not come holds them at most a second after the first paint; where no paint
 *   is reported, they come three seconds after the first frame, and after the first frame in a
 *   browser that reports no paints.
 * - They come at once in a hidden tab, which paints nothing (and as soon as the tab is hidden), and
 *   at a `#/…` route, whose server page stays hidden until the app draws.
 * The page takes no tap until it is hydrated. The entry comes first; each chunk's preload link is
 * added in a task of its own, since Chromium takes about a millisecond of the main thread to start
 * one (all at once made a long task).
 *
 * The web build writes this exact text into index.html; the server allows it in its CSP by its
 * SHA-256 (`script-src 'sha256-…'`), so it must stay one constant, written nowhere else.
 */
export const BOOT_SCRIPT =
  "(function(){var d=document;function go(){var m=d.querySelector('meta[name=" +
  SCRIPTS_META_NAME +
  `]');if(!m||d.documentElement.hasAttribute('${LEAVING_ATTRIBUTE}'))return;var u=m.content.split(' '),h=d.head,i=1,` +
  "s=d.createElement('script');s.type='module';s.crossOrigin='';s.src=u[0];h.appendChild(s);" +
  "(function next(){if(i>=u.length)return;var l=d.createElement('link');l.rel='modulepreload';l.crossOrigin='';l.href=u[i++];h.appendChild(l);setTimeout(next,0)})()}" +
  'function painted(){var w=window,P=w.PerformanceObserver,t=(P&&P.supportedEntryTypes)||[],done=0,shown=0,' +
  `n=t.indexOf('element')>=0?d.querySelectorAll('img[${PAINTED_FIRST_ATTRIBUTE}]').length:0;` +
  'function once(){if(!done){done=1;go()}}' +
  'function ready(){if(shown&&n<=0)once()}' +
  `if(d.visibilityState==='hidden'||d.documentElement.hasAttribute('${HASH_ROUTE_ATTRIBUTE}'))return once();` +
  "if(t.indexOf('paint')<0)return requestAnimationFrame(function(){setTimeout(once,0)});" +
  "d.addEventListener('visibilitychange',function(){if(d.visibilityState==='hidden')once()});" +
  "if(n)new P(function(l,o){n-=l.getEntries().length;if(n<=0)o.disconnect();ready()}).observe({type:'element',buffered:true});" +
  "new P(function(l,o){if(l.getEntriesByName('first-contentful-paint').length){o.disconnect();shown=1;ready();setTimeout(once,1000)}}).observe({type:'paint',buffered:true});" +
  'requestAnimationFrame(function(){setTimeout(once,3000)})}' +
  "if(d.readyState==='loading')d.addEventListener('DOMContentLoaded',painted);else painted()})();" +
  `(function(){var l=location,h=l.hash;if(!/^#\\/[^?]/.test(h))return;document.documentElement.setAttribute('${HASH_ROUTE_ATTRIBUTE}','');` +
  "if(!/^#\\/payway(\\?|$)/.test(h))return;var p=new URLSearchParams(l.search),i=h.indexOf('?');" +
  'if(i>=0)new URLSearchParams(h.slice(i+1)).forEach(function(v,k){p.set(k,v)});var q=p.toString();' +
  `document.documentElement.setAttribute('${LEAVING_ATTRIBUTE}','');l.replace('/payway'+(q?'?'+q:''))})()`;
