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

// Marking, one flow per entry. Each claim's controls (evidence, caveats, reason) change
// nothing until the entry's "Save marks" (the form .marks-bar, entries/_entry_review.html)
// sends every changed claim at once. A changed claim says "Unsaved" and its saved badges
// are struck through, so a badge never contradicts the select; applying a suggestion sets
// the controls the same way. Unsaved changes are kept in sessionStorage, per claim and per
// saved state, so leaving the page and coming back (or a refused save) loses nothing.
// Without this file each claim saves with its own button, as before.
const MARKS_KEY = "unsaved-marks:";

function markFields(form) {
  return [...form.elements].filter((field) => field.name && field.name.startsWith("claim-"));
}

// A claim's marks as its controls hold them, or (saved) as the server rendered them: the
// defaults, which no typing and no htmx settling of attributes changes.
function markState(form, saved = false) {
  const state = {};
  for (const field of markFields(form)) {
    if (field.type === "checkbox") {
      state[field.name] = state[field.name] || [];
      if (saved ? field.defaultChecked : field.checked) state[field.name].push(field.value);
    } else if (field.tagName === "SELECT") {
      const option = saved ? [...field.options].find((o) => o.defaultSelected) || field.options[0] : field.selectedOptions[0];
      state[field.name] = option ? option.value : "";
    } else {
      state[field.name] = saved ? field.defaultValue : field.value;
    }
  }
  return JSON.stringify(Object.keys(state).sort().map((name) => [name, state[name]]));
}

function setMarkState(form, json) {
  const state = Object.fromEntries(JSON.parse(json));
  for (const field of markFields(form)) {
    if (!(field.name in state)) continue;
    if (field.type === "checkbox") field.checked = state[field.name].includes(field.value);
    else field.value = state[field.name];
  }
}

function storedMarks(claim) {
  try {
    return JSON.parse(sessionStorage.getItem(MARKS_KEY + claim.dataset.claim) || "null");
  } catch (error) {
    return null;
  }
}

function storeMarks(claim, current) {
  try {
    if (current === null) sessionStorage.removeItem(MARKS_KEY + claim.dataset.claim);
    else sessionStorage.setItem(MARKS_KEY + claim.dataset.claim, JSON.stringify({ saved: claim.dataset.saved, current }));
  } catch (error) { /* private mode: nothing kept across pages */ }
}

function unsavedWords(form) {
  const select = form.querySelector("select");
  const level = select ? select.options[select.selectedIndex].text : "";
  const caveats = [...form.querySelectorAll("input[type=checkbox]:checked")].map((box) => box.parentElement.textContent.trim());
  return [level, ...caveats].join(", ");
}

function refreshClaim(claim, bar = true) {
  const form = claim.querySelector(".mark-form");
  const current = markState(form);
  const unsaved = current !== claim.dataset.saved;
  claim.classList.toggle("is-unsaved", unsaved);
  let note = claim.querySelector(".unsaved-note");
  if (!note) {
    note = document.createElement("p");
    note.className = "unsaved-note";
    claim.querySelector(".claim-review-body").append(note);
  }
  note.hidden = !unsaved;
  note.replaceChildren();
  if (unsaved) {
    const tag = document.createElement("strong");
    tag.textContent = "Unsaved";
    note.append(tag, document.createTextNode(`: ${unsavedWords(form)}. The badges above are the saved marks.`));
  }
  storeMarks(claim, unsaved ? current : null);
  if (bar) refreshMarksBar(claim.closest(".entry-review"));
}

function refreshMarksBar(review) {
  if (!review) return;
  const bar = review.querySelector("[data-marks-bar]");
  if (!bar) return;
  const count = review.querySelectorAll(".claim-review.is-unsaved").length;
  bar.classList.toggle("has-unsaved", count > 0);
  bar.querySelector("[data-marks-save]").disabled = count === 0;
  bar.querySelector("[data-marks-discard]").disabled = count === 0;
  const status = bar.querySelector("[data-marks-status]");
  const words = count ? `${count} claim${count === 1 ? "" : "s"} with unsaved marks.` : null;
  if (words) status.textContent = words;
  else if (status.textContent.includes("unsaved")) status.textContent = "No unsaved marks.";
  // Approving would leave the unsaved marks behind: save or discard them first.
  const approve = review.querySelector(`#approve-${bar.dataset.marksBar} button[value=published]`);
  if (approve) {
    if (count && !approve.dataset.heldForMarks) {
      approve.dataset.heldForMarks = approve.disabled ? "was-disabled" : "held";
      approve.disabled = true;
    } else if (!count && approve.dataset.heldForMarks) {
      approve.disabled = approve.dataset.heldForMarks === "was-disabled";
      delete approve.dataset.heldForMarks;
    }
    const why = review.querySelector(`#approve-why-${bar.dataset.marksBar}`);
    if (why) {
      if (count) {
        why.dataset.text = why.dataset.text || why.textContent;
        why.textContent = "Save or discard the unsaved marks first.";
      } else if (why.dataset.text) {
        why.textContent = why.dataset.text;
        delete why.dataset.text;
      }
    }
  }
}

const restoredForms = new WeakSet();

// Called on load and after every swap and settle: htmx settling puts an element's old
// attributes back for a moment, so the state is recomputed each time, not kept in them.
function initMarking() {
  for (const review of document.querySelectorAll(".entry-review")) {
    const bar = review.querySelector("[data-marks-bar]");
    if (!bar) continue;
    review.classList.add("js-marking");
    bar.hidden = false;
    for (const claim of review.querySelectorAll(".claim-review[data-claim]")) {
      const form = claim.querySelector(".mark-form");
      if (!form) continue;
      claim.dataset.saved = markState(form, true);
      if (!restoredForms.has(form)) {
        restoredForms.add(form);
        const stored = storedMarks(claim);
        if (stored && stored.saved === claim.dataset.saved) setMarkState(form, stored.current);
      }
      refreshClaim(claim, false); // the bar once all are known: never a count half-way
    }
    refreshMarksBar(review);
  }
}

function applySuggestion(form) {
  const claim = form.closest(".claim-review");
  const marks = claim?.querySelector(".mark-form");
  if (!marks) return false;
  if (form.dataset.kind === "evidence") {
    marks.querySelector("select").value = form.dataset.value;
  } else {
    const box = [...marks.querySelectorAll("input[type=checkbox]")].find(
      (input) => input.parentElement.textContent.trim() === form.dataset.value,
    );
    if (box) box.checked = true;
  }
  form.closest("li").hidden = true;
  refreshClaim(claim);
  return true;
}

document.addEventListener("submit", (event) => {
  const form = event.target;
  const review = form.closest?.(".entry-review.js-marking");
  if (!review) return;
  let handled = false;
  if (form.matches("[data-suggestion]")) {
    handled = applySuggestion(form);
    if (handled) announce(`${form.dataset.value.replace("_", " ")} applied, unsaved.`);
  } else if (form.matches(".apply-all")) {
    // Fills only blanks, as the server's "Apply all" does: an unmarked level, an unchecked caveat.
    for (const suggestion of review.querySelectorAll("form[data-suggestion]")) {
      const select = suggestion.closest(".claim-review").querySelector(".mark-form select");
      if (suggestion.dataset.kind === "evidence" && select.value !== "unmarked") continue;
      applySuggestion(suggestion);
    }
    handled = true;
    announce("Suggestions applied, unsaved: press Save marks.");
  } else if (form.matches(".mark-form")) {
    // Enter in a claim's reason box saves the entry's marks, not this claim alone.
    review.querySelector("[data-marks-save]")?.click();
    handled = true;
  }
  if (handled) {
    event.preventDefault();
    event.stopPropagation();
  }
}, true);

document.addEventListener("change", (event) => {
  const claim = event.target.closest?.(".js-marking .claim-review[data-saved]");
  if (claim && event.target.closest(".mark-form")) refreshClaim(claim);
});
document.addEventListener("input", (event) => {
  const claim = event.target.closest?.(".js-marking .claim-review[data-saved]");
  if (claim && event.target.closest(".mark-form")) refreshClaim(claim);
});

document.addEventListener("click", (event) => {
  const discard = event.target.closest?.("[data-marks-discard]");
  if (!discard) return;
  const review = discard.closest(".entry-review");
  for (const claim of review.querySelectorAll(".claim-review.is-unsaved")) {
    setMarkState(claim.querySelector(".mark-form"), claim.dataset.saved);
    for (const hidden of claim.querySelectorAll(".suggestions li[hidden]")) hidden.hidden = false;
    refreshClaim(claim);
  }
  announce("Unsaved marks discarded.");
});

// "Full text" on a paper read less than that needs a reason: ask for it before sending.
document.addEventListener("htmx:beforeRequest", (event) => {
  const bar = event.detail.elt;
  if (!bar.matches?.("[data-marks-bar]")) return;
  const review = bar.closest(".entry-review");
  const claims = [...review.querySelectorAll(".claim-review")];
  for (const claim of review.querySelectorAll(".claim-review.is-unsaved")) {
    const select = claim.querySelector(".mark-form select");
    const reason = claim.querySelector(".mark-reason input");
    if (select.value === "full_text" && reason && !reason.value.trim()) {
      event.preventDefault();
      const words = `Claim ${claims.indexOf(claim) + 1}: say where the full paper was read (Why “full text”), or choose another level.`;
      bar.querySelector("[data-marks-status]").textContent = words;
      reason.focus();
      return;
    }
  }
});

document.addEventListener("DOMContentLoaded", initMarking);
document.addEventListener("htmx:afterSwap", initMarking);
document.addEventListener("htmx:afterSettle", () => {
  initMarking();
  // A status line swapped in is not read out: say it once it is in the page.
  for (const status of document.querySelectorAll("[data-marks-status]:not([data-said])")) {
    status.dataset.said = "1";
    if (status.textContent.trim() === "Marks saved.") announce("Marks saved.");
  }
});
