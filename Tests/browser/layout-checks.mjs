// The scale and small-screen checks of the browser test (site-browser-test.mjs runs them), each
// at 390, 1,024 and 1,400 px: the home page's filter finds a skill; "On this page" is there at
// every width, closed below 75rem, and marks the section being read; the metadata box is closed
// on a phone; the phone menu covers the screen, keeps Tab inside and closes on Escape; the
// search placeholder fits its box; the reports' filter hides what does not match; nothing
// scrolls sideways; a page without code loads no highlighting script.

import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";

export const widths = [390, 1024, 1400];

/// Up to `limit` HTML pages of the site whose source contains `needle`, as site-relative paths.
function pagesContaining(siteDir, needle, limit = 1, skip = (path) => false) {
  const found = [];
  const walk = (folder, prefix) => {
    for (const name of readdirSync(folder).sort()) {
      if (found.length >= limit) return;
      const path = join(folder, name);
      const relative = prefix ? prefix + "/" + name : name;
      if (statSync(path).isDirectory()) {
        if (name !== "search" && name !== "assets") walk(path, relative);
      } else if (name.endsWith(".html") && !skip(relative) && readFileSync(path, "utf8").includes(needle)) {
        found.push(relative);
      }
    }
  };
  walk(siteDir, "");
  return found;
}

/// The pages whose size and load time --timings prints: the home page, the first skill page,
/// the largest skill or document page, and each report's summary (the graph page's too) with
/// its largest detail page.
export function timedPages(siteDir) {
  const pages = [{ label: "home", path: "index.html" }];
  const firstSkill = /<a href="([^"]+\/index\.html)"/.exec(readFileSync(join(siteDir, "index.html"), "utf8"));
  if (firstSkill) pages.push({ label: "a skill page", path: decodeURIComponent(firstSkill[1]) });
  let largest = null;
  const walk = (folder, prefix) => {
    for (const name of readdirSync(folder)) {
      const path = join(folder, name);
      const relative = prefix ? prefix + "/" + name : name;
      if (statSync(path).isDirectory()) {
        if (name !== "search" && name !== "assets" && relative !== "reports") walk(path, relative);
      } else if (name.endsWith(".html") && prefix) {
        const size = statSync(path).size;
        if (!largest || size > largest.size) largest = { size, path: relative };
      }
    }
  };
  walk(siteDir, "");
  if (largest) pages.push({ label: "largest content page", path: largest.path });
  for (const report of ["diagnostics", "duplicates", "graph"]) {
    pages.push({ label: `${report} summary`, path: `reports/${report}.html` });
    const folder = join(siteDir, "reports", report);
    if (!existsSync(folder)) continue;
    const parts = readdirSync(folder).filter((name) => name.endsWith(".html"))
      .map((name) => ({ name, size: statSync(join(folder, name)).size })).sort((a, b) => b.size - a.size);
    if (parts.length) pages.push({ label: `largest ${report} part`, path: `reports/${report}/${parts[0].name}` });
  }
  return pages.filter((page) => existsSync(join(siteDir, page.path)));
}

export async function checkLayout({ siteDir, open, evaluate, call, problems }) {
  const url = (path) => pathToFileURL(join(siteDir, path)).href;
  const key = async (key, code, keyCode, modifiers = 0) => {
    await call("Input.dispatchKeyEvent", { type: "keyDown", key, code, windowsVirtualKeyCode: keyCode, modifiers });
    await call("Input.dispatchKeyEvent", { type: "keyUp", key, code, windowsVirtualKeyCode: keyCode, modifiers });
  };
  const settle = () => new Promise((resolve) => setTimeout(resolve, 120));
  const tocPage = pagesContaining(siteDir, 'class="toc-box"')[0];
  const metadataPage = pagesContaining(siteDir, 'class="metadata"')[0];
  const codePage = pagesContaining(siteDir, 'class="language-')[0];
  const plainPages = pagesContaining(siteDir, "<main", 6, (path) => path === "404.html")
    .filter((path) => !readFileSync(join(siteDir, path), "utf8").includes('class="language-'));
  const reportPages = ["reports/diagnostics.html", "reports/duplicates.html", "reports/graph.html"]
    .concat(pagesContaining(siteDir, 'class="report-filter"', 1, (path) => !path.startsWith("reports/diagnostics/")));
  let checks = 0;

  // Light pages: highlight.js only where there is code to colour.
  for (const path of plainPages) {
    if (readFileSync(join(siteDir, path), "utf8").includes("highlight.min.js")) problems.push(`${path}: loads highlight.js without any code`);
    checks += 1;
  }

  for (const width of widths) {
    await call("Emulation.setDeviceMetricsOverride", { width, height: 800, deviceScaleFactor: 1, mobile: width < 600 });
    const at = `${width}px`;

    // The home page: a filter that finds a skill by name.
    await open(url("index.html"));
    const firstSkill = await evaluate(`(() => { const a = document.querySelector(".card h3 a, .skill-names a"); return a ? a.textContent : null; })()`);
    if (firstSkill) {
      const shown = await evaluate(`(() => { const box = document.querySelector(".skill-filter"); return !!box && !box.hidden && box.getBoundingClientRect().width > 0; })()`);
      if (!shown) problems.push(`index.html at ${at}: the skill filter is not shown`);
      await evaluate(`(() => { const input = document.getElementById("Skill-filter"); input.focus(); input.value = ${JSON.stringify(firstSkill)}; input.dispatchEvent(new Event("input")); })()`);
      let matched = [];
      for (let tries = 0; tries < 40; tries++) {
        await settle();
        matched = await evaluate(`Array.from(document.querySelectorAll("#Skill-matches .card h3 a")).map((a) => a.textContent)`);
        if (matched.length) break;
      }
      if (!matched.includes(firstSkill)) problems.push(`index.html at ${at}: filtering for "${firstSkill}" does not list it (${matched.slice(0, 3).join(", ")})`);
      if (await evaluate(`!document.querySelector(".skill-groups").hidden`)) problems.push(`index.html at ${at}: the groups stay shown while filtering`);
      checks += 1;
    }

    // The search placeholder fits its box.
    const placeholder = await evaluate(`(() => {
      const input = document.getElementById("search-input");
      if (!input || !input.placeholder) return null;
      const style = getComputedStyle(input);
      const context = document.createElement("canvas").getContext("2d");
      context.font = style.font;
      const room = input.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
      return { text: input.placeholder, needed: context.measureText(input.placeholder).width, room };
    })()`);
    if (placeholder && placeholder.needed > placeholder.room + 1) {
      problems.push(`at ${at}: the search placeholder "${placeholder.text}" needs ${Math.round(placeholder.needed)}px, the box has ${Math.round(placeholder.room)}px`);
    }
    checks += 1;

    // "On this page": present at every width, closed below 75rem, marks the current section.
    if (tocPage) {
      await open(url(tocPage));
      const toc = await evaluate(`(() => {
        const box = document.querySelector(".toc-box");
        const rect = box.getBoundingClientRect();
        return { open: box.open, visible: rect.width > 0 && rect.height > 0 && getComputedStyle(box).visibility !== "hidden",
          narrow: matchMedia("(max-width: 75rem)").matches };
      })()`);
      if (!toc.visible) problems.push(`${tocPage} at ${at}: "On this page" is not shown`);
      if (toc.narrow && toc.open) problems.push(`${tocPage} at ${at}: "On this page" starts open on a narrow screen`);
      if (!toc.narrow && !toc.open) problems.push(`${tocPage} at ${at}: "On this page" starts closed on a wide screen`);
      const marked = await evaluate(`(async () => {
        const links = Array.from(document.querySelectorAll(".toc-box a[href^='#']"));
        const last = links[links.length - 1];
        const target = document.getElementById(decodeURIComponent(last.getAttribute("href").slice(1)));
        if (!target) return "no target";
        document.documentElement.style.scrollBehavior = "auto";
        target.scrollIntoView();
        await new Promise((resolve) => setTimeout(resolve, 250));
        const current = document.querySelector(".toc-box a[aria-current='true']");
        return current ? current.getAttribute("href") : null;
      })()`);
      if (!marked) problems.push(`${tocPage} at ${at}: no section of "On this page" is marked as current after scrolling`);
      checks += 1;
    }

    // The metadata box: closed on a phone, open on wider screens.
    if (metadataPage) {
      await open(url(metadataPage));
      const isOpen = await evaluate(`document.querySelector("details.metadata").open`);
      if (width < 600 && isOpen) problems.push(`${metadataPage} at ${at}: the metadata box starts open on a phone`);
      if (width >= 600 && !isOpen) problems.push(`${metadataPage} at ${at}: the metadata box starts closed`);
      checks += 1;
    }

    // The phone menu: full height, Tab stays inside, Escape closes it.
    if (width < 600) {
      await open(url(metadataPage || "index.html"));
      const button = await evaluate(`(() => { const b = document.querySelector(".sidebar-toggle"); return !!b && !b.hidden; })()`);
      if (!button) {
        problems.push(`at ${at}: the menu button is not shown`);
      } else {
        await evaluate(`document.querySelector(".sidebar-toggle").click()`);
        const menu = await evaluate(`(() => {
          const sidebar = document.getElementById("Sidebar");
          const rect = sidebar.getBoundingClientRect();
          const below = document.elementFromPoint(innerWidth / 2, innerHeight - 5);
          return { top: rect.top, bottom: rect.bottom, height: innerHeight, coversBottom: !!below && sidebar.contains(below),
            mainInert: document.querySelector("main").inert };
        })()`);
        if (menu.bottom < menu.height - 1 || menu.top > 1) problems.push(`at ${at}: the menu covers ${Math.round(menu.top)}–${Math.round(menu.bottom)}px of ${menu.height}px`);
        if (!menu.coversBottom) problems.push(`at ${at}: the page shows through below the menu`);
        if (!menu.mainInert) problems.push(`at ${at}: the page under the menu still takes focus and taps`);
        let escaped = false;
        for (let tab = 0; tab < 60; tab++) {
          await key("Tab", "Tab", 9);
          const inside = await evaluate(`(() => { const a = document.activeElement; return !!a && (document.getElementById("Sidebar").contains(a) || a.classList.contains("sidebar-toggle")); })()`);
          if (!inside) { escaped = await evaluate(`(() => { const a = document.activeElement; return a ? a.tagName + "." + a.className + " " + (a.textContent || "").slice(0, 30) : "none"; })()`); break; }
        }
        if (escaped) problems.push(`at ${at}: Tab leaves the open menu for ${escaped}`);
        await key("Escape", "Escape", 27);
        const closed = await evaluate(`(() => ({ open: document.getElementById("Sidebar").classList.contains("open"), focus: document.activeElement && document.activeElement.className }))()`);
        if (closed.open) problems.push(`at ${at}: Escape does not close the menu`);
        if (!String(closed.focus).includes("sidebar-toggle")) problems.push(`at ${at}: after Escape the focus is on .${closed.focus}, not the menu button`);
      }
      checks += 1;
    }

    // The reports: their filter hides what does not match; nothing scrolls sideways.
    for (const path of reportPages) {
      await open(url(path));
      const wide = await evaluate(`document.documentElement.scrollWidth`);
      if (wide > width) problems.push(`${path} at ${at}: ${wide}px wide`);
      const filtered = await evaluate(`(() => {
        const form = document.querySelector(".report-filter");
        const rows = Array.from(document.querySelectorAll(".diagnostics > .diagnostic, .duplicate-cluster"));
        if (!form || rows.length < 2) return null;
        if (form.hidden) return "hidden";
        const input = form.querySelector("input[name=skill]");
        input.value = "no-such-skill-anywhere";
        input.dispatchEvent(new Event("input"));
        const shown = rows.filter((row) => !row.hidden && row.getBoundingClientRect().height > 0).length;
        input.value = "";
        input.dispatchEvent(new Event("input"));
        const back = rows.filter((row) => !row.hidden).length;
        return { shown, back, total: rows.length };
      })()`);
      if (filtered === "hidden") problems.push(`${path} at ${at}: the filter is still hidden`);
      else if (filtered && (filtered.shown !== 0 || filtered.back !== filtered.total)) {
        problems.push(`${path} at ${at}: the filter showed ${filtered.shown} rows for a skill that does not exist, then ${filtered.back} of ${filtered.total}`);
      }
      checks += 1;
    }
  }
  await call("Emulation.clearDeviceMetricsOverride");

  // Typing a query letter by letter fetches no more of the index than pasting it.
  if (existsSync(join(siteDir, "search", "entry.js"))) {
    await open(url("index.html"));
    const query = await evaluate(`(() => { const a = document.querySelector(".card h3 a, .skill-names a"); return a ? a.textContent.split("-").slice(0, 2).join(" ") : null; })()`) || "search";
    // A steady typist's pace: slower than the shortest pause, so letters would each count as a
    // pause if the box did not learn the reader's pace.
    const gap = 240;
    const fetched = async (type) => {
      await open(url("index.html"));
      // The index files load through <script> tags appended to the head (search.js); note them.
      await evaluate(`(() => {
        window.loadedIndexFiles = [];
        const append = document.head.appendChild.bind(document.head);
        document.head.appendChild = (node) => {
          if (node.src && node.src.includes("/search/")) window.loadedIndexFiles.push(node.src.split("/search/")[1]);
          return append(node);
        };
        document.getElementById("search-input").focus();
      })()`);
      if (type) {
        for (const letter of query) {
          await call("Input.insertText", { text: letter });
          await new Promise((resolve) => setTimeout(resolve, gap));
        }
      } else {
        await call("Input.insertText", { text: query });
      }
      for (let tries = 0; tries < 60; tries++) {
        await settle();
        // The results of the whole query, not of a prefix searched at an earlier pause.
        if (await evaluate(`Array.from(document.querySelectorAll(".search-option-all, .search-empty"))
          .some((node) => node.textContent.includes(${JSON.stringify(query)}))`)) break;
      }
      await settle();
      return evaluate(`Array.from(new Set(window.loadedIndexFiles)).sort()`);
    };
    const typed = await fetched(true);
    const pasted = await fetched(false);
    const extra = typed.filter((file) => !pasted.includes(file));
    const bytes = (files) => files.reduce((sum, file) => {
      const path = join(siteDir, "search", file.split("?")[0]);
      return sum + (existsSync(path) ? statSync(path).size : 0);
    }, 0);
    console.log(`browser test: typing "${query}" at ${gap} ms a letter loaded ${typed.length} index files (${Math.round(bytes(typed) / 1024)} KB), pasting it ${pasted.length} (${Math.round(bytes(pasted) / 1024)} KB)`);
    if (pasted.length === 0) problems.push(`search: pasting "${query}" loaded no index file the browser reports`);
    // Give or take the first letters: at most two files more than the pasted query needs.
    if (extra.length > 2) {
      problems.push(`search: typing "${query}" ${gap} ms a letter loaded ${typed.length} index files (${bytes(typed)} bytes), pasting it ${pasted.length} (${bytes(pasted)} bytes); ${extra.join(", ")} more`);
    }
    checks += 1;
  }

  // Code is highlighted where there is code.
  if (codePage) {
    await open(url(codePage));
    let highlighted = 0;
    for (let tries = 0; tries < 20 && highlighted === 0; tries++) {
      highlighted = await evaluate(`document.querySelectorAll("code.hljs, code .hljs-keyword").length`);
      if (!highlighted) await settle();
    }
    checks += 1;
    return { checks, codePage, highlighted };
  }
  return { checks, codePage: null, highlighted: 0 };
}
