// Runs in <head> before the page paints: applies the theme the reader chose earlier, if any.
(function () {
  try {
    var saved = window.localStorage.getItem("skillbook-theme");
    if (saved === "light" || saved === "dark") {
      document.documentElement.setAttribute("data-theme", saved);
      document.documentElement.style.colorScheme = saved;
    }
  } catch (error) {
    // Storage can be unavailable (private windows, file:// in some browsers): follow the system.
  }
  document.documentElement.classList.add("js");
})();
