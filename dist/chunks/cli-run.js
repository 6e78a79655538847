const require = process.getBuiltinModule('node:module').createRequire(import.meta.url);
const { spawn } = require("node:child_process");
const { existsSync } = require("node:fs");
const { mkdir, mkdtemp, readFile, rm, writeFile } = require("node:fs/promises");
const { tmpdir } = require("node:os");
const { dirname, join, resolve } = require("node:path");
const { fileURLToPath } = require("node:url");
const { createInterface } = require("node:readline");
import {
  markdownToText
} from "./shared-cli-terminal.js";
import {
  actionEnv,
  ciFacts,
  detectCi,
  eventPayload
} from "./shared-cli-ci-env.js";
import {
  runGit
} from "./shared-store-git-process.js";
import {
  plainText
} from "./shared-text-escape.js";
import "./shared-runtime.js";

// src/cli/run.ts

// src/cli/workflow-log.ts
function unescapeData(value) {
  return value.replace(/%0D/g, "\r").replace(/%0A/g, "\n").replace(/%25/g, "%");
}
function unescapeProperty(value) {
  return unescapeData(value).replace(/%3A/g, ":").replace(/%2C/g, ",");
}
var clean = (s) => plainText(s, 8e3, true);
function plainLogLines(line) {
  const m = /^::([A-Za-z-]+)(?: ([^:]*))?::(.*)$/.exec(line.trimStart());
  if (!m) return [clean(line)];
  const [, name, rawProps = "", rawData = ""] = m;
  const data = unescapeData(rawData);
  switch (name) {
    case "group":
      return [`== ${clean(data)}`];
    case "endgroup":
    case "add-mask":
    case "debug":
    case "save-state":
    case "set-output":
    case "echo":
      return [];
    case "error":
    case "warning":
    case "notice": {
      const props = {};
      for (const pair of rawProps ? rawProps.split(",") : []) {
        const eq = pair.indexOf("=");
        if (eq > 0) props[pair.slice(0, eq)] = unescapeProperty(pair.slice(eq + 1));
      }
      const where = props.file ? `${props.file}${props.line ? `:${props.line}` : ""}: ` : "";
      const title = props.title ? `${props.title}: ` : "";
      const [first = "", ...rest] = data.split(/\r?\n/);
      return [clean(`${name}: ${where}${title}${first}`), ...rest.map((r) => r === "" ? "" : `    ${clean(r)}`)];
    }
    default:
      return [clean(line)];
  }
}

// src/cli/run.ts
function actionEntry() {
  if (process.env.FLAKEGUARD_ACTION_ENTRY) return process.env.FLAKEGUARD_ACTION_ENTRY;
  const here = dirname(fileURLToPath(import.meta.url));
  const candidates = [join(here, "..", "index.js"), join(here, "..", "..", "dist", "index.js")];
  return candidates.find((c) => existsSync(c)) ?? candidates[0];
}
function parseOutputs(text) {
  const outputs = {};
  const lines = text.split("\n");
  for (let i = 0; i < lines.length; i++) {
    const heredoc = /^([^=<]+)<<(.+)$/.exec(lines[i]);
    if (heredoc) {
      const value = [];
      for (i++; i < lines.length && lines[i] !== heredoc[2]; i++) value.push(lines[i]);
      outputs[heredoc[1]] = value.join("\n");
    } else if (lines[i].includes("=")) {
      outputs[lines[i].slice(0, lines[i].indexOf("="))] = lines[i].slice(lines[i].indexOf("=") + 1);
    }
  }
  return outputs;
}
async function gitFact(cwd, args) {
  try {
    return (await runGit(cwd, args)).trim();
  } catch {
    return "";
  }
}
async function runCommand(command, env = process.env) {
  const ci = detectCi(env);
  const cwd = process.cwd();
  const local = { sha: await gitFact(cwd, ["rev-parse", "HEAD"]), branch: await gitFact(cwd, ["rev-parse", "--abbrev-ref", "HEAD"]) || "main", cwd, now: Date.now() };
  const facts = ciFacts(env, ci, local);
  if (!facts.sha) facts.sha = await gitFact(facts.workspace, ["rev-parse", "HEAD"]);
  const outDir = resolve(facts.workspace, command.outDir ?? ".flakeguard");
  await mkdir(outDir, { recursive: true });
  const temp = await mkdtemp(join(tmpdir(), "flakeguard-run-"));
  try {
    const files = {
      eventPath: join(temp, "event.json"),
      outputPath: join(temp, "output"),
      summaryPath: join(outDir, "summary.md"),
      runnerTemp: join(temp, "runner")
    };
    await mkdir(files.runnerTemp);
    await writeFile(files.eventPath, JSON.stringify(eventPayload(facts)));
    await writeFile(files.outputPath, "");
    await writeFile(files.summaryPath, "");
    const token = env.FLAKEGUARD_TOKEN ?? "";
    const childEnv = actionEnv(env, facts, { ...token ? { token } : {}, ...command.inputs }, files);
    if (ci !== "github")
      console.log(
        `flakeguard run on ${ci === "local" ? "this machine" : ci}: run ${facts.runId} attempt ${facts.runAttempt}, job '${facts.job}', ${facts.sha.slice(0, 12) || "no commit"} on ${facts.branch}.`
      );
    const child = spawn(process.execPath, [actionEntry()], { cwd: facts.workspace, env: childEnv, stdio: ["ignore", "pipe", "inherit"] });
    const lines = createInterface({ input: child.stdout });
    lines.on("line", (line) => {
      if (ci === "github") process.stdout.write(`${line}
`);
      else for (const l of plainLogLines(line)) process.stdout.write(`${l}
`);
    });
    const code = await new Promise((res) => child.on("close", (c) => res(c ?? 1)));
    const outputs = parseOutputs(await readFile(files.outputPath, "utf8"));
    await writeFile(join(outDir, "outputs.json"), `${JSON.stringify(outputs, null, 2)}
`);
    const summary = await readFile(files.summaryPath, "utf8");
    if (command.printSummary && summary.trim() !== "" && ci !== "github") console.log(`
${markdownToText(summary)}`);
    console.log(`Summary: ${files.summaryPath} (\`flakeguard summary\` shows it again); outputs: ${join(outDir, "outputs.json")}.`);
    if (outputs.outcome === "success" && code === 0) return 0;
    return code === 0 ? 1 : code;
  } finally {
    await rm(temp, { recursive: true, force: true });
  }
}
export {
  actionEntry,
  parseOutputs,
  runCommand
};
