#!/usr/bin/env node
// Runs the site's search engine (Templates/assets/search.js) under Node on a written index and
// prints each response as JSON, one per line, in the shape of `skillbook search --format json`.
// Usage: node query.js SEARCH_DIR [--limit N] QUERY...
"use strict";
const path = require("path");
const SkillbookSearch = require(path.join(__dirname, "../../Templates/assets/search.js"));

async function main() {
  const args = process.argv.slice(2);
  const folder = args.shift();
  let limit = 10;
  if (args[0] === "--limit") { args.shift(); limit = Number(args.shift()); }
  for (const query of args) {
    // A fresh engine per query, so `files` lists what a first query downloads.
    const engine = SkillbookSearch.createEngine({ load: SkillbookSearch.folderLoader(folder) });
    const response = await engine.search(query, { limit });
    console.log(JSON.stringify(response));
  }
}

main().catch((error) => { console.error(error.stack || String(error)); process.exit(1); });
