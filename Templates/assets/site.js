// Progressive enhancements: the site reads fine without them.
(function () {
  "use strict";

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
      if (label) label.textContent = "Dark theme";
      button.title = dark ? "Switch to the light theme" : "Switch to the dark theme";
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

  function setUpSidebarToggle() {
    var button = document.querySelector(".sidebar-toggle");
    var sidebar = document.getElementById("Sidebar");
    if (!button || !sidebar) return;
    button.hidden = false;
    function close() {
      sidebar.classList.remove("open");
      button.setAttribute("aria-expanded", "false");
    }
    button.addEventListener("click", function () {
      var open = !sidebar.classList.contains("open");
      sidebar.classList.toggle("open", open);
      button.setAttribute("aria-expanded", open ? "true" : "false");
      if (open) {
        var current = sidebar.querySelector("[aria-current=page]") || sidebar.querySelector("a");
        if (current) current.focus();
      }
    });
    document.addEventListener("keydown", function (event) {
      if (event.key === "Escape" && sidebar.classList.contains("open")) {
        close();
        button.focus();
      }
    });
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
      button.addEventListener("click", function () {
        copyText(code.textContent).then(function () {
          button.textContent = "Copied";
        }, function () {
          button.textContent = "Press Ctrl+C";
          var range = document.createRange();
          range.selectNodeContents(code);
          var selection = window.getSelection();
          selection.removeAllRanges();
          selection.addRange(range);
        });
        window.setTimeout(function () { button.textContent = "Copy"; }, 2000);
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
    setUpCopyButtons();
    highlightCode();
  }

  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", start);
  } else {
    start();
  }
})();
