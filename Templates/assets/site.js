// Progressive enhancements: the site reads fine without them.
(function () {
  "use strict";

  // The interface strings the scripts show come from the page (data attributes the templates
  // fill from the theme's strings file), never from the scripts: `fill` puts values into a
  // string's {name} placeholders in one pass, `count` picks the plural form of the page's
  // language (data-NAME-one, data-NAME-other, … as Intl.PluralRules names them).
  var plurals = null;
  window.SkillbookText = {
    fill: function (template, values) {
      return String(template || "").replace(/\{([A-Za-z]+)\}/g, function (whole, name) {
        return Object.prototype.hasOwnProperty.call(values || {}, name) ? String(values[name]) : whole;
      });
    },
    count: function (element, name, count, values) {
      if (!plurals) {
        try { plurals = new Intl.PluralRules(document.documentElement.lang || "en"); } catch (error) { plurals = { select: function () { return "other"; } }; }
      }
      var form = element.getAttribute("data-" + name + "-" + plurals.select(count)) || element.getAttribute("data-" + name + "-other") || "";
      var all = { count: count };
      for (var key in values || {}) all[key] = values[key];
      return window.SkillbookText.fill(form, all);
    },
  };

  function currentTheme() {
    var chosen = document.documentElement.getAttribute("data-theme");
    if (chosen === "light" || chosen === "dark") return chosen;
    return window.matchMedia && window.matchMedia("(prefers-color-scheme: dark)").matches ? "dark" : "light";
  }

  function setUpThemeToggle() {
    var button = document.querySelector(".theme-toggle");
    if (!button) return;
    var label = button.querySelector(".visually-hidden");
    function show() {
      var dark = currentTheme() === "dark";
      button.setAttribute("aria-pressed", dark ? "true" : "false");
      // The titles come from the page, in its language (topbar.mustache).
      button.title = button.getAttribute(dark ? "data-to-light" : "data-to-dark") || "";
    }
    button.hidden = false;
    show();
    button.addEventListener("click", function () {
      var next = currentTheme() === "dark" ? "light" : "dark";
      document.documentElement.setAttribute("data-theme", next);
      document.documentElement.style.colorScheme = next;
      try { window.localStorage.setItem("skillbook-theme", next); } catch (error) { /* not remembered */ }
      show();
    });
  }

  // The phone menu: full height, the rest of the page inert while it is open (so Tab stays in
  // the menu and taps cannot reach the page below), Escape or the button closes it.
  function setUpSidebarToggle() {
    var button = document.querySelector(".sidebar-toggle");
    var sidebar = document.getElementById("Sidebar");
    if (!button || !sidebar) return;
    button.hidden = false;
    var outside = Array.prototype.filter.call(
      document.querySelectorAll("body > *, .layout > *, .topbar > *"),
      function (element) {
        return element !== sidebar && element !== button && !element.contains(sidebar) && !element.contains(button);
      });
    function reachable(element) {
      var node = element;
      while (node && node !== sidebar) {
        var details = node.parentElement && node.parentElement.closest("details");
        if (!details || !sidebar.contains(details)) return true;
        var summary = details.querySelector("summary");
        if (!details.open && summary !== node && !(summary && summary.contains(node))) return false;
        node = details;
      }
      return true;
    }
    function setOpen(open) {
      sidebar.classList.toggle("open", open);
      button.setAttribute("aria-expanded", open ? "true" : "false");
      document.body.classList.toggle("menu-open", open);
      outside.forEach(function (element) { element.inert = open; });
    }
    button.addEventListener("click", function () {
      var open = !sidebar.classList.contains("open");
      setOpen(open);
      if (open) {
        var current = sidebar.querySelector("[aria-current=page]") || sidebar.querySelector("a");
        if (current) current.focus();
      }
    });
    document.addEventListener("keydown", function (event) {
      if (!sidebar.classList.contains("open")) return;
      if (event.key === "Escape") {
        setOpen(false);
        button.focus();
      } else if (event.key === "Tab") {
        // Round from the last link of the menu to its button and back.
        // The last thing Tab can reach: nothing inside a closed group but its summary.
        var links = Array.prototype.filter.call(sidebar.querySelectorAll("a[href], summary"), reachable);
        var last = links[links.length - 1];
        if (!event.shiftKey && document.activeElement === last) {
          event.preventDefault();
          button.focus();
        } else if (event.shiftKey && document.activeElement === button && last) {
          event.preventDefault();
          last.focus();
        }
      }
    });
    var wide = window.matchMedia("(min-width: 52.01rem)");
    var closeWhenWide = function () { if (wide.matches && sidebar.classList.contains("open")) setOpen(false); };
    if (wide.addEventListener) wide.addEventListener("change", closeWhenWide);
  }

  // "On this page" and the metadata box start closed on small screens (the box stays open when
  // a link leads into it); the table marks the section being read.
  function setUpCollapsibles() {
    var toc = document.querySelector(".toc-box");
    if (toc && window.matchMedia("(max-width: 75rem)").matches) {
      toc.open = false;
      toc.addEventListener("click", function (event) {
        if (event.target.closest && event.target.closest("a")) toc.open = false;
      });
    }
    var metadata = document.querySelector("details.metadata");
    if (metadata) {
      var openForHash = function () {
        var hash = decodeURIComponent(window.location.hash.slice(1));
        var target = hash && document.getElementById(hash);
        if (target && metadata.contains(target)) metadata.open = true;
      };
      if (window.matchMedia("(max-width: 40rem)").matches) metadata.open = false;
      openForHash();
      window.addEventListener("hashchange", openForHash);
    }
    if (toc) trackCurrentSection(toc);
  }

  function trackCurrentSection(toc) {
    var entries = Array.prototype.map.call(toc.querySelectorAll("a[href^='#']"), function (link) {
      var id = decodeURIComponent(link.getAttribute("href").slice(1));
      return { link: link, heading: document.getElementById(id) };
    }).filter(function (entry) { return entry.heading; });
    if (entries.length === 0) return;
    var current = null;
    var scheduled = false;
    function mark() {
      scheduled = false;
      var offset = parseFloat(getComputedStyle(document.documentElement).scrollPaddingTop) || 72;
      var chosen = entries[0];
      for (var i = 0; i < entries.length; i++) {
        if (entries[i].heading.getBoundingClientRect().top <= offset + 8) chosen = entries[i];
      }
      if (chosen === current) return;
      if (current) current.link.removeAttribute("aria-current");
      chosen.link.setAttribute("aria-current", "true");
      current = chosen;
    }
    window.addEventListener("scroll", function () {
      if (!scheduled) {
        scheduled = true;
        window.requestAnimationFrame(mark);
      }
    }, { passive: true });
    window.addEventListener("hashchange", mark);
    mark();
  }

  function copyText(text) {
    if (navigator.clipboard && window.isSecureContext) {
      return navigator.clipboard.writeText(text);
    }
    // file:// pages are not a secure context everywhere: fall back to a hidden text area.
    return new Promise(function (resolve, reject) {
      var area = document.createElement("textarea");
      area.value = text;
      area.setAttribute("readonly", "");
      area.style.position = "fixed";
      area.style.opacity = "0";
      document.body.appendChild(area);
      area.select();
      var copied = false;
      try { copied = document.execCommand("copy"); } catch (error) { copied = false; }
      document.body.removeChild(area);
      if (copied) { resolve(); } else { reject(new Error("copy failed")); }
    });
  }

  function setUpCopyButtons() {
    var buttons = document.querySelectorAll(".code-block .copy-button");
    Array.prototype.forEach.call(buttons, function (button) {
      var code = button.closest(".code-block").querySelector("pre code");
      if (!code) return;
      button.hidden = false;
      button.setAttribute("aria-live", "polite");
      // The button's own text is "Copy" in the page's language; the other two come with it.
      var label = button.textContent;
      button.addEventListener("click", function () {
        copyText(code.textContent).then(function () {
          button.textContent = button.getAttribute("data-copied") || label;
        }, function () {
          button.textContent = button.getAttribute("data-press") || label;
          var range = document.createRange();
          range.selectNodeContents(code);
          var selection = window.getSelection();
          selection.removeAllRanges();
          selection.addRange(range);
        });
        window.setTimeout(function () { button.textContent = label; }, 2000);
      });
    });
  }

  function highlightCode() {
    var hljs = window.hljs;
    if (!hljs) return;
    if (hljs.configure) hljs.configure({ hideUpgradeWarningAcceptNoSupportOrSecurityUpdates: true });
    var blocks = document.querySelectorAll("pre code[class*='language-']");
    Array.prototype.forEach.call(blocks, function (block) {
      var match = /language-(\S+)/.exec(block.className);
      if (!match || !hljs.getLanguage || !hljs.getLanguage(match[1])) return;
      if (hljs.highlightElement) {
        hljs.highlightElement(block);
      } else if (hljs.highlightBlock) {
        hljs.highlightBlock(block);
      }
    });
  }

  function start() {
    setUpThemeToggle();
    setUpSidebarToggle();
    setUpCollapsibles();
    setUpCopyButtons();
    highlightCode();
  }

  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", start);
  } else {
    start();
  }
})();
