/**
 * What it costs to hand parsed reports from one thread to another, against parsing them: `parseReportFiles` on the
 * step bench's reports of N tests (scripts/bench/step.ts, reportFiles), then, on its result, `structuredClone` (what a
 * MessagePort does: serialise on the sender, deserialise on the receiver), `v8.serialize` and `v8.deserialize` apart,
 * and `JSON.stringify` then `JSON.parse`. In one process, `--repeat` times each (ADR 0549: reading the reports on two
 * threads was measured and not kept).
 *
 *   node_modules/.bin/node scripts/bench/parse-transfer.ts [--sizes 10000,100000] [--repeat 3]
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import v8 from 'node:v8';
import { parseReportFiles } from '../../src/junit/index.ts';
import { buildSuite, reportFiles } from './step.ts';

function arg(name: string, fallback: string): string {
  const k = process.argv.indexOf(`--${name}`);
  return k === -1 ? fallback : process.argv[k + 1]!;
}

const time = <T>(work: () => T): [T, number] => {
  const start = performance.now();
  const value = work();
  return [value, Math.round(performance.now() - start)];
};

for (const tests of arg('sizes', '10000,100000').split(',').map(Number)) {
  const dir = mkdtempSync(join(tmpdir(), 'flakeguard-parse-transfer-'));
  try {
    const files: string[] = [];
    for (const [path, xml] of reportFiles(buildSuite(tests), 200, Date.now())) {
      const file = join(dir, `${files.length}-${path.replace(/\//g, '_')}`);
      writeFileSync(file, xml);
      files.push(file);
    }
    for (let rep = 0; rep < Number(arg('repeat', '3')); rep++) {
      const start = performance.now();
      const parsed = await parseReportFiles(files, { workspace: dir });
      const parseMs = Math.round(performance.now() - start);
      const [, cloneMs] = time(() => structuredClone(parsed));
      const [bytes, serializeMs] = time(() => v8.serialize(parsed));
      const [, deserializeMs] = time(() => v8.deserialize(bytes));
      const [json, stringifyMs] = time(() => JSON.stringify(parsed));
      const [, jsonParseMs] = time(() => JSON.parse(json) as unknown);
      console.log(
        `${tests} tests in ${files.length} reports: parse ${parseMs} ms; structuredClone ${cloneMs} ms; v8.serialize ${serializeMs} + deserialize ${deserializeMs} ms (${(bytes.length / 1048576).toFixed(1)} MiB); JSON.stringify ${stringifyMs} + parse ${jsonParseMs} ms (${(json.length / 1048576).toFixed(1)} MiB)`,
      );
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
