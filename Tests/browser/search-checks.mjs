// The search checks of the browser test (site-browser-test.mjs runs them when the site has a
// search index): over file://, type a query in the top bar's box, see the results drop down,
// move to the first with the arrow keys, follow it with Enter to its section with the matched
// words highlighted; the search page lists the same first result; no two results read the same
// (two skills of one name are told apart by their folder); Escape closes the list; a
// query with no match says so. The expected first result comes from the same engine run by
// Node on the site's own index files, so the browser must agree with it.

import { createRequire } from "node:module";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import vm from "node:vm";

const require = createRequire(import.meta.url);

/// A query and its first result: `query` if given, else the heading of the first section that
/// has one in the site's index.
async function chooseQuery(siteDir, query) {
  const S = require(join(siteDir, "assets", "search.js"));
  const folder = join(siteDir, "search");
  if (!query) {
    let rows = [];
    vm.runInNewContext(readFileSync(join(folder, "d", "0.js"), "utf8"), {
      skillbookSearchData: (kind, number, pages, sections) => { rows = sections; },
    });
    // A heading of words, else (a Chinese or Japanese collection) one of two letters or more.
    const row = rows.find((section) => section[1] && /[A-Za-z]{4}/.test(section[1]))
      || rows.find((section) => section[1] && /\p{L}{2}/u.test(section[1]));
    if (!row) return null;
    query = row[1];
  }
  const engine = S.createEngine({ load: S.folderLoader(folder) });
  const response = await engine.search(query, { limit: 8 });
  if (!response.results.length) return null;
  return { query, expected: response.results[0].sections[0].url, total: response.total };
}

export async function checkSearch({ siteURL, siteDir, open, evaluate, call, waitForLoad, problems, query }) {
  const chosen = await chooseQuery(siteDir, query);
  if (!chosen) {
    problems.push("search: the index has no heading to search for");
    return null;
  }
  const key = async (key, code, keyCode, modifiers = 0, text) => {
    await call("Input.dispatchKeyEvent", { type: "keyDown", key, code, windowsVirtualKeyCode: keyCode, modifiers, text });
    await call("Input.dispatchKeyEvent", { type: "keyUp", key, code, windowsVirtualKeyCode: keyCode, modifiers });
  };
  const waitUntil = async (expression, what, timeout = 8000) => {
    const start = Date.now();
    while (Date.now() - start < timeout) {
      if (await evaluate(expression)) return true;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    problems.push(`search: timed out waiting for ${what}`);
    return false;
  };
  // A result link without the highlight parameter, relative to the site, decoded.
  const target = (href) => {
    const url = new URL(href);
    return decodeURIComponent(url.href.slice(siteURL.length).replace(url.search, ""));
  };

  // 1. "/" focuses the box; typing drops the results down.
  await open(siteURL + "index.html");
  await key("/", "Slash", 191, 0, "/");
  if (await evaluate(`document.activeElement && document.activeElement.id`) !== "search-input") {
    problems.push("search: / does not focus the search box");
    await evaluate(`document.getElementById("search-input").focus()`);
  }
  await call("Input.insertText", { text: chosen.query });
  if (!await waitUntil(`(() => { const d = document.querySelector(".search-dropdown"); return d && !d.hidden && d.querySelector("#search-listbox [role=option]"); })()`,
    `results for "${chosen.query}"`)) return null;
  const dropdown = await evaluate(`(() => {
    const input = document.getElementById("search-input");
    const options = Array.from(document.querySelectorAll("#search-listbox [role=option]"));
    return { role: input.getAttribute("role"), expanded: input.getAttribute("aria-expanded"),
      controls: input.getAttribute("aria-controls"), hrefs: options.map((o) => o.href),
      labels: options.filter((o) => o.querySelector(".search-option-title"))
        .map((o) => Array.from(o.querySelectorAll(".search-option-title, .search-option-skill, .search-option-path"), (n) => n.textContent).join(" | ")),
      marks: document.querySelectorAll("#search-listbox mark").length };
  })()`);
  if (dropdown.role !== "combobox" || dropdown.expanded !== "true" || dropdown.controls !== "search-listbox") {
    problems.push(`search: the box is not an expanded combobox (${JSON.stringify(dropdown)})`);
  }
  if (target(dropdown.hrefs[0]) !== chosen.expected) {
    problems.push(`search: first result for "${chosen.query}" is ${target(dropdown.hrefs[0])}, the engine under Node says ${chosen.expected}`);
  }
  const sameLabel = dropdown.labels.filter((label, index) => dropdown.labels.indexOf(label) !== index);
  if (sameLabel.length) problems.push(`search: results for "${chosen.query}" that read the same: ${sameLabel.join("; ")}`);
  if (dropdown.marks === 0) problems.push(`search: no matched word is marked in the results for "${chosen.query}"`);

  // 2. ArrowDown makes the first result active; Enter follows it to its section, highlighted.
  await key("ArrowDown", "ArrowDown", 40);
  const active = await evaluate(`(() => {
    const input = document.getElementById("search-input");
    const id = input.getAttribute("aria-activedescendant");
    const option = id && document.getElementById(id);
    return option ? option.getAttribute("aria-selected") + " " + option.href : null;
  })()`);
  if (!active || !active.startsWith("true ")) problems.push(`search: ArrowDown does not select the first result (${active})`);
  const loaded = waitForLoad();
  await key("Enter", "Enter", 13, 0, "\r");
  await loaded;
  const landed = await evaluate(`(() => {
    const anchor = decodeURIComponent(location.hash.slice(1));
    const heading = anchor ? document.getElementById(anchor) : null;
    const marks = Array.from(document.querySelectorAll("mark.search-hit"));
    const after = heading ? marks.filter((m) => heading.compareDocumentPosition(m) & Node.DOCUMENT_POSITION_FOLLOWING) : marks;
    // Only the words that matched are highlighted: each term the link names is marked here.
    const terms = (new URLSearchParams(location.search).get("highlight") || "").split(" ").filter(Boolean);
    const markedTerms = new Set(marks.flatMap((m) => window.SkillbookSearch.tokenize(m.textContent).map((t) => t.term)));
    return { href: location.href, anchor, heading: !!heading, marks: marks.length, after: after.length,
      unmarked: terms.filter((term) => !markedTerms.has(term)) };
  })()`);
  if (target(landed.href) !== chosen.expected) problems.push(`search: Enter went to ${target(landed.href)}, not ${chosen.expected}`);
  if (landed.anchor && !landed.heading) problems.push(`search: the section #${landed.anchor} is not on the page`);
  if (landed.after === 0) problems.push(`search: no matched word is highlighted in the section reached (${landed.marks} on the page)`);
  if (landed.unmarked.length) problems.push(`search: the link asks to highlight ${landed.unmarked.join(", ")}, which the page does not hold`);

  // 3. The search page lists the same first result.
  await open(siteURL + "search.html?q=" + encodeURIComponent(chosen.query));
  if (await waitUntil(`document.querySelector("#search-results .search-result a")`, "the search page's results")) {
    const first = await evaluate(`document.querySelector("#search-results .search-result a").href`);
    const page = await evaluate(`document.getElementById("search-page-input").value`);
    const labels = await evaluate(`Array.from(document.querySelectorAll("#search-results .search-result"), (r) =>
      r.querySelector(".search-result-title").textContent + " | " + (r.querySelector(".search-result-meta") || { textContent: "" }).textContent)`);
    const alike = labels.filter((label, index) => labels.indexOf(label) !== index);
    if (alike.length) problems.push(`search: the search page lists results that read the same: ${alike.join("; ")}`);
    if (page !== chosen.query) problems.push(`search: the search page's box shows "${page}", not the query`);
    if (target(first).split("#")[0] !== chosen.expected.split("#")[0]) {
      problems.push(`search: the search page's first result is ${target(first)}, expected the page of ${chosen.expected}`);
    }
  }

  // 4. Escape closes the list; Ctrl+K focuses the box; a query with no match says so.
  await open(siteURL + "index.html");
  await key("k", "KeyK", 75, 2);
  if (await evaluate(`document.activeElement && document.activeElement.id`) !== "search-input") {
    problems.push("search: Ctrl+K does not focus the search box");
    await evaluate(`document.getElementById("search-input").focus()`);
  }
  await call("Input.insertText", { text: chosen.query });
  await waitUntil(`!document.querySelector(".search-dropdown").hidden`, "the list to open");
  await key("Escape", "Escape", 27);
  if (await evaluate(`document.getElementById("search-input").getAttribute("aria-expanded")`) !== "false") {
    problems.push("search: Escape does not close the results");
  }
  await evaluate(`(() => { const i = document.getElementById("search-input"); i.value = ""; i.dispatchEvent(new Event("input")); })()`);
  await call("Input.insertText", { text: "qxzqxzqv" });
  await waitUntil(`(() => { const p = document.querySelector(".search-dropdown .search-empty"); return p && p.textContent.includes("qxzqxzqv"); })()`,
    "the no-results message");

  // 5. An index that cannot be read is said so in the drop-down, in the page's words (the
  // browser's own errors for the missing files are expected here).
  const before = problems.length;
  await open(siteURL + "index.html");
  await evaluate(`(() => {
    const append = document.head.appendChild.bind(document.head);
    document.head.appendChild = (node) => {
      if (node.src && node.src.includes("/search/")) node.src = node.src.replace("/search/", "/no-such-folder/");
      return append(node);
    };
    document.getElementById("search-input").focus();
  })()`);
  await call("Input.insertText", { text: chosen.query });
  await waitUntil(`(() => {
    const note = document.querySelector(".search-dropdown .search-note");
    const failed = document.querySelector(".search-form").getAttribute("data-failed").split("{error}")[0];
    return note && !note.closest("[hidden]") && note.textContent.startsWith(failed);
  })()`, "the message that the index cannot be read");
  const expected = problems.splice(before).filter((problem) => !problem.includes("no-such-folder"));
  problems.push(...expected);
  return chosen;
}
