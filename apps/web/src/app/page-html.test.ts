import { describe, expect, it } from 'vitest';
import { assetsOf, type BuildManifest, pageHtml } from './page-html';

const template =
  '<!doctype html>\n<html lang="id-ID">\n<head><script type="module" crossorigin src="/assets/index-1.js"></script>' +
  '<link rel="modulepreload" crossorigin href="/assets/shared-1.js">' +
  '<link rel="stylesheet" crossorigin href="/assets/index-1.css"></head>\n<body><div id="root"></div></body></html>';

const manifest: BuildManifest = {
  'index.html': { file: 'assets/index-1.js', isEntry: true, css: ['assets/index-1.css'] },
  '_shared.js': { file: 'assets/shared-1.js' },
  '_format.js': { file: 'assets/format-1.js', imports: ['_shared.js'] },
  'src/features/loan-details/loan-details-page.tsx': {
    file: 'assets/loan-details-page-1.js',
    css: ['assets/loan-details-page-1.css'],
    imports: ['_format.js', 'index.html'],
  },
};

const page = {
  html: '<main><h1>Loan details</h1></main>',
  marker: 'IN:/loanDetails',
  lang: 'en-IN',
  modules: ['src/features/loan-details/loan-details-page.tsx'],
  themeCss: ':root{--color-brand:#ffd21f}',
  queries: { queries: [{ state: { data: { note: '</script><script>alert(1)</script>' } } }] },
};

describe('the server-rendered document (decision 080)', () => {
  it('collects a route chunk with its static imports and CSS, never the entry', () => {
    expect(assetsOf(manifest, page.modules)).toEqual({
      scripts: ['assets/loan-details-page-1.js', 'assets/format-1.js', 'assets/shared-1.js'],
      styles: ['assets/loan-details-page-1.css'],
    });
  });

  it('puts the markup in #root with its marker, the language on <html>, and the route CSS and chunks in the head once', () => {
    const html = pageHtml(template, manifest, page);
    expect(html).toContain('<html lang="en-IN">');
    expect(html).toContain('<div id="root" data-ssr="IN:/loanDetails"><main><h1>Loan details</h1></main></div>');
    const head = html.slice(0, html.indexOf('</head>'));
    expect(head).toContain('<link rel="stylesheet" crossorigin href="/assets/loan-details-page-1.css">');
    expect(head).toContain(
      '<style>:root{--color-brand:#ffd21f}#root[data-ssr]{pointer-events:none}html[data-hash-route] #root[data-ssr]{visibility:hidden}</style>',
    );
    // the template already names the shared chunk
    expect(head.split('/assets/shared-1.js').length - 1).toBe(1);
  });

  it('asks for no script before the page is painted: it names them, the entry first, for the boot script (decision 179)', () => {
    const html = pageHtml(template, manifest, page);
    expect(html).not.toMatch(/<script type="module"/);
    expect(html).not.toMatch(/<link rel="modulepreload"/);
    const named = html.match(/<meta name="kilat-scripts" content="([^"]*)">/)?.[1]?.split(' ');
    expect(named).toEqual(['/assets/index-1.js', '/assets/shared-1.js', '/assets/loan-details-page-1.js', '/assets/format-1.js']);
  });

  it('refuses a template that does not name exactly one entry script', () => {
    const noEntry = template.replace('<script type="module" crossorigin src="/assets/index-1.js"></script>', '');
    expect(() => pageHtml(noEntry, manifest, page)).toThrow(/0 entry scripts/);
  });

  it('embeds the query cache as JSON that cannot close its script element', () => {
    const html = pageHtml(template, manifest, page);
    const embedded = html.match(/<script id="kilat-queries" type="application\/json">(.*?)<\/script>/)?.[1];
    expect(embedded).toBeDefined();
    expect(embedded).not.toContain('</script');
    expect(JSON.parse(embedded!)).toEqual(page.queries);
  });

  it('embeds nothing for a page without data, and refuses a template without an empty #root', () => {
    expect(pageHtml(template, manifest, { ...page, queries: null })).not.toContain('kilat-queries');
    expect(() => pageHtml('<html lang="en"><head></head><body></body></html>', manifest, page)).toThrow(/root/);
  });

  it('carries its stylesheets’ text, so nothing holds the first paint, and tells the route’s lazy import it has them (decision 122)', () => {
    const styleTexts = new Map([
      ['assets/index-1.css', 'body{margin:0}'],
      ['assets/loan-details-page-1.css', '._row_1{display:flex}'],
    ]);
    const html = pageHtml(template, manifest, page, styleTexts);
    const head = html.slice(0, html.indexOf('</head>'));
    expect(head).toContain('<style>body{margin:0}</style>');
    expect(head).toContain('<style>._row_1{display:flex}</style>');
    // no stylesheet the browser must fetch before it paints
    expect(head.match(/<link rel="stylesheet"[^>]*>/g)).toEqual([
      '<link rel="stylesheet" crossorigin href="/assets/loan-details-page-1.css" disabled>',
    ]);
    // the entry's CSS comes before the route's, as the links were
    expect(head.indexOf('body{margin:0}')).toBeLessThan(head.indexOf('._row_1{display:flex}'));
  });

  it('links a stylesheet it has no text of, or whose text could close its <style> element', () => {
    const styleTexts = new Map([['assets/loan-details-page-1.css', '._a{content:"</style><script>alert(1)</script>"}']]);
    const head = pageHtml(template, manifest, page, styleTexts).split('</head>')[0]!;
    expect(head).not.toContain('alert(1)');
    expect(head).toContain('<link rel="stylesheet" crossorigin href="/assets/loan-details-page-1.css">');
    expect(head).toContain('<link rel="stylesheet" crossorigin href="/assets/index-1.css">');
  });
});
