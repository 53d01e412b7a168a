#!/usr/bin/env node
// `make bench`: the site's search engine (Templates/assets/search.js) under Node on the indexes
// that skillbook-bench wrote to .build/search-bench/<corpus>/. Prints, per corpus, what a first
// query downloads and how long a query takes once its files are loaded (a query as typed, letter
// by letter, and finished). Prints figures only; asserts nothing.
"use strict";
const fs = require("fs");
const path = require("path");
const S = require(path.join(__dirname, "../../Templates/assets/search.js"));

const QUERIES = {
  "agentic-awesome-skills": ["react hooks", "docker compose", "kubernetes deployment", "api design", "security audit",
    "python testing", "prompt engineering", "git workflow", "database migration", "typescript types", "seo",
    "stripe payments", "code review checklist", "aws lambda", "pdf extraction"],
  "hig-doctor": ["touch target", "dark mode", "tab bar", "alerts", "sf symbols", "haptics", "keyboard shortcuts"],
  "apple-hig-skills": ["touch target", "dark mode", "tab bar", "alerts", "sf symbols", "haptics", "keyboard shortcuts"],
};

function folderSize(folder) {
  let total = 0, files = 0;
  for (const entry of fs.readdirSync(folder, { withFileTypes: true })) {
    const full = path.join(folder, entry.name);
    if (entry.isDirectory()) { const inner = folderSize(full); total += inner.total; files += inner.files; }
    else { total += fs.statSync(full).size; files += 1; }
  }
  return { total, files };
}

const kb = (bytes) => bytes >= 1e6 ? (bytes / 1e6).toFixed(1) + " MB" : Math.round(bytes / 1000) + " KB";
const ms = (value) => value.toFixed(2) + " ms";
const percentile = (values, p) => { const sorted = [...values].sort((a, b) => a - b); return sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))]; };

async function timed(engine, query, options) {
  const start = process.hrtime.bigint();
  const response = await engine.search(query, options);
  return { response, ms: Number(process.hrtime.bigint() - start) / 1e6 };
}

async function benchmark(name, folder) {
  const queries = QUERIES[name] || ["search"];
  const size = folderSize(folder);
  const downloads = [];
  const finished = [];
  const typed = [];
  const engine = S.createEngine({ load: S.folderLoader(folder) });
  for (const query of queries) {
    // What a browser that has loaded nothing yet downloads for this query.
    const fresh = S.createEngine({ load: S.folderLoader(folder) });
    const first = await fresh.search(query);
    downloads.push(first.files.reduce((sum, file) => sum + fs.statSync(path.join(folder, file)).size, 0));
    // Once loaded: the query as typed, each prefix twice (the second run is measured), then finished.
    for (let end = 1; end <= query.length; end++) {
      await engine.search(query.slice(0, end));
      typed.push((await timed(engine, query.slice(0, end))).ms);
    }
    await engine.search(query + " ", { limit: 20, sectionsPerPage: 3 });
    for (let run = 0; run < 5; run++) finished.push((await timed(engine, query + " ", { limit: 20, sectionsPerPage: 3 })).ms);
  }
  console.log(`search under Node, ${name}: index ${kb(size.total)} in ${size.files} files`);
  console.log(`  first query downloads ${kb(percentile(downloads, 0.5))} (median of ${queries.length} queries), at most ${kb(Math.max(...downloads))}`);
  console.log(`  query with its files loaded: median ${ms(percentile(finished, 0.5))}, 95th percentile ${ms(percentile(finished, 0.95))}, slowest ${ms(Math.max(...finished))}`);
  console.log(`  while typing (every prefix): median ${ms(percentile(typed, 0.5))}, 95th percentile ${ms(percentile(typed, 0.95))}, slowest ${ms(Math.max(...typed))}`);
}

async function main() {
  const root = process.argv[2] || path.join(__dirname, "../../.build/search-bench");
  if (!fs.existsSync(root)) {
    console.log(`no indexes in ${root}: run skillbook-bench search first`);
    return;
  }
  for (const name of fs.readdirSync(root).sort()) {
    const folder = path.join(root, name);
    if (fs.existsSync(path.join(folder, "entry.js"))) await benchmark(name, folder);
  }
}

main().catch((error) => { console.error(error.stack || String(error)); process.exit(1); });
