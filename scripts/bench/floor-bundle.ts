/**
 * The parse floor as a process: scripts/bench/floor-entry.ts (or `entry`, e.g. floor-fxp-entry.ts) bundled by esbuild as dist/ is (scripts/build.ts), to
 * `outfile`. The step bench pairs each step with it; the peers bench measures it against the other report actions.
 */
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export async function bundleFloor(outfile: string, entry = 'floor-entry.ts'): Promise<string> {
  const { build } = await import('esbuild');
  await build({
    entryPoints: [join(dirname(fileURLToPath(import.meta.url)), entry)],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node24',
    outfile,
    logLevel: 'silent',
    banner: { js: "import { createRequire } from 'node:module'; const require = createRequire(import.meta.url);" },
  });
  return outfile;
}
