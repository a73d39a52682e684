// Keyboard navigation of search results: ArrowDown/ArrowUp move between results, Enter opens.
(() => {
  const links = () => Array.from(document.querySelectorAll("#search-results .hit-link"));
  document.addEventListener("keydown", (event) => {
    if (event.key !== "ArrowDown" && event.key !== "ArrowUp") return;
    const all = links();
    if (!all.length) return;
    const box = document.getElementById("search-q");
    const current = all.indexOf(document.activeElement);
    if (current === -1 && document.activeElement !== box) return;
    event.preventDefault();
    let next;
    if (event.key === "ArrowDown") next = current + 1 >= all.length ? all.length - 1 : current + 1;
    else next = current - 1;
    if (next < 0) box.focus();
    else all[next].focus();
  });
})();
