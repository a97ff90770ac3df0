// Runs Biome's own binary for this machine. We depend on Biome's per-platform packages directly
// because the registry we install from lacks the other platforms' ones, which the `@biomejs/biome`
// wrapper requires in the lock file (docs/decisions/014).
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';

const packageName = `@biomejs/cli-${process.platform}-${process.arch}`;
let binary;
try {
  binary = createRequire(import.meta.url).resolve(`${packageName}/biome`);
} catch {
  console.error(`Biome has no binary for ${process.platform}-${process.arch} here: npm install --no-save ${packageName}`);
  process.exit(1);
}
const run = spawnSync(binary, process.argv.slice(2), { stdio: 'inherit' });
process.exit(run.status ?? 1);
