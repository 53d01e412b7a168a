// Opens a built Skillbook site in headless Chromium over file:// and checks it the way a reader
// would: every page loads without console errors, links lead to pages that exist, the theme
// toggle is remembered, the skip link comes first, code is highlighted, nothing overflows at
// 320 px. Talks to Chromium through the DevTools protocol over --remote-debugging-pipe
// (fd 3 in, fd 4 out, NUL-separated JSON), so it needs nothing but Node and Chromium.
//
// Usage: node site-browser-test.mjs SITE_DIR [--chromium PATH] [--max-pages N] [--search-query Q] [--lang TAG] [--timings]
// Exit codes: 0 passed, 1 failed, 77 skipped (Chromium missing).

import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { pathToFileURL, fileURLToPath } from "node:url";

const args = process.argv.slice(2);
const siteDir = args[0] && resolve(args[0]);
const option = (name, fallback) => {
  const index = args.indexOf(name);
  return index >= 0 ? args[index + 1] : fallback;
};
if (!siteDir || !existsSync(join(siteDir, "index.html"))) {
  console.error("usage: node site-browser-test.mjs SITE_DIR [--chromium PATH] [--max-pages N]");
  process.exit(2);
}
const chromiumPath = option("--chromium", process.env.CHROMIUM || findChromium());
if (!chromiumPath) {
  console.log("browser test skipped: no chromium found (install the chromium package)");
  process.exit(77);
}
const maxPages = Number(option("--max-pages", "40"));
const expectedLanguage = option("--lang", "en");
const siteURL = pathToFileURL(siteDir + "/").href;

function findChromium() {
  for (const candidate of ["/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/bin/google-chrome"]) {
    if (existsSync(candidate)) return candidate;
  }
  return null;
}

// --- The DevTools connection -------------------------------------------------------------

const profile = mkdtempSync(join(tmpdir(), "skillbook-browser-"));
const chrome = spawn(chromiumPath, [
  "--headless", "--remote-debugging-pipe", "--no-sandbox", "--disable-gpu", "--no-first-run",
  "--no-default-browser-check", "--disable-extensions", "--disable-background-networking",
  `--user-data-dir=${profile}`, "about:blank",
], { stdio: ["ignore", "ignore", "ignore", "pipe", "pipe"] });

let nextId = 1;
const pending = new Map();
const listeners = [];
let buffer = Buffer.alloc(0);

chrome.stdio[4].on("data", (chunk) => {
  buffer = Buffer.concat([buffer, chunk]);
  let end;
  while ((end = buffer.indexOf(0)) >= 0) {
    const message = JSON.parse(buffer.subarray(0, end).toString("utf8"));
    buffer = buffer.subarray(end + 1);
    if (message.id && pending.has(message.id)) {
      const { resolve, reject } = pending.get(message.id);
      pending.delete(message.id);
      if (message.error) reject(new Error(`${message.error.message} (${message.error.code})`));
      else resolve(message.result);
    } else if (message.method) {
      for (const listener of listeners) listener(message);
    }
  }
});

// A command's answer is waited for 15 s; the first one's for longer, as it also waits for the
// browser to start, which took more than 15 s while the rest of the test suite kept both cores busy.
function send(method, params = {}, sessionId, timeout = 15000) {
  const id = nextId++;
  const message = { id, method, params };
  if (sessionId) message.sessionId = sessionId;
  chrome.stdio[3].write(JSON.stringify(message) + "\0");
  return new Promise((resolve, reject) => {
    pending.set(id, { resolve, reject });
    setTimeout(() => {
      if (pending.delete(id)) reject(new Error(`timed out waiting for ${method}`));
    }, timeout);
  });
}

function waitFor(method, sessionId, timeout = 15000) {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      listeners.splice(listeners.indexOf(listener), 1);
      reject(new Error(`timed out waiting for ${method}`));
    }, timeout);
    const listener = (message) => {
      if (message.method === method && message.sessionId === sessionId) {
        clearTimeout(timer);
        listeners.splice(listeners.indexOf(listener), 1);
        resolve(message.params);
      }
    };
    listeners.push(listener);
  });
}

// --- The checks ----------------------------------------------------------------------------

const problems = [];
let currentPage = "(start)";

function relative(url) {
  return url.startsWith(siteURL) ? decodeURI(url.slice(siteURL.length)) : url;
}

async function main() {
  const { targetId } = await send("Target.createTarget", { url: "about:blank" }, undefined, 90000);
  const { sessionId } = await send("Target.attachToTarget", { targetId, flatten: true });
  const call = (method, params) => send(method, params, sessionId);
  listeners.push((message) => {
    if (message.sessionId !== sessionId) return;
    const p = message.params;
    if (message.method === "Runtime.exceptionThrown") {
      problems.push(`${currentPage}: uncaught exception: ${p.exceptionDetails.exception?.description ?? p.exceptionDetails.text}`);
    } else if (message.method === "Runtime.consoleAPICalled" && (p.type === "error" || p.type === "assert")) {
      problems.push(`${currentPage}: console.${p.type}: ${p.args.map((a) => a.value ?? a.description).join(" ")}`);
    } else if (message.method === "Log.entryAdded" && p.entry.level === "error") {
      problems.push(`${currentPage}: ${p.entry.text}${p.entry.url ? " " + p.entry.url : ""}`);
    }
  });
  await call("Page.enable");
  await call("Runtime.enable");
  await call("Log.enable");

  async function open(url) {
    currentPage = relative(url);
    const loaded = waitFor("Page.loadEventFired", sessionId);
    const result = await call("Page.navigate", { url });
    if (result.errorText) throw new Error(`${currentPage}: ${result.errorText}`);
    await loaded;
  }

  async function evaluate(expression) {
    const result = await call("Runtime.evaluate", { expression, returnByValue: true, awaitPromise: true });
    if (result.exceptionDetails) throw new Error(`${currentPage}: ${result.exceptionDetails.exception?.description}`);
    return result.result.value;
  }

  // 1. Visit every page reachable from the home page (up to --max-pages), following links.
  // The search page is reached by the search form and the 404 page by a server, not by links.
  const queue = ["index.html", "search.html", "404.html"].map((page) => siteURL + page).filter((url) => existsSync(fileURLToPath(url)));
  const seen = new Set(queue);
  let visited = 0;
  let linksFollowed = 0;
  let highlighted = 0;
  while (queue.length > 0 && visited < maxPages) {
    const url = queue.shift();
    await open(url);
    visited += 1;
    const page = await evaluate(`(() => {
      // SVG links (the graph) carry their href as an SVGAnimatedString.
      const links = Array.from(document.querySelectorAll("a[href]"))
        .map((a) => typeof a.href === "string" ? a.href : new URL(a.href.baseVal, location.href).href);
      const focusable = document.querySelector("a[href], button:not([hidden]), input, [tabindex]");
      const skip = document.querySelector(".skip-link");
      return {
        title: document.title,
        lang: document.documentElement.lang,
        mains: document.querySelectorAll("main").length,
        firstFocusable: focusable ? focusable.className : null,
        skipTarget: skip ? !!document.querySelector(skip.getAttribute("href")) : false,
        imagesWithoutAlt: Array.from(document.images).filter((img) => !img.hasAttribute("alt")).length,
        // The 404 page loads no script: it is served at any address.
        scripted: document.querySelector("script[src]") !== null,
        themeToggleShown: !document.querySelector(".theme-toggle").hidden,
        copyButtonsHidden: document.querySelectorAll(".copy-button[hidden]").length,
        highlighted: document.querySelectorAll("code.hljs, code .hljs-keyword").length,
        links,
      };
    })()`);
    if (!page.title) problems.push(`${currentPage}: empty <title>`);
    if (page.lang !== expectedLanguage) problems.push(`${currentPage}: lang is ${page.lang}, not ${expectedLanguage}`);
    if (page.mains !== 1) problems.push(`${currentPage}: ${page.mains} <main> elements`);
    if (page.firstFocusable !== "skip-link") problems.push(`${currentPage}: first focusable element is .${page.firstFocusable}, not the skip link`);
    if (!page.skipTarget) problems.push(`${currentPage}: the skip link leads nowhere`);
    if (page.imagesWithoutAlt) problems.push(`${currentPage}: ${page.imagesWithoutAlt} images without alt`);
    if (page.scripted && !page.themeToggleShown) problems.push(`${currentPage}: site.js did not run (theme toggle still hidden)`);
    if (page.scripted && page.copyButtonsHidden) problems.push(`${currentPage}: ${page.copyButtonsHidden} copy buttons still hidden`);
    highlighted += page.highlighted;
    for (const link of page.links) {
      if (!link.startsWith(siteURL)) continue;
      const target = link.split("#")[0];
      linksFollowed += 1;
      const path = fileURLToPath(target);
      if (!existsSync(path) || statSync(path).isDirectory()) {
        problems.push(`${currentPage}: link to missing ${relative(target)}`);
      } else if (target.endsWith(".html") && !seen.has(target)) {
        seen.add(target);
        queue.push(target);
      }
    }
  }

  // 2. Clicking a card on the home page opens that skill's page.
  await open(siteURL + "index.html");
  const expected = await evaluate(`document.querySelector(".card a") && document.querySelector(".card a").href`);
  if (expected) {
    const loaded = waitFor("Page.loadEventFired", sessionId);
    await evaluate(`document.querySelector(".card a").click()`);
    await loaded;
    const landed = await evaluate("location.href");
    currentPage = relative(landed);
    if (landed !== expected) problems.push(`clicking the first card went to ${relative(landed)}, not ${relative(expected)}`);
  }

  // 3. The first Tab reaches the skip link.
  await open(siteURL + "index.html");
  await call("Input.dispatchKeyEvent", { type: "keyDown", key: "Tab", code: "Tab", windowsVirtualKeyCode: 9 });
  await call("Input.dispatchKeyEvent", { type: "keyUp", key: "Tab", code: "Tab", windowsVirtualKeyCode: 9 });
  const focused = await evaluate("document.activeElement && document.activeElement.className");
  if (focused !== "skip-link") problems.push(`the first Tab focuses .${focused}, not the skip link`);

  // 4. The theme toggle switches and is remembered after a reload.
  const before = await evaluate(`getComputedStyle(document.body).backgroundColor`);
  await evaluate(`document.querySelector(".theme-toggle").click()`);
  const chosen = await evaluate(`document.documentElement.getAttribute("data-theme")`);
  const after = await evaluate(`getComputedStyle(document.body).backgroundColor`);
  if (!chosen || before === after) problems.push(`the theme toggle did not change the colours (${before} → ${after})`);
  await open(siteURL + "index.html");
  const remembered = await evaluate(`document.documentElement.getAttribute("data-theme")`);
  if (remembered !== chosen) problems.push(`the chosen theme (${chosen}) was not remembered (${remembered})`);

  // 5. At 320 px nothing scrolls sideways but tables and code, on every kind of page.
  await call("Emulation.setDeviceMetricsOverride", { width: 320, height: 640, deviceScaleFactor: 1, mobile: true });
  for (const url of Array.from(seen).slice(0, 12)) {
    await open(url);
    const width = await evaluate(`document.documentElement.scrollWidth`);
    if (width > 320) problems.push(`${currentPage}: ${width}px wide at a 320px viewport`);
  }
  await call("Emulation.clearDeviceMetricsOverride");

  // 6. Scale and small screens (layout-checks.mjs) at 390, 1,024 and 1,400 px.
  const { checkLayout, widths } = await import("./layout-checks.mjs");
  const layout = await checkLayout({ siteDir, open, evaluate, call, problems });
  console.log(`browser test: ${layout.checks} layout checks at ${widths.join(", ")} px`);
  highlighted += layout.highlighted;
  const hasHighlight = existsSync(join(siteDir, "assets", "highlight.min.js"));
  if (hasHighlight && layout.codePage && layout.highlighted === 0) problems.push(`${layout.codePage}: highlight.js is in the assets but no code block was highlighted`);

  // 7. Search (search-checks.mjs): type a query, see results, follow one to the highlighted section.
  if (existsSync(join(siteDir, "search", "entry.js"))) {
    const { checkSearch } = await import("./search-checks.mjs");
    const searched = await checkSearch({ siteURL, siteDir, open, evaluate, call, problems, query: option("--search-query"),
      waitForLoad: () => waitFor("Page.loadEventFired", sessionId) });
    if (searched) console.log(`browser test: searched for "${searched.query}", followed the first result to ${searched.expected}`);
  }

  // 8. With --timings: the size and load time of the home page, a skill page, each report and
  // the graph page, the largest of each kind (printed, never asserted).
  if (args.includes("--timings")) {
    await call("Emulation.clearDeviceMetricsOverride");
    const { timedPages } = await import("./layout-checks.mjs");
    for (const { label, path } of timedPages(siteDir)) {
      const times = [];
      for (let run = 0; run < 3; run++) {
        await open(pathToFileURL(join(siteDir, path)).href);
        times.push(await evaluate(`(() => { const t = performance.getEntriesByType("navigation")[0]; return Math.round(t.loadEventEnd - t.startTime); })()`));
      }
      times.sort((a, b) => a - b);
      const size = statSync(join(siteDir, path)).size;
      console.log(`timing: ${label.padEnd(22)} ${path}  ${(size / 1024).toFixed(0)} KB  load ${times[1]} ms (median of 3)`);
    }
  }

  return { visited, linksFollowed, highlighted };
}

const watchdog = setTimeout(() => {
  console.error("browser test: timed out after 180 s");
  chrome.kill("SIGKILL");
  process.exit(1);
}, 180000);

let exitCode = 0;
try {
  const { visited, linksFollowed, highlighted } = await main();
  console.log(`browser test: visited ${visited} pages, followed ${linksFollowed} links, ${highlighted} highlighted code elements, ${problems.length} problems`);
  for (const problem of problems) console.log(`  ${problem}`);
  exitCode = problems.length === 0 ? 0 : 1;
} catch (error) {
  console.error(`browser test failed: ${error.message}`);
  for (const problem of problems) console.error(`  ${problem}`);
  exitCode = 1;
} finally {
  clearTimeout(watchdog);
  const exited = new Promise((resolve) => chrome.once("exit", resolve));
  try { await send("Browser.close"); } catch { /* already gone */ }
  await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 3000))]);
  chrome.kill("SIGKILL");
  try { rmSync(profile, { recursive: true, force: true, maxRetries: 3 }); } catch { /* a temporary folder */ }
}
process.exit(exitCode);
