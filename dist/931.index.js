export const id = 931;
export const ids = [931];
export const modules = {

/***/ 62363:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   Bo: () => (/* binding */ readBundle),
/* harmony export */   Cs: () => (/* binding */ artifactName),
/* harmony export */   Cw: () => (/* binding */ ARTIFACT_PREFIX),
/* harmony export */   e6: () => (/* binding */ bundleFiles),
/* harmony export */   rJ: () => (/* binding */ BundleError)
/* harmony export */ });
/* unused harmony exports MANIFEST_FILE, RESULTS_FILE, MANIFEST_KIND, MANIFEST_SCHEMA, renderManifest, parseManifest */
/* harmony import */ var node_crypto__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(77598);
/* harmony import */ var node_crypto__WEBPACK_IMPORTED_MODULE_0___default = /*#__PURE__*/__webpack_require__.n(node_crypto__WEBPACK_IMPORTED_MODULE_0__);
/* harmony import */ var _store_results_file_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(57610);
/* harmony import */ var _zip_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(56744);
/**
 * What one job leaves for another in an artifact: its results file (src/store/results-file.ts) and a small
 * manifest with the facts needed to decide its outcome later (test-step outcome, reports matched, reports that
 * could not be read, job key). Both are read with strict parsers: the artifact may come from a fork.
 */



const MANIFEST_FILE = 'flakeguard-shard.json';
const RESULTS_FILE = 'flakeguard-results.json';
const MANIFEST_KIND = 'flakeguard-shard';
const MANIFEST_SCHEMA = 1;
/** Every artifact flakeguard uploads has a name starting with this. */
const ARTIFACT_PREFIX = 'flakeguard-';
const MAX_TEXT = 4096;
const MAX_PROBLEMS = 1000;
const MAX_PATTERNS = 100;
const TEST_OUTCOMES = new Set(['success', 'failure', 'cancelled', 'skipped', '']);
class BundleError extends Error {
}
function renderManifest(manifest) {
    return `${JSON.stringify({ kind: MANIFEST_KIND, schema: MANIFEST_SCHEMA, ...manifest })}\n`;
}
function text(value, field, fallback) {
    if (value === undefined || value === null) {
        if (fallback !== undefined)
            return fallback;
        throw new BundleError(`${field} is missing`);
    }
    if (typeof value !== 'string')
        throw new BundleError(`${field} must be a string`);
    return value.slice(0, MAX_TEXT);
}
function count(value, field) {
    if (typeof value !== 'number' || !Number.isInteger(value) || value < 0 || value > 1_000_000)
        throw new BundleError(`${field} must be a whole number`);
    return value;
}
/** Reads a manifest written by `renderManifest`; throws BundleError naming the bad field. */
function parseManifest(content) {
    let raw;
    try {
        raw = JSON.parse(content);
    }
    catch (error) {
        throw new BundleError(`${MANIFEST_FILE} is not valid JSON: ${error instanceof Error ? error.message : String(error)}`);
    }
    if (typeof raw !== 'object' || raw === null || Array.isArray(raw))
        throw new BundleError(`${MANIFEST_FILE} is not an object`);
    const m = raw;
    if (m.kind !== MANIFEST_KIND)
        throw new BundleError(`${MANIFEST_FILE} is not a flakeguard shard manifest`);
    if (m.schema !== MANIFEST_SCHEMA)
        throw new BundleError(`unsupported shard manifest schema ${String(m.schema).slice(0, 20)}`);
    const testOutcome = text(m.testOutcome, 'testOutcome', '');
    if (!TEST_OUTCOMES.has(testOutcome))
        throw new BundleError('testOutcome is not a step outcome');
    if (!Array.isArray(m.problems))
        throw new BundleError('problems must be an array');
    if (m.problems.length > MAX_PROBLEMS)
        throw new BundleError(`more than ${MAX_PROBLEMS} problems`);
    const problems = m.problems.map((value, i) => {
        if (typeof value !== 'object' || value === null)
            throw new BundleError(`problems[${i}] must be an object`);
        const p = value;
        const problem = { path: text(p.path, `problems[${i}].path`), message: text(p.message, `problems[${i}].message`) };
        if (p.line !== undefined && p.line !== null)
            problem.line = count(p.line, `problems[${i}].line`);
        return problem;
    });
    const patterns = m.reportPatterns === undefined ? [] : m.reportPatterns;
    if (!Array.isArray(patterns) || patterns.length > MAX_PATTERNS)
        throw new BundleError('reportPatterns must be an array of at most 100 patterns');
    return {
        jobKey: text(m.jobKey, 'jobKey', ''),
        testOutcome: testOutcome,
        filesMatched: count(m.filesMatched, 'filesMatched'),
        filesRead: m.filesRead === undefined ? count(m.filesMatched, 'filesMatched') : count(m.filesRead, 'filesRead'),
        problems,
        reportPatterns: patterns.map((p, i) => text(p, `reportPatterns[${i}]`)),
    };
}
/** The two files of an artifact as `uploadArtifact` gets them. */
function bundleFiles(manifest, resultsText) {
    return new Map([
        [MANIFEST_FILE, renderManifest(manifest)],
        [RESULTS_FILE, resultsText],
    ]);
}
/**
 * Reads an artifact's archive: checks the archive (see zip.ts), then the manifest and the results file with
 * their strict parsers. Other entries are ignored, never written anywhere.
 */
function readBundle(zip, limits = _zip_js__WEBPACK_IMPORTED_MODULE_2__/* .DEFAULT_ZIP_LIMITS */ .RT) {
    let files;
    try {
        files = (0,_zip_js__WEBPACK_IMPORTED_MODULE_2__/* .readZip */ .ue)(zip, limits);
    }
    catch (error) {
        if (error instanceof _zip_js__WEBPACK_IMPORTED_MODULE_2__/* .UnsafeArchiveError */ .td)
            throw new BundleError(`unsafe archive: ${error.message}`);
        throw error;
    }
    const manifest = files.get(MANIFEST_FILE);
    const results = files.get(RESULTS_FILE);
    if (!manifest)
        throw new BundleError(`no ${MANIFEST_FILE} in the archive`);
    if (!results)
        throw new BundleError(`no ${RESULTS_FILE} in the archive`);
    let parsed;
    try {
        parsed = (0,_store_results_file_js__WEBPACK_IMPORTED_MODULE_1__/* .parseResultsFile */ .Mz)(results.toString('utf8'));
    }
    catch (error) {
        if (error instanceof _store_results_file_js__WEBPACK_IMPORTED_MODULE_1__/* .ResultsFileError */ .dL)
            throw new BundleError(`${RESULTS_FILE}: ${error.message}`);
        throw error;
    }
    let bytes = 0;
    for (const content of files.values())
        bytes += content.length;
    return { manifest: parseManifest(manifest.toString('utf8')), results: parsed, bytes };
}
/** The name of the artifact a job uploads: unique per job, job key, report patterns and attempt. */
function artifactName(runKey, label, attempt) {
    const hash = (0,node_crypto__WEBPACK_IMPORTED_MODULE_0__.createHash)('sha256').update(runKey).digest('hex').slice(0, 10);
    const readable = label
        .replace(/[^A-Za-z0-9._=-]+/g, '_')
        .replace(/_+/g, '_')
        .replace(/^_|_$/g, '')
        .slice(0, 80);
    return `${ARTIFACT_PREFIX}${readable ? `${readable}-` : ''}${hash}-a${attempt}`;
}


/***/ }),

/***/ 56744:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   RT: () => (/* binding */ DEFAULT_ZIP_LIMITS),
/* harmony export */   td: () => (/* binding */ UnsafeArchiveError),
/* harmony export */   ue: () => (/* binding */ readZip)
/* harmony export */ });
/* unused harmony exports unsafeEntryName, findEnd */
/* harmony import */ var node_zlib__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(38522);
/* harmony import */ var node_zlib__WEBPACK_IMPORTED_MODULE_0___default = /*#__PURE__*/__webpack_require__.n(node_zlib__WEBPACK_IMPORTED_MODULE_0__);
/**
 * A ZIP reader for archives nobody vouches for (artifacts uploaded by a pull request from a fork). It never
 * writes an entry to disk; it returns the entries' bytes, and refuses the whole archive when anything is off:
 *
 * - sizes are checked before extracting (the archive, the number of entries, each entry's declared size and
 *   their sum) and while extracting (inflation stops at the entry's declared size, so a small archive that
 *   claims small entries but inflates to gigabytes is cut off at the claim);
 * - entry names must be plain relative paths: no absolute path, drive letter, backslash, `.`/`..` segment,
 *   empty segment, control character, or duplicate name (path traversal, "zip slip");
 * - only stored and deflated entries, no encryption, no ZIP64, no multi-disk archives, no symbolic links,
 *   no overlapping entries (the "better zip bomb" trick), and each entry's CRC-32 must match.
 */

const DEFAULT_ZIP_LIMITS = {
    maxArchiveBytes: 64 * 1024 * 1024,
    maxEntries: 16,
    maxEntryBytes: 128 * 1024 * 1024,
    maxTotalBytes: 160 * 1024 * 1024,
};
class UnsafeArchiveError extends Error {
}
const EOCD = 0x06054b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;
const ZIP64_LOCATOR = 0x07064b50;
/** Why an entry name is refused, or undefined when it is a plain relative path. */
function unsafeEntryName(name) {
    if (name === '')
        return 'an empty name';
    if (name.length > 255)
        return 'a name longer than 255 characters';
    // eslint-disable-next-line no-control-regex
    if (/[\u0000-\u001f\u007f]/.test(name))
        return 'a control character in the name';
    if (name.includes('\\'))
        return 'a backslash in the name';
    if (name.startsWith('/'))
        return 'an absolute path';
    if (/^[A-Za-z]:/.test(name))
        return 'a drive letter';
    const segments = (name.endsWith('/') ? name.slice(0, -1) : name).split('/');
    for (const s of segments) {
        if (s === '')
            return 'an empty path segment';
        if (s === '..')
            return "a '..' segment (path traversal)";
        if (s === '.')
            return "a '.' segment";
    }
    return undefined;
}
/**
 * The end-of-central-directory record. Readers look for it differently: Info-ZIP's unzip and Python's zipfile take
 * the last signature within the last 64 KiB + 22 bytes (Python first tries a comment-less record in the last 22
 * bytes), others the first whose comment ends exactly at the end of the file. They agree only when the signature
 * occurs once in that window and its comment ends at the end of the file, so anything else is refused: a second
 * record hidden in the comment (or anywhere near the end) is an archive two tools would read differently.
 */
function findEnd(buf) {
    const min = Math.max(0, buf.length - 22 - 0xffff);
    const found = [];
    for (let i = buf.length - 4; i >= min; i--)
        if (buf.readUInt32LE(i) === EOCD)
            found.push(i);
    if (found.length === 0)
        throw new UnsafeArchiveError('not a ZIP archive (no end of central directory)');
    if (found.length > 1) {
        throw new UnsafeArchiveError(`ambiguous archive: ${found.length} end-of-central-directory signatures near its end (one hidden in the comment?), which other tools may read differently`);
    }
    const end = found[0];
    if (end + 22 > buf.length || end + 22 + buf.readUInt16LE(end + 20) !== buf.length) {
        throw new UnsafeArchiveError('the end-of-central-directory record does not end the archive (its comment length disagrees with the file size)');
    }
    return end;
}
/** Reads every entry of `bytes` (file entries only: path → content). Throws UnsafeArchiveError on anything unsafe. */
function readZip(bytes, limits = DEFAULT_ZIP_LIMITS) {
    const buf = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    if (buf.length > limits.maxArchiveBytes)
        throw new UnsafeArchiveError(`archive of ${buf.length} bytes is larger than the limit of ${limits.maxArchiveBytes}`);
    if (buf.length < 22)
        throw new UnsafeArchiveError('not a ZIP archive (too short)');
    const end = findEnd(buf);
    if (end >= 20 && buf.readUInt32LE(end - 20) === ZIP64_LOCATOR)
        throw new UnsafeArchiveError('ZIP64 archives are not accepted');
    const disk = buf.readUInt16LE(end + 4);
    const cdDisk = buf.readUInt16LE(end + 6);
    const entriesHere = buf.readUInt16LE(end + 8);
    const entries = buf.readUInt16LE(end + 10);
    const cdSize = buf.readUInt32LE(end + 12);
    const cdOffset = buf.readUInt32LE(end + 16);
    if (disk !== 0 || cdDisk !== 0 || entriesHere !== entries)
        throw new UnsafeArchiveError('multi-disk archives are not accepted');
    if (entries === 0xffff || cdSize === 0xffffffff || cdOffset === 0xffffffff)
        throw new UnsafeArchiveError('ZIP64 archives are not accepted');
    if (entries > limits.maxEntries)
        throw new UnsafeArchiveError(`${entries} entries; at most ${limits.maxEntries} are accepted`);
    if (cdOffset + cdSize > end)
        throw new UnsafeArchiveError('the central directory lies outside the archive');
    const central = [];
    let p = cdOffset;
    let declaredTotal = 0;
    const names = new Set();
    for (let i = 0; i < entries; i++) {
        if (p + 46 > cdOffset + cdSize || buf.readUInt32LE(p) !== CENTRAL)
            throw new UnsafeArchiveError(`central directory entry ${i} is damaged`);
        const madeBy = buf.readUInt16LE(p + 4) >> 8;
        const flags = buf.readUInt16LE(p + 8);
        const method = buf.readUInt16LE(p + 10);
        const crc = buf.readUInt32LE(p + 16);
        const compressedSize = buf.readUInt32LE(p + 20);
        const size = buf.readUInt32LE(p + 24);
        const nameLength = buf.readUInt16LE(p + 28);
        const extraLength = buf.readUInt16LE(p + 30);
        const commentLength = buf.readUInt16LE(p + 32);
        const entryDisk = buf.readUInt16LE(p + 34);
        const external = buf.readUInt32LE(p + 38);
        const localOffset = buf.readUInt32LE(p + 42);
        const next = p + 46 + nameLength + extraLength + commentLength;
        if (next > cdOffset + cdSize)
            throw new UnsafeArchiveError(`central directory entry ${i} is damaged`);
        const rawName = buf.subarray(p + 46, p + 46 + nameLength);
        const utf8 = (flags & 0x0800) !== 0;
        if (!utf8 && rawName.some((b) => b > 0x7f))
            throw new UnsafeArchiveError(`entry ${i} has a non-ASCII name without the UTF-8 flag`);
        const name = rawName.toString('utf8');
        const unsafe = unsafeEntryName(name);
        if (unsafe)
            throw new UnsafeArchiveError(`entry ${JSON.stringify(name.slice(0, 100))} has ${unsafe}`);
        if (names.has(name))
            throw new UnsafeArchiveError(`entry ${JSON.stringify(name.slice(0, 100))} appears twice`);
        names.add(name);
        if (flags & 0x0001)
            throw new UnsafeArchiveError(`entry ${JSON.stringify(name)} is encrypted`);
        if (method !== 0 && method !== 8)
            throw new UnsafeArchiveError(`entry ${JSON.stringify(name)} uses compression method ${method}; only stored and deflated entries are accepted`);
        if (entryDisk !== 0)
            throw new UnsafeArchiveError('multi-disk archives are not accepted');
        if (compressedSize === 0xffffffff || size === 0xffffffff || localOffset === 0xffffffff)
            throw new UnsafeArchiveError('ZIP64 entries are not accepted');
        // Unix file type in the high bits of the external attributes (made by Unix = 3): refuse symbolic links.
        if (madeBy === 3 && ((external >>> 16) & 0o170000) === 0o120000)
            throw new UnsafeArchiveError(`entry ${JSON.stringify(name)} is a symbolic link`);
        const directory = name.endsWith('/');
        if (directory && size !== 0)
            throw new UnsafeArchiveError(`directory entry ${JSON.stringify(name)} has content`);
        if (size > limits.maxEntryBytes)
            throw new UnsafeArchiveError(`entry ${JSON.stringify(name)} declares ${size} bytes; the limit is ${limits.maxEntryBytes}`);
        declaredTotal += size;
        if (declaredTotal > limits.maxTotalBytes)
            throw new UnsafeArchiveError(`the entries declare more than ${limits.maxTotalBytes} bytes in all`);
        central.push({ name, method, crc, compressedSize, size, localOffset, directory });
        p = next;
    }
    // Each entry's local header and data, in file order, must not overlap another's or the central directory.
    const spans = central.map((e) => {
        if (e.localOffset + 30 > cdOffset || buf.readUInt32LE(e.localOffset) !== LOCAL)
            throw new UnsafeArchiveError(`entry ${JSON.stringify(e.name)} has no local header`);
        const localNameLength = buf.readUInt16LE(e.localOffset + 26);
        const localExtraLength = buf.readUInt16LE(e.localOffset + 28);
        const localName = buf.subarray(e.localOffset + 30, e.localOffset + 30 + localNameLength).toString('utf8');
        if (localName !== e.name)
            throw new UnsafeArchiveError(`entry ${JSON.stringify(e.name)} has another name in its local header`);
        const start = e.localOffset + 30 + localNameLength + localExtraLength;
        const endOfData = start + e.compressedSize;
        if (endOfData > cdOffset)
            throw new UnsafeArchiveError(`entry ${JSON.stringify(e.name)} runs past the end of the data`);
        return { entry: e, from: e.localOffset, start, end: endOfData };
    });
    const sorted = [...spans].sort((a, b) => a.from - b.from);
    for (let i = 1; i < sorted.length; i++) {
        if (sorted[i].from < sorted[i - 1].end)
            throw new UnsafeArchiveError(`entries ${JSON.stringify(sorted[i - 1].entry.name)} and ${JSON.stringify(sorted[i].entry.name)} overlap`);
    }
    const files = new Map();
    for (const { entry: e, start, end: dataEnd } of spans) {
        if (e.directory)
            continue;
        const data = buf.subarray(start, dataEnd);
        let content;
        if (e.method === 0) {
            if (e.compressedSize !== e.size)
                throw new UnsafeArchiveError(`stored entry ${JSON.stringify(e.name)} has two different sizes`);
            content = Buffer.from(data);
        }
        else {
            try {
                // Inflation stops as soon as the output would exceed the declared size.
                content = (0,node_zlib__WEBPACK_IMPORTED_MODULE_0__.inflateRawSync)(data, { maxOutputLength: Math.max(1, e.size) });
            }
            catch (error) {
                const code = error.code;
                if (code === 'ERR_BUFFER_TOO_LARGE' || error instanceof RangeError) {
                    throw new UnsafeArchiveError(`entry ${JSON.stringify(e.name)} inflates to more than its declared ${e.size} bytes`);
                }
                throw new UnsafeArchiveError(`entry ${JSON.stringify(e.name)} is not valid deflate data: ${error instanceof Error ? error.message : String(error)}`);
            }
        }
        if (content.length !== e.size)
            throw new UnsafeArchiveError(`entry ${JSON.stringify(e.name)} is ${content.length} bytes, not the declared ${e.size}`);
        if ((0,node_zlib__WEBPACK_IMPORTED_MODULE_0__.crc32)(content) >>> 0 !== e.crc)
            throw new UnsafeArchiveError(`entry ${JSON.stringify(e.name)} fails its CRC-32 check`);
        files.set(e.name, content);
    }
    return files;
}


/***/ }),

/***/ 19931:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   Gy: () => (/* binding */ ingestShards),
/* harmony export */   Se: () => (/* binding */ collectShards),
/* harmony export */   Xv: () => (/* binding */ readModeActionInputs),
/* harmony export */   _n: () => (/* binding */ requireArtifactRuntime),
/* harmony export */   _y: () => (/* binding */ secretInputs),
/* harmony export */   fQ: () => (/* binding */ tempRoot)
/* harmony export */ });
/* unused harmony exports MAX_ARTIFACTS, MAX_INGESTED_BYTES, shardParcel */
/* harmony import */ var _actions_core__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(91659);
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(76760);
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_1___default = /*#__PURE__*/__webpack_require__.n(node_path__WEBPACK_IMPORTED_MODULE_1__);
/* harmony import */ var node_os__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(48161);
/* harmony import */ var node_os__WEBPACK_IMPORTED_MODULE_2___default = /*#__PURE__*/__webpack_require__.n(node_os__WEBPACK_IMPORTED_MODULE_2__);
/* harmony import */ var _config_inputs_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(64389);
/* harmony import */ var _scoring_index_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(10337);
/* harmony import */ var _pipeline_stats_scores_js__WEBPACK_IMPORTED_MODULE_5__ = __webpack_require__(72081);
/* harmony import */ var _store_git_js__WEBPACK_IMPORTED_MODULE_6__ = __webpack_require__(79029);
/* harmony import */ var _config_remote_js__WEBPACK_IMPORTED_MODULE_7__ = __webpack_require__(63798);
/* harmony import */ var _dashboard_branch_files_js__WEBPACK_IMPORTED_MODULE_8__ = __webpack_require__(28456);
/* harmony import */ var _store_sync_js__WEBPACK_IMPORTED_MODULE_9__ = __webpack_require__(32190);
/* harmony import */ var _text_escape_js__WEBPACK_IMPORTED_MODULE_10__ = __webpack_require__(67388);
/* harmony import */ var _artifacts_bundle_js__WEBPACK_IMPORTED_MODULE_11__ = __webpack_require__(62363);
/* harmony import */ var _artifacts_zip_js__WEBPACK_IMPORTED_MODULE_12__ = __webpack_require__(56744);
/* harmony import */ var _pipeline_fold_js__WEBPACK_IMPORTED_MODULE_13__ = __webpack_require__(2075);
/* harmony import */ var _pipeline_job_js__WEBPACK_IMPORTED_MODULE_14__ = __webpack_require__(38929);
/* harmony import */ var _github_runs_js__WEBPACK_IMPORTED_MODULE_15__ = __webpack_require__(1281);
/* harmony import */ var _history_trust_js__WEBPACK_IMPORTED_MODULE_17__ = __webpack_require__(32786);
/* harmony import */ var _shards_js__WEBPACK_IMPORTED_MODULE_16__ = __webpack_require__(20163);
/**
 * What the upload, aggregate and ingest modes share: reading inputs and reports like the default mode, the data
 * branch's remote, collecting shards from artifacts, and one write of the data branch for all of them.
 */


















/** At most this many flakeguard artifacts are read from one workflow run. */
const MAX_ARTIFACTS = 256;
/** Uncompressed bytes of all artifacts of one ingestion together. */
const MAX_INGESTED_BYTES = 512 * 1024 * 1024;
/** The action's inputs; `reports` may be left out in the modes that read no report. */
function readModeActionInputs(env, reportsNeeded) {
    const get = (0,_config_inputs_js__WEBPACK_IMPORTED_MODULE_3__/* .inputsFromEnv */ .lN)(env);
    return (0,_config_inputs_js__WEBPACK_IMPORTED_MODULE_3__/* .readInputs */ .Ko)((name) => (name === 'reports' && !reportsNeeded && get(name) === '' ? '(not used in this mode)' : get(name)));
}
function secretInputs(inputs, register) {
    for (const secret of [inputs.token, inputs.inboxKey]) {
        if (!secret)
            continue;
        _actions_core__WEBPACK_IMPORTED_MODULE_0__.setSecret(secret);
        register(secret);
    }
}
function tempRoot(ctx) {
    return (0,node_path__WEBPACK_IMPORTED_MODULE_1__.join)(ctx.runnerTemp || (0,node_os__WEBPACK_IMPORTED_MODULE_2__.tmpdir)(), 'flakeguard');
}
/**
 * Downloads and reads every flakeguard artifact of a run (of this run, or of another with `findBy`). An
 * artifact that is too large, not a safe archive, or whose files do not parse is refused; the others are used.
 */
async function collectShards(options) {
    const { listArtifacts, downloadArtifactBytes, ArtifactSizeError } = await __webpack_require__.e(/* import() */ 616).then(__webpack_require__.bind(__webpack_require__, 4616));
    const listed = (await listArtifacts(options.findBy)).filter((a) => a.name.startsWith(_artifacts_bundle_js__WEBPACK_IMPORTED_MODULE_11__/* .ARTIFACT_PREFIX */ .Cw));
    const refused = [];
    const shards = [];
    const ours = [...listed].sort((a, b) => a.id - b.id);
    // Another run's artifacts (ingest-workflow-run) are untrusted: fewer of them are read (src/history/trust.ts).
    const untrusted = options.findBy !== undefined;
    const max = untrusted ? _history_trust_js__WEBPACK_IMPORTED_MODULE_17__/* .MAX_UNTRUSTED_ARTIFACTS */ .So : MAX_ARTIFACTS;
    if (ours.length > max) {
        for (const a of ours.slice(max))
            refused.push({ artifact: a.name, reason: `more than ${max} flakeguard artifacts in one ${untrusted ? 'untrusted ' : ''}run` });
    }
    let budget = MAX_INGESTED_BYTES;
    for (const artifact of ours.slice(0, max)) {
        if (budget <= 0) {
            refused.push({ artifact: artifact.name, reason: `the artifacts of this run hold more than ${MAX_INGESTED_BYTES} bytes in all` });
            continue;
        }
        try {
            const bytes = await downloadArtifactBytes(artifact, (0,node_path__WEBPACK_IMPORTED_MODULE_1__.join)(tempRoot(options.ctx), 'downloads'), _artifacts_zip_js__WEBPACK_IMPORTED_MODULE_12__/* .DEFAULT_ZIP_LIMITS */ .RT.maxArchiveBytes, options.findBy);
            const limits = { ..._artifacts_zip_js__WEBPACK_IMPORTED_MODULE_12__/* .DEFAULT_ZIP_LIMITS */ .RT, maxTotalBytes: Math.min(_artifacts_zip_js__WEBPACK_IMPORTED_MODULE_12__/* .DEFAULT_ZIP_LIMITS */ .RT.maxTotalBytes, budget) };
            const bundle = (0,_artifacts_bundle_js__WEBPACK_IMPORTED_MODULE_11__/* .readBundle */ .Bo)(bytes, limits);
            budget -= bundle.bytes;
            shards.push((0,_shards_js__WEBPACK_IMPORTED_MODULE_16__/* .shardFromBundle */ .hz)(bundle, options.trusted, { split: options.split, artifact: artifact.name, untrusted }));
            _actions_core__WEBPACK_IMPORTED_MODULE_0__.info((0,_text_escape_js__WEBPACK_IMPORTED_MODULE_10__/* .logText */ .kc)(`Artifact ${artifact.name}: ${bundle.results.tests.length} tests.`));
        }
        catch (error) {
            const reason = error instanceof _artifacts_bundle_js__WEBPACK_IMPORTED_MODULE_11__/* .BundleError */ .rJ || error instanceof ArtifactSizeError ? error.message : `could not be downloaded or read: ${error instanceof Error ? error.message : String(error)}`;
            refused.push({ artifact: artifact.name, reason });
        }
    }
    return { shards, refused };
}
/** One fetch–apply–push of the data branch for all shards (retrying like the default mode). */
async function ingestShards(o) {
    return _actions_core__WEBPACK_IMPORTED_MODULE_0__.group(`Updating the data branch '${o.inputs.dataBranch}'`, async () => {
        const remote = await (0,_config_remote_js__WEBPACK_IMPORTED_MODULE_7__/* .dataRemote */ .P)(o.inputs, o.ctx);
        const repo = await _store_git_js__WEBPACK_IMPORTED_MODULE_6__/* .DataRepo */ .nV.open(remote, o.inputs.dataBranch, o.inputs.token, o.ctx.runnerTemp || undefined);
        try {
            // Scores as of the newest shard's time (not the clock): ingesting the same results again changes nothing.
            const options = { ...o.config, normalise: _scoring_index_js__WEBPACK_IMPORTED_MODULE_4__/* .normalizeErrorMessage */ .DP, scoreTests: (0,_pipeline_stats_scores_js__WEBPACK_IMPORTED_MODULE_5__/* .statsScores */ .T)(Math.max(...o.shards.map((s) => s.run.time)), o.config.policy.rules.scoring) };
            const warnClock = (0,_pipeline_job_js__WEBPACK_IMPORTED_MODULE_14__/* .clockWarner */ .sU)();
            const provenance = (0,_github_runs_js__WEBPACK_IMPORTED_MODULE_15__/* .inboxProvenance */ ._E)(o.inputs, o.ctx);
            const sync = await (0,_store_sync_js__WEBPACK_IMPORTED_MODULE_9__/* .syncRun */ .Np)(repo, (snapshot) => (0,_shards_js__WEBPACK_IMPORTED_MODULE_16__/* .applyShards */ .qP)({ snapshot, shards: o.shards, now: o.now, extraReasons: o.extraReasons, closedByHand: o.closedByHand, issueOf: o.issueOf }, options), {
                attempts: o.inputs.pushAttempts,
                readOnly: o.readOnly,
                commitMessage: o.commitMessage,
                log: (m) => _actions_core__WEBPACK_IMPORTED_MODULE_0__.info((0,_text_escape_js__WEBPACK_IMPORTED_MODULE_10__/* .logText */ .kc)(m)),
                warn: (m) => _actions_core__WEBPACK_IMPORTED_MODULE_0__.warning((0,_text_escape_js__WEBPACK_IMPORTED_MODULE_10__/* .commandText */ .jt)(m, 1000)),
                extraFiles: (current) => (0,_dashboard_branch_files_js__WEBPACK_IMPORTED_MODULE_8__/* .dashboardFiles */ ._l)(current, { workspace: o.ctx.workspace, classMap: o.inputs.codeownersMap }),
                releaseTexts: true,
                inbox: {
                    parcel: (applied) => (0,_pipeline_fold_js__WEBPACK_IMPORTED_MODULE_13__/* .runParcel */ .jO)(o.shards[0].run, shardParcel(o.shards, applied), Date.now(), provenance.seal),
                    admit: (parcel) => (0,_pipeline_fold_js__WEBPACK_IMPORTED_MODULE_13__/* .admitParcel */ .r4)(parcel, provenance),
                    fold: (snapshot, parcels) => (0,_pipeline_fold_js__WEBPACK_IMPORTED_MODULE_13__/* .foldParcels */ .a4)(snapshot, parcels, options, o.now, warnClock),
                },
            });
            for (const note of sync.applied.clockNotes)
                warnClock(note);
            return sync;
        }
        finally {
            await repo.dispose();
        }
    });
}
/** Every shard of an ingestion as a parcel's entries, each with its shard's decided result. */
function shardParcel(shards, applied) {
    return shards.map((s) => {
        const i = applied.decided.findIndex((d) => d.identity === s.identity);
        return { run: s.run, tests: s.reports.tests, jobSucceeded: i >= 0 && applied.shardOutcomes[i].result === 'success', ...(s.untrusted ? { untrusted: true } : {}) };
    });
}
function requireArtifactRuntime(env, mode, available) {
    if (!available) {
        throw new _config_inputs_js__WEBPACK_IMPORTED_MODULE_3__/* .InputError */ .dz(`mode: ${mode} needs the Actions artifact service (ACTIONS_RUNTIME_TOKEN and ACTIONS_RESULTS_URL, which the runner gives to actions); they are not set${env.GITHUB_ACTIONS === 'true' ? '' : ': this does not look like a GitHub Actions runner'}.`);
    }
}


/***/ }),

/***/ 20163:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   HI: () => (/* binding */ untrustedRuns),
/* harmony export */   JL: () => (/* binding */ latestPerShard),
/* harmony export */   hz: () => (/* binding */ shardFromBundle),
/* harmony export */   qP: () => (/* binding */ applyShards)
/* harmony export */ });
/* unused harmony export safeJobName */
/* harmony import */ var node_crypto__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(77598);
/* harmony import */ var node_crypto__WEBPACK_IMPORTED_MODULE_0___default = /*#__PURE__*/__webpack_require__.n(node_crypto__WEBPACK_IMPORTED_MODULE_0__);
/* harmony import */ var _pipeline_apply_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(33546);
/* harmony import */ var _policy_outcome_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(58702);
/* harmony import */ var _store_snapshot_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(66590);
/* harmony import */ var _junit_index_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(40999);
/* harmony import */ var _artifacts_bundle_js__WEBPACK_IMPORTED_MODULE_5__ = __webpack_require__(62363);
/* harmony import */ var _job_key_js__WEBPACK_IMPORTED_MODULE_6__ = __webpack_require__(67597);
/* harmony import */ var _history_trust_js__WEBPACK_IMPORTED_MODULE_7__ = __webpack_require__(32786);
/**
 * Several jobs' results ingested in one write of the data branch (the aggregate pattern, and the results a
 * fork's run left behind). Each shard keeps its own run identity; each shard's outcome is decided against the
 * quarantine as it stood before any shard of this ingestion (a failure on one platform cannot forgive itself on
 * another); then the shards are applied to the history one after the other. Pure, except for nothing.
 */








const hash8 = (text) => (0,node_crypto__WEBPACK_IMPORTED_MODULE_0__.createHash)('sha256').update(text).digest('hex').slice(0, 8);
/** A GitHub job id is `[A-Za-z0-9_-]`; anything else in an artifact's claim is replaced. */
function safeJobName(job) {
    const safe = job.replace(/[^A-Za-z0-9_-]/g, '_').slice(0, 100);
    return safe === '' ? 'job' : safe;
}
/**
 * A shard from an artifact's bundle. Only report data is taken from the bundle; the run's commit, ref, event,
 * branch and link come from `trusted`, and the run key is rebuilt under the trusted run id exactly as the shard's
 * own job would have built it (config/context.ts runIdentity), so ingesting it twice counts once. Test ids are
 * recomputed from classname, name and suite (an artifact cannot file results under another test's id), then
 * carry the job key when `split` is set.
 */
function shardFromBundle(bundle, trusted, options) {
    const { manifest, results } = bundle;
    if (options.untrusted && results.tests.length > _history_trust_js__WEBPACK_IMPORTED_MODULE_7__/* .MAX_UNTRUSTED_TESTS */ .SF) {
        throw new _artifacts_bundle_js__WEBPACK_IMPORTED_MODULE_5__/* .BundleError */ .rJ(`it lists ${results.tests.length} tests, more than the ${_history_trust_js__WEBPACK_IMPORTED_MODULE_7__/* .MAX_UNTRUSTED_TESTS */ .SF} an untrusted run may report`);
    }
    const job = safeJobName(results.run.job);
    const key = `${trusted.runId}/${job}/${hash8(`${manifest.jobKey}\n${manifest.reportPatterns.join('\n')}`)}`;
    const attempt = Math.min(Math.max(1, Math.trunc(results.run.runAttempt) || 1), trusted.maxAttempt);
    const time = Math.min(Math.max(results.run.time, trusted.earliest), trusted.latest);
    const run = {
        key,
        runId: trusted.runId,
        runAttempt: attempt,
        job,
        workflow: trusted.workflow,
        sha: trusted.sha,
        ref: trusted.ref,
        onDefaultBranch: trusted.onDefaultBranch,
        event: trusted.event,
        time,
        url: `${trusted.url}/attempts/${attempt}`,
    };
    const rendered = options.split ? (0,_job_key_js__WEBPACK_IMPORTED_MODULE_6__/* .renderJobKey */ .db)(manifest.jobKey) : '';
    const seen = new Set();
    const tests = results.tests.map((t) => {
        const id = (0,_job_key_js__WEBPACK_IMPORTED_MODULE_6__/* .splitTestId */ .Wf)((0,_junit_index_js__WEBPACK_IMPORTED_MODULE_4__/* .testId */ .ec)({ classname: t.classname, name: t.name, suite: t.suite }), rendered);
        if (seen.has(id))
            throw new _artifacts_bundle_js__WEBPACK_IMPORTED_MODULE_5__/* .BundleError */ .rJ(`the results list the test '${id.slice(0, 200)}' twice`);
        seen.add(id);
        return { ...t, id };
    });
    return {
        label: (0,_job_key_js__WEBPACK_IMPORTED_MODULE_6__/* .shardLabel */ .$_)(job, manifest.jobKey),
        identity: `${job}\n${manifest.jobKey}\n${manifest.reportPatterns.join('\n')}`,
        jobKey: manifest.jobKey,
        run,
        reports: { tests, problems: manifest.problems, filesRead: manifest.filesRead },
        filesMatched: manifest.filesMatched,
        testOutcome: manifest.testOutcome,
        artifact: options.artifact,
        ...(options.untrusted ? { untrusted: true } : {}),
    };
}
const MAX_PROBLEMS = 1000;
const STEP_OUTCOMES = ['failure', 'cancelled', 'skipped', '', 'success'];
/**
 * The untrusted runs of a workflow run (`ingest-workflow-run`): one per attempt of the run (the attempt an artifact
 * claims, already clamped to the event's `run_attempt`), whatever jobs, job keys and names its artifacts claim.
 * Each holds its artifacts' tests (in artifact label order, each test once, capped: src/history/trust.ts) under the
 * run key `untrustedRunKey` of the trusted run id, so ingesting the same attempt again counts once.
 */
function untrustedRuns(shards, trusted) {
    const byAttempt = new Map();
    for (const s of shards) {
        const list = byAttempt.get(s.run.runAttempt) ?? [];
        list.push(s);
        byAttempt.set(s.run.runAttempt, list);
    }
    const key = (0,_history_trust_js__WEBPACK_IMPORTED_MODULE_7__/* .untrustedRunKey */ .z9)(trusted.runId);
    return [...byAttempt.entries()]
        .sort(([a], [b]) => a - b)
        .map(([attempt, list]) => {
        const ordered = [...list].sort((a, b) => a.label.localeCompare(b.label) || a.identity.localeCompare(b.identity));
        const first = ordered[0];
        return {
            label: `workflow run ${trusted.runId} (untrusted)`,
            identity: key,
            jobKey: '',
            run: { ...first.run, key, job: 'untrusted', runAttempt: attempt, time: Math.max(...ordered.map((s) => s.run.time)), url: `${trusted.url}/attempts/${attempt}` },
            reports: {
                tests: (0,_history_trust_js__WEBPACK_IMPORTED_MODULE_7__/* .boundedUntrustedTests */ .B_)(ordered.flatMap((s) => s.reports.tests)),
                problems: ordered.flatMap((s) => s.reports.problems).slice(0, MAX_PROBLEMS),
                filesRead: ordered.reduce((n, s) => n + s.reports.filesRead, 0),
            },
            filesMatched: ordered.reduce((n, s) => n + s.filesMatched, 0),
            // The worst step outcome any artifact claims.
            testOutcome: STEP_OUTCOMES.find((o) => ordered.some((s) => s.testOutcome === o)) ?? '',
            artifact: ordered
                .map((s) => s.artifact)
                .join(', ')
                .slice(0, 1000),
            untrusted: true,
        };
    });
}
/** Of several uploads of one shard (workflow re-runs), the latest attempt's. */
function latestPerShard(shards) {
    const best = new Map();
    for (const s of shards) {
        const current = best.get(s.identity);
        if (!current || s.run.runAttempt > current.run.runAttempt)
            best.set(s.identity, s);
    }
    return [...best.values()].sort((a, b) => a.label.localeCompare(b.label));
}
/**
 * Decides each shard's outcome (its latest attempt) and applies every upload, all attempts, to the history; the
 * result's outcome combines the shards'.
 */
function applyShards(input, options) {
    const { snapshot, now } = input;
    if (input.shards.length === 0)
        throw new Error('applyShards needs at least one shard');
    const decided = latestPerShard(input.shards);
    const shards = [...input.shards].sort((a, b) => a.label.localeCompare(b.label) || a.identity.localeCompare(b.identity) || a.run.runAttempt - b.run.runAttempt);
    const before = (0,_pipeline_apply_js__WEBPACK_IMPORTED_MODULE_1__/* .quarantineBefore */ .ck)(snapshot, now);
    const shardOutcomes = decided.map((s) => {
        const judged = (0,_pipeline_apply_js__WEBPACK_IMPORTED_MODULE_1__/* .judgeFailures */ .$)(snapshot, before, s.reports.tests, s.run, options);
        return (0,_policy_outcome_js__WEBPACK_IMPORTED_MODULE_2__/* .decideOutcome */ .dl)({
            tests: s.reports.tests,
            problems: s.reports.problems,
            filesMatched: s.filesMatched,
            testOutcome: s.testOutcome,
            quarantined: before.quarantined,
            unforgiven: judged.unforgiven,
            outages: judged.failingOutages,
        });
    });
    let current = snapshot;
    let last;
    let ingested = false;
    let compact = false;
    const clockNotes = [];
    for (const s of shards) {
        last = (0,_pipeline_apply_js__WEBPACK_IMPORTED_MODULE_1__/* .applyRun */ .qU)({
            snapshot: current,
            reports: s.reports,
            filesMatched: s.filesMatched,
            testOutcome: s.testOutcome,
            run: s.run,
            now,
            closedByHand: input.closedByHand,
            issueOf: input.issueOf,
            ...(s.untrusted ? { untrusted: true } : {}),
        }, options);
        ingested ||= last.ingested;
        compact ||= last.compact;
        clockNotes.push(...last.clockNotes);
        current = (0,_store_snapshot_js__WEBPACK_IMPORTED_MODULE_3__/* .parseSnapshot */ .E$)(last.files, current.blocked);
    }
    const final = last;
    const after = new Set(final.quarantined);
    const newlyQuarantined = final.quarantined.filter((id) => !before.quarantined.has(id));
    const released = [...before.quarantined].filter((id) => !after.has(id) && final.history.has(id)).sort();
    const reasons = [...input.extraReasons];
    decided.forEach((s, i) => {
        for (const r of shardOutcomes[i].reasons)
            reasons.push(`${s.label}: ${r}`);
    });
    const outcome = (0,_pipeline_apply_js__WEBPACK_IMPORTED_MODULE_1__/* .withDamage */ .SO)(snapshot, {
        result: reasons.length === 0 ? 'success' : 'failure',
        failed: shardOutcomes.flatMap((o) => o.failed),
        forgiven: shardOutcomes.flatMap((o) => o.forgiven),
        blocking: shardOutcomes.flatMap((o) => o.blocking),
        passedOnRetry: shardOutcomes.flatMap((o) => o.passedOnRetry),
        unforgiven: new Map(shardOutcomes.flatMap((o) => [...o.unforgiven])),
        reasons,
    });
    // A damaged branch is not written (src/store/sync.ts): its problems are those of the snapshot read, not of the re-read.
    const problems = snapshot.damaged.length > 0 ? [...snapshot.problems] : final.problems;
    return { ...final, problems, outcome, ingested, compact, newlyQuarantined, released, lapsed: before.lapsed, decided, shardOutcomes, clockNotes };
}


/***/ })

};
