export const id = 892;
export const ids = [892,28,454];
export const modules = {

/***/ 454:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   Ay: () => (/* binding */ detectCi),
/* harmony export */   Gm: () => (/* binding */ ciFacts),
/* harmony export */   Z3: () => (/* binding */ eventPayload),
/* harmony export */   outcomeOfExitCode: () => (/* binding */ outcomeOfExitCode),
/* harmony export */   yn: () => (/* binding */ actionEnv)
/* harmony export */ });
/* unused harmony export repoFromUrl */
/**
 * `flakeguard run` on other CIs: what GitLab CI, Buildkite, Jenkins or CircleCI say about the job, mapped onto the
 * variables the action reads on GitHub (GITHUB_*, INPUT_*, an event payload), so that the one pipeline of the
 * action does the work everywhere. Pure: environments in, an environment out. docs/cli.md documents each mapping.
 */
const int = (x) => {
    const n = Number(x);
    return x !== undefined && x !== '' && Number.isInteger(n) && n > 0 ? n : undefined;
};
/**
 * The server and owner/name of a git remote URL (`https://host/owner/name.git`, `git@host:owner/name.git`,
 * `ssh://git@host/owner/name`), so that the summary's links point at the repository the CI built; credentials in the
 * URL are dropped.
 */
function repoFromUrl(url) {
    const m = /^(?:(?:https?|ssh|git):\/\/(?:[^@/]+@)?([^/:]+)(?::\d+)?\/|[^@\s]+@([^:\s]+):)([^\s]+?)(?:\.git)?\/?$/.exec(url?.trim() ?? '');
    const host = m?.[1] ?? m?.[2];
    const path = m?.[3];
    if (!host || !path || !/^[\w.-]+(\/[\w.-]+)+$/.test(path))
        return undefined;
    return { serverUrl: `https://${host}`, repository: path };
}
function detectCi(env) {
    if (env.GITHUB_ACTIONS === 'true')
        return 'github';
    if (env.GITLAB_CI === 'true')
        return 'gitlab';
    if (env.BUILDKITE === 'true')
        return 'buildkite';
    if (env.CIRCLECI === 'true')
        return 'circleci';
    if (env.JENKINS_URL || env.JENKINS_HOME)
        return 'jenkins';
    return 'local';
}
/** What the CI says, with `local` facts (from git, given by the caller) filling what it does not. */
function ciFacts(env, ci, local) {
    const base = {
        ci,
        repository: 'local/local',
        serverUrl: '',
        runId: `local-${local.now}`,
        runAttempt: 1,
        job: 'test',
        workflow: 'local',
        sha: local.sha,
        branch: local.branch,
        defaultBranch: 'main',
        fromFork: false,
        workspace: local.cwd,
    };
    switch (ci) {
        case 'gitlab': {
            // A retried job gets a new CI_JOB_ID in the same pipeline: the pipeline is the run, the job id its attempt.
            const mr = int(env.CI_MERGE_REQUEST_IID);
            return {
                ...base,
                repository: env.CI_PROJECT_PATH || base.repository,
                serverUrl: env.CI_SERVER_URL ?? '',
                runId: env.CI_PIPELINE_ID || base.runId,
                runAttempt: int(env.CI_JOB_ID) ?? 1,
                job: env.CI_JOB_NAME || base.job,
                workflow: env.CI_PIPELINE_NAME || env.CI_PROJECT_NAME || 'pipeline',
                sha: env.CI_COMMIT_SHA || base.sha,
                branch: env.CI_COMMIT_BRANCH || env.CI_MERGE_REQUEST_SOURCE_BRANCH_NAME || env.CI_COMMIT_REF_NAME || base.branch,
                defaultBranch: env.CI_DEFAULT_BRANCH || base.defaultBranch,
                ...(mr ? { pullRequest: mr } : {}),
                fromFork: !!env.CI_MERGE_REQUEST_SOURCE_PROJECT_PATH && env.CI_MERGE_REQUEST_SOURCE_PROJECT_PATH !== env.CI_PROJECT_PATH,
                workspace: env.CI_PROJECT_DIR || base.workspace,
                ...(env.CI_JOB_URL ? { runUrl: env.CI_JOB_URL } : {}),
            };
        }
        case 'buildkite': {
            const pr = int(env.BUILDKITE_PULL_REQUEST);
            const repo = repoFromUrl(env.BUILDKITE_REPO);
            return {
                ...base,
                repository: repo?.repository || [env.BUILDKITE_ORGANIZATION_SLUG, env.BUILDKITE_PIPELINE_SLUG].filter(Boolean).join('/') || base.repository,
                serverUrl: repo?.serverUrl ?? '',
                runId: env.BUILDKITE_BUILD_ID || base.runId,
                runAttempt: (int(env.BUILDKITE_RETRY_COUNT) ?? 0) + 1,
                job: env.BUILDKITE_STEP_KEY || env.BUILDKITE_LABEL || base.job,
                workflow: env.BUILDKITE_PIPELINE_SLUG || 'pipeline',
                sha: env.BUILDKITE_COMMIT && env.BUILDKITE_COMMIT !== 'HEAD' ? env.BUILDKITE_COMMIT : base.sha,
                branch: env.BUILDKITE_BRANCH || base.branch,
                defaultBranch: env.BUILDKITE_PIPELINE_DEFAULT_BRANCH || base.defaultBranch,
                ...(pr ? { pullRequest: pr } : {}),
                // Buildkite names the head repository of a pull request; a fork's differs from the pipeline's.
                fromFork: !!pr && !!env.BUILDKITE_PULL_REQUEST_REPO && !!env.BUILDKITE_REPO && env.BUILDKITE_PULL_REQUEST_REPO !== env.BUILDKITE_REPO,
                workspace: env.BUILDKITE_BUILD_CHECKOUT_PATH || base.workspace,
                ...(env.BUILDKITE_BUILD_URL ? { runUrl: env.BUILDKITE_BUILD_URL } : {}),
            };
        }
        case 'circleci': {
            const pr = int(/\/pull\/(\d+)/.exec(env.CIRCLE_PULL_REQUEST ?? '')?.[1]);
            const repo = repoFromUrl(env.CIRCLE_REPOSITORY_URL);
            return {
                ...base,
                repository: [env.CIRCLE_PROJECT_USERNAME, env.CIRCLE_PROJECT_REPONAME].filter(Boolean).join('/') || repo?.repository || base.repository,
                serverUrl: repo?.serverUrl ?? '',
                runId: env.CIRCLE_WORKFLOW_ID || env.CIRCLE_BUILD_NUM || base.runId,
                // A re-run of a workflow gets a new workflow id; a job's build number tells its re-runs apart.
                runAttempt: int(env.CIRCLE_BUILD_NUM) ?? 1,
                job: env.CIRCLE_JOB || base.job,
                workflow: 'workflow',
                sha: env.CIRCLE_SHA1 || base.sha,
                branch: env.CIRCLE_BRANCH || base.branch,
                ...(pr ? { pullRequest: pr } : {}),
                // CircleCI sets CIRCLE_PR_USERNAME only for pull requests from forks.
                fromFork: !!env.CIRCLE_PR_USERNAME,
                workspace: env.CIRCLE_WORKING_DIRECTORY?.replace(/^~(?=\/|$)/, env.HOME ?? '~') || base.workspace,
                ...(env.CIRCLE_BUILD_URL ? { runUrl: env.CIRCLE_BUILD_URL } : {}),
            };
        }
        case 'jenkins': {
            // Multibranch pipelines: CHANGE_ID is the pull request, CHANGE_TARGET its target, BRANCH_NAME the branch.
            const pr = int(env.CHANGE_ID);
            const repo = repoFromUrl(env.GIT_URL);
            return {
                ...base,
                repository: repo?.repository || env.JOB_NAME?.split('/')[0] || base.repository,
                serverUrl: repo?.serverUrl ?? '',
                runId: env.BUILD_TAG || env.BUILD_NUMBER || base.runId,
                job: env.STAGE_NAME || env.JOB_BASE_NAME || base.job,
                workflow: env.JOB_NAME || 'job',
                sha: env.GIT_COMMIT || base.sha,
                branch: (env.BRANCH_NAME || env.GIT_BRANCH || base.branch).replace(/^origin\//, ''),
                ...(pr ? { pullRequest: pr } : {}),
                fromFork: !!pr && !!env.CHANGE_FORK,
                workspace: env.WORKSPACE || base.workspace,
                ...(env.BUILD_URL ? { runUrl: env.BUILD_URL } : {}),
            };
        }
        default:
            return base;
    }
}
/** The event payload the action reads its default branch, pull request and fork from. */
function eventPayload(facts) {
    return {
        repository: { default_branch: facts.defaultBranch, full_name: facts.repository },
        ...(facts.pullRequest !== undefined
            ? { pull_request: { number: facts.pullRequest, head: { repo: { full_name: facts.fromFork ? `fork-of/${facts.repository}` : facts.repository } } } }
            : {}),
    };
}
/**
 * The action's environment: the caller's own variables (PATH, HOME, git credentials), then the run as GITHUB_*
 * says it, then the inputs as INPUT_*. No check run (no GitHub API outside GitHub) and no issues.
 */
function actionEnv(base, facts, inputs, files) {
    const env = {};
    for (const [k, v] of Object.entries(base))
        if (v !== undefined && !k.startsWith('INPUT_'))
            env[k] = v;
    if (facts.ci !== 'github') {
        Object.assign(env, {
            GITHUB_REPOSITORY: facts.repository,
            GITHUB_SERVER_URL: facts.serverUrl || 'https://ci.invalid',
            GITHUB_RUN_ID: facts.runId,
            GITHUB_RUN_ATTEMPT: String(facts.runAttempt),
            GITHUB_JOB: facts.job,
            GITHUB_WORKFLOW: facts.workflow,
            GITHUB_SHA: facts.sha,
            GITHUB_REF: `refs/heads/${facts.branch}`,
            GITHUB_REF_NAME: facts.branch,
            GITHUB_EVENT_NAME: facts.pullRequest !== undefined ? 'pull_request' : 'push',
            GITHUB_EVENT_PATH: files.eventPath,
            GITHUB_WORKSPACE: facts.workspace,
            RUNNER_TEMP: files.runnerTemp,
        });
        if (facts.runUrl)
            env.FLAKEGUARD_RUN_URL = facts.runUrl;
    }
    env.GITHUB_OUTPUT = files.outputPath;
    env.GITHUB_STEP_SUMMARY = files.summaryPath;
    const all = { ...inputs };
    if (facts.ci !== 'github') {
        all['check-run'] = 'false';
        all['create-issues'] = 'false';
    }
    for (const [name, value] of Object.entries(all))
        env[`INPUT_${name.replace(/ /g, '_').toUpperCase()}`] = value;
    return env;
}
/** The test step's outcome from its exit code, as `steps.<id>.outcome` would say it. */
function outcomeOfExitCode(code) {
    if (!/^\d+$/.test(code))
        throw new Error(`--test-exit-code must be a number, got '${code}'.`);
    return Number(code) === 0 ? 'success' : 'failure';
}


/***/ }),

/***/ 892:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {


// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  runCommand: () => (/* binding */ runCommand)
});

// UNUSED EXPORTS: actionEntry, parseOutputs

// EXTERNAL MODULE: external "node:child_process"
var external_node_child_process_ = __webpack_require__(421);
// EXTERNAL MODULE: external "node:fs"
var external_node_fs_ = __webpack_require__(24);
// EXTERNAL MODULE: external "node:fs/promises"
var promises_ = __webpack_require__(455);
// EXTERNAL MODULE: external "node:os"
var external_node_os_ = __webpack_require__(161);
// EXTERNAL MODULE: external "node:path"
var external_node_path_ = __webpack_require__(760);
// EXTERNAL MODULE: external "node:url"
var external_node_url_ = __webpack_require__(136);
// EXTERNAL MODULE: external "node:readline"
var external_node_readline_ = __webpack_require__(481);
// EXTERNAL MODULE: ./src/store/git.ts + 1 modules
var git = __webpack_require__(818);
// EXTERNAL MODULE: ./src/cli/ci-env.ts
var ci_env = __webpack_require__(454);
// EXTERNAL MODULE: ./src/report/escape.ts
var report_escape = __webpack_require__(31);
;// CONCATENATED MODULE: ./src/cli/workflow-log.ts
/**
 * The action's log, read outside GitHub: its workflow commands (`::error file=…::message`) become plain lines a
 * person reads in any CI (`error: tests/a.test.ts:12: title`), groups become headings, masks and debug lines
 * vanish. Pure: one line in, zero or more lines out.
 */

function unescapeData(value) {
    return value.replace(/%0D/g, '\r').replace(/%0A/g, '\n').replace(/%25/g, '%');
}
function unescapeProperty(value) {
    return unescapeData(value).replace(/%3A/g, ':').replace(/%2C/g, ',');
}
const clean = (s) => (0,report_escape/* plainText */.wh)(s, 8000, true);
function plainLogLines(line) {
    const m = /^::([A-Za-z-]+)(?: ([^:]*))?::(.*)$/.exec(line.trimStart());
    if (!m)
        return [clean(line)];
    const [, name, rawProps = '', rawData = ''] = m;
    const data = unescapeData(rawData);
    switch (name) {
        case 'group':
            return [`== ${clean(data)}`];
        case 'endgroup':
        case 'add-mask':
        case 'debug':
        case 'save-state':
        case 'set-output':
        case 'echo':
            return [];
        case 'error':
        case 'warning':
        case 'notice': {
            const props = {};
            for (const pair of rawProps ? rawProps.split(',') : []) {
                const eq = pair.indexOf('=');
                if (eq > 0)
                    props[pair.slice(0, eq)] = unescapeProperty(pair.slice(eq + 1));
            }
            const where = props.file ? `${props.file}${props.line ? `:${props.line}` : ''}: ` : '';
            const title = props.title ? `${props.title}: ` : '';
            const [first = '', ...rest] = data.split(/\r?\n/);
            return [clean(`${name}: ${where}${title}${first}`), ...rest.map((r) => (r === '' ? '' : `    ${clean(r)}`))];
        }
        default:
            return [clean(line)];
    }
}

// EXTERNAL MODULE: ./src/cli/terminal.ts
var terminal = __webpack_require__(28);
;// CONCATENATED MODULE: ./src/cli/run.ts
/**
 * `flakeguard run`: the step's job on any CI. The CI's variables are mapped onto the action's (src/cli/ci-env.ts)
 * and the bundled action itself runs as a child process: one pipeline, the same decisions, the same data branch.
 * Its workflow commands become plain log lines outside GitHub, its outputs and job summary land in files, and its
 * exit code (0 success, 1 failure) is the CLI's.
 */











/** dist/index.js, next to the CLI's bundle (dist/cli/index.js); from the sources, the committed build. */
function actionEntry() {
    if (process.env.FLAKEGUARD_ACTION_ENTRY)
        return process.env.FLAKEGUARD_ACTION_ENTRY;
    const here = (0,external_node_path_.dirname)((0,external_node_url_.fileURLToPath)(import.meta.url));
    const candidates = [(0,external_node_path_.join)(here, '..', 'index.js'), (0,external_node_path_.join)(here, '..', '..', 'dist', 'index.js')];
    return candidates.find((c) => (0,external_node_fs_.existsSync)(c)) ?? candidates[0];
}
/** Reads a GITHUB_OUTPUT file (`name<<delimiter` blocks, or `name=value`). */
function parseOutputs(text) {
    const outputs = {};
    const lines = text.split('\n');
    for (let i = 0; i < lines.length; i++) {
        const heredoc = /^([^=<]+)<<(.+)$/.exec(lines[i]);
        if (heredoc) {
            const value = [];
            for (i++; i < lines.length && lines[i] !== heredoc[2]; i++)
                value.push(lines[i]);
            outputs[heredoc[1]] = value.join('\n');
        }
        else if (lines[i].includes('=')) {
            outputs[lines[i].slice(0, lines[i].indexOf('='))] = lines[i].slice(lines[i].indexOf('=') + 1);
        }
    }
    return outputs;
}
async function gitFact(cwd, args) {
    try {
        return (await (0,git/* runGit */.EO)(cwd, args)).trim();
    }
    catch {
        return '';
    }
}
async function runCommand(command, env = process.env) {
    const ci = (0,ci_env/* detectCi */.Ay)(env);
    const cwd = process.cwd();
    const local = { sha: await gitFact(cwd, ['rev-parse', 'HEAD']), branch: (await gitFact(cwd, ['rev-parse', '--abbrev-ref', 'HEAD'])) || 'main', cwd, now: Date.now() };
    const facts = (0,ci_env/* ciFacts */.Gm)(env, ci, local);
    if (!facts.sha)
        facts.sha = await gitFact(facts.workspace, ['rev-parse', 'HEAD']);
    const outDir = (0,external_node_path_.resolve)(facts.workspace, command.outDir ?? '.flakeguard');
    await (0,promises_.mkdir)(outDir, { recursive: true });
    const temp = await (0,promises_.mkdtemp)((0,external_node_path_.join)((0,external_node_os_.tmpdir)(), 'flakeguard-run-'));
    try {
        const files = {
            eventPath: (0,external_node_path_.join)(temp, 'event.json'),
            outputPath: (0,external_node_path_.join)(temp, 'output'),
            summaryPath: (0,external_node_path_.join)(outDir, 'summary.md'),
            runnerTemp: (0,external_node_path_.join)(temp, 'runner'),
        };
        await (0,promises_.mkdir)(files.runnerTemp);
        await (0,promises_.writeFile)(files.eventPath, JSON.stringify((0,ci_env/* eventPayload */.Z3)(facts)));
        await (0,promises_.writeFile)(files.outputPath, '');
        await (0,promises_.writeFile)(files.summaryPath, '');
        const token = env.FLAKEGUARD_TOKEN ?? '';
        const childEnv = (0,ci_env/* actionEnv */.yn)(env, facts, { ...(token ? { token } : {}), ...command.inputs }, files);
        if (ci !== 'github')
            console.log(`flakeguard run on ${ci === 'local' ? 'this machine' : ci}: run ${facts.runId} attempt ${facts.runAttempt}, job '${facts.job}', ${facts.sha.slice(0, 12) || 'no commit'} on ${facts.branch}.`);
        const child = (0,external_node_child_process_.spawn)(process.execPath, [actionEntry()], { cwd: facts.workspace, env: childEnv, stdio: ['ignore', 'pipe', 'inherit'] });
        const lines = (0,external_node_readline_.createInterface)({ input: child.stdout });
        lines.on('line', (line) => {
            // On GitHub the runner reads the commands itself; elsewhere a person does.
            if (ci === 'github')
                process.stdout.write(`${line}\n`);
            else
                for (const l of plainLogLines(line))
                    process.stdout.write(`${l}\n`);
        });
        const code = await new Promise((res) => child.on('close', (c) => res(c ?? 1)));
        const outputs = parseOutputs(await (0,promises_.readFile)(files.outputPath, 'utf8'));
        await (0,promises_.writeFile)((0,external_node_path_.join)(outDir, 'outputs.json'), `${JSON.stringify(outputs, null, 2)}\n`);
        const summary = await (0,promises_.readFile)(files.summaryPath, 'utf8');
        if (command.printSummary && summary.trim() !== '' && ci !== 'github')
            console.log(`\n${(0,terminal.markdownToText)(summary)}`);
        console.log(`Summary: ${files.summaryPath} (\`flakeguard summary\` shows it again); outputs: ${(0,external_node_path_.join)(outDir, 'outputs.json')}.`);
        // The action's outcome is its exit code; an action that died without saying one is a failure.
        if (outputs.outcome === 'success' && code === 0)
            return 0;
        return code === 0 ? 1 : code;
    }
    finally {
        await (0,promises_.rm)(temp, { recursive: true, force: true });
    }
}


/***/ }),

/***/ 28:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   markdownToText: () => (/* binding */ markdownToText)
/* harmony export */ });
/* unused harmony exports decodeEntities, termLine */
/* harmony import */ var _report_escape_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(31);
/**
 * The job summary (markdown, every untrusted character an entity) as text for a terminal. Pure.
 *
 * Headings become titled lines, each table row a block of `Column: value` lines under the row's test, the mermaid
 * chart a small table of its numbers, links `text (url)`, entities their characters. Untrusted text comes back as
 * itself once decoded, so every line is cleaned of control and direction characters (no ANSI escape sequence from
 * a test name reaches the terminal).
 */

const NAMED = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };
/** Decodes the HTML entities the summary writes (numeric ones and the basic named ones). */
function decodeEntities(text) {
    return text.replace(/&(#x[0-9a-fA-F]{1,6}|#[0-9]{1,7}|[a-z]{2,6});/g, (whole, body) => {
        if (body.startsWith('#x'))
            return safeCodePoint(parseInt(body.slice(2), 16)) ?? whole;
        if (body.startsWith('#'))
            return safeCodePoint(parseInt(body.slice(1), 10)) ?? whole;
        return NAMED[body] ?? whole;
    });
}
function safeCodePoint(code) {
    return Number.isInteger(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : undefined;
}
/** One line of terminal text: decoded, inline markdown removed, no control or direction characters. */
function termLine(markdown, max = 4000) {
    const inline = markdown
        // Links first (their text and URL are markdown-escaped already): `text (url)`.
        .replace(/\[([^\]]*)\]\(([^)\s]*)\)/g, '$1 ($2)')
        .replace(/\*\*([^*]*)\*\*/g, '$1')
        .replace(/(^|\s)_([^_]+)_(?=\s|$|[.,;:])/g, '$1$2')
        .replace(/`([^`]*)`/g, '$1');
    return (0,_report_escape_js__WEBPACK_IMPORTED_MODULE_0__/* .plainText */ .wh)(decodeEntities(inline), max, true);
}
/** Splits a markdown table row into its cells (a `|` inside a cell is always an entity in the summary). */
function cells(row) {
    const body = row.trim().replace(/^\|/, '').replace(/\|$/, '');
    return body.split('|').map((c) => c.trim());
}
function renderTable(header, rows, out) {
    const titleColumn = Math.max(0, header.findIndex((h) => /^test$/i.test(h)));
    for (const row of rows) {
        const rank = header[0] === 'Rank' && titleColumn !== 0 ? `${row[0]}. ` : '';
        out.push(`  • ${rank}${termLine(row[titleColumn] ?? '')}`);
        header.forEach((h, i) => {
            if (i === titleColumn || (rank && i === 0))
                return;
            const value = termLine(row[i] ?? '');
            if (value !== '')
                out.push(`      ${termLine(h)}: ${value}`);
        });
    }
}
/** The numbers of the summary's mermaid xychart as a small table. */
function renderChart(lines, out) {
    const list = (prefix) => {
        const line = lines.find((l) => prefix.test(l.trim()));
        const m = line ? /\[(.*)\]/.exec(line) : null;
        return m ? m[1].split(',').map((x) => x.trim().replace(/^"|"$/g, '')) : [];
    };
    const xs = list(/^x-axis/);
    const bars = list(/^bar/);
    const line = list(/^line/);
    if (xs.length === 0)
        return;
    out.push(`  ${'run/day'.padEnd(12)} ${'flaky %'.padStart(8)} ${'failed %'.padStart(9)}`);
    xs.forEach((x, i) => out.push(`  ${termLine(x, 12).padEnd(12)} ${(bars[i] ?? '').padStart(8)} ${(line[i] ?? '').padStart(9)}`));
}
/** The whole summary as terminal text. */
function markdownToText(markdown) {
    const lines = markdown.replace(/\r\n?/g, '\n').split('\n');
    const out = [];
    for (let i = 0; i < lines.length; i++) {
        const line = lines[i];
        const trimmed = line.trim();
        if (trimmed.startsWith('```')) {
            const block = [];
            for (i++; i < lines.length && !lines[i].trim().startsWith('```'); i++)
                block.push(lines[i]);
            if (/mermaid/.test(trimmed))
                renderChart(block, out);
            else
                for (const b of block)
                    out.push(`    ${(0,_report_escape_js__WEBPACK_IMPORTED_MODULE_0__/* .plainText */ .wh)(b, 4000, true)}`);
            continue;
        }
        if (trimmed.startsWith('|')) {
            const rows = [];
            for (; i < lines.length && lines[i].trim().startsWith('|'); i++)
                rows.push(cells(lines[i]));
            i--;
            const [header = [], , ...body] = rows;
            renderTable(header, body, out);
            continue;
        }
        const heading = /^(#{1,6})\s+(.*)$/.exec(trimmed);
        if (heading) {
            const text = termLine(heading[2]);
            out.push(text);
            out.push((heading[1].length <= 3 ? '=' : '-').repeat(Math.min(80, [...text].length)));
            continue;
        }
        if (trimmed === '---') {
            out.push('');
            continue;
        }
        if (trimmed.startsWith('>')) {
            out.push(`  ${termLine(trimmed.replace(/^>\s?/, ''))}`);
            continue;
        }
        if (/^[-*]\s/.test(trimmed)) {
            out.push(`  • ${termLine(trimmed.slice(2))}`);
            continue;
        }
        out.push(termLine(line));
    }
    // No runs of blank lines.
    return `${out.join('\n').replace(/\n{3,}/g, '\n\n').trim()}\n`;
}


/***/ }),

/***/ 31:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   wh: () => (/* binding */ plainText)
/* harmony export */ });
/* unused harmony exports registerSecret, redact, truncate, truncateBytes, mdText, mdPre, logText, defuseLegacy, commandText */
/**
 * Test names, messages and stack traces come from pull requests. Everything untrusted goes through one of
 * these before it reaches a log line, a summary, a check run or an issue.
 *
 * - `mdText` / `mdPre`: markdown and HTML (job summary, check-run summary): every character markdown or HTML
 *   could act on becomes an entity, so the text renders as itself and nothing else (no table break, no tag,
 *   no link, no image, no mention).
 * - `logText`: a plain log line: one line, no control characters, nothing the runner reads as a command.
 * - `plainText`: annotation titles and messages (plain text on GitHub): no control or bidi characters.
 * Every one of them also hides the registered secrets.
 */
const HTML_ENTITIES = {
    '&': '&amp;',
    '<': '&lt;',
    '>': '&gt;',
    '"': '&quot;',
    "'": '&#39;',
    '|': '&#124;',
    '`': '&#96;',
    '[': '&#91;',
    ']': '&#93;',
    '(': '&#40;',
    ')': '&#41;',
    '*': '&#42;',
    _: '&#95;',
    '~': '&#126;',
    '#': '&#35;',
    '!': '&#33;',
    '\\': '&#92;',
    '@': '&#64;',
    ':': '&#58;',
    '=': '&#61;',
    '+': '&#43;',
    '-': '&#45;',
    '{': '&#123;',
    '}': '&#125;',
    '%': '&#37;',
    '$': '&#36;',
    '^': '&#94;',
};
const MARKDOWN_SPECIAL = /[&<>"'|`[\]()*_~#!\\@:=+\-{}%$^]/;
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u00ad\u061c\u180e\u200b-\u200f\u2028\u2029\u202a-\u202e\u2060-\u2064\u2066-\u206f\ufeff\ufff9-\ufffb]/g;
const NEWLINES = /\r\n|\r|\n/g;
/* ---------- secrets ---------- */
const secrets = new Set();
/**
 * Registers a secret (the token) that must never appear in anything the action prints or publishes. The runner
 * masks what `core.setSecret` registered in its own log, but not in summaries, check runs, or logs read elsewhere;
 * every helper below replaces it with `***`.
 */
function registerSecret(secret) {
    if (secret.length >= 4) {
        secrets.add(secret);
        // Git's extra header carries it base64-encoded.
        secrets.add(Buffer.from(`x-access-token:${secret}`).toString('base64'));
    }
}
/** Replaces every registered secret with `***`. */
function redact(text) {
    let out = text;
    for (const s of secrets)
        if (out.includes(s))
            out = out.split(s).join('***');
    return out;
}
/* ---------- length ---------- */
/** Truncates to at most `max` UTF-16 code units, marking the cut, never splitting a surrogate pair. */
function truncate(text, max) {
    if (text.length <= max)
        return text;
    let end = Math.max(0, max - 1);
    const code = text.charCodeAt(end - 1);
    if (code >= 0xd800 && code <= 0xdbff)
        end--;
    return `${text.slice(0, end)}…`;
}
/** Cuts text so that its UTF-8 encoding takes at most `maxBytes`, at a line break when one is near. */
function truncateBytes(text, maxBytes) {
    if (Buffer.byteLength(text) <= maxBytes)
        return text;
    // Every UTF-16 code unit takes at most 3 bytes in UTF-8.
    let end = Math.min(text.length, maxBytes);
    while (end > 0 && Buffer.byteLength(text.slice(0, end)) > maxBytes)
        end = Math.floor(end * 0.9);
    const cut = text.lastIndexOf('\n', end);
    return text.slice(0, cut > end - 2000 ? cut : end);
}
/* ---------- markdown ---------- */
function escapeMarkdown(clean, max) {
    // "www." is linked by GitHub even without a scheme; ':' is an entity, which defuses "http://".
    const marked = clean.replace(/(www)\./gi, '$1\ue000');
    const escape = (limit) => {
        let out = '';
        for (const c of marked) {
            const escaped = c === '\ue000' ? '&#46;' : (HTML_ENTITIES[c] ?? c);
            if (out.length + escaped.length > limit)
                return undefined;
            out += escaped;
        }
        return out;
    };
    const whole = escape(max);
    if (whole !== undefined)
        return whole;
    let out = '';
    for (const c of marked) {
        const escaped = c === '\ue000' ? '&#46;' : (HTML_ENTITIES[c] ?? c);
        if (out.length + escaped.length > max - 1)
            break;
        out += escaped;
    }
    return `${out}…`;
}
function clean(untrusted) {
    return redact(untrusted).replace(/\ue000/g, '').replace(CONTROL, '');
}
/**
 * Text for one line of markdown or HTML (a table cell, a heading, a list item): every character markdown or
 * HTML could act on becomes an entity, so it renders as the literal character and nothing else. Mentions are
 * defused by the `@` entity. The result is at most `max` characters long (entities included).
 */
function mdText(untrusted, max = 300) {
    const flat = clean(untrusted.replace(NEWLINES, ' '));
    if (!MARKDOWN_SPECIAL.test(flat) && !/www\./i.test(flat))
        return truncate(flat, max);
    return escapeMarkdown(flat, max);
}
/** A multi-line block (stack trace) inside `<pre>`: entity-escaped, line breaks kept; at most `max` characters inside. */
function mdPre(untrusted, max = 2000) {
    const lines = clean(untrusted.replace(NEWLINES, '\n'));
    return `<pre>${escapeMarkdown(lines, max)}</pre>`;
}
/* ---------- logs and annotations ---------- */
/**
 * Text for a plain log line: one line, no control characters, and nothing the runner could read as a workflow
 * command (`::cmd::` anywhere after trimming, or the legacy `##[cmd]` anywhere in the line).
 */
function logText(untrusted, max = 500) {
    return truncate(redact(untrusted).replace(NEWLINES, ' ').replace(CONTROL, ''), max)
        .replace(/::/g, ':\u200b:')
        .replace(/##\[/g, '#\u200b#[');
}
/**
 * Plain text for an annotation title or message: line breaks kept (as `\n`) unless `oneLine`, control and
 * invisible direction characters dropped, secrets hidden, at most `max` characters. The runner escapes what
 * goes into a workflow command; the API takes the text as it is.
 */
function plainText(untrusted, max, oneLine = false) {
    const text = redact(untrusted).replace(NEWLINES, oneLine ? ' ' : '\n').replace(CONTROL, '');
    return truncate(text, max);
}
/** The legacy `##[command]` syntax, which the runner finds anywhere in a line (`::` only at its start). */
function defuseLegacy(text) {
    return text.replace(/##\[/g, '#\u200b#[');
}
/**
 * Data or a property of a workflow command (`::error::…`, setFailed) built from untrusted values: one line,
 * secrets hidden, `##[` defused. The toolkit escapes `%`, `\r`, `\n`, and `::` inside data is inert, so test ids
 * stay readable. Plain log lines use `logText`.
 */
function commandText(untrusted, max = 2000) {
    return defuseLegacy(plainText(untrusted, max, true));
}


/***/ }),

/***/ 818:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {


// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  nV: () => (/* binding */ DataRepo),
  sH: () => (/* binding */ originUrl),
  EO: () => (/* binding */ runGit)
});

// UNUSED EXPORTS: GitError, PARCEL_FILE, authEnv, inboxPrefix, isLostRace, isPermanentRefusal, pushMessage, sweepStaleClones

// EXTERNAL MODULE: external "node:child_process"
var external_node_child_process_ = __webpack_require__(421);
// EXTERNAL MODULE: external "node:fs"
var external_node_fs_ = __webpack_require__(24);
// EXTERNAL MODULE: external "node:fs/promises"
var promises_ = __webpack_require__(455);
// EXTERNAL MODULE: external "node:os"
var external_node_os_ = __webpack_require__(161);
// EXTERNAL MODULE: external "node:path"
var external_node_path_ = __webpack_require__(760);
;// CONCATENATED MODULE: ./src/store/cleanup.ts
/**
 * The private clones of the data branch (`flakeguard-data-<pid>-…` under RUNNER_TEMP, src/store/git.ts) are removed
 * on every exit the process controls: disposed after use, and on a cancelled step (the runner sends SIGINT, then
 * SIGTERM) by the handler main.ts installs on the main thread (signals never reach a worker thread). A clone left by
 * a run killed outright (kill -9) is swept by the next run (sweepStaleClones). Kept tiny and synchronous: main.ts
 * loads it before anything else.
 */



const CLONE_PREFIX = 'flakeguard-data-';
/** Where this process makes its clones. */
function cloneRoot(env = process.env) {
    return env.RUNNER_TEMP || tmpdir();
}
/** Removes this process's clones in `root`; never throws. */
function removeOwnClonesSync(root, pid = process.pid) {
    let names;
    try {
        names = readdirSync(root);
    }
    catch {
        return;
    }
    for (const name of names) {
        if (!name.startsWith(`${CLONE_PREFIX}${pid}-`))
            continue;
        try {
            rmSync(join(root, name), { recursive: true, force: true });
        }
        catch {
            // best effort: the next run sweeps what is left
        }
    }
}
/** On SIGINT, SIGTERM or SIGHUP: remove this process's clones, then exit as the signal would have. */
function removeClonesOnSignals(root) {
    const codes = { SIGINT: 130, SIGTERM: 143, SIGHUP: 129 };
    for (const signal of Object.keys(codes)) {
        process.once(signal, () => {
            removeOwnClonesSync(root);
            process.exit(codes[signal]);
        });
    }
}

;// CONCATENATED MODULE: ./src/store/git.ts
/**
 * A private git repository in a temp folder that tracks the data branch of the user's remote. It never touches
 * the workspace's repository, branch or working tree.
 */





// Private clones are named `flakeguard-data-<pid>-…`, so the next run can tell a killed run's clone from a live one.

class GitError extends Error {
    stderr;
    exitCode;
    /** What git printed on stdout: `push --porcelain` reports each ref's fate there (`[remote rejected] … (hook declined)`). */
    stdout;
    constructor(message, stderr, exitCode, stdout = '') {
        super(message);
        this.stderr = stderr;
        this.exitCode = exitCode;
        this.stdout = stdout;
    }
}
function runGit(cwd, args, options = {}) {
    return new Promise((resolve, reject) => {
        const child = (0,external_node_child_process_.execFile)('git', args, {
            cwd,
            env: { ...process.env, GIT_TERMINAL_PROMPT: '0', LC_ALL: 'C', ...options.env },
            maxBuffer: 256 * 1024 * 1024,
            timeout: options.timeoutMs ?? 120_000,
        }, (error, stdout, stderr) => {
            if (error) {
                const code = typeof error.code === 'number' ? error.code : null;
                reject(new GitError(`git ${args[0]} failed: ${stderr.trim() || error.message}`, stderr, code, String(stdout)));
            }
            else {
                resolve(stdout);
            }
        });
        if (options.input !== undefined)
            child.stdin?.end(options.input);
    });
}
/**
 * A push the server refuses for good, not because another writer got there first: a hook or a rule declined it,
 * the branch is protected, the token may not push. Retrying cannot help, so it is not retried.
 */
function isPermanentRefusal(stderr) {
    return /hook declined|GH0\d\d|protected branch|repository rule violations|permission to \S+ denied|returned error: 40[13]|authentication failed|deny(?:ing)? (?:updating|deleting|non-fast-forward|current branch)|not allowed to (?:push|create|update|delete)|write access to repository not granted/i.test(stderr);
}
/** A push rejected because the branch moved (a lost race): worth fetching and trying again. */
function isLostRace(stderr) {
    return /rejected|non-fast-forward|fetch first|stale info|cannot lock ref|failed to update ref|shallow update not allowed|incorrect old value/i.test(stderr);
}
/** What a failed push says, in one line: the ref's fate (`[remote rejected] … (pre-receive hook declined)`) and what the remote said. */
function pushMessage(output) {
    const lines = output.split('\n').map((l) => l.trim()).filter(Boolean);
    const fate = lines.filter((l) => /\[(?:remote )?rejected\]|\[rejected\]/.test(l));
    const remote = lines.filter((l) => l.startsWith('remote:')).slice(0, 3);
    const chosen = [...fate, ...remote];
    return (chosen.length > 0 ? chosen : lines.slice(-3)).join(' ').replace(/\s+/g, ' ').slice(0, 600);
}
/** The inbox of a data branch: parked runs are branches under this prefix (docs/data-branch.md, "Many writers"). */
function inboxPrefix(branch) {
    return `refs/heads/${branch}-inbox/`;
}
const PARCEL_FILE = 'flakeguard-parcel.json';
/** A clone with no pid in its name (flakeguard 0.1) is removed when older than this. */
const UNNAMED_CLONE_MAX_AGE_MS = 6 * 3600_000;
function processAlive(pid) {
    try {
        process.kill(pid, 0);
        return true;
    }
    catch (error) {
        return error.code === 'EPERM';
    }
}
/**
 * Removes the private clones that killed runs left in `root` (kill -9, a cancelled job on a self-hosted runner):
 * those whose process is gone. Returns the names removed. Never throws.
 */
async function sweepStaleClones(root, now = Date.now()) {
    const removed = [];
    const entries = await (0,promises_.readdir)(root, { withFileTypes: true }).catch(() => []);
    for (const entry of entries) {
        if (!entry.isDirectory() || !entry.name.startsWith(CLONE_PREFIX))
            continue;
        const match = /^flakeguard-data-(\d+)-/.exec(entry.name);
        let stale;
        if (match) {
            const pid = Number(match[1]);
            stale = pid !== process.pid && !processAlive(pid);
        }
        else {
            const info = await (0,promises_.stat)((0,external_node_path_.join)(root, entry.name)).catch(() => undefined);
            stale = info !== undefined && now - info.mtimeMs > UNNAMED_CLONE_MAX_AGE_MS;
        }
        if (!stale)
            continue;
        await (0,promises_.rm)((0,external_node_path_.join)(root, entry.name), { recursive: true, force: true }).catch(() => undefined);
        removed.push(entry.name);
    }
    return removed;
}
/** Clones of this process not yet disposed: removed when the process (or its worker thread) exits. */
const liveClones = new Set();
let exitHooked = false;
function hookExit() {
    if (exitHooked)
        return;
    exitHooked = true;
    process.on('exit', () => {
        for (const dir of liveClones) {
            try {
                (0,external_node_fs_.rmSync)(dir, { recursive: true, force: true });
            }
            catch {
                // best effort: the next run sweeps what is left
            }
        }
    });
}
/**
 * Git config entries passed through the environment (not argv, which other processes can read) so that
 * fetch and push authenticate like actions/checkout does.
 */
function authEnv(remoteUrl, token) {
    if (!token || !/^https?:\/\//.test(remoteUrl))
        return {};
    const basic = Buffer.from(`x-access-token:${token}`).toString('base64');
    return {
        GIT_CONFIG_COUNT: '1',
        GIT_CONFIG_KEY_0: `http.${new URL(remoteUrl).origin}/.extraheader`,
        GIT_CONFIG_VALUE_0: `AUTHORIZATION: basic ${basic}`,
    };
}
const IDENTITY = ['-c', 'user.name=github-actions[bot]', '-c', 'user.email=41898282+github-actions[bot]@users.noreply.github.com'];
class DataRepo {
    dir;
    branch;
    env;
    constructor(dir, branch, env) {
        this.dir = dir;
        this.branch = branch;
        this.env = env;
    }
    static async open(remoteUrl, branch, token, tempRoot) {
        const root = tempRoot || (0,external_node_os_.tmpdir)();
        await sweepStaleClones(root);
        const dir = await (0,promises_.mkdtemp)((0,external_node_path_.join)(root, `${CLONE_PREFIX}${process.pid}-`));
        hookExit();
        liveClones.add(dir);
        const repo = new DataRepo(dir, branch, authEnv(remoteUrl, token));
        await repo.git(['init', '-q']);
        // No delta search when pushing: each write changes every shard a little, and searching deltas for them cost
        // more (on both sides) than sending them whole (docs/benchmarks.md, "The whole step").
        await repo.git(['config', 'pack.window', '0']);
        await repo.git(['remote', 'add', 'origin', remoteUrl]);
        return repo;
    }
    git(args) {
        return runGit(this.dir, args, { env: this.env });
    }
    get remoteRef() {
        return `refs/remotes/origin/${this.branch}`;
    }
    /**
     * Fetches the branch tip and checks it out into the private work tree. Returns the commit, or null when the
     * branch does not exist yet (the work tree is then empty, ready for an orphan commit).
     */
    async fetchAndReset() {
        return (await this.fetchWithInbox(false)).head;
    }
    /**
     * As fetchAndReset, and with `inbox`, also fetches the runs parked under the inbox prefix (one ls-remote, one
     * fetch). Returns them sorted by ref name.
     */
    async fetchWithInbox(inbox) {
        const prefix = inboxPrefix(this.branch);
        const patterns = [`refs/heads/${this.branch}`, ...(inbox ? [`${prefix}*`] : [])];
        const listing = await this.git(['ls-remote', 'origin', ...patterns]);
        let tip;
        const parked = [];
        for (const line of listing.split('\n')) {
            const [sha, ref] = line.trim().split(/\s+/);
            if (!sha || !ref)
                continue;
            if (ref === `refs/heads/${this.branch}`)
                tip = sha;
            else if (inbox && ref.startsWith(prefix))
                parked.push({ ref, sha });
        }
        parked.sort((a, b) => (a.ref < b.ref ? -1 : a.ref > b.ref ? 1 : 0));
        const refspecs = [...(tip ? [`+refs/heads/${this.branch}:${this.remoteRef}`] : []), ...(parked.length > 0 ? [`+${prefix}*:refs/flakeguard-inbox/*`] : [])];
        if (refspecs.length > 0)
            await this.git(['fetch', '-q', '--no-tags', '--prune', '--depth=1', 'origin', ...refspecs]);
        if (!tip) {
            await this.git(['checkout', '-q', '--orphan', `flakeguard-${Date.now()}`]).catch(() => undefined);
            await this.git(['rm', '-rfq', '--cached', '--ignore-unmatch', '.']);
            await this.git(['clean', '-fdqx']);
            return { head: null, parked };
        }
        await this.git(['checkout', '-q', '-B', 'data', this.remoteRef]);
        await this.git(['reset', '-q', '--hard', this.remoteRef]);
        await this.git(['clean', '-fdqx']);
        return { head: (await this.git(['rev-parse', 'HEAD'])).trim(), parked };
    }
    /** The parcel of a parked run, or undefined when it was folded and deleted meanwhile (or is not a parcel). */
    async readParcel(parked) {
        return this.git(['cat-file', 'blob', `${parked.sha}:${PARCEL_FILE}`]).catch(() => undefined);
    }
    /**
     * Parks a run: pushes a root commit holding only its parcel as a new branch under the inbox prefix. The name is
     * the run's own (run key and attempt), so no other writer pushes it and the push cannot lose a race.
     */
    async park(name, text, message) {
        const ref = `${inboxPrefix(this.branch)}${name}`;
        try {
            const blob = (await runGit(this.dir, ['hash-object', '-w', '--stdin'], { env: this.env, input: text })).trim();
            const tree = (await runGit(this.dir, ['mktree'], { env: this.env, input: `100644 blob ${blob}\t${PARCEL_FILE}\n` })).trim();
            const commit = (await this.git([...IDENTITY, 'commit-tree', tree, '-m', message])).trim();
            try {
                await this.git(['push', '-q', '--porcelain', 'origin', `${commit}:${ref}`]);
                return { pushed: true, commit, ref };
            }
            catch (error) {
                // Parked before (the same attempt ran this step twice): the parcel is there, which is all that matters.
                const listing = await this.git(['ls-remote', 'origin', ref]).catch(() => '');
                if (listing.trim() !== '')
                    return { pushed: true, commit: listing.trim().split(/\s+/)[0], ref };
                throw error;
            }
        }
        catch (error) {
            const stderr = error instanceof GitError ? `${error.stdout}\n${error.stderr}\n${error.message}` : String(error);
            return { pushed: false, rejected: isLostRace(stderr), permanent: isPermanentRefusal(stderr), message: pushMessage(stderr), ref };
        }
    }
    /** Deletes folded parked runs, each only if it still points where it did when read. Returns the refs deleted. */
    async deleteParked(parked) {
        if (parked.length === 0)
            return { deleted: [] };
        const args = ['push', '-q', '--porcelain', ...parked.map((p) => `--force-with-lease=${p.ref}:${p.sha}`), 'origin', ...parked.map((p) => `:${p.ref}`)];
        try {
            await this.git(args);
            return { deleted: parked.map((p) => p.ref) };
        }
        catch (error) {
            // Some were deleted by another writer meanwhile (or by this push): what is gone is folded, whoever deleted it.
            const left = await this.git(['ls-remote', 'origin', ...parked.map((p) => p.ref)]).catch(() => undefined);
            const message = (error instanceof GitError ? error.stderr : String(error)).trim().split('\n').slice(-2).join(' ');
            if (left === undefined)
                return { deleted: [], error: message };
            const still = new Set(left.split('\n').map((l) => l.trim().split(/\s+/)[1]).filter(Boolean));
            return { deleted: parked.filter((p) => !still.has(p.ref)).map((p) => p.ref), ...(still.size > 0 ? { error: message } : {}) };
        }
    }
    /**
     * Stages the whole work tree and commits it; returns false when nothing changed. With `root`, the commit has
     * no parent: the branch's past is squashed away (compaction).
     */
    async commitAll(message, options = {}) {
        await this.git(['add', '-A']);
        if (options.root) {
            const tree = (await this.git(['write-tree'])).trim();
            const commit = (await this.git([...IDENTITY, 'commit-tree', tree, '-m', message])).trim();
            await this.git(['update-ref', 'HEAD', commit]);
            return true;
        }
        const status = await this.git(['status', '--porcelain']);
        if (status.trim() === '')
            return false;
        await this.git([...IDENTITY, 'commit', '-q', '--no-verify', '-m', message]);
        return true;
    }
    /**
     * Pushes HEAD as the branch; a non-fast-forward is reported as rejected so the caller can retry. With
     * `replacing`, HEAD is a fresh root that replaces exactly that head: `--force-with-lease` makes the push fail,
     * rather than overwrite, when another writer moved the branch meanwhile.
     */
    async push(options = {}) {
        const args = ['push', '-q', '--porcelain', 'origin', `HEAD:refs/heads/${this.branch}`];
        if (options.replacing)
            args.splice(2, 0, `--force-with-lease=refs/heads/${this.branch}:${options.replacing}`);
        try {
            await this.git(args);
            return { pushed: true, commit: (await this.git(['rev-parse', 'HEAD'])).trim() };
        }
        catch (error) {
            const stderr = error instanceof GitError ? `${error.stdout}\n${error.stderr}\n${error.message}` : String(error);
            const permanent = isPermanentRefusal(stderr);
            return { pushed: false, rejected: !permanent && isLostRace(stderr), permanent, message: pushMessage(stderr) };
        }
    }
    async dispose() {
        await (0,promises_.rm)(this.dir, { recursive: true, force: true });
        liveClones.delete(this.dir);
    }
}
/** The URL of the workspace's `origin` remote. */
async function originUrl(workspace) {
    return (await runGit(workspace, ['remote', 'get-url', 'origin'])).trim();
}


/***/ })

};
