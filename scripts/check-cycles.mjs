#!/usr/bin/env node
/**
 * Fails when the parts of a checked tree import each other in a loop (docs/decisions/061, 185).
 * Two trees are checked: the server's `apps/server/src`, where a part is a module folder
 * (`src/modules/<name>`), another folder of `src` (db, http, lending, plugins, ops, test) or a file
 * directly in `src`; and the contract's `packages/contract/src`, where a part is a folder of `src`
 * (console, schemas) or a file directly in it. Every import counts, `import type` and `export … from`
 * included. A loop between two files of one part fails as well. Test files (`*.test.ts`) are left
 * out: they sit above everything they test. Run by `npm run lint`.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';

const repo = resolve(import.meta.dirname, '..');

const sources = (dir) =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') && !entry.name.endsWith('.d.ts') ? [path] : [];
  });

const TREES = [
  {
    root: join(repo, 'apps/server/src'),
    partOf: ([first, second]) => (first === 'modules' ? `modules/${second}` : first),
  },
  { root: join(repo, 'packages/contract/src'), partOf: ([first]) => first },
];

const IMPORT = /(?:^|\n)\s*(?:import|export)\b[^;'"]*?\bfrom\s+['"](\.[^'"]+)['"]/g;

/** Tarjan's strongly connected components: every group of nodes that reach each other. */
const loops = (nodes, edgesOf) => {
  let index = 0;
  const order = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const found = [];
  const visit = (node) => {
    order.set(node, index);
    low.set(node, index);
    index += 1;
    stack.push(node);
    onStack.add(node);
    for (const next of edgesOf(node)) {
      if (!order.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node), low.get(next)));
      } else if (onStack.has(next)) {
        low.set(node, Math.min(low.get(node), order.get(next)));
      }
    }
    if (low.get(node) === order.get(node)) {
      const group = [];
      let member;
      do {
        member = stack.pop();
        onStack.delete(member);
        group.push(member);
      } while (member !== node);
      if (group.length > 1) found.push(group);
    }
  };
  for (const node of nodes) if (!order.has(node)) visit(node);
  return found;
};

/** The loops of one tree: between its parts, and between files of one part. */
const check = ({ root, partOf: partOfPath }) => {
  const partOf = (file) => partOfPath(relative(root, file).split(sep));
  const files = sources(root);
  const known = new Set(files);
  /** file -> the files it imports */
  const fileEdges = new Map(
    files.map((file) => {
      const text = readFileSync(file, 'utf8');
      const targets = [...text.matchAll(IMPORT)]
        .map((match) => resolve(dirname(file), match[1]).replace(/\.js$/, '.ts'))
        .filter((target) => known.has(target));
      return [file, [...new Set(targets)]];
    }),
  );

  /** part -> part -> the imports that make the arrow */
  const partEdges = new Map();
  for (const [file, targets] of fileEdges) {
    for (const target of targets) {
      const [from, to] = [partOf(file), partOf(target)];
      if (from === to) continue;
      if (!partEdges.has(from)) partEdges.set(from, new Map());
      const arrows = partEdges.get(from);
      arrows.set(to, [...(arrows.get(to) ?? []), `${relative(root, file)} -> ${relative(root, target)}`]);
    }
  }

  const problems = [];
  for (const group of loops([...new Set(files.map(partOf))], (part) => [...(partEdges.get(part)?.keys() ?? [])])) {
    const members = new Set(group);
    const why = group.flatMap((part) =>
      [...(partEdges.get(part) ?? [])].filter(([to]) => members.has(to)).flatMap(([, imports]) => imports),
    );
    problems.push(`parts importing each other: ${group.sort().join(', ')}\n    ${why.join('\n    ')}`);
  }
  for (const group of loops(files, (file) => fileEdges.get(file))) {
    problems.push(`files importing each other: ${group.map((file) => relative(root, file)).join(', ')}`);
  }

  return { problems, parts: new Set(files.map(partOf)).size, files: files.length };
};

let failed = false;
for (const tree of TREES) {
  const name = relative(repo, tree.root);
  const { problems, parts, files } = check(tree);
  if (problems.length > 0) {
    failed = true;
    console.error(`Import cycles in ${name} (docs/decisions/061, 185):\n  ${problems.join('\n  ')}`);
  } else {
    console.log(`no import cycles between the ${parts} parts (${files} files) of ${name}`);
  }
}
if (failed) process.exit(1);
