// The home page's instant filter: matches skills by name and description as you type. A small
// collection's cards are all on the page; a large one lists names only, and the names with the
// start of each description (skills.js) load on first use, so the home page stays small.
(function () {
  "use strict";

  var shownAtMost = 60;

  function start() {
    var box = document.querySelector(".skill-filter");
    if (!box) return;
    var input = box.querySelector("input");
    var status = box.querySelector(".filter-status");
    var matches = box.querySelector("#Skill-matches");
    var groups = document.querySelector(".skill-groups");
    var jump = document.querySelector(".jump-list");
    var listURL = box.getAttribute("data-list");
    var skills = fromPage();
    var loading = false;
    box.hidden = false;

    // [name, href, description, group] for each skill shown on the page.
    function fromPage() {
      var rows = [];
      Array.prototype.forEach.call(document.querySelectorAll(".skill-groups section"), function (section) {
        var heading = section.querySelector("h2");
        var group = heading ? heading.firstChild.textContent.trim() : "";
        Array.prototype.forEach.call(section.querySelectorAll(".card, .skill-names li"), function (item) {
          var link = item.querySelector("a");
          var description = item.querySelector(".card-description");
          rows.push([link.textContent, link.getAttribute("href"), description ? description.textContent : "", group]);
        });
      });
      return rows;
    }

    function loadList() {
      if (!listURL || loading) return;
      loading = true;
      var script = document.createElement("script");
      script.src = listURL;
      script.onload = function () {
        if (Array.isArray(window.skillbookSkills)) {
          skills = window.skillbookSkills;
          update();
        }
      };
      document.head.appendChild(script);
    }

    function rank(skill, words, query) {
      var name = skill[0].toLowerCase();
      var text = name + " " + skill[2].toLowerCase() + " " + skill[3].toLowerCase();
      for (var i = 0; i < words.length; i++) {
        if (text.indexOf(words[i]) < 0) return -1;
      }
      if (name === query) return 0;
      if (name.indexOf(query) === 0) return 1;
      if (words.every(function (word) { return name.indexOf(word) >= 0; })) return 2;
      return 3;
    }

    function card(skill) {
      var item = document.createElement("li");
      item.className = "card";
      var heading = document.createElement("h3");
      var link = document.createElement("a");
      link.href = skill[1];
      link.textContent = skill[0];
      heading.appendChild(link);
      item.appendChild(heading);
      if (skill[2]) {
        var description = document.createElement("p");
        description.className = "card-description";
        description.textContent = skill[2];
        item.appendChild(description);
      }
      var group = document.createElement("p");
      group.className = "card-meta";
      group.textContent = skill[3];
      item.appendChild(group);
      return item;
    }

    function update() {
      var query = input.value.trim().toLowerCase();
      var words = query.split(/\s+/).filter(Boolean);
      matches.textContent = "";
      if (words.length === 0) {
        matches.hidden = true;
        groups.hidden = false;
        if (jump) jump.hidden = false;
        status.textContent = "";
        return;
      }
      var found = [];
      skills.forEach(function (skill, index) {
        var score = rank(skill, words, query);
        if (score >= 0) found.push([score, index]);
      });
      found.sort(function (a, b) { return a[0] - b[0] || a[1] - b[1]; });
      found.slice(0, shownAtMost).forEach(function (entry) { matches.appendChild(card(skills[entry[1]])); });
      matches.hidden = found.length === 0;
      groups.hidden = true;
      if (jump) jump.hidden = true;
      // The sentences come from the theme's strings file, in the site's language (site.js).
      var T = window.SkillbookText;
      if (!T) return;
      var count = T.count(status, "matches", found.length);
      status.textContent = found.length > shownAtMost
        ? T.fill(status.getAttribute("data-first"), { matches: count, count: shownAtMost }) : count;
    }

    input.addEventListener("focus", loadList);
    input.addEventListener("input", function () {
      loadList();
      update();
    });
    if (input.value) update();
  }

  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", start);
  } else {
    start();
  }
})();
