// Search page: start Pagefind's UI (served from /pagefind/, written at build time) and run
// the query passed as ?q= by the search boxes on other pages. No inline script: the CSP forbids it.
window.addEventListener("DOMContentLoaded", function () {
  if (typeof PagefindUI === "undefined") {
    return;
  }
  var ui = new PagefindUI({
    element: "#search",
    showSubResults: true,
    showImages: false,
    resetStyles: false,
    autofocus: true,
    translations: { placeholder: "Search games and terms" }
  });
  // Pagefind's input has no id, so the page's visible label (search.html) could not name it.
  var input = document.querySelector("#search .pagefind-ui__search-input");
  if (input) {
    input.id = "search-input";
  }
  var q = new URLSearchParams(window.location.search).get("q");
  if (q) {
    ui.triggerSearch(q);
  }
});
