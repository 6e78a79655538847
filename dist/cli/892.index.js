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
        ...(facts.pullRequest !== undefined ? { pull_request: { number: facts.pullRequest, head: { repo: { full_name: facts.fromFork ? `fork-of/${facts.repository}` : facts.repository } } } } : {}),
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
// EXTERNAL MODULE: ./src/store/git.ts + 3 modules
var git = __webpack_require__(668);
// EXTERNAL MODULE: ./src/cli/ci-env.ts
var ci_env = __webpack_require__(454);
// EXTERNAL MODULE: ./src/text/escape.ts
var text_escape = __webpack_require__(388);
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
const clean = (s) => (0,text_escape/* plainText */.wh)(s, 8000, true);
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
/* harmony import */ var _text_escape_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(388);
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
    return (0,_text_escape_js__WEBPACK_IMPORTED_MODULE_0__/* .plainText */ .wh)(decodeEntities(inline), max, true);
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
                    out.push(`    ${(0,_text_escape_js__WEBPACK_IMPORTED_MODULE_0__/* .plainText */ .wh)(b, 4000, true)}`);
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
    return `${out
        .join('\n')
        .replace(/\n{3,}/g, '\n\n')
        .trim()}\n`;
}


/***/ }),

/***/ 388:
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
 * - `logText`: a plain log line: one line, control characters shown as `\xHH`, nothing the runner reads as a command.
 * - `plainText`: annotation titles and messages (plain text on GitHub): control characters shown as `\xHH`, no
 *   bidi or other invisible characters.
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
    $: '&#36;',
    '^': '&#94;',
};
const MARKDOWN_SPECIAL = /[&<>"'|`[\]()*_~#!\\@:=+\-{}%$^]/;
/**
 * Control characters (C0 but tab, newline and CR; DEL; C1) are shown as `\xHH`: a test named with a NUL or an ANSI
 * colour stays visible and tells apart from its namesake without them. Invisible format characters (soft hyphen,
 * zero-width and direction marks, bidi overrides, BOM, interlinear annotations) are dropped.
 */
// eslint-disable-next-line no-control-regex
const SHOWN = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/g;
const HIDDEN = /[\u00ad\u061c\u180e\u200b-\u200f\u2028\u2029\u202a-\u202e\u2060-\u2064\u2066-\u206f\ufeff\ufff9-\ufffb]/g;
/** Control characters shown as `\xHH`, invisible format characters dropped. */
function visible(text) {
    return text.replace(SHOWN, (c) => `\\x${c.charCodeAt(0).toString(16).padStart(2, '0')}`).replace(HIDDEN, '');
}
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
    return visible(redact(untrusted).replace(/\ue000/g, ''));
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
 * Text for a plain log line: one line, control characters shown as `\xHH`, and nothing the runner could read as a workflow
 * command (`::cmd::` anywhere after trimming, or the legacy `##[cmd]` anywhere in the line).
 */
function logText(untrusted, max = 500) {
    return truncate(visible(redact(untrusted).replace(NEWLINES, ' ')), max)
        .replace(/::/g, ':\u200b:')
        .replace(/##\[/g, '#\u200b#[');
}
/**
 * Plain text for an annotation title or message: line breaks kept (as `\n`) unless `oneLine`, control characters
 * shown as `\xHH`, invisible direction characters dropped, secrets hidden, at most `max` characters. The runner escapes what
 * goes into a workflow command; the API takes the text as it is.
 */
function plainText(untrusted, max, oneLine = false) {
    const text = visible(redact(untrusted).replace(NEWLINES, oneLine ? ' ' : '\n'));
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


/***/ })

};
