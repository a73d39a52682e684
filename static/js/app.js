// Small progressive enhancements; every page works without this file.
document.addEventListener("keydown", (event) => {
  // "/" focuses the site search, as in most research tools.
  if (event.key === "/" && !["INPUT", "TEXTAREA", "SELECT"].includes(document.activeElement.tagName)) {
    const box = document.getElementById("site-search");
    if (box) {
      event.preventDefault();
      box.focus();
    }
  }
});
