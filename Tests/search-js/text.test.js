// The JavaScript engine's text rules pass the cases the Swift tokenizer passes (cases.json).
"use strict";
const test = require("node:test");
const assert = require("node:assert/strict");
const path = require("path");
const S = require(path.join(__dirname, "../../Templates/assets/search.js"));
const cases = require("./cases.json");

test("folds case and diacritics", () => {
  for (const [input, expected] of cases.fold) assert.equal(S.fold(input), expected, input);
});

test("stems inflections of a word to one term", () => {
  for (const group of cases.sameStem) {
    const stems = new Set(group.map(S.stem));
    assert.equal(stems.size, 1, `${group.join(", ")} → ${[...stems].join(", ")}`);
  }
});

test("keeps different words apart", () => {
  for (const [a, b] of cases.differentStems) assert.notEqual(S.stem(a), S.stem(b), `${a} / ${b}`);
});

test("leaves short, numeric and non-ASCII words alone", () => {
  for (const word of cases.unstemmed) assert.equal(S.stem(word), word);
});

test("tokenizes words, identifiers, numbers and CJK", () => {
  for (const item of cases.tokenize) {
    const tokens = S.tokenize(item.text);
    assert.deepEqual(tokens.map((t) => t.term), item.terms, item.text);
    if (item.kinds) assert.deepEqual(tokens.map((t) => t.kind), item.kinds, item.text);
    if (item.positions) assert.deepEqual(tokens.map((t) => t.position), item.positions, item.text);
  }
});

test("reports where each token is, in UTF-16 offsets", () => {
  for (const item of cases.ranges) {
    assert.deepEqual(S.tokenize(item.text).map((t) => [t.term, t.start, t.end]), item.tokens, item.text);
  }
});

test("edit distance counts a swap of neighbours as one edit", () => {
  assert.equal(S.editDistance("touch", "tuoch", 2), 1);
  assert.equal(S.editDistance("target", "targte", 2), 1);
  assert.equal(S.editDistance("target", "tgraet", 1), 2);
  assert.equal(S.editDistance("abc", "abc", 1), 0);
  assert.equal(S.editDistance("", "ab", 2), 2);
});
