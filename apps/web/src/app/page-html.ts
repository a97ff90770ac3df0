import { HASH_ROUTE_ATTRIBUTE, SCRIPTS_META_NAME } from '@kilat/contract/boot-script';
import { EMBEDDED_QUERIES_ID } from './providers';

/** Puts a server-rendered page into the built index.html: markup, language, route CSS and chunk preloads (docs/decisions/080). */

/** The part of Vite's build manifest (`dist/.vite/manifest.json`) the head needs. */
export type BuildManifest = Record<string, { file: string; css?: string[]; imports?: string[]; isEntry?: boolean }>;

export interface PageParts {
  html: string;
  marker: string;
  lang: string;
  modules: string[];
  themeCss: string;
  queries: unknown;
}

/** JSON safe inside a <script> element: no '<' that could close it. */
const scriptJson = (value: unknown): string => JSON.stringify(value).replaceAll('<', '\\u003c');

const escapeAttribute = (value: string): string =>
  value.replaceAll('&', '&amp;').replaceAll('"', '&quot;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');

/** The chunks and stylesheets a set of source modules loads, their static imports included, without the entry's own. */
export const assetsOf = (manifest: BuildManifest, modules: string[]): { scripts: string[]; styles: string[] } => {
  const scripts = new Set<string>();
  const styles = new Set<string>();
  const seen = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || seen.has(key) || chunk.isEntry) return;
    seen.add(key);
    scripts.add(chunk.file);
    for (const css of chunk.css ?? []) styles.add(css);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const module of modules) visit(module);
  return { scripts: [...scripts], styles: [...styles] };
};

/** The built stylesheets' text by file (`assets/x.css`), for the server to put into the page. */
export type StyleTexts = ReadonlyMap<string, string>;

/** A stylesheet's text that can stand inside a <style> element; null when it cannot or is unknown. */
const inlineable = (styleTexts: StyleTexts | undefined, href: string): string | null => {
  const text = styleTexts?.get(href);
  return text !== undefined && !/<\/style/i.test(text) ? text : null;
};

/**
 * A route stylesheet put into the page (docs/decisions/122): its text paints the first frame with
 * no request. The disabled link fetches nothing and applies nothing; it tells the route's lazy
 * import, which adds a stylesheet link for every CSS file its chunk needs unless the document has
 * one, that the page already holds it.
 */
const routeStyle = (href: string, styleTexts: StyleTexts | undefined): string => {
  const text = inlineable(styleTexts, href);
  if (text === null) return `<link rel="stylesheet" crossorigin href="/${href}">`;
  return `<style>${text}</style><link rel="stylesheet" crossorigin href="/${href}" disabled>`;
};

/** The entry's own stylesheets, named by the template: their text instead of a request that holds the first paint. */
const withEntryStylesInline = (template: string, styleTexts: StyleTexts | undefined): string =>
  template.replace(/<link rel="stylesheet" crossorigin href="\/([^"]+\.css)">/g, (link, href: string) => {
    const text = inlineable(styleTexts, href);
    return text === null ? link : `<style>${text}</style>`;
  });

const ENTRY_SCRIPT = /<script type="module" crossorigin src="(\/[^"]+)"><\/script>\s*/g;
const MODULE_PRELOAD = /<link rel="modulepreload" crossorigin href="(\/[^"]+)">\s*/g;

/**
 * The template without its entry script and preloads, and their addresses, the entry first
 * (decision 179): a rendered page is painted before its scripts are asked for, so the boot script
 * loads them once a frame is drawn.
 */
const withoutScripts = (template: string): { template: string; scripts: string[] } => {
  const entry: string[] = [];
  const preloads: string[] = [];
  const bare = template
    .replace(ENTRY_SCRIPT, (_tag, src: string) => {
      entry.push(src);
      return '';
    })
    .replace(MODULE_PRELOAD, (_tag, href: string) => {
      preloads.push(href);
      return '';
    });
  if (entry.length !== 1) throw new Error(`index.html names ${entry.length} entry scripts, not one`);
  return { template: bare, scripts: [...entry, ...preloads] };
};

/**
 * The whole document: the template with the page's markup in #root and its assets in the head.
 * With `styleTexts`, the page's stylesheets are in the document rather than requests that hold its
 * first paint. Its scripts are named for the boot script to load once the page is painted.
 */
export const pageHtml = (template: string, manifest: BuildManifest, page: PageParts, styleTexts?: StyleTexts): string => {
  if (!template.includes('<div id="root"></div>')) throw new Error('index.html has no empty <div id="root"></div>');
  const assets = assetsOf(manifest, page.modules);
  const shell = withoutScripts(template);
  // what the template's head already names (the entry and its own imports) is not named twice
  const scripts = [...shell.scripts, ...assets.scripts.map((href) => `/${href}`).filter((href) => !shell.scripts.includes(href))];
  const styles = assets.styles.filter((href) => !template.includes(`/${href}"`));
  const head = [
    // a tap before the page is hydrated would be lost: the page takes none until then (app/router.tsx PageLive);
    // at a `#/…` address the server's page (the official home) is not the one shown: hidden until the app draws it (decision 168)
    `<style>${page.themeCss}#root[data-ssr]{pointer-events:none}html[${HASH_ROUTE_ATTRIBUTE}] #root[data-ssr]{visibility:hidden}</style>`,
    ...styles.map((href) => routeStyle(href, styleTexts)),
    `<meta name="${SCRIPTS_META_NAME}" content="${escapeAttribute(scripts.join(' '))}">`,
  ].join('');
  const withStyles = withEntryStylesInline(shell.template, styleTexts);
  const withRoot = withStyles.replace(
    '<div id="root"></div>',
    () =>
      `<div id="root" data-ssr="${escapeAttribute(page.marker)}">${page.html}</div>` +
      (page.queries ? `<script id="${EMBEDDED_QUERIES_ID}" type="application/json">${scriptJson(page.queries)}</script>` : ''),
  );
  return withRoot
    .replace(/<html lang="[^"]*">/, () => `<html lang="${escapeAttribute(page.lang)}">`)
    .replace('</head>', () => `${head}</head>`);
};
