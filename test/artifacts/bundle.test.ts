import { describe, expect, it } from 'vitest';
import { ARTIFACT_PREFIX, artifactName, BundleError, bundleFiles, MANIFEST_FILE, parseManifest, readBundle, RESULTS_FILE, type ShardManifest } from '../../src/artifacts/bundle.ts';
import { renderResultsFile } from '../../src/store/results-file.ts';
import { zipBytes } from '../support/artifact-fake/zip-writer.ts';
import { parsedTest, runContext } from '../support/builders.ts';

const manifest: ShardManifest = {
  jobKey: '{"os":"windows-latest"}',
  testOutcome: 'failure',
  filesMatched: 2,
  filesRead: 1,
  problems: [{ path: 'reports/bad.xml', line: 3, message: 'not well-formed XML' }],
  reportPatterns: ['reports/**/*.xml'],
};

function archive(files: Map<string, string>): Buffer {
  return zipBytes([...files].map(([name, content]) => ({ name, content })));
}

describe('bundle', () => {
  it('round-trips a manifest and a results file through an archive', () => {
    const results = renderResultsFile(runContext(3), [parsedTest('pkg.S::a', 'FP')]);
    const read = readBundle(archive(bundleFiles(manifest, results)));
    expect(read.manifest).toEqual(manifest);
    expect(read.results.tests.map((t) => t.id)).toEqual(['pkg.S::a']);
    expect(read.bytes).toBeGreaterThan(results.length);
  });

  it('refuses unsafe archives, missing files and bad content, saying why', () => {
    const results = renderResultsFile(runContext(3), [parsedTest('pkg.S::a', 'P')]);
    const good = bundleFiles(manifest, results);
    expect(() => readBundle(zipBytes([{ name: '../flakeguard-shard.json', content: 'x' }]))).toThrow(/unsafe archive: .*path traversal/);
    expect(() => readBundle(archive(new Map([[MANIFEST_FILE, good.get(MANIFEST_FILE)!]])))).toThrow(new RegExp(`no ${RESULTS_FILE}`));
    expect(() =>
      readBundle(
        archive(
          new Map([
            [MANIFEST_FILE, good.get(MANIFEST_FILE)!],
            [RESULTS_FILE, '{"kind":"nope"}'],
          ]),
        ),
      ),
    ).toThrow(/not a flakeguard results file/);
    expect(() =>
      readBundle(
        archive(
          new Map([
            [MANIFEST_FILE, '{"kind":"flakeguard-shard","schema":1,"filesMatched":-1,"problems":[]}'],
            [RESULTS_FILE, results],
          ]),
        ),
      ),
    ).toThrow(BundleError);
  });

  it('parses manifests strictly', () => {
    const ok = { kind: 'flakeguard-shard', schema: 1, jobKey: 'k', testOutcome: 'success', filesMatched: 1, problems: [] };
    expect(parseManifest(JSON.stringify(ok))).toEqual({ jobKey: 'k', testOutcome: 'success', filesMatched: 1, filesRead: 1, problems: [], reportPatterns: [] });
    expect(() => parseManifest(JSON.stringify({ ...ok, testOutcome: 'rm -rf' }))).toThrow(/testOutcome/);
    expect(() => parseManifest(JSON.stringify({ ...ok, schema: 2 }))).toThrow(/schema/);
    expect(() => parseManifest(JSON.stringify({ ...ok, problems: [{ path: 1, message: 'x' }] }))).toThrow(/problems\[0\]\.path/);
    expect(() => parseManifest(JSON.stringify({ ...ok, filesMatched: 1.5 }))).toThrow(/filesMatched/);
    expect(() => parseManifest('[]')).toThrow(/not an object/);
    expect(parseManifest(JSON.stringify({ ...ok, jobKey: 'x'.repeat(10_000) })).jobKey).toHaveLength(4096);
  });

  it('names artifacts with the prefix, a readable label, a hash of the run key and the attempt, in allowed characters', () => {
    const name = artifactName('1/test/abc', 'test (os=windows-latest, node=20)', 2);
    expect(name.startsWith(ARTIFACT_PREFIX)).toBe(true);
    expect(name).toMatch(/^flakeguard-test_os=windows-latest_node=20-[0-9a-f]{10}-a2$/);
    expect(artifactName('1/test/abd', 'test', 1)).not.toBe(artifactName('1/test/abc', 'test', 1));
    expect(artifactName('k', 'a:b/c\\d"e<f>g|h*i?j\nk', 1)).not.toMatch(/[":<>|*?\r\n\\/]/);
  });
});
