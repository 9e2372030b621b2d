// Names for the controls Datasette's own table and SQL pages leave unlabelled (filters, sort,
// the SQL editor), and keyboard access to tables that scroll sideways, on a base's pages.
// Datasette 0.65 writes these without labels; only their names are added, nothing moves.
(function () {
  function label(selector, name) {
    document.querySelectorAll(selector).forEach(function (el) {
      if (!el.hasAttribute("aria-label") && !(el.labels && el.labels.length)) el.setAttribute("aria-label", name);
    });
  }
  function run() {
    label("select[name^=_filter_column]", "Filter on column");
    label("select[name^=_filter_op]", "Filter operator");
    label("input.filter-value", "Filter value");
    label("select#sort_by", "Sort by");
    label("textarea#sql-editor, .CodeMirror textarea", "SQL query");
    label("select[name=_size]", "Rows per page");
    document.querySelectorAll(".table-wrapper").forEach(function (box) {
      box.setAttribute("tabindex", "0");
      box.setAttribute("role", "region");
      if (!box.hasAttribute("aria-label")) box.setAttribute("aria-label", "Results table (scrolls sideways)");
    });
  }
  function start() {
    run();
    // CodeMirror builds its editor (and its own textarea) in the page's onload handler.
    new MutationObserver(function () { label(".CodeMirror textarea", "SQL query"); })
      .observe(document.body, { childList: true, subtree: true });
  }
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start); else start();
})();
