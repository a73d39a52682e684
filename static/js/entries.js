// Entries: small progressive enhancements. Every control also works as a plain form.
document.addEventListener("htmx:beforeSwap", (event) => {
  // A refused mark or a stale suggestion answers 4xx with the fragment and its message:
  // show it in place rather than dropping it, as htmx does by default for errors.
  const status = event.detail.xhr.status;
  const source = event.detail.requestConfig && event.detail.requestConfig.elt;
  if (status >= 400 && status < 500 && source && source.closest("[data-swap-errors]")) {
    event.detail.shouldSwap = true;
    event.detail.isError = false;
  }
});

// The review queue opened at one entry (/review/#entry-12, where a refused approval sends
// the editor back): open that entry's controls, which loads its current text.
function openLinkedReviewItem() {
  const target = location.hash ? document.getElementById(location.hash.slice(1)) : null;
  if (target && target.matches("details.review-item") && !target.open) {
    target.open = true;
    target.scrollIntoView({ block: "start" });
  }
}
document.addEventListener("DOMContentLoaded", openLinkedReviewItem);
window.addEventListener("hashchange", openLinkedReviewItem);
