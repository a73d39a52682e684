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

// Phones: the main navigation folds behind a "Menu" button, and a list's filters behind
// "Filters (n)". Without this file everything stays open, so every page still works.
function foldable(container, button, openClass) {
  button.setAttribute("aria-expanded", "false");
  button.addEventListener("click", () => {
    const open = container.classList.toggle(openClass);
    button.setAttribute("aria-expanded", String(open));
  });
}

document.addEventListener("DOMContentLoaded", () => {
  const header = document.querySelector(".site-header");
  const nav = document.getElementById("site-nav");
  if (header && nav) {
    const button = document.createElement("button");
    button.type = "button";
    button.className = "button nav-toggle";
    button.textContent = "Menu";
    button.setAttribute("aria-controls", "site-nav");
    nav.before(button);
    header.classList.add("js-nav");
    foldable(header, button, "nav-open");
  }
  for (const form of document.querySelectorAll("[data-filters-foldable]")) {
    const button = document.createElement("button");
    button.type = "button";
    button.className = "button filters-toggle";
    const count = Number(form.dataset.activeFilters || 0);
    button.innerHTML = "";
    button.append(document.createTextNode(count ? `Filters (${count})` : "Filters"));
    const mark = document.createElement("span");
    mark.setAttribute("aria-hidden", "true");
    mark.textContent = "▾";
    button.append(mark);
    button.setAttribute("aria-controls", form.id);
    form.prepend(button);
    form.classList.add("js-filters");
    foldable(form, button, "filters-open");
  }
});
