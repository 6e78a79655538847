export const id = 544;
export const ids = [544];
export const modules = {

/***/ 76544:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

__webpack_require__.r(__webpack_exports__);
/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   runMode: () => (/* binding */ runMode)
/* harmony export */ });
async function runMode(env, modeInputs) {
    switch (modeInputs.mode) {
        case 'upload':
            return (await Promise.all(/* import() */[__webpack_require__.e(931), __webpack_require__.e(943)]).then(__webpack_require__.bind(__webpack_require__, 94943))).uploadMode(env, modeInputs);
        case 'aggregate':
            return (await Promise.all(/* import() */[__webpack_require__.e(931), __webpack_require__.e(523)]).then(__webpack_require__.bind(__webpack_require__, 21523))).aggregateMode(env, modeInputs);
        case 'ingest-workflow-run':
            return (await Promise.all(/* import() */[__webpack_require__.e(931), __webpack_require__.e(813)]).then(__webpack_require__.bind(__webpack_require__, 91813))).ingestWorkflowRunMode(env, modeInputs);
        case 'run':
            throw new Error('mode run is the default pipeline (action/run.ts)');
    }
}


/***/ })

};
