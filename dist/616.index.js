export const id = 616;
export const ids = [616];
export const modules = {

/***/ 4616:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   ArtifactSizeError: () => (/* binding */ ArtifactSizeError),
/* harmony export */   artifactRuntimeAvailable: () => (/* binding */ artifactRuntimeAvailable),
/* harmony export */   downloadArtifactBytes: () => (/* binding */ downloadArtifactBytes),
/* harmony export */   listArtifacts: () => (/* binding */ listArtifacts),
/* harmony export */   uploadArtifact: () => (/* binding */ uploadArtifact)
/* harmony export */ });
/* unused harmony export ArtifactServiceUnavailable */
/* harmony import */ var node_fs_promises__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(51455);
/* harmony import */ var node_fs_promises__WEBPACK_IMPORTED_MODULE_0___default = /*#__PURE__*/__webpack_require__.n(node_fs_promises__WEBPACK_IMPORTED_MODULE_0__);
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(76760);
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_1___default = /*#__PURE__*/__webpack_require__.n(node_path__WEBPACK_IMPORTED_MODULE_1__);
/* harmony import */ var _config_inputs_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(64389);
/**
 * The Actions artifact service through `@actions/artifact`, loaded only by the modes that use it (a dynamic
 * import keeps it, and the Azure SDK it brings, off the common path's start-up).
 *
 * Downloads are never extracted by the library: the archive is saved as one file (`skipDecompress`), its size
 * is checked, and src/artifacts/zip.ts reads it in memory with its own limits.
 */



class ArtifactSizeError extends Error {
}
/** True when this process runs in a job that can upload and list its run's artifacts. */
function artifactRuntimeAvailable(env = process.env) {
    return Boolean(env.ACTIONS_RUNTIME_TOKEN && env.ACTIONS_RESULTS_URL);
}
/**
 * The artifact service `@actions/artifact` v2 talks to exists on github.com and GHE.com, not on GitHub Enterprise
 * Server: there the library refuses every call (GHESNotSupportedError). Said as a clear error naming the server.
 */
class ArtifactServiceUnavailable extends _config_inputs_js__WEBPACK_IMPORTED_MODULE_2__/* .InputError */ .dz {
}
function unavailable(error) {
    if (error instanceof Error && error.name === 'GHESNotSupportedError') {
        let host = process.env.GITHUB_SERVER_URL ?? '';
        try {
            host = new URL(host).host;
        }
        catch {
            // the variable as given
        }
        throw new ArtifactServiceUnavailable(`The Actions artifact service that flakeguard's upload, aggregate and ingest-workflow-run modes use is not available on GitHub Enterprise Server (${host.slice(0, 200)}): @actions/artifact v2 supports github.com and GHE.com only. On this server, save results with the default mode (a run that can push the data branch); see docs/forks.md.`);
    }
    throw error;
}
async function client() {
    const module = await Promise.all(/* import() */[__webpack_require__.e(351), __webpack_require__.e(816)]).then(__webpack_require__.bind(__webpack_require__, 91816));
    return module.default;
}
/** Uploads `files` (absolute paths under `root`) as one zipped artifact of this workflow run. */
async function uploadArtifact(name, root, files, retentionDays) {
    const artifacts = await client();
    const result = await artifacts.uploadArtifact(name, files, root, retentionDays ? { retentionDays } : {}).catch(unavailable);
    return { id: result.id, size: result.size };
}
/** Artifacts of this workflow run (every attempt), or of another run with `findBy`. */
async function listArtifacts(findBy) {
    const artifacts = await client();
    const { artifacts: list } = await artifacts.listArtifacts(findBy ? { findBy } : {}).catch(unavailable);
    return list.map((a) => ({ id: a.id, name: a.name, size: a.size }));
}
/**
 * Downloads one artifact's archive, unextracted, into a fresh folder under `tempRoot`, and returns its bytes.
 * Refuses before downloading when the listed size is over `maxBytes`, and after when the file is.
 */
async function downloadArtifactBytes(artifact, tempRoot, maxBytes, findBy) {
    if (artifact.size > maxBytes)
        throw new ArtifactSizeError(`the artifact is ${artifact.size} bytes; the limit is ${maxBytes}`);
    await (0,node_fs_promises__WEBPACK_IMPORTED_MODULE_0__.mkdir)(tempRoot, { recursive: true });
    const dir = await (0,node_fs_promises__WEBPACK_IMPORTED_MODULE_0__.mkdtemp)((0,node_path__WEBPACK_IMPORTED_MODULE_1__.join)(tempRoot, 'artifact-'));
    const artifacts = await client();
    await artifacts.downloadArtifact(artifact.id, { path: dir, skipDecompress: true, ...(findBy ? { findBy } : {}) }).catch(unavailable);
    const entries = await (0,node_fs_promises__WEBPACK_IMPORTED_MODULE_0__.readdir)(dir);
    if (entries.length !== 1)
        throw new Error(`expected one downloaded file, found ${entries.length}`);
    const file = (0,node_path__WEBPACK_IMPORTED_MODULE_1__.join)(dir, entries[0]);
    const info = await (0,node_fs_promises__WEBPACK_IMPORTED_MODULE_0__.stat)(file);
    if (!info.isFile())
        throw new Error('the download is not a file');
    if (info.size > maxBytes)
        throw new ArtifactSizeError(`the downloaded archive is ${info.size} bytes; the limit is ${maxBytes}`);
    return (0,node_fs_promises__WEBPACK_IMPORTED_MODULE_0__.readFile)(file);
}


/***/ })

};
