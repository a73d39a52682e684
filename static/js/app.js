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

// Long uploads (notes, reference files): while the file goes up and is read, the button
// is disabled, says what is happening, and a status line tells screen readers too.
document.addEventListener("submit", (event) => {
  const form = event.target;
  if (!(form instanceof HTMLFormElement) || !form.dataset.busyLabel) return;
  const button = form.querySelector("button[type=submit]");
  const status = form.querySelector(".busy-status");
  const files = [...form.querySelectorAll("input[type=file]")].flatMap((i) => [...i.files]);
  const size = files.reduce((total, file) => total + file.size, 0);
  const what = files.length ? ` ${files.length} file${files.length === 1 ? "" : "s"}, ${Math.ceil(size / 1024)} KB` : "";
  if (status) status.textContent = `${form.dataset.busyLabel}${what}: the report appears here when it is done.`;
  if (button) {
    button.dataset.label = button.textContent;
    button.textContent = form.dataset.busyLabel;
    // After the browser has taken the submit: a disabled button would not be sent.
    setTimeout(() => { button.disabled = true; }, 0);
  }
});
document.addEventListener("htmx:afterRequest", (event) => {
  const form = event.target;
  if (!(form instanceof HTMLFormElement) || !form.dataset.busyLabel) return;
  const button = form.querySelector("button[type=submit]");
  const status = form.querySelector(".busy-status");
  if (button && button.dataset.label) {
    button.textContent = button.dataset.label;
    button.disabled = false;
  }
  if (status) status.textContent = event.detail.successful ? "Done." : "The import failed: see the message.";
});

// Keyboard. Everywhere: "?" lists the shortcuts, "e" opens the page's edit form,
// Ctrl/⌘+Enter saves the form being typed in. In the review queue: j/k move between
// claims, 0–4 set the evidence level of the claim in focus (unsaved until "s" saves the
// entry's marks), "a" approves the open entry when every claim is marked. Each move is
// announced to screen readers. entries/_marking_help.html lists the same keys.
const LEVELS = { 0: "unmarked", 1: "abstract_only", 2: "secondary", 3: "editorial", 4: "full_text" };

function typing(target) {
  return ["INPUT", "TEXTAREA", "SELECT"].includes(target.tagName) || target.isContentEditable;
}

function announce(message) {
  let region = document.getElementById("shortcut-announcer");
  if (!region) {
    region = document.createElement("div");
    region.id = "shortcut-announcer";
    region.className = "visually-hidden";
    region.setAttribute("role", "status");
    region.setAttribute("aria-live", "polite");
    document.body.append(region);
  }
  region.textContent = message;
}

function shortcutsDialog() {
  let dialog = document.getElementById("shortcuts");
  if (!dialog) {
    dialog = document.createElement("dialog");
    dialog.id = "shortcuts";
    dialog.className = "card shortcuts";
    dialog.setAttribute("aria-labelledby", "shortcuts-title");
    const rows = [
      ["/", "search"], ["e", "edit this page"], ["Ctrl/⌘ + Enter", "save the form"],
      ["j / k", "next / previous claim (review queue)"],
      ["1 2 3 4", "abstract only, secondary, editorial, full text"],
      ["0", "back to unmarked"], ["s", "save the entry's marks"],
      ["a", "approve the open entry"], ["?", "this list"], ["Esc", "close"],
    ];
    const title = document.createElement("h2");
    title.id = "shortcuts-title";
    title.className = "h3";
    title.textContent = "Keyboard shortcuts";
    const list = document.createElement("dl");
    for (const [keys, what] of rows) {
      const dt = document.createElement("dt");
      const kbd = document.createElement("kbd");
      kbd.textContent = keys;
      dt.append(kbd);
      const dd = document.createElement("dd");
      dd.textContent = what;
      list.append(dt, dd);
    }
    const close = document.createElement("button");
    close.type = "button";
    close.className = "button";
    close.textContent = "Close";
    close.addEventListener("click", () => dialog.close());
    dialog.append(title, list, close);
    document.body.append(dialog);
  }
  return dialog;
}

function reviewClaims() {
  return [...document.querySelectorAll(".review-item[open] .claim-review, .review-page .claim-review")];
}

let claimIndex = -1; // the claim last in focus: a swap after marking replaces its element

function focusClaim(step) {
  const claims = reviewClaims();
  if (!claims.length) return;
  const inFocus = claims.indexOf(document.activeElement.closest(".claim-review"));
  const current = inFocus >= 0 ? inFocus : claimIndex;
  claimIndex = Math.min(claims.length - 1, Math.max(0, current + step));
  const next = claims[claimIndex];
  next.tabIndex = -1;
  next.focus();
  next.scrollIntoView({ block: "center" });
  const text = next.querySelector(".claim-text")?.textContent.trim() || "";
  const level = next.querySelector("select[name=evidence]");
  const shown = level ? level.options[level.selectedIndex].text : "";
  announce(`Claim ${claims.indexOf(next) + 1} of ${claims.length}, ${shown}: ${text.slice(0, 120)}`);
}

function markClaim(digit) {
  const claim =
    document.activeElement.closest(".claim-review") || reviewClaims()[claimIndex] || null;
  const select = claim?.querySelector(".mark-form select");
  if (!select) return false;
  select.value = LEVELS[digit];
  select.dispatchEvent(new Event("change", { bubbles: true }));
  const level = select.options[select.selectedIndex].text;
  if (claim.closest(".js-marking")) {
    announce(`${level}, unsaved. Press s to save the entry's marks.`);
  } else {
    announce(`Marked ${level}.`);
    claim.querySelector(".mark-form button[type=submit]")?.click();
  }
  return true;
}

function saveMarks() {
  const review =
    document.activeElement.closest(".entry-review") ||
    reviewClaims()[claimIndex]?.closest(".entry-review") ||
    document.querySelector(".review-item[open] .entry-review, .review-page .entry-review");
  const save = review?.querySelector("[data-marks-save]");
  if (!save) return false;
  if (save.disabled) announce("No unsaved marks.");
  else save.click();
  return true;
}

document.addEventListener("htmx:afterSwap", (event) => {
  // A claim swapped after marking keeps the keyboard's place, but only when the swap
  // took the focus away: a reviewer who has already moved on (j, then a digit, typed
  // before the answer came back) stays where they are.
  const claim = event.target.closest?.(".claim-review") || event.target;
  const focused = document.activeElement;
  const lost = !focused || focused === document.body || !focused.isConnected;
  if (lost && claim.classList?.contains("claim-review") && event.detail.requestConfig?.elt?.closest) {
    claim.tabIndex = -1;
    claim.focus({ preventScroll: true });
  }
});

document.addEventListener("keydown", (event) => {
  if (event.key === "Enter" && (event.ctrlKey || event.metaKey) && event.target.form) {
    const form = event.target.form;
    const submit = form.querySelector("button[type=submit][name=op][value=save], button[type=submit].primary, button[type=submit]");
    event.preventDefault();
    if (submit) submit.click();
    else form.requestSubmit();
    return;
  }
  if (event.ctrlKey || event.metaKey || event.altKey || typing(event.target)) return;
  if (event.key === "?") {
    event.preventDefault();
    shortcutsDialog().showModal();
  } else if (event.key === "e") {
    const edit = document.querySelector("a[data-shortcut=edit]");
    if (edit) {
      event.preventDefault();
      edit.click();
    }
  } else if (event.key === "j" || event.key === "k") {
    if (reviewClaims().length) {
      event.preventDefault();
      focusClaim(event.key === "j" ? 1 : -1);
    }
  } else if (LEVELS[event.key]) {
    if (markClaim(event.key)) event.preventDefault();
  } else if (event.key === "s") {
    if (saveMarks()) event.preventDefault();
  } else if (event.key === "a") {
    const item = document.activeElement.closest(".review-item, .review-page") || document.querySelector(".review-item[open]");
    const approve = item?.querySelector("button[name=to][value=published]");
    if (approve) {
      event.preventDefault();
      if (approve.disabled) announce("Not yet: every claim must be marked first.");
      else approve.click();
    }
  }
});

// Concept pages: hide or highlight claims resting on abstracts only. The links work
// without this (the server adds the class); here the switch is instant and remembered.
function abstractMode(toggle, mode, remember) {
  const content = document.getElementById("concept-content");
  if (!content) return;
  content.classList.remove("abstract-hide", "abstract-highlight");
  if (mode === "hide" || mode === "highlight") content.classList.add(`abstract-${mode}`);
  for (const link of toggle.querySelectorAll("[data-abstract]")) {
    if (link.dataset.abstract === mode) link.setAttribute("aria-current", "true");
    else link.removeAttribute("aria-current");
  }
  const count = Number(toggle.dataset.count || 0);
  const claims = `${count} claim${count === 1 ? "" : "s"} resting on abstracts only`;
  const status = toggle.querySelector(".toggle-status");
  const said = { hide: `${claims} hidden`, highlight: `${claims} highlighted` }[mode] || "";
  if (status) status.textContent = said;
  if (remember) {
    try { localStorage.setItem("abstract-only", mode); } catch (error) { /* private mode */ }
    const url = new URL(window.location.href);
    if (mode === "show") url.searchParams.delete("abstract");
    else url.searchParams.set("abstract", mode);
    history.replaceState(history.state, "", url);
  }
}

document.addEventListener("DOMContentLoaded", () => {
  const toggle = document.querySelector("[data-abstract-toggle]");
  if (!toggle) return;
  toggle.addEventListener("click", (event) => {
    const link = event.target.closest("[data-abstract]");
    if (!link) return;
    event.preventDefault();
    abstractMode(toggle, link.dataset.abstract, true);
  });
  // A bare address takes the reader's last choice; an address with ?abstract= wins.
  if (!new URLSearchParams(window.location.search).has("abstract")) {
    let stored = null;
    try { stored = localStorage.getItem("abstract-only"); } catch (error) { /* private mode */ }
    if (stored === "hide" || stored === "highlight") abstractMode(toggle, stored, false);
  }
});

// Chip pickers: a native <select multiple data-chip-picker> (core.widgets.ChipPicker) gets
// the chosen items as removable chips and a filter box above it. A click on an option
// toggles it (no Ctrl/⌘), typing filters the options, Enter picks the first match,
// Backspace in the empty box removes the last chip. The select stays visible and stays
// the form's control: its "change" event (a click, the keyboard, a test's select_option)
// redraws the chips, so the page posts the same data with or without this file.
function chipPicker(select) {
  if (select.dataset.enhanced) return;
  select.dataset.enhanced = "1";
  const options = [...select.options];
  const nameOf = (option) => option.textContent.trim();
  let order = options.filter((option) => option.selected);

  const wrap = document.createElement("div");
  wrap.className = "chip-picker";
  const chips = document.createElement("ul");
  chips.className = "chip-list chip-chosen";
  chips.setAttribute("aria-label", "Chosen");
  const filter = document.createElement("input");
  filter.type = "search";
  filter.className = "chip-filter";
  filter.placeholder = "Type to filter";
  filter.setAttribute("aria-label", "Type to filter");
  filter.setAttribute("aria-controls", select.id);
  filter.autocomplete = "off";
  const status = document.createElement("p");
  status.className = "visually-hidden";
  status.setAttribute("role", "status");
  status.setAttribute("aria-live", "polite");
  select.before(wrap);
  wrap.append(chips, filter, select, status);
  select.classList.add("chip-options-js");

  function toggle(option, selected) {
    option.selected = selected;
    select.dispatchEvent(new Event("input", { bubbles: true }));
    select.dispatchEvent(new Event("change", { bubbles: true }));
  }

  function drawChips() {
    chips.replaceChildren();
    for (const option of order) {
      const item = document.createElement("li");
      const button = document.createElement("button");
      button.type = "button";
      button.className = "chip chip-remove";
      button.setAttribute("aria-label", `Remove ${nameOf(option)}`);
      button.append(document.createTextNode(nameOf(option)));
      const cross = document.createElement("span");
      cross.setAttribute("aria-hidden", "true");
      cross.textContent = "×";
      button.append(cross);
      button.addEventListener("click", () => {
        toggle(option, false);
        filter.focus();
      });
      item.append(button);
      chips.append(item);
    }
    chips.hidden = order.length === 0;
  }

  // Keeps the chips in the order things were picked; says what changed.
  select.addEventListener("change", () => {
    const now = options.filter((option) => option.selected);
    const added = now.filter((option) => !order.includes(option));
    const removed = order.filter((option) => !option.selected);
    order = order.filter((option) => option.selected).concat(added);
    drawChips();
    const words = [...added.map((o) => `Added ${nameOf(o)}.`), ...removed.map((o) => `Removed ${nameOf(o)}.`)];
    if (words.length) status.textContent = `${words.join(" ")} ${order.length} chosen.`;
  });
  // A plain click toggles one option instead of replacing the whole choice.
  select.addEventListener("mousedown", (event) => {
    const option = event.target.closest("option");
    if (!option || option.disabled || event.button !== 0) return;
    event.preventDefault();
    const top = select.scrollTop;
    select.focus({ preventScroll: true });
    toggle(option, !option.selected);
    select.scrollTop = top;
  });

  const visible = () => options.filter((option) => !option.hidden);
  filter.addEventListener("input", (event) => {
    // Typing narrows the list; it changes nothing the form sends (a live filter form
    // would otherwise ask the server again for each letter).
    event.stopPropagation();
    const words = filter.value.toLowerCase().trim();
    for (const option of options) option.hidden = Boolean(words) && !nameOf(option).toLowerCase().includes(words);
    const count = visible().length;
    status.textContent = words ? `${count} match${count === 1 ? "" : "es"}.` : "";
  });
  filter.addEventListener("keydown", (event) => {
    if (event.key === "Enter") {
      event.preventDefault();
      const first = visible().find((option) => !option.selected);
      if (first && filter.value.trim()) {
        toggle(first, true);
        filter.value = "";
        filter.dispatchEvent(new Event("input"));
      }
    } else if (event.key === "Backspace" && !filter.value && order.length) {
      toggle(order[order.length - 1], false);
    }
  });
  drawChips();
}

// Key papers: "Move up" / "Move down" buttons rewrite the formset's position fields, which
// stay visible (and typed by hand) without this file.
function keyPaperRows(group) {
  if (group.dataset.enhanced) return;
  group.dataset.enhanced = "1";
  group.classList.add("key-papers-js");
  const list = group.querySelector(".key-paper-rows");
  const renumber = () => {
    [...list.children].forEach((row, index) => {
      const position = row.querySelector("input[name$='-ORDER']");
      if (position) position.value = String(index + 1);
    });
  };
  const title = (row) => row.querySelector("input[name$='-paper']")?.value || "empty row";
  for (const row of list.children) {
    const moves = document.createElement("span");
    moves.className = "key-paper-moves";
    row.querySelector(".key-paper-controls").prepend(moves);
    for (const [text, step] of [["Move up", -1], ["Move down", 1]]) {
      const button = document.createElement("button");
      button.type = "button";
      button.className = "button small";
      button.textContent = step < 0 ? "↑" : "↓";
      button.setAttribute("aria-label", text);
      button.addEventListener("click", () => {
        const other = step < 0 ? row.previousElementSibling : row.nextElementSibling;
        if (!other) return;
        if (step < 0) other.before(row);
        else other.after(row);
        renumber();
        button.focus();
        announce(`Moved ${title(row)} to position ${[...list.children].indexOf(row) + 1}.`);
      });
      moves.append(button);
    }
  }
  renumber();
}

function enhanceForms(root) {
  root.querySelectorAll("[data-chip-picker]").forEach(chipPicker);
  root.querySelectorAll("[data-key-papers]").forEach(keyPaperRows);
}
document.addEventListener("DOMContentLoaded", () => enhanceForms(document));
document.addEventListener("htmx:load", (event) => enhanceForms(event.target));

// A list's filters removed from outside the form (a "Topic: … ×" chip above the results, a
// chart's bar) load new results and a new address: the form then takes its values from
// that address, so it never shows a filter no longer in force. Events sent here do not
// bubble, so the live form does not ask again.
function syncFiltersFromAddress(form, address) {
  const params = new URL(address, window.location.origin).searchParams;
  for (const control of form.elements) {
    if (!control.name) continue;
    const values = params.getAll(control.name);
    if (control.type === "radio" || control.type === "checkbox") {
      // Absent from the address: the group's first choice, the filter's default.
      const first = form.querySelector(`[name="${control.name}"]`) === control;
      control.checked = values.length ? values.includes(control.value) : control.type === "radio" && first;
    } else if (control.tagName === "SELECT") {
      for (const option of control.options) option.selected = values.includes(option.value);
      if (!control.multiple && !values.length) control.selectedIndex = 0;
      control.dispatchEvent(new Event("change"));
    } else if (control.type !== "submit" && control.type !== "button") {
      control.value = values[0] || "";
    }
  }
}

document.addEventListener("htmx:afterSettle", (event) => {
  const form = document.getElementById("paper-filters");
  const started = event.detail.requestConfig && event.detail.requestConfig.elt;
  if (!form || !started || form.contains(started) || event.detail.target.id !== "results") return;
  syncFiltersFromAddress(form, event.detail.pathInfo.requestPath);
});

// A "Copy" button copies the text of the field it names (data-copy="#id"), and says so.
document.addEventListener("click", (event) => {
  const button = event.target.closest("[data-copy]");
  if (!button) return;
  const field = document.querySelector(button.dataset.copy);
  if (!field) return;
  field.select();
  const done = () => { button.textContent = "Copied"; };
  if (navigator.clipboard && window.isSecureContext) {
    navigator.clipboard.writeText(field.value).then(done, () => {});
  } else if (document.execCommand && document.execCommand("copy")) {
    done();
  }
});
