// Prerenders the static pages (official site, privacy, terms, about) at build, once per market
// pack, into dist-ssr/prerendered/<market><path>.html; the server sends these as they are
// (docs/decisions/081). Runs after `vite build` and `vite build --ssr`.
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';

const web = new URL('../', import.meta.url);
const dist = new URL('dist/', web);
const ssrDist = new URL('dist-ssr/', web);
const { render, pageHtml, serverRoutes } = await import(new URL('entry-server.js', ssrDist).href);

const template = await readFile(new URL('index.html', dist), 'utf8');
const manifest = JSON.parse(await readFile(new URL('.vite/manifest.json', dist), 'utf8'));
// isNeedPop 1 chooses the India pack, anything else Indonesia (spec §1)
const markets = [{ isNeedPop: '1' }, { isNeedPop: '0' }];

// a static page makes no call while it renders: one that tried would fail the build
const noCalls = async (url) => {
  throw new Error(`a static page called ${url.split('?')[0]} while prerendering`);
};

let count = 0;
for (const [path, route] of Object.entries(serverRoutes)) {
  if (!route.static) continue;
  for (const { isNeedPop } of markets) {
    const page = await render({ path, search: `isNeedPop=${isNeedPop}`, fetch: noCalls });
    const [market] = page.marker.split(':');
    const file = new URL(`prerendered/${market}${path === '/' ? '/index' : path}.html`, ssrDist);
    await mkdir(dirname(file.pathname), { recursive: true });
    await writeFile(file, pageHtml(template, manifest, page));
    count += 1;
  }
}
console.log(`prerendered ${count} static pages into dist-ssr/prerendered/`);
