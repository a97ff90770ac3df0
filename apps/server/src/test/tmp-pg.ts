import { PGlite } from '@electric-sql/pglite';

let t0 = Date.now();
const a = await PGlite.create();
console.log('first', Date.now() - t0);
t0 = Date.now();
const b = await PGlite.create();
console.log('second', Date.now() - t0);
t0 = Date.now();
const dump = await a.dumpDataDir('none');
console.log('dump', Date.now() - t0, dump.size);
t0 = Date.now();
const c = await PGlite.create({ loadDataDir: dump });
console.log('fromdump', Date.now() - t0);
t0 = Date.now();
await Promise.all([a.close(), b.close(), c.close()]);
