"""Evidence marks and suggestions from a text's own words, each with the words quoted.

A **mark** is set only where the words say it: "The paper was not read" (abstract only),
"according to the blog" (secondary), "this wiki's reading" (editorial), "read in full"
(full text), "names no benchmark" (benchmark not named), "carries no numbers" (no
figure stated). A **suggestion** is offered where the words only imply it ("from the
same snapshot", "nothing read states…"), where the cited paper's read level says so, or
where "no figure stated" follows from the shape of the text (no result-shaped number,
see ``figures``). Suggestions are shown to an editor, never applied silently.

Full text is never suggested; it is marked only when the text says the paper was read
in full. A negation ("beyond the abstract, we read the full paper", "not only the
abstract") cancels the abstract-only reading of its sentence.
"""

from __future__ import annotations

import functools
import itertools
import re
from dataclasses import dataclass

from evidence.caveats import (
    CAVEAT_RULES,
    NO_FIGURE,
)
from evidence.figures import figure_in
from evidence.sentences import bounded, is_prose, split_sentences
from evidence.signals import (
    ABSTRACT_ONLY,
    EDITORIAL,
    FULL_TEXT,
    SECONDARY,
    UNMARKED,
    Signal,
    goes_beyond_abstract,
    heading_channel,
    heading_signal,
    heading_states_a_position,
    is_owned_judgement,
    is_reservation,
    makers_channel_heading,
    reading_signal,
    spelled_out,
)

EVIDENCE_VALUES = (UNMARKED, FULL_TEXT, ABSTRACT_ONLY, SECONDARY, EDITORIAL)


# Where a mark's words stand, in order of precedence: the claim's own words, the words of
# the section or feed item that holds it (within their scope), the page's shape (a feed
# item is a digest), the cited paper's read level.
CLAIM = "claim"
SECTION = "section"
PAGE = "page"
PAPER = "paper"
LEVELS = (CLAIM, SECTION, PAGE, PAPER)


@dataclass(frozen=True)
class Finding:
    """One mark or suggestion: ``kind`` is "evidence" or "caveat"; ``value`` an evidence
    value or a caveat name; ``reason`` quotes the words that gave it; ``level`` says where
    those words stand (one of ``LEVELS``)."""

    kind: str
    value: str
    reason: str
    level: str = CLAIM
    # A section's mark that holds only for the claims that judge (a heading that states
    # where the writers stand: signals.heading_states_a_position).
    judgements_only: bool = False


def _rx(*parts: str) -> re.Pattern[str]:
    return re.compile("|".join(parts), re.IGNORECASE)


# Words that only imply a summary-level reading: suggestions, never marks.
_IMPLIED_ABSTRACT = _rx(
    r"\bfrom the same snapshot\b|\bin the snapshot\b|\bthe snapshot (?:carries|gives|says)",
    r"\bnothing read\b|\banything read\b",
    r"\bthe capture\b|\bcaptured\b",
    r"\bthe abstract(?:'s|’s)\b",
    r"\bdaily papers\b",
)


def _quote(match: re.Match[str], sentence: str) -> str:
    """The writer's own sentence, shortened around the trigger to a readable quote. The
    match may come from the spelled-out sentence ("is not" for "isn't"), so it is placed by
    its relative position when its exact words are not found."""
    text = " ".join(sentence.split())
    if len(text) > 240:
        at = text.lower().find(match.group(0).lower())
        if at < 0:
            at = int(match.start() * len(text) / max(len(match.string), 1))
        start = max(0, at - 80)
        text = ("…" if start else "") + text[start : start + 220].strip() + "…"
    return f"“{text}”"


@dataclass(frozen=True)
class Statement:
    """What one sentence says about how its source was read."""

    evidence: str  # an evidence value, UNMARKED when it says nothing
    reason: str
    negated_abstract: bool = False
    # Editorial only as the writers' reservation about a figure ("we doubt the purity claim").
    reservation: bool = False
    # Editorial as a judgement the writers name themselves in ("our call", "we doubt").
    owned: bool = False


@functools.lru_cache(maxsize=8192)
def read_statement(sentence: str) -> Statement:
    """The evidence a sentence states about itself (see ``signals`` for the families and
    their precedence: full text, editorial, abstract only, secondary)."""
    if not is_prose(sentence):
        return Statement(UNMARKED, "")
    signal = reading_signal(sentence)
    beyond = goes_beyond_abstract(sentence)
    if signal is None:
        return Statement(UNMARKED, "", beyond)
    reason = {
        FULL_TEXT: "says it was read in full",
        EDITORIAL: "the writer's own reading",
        ABSTRACT_ONLY: "says only the abstract was read",
        SECONDARY: "reported by others",
    }[signal.value]
    if signal.makers:
        reason = "names the authors' own summary"
    quoted = f"{reason}: {_quote(signal.match, sentence)}"
    return Statement(
        signal.value,
        quoted,
        beyond,
        reservation=is_reservation(signal),
        owned=is_owned_judgement(signal),
    )


def is_evidence_statement(sentence: str) -> bool:
    """Does the sentence speak about the reading or the gaps (a qualifier, not a finding)?"""
    if read_statement(sentence).evidence != UNMARKED or _IMPLIED_ABSTRACT.search(sentence):
        return True
    return any(p.search(sentence) for _n, p in CAVEAT_RULES)


def evidence_mark(text: str, *, source_kind: str = "notes") -> Finding | None:
    """The evidence the text's own words state; failing that, a digest is secondary by
    nature (the page's shape); else None."""
    return stated_evidence(text) or page_mark(source_kind)


def stated_evidence(text: str, *, level: str = CLAIM) -> Finding | None:
    """The evidence a text's own words state, or None.

    A claim's lead before a colon or a dash ("Team view: …", "Newsletter item (…): …") is
    read as a heading of that claim when its sentence says nothing itself. The first
    sentence that states a level gives it, but a reservation of the writers' ("we doubt the
    purity claim", "we'd treat that with caution") about words another sentence says came
    from someone else is an aside: the claim is as its source was read."""
    sentences = split_sentences(text) or [bounded(text)]
    opening = read_statement(sentences[0])
    lead = _UNSTATED
    if level == CLAIM and (opening.evidence == UNMARKED or opening.reservation):
        lead = lead_statement(sentences[0])
    # Read lazily: the later sentences matter only past a silent opening or a reservation.
    first = opening if opening.evidence != UNMARKED else lead
    stated = (
        s
        for s in itertools.chain([first], map(read_statement, sentences[1:]))
        if s.evidence != UNMARKED
    )
    statement = next(stated, None)
    if statement is None:
        return None
    if statement.reservation:
        relayed = itertools.chain([lead], stated)
        statement = next((s for s in relayed if s.evidence == SECONDARY), statement)
    elif statement.evidence == FULL_TEXT:
        # "Whole paper + SI read. Our call: leaky splits": a judgement on what was read in
        # full is the writers' own reading, as within one sentence.
        statement = next((s for s in stated if s.evidence == EDITORIAL and s.owned), statement)
    return Finding("evidence", statement.evidence, statement.reason, level)


_UNSTATED = Statement(UNMARKED, "")


# A claim's lead: a few words up to a colon or a dash, then the claim.
# A dot inside a name ("ClinicalTrials.gov") or after "et al" does not end it.
# A date the writer opens with: "03/04 — BDA newsletter summary: …".
_DATE = r"\d{1,2}/\d{1,2}(?:/\d{2,4})?\s*(?:[,—–]|\s-)?\s*"
_DATE_FIRST = re.compile(rf"^\W*{_DATE}")
_LEAD = re.compile(
    rf"^\W*(?:{_DATE})?"
    r"(?P<lead>(?:[^:;.!?—–]|\.(?=\w)|(?<=\bet\sal)\.|(?<=\bep|\bno)\.|(?<=\bvol|\biss)\.){2,60}?)\s*"
    r"(?:\([^()]{0,40}\)\s*)?(?::\s|\s[—–-]\s)"
)


_A_STUDY = re.compile(r"\b(?:meta-?analys[ie]s|reviews?|assessments?|reports?)\b", re.I)
_NEGATED_LEAD = re.compile(r"\b(?:not|no|never|nor|without)\b", re.IGNORECASE)


def lead_statement(sentence: str) -> Statement:
    """What a claim's lead says as a heading would ("Team forecast: …", "University press
    office: …"), when the sentence says nothing itself."""
    lead = _LEAD.match(sentence)
    if lead is None or _NEGATED_LEAD.search(lead["lead"]):
        return Statement(UNMARKED, "")  # "Not my interpretation: …", "Not only the abstract: …"
    signal = heading_signal(lead["lead"])
    if signal is None:
        # "Textbook (Goodman & Gilman, 14th ed.): …", "Related-work section of Zhang et al.:
        # …": a third party's text named as the claim's source. Not a study that may be the
        # cited work itself ("Cuijpers' meta-analysis: …", "ICES 2024 assessment: …").
        named = _DATE_FIRST.sub("", sentence[: lead.end()]).strip(" :—–-")
        if not _A_STUDY.search(named):
            signal = heading_channel(named)
    if signal is None:
        return Statement(UNMARKED, "")
    reason = f"the claim's lead {_HEADING_NAMES[signal.value]}: “{lead['lead'].strip()}”"
    return Statement(signal.value, reason)


# A page's own numbered section ("Section 3: exchange rates"): its number is the page's, not
# a part of the paper (which heads a claim: "Section 3: the gain holds on the held-out
# split"), so the heading speaks by its other words.
_NUMBERED_SECTION = re.compile(r"^\W*(?:section|part|chapter)\s+\d+[\w.]*\s*[:.—–-]\s*", re.I)


def heading_evidence(heading: str) -> Finding | None:
    """The evidence a section's heading gives its claims: the kind of source its head noun
    names ("Abstracts, week 12", "Sell-side chatter"), else what its words state."""
    if numbered := _NUMBERED_SECTION.match(heading):
        heading = heading[numbered.end() :]
    if not heading.strip():
        return None
    signal = heading_signal(heading)
    # A heading that goes on to say more ("From the posters — relayed by Wen, we did not
    # see them") is read as words; a short one by its head noun ("Our comment: fares").
    rest = signal.match.string[signal.match.end() :].split() if signal else []
    if signal is not None and re.search(r"\b(?:only|alone)\b", signal.match.group(0), re.I):
        # "Wire copy only; the paper was behind a paywall": what was read, named as the
        # limit of the reading; the words after it say why no more was read.
        return _heading_finding(signal, heading)
    if signal is None or len(rest) > 4:
        stated = stated_evidence(heading, level=SECTION)
        if stated is None or stated.value == SECONDARY:
            # "ACS webinar by the authors (their own slides)": the makers' channel named
            # as the source of what follows.
            makers = makers_channel_heading(heading)
            if makers is not None:
                return Finding(
                    "evidence",
                    ABSTRACT_ONLY,
                    f"the heading names the authors' own channel: “{heading.strip()}”",
                    SECTION,
                )
        if stated is None and signal is None:
            signal = heading_channel(heading)
        return stated or (_heading_finding(signal, heading) if signal else None)
    return _heading_finding(signal, heading)


# What a heading (of a section, or a claim's lead) says by its head noun.
_HEADING_NAMES = {
    FULL_TEXT: "names a part of the paper's full text as the source",
    ABSTRACT_ONLY: "names a summary as the source",
    SECONDARY: "names others' reports as the source",
    EDITORIAL: "names the wiki's own judgement",
}


def _heading_finding(signal: Signal, heading: str) -> Finding:
    position = signal.value == EDITORIAL and heading_states_a_position(heading)
    quoted = f"the heading {_HEADING_NAMES[signal.value]}: “{heading.strip()}”"
    return Finding("evidence", signal.value, quoted, SECTION, judgements_only=position)


def page_mark(source_kind: str) -> Finding | None:
    """What the page's shape says: a feed item is a digest of others' summaries."""
    if source_kind == "digest":
        return Finding("evidence", SECONDARY, "a summary from a digest feed, not the authors", PAGE)
    return None


def caveat_marks(text: str) -> list[Finding]:
    """Caveats the words state outright, in vocabulary order."""
    return list(_caveat_marks(text))


@functools.lru_cache(maxsize=4096)
def _caveat_marks(text: str) -> tuple[Finding, ...]:
    found: list[Finding] = []
    sentences = [
        (s, spelled_out(s)) for s in split_sentences(text) or [bounded(text)] if is_prose(s)
    ]
    for name, pattern in CAVEAT_RULES:
        for sentence, written_out in sentences:
            match = pattern.search(written_out)
            if match:
                found.append(Finding("caveat", name, f"says so: {_quote(match, sentence)}"))
                break
    return tuple(found)


@dataclass(frozen=True)
class EntryContext:
    """What a claim's entry says: the source kind ("notes" or "digest")."""

    source_kind: str = "notes"


def marks_for(text: str, *, context: EntryContext | None = None) -> list[Finding]:
    """Explicit marks from one text's own words: at most one evidence finding, then caveats."""
    context = context or EntryContext()
    marks: list[Finding] = []
    evidence = evidence_mark(text, source_kind=context.source_kind)
    if evidence:
        marks.append(evidence)
    return marks + caveat_marks(text)


def no_figure_suggestion(text: str) -> Finding | None:
    if figure_in(bounded(text)) is not None:
        return None
    return Finding("caveat", NO_FIGURE, "no result-shaped number (%, ×, ±, N of M, …)")


def suggestions_for(
    text: str,
    *,
    paper_read_level: str | None = None,
    evidence: str = UNMARKED,
    caveats: set[str] | frozenset[str] = frozenset(),
) -> list[Finding]:
    """Suggestions for a claim typed in the browser or the API, omitting what is marked.

    ``paper_read_level`` is the cited paper's read level ("full_text", "abstract_only",
    "metadata_only") or None; ``evidence`` and ``caveats`` are what the claim carries.
    Explicit words are suggested too here, since a typed claim has no importer to mark it.
    Full text is suggested only for a claim citing a paper read in full here (from its words
    or from the paper's read level): elsewhere it needs the editor's reason, never a click.
    """
    found: list[Finding] = []
    if evidence == UNMARKED:
        stated = evidence_mark(text)
        if stated and (stated.value != FULL_TEXT or paper_read_level == FULL_TEXT):
            found.append(stated)
    if evidence != ABSTRACT_ONLY and not any(f.value == ABSTRACT_ONLY for f in found):
        if paper_read_level == ABSTRACT_ONLY:
            found.append(
                Finding(
                    "evidence",
                    ABSTRACT_ONLY,
                    "the cited paper's read level is abstract only",
                    PAPER,
                )
            )
        elif evidence == UNMARKED and not found:
            implied = implied_abstract(text)
            if implied:
                found.append(implied)
    if evidence == UNMARKED and paper_read_level == FULL_TEXT and not found:
        found.append(
            Finding("evidence", FULL_TEXT, "the cited paper's read level is full text", PAPER)
        )
    for mark in caveat_marks(text):
        if mark.value not in caveats:
            found.append(mark)
    if NO_FIGURE not in caveats and not any(f.value == NO_FIGURE for f in found):
        shape = no_figure_suggestion(text)
        if shape:
            found.append(shape)
    return found


def implied_abstract(text: str) -> Finding | None:
    for sentence in split_sentences(text) or [bounded(text)]:
        match = _IMPLIED_ABSTRACT.search(sentence)
        if match:
            return Finding(
                "evidence",
                ABSTRACT_ONLY,
                f"implies a summary-level reading: {_quote(match, sentence)}",
            )
    return None
