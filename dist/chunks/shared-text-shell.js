// src/text/shell.ts
var BARE = /^[A-Za-z0-9_@%+=:,./-]+$/;
function shellQuote(argument) {
  if (BARE.test(argument)) return argument;
  return `'${argument.replace(/'/g, `'\\''`)}'`;
}
function shellLine(argv) {
  return argv.map(shellQuote).join(" ");
}
function splitWords(line) {
  const words = [];
  let word = "";
  let inWord = false;
  let i = 0;
  const refuse = (c) => ({ error: `'${c === "\n" ? "\\n" : c}' at character ${i + 1} would be read by a shell; quote it ('\u2026') or leave it out` });
  while (i < line.length) {
    const c = line[i];
    if (c === " " || c === "	") {
      if (inWord) words.push(word);
      word = "";
      inWord = false;
      i++;
    } else if (c === "'") {
      const end = line.indexOf("'", i + 1);
      if (end < 0) return { error: `unclosed ' at character ${i + 1}` };
      word += line.slice(i + 1, end);
      inWord = true;
      i = end + 1;
    } else if (c === '"') {
      let j = i + 1;
      for (; ; ) {
        if (j >= line.length) return { error: `unclosed " at character ${i + 1}` };
        const d = line[j];
        if (d === '"') break;
        if (d === "\\" && j + 1 < line.length && '"\\$`'.includes(line[j + 1])) {
          word += line[j + 1];
          j += 2;
        } else if (d === "$" || d === "`") {
          i = j;
          return refuse(d);
        } else {
          word += d;
          j++;
        }
      }
      inWord = true;
      i = j + 1;
    } else if (c === "\\") {
      if (i + 1 >= line.length) return { error: "a \\ at the end of the line" };
      word += line[i + 1];
      inWord = true;
      i += 2;
    } else if ("$`;&|<>()*?[{\n\r".includes(c) || (c === "~" || c === "#") && !inWord) {
      return refuse(c);
    } else {
      word += c;
      inWord = true;
      i++;
    }
  }
  if (inWord) words.push(word);
  return { words };
}

export {
  shellQuote,
  shellLine,
  splitWords
};
