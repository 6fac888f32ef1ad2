// The high-contrast theme: chosen with the top bar's button and kept in
// localStorage; until someone chooses, it follows the system's
// "prefers-contrast: more". Loaded as a classic script in <head> so the page
// is never painted in the wrong theme.
(function () {
  var KEY = "ludoteca-contrast";
  var root = document.documentElement;
  function stored() {
    try { return localStorage.getItem(KEY); } catch (e) { return null; }
  }
  function wanted() {
    var s = stored();
    if (s === "more" || s === "normal") return s;
    return window.matchMedia && matchMedia("(prefers-contrast: more)").matches ? "more" : "normal";
  }
  function apply(value) {
    root.dataset.contrast = value;
    var button = document.querySelector("[data-role=contrast]");
    if (button) button.setAttribute("aria-pressed", value === "more" ? "true" : "false");
  }
  apply(wanted());
  document.addEventListener("DOMContentLoaded", function () {
    apply(wanted());
    var button = document.querySelector("[data-role=contrast]");
    if (!button) return;
    button.hidden = false;
    button.addEventListener("click", function () {
      var next = root.dataset.contrast === "more" ? "normal" : "more";
      try { localStorage.setItem(KEY, next); } catch (e) { /* private mode: this page only */ }
      apply(next);
    });
  });
})();
