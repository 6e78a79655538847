const require = process.getBuiltinModule('node:module').createRequire(import.meta.url);
const { execFile } = require("node:child_process");
// src/store/git-process.ts
var GitError = class extends Error {
  stderr;
  exitCode;
  /** What git printed on stdout: `push --porcelain` reports each ref's fate there (`[remote rejected] … (hook declined)`). */
  stdout;
  constructor(message, stderr, exitCode, stdout = "") {
    super(message);
    this.stderr = stderr;
    this.exitCode = exitCode;
    this.stdout = stdout;
  }
};
function runGit(cwd, args, options = {}) {
  return new Promise((resolve, reject) => {
    const child = execFile(
      "git",
      args,
      {
        cwd,
        env: { ...process.env, GIT_TERMINAL_PROMPT: "0", LC_ALL: "C", ...options.env },
        maxBuffer: 256 * 1024 * 1024,
        timeout: options.timeoutMs ?? 12e4
      },
      (error, stdout, stderr) => {
        if (error) {
          const code = typeof error.code === "number" ? error.code : null;
          reject(new GitError(`git ${args[0]} failed: ${stderr.trim() || error.message}`, stderr, code, String(stdout)));
        } else {
          resolve(stdout);
        }
      }
    );
    writeInput(child.stdin, options.input);
  });
}
function writeInput(stdin, input) {
  if (input === void 0 || !stdin) return;
  stdin.on("error", () => void 0);
  if (typeof input === "string" || Buffer.isBuffer(input)) {
    stdin.end(input);
    return;
  }
  for (const piece of input) stdin.write(piece);
  stdin.end();
}
function withConfig(env, key, value) {
  const n = Number(env.GIT_CONFIG_COUNT ?? 0);
  return { ...env, GIT_CONFIG_COUNT: String(n + 1), [`GIT_CONFIG_KEY_${n}`]: key, [`GIT_CONFIG_VALUE_${n}`]: value };
}
function isPermanentRefusal(stderr) {
  return refusalOf(stderr) !== void 0 || /hook declined|GH0\d\d|protected branch|repository rule violations|permission to \S+ denied|returned error: 40[13]|authentication failed|deny(?:ing)? (?:updating|deleting|non-fast-forward|current branch)|not allowed to (?:push|create|update|delete)|write access to repository not granted/i.test(
    stderr
  );
}
var REFUSALS = [
  ["workflow", /refusing to allow an? (?:GitHub App|OAuth App|Personal Access Token|integration)[^\n]* to create or update workflow/i],
  ["permission", /permission to \S+ denied|returned error: 403|\b403 Forbidden|write access to repository not granted|resource not accessible by integration/i],
  ["protected", /\bGH0(?:06|13)\b|protected branch|repository rule violations/i]
];
function refusalOf(output) {
  const lines = output.split("\n");
  for (const [kind, pattern] of REFUSALS) {
    const line = lines.find((l) => pattern.test(l));
    if (line === void 0) continue;
    const detail = line.replace(/[\u0000-\u001f\u007f]+/g, " ").replace(/^\s*(?:remote:\s*)?(?:(?:error|fatal):\s*)*/i, "").replace(/\s+/g, " ").trim();
    return { kind, detail: detail.length > 240 ? `${detail.slice(0, 239)}\u2026` : detail };
  }
  return void 0;
}
function isLostRace(stderr) {
  return /rejected|non-fast-forward|fetch first|stale info|cannot lock ref|failed to update ref|shallow update not allowed|incorrect old value/i.test(stderr);
}
function pushMessage(output) {
  const lines = output.split("\n").map((l) => l.trim()).filter(Boolean);
  const fate = lines.filter((l) => /\[(?:remote )?rejected\]|\[rejected\]/.test(l));
  const remote = lines.filter((l) => l.startsWith("remote:")).slice(0, 3);
  const chosen = [...fate, ...remote];
  return (chosen.length > 0 ? chosen : lines.slice(-3)).join(" ").replace(/\s+/g, " ").slice(0, 600);
}

export {
  GitError,
  runGit,
  withConfig,
  isPermanentRefusal,
  refusalOf,
  isLostRace,
  pushMessage
};
