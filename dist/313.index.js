export const id = 313;
export const ids = [313];
export const modules = {

/***/ 89313:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

// ESM COMPAT FLAG
__webpack_require__.r(__webpack_exports__);

// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  parseFileConfig: () => (/* binding */ parseFileConfig)
});

// EXTERNAL MODULE: ./node_modules/yaml/dist/index.js
var dist = __webpack_require__(38815);
;// CONCATENATED MODULE: ./src/config/settings.ts
/**
 * Every key of the config file (input `config`): where it goes, what it accepts, its default and the seed it
 * comes from. One list drives the parser (src/config/file.ts) and the table in docs/rules.md
 * (`node scripts/config-table.ts` prints it; test/config/settings.test.ts checks the document).
 */
const settings_int = (min, max) => ({ type: 'int', min, max });
const num = (min, max, above = false) => ({ type: 'number', min, max, above });
const prob = num(0, 1);
const FG = 'flakeguard';
const S = (key, target, kind, origin, description) => ({ key, target, kind, origin, description });
const R = ['policy', 'rules'];
const SC = [...R, 'scoring'];
const SETTINGS = [
    S('history.max-runs', ['retention', 'maxRuns'], settings_int(2, 10_000), '003', 'runs kept per test'),
    S('history.max-age-days', ['retention', 'maxAgeDays'], settings_int(1, 3650), '003', 'runs older than this are dropped'),
    S('history.compact-every', ['compactEvery'], settings_int(2, 100_000), FG, 'squash the data branch every this many writes (default: by suite size)'),
    S('policy.rule', ['policy', 'rule'], { type: 'choice', words: ['evidence', 'pfs', 'flip-rate', 'success-rate', 'multi-factor', 'thresholded'] }, FG, 'which method decides entry and release (docs/rules.md)'),
    S('policy.enter-same-commit-flips', ['policy', 'enterSameCommitFlips'], settings_int(1, 1000), FG, 'evidence rule: enter after this many failing runs on commits where the test also passed'),
    S('policy.enter-failure-episodes', ['policy', 'enterFailureEpisodes'], settings_int(1, 1000), FG, 'evidence rule: or after this many separate failure episodes'),
    S('policy.window', ['policy', 'window'], settings_int(2, 10_000), FG, 'evidence rule: runs considered'),
    S('policy.breakage-streak', ['policy', 'breakageStreak'], settings_int(1, 1000), FG, 'every rule: a failure streak this long up to now is breakage, never quarantined'),
    S('policy.release-after-clean-runs', ['policy', 'releaseAfterCleanRuns'], settings_int(1, 10_000), FG, 'evidence rule: leave after this many runs passing at the first attempt'),
    S('policy.forgive', ['policy', 'forgive'], { type: 'choice', words: ['known-failures', 'any-failure'] }, FG, 'every rule: which failures of a quarantined test are forgiven'),
    S('policy.outage-min-tests', ['policy', 'outageMinTests'], settings_int(2, 1_000_000), FG, 'every rule: an outage is at least this many tests of a report failing with one message…'),
    S('policy.outage-percent', ['policy', 'outagePercent'], settings_int(1, 100), FG, '…making at least this percentage of the report'),
    // Seed 002: PFS.
    S('policy.pfs.window', [...R, 'pfs', 'window'], settings_int(2, 10_000), '002', 'pfs rule: runs the posterior is computed over'),
    S('policy.pfs.enter-low', [...R, 'pfs', 'enterLow'], num(0, 1, true), '002', 'pfs rule: enter when the lower end of the PFS interval reaches this'),
    S('policy.pfs.release-below', [...R, 'pfs', 'releaseBelow'], num(0, 1, true), '002', 'pfs rule: leave when the PFS falls below this'),
    S('policy.pfs.min-runs', [...R, 'pfs', 'minRuns'], settings_int(1, 10_000), '002', 'pfs rule: counted runs needed before it enters'),
    S('policy.pfs.prior-pb', [...SC, 'pfs', 'priorPb'], { type: 'pair', min: 0, max: 1000, above: true }, '002', 'Beta prior [a, b] of p_b (bad state)'),
    S('policy.pfs.prior-pf', [...SC, 'pfs', 'priorPf'], { type: 'pair', min: 0, max: 1000, above: true }, '002', 'Beta prior [a, b] of p_f (the PFS)'),
    S('policy.pfs.credible-mass', [...SC, 'pfs', 'credibleMass'], num(0, 1, true), '002', 'mass of the PFS interval'),
    S('policy.pfs.grid-size', [...SC, 'pfs', 'gridSize'], settings_int(8, 512), '002', 'fine-grid intervals per axis of the integration'),
    // Seed 001: flip-rate.
    S('policy.flip-rate.window', [...SC, 'flipRate', 'window'], settings_int(2, 10_000), '001', 'outcomes in the flip-rate'),
    S('policy.flip-rate.ewma-alpha', [...SC, 'flipRate', 'ewmaAlpha'], num(0, 1, true), '001', 'EWMA weight of the newest flip'),
    S('policy.flip-rate.ewma-window', [...SC, 'flipRate', 'ewmaWindow'], settings_int(2, 10_000), '001', 'outcomes in the EWMA flip-rate'),
    S('policy.flip-rate.score', [...R, 'flipRate', 'score'], { type: 'choice', words: ['flip-rate', 'ewma'] }, '001', 'flip-rate rule: the rate the tier is taken from'),
    S('policy.flip-rate.quarantine-tiers', [...R, 'flipRate', 'quarantineTiers'], { type: 'list', words: ['Stable', 'Intermittent', 'Flaky', 'Chronic'] }, '001', 'flip-rate rule: tiers that enter quarantine (auto_update)'),
    S('policy.flip-rate.auto-release', [...R, 'flipRate', 'autoRelease'], { type: 'bool' }, '001', 'flip-rate rule: release when the tier leaves those (auto-release)'),
    // Seed 003: success rate.
    S('policy.success-rate.lookback-days', [...SC, 'successRate', 'lookbackDays'], settings_int(1, 3650), '003', 'days of runs in the success rate'),
    S('policy.success-rate.filter', [...SC, 'successRate', 'filter'], { type: 'choice', words: ['default-branch-or-successful-job', 'all'] }, '003', 'runs counted'),
    S('policy.success-rate.pass-when', [...SC, 'successRate', 'passWhen'], { type: 'choice', words: ['all-attempts', 'final-attempt'] }, '003', 'what counts as a success'),
    S('policy.success-rate.enter-below', [...R, 'successRate', 'enterBelow'], num(0, 1, true), '003', 'success-rate rule: enter below this rate (and a hand-edited `successRate` below it forces a quarantine)'),
    S('policy.success-rate.release-at', [...R, 'successRate', 'releaseAt'], prob, '003', 'success-rate rule: leave at this rate'),
    S('policy.success-rate.min-runs', [...R, 'successRate', 'minRuns'], settings_int(1, 10_000), '003', 'success-rate rule: counted runs needed'),
    // Seed 004: thresholded flakiness.
    S('policy.thresholded.alpha', [...SC, 'thresholded', 'alpha'], num(0, 1, true), '004', 'α: failure chances at or above it score 0 (reproducible)'),
    S('policy.thresholded.enter-above', [...R, 'thresholded', 'enterAbove'], { type: 'number', min: 0, max: 1 }, '004', 'thresholded rule: enter above this flakiness (its p from the success rate above)'),
    S('policy.thresholded.min-runs', [...R, 'thresholded', 'minRuns'], settings_int(1, 10_000), '004', 'thresholded rule: counted runs needed'),
    // Seed 000: multi-factor.
    S('policy.multi-factor.rolling-window-size', [...SC, 'multiFactor', 'rollingWindowSize'], settings_int(1, 10_000), '000', 'recent runs analysed'),
    S('policy.multi-factor.min-runs-for-scoring', [...SC, 'multiFactor', 'minRunsForScoring'], settings_int(1, 10_000), '000', 'below this, at most "monitor"'),
    S('policy.multi-factor.lookback-days', [...SC, 'multiFactor', 'lookbackDays'], settings_int(1, 3650), '000', 'days of runs analysed'),
    S('policy.multi-factor.recent-failure-window', [...SC, 'multiFactor', 'recentFailureWindow'], settings_int(1, 3650), '000', 'days of `recentFailures` (no formula uses it)'),
    S('policy.multi-factor.quarantine-threshold', [...SC, 'multiFactor', 'quarantineThreshold'], prob, '000', 'score for "quarantine" (the multi-factor rule enters on it)'),
    S('policy.multi-factor.investigation-threshold', [...SC, 'multiFactor', 'investigationThreshold'], prob, '000', 'score for "investigate"'),
    S('policy.multi-factor.monitoring-threshold', [...SC, 'multiFactor', 'monitoringThreshold'], prob, '000', 'below it "stable" (the multi-factor rule releases on it)'),
    S('policy.multi-factor.min-confidence-for-quarantine', [...SC, 'multiFactor', 'minConfidenceForQuarantine'], prob, '000', 'confidence for "quarantine"'),
    S('policy.multi-factor.min-confidence-for-action', [...SC, 'multiFactor', 'minConfidenceForAction'], prob, '000', 'confidence for "investigate"'),
    ...['intermittency', 'rerun-pass-rate', 'failure-clustering', 'message-variance', 'fail-success-ratio', 'consecutive-failure-penalty'].map((w) => S(`policy.multi-factor.weights.${w}`, [...SC, 'multiFactor', 'weights', w.replace(/-(\w)/g, (_m, c) => c.toUpperCase())], prob, '000', `weight of ${w}`)),
];
/** The default of a setting, read from a config object. */
function valueAt(config, target) {
    let at = config;
    for (const part of target)
        at = at?.[part];
    return at;
}
function show(value) {
    if (value === undefined)
        return 'by suite size';
    if (Array.isArray(value))
        return `[${value.join(', ')}]`;
    return String(value);
}
/** The markdown table of every setting with its default (from `defaults`) and origin. */
function settingsTable(defaults) {
    const rows = SETTINGS.map((s) => `| \`${s.key}\` | ${show(valueAt(defaults, s.target))} | ${s.origin === FG ? 'flakeguard' : `seed ${s.origin}`} | ${s.description} |`);
    return ['| key | default | origin | what it does |', '| --- | --- | --- | --- |', ...rows].join('\n');
}

// EXTERNAL MODULE: ./src/history/merge.ts
var merge = __webpack_require__(74292);
// EXTERNAL MODULE: ./src/policy/quarantine.ts + 1 modules
var quarantine = __webpack_require__(36127);
// EXTERNAL MODULE: ./src/config/inputs.ts
var inputs = __webpack_require__(64389);
;// CONCATENATED MODULE: ./src/config/file-parse.ts
/**
 * Parsing the optional YAML config file (input `config`): retention, the policy's rule and every parameter of every seed
 * method (src/config/settings.ts lists them). Unknown keys and bad values are errors that name the file, the line
 * and the key, so a typo never silently falls back to a default.
 *
 * Its own module so that the YAML library (~290 KB) is loaded only when there is a config file (src/config/file.ts).
 */





/** A fresh, mutable copy of the defaults. */
function defaults() {
    return { retention: { ...merge/* DEFAULT_RETENTION */.xh }, policy: structuredClone(quarantine/* DEFAULT_POLICY */.zj) };
}
const BY_KEY = new Map(SETTINGS.map((s) => [s.key, s]));
const SECTIONS = [...new Set(SETTINGS.map((s) => s.key.split('.')[0]))];
function setAt(config, target, value) {
    let at = config;
    for (const part of target.slice(0, -1)) {
        const next = { ...at[part] };
        at[part] = next;
        at = next;
    }
    at[target[target.length - 1]] = value;
}
function range(min, max, above) {
    return `${above ? `above ${min}` : `from ${min}`} ${above ? 'and at most' : 'to'} ${max}`;
}
/** The value a setting accepts, or the reason it does not. */
function readValue(setting, value) {
    const k = setting.kind;
    const inRange = (x, min, max, above) => typeof x === 'number' && Number.isFinite(x) && (above ? x > min : x >= min) && x <= max;
    switch (k.type) {
        case 'int':
            return typeof value === 'number' && Number.isInteger(value) && value >= k.min && value <= k.max ? { value } : { error: `must be a whole number from ${k.min} to ${k.max}` };
        case 'number':
            return inRange(value, k.min, k.max, k.above) ? { value } : { error: `must be a number ${range(k.min, k.max, k.above)}` };
        case 'choice':
            return typeof value === 'string' && k.words.includes(value) ? { value } : { error: `must be one of ${k.words.join(', ')}` };
        case 'bool':
            return typeof value === 'boolean' ? { value } : { error: 'must be true or false' };
        case 'list':
            return Array.isArray(value) && value.every((w) => typeof w === 'string' && k.words.includes(w)) && new Set(value).size === value.length
                ? { value: [...value] }
                : { error: `must be a list of distinct words among ${k.words.join(', ')}` };
        case 'pair':
            return Array.isArray(value) && value.length === 2 && value.every((x) => inRange(x, k.min, k.max, k.above))
                ? { value: [value[0], value[1]] }
                : { error: `must be a pair [a, b] of numbers ${range(k.min, k.max, k.above)}` };
    }
}
function parseFileConfig(text, path) {
    const lines = new dist/* LineCounter */.HN();
    const doc = (0,dist/* parseDocument */.Tp)(text, { lineCounter: lines, uniqueKeys: true });
    if (doc.errors.length > 0) {
        const e = doc.errors[0];
        throw new inputs/* InputError */.dz(`Config file ${path} is not valid YAML (line ${e.linePos?.[0]?.line ?? '?'}): ${e.message.split('\n')[0]}`);
    }
    const config = defaults();
    const at = (node) => {
        const offset = node?.range?.[0];
        return offset === undefined ? '' : `, line ${lines.linePos(offset).line}`;
    };
    const walk = (node, prefix, where) => {
        if (!(0,dist/* isMap */.jh)(node)) {
            if (prefix === '' && (node === null || node === undefined || ((0,dist/* isScalar */.jn)(node) && (node.value === null || node.value === undefined))))
                return;
            throw new inputs/* InputError */.dz(prefix === '' ? `Config file ${path}${where} must be a mapping.` : `Config file ${path}${where}: '${prefix}' must be a mapping.`);
        }
        for (const pair of node.items) {
            const keyNode = pair.key;
            const name = String((0,dist/* isScalar */.jn)(pair.key) ? pair.key.value : pair.key);
            const key = prefix ? `${prefix}.${name}` : name;
            const line = at(keyNode);
            const setting = BY_KEY.get(key);
            if (setting) {
                // Aliases are resolved with a bound, so that a few lines cannot expand into gigabytes.
                const raw = (0,dist/* isScalar */.jn)(pair.value) || (0,dist/* isSeq */.oP)(pair.value) ? pair.value.toJS(doc, { maxAliasCount: 10 }) : (pair.value ?? null);
                const { value, error } = readValue(setting, raw);
                if (error)
                    throw new inputs/* InputError */.dz(`Config file ${path}${line}: '${key}' ${error}.`);
                setAt(config, setting.target, value);
                continue;
            }
            const children = SETTINGS.filter((s) => s.key.startsWith(`${key}.`));
            if (children.length === 0) {
                if (!prefix)
                    throw new inputs/* InputError */.dz(`Config file ${path}${line}: unknown section '${key}' (known: ${SECTIONS.join(', ')}).`);
                const known = [...new Set(SETTINGS.filter((s) => s.key.startsWith(`${prefix}.`)).map((s) => s.key.slice(prefix.length + 1).split('.')[0]))];
                throw new inputs/* InputError */.dz(`Config file ${path}${line}: unknown key '${key}' (known: ${known.join(', ')}).`);
            }
            walk(pair.value, key, line);
        }
    };
    walk(doc.contents, '', '');
    return config;
}


/***/ })

};
