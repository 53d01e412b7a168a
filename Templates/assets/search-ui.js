// Skillbook search in the page: results drop down under the top bar's box as you type, the
// search page (search.html?q=...) lists every result, and the page a result leads to has the
// matched words highlighted. Runs from file:// as well as from a server: the index files are
// loaded with <script> tags (see search.js). Needs search.js before it.
(function () {
  "use strict";
  var S = window.SkillbookSearch;
  var script = document.currentScript;
  if (!S || !script) return;

  // The shortest and the longest wait after a key before searching, in milliseconds.
  var TYPING_PAUSE = 180;
  var MAXIMUM_TYPING_PAUSE = 600;
  // After this many milliseconds without results the drop-down says it is searching.
  var SLOW_SEARCH = 400;
  var siteRoot = script.src.replace(/assets\/[^\/]*$/, "");
  var engine = S.createEngine({ load: S.scriptLoader(siteRoot + "search/") });
  var DROPDOWN_RESULTS = 8;
  var PAGE_RESULTS = 20;

  // --- Links and text --------------------------------------------------------------------------

  function pageHref(page) {
    return siteRoot + page.split("/").map(encodeURIComponent).join("/");
  }

  // A result's link: its page, the matched terms its section holds (to highlight there: only
  // words that matched, not every completion of the last word), and the section's anchor.
  function resultHref(page, section, terms) {
    var anchor = section.anchor;
    if (section.terms) terms = section.terms;
    var href = pageHref(page);
    if (terms.length) href += "?highlight=" + encodeURIComponent(terms.slice(0, 24).join(" "));
    if (anchor) href += "#" + encodeURIComponent(anchor);
    return href;
  }

  function searchPageHref(query) {
    return siteRoot + "search.html?q=" + encodeURIComponent(query);
  }

  function element(tag, className, text) {
    var node = document.createElement(tag);
    if (className) node.className = className;
    if (text !== undefined) node.textContent = text;
    return node;
  }

  // The snippet's text with its marked ranges in <mark>, built as nodes (never as HTML).
  function snippetNode(snippet, tag) {
    var node = element(tag || "span", "search-snippet");
    var position = 0;
    snippet.marks.forEach(function (mark) {
      if (mark[0] > position) node.appendChild(document.createTextNode(snippet.text.slice(position, mark[0])));
      node.appendChild(element("mark", "", snippet.text.slice(mark[0], mark[1])));
      position = mark[1];
    });
    if (position < snippet.text.length) node.appendChild(document.createTextNode(snippet.text.slice(position)));
    return node;
  }

  function sectionTitle(result, section) {
    return section.heading ? result.pageTitle + " › " + section.heading : result.pageTitle;
  }

  // Every sentence shown comes from the page, in its language (site.js, topbar.mustache and
  // search.mustache): `say(element, "no-results-for", {query: q})` reads data-no-results-for,
  // `sayCount(element, "found", n)` the plural form for n.
  var T = window.SkillbookText || {
    fill: function (template) { return String(template || ""); },
    count: function (element, name) { return element.getAttribute("data-" + name + "-other") || ""; },
  };

  function say(element, name, values) {
    return T.fill(element.getAttribute("data-" + name), values || {});
  }

  function sayCount(element, name, count, values) {
    return T.count(element, name, count, values);
  }

  // Where a page sits in the collection: its folder path ("tools/tmux" for a skill, or
  // "tools/tmux/references/keys" for a document), which tells apart two skills of the same name.
  function pagePlace(page) {
    return page.replace(/(^|\/)index\.html$/, "").replace(/\.html$/, "");
  }

  // Whether another result of the list would read the same (same title, section and skill).
  function looksAlike(results) {
    var counts = new Map();
    var label = function (result) { return sectionTitle(result, result.sections[0]) + "\n" + result.skill; };
    results.forEach(function (result) { counts.set(label(result), (counts.get(label(result)) || 0) + 1); });
    return function (result) { return counts.get(label(result)) > 1; };
  }

  function reportError(error) {
    if (window.console) window.console.warn("search: " + (error && error.message ? error.message : error));
  }

  // --- The drop-down under the top bar's box (a combobox with a listbox) ------------------------

  function setUpDropdown(input) {
    var form = input.form;
    // The drop-down holds the listbox of results and, outside it, any message.
    var dropdown = element("div", "search-dropdown");
    dropdown.hidden = true;
    var list = element("div", "search-listbox");
    list.id = "search-listbox";
    list.setAttribute("role", "listbox");
    list.setAttribute("aria-label", say(form, "results"));
    var messages = element("div", "search-messages");
    dropdown.appendChild(messages);
    dropdown.appendChild(list);
    var status = element("div", "visually-hidden");
    status.setAttribute("role", "status");
    status.setAttribute("aria-live", "polite");
    form.appendChild(dropdown);
    form.appendChild(status);
    form.classList.add("search-enhanced");
    input.setAttribute("role", "combobox");
    input.setAttribute("aria-autocomplete", "list");
    input.setAttribute("aria-expanded", "false");
    input.setAttribute("aria-controls", list.id);
    // The "/" shortcut is worth showing only where there is a keyboard and room for it.
    if (window.matchMedia && window.matchMedia("(min-width: 40rem) and (pointer: fine)").matches) {
      if (input.getAttribute("placeholder")) input.setAttribute("placeholder", input.getAttribute("placeholder") + " ( / )");
    }

    var options = [];
    var active = -1;
    var sequence = 0;

    function open() {
      dropdown.hidden = false;
      input.setAttribute("aria-expanded", "true");
    }

    function close() {
      dropdown.hidden = true;
      input.setAttribute("aria-expanded", "false");
      setActive(-1);
    }

    function setActive(index) {
      if (active >= 0 && options[active]) {
        options[active].setAttribute("aria-selected", "false");
        options[active].classList.remove("active");
      }
      active = index;
      if (active >= 0 && options[active]) {
        options[active].setAttribute("aria-selected", "true");
        options[active].classList.add("active");
        input.setAttribute("aria-activedescendant", options[active].id);
        options[active].scrollIntoView({ block: "nearest" });
      } else {
        input.removeAttribute("aria-activedescendant");
      }
    }

    function option(href, className) {
      var node = element("a", "search-option" + (className ? " " + className : ""));
      node.id = "search-option-" + options.length;
      node.setAttribute("role", "option");
      node.setAttribute("aria-selected", "false");
      node.tabIndex = -1;
      node.href = href;
      options.push(node);
      list.appendChild(node);
      return node;
    }

    function render(query, response) {
      list.textContent = "";
      messages.textContent = "";
      options = [];
      active = -1;
      input.removeAttribute("aria-activedescendant");
      var alike = looksAlike(response.results);
      response.results.forEach(function (result) {
        var section = result.sections[0];
        var node = option(resultHref(result.page, section, response.terms));
        node.appendChild(element("span", "search-option-title", sectionTitle(result, section)));
        if (result.skill) node.appendChild(element("span", "search-option-skill", result.skill));
        if (alike(result)) node.appendChild(element("span", "search-option-path", pagePlace(result.page)));
        if (section.snippet.text) node.appendChild(snippetNode(section.snippet));
        if (result.matched < result.words) {
          node.appendChild(element("span", "search-option-partial", say(form, "words-matched", { matched: result.matched, words: result.words })));
        }
      });
      if (response.total > 0) {
        var all = option(searchPageHref(query), "search-option-all");
        all.textContent = response.total > response.results.length
          ? sayCount(form, "see-all", response.total, { query: query })
          : say(form, "open-results", { query: query });
        status.textContent = sayCount(form, "found", response.total);
      } else {
        messages.appendChild(element("p", "search-empty", say(form, "no-results-for", { query: query })));
        if (response.suggestions.length) {
          messages.appendChild(element("p", "search-empty", say(form, "closest")));
          response.suggestions.forEach(function (word) {
            var node = option(searchPageHref(word), "search-option-suggestion");
            node.textContent = word;
            node.setAttribute("data-suggestion", word);
          });
        }
        status.textContent = response.suggestions.length
          ? say(form, "no-results-closest", { words: response.suggestions.join(", ") }) : say(form, "no-results");
      }
      open();
    }

    function update() {
      var query = input.value;
      var mine = ++sequence;
      if (!/\S/.test(query)) { close(); list.textContent = ""; messages.textContent = ""; options = []; status.textContent = ""; return; }
      // A first query on a slow disk can take a moment: say so if it does, and say when the
      // index cannot be read rather than showing nothing.
      var slow = window.setTimeout(function () { if (mine === sequence) message(say(form, "searching")); }, SLOW_SEARCH);
      engine.search(query, { limit: DROPDOWN_RESULTS }).then(function (response) {
        window.clearTimeout(slow);
        if (mine === sequence && document.activeElement === input) render(query.trim(), response);
      }, function (error) {
        window.clearTimeout(slow);
        reportError(error);
        if (mine === sequence) message(say(form, "failed", { error: error && error.message ? error.message : String(error) }));
      });
    }

    // A message alone in the drop-down (no options), announced as the status.
    function message(text) {
      list.textContent = "";
      messages.textContent = "";
      options = [];
      setActive(-1);
      messages.appendChild(element("p", "search-note", text));
      status.textContent = text;
      if (document.activeElement === input) open();
    }

    function follow(node) {
      var suggestion = node.getAttribute("data-suggestion");
      if (suggestion) {
        input.value = suggestion;
        update();
      } else {
        window.location.href = node.href;
      }
    }

    // Search when typing pauses, not at every letter: each prefix of a word ("t", "ta", "tab")
    // would load its own dictionary, postings and document files, several times what the
    // finished query needs (300 to 470 KB against 90 to 100 KB pasted, on 2,000 skills). A
    // pause is longer than this reader's usual gap between keys, so a slow typist's letters do
    // not each count as a pause.
    var pause = null;
    var lastInput = 0;
    var gaps = [];
    function typingPause() {
      if (gaps.length === 0) return TYPING_PAUSE;
      var sorted = gaps.slice().sort(function (a, b) { return a - b; });
      var usual = sorted[sorted.length >> 1];
      return Math.max(TYPING_PAUSE, Math.min(MAXIMUM_TYPING_PAUSE, Math.round(usual * 1.6)));
    }
    input.addEventListener("input", function () {
      var now = Date.now();
      if (lastInput && now - lastInput < MAXIMUM_TYPING_PAUSE) {
        gaps.push(now - lastInput);
        if (gaps.length > 8) gaps.shift();
      }
      lastInput = now;
      if (pause) window.clearTimeout(pause);
      pause = window.setTimeout(function () { pause = null; update(); }, typingPause());
    });
    input.addEventListener("focus", function () {
      engine.prepare().catch(reportError);
      if (input.value && (options.length || messages.childNodes.length)) open();
    });
    input.addEventListener("keydown", function (event) {
      if (event.key === "ArrowDown" || event.key === "ArrowUp") {
        if (!options.length) return;
        event.preventDefault();
        if (dropdown.hidden) { open(); }
        var step = event.key === "ArrowDown" ? 1 : -1;
        var next = active + step;
        if (next >= options.length) next = 0;
        if (next < -1) next = options.length - 1;
        setActive(next);
      } else if (event.key === "Enter") {
        if (!dropdown.hidden && active >= 0 && options[active]) {
          event.preventDefault();
          follow(options[active]);
        } else if (!/\S/.test(input.value)) {
          event.preventDefault();
        }
      } else if (event.key === "Escape") {
        if (!dropdown.hidden) {
          close();
        } else if (input.value) {
          input.value = "";
          update();
        } else {
          input.blur();
        }
        event.preventDefault();
      } else if (event.key === "Tab") {
        close();
      }
    });
    dropdown.addEventListener("mousedown", function (event) { event.preventDefault(); });
    list.addEventListener("click", function (event) {
      var node = event.target.closest ? event.target.closest(".search-option") : null;
      if (node && node.getAttribute("data-suggestion")) {
        event.preventDefault();
        follow(node);
      }
    });
    document.addEventListener("click", function (event) {
      if (!form.contains(event.target)) close();
    });
    // `/` and Ctrl+K or ⌘K reach the box from anywhere.
    document.addEventListener("keydown", function (event) {
      var target = event.target;
      var typing = target && (target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName));
      var slash = event.key === "/" && !typing && !event.ctrlKey && !event.metaKey && !event.altKey;
      var commandK = (event.key === "k" || event.key === "K") && (event.ctrlKey || event.metaKey) && !event.altKey;
      if (slash || commandK) {
        event.preventDefault();
        input.focus();
        input.select();
      }
    });
  }

  // --- The search page (search.html?q=...) -----------------------------------------------------

  function setUpResultsPage(container) {
    var input = document.getElementById("search-page-input");
    var query = new URLSearchParams(window.location.search).get("q") || "";
    if (input) input.value = query;
    var shown = 0;
    var sequence = 0;

    function resultItem(result, terms) {
      var item = element("li", "search-result");
      var section = result.sections[0];
      var heading = element("h2", "search-result-title");
      var link = element("a", "", sectionTitle(result, section));
      link.href = resultHref(result.page, section, terms);
      heading.appendChild(link);
      item.appendChild(heading);
      var meta = element("p", "search-result-meta");
      if (result.skill) meta.appendChild(element("span", "search-result-skill", result.skill));
      meta.appendChild(element("span", "search-result-path", pagePlace(result.page)));
      if (result.matched < result.words) {
        meta.appendChild(element("span", "search-option-partial", say(container, "words-matched", { matched: result.matched, words: result.words })));
      }
      if (meta.childNodes.length) item.appendChild(meta);
      if (section.snippet.text) item.appendChild(snippetNode(section.snippet, "p"));
      if (result.sections.length > 1) {
        var more = element("ul", "search-result-sections");
        result.sections.slice(1).forEach(function (other) {
          var entry = element("li");
          var a = element("a", "", other.heading || result.pageTitle);
          a.href = resultHref(result.page, other, terms);
          entry.appendChild(a);
          if (other.snippet.text) {
            entry.appendChild(document.createTextNode(" — "));
            entry.appendChild(snippetNode(other.snippet));
          }
          more.appendChild(entry);
        });
        item.appendChild(more);
      }
      return item;
    }

    function show(text, append) {
      var mine = ++sequence;
      if (!append) shown = 0;
      if (!/\S/.test(text)) {
        container.textContent = "";
        container.appendChild(element("p", "search-hint", say(container, "hint")));
        return;
      }
      // Loading the index can take a moment on a slow disk: say so instead of showing nothing.
      if (!append && !container.querySelector(".search-results-list")) {
        container.textContent = "";
        container.appendChild(element("p", "search-summary", say(container, "searching")));
      }
      engine.search(text, { limit: PAGE_RESULTS, offset: shown, sectionsPerPage: 3, typing: false }).then(function (response) {
        if (mine !== sequence) return;
        var list;
        if (!append) {
          container.textContent = "";
          if (response.total === 0) {
            container.appendChild(element("p", "search-summary", say(container, "no-match", { query: text.trim() })));
            if (response.suggestions.length) {
              var suggestions = element("p", "search-suggestions", say(container, "closest") + " ");
              response.suggestions.forEach(function (word, index) {
                if (index > 0) suggestions.appendChild(document.createTextNode(", "));
                var a = element("a", "", word);
                a.href = searchPageHref(word);
                suggestions.appendChild(a);
              });
              container.appendChild(suggestions);
            }
            return;
          }
          container.appendChild(element("p", "search-summary", sayCount(container, "for", response.total, { query: text.trim() })));
          list = element("ol", "search-results-list");
          container.appendChild(list);
        } else {
          list = container.querySelector(".search-results-list");
          var old = container.querySelector(".search-more");
          if (old) old.remove();
        }
        response.results.forEach(function (result) { list.appendChild(resultItem(result, response.terms)); });
        shown += response.results.length;
        if (shown < response.total) {
          var button = element("button", "search-more", say(container, "more"));
          button.type = "button";
          button.addEventListener("click", function () { show(text, true); });
          container.appendChild(button);
        }
      }, function (error) {
        reportError(error);
        container.textContent = "";
        container.appendChild(element("p", "search-summary", say(container, "failed", { error: error.message })));
      });
    }

    if (input) input.addEventListener("input", function () { show(input.value, false); });
    show(query, false);
  }

  // --- Highlighting on the page a result leads to -----------------------------------------------

  function highlightMatches(terms) {
    var root = document.querySelector("main .page") || document.querySelector("main");
    if (!root || terms.size === 0) return;
    var walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT, {
      acceptNode: function (node) {
        var parent = node.parentNode;
        if (!parent || /^(SCRIPT|STYLE|TEXTAREA|MARK)$/.test(parent.nodeName)) return NodeFilter.FILTER_REJECT;
        return /\S/.test(node.nodeValue) ? NodeFilter.FILTER_ACCEPT : NodeFilter.FILTER_REJECT;
      },
    });
    var nodes = [];
    while (walker.nextNode()) nodes.push(walker.currentNode);
    nodes.forEach(function (node) {
      var text = node.nodeValue;
      var ranges = [];
      S.tokenize(text).forEach(function (token) {
        if (!terms.has(token.term)) return;
        var last = ranges[ranges.length - 1];
        if (last && token.start <= last[1]) last[1] = Math.max(last[1], token.end);
        else ranges.push([token.start, token.end]);
      });
      if (!ranges.length) return;
      var fragment = document.createDocumentFragment();
      var position = 0;
      ranges.forEach(function (range) {
        if (range[0] > position) fragment.appendChild(document.createTextNode(text.slice(position, range[0])));
        fragment.appendChild(element("mark", "search-hit", text.slice(range[0], range[1])));
        position = range[1];
      });
      if (position < text.length) fragment.appendChild(document.createTextNode(text.slice(position)));
      node.parentNode.replaceChild(fragment, node);
    });
  }

  function removeHighlights() {
    Array.prototype.forEach.call(document.querySelectorAll("mark.search-hit"), function (mark) {
      mark.replaceWith(document.createTextNode(mark.textContent));
    });
  }

  function start() {
    var input = document.getElementById("search-input");
    if (input && input.form) setUpDropdown(input);
    var results = document.getElementById("search-results");
    if (results) setUpResultsPage(results);
    var highlight = new URLSearchParams(window.location.search).get("highlight");
    if (highlight) {
      highlightMatches(new Set(highlight.split(/\s+/).filter(Boolean)));
      document.addEventListener("keydown", function (event) {
        if (event.key === "Escape" && document.activeElement === document.body) removeHighlights();
      });
    }
  }

  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", start);
  } else {
    start();
  }
})();
