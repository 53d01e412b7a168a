// Filters a report page by severity and by skill or file, from file:// as from a server: the
// page holds every row, so filtering only hides rows. The choice travels in the query string
// (?severity=error&skill=name) to the report's other pages, so it survives paging.
(function () {
  "use strict";

  function start() {
    var form = document.querySelector(".report-filter");
    var rows = document.querySelectorAll(".diagnostics > .diagnostic, .duplicate-cluster, .report-summary tr[data-severity]");
    if (!form || rows.length === 0) return;
    var input = form.querySelector("input[name=skill]");
    var boxes = Array.prototype.slice.call(form.querySelectorAll("input[name=severity]"));
    var status = form.querySelector(".filter-status");
    var params = new URLSearchParams(window.location.search);
    var wanted = params.get("severity");
    if (wanted) {
      var chosen = wanted.split(",");
      boxes.forEach(function (box) { box.checked = chosen.indexOf(box.value) >= 0; });
    }
    input.value = params.get("skill") || "";
    form.hidden = false;

    // What a row is matched against: its skill and the places it names.
    var texts = Array.prototype.map.call(rows, function (row) {
      var places = Array.prototype.map.call(row.querySelectorAll(".place"), function (place) { return place.textContent; });
      return ((row.getAttribute("data-skill") || "") + " " + places.join(" ")).toLowerCase();
    });

    function apply() {
      var severities = boxes.filter(function (box) { return box.checked; }).map(function (box) { return box.value; });
      var text = input.value.trim().toLowerCase();
      var shown = 0, total = 0;
      Array.prototype.forEach.call(rows, function (row, index) {
        var isTableRow = row.tagName === "TR";
        var severity = row.getAttribute("data-severity");
        var visible = (!severity || boxes.length === 0 || severities.indexOf(severity) >= 0)
          && (isTableRow || !text || texts[index].indexOf(text) >= 0);
        row.hidden = !visible;
        if (!isTableRow) {
          total += 1;
          if (visible) shown += 1;
        }
      });
      if (status && window.SkillbookText) {
        status.textContent = total > 0 && (text || severities.length < boxes.length)
          ? window.SkillbookText.fill(status.getAttribute("data-shown"), { shown: shown, total: total }) : "";
      }
      var query = new URLSearchParams();
      if (boxes.length > 0 && severities.length < boxes.length) query.set("severity", severities.join(","));
      if (text) query.set("skill", input.value.trim());
      var search = query.toString() ? "?" + query.toString() : "";
      Array.prototype.forEach.call(document.querySelectorAll("a.report-link, .pager a"), function (link) {
        var href = link.getAttribute("href").replace(/\?[^#]*/, "");
        var hash = href.indexOf("#");
        link.setAttribute("href", hash >= 0 ? href.slice(0, hash) + search + href.slice(hash) : href + search);
      });
      try { window.history.replaceState(null, "", window.location.pathname + search + window.location.hash); } catch (error) { /* file:// in some browsers */ }
    }

    form.addEventListener("submit", function (event) { event.preventDefault(); });
    input.addEventListener("input", apply);
    boxes.forEach(function (box) { box.addEventListener("change", apply); });
    apply();
  }

  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", start);
  } else {
    start();
  }
})();
