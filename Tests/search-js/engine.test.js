// The JavaScript engine on the fixture collection's index (fixture-index/, written by the Swift
// index builder; SearchIndexTests keeps it current).
"use strict";
const test = require("node:test");
const assert = require("node:assert/strict");
const fs = require("fs");
const os = require("os");
const path = require("path");
const S = require(path.join(__dirname, "../../Templates/assets/search.js"));

const folder = path.join(__dirname, "fixture-index");
const fresh = () => S.createEngine({ load: S.folderLoader(folder) });
const first = async (query, options) => {
  const response = await fresh().search(query, options);
  return response.results.length ? response.results[0].sections[0].url : null;
};

test("puts the section about the words first, with its anchor", async () => {
  assert.equal(await first("touch target "), "controls/references/toggles.html#touch-targets");
  assert.equal(await first("contrast ratio "), "accessibility/index.html#color-contrast");
});

test("returns page and section titles, skill and a marked snippet", async () => {
  const response = await fresh().search("touch targets", { typing: false });
  const result = response.results[0];
  assert.equal(result.pageTitle, "Toggles");
  assert.equal(result.skill, "controls");
  assert.equal(result.sections[0].heading, "Touch targets");
  const { text, marks } = result.sections[0].snippet;
  assert.deepEqual(marks.map(([a, b]) => text.slice(a, b)), ["touch", "targets", "targets"]);
  assert.equal(result.matched, 2);
  assert.equal(result.words, 2);
});

test("matches the word being typed as a prefix", async () => {
  assert.equal(await first("stepp"), "controls/index.html#steppers");
  assert.equal(await first("stepp "), null);
});

test("gives each section the matched terms it holds, for the page it leads to to highlight", async () => {
  // "ta" completes to several words; a result's section names only the ones in its own text.
  const response = await fresh().search("touch ta", { limit: 5 });
  assert.ok(response.terms.length > 3);
  for (const result of response.results) {
    for (const section of result.sections) {
      assert.ok(section.terms.length < response.terms.length, `${section.url}: ${section.terms}`);
      for (const term of section.terms) assert.ok(response.terms.includes(term));
    }
  }
  assert.deepEqual(response.results[0].sections[0].terms, ["touch", "target"]);
});

test("forgives one typo in long words and suggests words when nothing matches", async () => {
  assert.equal(await first("accesibility "), "accessibility/index.html");
  assert.equal(await first("tabz "), null);
  const response = await fresh().search("acessibilty ");
  assert.equal(response.total, 0);
  assert.equal(response.suggestions[0], "accessibility");
});

test("finds identifiers whole and by parts, and Japanese by character pairs", async () => {
  assert.equal(await first("sensoryFeedback"), "feedback/index.html#haptics");
  assert.equal(await first("split view "), "navigation/index.html#split-views");
  assert.equal(await first("設定画面"), "localization/references/japanese.html#設定画面");
});

test("lists results with all words before partial matches", async () => {
  const response = await fresh().search("split view haptic", { typing: false });
  const matched = response.results.map((r) => r.matched);
  assert.deepEqual(matched, [...matched].sort((a, b) => b - a));
  assert.equal(matched[0], 2);
});

test("loads each file once and reports what a query needed", async () => {
  const loaded = [];
  const load = S.folderLoader(folder);
  const engine = S.createEngine({ load: (file, receive) => { loaded.push(file); return load(file, receive); } });
  const a = await engine.search("touch target");
  const count = loaded.length;
  const b = await engine.search("touch target");
  assert.equal(loaded.length, count, "a repeated query loads nothing");
  assert.deepEqual(a.files, b.files);
  assert.ok(a.files.includes("entry.js"));
  assert.deepEqual(new Set(loaded), new Set(a.files));
});

test("pages through results", async () => {
  const all = await fresh().search("toggle", { typing: false, limit: 10 });
  const second = await fresh().search("toggle", { typing: false, limit: 1, offset: 1 });
  assert.ok(all.total >= 2);
  assert.equal(second.results[0].page, all.results[1].page);
});

test("reports a missing index file", async () => {
  const empty = fs.mkdtempSync(path.join(os.tmpdir(), "skillbook-search-"));
  try {
    const engine = S.createEngine({ load: S.folderLoader(empty) });
    await assert.rejects(engine.search("touch"), /ENOENT|cannot/);
  } finally {
    fs.rmSync(empty, { recursive: true, force: true });
  }
});

test("refuses an index of another format version", async () => {
  const engine = S.createEngine({ load: (file, receive) => { receive("entry", 0, { version: 99 }); return Promise.resolve(); } });
  await assert.rejects(engine.search("touch"), /format 99/);
});
