// Paper fields ("Source paper", key papers) as comboboxes with a list of suggestions (the
// WAI-ARIA "list autocomplete" pattern). htmx fetches the suggestions into
// #<field>-suggest as the person types (entries/_paper_suggest.html); here ArrowDown and
// ArrowUp move through them, Enter or a click picks one, Escape closes the list, and a
// status line tells screen readers how many matched. Without this file the field is a text
// box the server resolves by title, arXiv id or DOI, so the form works all the same.
(() => {
  const PICKER = "input[data-paper-picker]";
  const base = (input) => input.getAttribute("aria-controls").replace(/-listbox$/, "");
  const suggestBox = (input) => document.getElementById(`${base(input)}-suggest`);
  const options = (input) => [...(suggestBox(input)?.querySelectorAll("[role=option]") || [])];
  const isOpen = (input) => !suggestBox(input)?.hidden;

  function status(input) {
    const id = `${base(input)}-status`;
    let line = document.getElementById(id);
    if (!line) {
      line = document.createElement("p");
      line.id = id;
      line.className = "visually-hidden";
      line.setAttribute("role", "status");
      line.setAttribute("aria-live", "polite");
      suggestBox(input).after(line);
    }
    return line;
  }

  function setActive(input, index) {
    const all = options(input);
    all.forEach((option, i) => {
      option.setAttribute("aria-selected", String(i === index));
      option.classList.toggle("active", i === index);
    });
    const active = all[index];
    if (active) {
      input.setAttribute("aria-activedescendant", active.id);
      active.scrollIntoView({ block: "nearest" });
    } else {
      input.removeAttribute("aria-activedescendant");
    }
  }

  function activeIndex(input) {
    return options(input).findIndex((option) => option.getAttribute("aria-selected") === "true");
  }

  function open(input, show) {
    const box = suggestBox(input);
    if (!box) return;
    const any = options(input).length > 0;
    box.hidden = !(show && (any || box.querySelector("[data-paper-none]")));
    input.setAttribute("aria-expanded", String(show && any));
    if (!show) setActive(input, -1);
  }

  function pick(input, option) {
    input.value = option.dataset.value;
    const picked = document.getElementById(`${base(input)}-picked`);
    if (picked) {
      picked.replaceChildren();
      const title = document.createElement("span");
      title.textContent = option.dataset.label;
      const meta = document.createElement("span");
      meta.className = "muted";
      meta.textContent = option.querySelector(".paper-option-meta")?.textContent || "";
      picked.append(title, meta);
    }
    open(input, false);
    status(input).textContent = `Picked ${option.dataset.label}.`;
    input.dispatchEvent(new Event("change", { bubbles: true }));
  }

  document.addEventListener("keydown", (event) => {
    const input = event.target.closest?.(PICKER);
    if (!input) return;
    const all = options(input);
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      if (!all.length) return;
      event.preventDefault();
      if (!isOpen(input)) open(input, true);
      const step = event.key === "ArrowDown" ? 1 : -1;
      const now = activeIndex(input);
      const next = now < 0 ? (step > 0 ? 0 : all.length - 1) : (now + step + all.length) % all.length;
      setActive(input, next);
    } else if (event.key === "Enter" && isOpen(input)) {
      // Enter picks the highlighted paper (or the only one); it never submits the form
      // while the list is open.
      event.preventDefault();
      const chosen = all[activeIndex(input)] || (all.length === 1 ? all[0] : null);
      if (chosen) pick(input, chosen);
      else open(input, false);
    } else if (event.key === "Escape" && isOpen(input)) {
      event.preventDefault();
      event.stopPropagation();
      open(input, false);
    }
  });

  document.addEventListener("input", (event) => {
    const input = event.target.closest?.(PICKER);
    if (!input) return;
    // What was picked before no longer describes the field.
    const picked = document.getElementById(`${base(input)}-picked`);
    if (picked) picked.replaceChildren();
    if (input.value.trim().length < 2) open(input, false);
  });

  // A click on a suggestion picks it; the field keeps the focus meanwhile.
  document.addEventListener("mousedown", (event) => {
    if (event.target.closest?.(".paper-suggest [role=option]")) event.preventDefault();
  });
  document.addEventListener("click", (event) => {
    const option = event.target.closest?.(".paper-suggest [role=option]");
    if (!option) return;
    const input = document.querySelector(`${PICKER}[aria-controls="${option.closest("[role=listbox]").id}"]`);
    if (input) {
      pick(input, option);
      input.focus();
    }
  });

  document.addEventListener("focusout", (event) => {
    const input = event.target.closest?.(PICKER);
    if (!input) return;
    // Moving into the list ("Add this paper") keeps it open.
    if (event.relatedTarget && suggestBox(input)?.contains(event.relatedTarget)) return;
    open(input, false);
  });

  document.addEventListener("htmx:afterSwap", (event) => {
    const box = event.target;
    if (!box.classList?.contains("paper-suggest")) return;
    const listbox = box.id.replace(/-suggest$/, "-listbox");
    const input = document.querySelector(`${PICKER}[aria-controls="${listbox}"]`);
    if (!input) return;
    const count = options(input).length;
    open(input, document.activeElement === input);
    status(input).textContent = count
      ? `${count} paper${count === 1 ? "" : "s"} found: arrow keys to choose, Enter to pick.`
      : box.querySelector("[data-paper-none]")?.textContent.trim() || "";
  });
})();
