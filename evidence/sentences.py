"""Sentences and claims: a paragraph of notes cut into claim-sized pieces.

``split_sentences(text)`` uses syntok, a maintained rule-based segmenter, which keeps
"et al.", "e.g.", "i.e.", "approx. 3x", "v2.1", "3.5", "arXiv:2601.04211v2", quotes and
parentheses inside their sentence (pysbd was tried as well; it split "approx. 3x" and
"i.e." and was six times slower on a seed-sized page). A few reference abbreviations
followed by a number ("Sec. 4.2", "Tab. 3") are glued back, as both segmenters cut there.

``claims_from_paragraph(text)`` groups sentences into claims: one finding about one
paper per claim, at most three sentences. A sentence that qualifies the one before
(anaphora such as "This…", "Held with…", "The abstract carries…", hedges, evidence
statements) stays with it; a sentence giving the writer's own judgement ("Why it
belongs…", "That asymmetry is what makes…", "this wiki's reading") starts a claim of its
own; a sentence naming another paper starts a new claim. Bullets and table rows are one
claim each, whatever their length.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable, Sequence

import syntok.segmenter as syntok

# Reference abbreviations that both segmenters treat as sentence ends before a number.
_GLUE_BEFORE_NUMBER = re.compile(
    r"(?:\b(?:Sec|Secs|Tab|Fig|Figs|Eq|Eqs|No|Nos|Vol|Ch|App|Ep|Eps|Iss|approx|cf|vs|ca|pp|p))\.$",
    re.IGNORECASE,
)
# ... and before a section's or figure's label that is not a number ("Sec. IV", "Fig. S3").
_GLUE_BEFORE_LABEL = re.compile(r"\b(?:Sec|Secs|Tab|Fig|Figs|Eq|Eqs|Vol|Ch|App)\.$", re.I)
_LABEL = re.compile(r"(?:[IVX]+|S\d+[a-z]?|[A-Z]\d*)\b")
# Words that never end a sentence ("checked vs. Table 2"), and a journal's abbreviated name
# cut in two ("Chem. Rev.", "Nat. Commun."): one sentence.
_GLUE_ALWAYS = re.compile(r"\b(?:vs|cf|incl|resp)\.$", re.IGNORECASE)
# "inc." goes on before a lower-case word ("read the full trial inc. the appendix"); before
# a capital it may end a company's name and its sentence ("Acme Inc. The price fell.").
_INC = re.compile(r"\binc\.$", re.IGNORECASE)
_ABBREVIATED_WORD = re.compile(r"(?:^|\s)[A-Z][a-z]{1,5}\.$")
# "et al." before a bracket or a lower-case word goes on: "Carniani et al. (Nature 2024)
# paper".
_ET_AL = re.compile(r"\bet\s+al\.$")
_ABBREVIATED_START = re.compile(r"^[A-Z][a-z]{1,5}\.(?:\s|$)")
BULLET = re.compile(r"^\s*(?:[•●▪◦‣∙·]|[-*+](?=\s)|\d{1,2}[.)](?=\s))\s*")

# Openers that tie a sentence to the one before it: anaphora, connectives, hedges and the
# writer's statements about what was read (which qualify the finding they follow).
_QUALIFIER_OPENERS = re.compile(
    r"^[\"“(]*(?:"
    r"this|that|these|those|it|its|it's|they|their|them|both|neither|either|each|such|"
    r"here|there|so|but|and|or|yet|still|however|though|although|even|also|instead|"
    r"thus|hence|therefore|meanwhile|moreover|furthermore|otherwise|likewise|similarly|"
    r"in (?:other words|short|particular|contrast|practice|turn)|by contrast|"
    r"held (?:with|at|as)|the (?:abstract|paper|authors?|study|method|approach|model|"
    r"result|results|gain|gains|effect|mechanism|ablation|finding|claim|same|latter|"
    r"former|rest|snapshot|capture|listing|summary|figure|figures|number|numbers|"
    r"comparison|evaluation|improvement|drop|caveat|gap|benchmark|benchmarks|baseline)\b|"
    r"one (?:caveat|limit|gap)|reported|nothing|no|not|none|only|without|"
    r"at (?:abstract|best)|beyond the abstract|"
    r"(?:which|whether|if|when|where|while|because|since|unless)"
    r")\b",
    re.IGNORECASE,
)
# The writer stepping back to judge, compare or place the finding.
_JUDGEMENT = re.compile(
    r"^[\"“(]*(?:why (?:it|this|they|these|that)\b|what (?:makes|matters|it does not)|"
    r"that (?:asymmetry|result|finding|gap|pairing|tension|contrast) is what|"
    r"the (?:irony|objection|structural objection|lesson|takeaway|pairing|reading|"
    r"open question|point) |read against|set against|taken together|in our view|"
    r"our (?:own )?reading|consequence:|the (?:result|finding)s? (?:argues?|cuts?) )"
    r"|\bthis (?:wiki|page)'s (?:own )?(?:reading|view|judgement|judgment|interpretation)"
    r"|\b(?:our|this wiki's) reading\b|\blabelled as such\b|\bin our view\b",
    re.IGNORECASE,
)
HEDGES = r"(?:may|might|could|appears? to|seems? to|likely|unclear|presumably|possibly)"
_HEDGE = re.compile(rf"\b{HEDGES}\b", re.IGNORECASE)
MAX_SENTENCES = 3

# What the rules read of a text, so that any input costs a bounded time: a claim is a few
# sentences, and no cue or figure hides in a run of 60 characters without a space.
MAX_READ = 1500
MAX_SENTENCE = 700
_RUN = re.compile(r"\S{60,}")


_LATIN = re.compile(r"[A-Za-z]")


def is_prose(sentence: str) -> bool:
    """Can the sentence carry a cue? The cues are English words: a run of numbers, brackets
    or another script with hardly a Latin letter in it carries none (and costs the rules
    the most to read)."""
    return len(_LATIN.findall(sentence)) * 4 >= len(sentence)


def bounded(text: str, limit: int = MAX_READ) -> str:
    """The part of ``text`` the rules read: its start, each long run of non-spaces cut."""
    return _RUN.sub(lambda m: m.group(0)[:30], text[: limit * 2])[:limit]


def split_sentences(text: str) -> list[str]:
    """The sentences of ``text`` as written (original spacing inside each kept), of the
    part of it the rules read (``bounded``), each at most ``MAX_SENTENCE`` characters."""
    return [s[:MAX_SENTENCE] for s in _sentences(bounded(text))]


# Where the segmenter may end a sentence: a stop anywhere but in a number or at the end,
# a line break, or any mark but a few common ones (a question mark, a semicolon, a bracket,
# another script's stop). A text with none of these is one sentence, and is not given to
# the segmenter.
_MAY_END = re.compile(
    r"\.(?!\d|$)|[\r\n\v\f\x1c-\x1e\x85\u2028\u2029]"
    r"|[^\w\s.,:'\"“”‘’%+\-–—/<>=±×~*#&@$€£°|^≤≥≈→←·⁰¹²³⁴-⁹⁺⁻]"
)


@functools.lru_cache(maxsize=4096)
def _sentences(text: str) -> tuple[str, ...]:
    fast = _fast_sentences(text)
    return _syntok_sentences(text) if fast is None else fast


def _fast_sentences(text: str) -> tuple[str, ...] | None:
    """The sentences of a text that holds no place a sentence may end inside it (most
    claims are one sentence), or None when the segmenter must read it."""
    piece = text.strip()
    if _MAY_END.search(piece):
        return None
    return (piece,) if piece else ()


def _syntok_sentences(text: str) -> tuple[str, ...]:
    sentences: list[str] = []
    for paragraph in syntok.analyze(text):
        for sentence in paragraph:
            tokens = [t for t in sentence if t.value]
            if not tokens:
                continue
            start = tokens[0].offset
            end = tokens[-1].offset + len(tokens[-1].value)
            piece = text[start:end].strip()
            if not piece:
                continue
            if sentences and (
                (_GLUE_BEFORE_NUMBER.search(sentences[-1]) and piece[0].isdigit())
                or (_GLUE_BEFORE_LABEL.search(sentences[-1]) and _LABEL.match(piece))
                or _GLUE_ALWAYS.search(sentences[-1])
                or (_INC.search(sentences[-1]) and piece[0].islower())
                or (_ABBREVIATED_WORD.search(sentences[-1]) and _ABBREVIATED_START.match(piece))
                or (_ET_AL.search(sentences[-1]) and (piece[0] in "([" or piece[0].islower()))
            ):
                sentences[-1] = f"{sentences[-1]} {piece}"
            else:
                sentences.append(piece)
    return tuple(sentences)


def is_bullet(text: str) -> bool:
    return bool(BULLET.match(text))


def is_table(text: str) -> bool:
    """Tab-separated rows (plain text copied from a page) or Markdown pipe rows."""
    lines = [line for line in text.splitlines() if line.strip()]
    return bool(lines) and all("\t" in line or line.strip().startswith("|") for line in lines)


def table_rows(text: str) -> list[str]:
    rows = []
    for line in text.splitlines():
        stripped = line.strip()
        # Markdown separator rows ("|---|---|") carry nothing.
        if not stripped or re.fullmatch(r"[|:\-\s]+", stripped):
            continue
        rows.append(stripped)
    return rows


def is_judgement(sentence: str) -> bool:
    return bool(_JUDGEMENT.search(sentence))


def is_qualifier(sentence: str) -> bool:
    return bool(_QUALIFIER_OPENERS.match(sentence) or _HEDGE.search(sentence[:60]))


def group_sentences(
    sentences: Sequence[str],
    *,
    paper_of: Callable[[str], str | None] = lambda _s: None,
    is_statement: Callable[[str], bool] = lambda _s: False,
) -> list[list[str]]:
    """Sentences grouped into claims.

    ``paper_of`` names the paper a sentence cites (or None) and ``is_statement`` says
    whether a sentence is an evidence statement ("The abstract carries no numbers."); both
    come from the other modules so this one stays about sentences.
    """
    groups: list[list[str]] = []
    group_paper: str | None = None
    group_judgement = False
    for sentence in sentences:
        paper = paper_of(sentence)
        judgement = is_judgement(sentence)
        if not groups or len(groups[-1]) >= MAX_SENTENCES:
            start_new = True
        elif paper is not None and group_paper is not None and paper != group_paper:
            start_new = True  # another paper: another finding
        elif group_judgement and paper is None:
            start_new = False  # the writer's argument runs on until another paper comes in
        elif judgement != group_judgement:
            # The writer's judgement is its own claim, and a finding after it is too.
            start_new = not (judgement and is_statement(sentence))
        elif is_statement(sentence) or is_qualifier(sentence):
            start_new = False
        else:
            # A sentence that neither points back nor qualifies brings a new finding,
            # unless the claim so far is only a lead-in ending with a colon.
            start_new = not groups[-1][-1].rstrip().endswith(":")
        if start_new:
            groups.append([sentence])
            group_paper = paper
            group_judgement = judgement
        else:
            groups[-1].append(sentence)
            group_paper = group_paper or paper
    return groups


def claims_from_paragraph(
    text: str,
    *,
    bullet: bool | None = None,
    paper_of: Callable[[str], str | None] = lambda _s: None,
    is_statement: Callable[[str], bool] = lambda _s: False,
) -> list[str]:
    """Claim texts of one paragraph (see the module docstring).

    ``bullet`` says the paragraph is one list item; by default a leading bullet marker
    says so. Tables give one claim per row.
    """
    text = text.strip()
    if not text:
        return []
    if is_table(text):
        return table_rows(text)
    if bullet if bullet is not None else is_bullet(text):
        return [" ".join(text.split())]
    flat = " ".join(text.split())
    if not is_prose(flat):  # numbers, brackets, another script: no sentences to cut it by
        return [flat]
    # Cut by every sentence, whole: the rules read a bounded part, the claims keep all.
    groups = group_sentences(list(_sentences(flat)), paper_of=paper_of, is_statement=is_statement)
    return [" ".join(group) for group in groups]
