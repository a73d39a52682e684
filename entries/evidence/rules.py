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

import re
from dataclasses import dataclass

from entries.evidence.figures import figure_in
from entries.evidence.sentences import split_sentences

UNMARKED = "unmarked"
FULL_TEXT = "full_text"
ABSTRACT_ONLY = "abstract_only"
SECONDARY = "secondary"
EDITORIAL = "editorial"
EVIDENCE_VALUES = (UNMARKED, FULL_TEXT, ABSTRACT_ONLY, SECONDARY, EDITORIAL)

NO_FIGURE = "no figure stated"
RELATIVE_ONLY = "relative gains only"
NO_BENCHMARK = "benchmark not named"
NO_MODEL = "model not named"
NO_VARIANCE = "no variance reported"
NO_BASELINE = "no baseline named"
NO_CONTAMINATION = "contamination not checked"
CAVEATS = (
    NO_FIGURE,
    RELATIVE_ONLY,
    NO_BENCHMARK,
    NO_MODEL,
    NO_VARIANCE,
    NO_BASELINE,
    NO_CONTAMINATION,
)


@dataclass(frozen=True)
class Finding:
    """One mark or suggestion: ``kind`` is "evidence" or "caveat"; ``value`` an evidence
    value or a caveat name; ``reason`` quotes the words that gave it."""

    kind: str
    value: str
    reason: str


def _rx(*parts: str) -> re.Pattern[str]:
    return re.compile("|".join(parts), re.IGNORECASE)


_READ_VERB = r"(?:read|consulted|opened)"
_ABSTRACT_ONLY = _rx(
    rf"\b(?:was|were|is|are|has|have|had|been|being)\s+not\s+(?:yet\s+|been\s+)?{_READ_VERB}\b",
    rf"\bnot\s+(?:been\s+)?{_READ_VERB}\s+(?:in full|beyond|past)\b",
    r"\b(?:did|could|can|do|does)\s*(?:not|n't)\s+(?:be\s+)?(?:read|open|reach|fetch|access|"
    r"get)\s+(?:the\s+)?(?:full|whole|paper|pdf|text|body)",
    r"\bunread\b",
    r"\b(?:only|just|solely|merely)\s+(?:the|its|their|an?)\s+(?:[\w.'’-]+\s+){0,2}?"
    r"(?:abstract|listing|abstract page|summary page|summary|landing page)\b"
    r"(?!\s+(?:of|and)\s+the\s+(?:full|whole))",
    # Reading stopped at the abstract: "could not get past the abstract", "no further than".
    r"\b(?:not|n't|never)\s+(?:get|go|got|gone|read|make it)\s+(?:past|beyond|further than)\s+"
    r"the\s+(?:abstract|listing|summary)\b",
    r"\bno further than the (?:abstract|listing|summary)\b",
    # The paper could not be had: "the PDF was not available", "couldn't access the paper".
    r"\b(?:full text|full paper|paper|pdf|article)\s+(?:was|is|were|remained)\s+(?:not|n't)\s+"
    r"(?:available|accessible|reachable|obtainable)\b",
    r"\b(?:could|can|did)\s*(?:not|n't)\s+(?:access|obtain|download|retrieve)\s+(?:the\s+)?"
    r"(?:full\s+)?(?:paper|pdf|text|article)\b",
    # What the claim rests on: "this rests on the abstract", "based solely on the abstract".
    r"\b(?:rests?|relies|relying|resting|based|drawn|taken)\s+(?:only\s+|solely\s+|entirely\s+|"
    r"wholly\s+)?(?:on|from)\s+(?:the|its)\s+(?:abstract|listing|summary)\b",
    r"\b(?:abstract|listing|summary)\s+(?:is|was)\s+all\s+(?:that\s+)?(?:we|i|this page|"
    r"this wiki)?\s*(?:had|read|saw|could read|could see)\b",
    r"\b(?:abstract|listing)\s+(?:alone|only)\b",
    r"\bthe abstract is the only\b",
    r"\bonly text (?:available|read|seen)\b",
    r"\bthe abstract\s+(?:carries|states|reports|says|gives|claims|lists|names|mentions|"
    r"admits|offers|provides|describes|shows|contains|has|holds|does not|doesn't|is silent|"
    r"omits|leaves|promises|asserts)\b",
    r"\bits abstract\s+(?:carries|states|reports|says|gives|claims|names|admits)\b",
    r"\bat abstract(?:[\s-](?:confidence|level|depth))\b|\babstract-level\b",
    r"\bfull[\s-]text\s+(?:was|is|remained|stayed)\s+(?:unreachable|blocked|unavailable|"
    r"not available|inaccessible|paywalled|out of reach)",
    r"\b(?:pdf|full paper|paper body)\s+(?:was|is)\s+(?:unreachable|blocked|unavailable|"
    r"not available|inaccessible|paywalled)",
    r"\barxiv(?:\.org)?\s+(?:is|was)\s+blocked\b",
    r"\bnothing (?:beyond|past|but|other than) the (?:abstract|listing)\b",
    r"\bread (?:only|just) the abstract\b",
    # What the abstract omits, named as the source: "never named in the abstract".
    r"\b(?:not|never|nowhere)\s+(?:\w+\s+){0,2}?(?:in|from)\s+the\s+abstract\b",
    r"\bfrom the abstract (?:alone|only)\b|\bon the abstract alone\b",
)
# Negations of an abstract-only reading, and the only words that allow full text.
_NEGATED_ABSTRACT = _rx(
    r"(?<!nothing )\bbeyond the abstract\b[^.;]*\b(?:read|went)\b",
    r"\bnot (?:only|just|merely) the abstract\b",
    r"\bread (?:well )?(?:beyond|past) the abstract\b",
    r"\bmore than the abstract\b",
)
_FULL_TEXT = _rx(
    r"(?<!not )(?<!n't )(?<!never )\bread\s+(?:it\s+|them\s+|the paper\s+)?in full\b",
    r"(?<!not )(?<!n't )\bread (?:the )?(?:full|whole|entire) (?:paper|text|pdf|article)\b",
    r"\b(?:full|whole|entire) (?:paper|text|pdf) (?:was|has been|were) read\b",
    r"\bchecked against the full (?:paper|text)\b",
    # Reading went past the abstract into the paper itself.
    r"\bread (?:well )?(?:beyond|past) the abstract\b",
    r"\b(?:the )?(?:whole|full|entire) paper (?:was|has been) read\b",
)
_SECONDARY = _rx(
    r"\breportedly\b",
    r"\b(?:according to|per|as (?:told|summari[sz]ed|described|reported) (?:by|in))\s+"
    r"(?:the |a |an |their |its |one )?(?:[\w.'’-]+\s+)?(?:blog|thread|press "
    r"release|tweet|post|newsletter|digest|news|article|coverage|announcement|"
    r"write-?up|summary|podcast|interview|talk|video|press)\b",
    r"\b[\w.-]+(?:'s|’s) (?:summary|write-?up|thread|blog post|newsletter|coverage)\s+"
    r"(?:says|states|reports|claims|puts|notes)\b",
    r"\bsecond-?hand\b|\bvia (?:a|the) (?:blog|thread|newsletter|press release)\b",
    # Someone else's account of the paper: "the summary on the aggregator site says".
    r"\b(?:summary|write-?up|report|coverage|post|thread|article|review)\s+(?:on|in|from|at|by)"
    r"\s+(?:the\s+|a\s+|an\s+)?(?:[\w.'’-]+\s+){0,2}?(?:site|blog|aggregator|newsletter|forum|"
    r"website|press|outlet|podcast)\b",
    r"\b(?:journalists?|reporters?|commentators?|bloggers?|press)\s+(?:say|says|said|report|"
    r"reports|reported|claim|claims)\b",
)
_EDITORIAL = _rx(
    r"\b(?:this|the) (?:wiki|page|note|notes|editor|editors)(?:'s|’s|s') (?:own )?(?:reading|"
    r"view|judgement|judgment|interpretation|pairing|inference|conclusion|speculation|"
    r"synthesis|guess|opinion|take)\b",
    r"\b(?:reading|view|pairing|interpretation|judgement|judgment)\b[^.;]{0,40}\bthis "
    r"(?:wiki|page)(?:'s|’s) own\b",
    r"\blabell?ed as such\b",
    r"\bour (?:own )?(?:reading|view|interpretation|judgement|judgment|inference|opinion|"
    r"take|speculation|conclusion)\b",
    r"\bnot the authors(?:'|’)?\b[^.;]{0,30}\b(?:reading|view|claim|words)\b",
    r"\bin our (?:view|reading|judgement|judgment)\b",
    r"\b(?:is|are) (?:an? )?editorial\b",
)
# Words that only imply a summary-level reading: suggestions, never marks.
_IMPLIED_ABSTRACT = _rx(
    r"\bfrom the same snapshot\b|\bin the snapshot\b|\bthe snapshot (?:carries|gives|says)",
    r"\bnothing read\b|\banything read\b",
    r"\bthe capture\b|\bcaptured\b",
    r"\bthe abstract(?:'s|’s)\b",
    r"\bdaily papers\b",
)

_CAVEAT_RULES: list[tuple[str, re.Pattern[str]]] = [
    (
        NO_FIGURE,
        _rx(
            r"\bno (?:numeric(?:al)? |absolute |benchmark |headline |single )?(?:figures?|"
            r"numbers?|scores?|effect sizes?|percentages|magnitudes?)\b(?! (?:for|on) the)",
            r"\bnot (?:one|a single) (?:number|figure)\b",
            r"\b(?:carries|gives|states|reports|has|contains|publishes|quotes) no "
            r"(?:numbers?|figures?)\b",
            r"\bwithout (?:a |any )?(?:figures?|numbers?|magnitudes?)\b",
            r"\bdirection without a magnitude\b|\bunquantified\b|\bnot quantified\b",
            r"\b(?:figures?|numbers?) (?:is|are|was|were) not (?:given|stated|reported)\b",
            r"\bno (?:numeric )?figure (?:of any kind|published|is given)\b",
        ),
    ),
    (
        RELATIVE_ONLY,
        _rx(
            r"\brelative (?:gains?|improvements?|increases?|reductions?) only\b",
            r"\bonly relative (?:gains?|improvements?|numbers?|figures?)\b",
            r"\b(?:is|are|as) (?:a |all )?relative (?:gains?|improvements?)\b",
            r"\bno absolute (?:scores?|baselines?|accuracy|values?|numbers?)\b",
            r"\d\s*%\s+relative\b",
            r"\brelative (?:improvement|gain)s? of\b",
            r"\b(?:stated|given|reported|expressed|measured|quoted|shown)\s+only\s+(?:as\s+|in\s+)?"
            r"relative\b",
            r"\bonly (?:as )?relative (?:to|terms)\b|\bin relative terms only\b",
        ),
    ),
    (
        NO_BENCHMARK,
        _rx(
            r"\bunnamed\s+(?:\w+\s+){0,3}?(?:benchmarks?|suites?|evaluations?|tasks?|"
            r"datasets?|test sets?)\b",
            r"\b(?:benchmarks?|suites?|datasets?|test sets?)[\"”]?\s+(?:\w+\s+){0,2}?"
            r"(?:is|are|was|were|go|remain)\s+(?:not (?:named|specified|identified|given)|"
            r"unnamed|unspecified)",
            r"\bnames? no (?:\w+ )?(?:benchmarks?|suites?|datasets?)\b",
            r"\bno (?:benchmark|dataset|suite)s? (?:name|is named|are named|named)\b",
            r"\b(?:an |on an |an )?unspecified (?:\w+ )?(?:suite|benchmarks?|tasks?|"
            r"evaluation|test set|dataset)s?\b",
            r"\bwithout naming (?:the|a|any) (?:benchmarks?|datasets?)\b",
            # "benchmarks, which the abstract leaves unnamed"; "which benchmark is not said".
            r"\b(?:benchmarks?|suites?|datasets?|test sets?|evaluations?)\b[^.;]{0,60}?\b"
            r"(?:unnamed|unspecified|not named|never named|not specified|not identified)\b",
            r"\b(?:not|never|nothing[^.;]{0,20}?)\s*(?:say|says|state|states|name|names|specify|"
            r"specifies|identify|identifies|mention|mentions|tell|tells)\s+which\s+"
            r"(?:benchmark|dataset|suite|test set|evaluation)s?\b",
        ),
    ),
    (
        NO_MODEL,
        _rx(
            r"\bunnamed (?:\w+ )?(?:base )?(?:models?|llms?|model famil(?:y|ies)|"
            r"policy|student|teacher)\b",
            r"\b(?:models?|model famil(?:y|ies)|llms?|base)\s+(?:\w+\s+){0,2}?(?:is|are|was|"
            r"were)\s+(?:not (?:named|specified|identified|stated|disclosed)|unnamed|"
            r"unspecified|undisclosed)",
            r"\bnames? no (?:base )?models?\b|\bno (?:base )?model(?: name)?\b(?! is needed)",
            r"\ban? (?:unspecified|undisclosed) (?:base )?model\b",
            r"\bwithout naming (?:the|a|any) (?:base )?models?\b",
            r"\b(?:base |backbone |underlying |policy )?models?\b[^.;]{0,40}?\b(?:unnamed|"
            r"unspecified|not named|never named|not specified|not disclosed|undisclosed|"
            r"not identified)\b",
            r"\b(?:not|never|nothing[^.;]{0,20}?)\s*(?:say|says|state|states|name|names|specify|"
            r"specifies|identify|identifies|mention|mentions|tell|tells)\s+which\s+"
            r"(?:base\s+)?(?:model|llm|backbone)s?\b",
            r"\bsilent (?:on|about) (?:the |which )?(?:base |backbone |underlying )?model\b",
        ),
    ),
    (
        NO_VARIANCE,
        _rx(
            r"\bno (?:seed count|variance|error bars?|confidence intervals?|standard "
            r"(?:deviations?|errors?)|seeds?)\b",
            r"\b(?:single|one) (?:run|seed|training run)\b(?! of)",
            r"\bvariance (?:is|was|goes) (?:not|un)\s*(?:reported|given|stated)\b",
            r"\bwithout (?:error bars?|variance|confidence intervals?|seeds?)\b",
            r"\bnumber of (?:seeds|runs) (?:is|was) not (?:given|stated|reported)\b",
        ),
    ),
    (
        NO_BASELINE,
        _rx(
            r"\bno baselines? (?:is |are |was )?(?:named|given|reported|stated|described|"
            r"specified)\b",
            r"\b(?:names?|describes?|gives?|reports?|states?) no baseline\b",
            r"\b(?:an |against an )?unnamed baselines?\b",
            r"\bbaselines? (?:is|are|was|were) (?:not (?:named|given|specified|stated)|"
            r"unnamed|unspecified)\b",
            r"\bwithout (?:a |any )?(?:named )?baseline\b",
        ),
    ),
    (
        NO_CONTAMINATION,
        _rx(
            r"\bcontamination (?:is |was |goes )?(?:not|never) (?:checked|discussed|"
            r"analy[sz]ed|tested|reported|addressed|ruled out|examined|mentioned)\b",
            r"\bno (?:data )?contamination (?:check|analysis|test|study|audit|control)\b",
            r"\bcontamination (?:is |was )?(?:unchecked|unaddressed|unexamined)\b",
            r"\bwithout (?:a |any )?contamination (?:check|analysis)\b",
            r"\bunchecked for (?:contamination|overlap|leakage)\b",
            # "whether the test problems leaked into pre-training was not examined".
            r"\b(?:leak(?:ed|s|age)?|overlap(?:ped|s)?|contaminat\w*|memori[sz]\w*)\b[^.;]{0,80}?"
            r"\b(?:not|never)\s+(?:been\s+)?(?:checked|examined|tested|studied|addressed|"
            r"ruled out|investigated|analy[sz]ed|verified|measured)\b",
            r"\b(?:not|never)\s+(?:checked|examined|tested|verified)\s+(?:for|whether)\b[^.;]{0,60}?"
            r"\b(?:leak|contaminat|overlap|memori[sz])",
        ),
    ),
]


def _quote(match: re.Match[str], sentence: str) -> str:
    """The trigger in its sentence, shortened to a readable quote."""
    text = " ".join(sentence.split())
    if len(text) > 240:
        at = text.lower().find(match.group(0).lower())
        start = max(0, at - 80)
        text = ("…" if start else "") + text[start : start + 220].strip() + "…"
    return f"“{text}”"


@dataclass(frozen=True)
class Statement:
    """What one sentence says about how its source was read."""

    evidence: str  # an evidence value, UNMARKED when it says nothing
    reason: str
    negated_abstract: bool = False


def read_statement(sentence: str) -> Statement:
    """The evidence a sentence states about itself, by precedence: a negation of
    abstract-only (full text only if it says "read in full"), editorial, abstract only,
    secondary."""
    negated = _NEGATED_ABSTRACT.search(sentence)
    full = _FULL_TEXT.search(sentence)
    if full:
        return Statement(FULL_TEXT, f"says it was read in full: {_quote(full, sentence)}", True)
    editorial = _EDITORIAL.search(sentence)
    if editorial:
        return Statement(EDITORIAL, f"the writer's own reading: {_quote(editorial, sentence)}")
    abstract = _ABSTRACT_ONLY.search(sentence)
    if abstract and not negated:
        return Statement(
            ABSTRACT_ONLY, f"says only the abstract was read: {_quote(abstract, sentence)}"
        )
    secondary = _SECONDARY.search(sentence)
    if secondary:
        return Statement(SECONDARY, f"reported by others: {_quote(secondary, sentence)}")
    return Statement(UNMARKED, "", bool(negated))


def is_evidence_statement(sentence: str) -> bool:
    """Does the sentence speak about the reading or the gaps (a qualifier, not a finding)?"""
    if read_statement(sentence).evidence != UNMARKED or _IMPLIED_ABSTRACT.search(sentence):
        return True
    return any(p.search(sentence) for _n, p in _CAVEAT_RULES)


def evidence_mark(text: str, *, source_kind: str = "notes") -> Finding | None:
    """The evidence the text's own words state, or None; a digest is secondary by nature."""
    if source_kind == "digest":
        return Finding("evidence", SECONDARY, "a summary from a digest feed, not the authors")
    for sentence in split_sentences(text) or [text]:
        statement = read_statement(sentence)
        if statement.evidence != UNMARKED:
            return Finding("evidence", statement.evidence, statement.reason)
    return None


def caveat_marks(text: str) -> list[Finding]:
    """Caveats the words state outright, in vocabulary order."""
    found: list[Finding] = []
    sentences = split_sentences(text) or [text]
    for name, pattern in _CAVEAT_RULES:
        for sentence in sentences:
            match = pattern.search(sentence)
            if match:
                found.append(Finding("caveat", name, f"says so: {_quote(match, sentence)}"))
                break
    return found


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
    if figure_in(text) is not None:
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
    Never suggests full text.
    """
    found: list[Finding] = []
    if evidence == UNMARKED:
        stated = evidence_mark(text)
        if stated and stated.value != FULL_TEXT:
            found.append(stated)
    if evidence != ABSTRACT_ONLY and not any(f.value == ABSTRACT_ONLY for f in found):
        if paper_read_level == ABSTRACT_ONLY:
            found.append(
                Finding("evidence", ABSTRACT_ONLY, "the cited paper's read level is abstract only")
            )
        elif evidence == UNMARKED and not found:
            implied = implied_abstract(text)
            if implied:
                found.append(implied)
    for mark in caveat_marks(text):
        if mark.value not in caveats:
            found.append(mark)
    if NO_FIGURE not in caveats and not any(f.value == NO_FIGURE for f in found):
        shape = no_figure_suggestion(text)
        if shape:
            found.append(shape)
    return found


def implied_abstract(text: str) -> Finding | None:
    for sentence in split_sentences(text) or [text]:
        match = _IMPLIED_ABSTRACT.search(sentence)
        if match:
            return Finding(
                "evidence",
                ABSTRACT_ONLY,
                f"implies a summary-level reading: {_quote(match, sentence)}",
            )
    return None
