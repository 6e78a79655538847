const require = process.getBuiltinModule('node:module').createRequire(import.meta.url);
const { createInterface } = require("node:readline");
import "./shared-runtime.js";

// src/cli/ask.ts
function askYesNo(question) {
  const rl = createInterface({ input: process.stdin, output: process.stderr, terminal: false });
  return new Promise((resolve) => {
    let answered = false;
    rl.on("close", () => {
      if (!answered) process.stderr.write("\n");
      resolve(false);
    });
    process.stderr.write(question);
    rl.once("line", (line) => {
      answered = true;
      resolve(/^\s*y(es)?\s*$/i.test(line));
      rl.close();
    });
  });
}
export {
  askYesNo
};
