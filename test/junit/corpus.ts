/** Loads test/fixtures/junit-corpus/MANIFEST.tsv (shared by the corpus, fuzz and bench code). */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const CORPUS_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', 'fixtures', 'junit-corpus');

export interface ManifestRow {
  /** Path relative to CORPUS_DIR, e.g. files/surefire/x.xml */
  file: string;
  dialect: string;
  size: number;
  /** Undefined for malformed rows ('-'). */
  tests?: number;
  failures?: number;
  errors?: number;
  skipped?: number;
  hasRetries: boolean;
  malformed: boolean;
  notes: string;
}

function num(s: string | undefined): number | undefined {
  return s === undefined || s === '-' ? undefined : Number(s);
}

export function loadManifest(): ManifestRow[] {
  const text = readFileSync(join(CORPUS_DIR, 'MANIFEST.tsv'), 'utf8');
  const lines = text.split('\n').filter((l) => l !== '');
  const header = lines[0]!.split('\t');
  const col = (name: string): number => {
    const k = header.indexOf(name);
    if (k === -1) throw new Error(`MANIFEST.tsv has no column ${name}`);
    return k;
  };
  const [cFile, cDialect, cSize, cTests, cFail, cErr, cSkip, cRetries, cMalformed, cNotes] = [
    'file',
    'dialect_guess',
    'size_bytes',
    'tests',
    'failures',
    'errors',
    'skipped',
    'has_retries',
    'malformed',
    'notes',
  ].map(col) as [number, number, number, number, number, number, number, number, number, number];
  return lines.slice(1).map((line) => {
    const f = line.split('\t');
    const row: ManifestRow = {
      file: f[cFile]!,
      dialect: f[cDialect]!,
      size: Number(f[cSize]),
      hasRetries: f[cRetries] === 'yes',
      malformed: f[cMalformed] === 'yes',
      notes: f[cNotes] ?? '',
    };
    const t = num(f[cTests]),
      fa = num(f[cFail]),
      e = num(f[cErr]),
      s = num(f[cSkip]);
    if (t !== undefined) row.tests = t;
    if (fa !== undefined) row.failures = fa;
    if (e !== undefined) row.errors = e;
    if (s !== undefined) row.skipped = s;
    return row;
  });
}
