// Read Rootlog files with the community parser (@seiyria/rootlog-parser, pinned in package.json)
// and print, as one JSON object, each file's refusals with the line that causes them.
//
//   node check.js FILE...     ->  {"FILE": [{"line": 12, "text": "...", "error": "..."}], ...}
//
// The parser collects its refusals in game.parseErrors and names no line; a line's refusals are
// those that appear when the file is read up to it and not before.
"use strict";
const fs = require("fs");
const { parseRootlog } = require("@seiyria/rootlog-parser");

console.error = () => {};  // the parser's "Game parsed with N error(s)" summary; we report them

function refusals(text) {
  const whole = parseRootlog(text);
  const out = [];
  if (whole.parseErrors.length === 0) {
    if (!whole.map) out.push({ line: 0, text: "", error: "no Map: line read" });
    if (!whole.deck) out.push({ line: 0, text: "", error: "no Deck: line read" });
    return out;
  }
  const lines = text.split("\n");
  let seen = 0;
  for (let i = 0; i < lines.length; i++) {
    const errors = parseRootlog(lines.slice(0, i + 1).join("\n")).parseErrors;
    for (const error of errors.slice(seen)) out.push({ line: i + 1, text: lines[i], error: String(error) });
    seen = errors.length;
  }
  return out;
}

const result = {};
for (const path of process.argv.slice(2)) result[path] = refusals(fs.readFileSync(path, "utf8"));
process.stdout.write(JSON.stringify(result) + "\n");
