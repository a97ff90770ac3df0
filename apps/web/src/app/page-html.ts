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

/** The whole document: the template with the page's markup in #root and its assets in the head. */
export const pageHtml = (template: string, manifest: BuildManifest, page: PageParts): string => {
  const assets = assetsOf(manifest, page.modules);
  // what the template's head already names (the entry and its own imports) is not named twice
  const scripts = assets.scripts.filter((href) => !template.includes(`/${href}"`));
  const styles = assets.styles.filter((href) => !template.includes(`/${href}"`));
  const head = [
    // a tap before the page is hydrated would be lost: the page takes none until then (app/router.tsx PageLive)
    `<style>${page.themeCss}#root[data-ssr]{pointer-events:none}</style>`,
    ...styles.map((href) => `<link rel="stylesheet" crossorigin href="/${href}">`),
    ...scripts.map((href) => `<link rel="modulepreload" crossorigin href="/${href}">`),
  ].join('');
  const withRoot = template.replace(
    '<div id="root"></div>',
    () =>
      `<div id="root" data-ssr="${escapeAttribute(page.marker)}">${page.html}</div>` +
      (page.queries ? `<script id="${EMBEDDED_QUERIES_ID}" type="application/json">${scriptJson(page.queries)}</script>` : ''),
  );
  if (withRoot === template) throw new Error('index.html has no empty <div id="root"></div>');
  return withRoot
    .replace(/<html lang="[^"]*">/, () => `<html lang="${escapeAttribute(page.lang)}">`)
    .replace('</head>', () => `${head}</head>`);
};
