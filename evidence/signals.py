"""What a sentence says about how its source was read: the evidence-level signals.

The rules are written from what the words mean, in four families, each built from a small
vocabulary rather than a list of stock phrases:

* **full text** — a reading verb ("read", "checked", "went through", "verified") reaching
  the paper itself ("the full paper", "the whole PDF", "the methods section", "all 40
  pages", "the paper's appendix"), or "read in full / end to end". A negated reading
  ("haven't read the full paper") is the opposite: the paper was not read.
* **abstract only** — a summary-level artefact (abstract, listing, summary page, model
  card, conference page…) named as the limit of the reading ("only", "alone", "nothing
  else", "going by", "based on", "is all I had", "abstract-level"), the paper out of reach
  (blocked, paywalled, embargoed, a dead link, "could not access the PDF"), or the paper
  not read. "Not just the abstract", "beyond the abstract" and "not from the abstract
  alone" cancel it.
* **secondary** — a third party's channel (a blog, thread, press release, news story,
  newsletter, video, a colleague, an analyst…) as the source of the words ("according
  to", "per", "via", "X says/claims/writes", "reportedly", "it has been reported"). The
  authors' own channels are not third parties.
* **editorial** — the writer owning the reading ("my/our inference, view, framing,
  synthesis, estimate", "I infer/suspect", "in my view", "personal take", "editorial
  note", "is mine/ours", "this wiki's reading"), unless negated ("not my interpretation").

Precedence within a sentence: full text, editorial, abstract only, secondary.

A heading is read by its head noun instead (``heading_signal``): "Abstracts, week 12",
"Sell-side chatter", "the desk's view" name the kind of source of the claims under them.
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass

from evidence import shorthand
from evidence.prefilter import Guarded, guarded, sieved
from evidence.sentences import HEDGES
from evidence.vocabulary import (
    ART,
    AUTHORS,
    CHANNEL,
    FORECAST,
    HEADING_HEARSAY,
    HEADING_POSITION,
    HEADING_SUMMARY,
    HEADING_VIEW,
    MAKERS,
    NOT_A_TOPIC,
    NOT_YET,
    ONLY,
    OWN_CHANNEL,
    PERSON,
    READ,
    RECOMMENDED,
    REDO,
    SPEECH,
    SUMMARY,
    VERDICT_IDIOM,
    VERDICT_WORD,
    VIEW,
    WHOLE_PAPER,
    WORDS,
    Q,
)

UNMARKED = "unmarked"
FULL_TEXT = "full_text"
ABSTRACT_ONLY = "abstract_only"
SECONDARY = "secondary"
EDITORIAL = "editorial"


def _rx(*parts: str) -> Guarded:
    return guarded(*parts, flags=re.IGNORECASE)


def _slips(word: str) -> list[str]:
    """A word's one-key slips: a letter dropped or two letters swapped ("abstrct", "abstarct")."""
    dropped = {word[:i] + word[i + 1 :] for i in range(len(word))}
    swapped = {word[:i] + word[i + 1] + word[i] + word[i + 2 :] for i in range(len(word) - 1)}
    return sorted((dropped | swapped) - {word, "reprint"})  # not a word of its own


def _full_text_unless_defined(match: re.Match[str]) -> str:
    """ "(FT + code)" is the full text; "Fischer-Tropsch (FT)", "fine-tuning (FT)" define
    the letters as the initials of the words just before them."""
    words = re.findall(r"[^\W\d_]+", match.string[: match.start()])[-2:]
    initials = "".join(word[0] for word in words).upper()
    return match.group(0) if initials == "FT" else "full text"


# Contractions and shorthand written out, so one rule reads "isn't named", "is not named"
# and "IMO" alike. Matching runs on this form; reasons quote the writer's own sentence.
_SPELLED_OUT = [
    (re.compile(r"[’‘`]"), "'"),
    (re.compile(r"\bcan't\b|\bcannot\b", re.I), "can not"),
    # "abs. skimmed": the abstract, shortened (not "abs. error", "abs. value").
    (
        re.compile(r"\babs\.(?=[\s,;)]|$)(?!\s*(?:value|error|diff|change|risk|magnitude))", re.I),
        "abstract",
    ),
    # "(FT + code)": the full text, shortened in a label (not the Financial Times).
    (re.compile(r"(?<=\()\s*FT(?=\s*[+,)/&])"), _full_text_unless_defined),
    # "checked vs. Table 2": the comparison is the check against it.
    (
        re.compile(
            r"\b(checked|verified|cross-checked|compared|validated|matched)\s+vs\.?(?=\s)", re.I
        ),
        r"\1 against",
    ),
    # "Only red the abstract", "we have readed the article": the verb misspelt.
    (re.compile(r"\breaded\b|\bred(?=\s+(?:the|its|their|an?|this|that)\s)", re.I), "read"),
    (re.compile(r"\bwon't\b", re.I), "will not"),
    (re.compile(r"\b(\w+)n't\b", re.I), r"\1 not"),
    (re.compile(r"\bI'm\b", re.I), "I am"),
    (re.compile(r"\b(\w+)'re\b", re.I), r"\1 are"),
    (re.compile(r"\b(\w+)'ve\b", re.I), r"\1 have"),
    (re.compile(r"\b(I|we|you|they|he|she)'d\b", re.I), r"\1 would"),
    (re.compile(r"\b(I|we|you|they|he|she)'ll\b", re.I), r"\1 will"),
    # "imo", "IMHO", "IMO," — not the olympiad ("IMO geometry problems").
    (
        re.compile(
            r"\b(?:[iI][mM][hH][oO]|imo|Imo|IMO(?!\s*(?:geometry|problems?|gold|silver|bronze|medal\w*|level|"
            r"questions?|shortlist|contest|competition|benchmark|tasks?|grader|style|\d|-)))\b"
        ),
        "in my opinion",
    ),
    *((re.compile(pattern, re.I), words) for pattern, words in shorthand.SPELLED),
    # a slip, or the word as other languages spell it ("abstrakt")
    (
        re.compile(rf"\b(?:{'|'.join([*_slips('abstract'), 'abstrakt'])})(s?)\b", re.I),
        r"abstract\1",
    ),
    (re.compile(rf"\b(?:{'|'.join(_slips('summary'))})\b", re.I), "summary"),
    (re.compile(rf"\b(?:{'|'.join(_slips('preprint'))})(s?)\b", re.I), r"preprint\1"),
    (re.compile(rf"\b(?:{'|'.join(_slips('supplement'))})(s?)\b", re.I), r"supplement\1"),
    (re.compile(rf"\b(?:{'|'.join(_slips('supplementary'))})\b", re.I), "supplementary"),
    (re.compile(rf"\b(?:{'|'.join(_slips('manuscript'))})(s?)\b", re.I), r"manuscript\1"),
    # "a trade-magazine report", "a science-news piece": the channel's modifier joined to it.
    (
        re.compile(
            r"(?<=[a-z])-(?=(?:magazine|newspaper|newsletter|news|blog|podcast|press|media|"
            r"radio|tv|website)\b)",
            re.I,
        ),
        " ",
    ),
    (re.compile(rf"\b(?:{'|'.join(_slips('appendix'))})\b", re.I), "appendix"),
    (re.compile(rf"\b(?:{'|'.join(_slips('according'))})\b", re.I), "according"),
    (re.compile(rf"\b(?:{'|'.join(_slips('someone'))})\b", re.I), "someone"),
]


# Each runs only on a text holding the words its matches need (evidence/prefilter.py).
_SPELLED_OUT = [(sieved(pattern), words) for pattern, words in _SPELLED_OUT]


@functools.lru_cache(maxsize=8192)
def spelled_out(text: str) -> str:
    for pattern, replacement in _SPELLED_OUT:
        text = pattern.sub(replacement, text)
    return text


_NEG = re.compile(
    r"\b(?:(?:not|never)(?:\s+yet)?|without|no|nor|nobody|skipped|skipping|skip|"
    r"none\s+of(?:\s+(?:the|these|those|their|its))?|"
    # "Not from a paper we read": the source denied before the reading that names it.
    r"not\s+(?:from|in|via)(?:\s+(?:an?|the|any|one))?)\s*$",
    re.I,
)
# A negation reaching the reading through "had a chance to", "got round to", "managed to".
_NEG_CHAIN = re.compile(rf"\b{NOT_YET}", re.I)
# A reading that has not happened: "taken down before I could read it", "once we have read".
_UNREALISED = re.compile(
    r"\b(?:before|until|unless|if|once|when)\s+(?:i|we)\s+(?:could|can|get\s+to|have|had)\b", re.I
)
# A reading done by the system described, not by the writer: "the model scanned the full
# text"; or a part of the paper someone else quotes: "a blog quotes the paper's figure".
# A reading still to come: "I'll dig into the appendix later", "plan to read the paper".
_FUTURE = re.compile(
    r"\b(?:will|going\s+to|plan(?:ning)?\s+to|want\s+to|need\s+to|hope\s+to|intend\s+to|"
    r"should)\s+(?:\w+\s+)?$",
    re.I,
)
_SYSTEM_READS = re.compile(
    r"\b(?:model|agent|system|method|policy|pipeline|retriever|llm|tool|baseline|classifier|"
    r"student|teacher|reader|judge|verifier|network|encoder)s?\s+"
    # One word may follow ("the model also reads"), but not a preposition ("re-ran the models
    # from their archive": the models are what was redone) nor a name ("our student Mei").
    r"(?:(?!(?:from|of|in|on|with|using|for|into|to|by|at|off|and|or|plus)\s)(?-i:(?![A-Z][a-z]))\w+\s+)?$"
    r"|\b(?:quotes|quoted|quoting|cites|cited|citing|repeats|relays|reproduces|copies)\s+"
    r"(?:\w+\s+){0,2}?$",
    re.I,
)

# The dot of a reference abbreviation inside a sentence ("Matthee et al. paper", "Fig. S12").
_ABBREVIATION_DOT = (
    r"(?:(?:(?<=\bal)|(?<=\bFig)|(?<=\bFigs)|(?<=\bTab)|(?<=\bSec)|(?<=\bEq)|(?<=\bSupp)|(?<=\bSuppl)|"
    r"(?<=\bincl)|(?<=\bApp))\."
    # A dot inside a name: "(diabetes.co.uk)", "ClinicalTrials.gov".
    r"|\.(?=[a-z]{2,}))"
)

# The writers as the ones who did the reading: "by us", "by two of us", "on our side".
_BY_US = (
    r"(?:by\s+(?:us|me|(?:two|both|all|several|some|one|each|three|four)\s+of\s+us|our\s+"
    r"(?:team|editors?|desk|reviewers?))|on\s+our\s+(?:side|end|machines?|computers?|cluster|"
    r"laptops?)|ourselves|myself)\b"
)

# A reading named as a noun with the whole paper or its parts: "Upon review of the complete
# protocol, including the statistical analysis plan, …".
_READING_OF_WHOLE = (
    r"\b(?:upon|on|after|following|from)\s+(?:a\s+|our\s+|my\s+|the\s+team's\s+)?(?:careful\s+|close\s+|"
    r"detailed\s+|full\s+)?(?:review|reading|read|inspection|examination|scrutiny)\s+of\s+the\s+"
    r"(?:complete|full|whole|entire)\s+(?:[\w-]+\s+){0,2}?(?:paper|manuscript|protocol|report|pdf|"
    r"article|preprint|text|supplement\w*)\b(?!\s+by\s+(?!us\b|me\b))"
)

_FULL_TEXT = _rx(
    _READING_OF_WHOLE,
    # The whole paper had in hand: "we did get it in full, all 40 pages", "did we see the full
    # text", "Having got the full NBER version".
    r"\b(?:we|i)\s+(?:\w+\s+)?(?:have|had|got|get|managed|manage|saw|see|obtained)\s+(?:the\s+)?"
    r"(?:full|whole|complete|entire)\s+(?:[\w-]+\s+)?(?:text|pdf|paper|version|manuscript|article)s?\b",
    r"\b(?:we|i)\s+(?:\w+\s+){0,2}?(?:got|get|had|have|read)\s+(?:it|this(?:\s+one)?|them)?\s*in\s+"
    r"full\b",
    r"\bhaving\s+(?:got|obtained|had|received)\s+(?:the\s+)?(?:full|whole|complete)\s+",
    # A reading of the whole paper named as a noun: "P&T review of the full paper, Feb".
    r"(?<![\w'’]s\s)\b(?:review|reading|read-through|appraisal|critique|walk-through)\s+of\s+(?:the\s+)?"
    r"(?:full|whole|entire|complete)\s+(?:[\w-]+\s+)?(?:text|pdf|paper|version|manuscript|"
    r"article|report)s?\b",
    # Anyone of the team getting the whole paper: "GP adviser got the whole NEJM paper".
    r"\b(?:got|obtained|received|pulled)\s+the\s+(?:full|whole|complete|entire)\s+(?:[\w-]+\s+)?(?:text|pdf|"
    r"paper|version|manuscript|article)s?\b",
    r"\b(?:accepted|published|final|journal)\s+(?:manuscript|version|paper|article)\b[^.;:!?]{0,40}?"
    r"\b(?:which\s+)?(?:we|i)\s+(?:\w+\s+)?(?:read|went\s+through|worked\s+through)\b",
    r"\bread\s+cover[\s-]to[\s-]cover\b|\b(?:read|went\s+through|worked\s+through|got\s+through)"
    r"\s+(?:all|every\s+(?:page|word))\s+of\s+(?:it|them)\b",
    # Inner parts of the paper cited as the source: "The SI shows …", "The methods section
    # confirms …", "The paper's own appendix shows …".
    r"(?:^|[:;]\s*)\W*(?:the\s+)?(?:paper(?:'s|s')\s+(?:own\s+)?)?(?:methods?(?:\s+section)?|SI|"
    r"supplement(?:ary\s+(?:information|material|tables?))?|appendix|extended\s+data|"
    r"discussion\s+section|results\s+section)(?:'s)?\b[^.;:!?]{0,40}?\b(?:confirms?|shows?|showed|"
    r"reports?|states?|reveals?|documents?|puts)\b",
    # A numbered table or a section of a named paper heading the claim: "Supplement Table S9:
    # 14% of the placebo arm …", "Methods section of Okafor et al.: …".
    r"^\W*(?:(?:the\s+)?(?:SI|ES[MI]|supplement\w*|appendix|extended\s+data)\s+)?(?:tables?|figs?\.?|"
    r"figures?)\s+S?[A-Z]?\d+[a-z]?\s*[:—–]",
    r"^\W*(?:the\s+)?(?:methods?|results?|discussion|supplement\w*|appendix|SI)(?:\s+sections?)?"
    r"\s+of\s+(?:[^.;:!?]|(?<=\bal)\.){1,40}?\s*[:—–]",
    # A named section of the paper as the source: "The PK section of the full article shows".
    r"\b(?!abstract\b|summary\b)[\w-]+\s+sections?\s+of\s+the\s+(?:full\s+|whole\s+)?"
    r"(?:paper|article|text|pdf|report|preprint|manuscript)\b",
    # A part of the paper read, said in the passive without an article: "Methods read in detail".
    r"(?:^|[:;]\s*)\W*(?:methods?|supplement\w*|appendi(?:x|ces)|SI)(?:\s+(?:and|&|\+)\s+[\w-]+)?\s+"
    r"(?:(?:was|were)\s+)?(?:read|checked|examined|verified|gone\s+through|studied)\b",
    r"^\W*(?:the\s+)?(?:full[\s-]texts?|full\s+papers?|whole\s+papers?)\s+(?:for|in|throughout|"
    r"across)\s+(?:this|the|these|each|every)\s+(?:section|block|list|entry|entries|items?|batch|part)\b",
    # (someone else's words end the reading's reach: "the abstrakt I read — they say the
    # protocol …")
    rf"(?<!my )(?<!our )(?<!own )(?<!'s )\b{READ}\b(?:(?!abstract|summary|listing|\bnot\b|"
    rf"\bwhich\b|\bbetween\b|\b(?:they|he|she)\s+(?:say|says|said|claim|claims|claimed)\b)"
    rf"(?:[^.;:!?]|{_ABBREVIATION_DOT})){{0,60}}?\b{WHOLE_PAPER}",
    # The reading done by the writers, said in the passive or after the part: "code + data
    # re-executed by us", "the appendix — checked on our side", "found by us in table A3",
    # "their scripts ran clean on our machines", "the methods, which we combed through".
    rf"\b{WHOLE_PAPER}\b(?:[^.;:!?]|{_ABBREVIATION_DOT}){{0,60}}?(?<!\bnot\s)(?<!\bnever\s)\b(?:{READ}|"
    r"match(?:ed|es)?)\b"
    rf"[^.;:!?]{{0,20}}?{_BY_US}",
    rf"\b(?:{READ}|found|seen|spotted)\s+{_BY_US}\s+(?:in|from|against|within)\s+{WHOLE_PAPER}",
    rf"\b{WHOLE_PAPER},?\s+which\s+(?:i|we)\s+(?:(?!not\b|never\b)\w+\s+){{0,2}}?{READ}\b",
    # A reading named as the writers' own act: "our pass through the complete text", "our
    # look at the internet appendix".
    rf"\b(?:my|our)\s+(?:own\s+)?(?:look|pass|dig|trawl|read-through|check)\s+(?:at|through|"
    rf"into|of)\s+(?:[\w'-]+\s+){{0,3}}?{WHOLE_PAPER}",
    # A numbered table or figure, or a part of the paper's body, as what shows the figure:
    # "Table S6 lists a single run", "the fits in the SI show no Pt–Pt path".
    r"\b(?:tables?|figs?\.?|figures?)\s+S?[A-Z]?\d+[a-z]?\s+(?:shows?|lists?|gives?|confirms?|"
    r"reports?|puts|has|plots?|contains?)\b",
    r"\b(?:in|from)\s+(?:the\s+)?(?:paper(?:'s|s')\s+)?(?:SI|ES[MI]|supplement\w*|appendix|"
    r"appendices|methods(?:\s+section)?|extended\s+data)\s+(?:shows?|show|lists?|gives?|confirms?|"
    r"reveals?)\b",
    r"\b(?:full[\s-]text|full\s+paper|pdf)\s+(?:is\s+|was\s+)?(?:now\s+|finally\s+)?in\s+hand\b",
    # "Source papers checked in full", "papers we have been through line by line", "gave the
    # methods a once-over", "the SI (which we did go through)".
    r"\b(?:checked|read|gone\s+through|verified|examined)\s+in\s+full\b",
    # "in full" as a bracketed tag of the reading: "Read-through for the pack (all in full)".
    r"[(\[]\s*(?:all|each|every\s+one|both)\s+(?:read\s+)?in\s+full\s*[)\]]"
    r"|\bread[\s-]through\b[^.;:!?]{0,60}?\bin\s+full\b",
    r"\bpapers?\s+(?:that\s+)?(?:we|i)\s+(?:have\s+|had\s+)?(?:been\s+through|read|checked|gone\s+"
    r"through|went\s+through)\b",
    rf"\bgave\s+{WHOLE_PAPER}\s+a\s+(?:quick\s+|proper\s+|careful\s+|thorough\s+)?(?:once-over|"
    r"read|look|going-over|skim|pass)\b",
    rf"\b{WHOLE_PAPER}\s*\(\s*which\s+(?:we|i)\s+(?:did\s+)?{READ}",
    r"\b(?:my|our)\s+(?:own\s+)?(?:reading|read)\s+of\s+(?:the\s+)?(?:full|complete|whole|"
    r"entire)\s+(?:paper|text|pdf|manuscript|article)\b",
    r"\b(?:full|whole|complete|entire)\s+paper\s*,\s*not\s+(?:just\s+)?(?:the\s+)?(?:blog|"
    r"abstract|summary|press|thread)",
    rf"\b{WHOLE_PAPER}\b(?:[^.;:!?]|\.\d){{0,60}}?\b(?:was|were|has been|have been|is|got)\s+"
    r"(?:(?!not\b|never\b)\w+\s+)?(?:read|checked|verified|examined|reviewed|studied|"
    r"gone\s+(?:through|over)|worked\s+through|combed\s+through|pored\s+over|consulted)\b",
    # The paper got hold of, then read: "got a full draft from the website, and read it".
    rf"\b{WHOLE_PAPER}\b[^.;:!?]{{0,80}}?\band\s+(?:then\s+|also\s+)?(?:read|went\s+"
    r"through|checked)\s+(?:it|them)\b",
    rf"\b{READ}\s+(?:the\s+)?methods(?:\s+(?:and|&)\s+(?:SI|results|supplement\w*|appendi\w+))?\b",
    # "Read the whole BMJ audit (methods + tables)": the work read, its parts in brackets.
    rf"\b{READ}\s+(?:the\s+)?(?:whole|full|entire|complete)\s+(?:[\w.&-]+\s+){{0,4}}?\(\s*(?:the\s+)?"
    r"(?:methods|supplement\w*|SI|appendi\w+|tables?|figures?|full\s+text)\b",
    # "read it properly (methods + CONSORT diagram)": the parts read, in brackets.
    rf"\b{READ}\s+(?:it|them|this|the\s+paper)\s+(?:\w+ly\s+)?\(\s*(?:the\s+)?(?:methods|"
    rf"supplement\w*|SI|appendi\w+|full\s+text)\b",
    # The full paper got hold of: "for this one we did get the full text".
    r"\b(?:did\s+)?(?:get|got|obtained|had\s+access\s+to|accessed|got\s+hold\s+of)\s+(?:the\s+)?"
    r"full[\s-](?:text|paper|pdf|article)\b",
    # A part of the full paper named as the source: "Tables 2–4 of the full text: …".
    r"\b(?:tables?|figs?\.?|figures?|sections?|appendi(?:x|ces)|supplementary\s+\w+)\s+[\w.–-]+"
    r"(?:\s*(?:and|&|,)\s*[\w.–-]+)*\s+(?:of|in)\s+the\s+(?:full[\s-](?:text|paper)|pdf)\b",
    # "read this one end to end", "after reading the paper through".
    r"\b(?:read(?:ing)?|went\s+through|gone\s+through|go\s+through|worked\s+through|checked)\s+"
    r"(?:[\w.&'’-]+\s+){1,5}?(?:\([^()]{1,30}\)\s+)?(?:in full|fully|end to end|cover to cover|"
    r"from start to finish|from beginning to end|"
    r"front to back|"
    r"through(?=\s*(?:[:;,.)—–]|\s-\s|$|\s+(?:incl|including)\b))|in (?:its|their) entirety)",
    # Read by the writers themselves: "Labbé et al. we read ourselves in Nature".
    r"\b(?:we|i)\s+(?:read|checked|went\s+through)\s+(?:it\s+|them\s+)?(?:ourselves|myself)\b",
    rf"\b(?:we|i)\s+(?:\w+\s+)?(?:checked|re-?ran|ran|verified|went\s+through|pulled)\s+"
    rf"(?:[^.;:!?]|{_ABBREVIATION_DOT}){{0,80}}?"
    r"\b(?:data(?:\s+files?)?|files|code|paper|pdf|supplement\w*|appendix|tables?)\b[^.;:!?]{0,30}?"
    r"\b(?:ourselves|myself)\b",
    # The paper or its parts, a list perhaps, read in the passive: "Full papers, protocols
    # and SAPs read for this section".
    rf"\b{WHOLE_PAPER}(?:\s*(?:,|\band\b|&|\+|\bplus\b)\s*(?:the\s+|all\s+|its\s+)?[\w-]+){{0,4}}"
    r",?\s+(?:(?:were|was|all)\s+)?(?:read|checked|verified|examined|reviewed|studied|presented\s+"
    r"(?:and|&)\s+discussed)\b",
    r"\bpapers?(?:\s*(?:,|\band\b|&|\+|\bplus\b)\s*(?:the\s+|all\s+|its\s+)?[\w-]+){1,4},?\s+"
    r"(?:(?:were|was|all)\s+)?(?:read|checked|verified|examined|studied)\b",
    # A detail placed in the paper's own parts: "In the SI the success is counted…".
    r"^\W*in\s+(?:the\s+|their\s+|its\s+)?(?:SI|supplement\w*|supp|appendi(?:x|ces)|methods(?:\s+section)?|"
    r"extended\s+data|ES[MI])\b(?!\s+of\s+(?:an?\s+)?(?:other|another|review))",
    # A part named, then read in brackets: "GRAM appendix, methods section 4 (went through it
    # properly)".
    rf"\(\s*(?:{READ})\s+(?:it|them)\b[^()]{{0,30}}\)",
    # The whole paper named with its venue, or a name with a star: "Read the whole Carniani et
    # al. (Nature 2024) paper", "the full Sgr A* polarisation paper".
    rf"\b(?:{READ})\s+(?:the\s+)?(?:[\w.&'’-]+\s+){{0,4}}?(?:full|whole|complete|entire)\s+(?:[\w.&*'’-]+\s+){{0,4}}?"
    r"(?:\([^()]{1,30}\)\s+)?(?:paper|article|report|preprint)\b",
    # A named paper read: "checked the Euclid Q1 paper directly", "The Carniani et al. paper
    # was read, methods included".
    r"\bthe\s+(?:[\w.&'’-]+\s+){1,3}?(?:paper|preprint)\b[^.;:!?]{0,30}?\b(?:was|were|has\s+been|have\s+been)\s+"
    r"read\b",
    rf"\b(?:{READ})\s+(?:the|this|their)\s+(?:(?!review\b|survey\b|news\b|companion\b|blog\b|press\b|"
    r"related\b|other\b)[\w.&'’-]+\s+){1,3}?(?:paper|preprint)\b(?!(?:'s|’s)\s+(?:abstract|summary|listing|"
    r"title|blog|thread))(?!\s*(?:abstract|summary|listing|blog|announcement|thread|landing|page|title))",
    r"\b(?:data|code|scripts?|replication\s+\w+)\b[^.;:!?]{0,50}?\b(?:were|was)\s+(?:downloaded|obtained)"
    r"\s+and\s+(?:[\w-]+\s+){0,4}?(?:re-?run|re-?analy[sz]ed|re-?executed|re-?computed|reproduced|"
    r"re-?queried)\b",
    # Read in the passive, start to finish: "ADAPT-PD has been read from start to finish".
    r"\b(?:has|have|was|were)\s+been\s+read\s+(?:from\s+start\s+to\s+finish|in\s+full|end\s+to\s+end|"
    r"cover\s+to\s+cover)\b",
    # The full paper fetched afterwards and read: "The full JAMA paper was pulled afterwards
    # and checked".
    r"\bfull\s+(?:[\w.-]+\s+){0,3}?(?:paper|article|text|report)\b[^;:!?]{0,40}?\b(?:was|were)\s+"
    r"(?:obtained|pulled|fetched|downloaded|retrieved|requested)\s+(?:\w+\s+)?and\s+(?:read|checked)\b",
    # Material fetched and worked on by the writers: "From the CIF (downloaded and refined it
    # ourselves)", "pulled the chains and refitted them myself".
    rf"\b(?:downloaded|obtained|pulled|fetched|retrieved)\s+(?:(?:it|them|the\s+[\w-]+)\s+)?and\s+"
    rf"(?:{REDO}|refined|fitted|analy[sz]ed|processed|integrated|plotted)\s+(?:it|them)\s+"
    r"(?:ourselves|myself)\b",
    # Their material run through the writers' own software: "Ran their deposited FIDs
    # (Zenodo) through MestReNova ourselves".
    r"\b(?:ran|put|fed|processed|re-?processed)\s+their\s+(?:[\w'’-]+\s+){0,3}?[\w-]+\s*(?:\([^()]{0,30}\)\s*)?"
    r"through\s+[^.;:!?]{1,40}?\s+(?:ourselves|myself)\b",
    # Work redone by the writers: "Checked the counts ourselves in COCA".
    r"\b(?:checked|re-?counted|recomputed|re-?ran|verified|redid|went\s+through|gone\s+through|"
    r"worked\s+through|analy[sz]ed|processed)\s+(?:the\s+|their\s+)?(?:[\w-]+\s+){0,2}?(?:counts|numbers|"
    r"figures|data|code|analysis|stats|statistics|model|calculations?|sums|outputs?|runs|simulations|"
    r"files|chains|spectra)\s+(?:ourselves|myself)\b",
    # A figure placed in the paper's own parts: "as described in the Methods".
    r"\b(?:described|reported|given|stated|detailed|listed|specified)\s+in\s+(?:the\s+)?(?:paper(?:'s|s')\s+)?"
    r"(?:methods?(?:\s+section)?|supplement\w*|SI|appendix|extended\s+data|tables?\s+S?\d+)\b",
    # A named study's methods read: "Went through the MATTERHORN methods line by line".
    rf"\b(?:{READ})\s+(?:the|its|their)\s+(?:[\w.-]+\s+){{1,2}}?(?:methods?(?:\s+section)?|supplement\w*|"
    r"appendi(?:x|ces)|SI)\b",
    # Papers named as read in full: "Papers the former physics teacher read in full".
    r"\b(?:papers?|articles?|studies)\s+(?:that\s+|which\s+)?(?:(?!not\b|never\b)[\w'’-]+\s+){1,6}?"
    r"read\s+in\s+full\b",
    r"\b(?:read|been\s+through|gone\s+through|went\s+through)\s+(?:all\s+of|every\s+page\s+of|every\s+"
    r"word\s+of)\s+(?!the\s+(?:abstract|summary|listing|press|thread|blog))",
    # Gone from someone's account to the paper itself: "Went from a Times article to the full
    # paper", "followed this one through to the full JNCI paper", "got the report itself".
    r"\b(?:went|gone|followed|chased|traced|sent\s+us|took\s+us|led\s+us|did(?:,[^,]{1,25},)?\s+(?:go|follow))\b"
    r"[^.;:!?]{0,60}?\b(?:to|"
    r"through\s+to)\s+the\s+(?:full|whole|complete|original)\s+(?:[\w.&*-]+\s+){0,3}?(?:paper|article|report|"
    r"study)\b",
    r"\b(?:get|got|gotten|getting)\s+hold\s+of\s+the\s+(?:full|whole|complete)\b",
    r"\bgot\s+the\s+(?:[\w.&-]+\s+){1,5}?(?:report|paper|article|study)\s+itself\b",
    r"\bread\s+(?:it|this|them)\s+to\s+the\s+end\b|\bread\s+the\s+whole\s+of\b",
    r"\bprint(?:ed)?\s+out\s+every\s+page\s+of\b",
    # The code cloned from the paper's repository and run.
    r"\bcloned\b[^.;:!?]{0,40}?\b(?:github|gitlab|repo(?:sitory)?|code)\b",
    r"\bread\s+(?:it\s+|them\s+|the\s+paper\s+|the\s+pdf\s+)?(?:in full|end to end|cover to "
    r"cover|in (?:its|their) entirety)\b",
    r"\b(?:full[\s-]text|full\s+paper|whole\s+paper|pdf)\s+(?:read|reading|check|checked|"
    r"consulted|verified|examined|obtained)\b|\ba\s+(?:full|complete|careful)\s+"
    r"read(?:-through)?\s+of\b",
    rf"\b{WHOLE_PAPER}\b(?:(?!not\b|never\b)[^\s.;:!?]*[\s,]+){{0,12}}?(?:i|we)\s+(?:(?!not\b|never\b)\w+\s+)?(?:read|"
    r"checked|went through|studied)\b",
    r"\b(?:in|from|per|against)\s+the\s+full\s+(?:paper|text|pdf|article)\b",
    # A part of the full text cited: "(appendix of the FT)", "Table 3 of the full paper".
    r"\b(?:appendix|appendices|annex|tables?|figures?|methods|supplement\w*)(?:\s+S?\d+)?\s+(?:of|in)\s+"
    r"the\s+full\s+(?:paper|text|pdf|article|report)\b",
    # A part of the paper, then checked by the writers: "The SI (Table S9) lists 98.5%;
    # checked by the desk".
    r"\b(?:SI|supplement\w*|appendix|(?:table|fig(?:ure)?\.?)\s+S?\d+)\b(?:[^.;]|\.(?=\d)){0,80}?"
    r"[;,]\s*(?:checked|verified|confirmed)\s+by\s+(?:the\s+)?(?:desk|team|editors?|us|me|wiki)\b",
    r"\b(?:in|from|per)\s+the\s+(?:pdf|paper|camera-ready|full\s+text)\s+itself\b",
    rf"\bthe\s+paper{Q}s\s+(?:appendix|appendices|tables?|figures?|methods|experiments|"
    r"ablations?|results section)\b",
    # The full paper, or a section of its body, as the subject that speaks.
    r"\b(?:full|whole|complete)[\s-](?:paper|text|pdf)\s+(?:\([^)]{0,40}\)\s+)?"
    r"(?:(?:in\s+fact|actually|itself|clearly|also)\s+)?(?:shows|says|"
    r"reports|states|gives|makes clear|confirms|calls|lists|admits|describes|notes|mentions|"
    r"reveals|puts|contains)\b",
    # Past the summary into the body: "beyond the abstract — the experimental section shows".
    rf"\bbeyond\s+the\s+(?:abstract|listing|summary)\b[^.;:!?]{{0,30}}?{WHOLE_PAPER}",
    # A reading named as a noun: "full read", "full-paper pass done".
    r"\bfull(?:[\s-](?:paper|text|pdf))?[\s-](?:read|pass|read-through|reading)\b",
    r"\bfull[\s-](?:paper|text|pdf)[\s-](?:reviews?|readings?|checks?)\b",
    # The papers read with care: "we read these properly", "read each one carefully".
    r"\b(?:i|we)\s+(?:\w+\s+)?read\s+(?:these|them|those|each(?:\s+one)?|every\s+one|it|this\s+one)"
    r"\s+(?:properly|carefully|thoroughly|closely|in\s+depth|in\s+detail|attentively)\b",
    rf"\b{WHOLE_PAPER}\s*\((?:i\s+|we\s+)?(?:read|went\s+through|checked)\b",
    r"\b(?:read|went|gone|got|moved|going|dug|dig)\s+(?:well\s+)?(?:beyond|past)\s+the\s+"
    r"(?:abstract|listing|summary)\b(?:(?!\bnot\b)[^.;:!?]){0,25}?\binto\b",
    r"\bread\s+(?:well\s+)?(?:beyond|past)\s+the\s+(?:abstract|listing|summary)\b",
    *shorthand.FULL_TEXT,
)

# What a section or claim is drawn from: "rests on a newspaper's write-up", "Sources for
# this section: conference abstracts", "the claims below are from a review article".
_SOURCE_FRAME = (
    r"(?:\b(?:rests?|rested|draws?|drew|drawn|relies|relied|rely|relying|leaned|leant|based|built|taken|"
    r"comes?|came|sourced|derived|compiled|relayed|assembled|put\s+together)\s+(?:\w+\s+)?"
    r"(?:on|from|upon)"
    r"|\b(?:is|are|was|were)\s+(?:all\s+|entirely\s+|mostly\s+|only\s+)?from"
    # (a writer's other grammar: "Based in the Breathe Easy magazine")
    r"|^\W*based\s+in"
    r"|\bsources?\b[^.;:!?]{0,30}:"
    # "Sources for this section were the trials' registry summaries".
    r"|\bsources?\s+(?:for|of|behind)\s+[^.;:!?]{1,30}?\b(?:were|was|are|is)(?:\s+(?:all|mostly|only))?)\s*"
    rf"(?:{ART}\s+)?{WORDS}"
)

_ABSTRACT_ONLY = _rx(
    # "nobody here managed to read more than its abstract": the reading, no further.
    # "Haven't had a chance to open this one beyond the abstract": the thing read may stand between.
    rf"\b(?:not|never|nobody|no\s+one|none\s+of\s+(?:us|these|those|them|the\s+\w+))\b"
    rf"[^.;:!?]{{0,40}}?\b(?:read|go|got|gone|went|"
    rf"looked|made\s+it|open|opened)\s+(?:(?:it|them|this|that|this\s+one|that\s+one|the\s+"
    rf"(?:paper|pdf|preprint|article|report))\s+)?"
    rf"(?:any\s+)?(?:more\s+than|further\s+than|farther\s+than|beyond|past)\s+"
    rf"(?:{ART}\s+)?{WORDS}{SUMMARY}\b",
    rf"\bavailable\s+(?:to\s+(?:us|me)\s+)?(?:only\s+)?as\s+(?:{ART}\s+)?{WORDS}{SUMMARY}\b",
    # "the abstract was the extent of our reading".
    rf"\b{SUMMARY}\s+(?:was|is|were|being)\s+(?:the\s+)?(?:extent|limit|sum)\s+of\s+(?:my|our|the)\s+"
    r"(?:reading|read)\b",
    # The reading labelled: "(Read: abstract.)", "Source: the press summary only".
    rf"\b(?:read|seen|checked|basis)\s*:\s*(?:{ART}\s+)?{WORDS}{SUMMARY}(?:\s+only)?\s*(?:[.;)\]]|$)",
    # The reading stopped: "front-page numbers; didn't read further".
    r"\b(?:not|never)\s+(?:read|go|gone|went|get|got|look|looked|dig|dug)\s+(?:any\s+)?(?:further|"
    r"farther)\b",
    # The summary read and the paper denied after it: "we read the abstract; the paper
    # itself, no", "abstract glanced at, paper not", "own summary, and nothing beyond it".
    rf"\b{SUMMARY}\b[^.;:!?]{{0,60}}?[;,]\s*(?:but\s+)?(?:the\s+)?(?:paper|full\s+text|pdf|article|"
    rf"rest|main\s+text)(?:\s+itself)?\s*,?\s*(?:no|not)\b",
    rf"\b{SUMMARY}\b[^.;:!?]{{0,20}}?,?\s+(?:and\s+)?nothing\s+(?:beyond|more|else|further)\b",
    rf"\b{SUMMARY}\b[^.;:!?]{{0,60}}?\bas\s+far\s+as\s+(?:the\s+|our\s+|my\s+)?(?:reading|we|i)\b",
    # "Plain-language summary from the investigators": the makers' own summary.
    rf"\b{SUMMARY}\s+(?:from|by)\s+(?:the\s+)?{AUTHORS}\b",
    # "We read only abstract of this one": the article left out.
    rf"\b(?:read|saw|seen|had|got|checked|consulted)\s+{ONLY}\s+{SUMMARY}\b",
    # Notes made from summaries: "summarised from abstracts", "prepared from the abstracts".
    rf"\b(?:summari[sz]ed|prepared|written|drafted|drawn\s+up|made|taken)\s+(?:up\s+)?from\s+"
    rf"(?:{ART}\s+)?{WORDS}{SUMMARY}\b",
    rf"{_SOURCE_FRAME}{SUMMARY}\b",
    # A summary-level artefact named as the limit of the reading.
    rf"\b{ONLY}\b\s+(?:from\s+|on\s+|by\s+)?{ART}\s+{WORDS}{SUMMARY}\b",
    rf"\b{ONLY}\s+(?:could\s+|can\s+)?(?:been\s+)?(?:able\s+to\s+)?(?:read|had|have|has|saw|"
    r"seen|see|got|get|"
    rf"skimmed|consulted|checked|looked at|accessed|access|went by|{READ})\s+(?:\w+\s+){{0,2}}?"
    rf"{ART}\s+{WORDS}{SUMMARY}\b",
    rf"\b{SUMMARY}\b[^.;:!?]{{0,25}}?\b(?:only|alone|nothing (?:else|more)|is all|was "
    r"all|were all|all (?:i|we) (?:could|can|had|have))\b",
    r"\b(?:from|per|in|according to|going by)\s+(?:the|its|their)\s+(?:arxiv\s+)?abstract\b",
    r"(?:^|[:;]\s*)abstract\s+(?:says|states|claims|reports|mentions|notes|suggests)\b",
    rf"\b(?:per|according to)\s+{ART}\s+{WORDS}(?:announcement|programme|program|"
    r"conference|summary)\s+(?:page|listing)\b",
    r"\b(?:not\s+able|unable|have\s+not\s+been\s+able|could\s+not|can\s+not|never)\s+(?:to\s+)?"
    r"(?:open|access|accessed|read|get|got|gotten|download|obtain|obtained|reach|had)\s+"
    r"(?:the\s+|a\s+copy\s+of\s+the\s+)?(?:(?:full|whole|complete)\s+)?"
    r"(?:paper|pdf|text|article|preprint|manuscript)\b",
    r"\bdid\s+not\s+(?:get|go|read)\s+(?:any\s+)?further\s+than\b",
    r"\b(?:programme|program|conference)\s+listing\b",
    rf"\b(?:going|judging|working|reading)\s+(?:{ONLY}\s+)?(?:by|from|off|on)\s+{ART}\s+"
    rf"{WORDS}{SUMMARY}\b",
    rf"\b(?:based|relying|relies|rests?|resting|drawn|taken)\s+(?:{ONLY}\s+|entirely\s+|"
    rf"wholly\s+)?(?:on|from|off)\s+{ART}\s+{WORDS}{SUMMARY}\b",
    rf"\b{SUMMARY}[\s-](?:level|confidence|depth|only|reading)\b",
    rf"\b(?:is|are|was|comes?|came|taken|quoted)\s+(?:straight\s+|directly\s+)?from\s+{ART}\s+"
    rf"{WORDS}{SUMMARY}\b",
    r"\b(?:camera-ready|paper|pdf|preprint|full\s+text)\s+(?:(?:was|is|has)\s+)?(?:still\s+)?"
    r"(?:not|never)\s+(?:yet\s+)?(?:been\s+)?(?:out|public|released|online|posted|published|"
    r"available)\b",
    r"\b(?:camera-ready|paper|pdf|preprint|full\s+text)\s+(?:(?:was|is)\s+)?(?:still\s+)?"
    r"(?:listed\s+as\s+)?['\"“‘]?(?:coming\s+soon|forthcoming|to\s+come)\b",
    # A summary-level artefact as the subject that speaks: "the OpenReview abstract says".
    rf"(?:^|[:;,(—–]\s*)(?:the|its|their)\s+(?:[\w.'’-]+\s+){{0,3}}?{SUMMARY}(?:\s+(?:for|of|on)\s+[\w.-]+)?\s+(?:says|states|claims|reports|"
    r"lists|gives|mentions|promises|describes|shows|suggests|carries|names|quotes|touts)\b",
    r"\bat\s+abstract\s+(?:confidence|level|depth)\b",
    # The authors' own talk at a meeting: "Reported at the APS convention by the presenting author".
    r"\b(?:reported|presented|shown|announced|given)\s+at\s+[^.;:!?]{1,50}?\bby\s+(?:the\s+|an?\s+|one\s+of\s+"
    r"the\s+)?(?:presenting\s+|lead\s+|first\s+|senior\s+|corresponding\s+)?authors?\b",
    # The summary as the cited source: "per the model card", "according to the listing".
    rf"\b(?:per|according\s+to)\s+{ART}\s+{WORDS}{SUMMARY}\b",
    # The authors' own channel as the heading the claim comes under: "Authors' thread: …".
    rf"^\W*(?:the\s+)?(?:{AUTHORS}{Q}|{AUTHORS}{Q}s)\s+(?:own\s+)?(?:[\w-]+\s+){{0,2}}?"
    rf"{OWN_CHANNEL}(?:\s+(?:on|about|for|from|at)\s+[^:—–.]{{1,40}})?\s*[:—–]",
    rf"\ball\s+(?:i|we)\s+(?:have|had|could\s+(?:get|read|see|find))\s+(?:is|was)\s+{ART}\s+"
    rf"{WORDS}{SUMMARY}\b",
    r"\bskim(?:med|ming|s)?\s+(?:only\s+)?(?:the\s+)?(?:title|abstract|listing|summary|intro)",
    r"\bnothing (?:beyond|past|but|other than|more than) the (?:abstract|listing|summary)\b",
    r"\b(?:not|never)\s+(?:\w+\s+){0,4}?(?:get|go|got|gotten|gone|read|make it|see|seen|been)\s+"
    r"(?:past|"
    r"beyond|further than)\s+the\s+(?:[\w'-]+\s+)?(?:abstract|listing|summary|intro(?:duction)?)\b",
    r"\bno further than the (?:abstract|listing|summary)\b",
    r"\bthe abstract is the only\b|\bonly text (?:available|read|seen)\b",
    # The abstract as the subject that speaks: "the abstract carries / states / says…".
    r"\b(?:the|its)\s+abstract\s+(?:(?:that\s+)?(?:we|i)\s+(?:read|saw|had|got)\s+)?(?:carries|states|reports|says|gives|claims|lists|names|"
    r"mentions|admits|offers|provides|describes|shows|contains|has|holds|does not|doesn't|"
    r"is silent|omits|leaves|promises|asserts|suggests|only)\b",
    # What the abstract omits, named as the source: "never named in the abstract".
    r"\b(?:not|never|nowhere)\s+(?:\w+\s+){0,2}?(?:in|from)\s+the\s+abstract\b",
    # The authors' own announcement as the source: a summary by the authors themselves.
    rf"\b(?:according to|per|via|from|going by|based on)\s+(?:the\s+)?{AUTHORS}{Q}?s?{Q}?\s+"
    r"(?:own\s+)?(?:[\w-]+\s+){0,2}?(?:blog|thread|post|tweet|announcement|summary|video|talk|"
    r"slides|keynote)s?\b",
    # The authors' own channel speaking, or a channel from "the lab that wrote it".
    rf"\b(?:{AUTHORS}{Q}|{AUTHORS}{Q}s)\s+(?:own\s+)?(?:[\w-]+\s+){{0,2}}?{OWN_CHANNEL}\b[^.;:!?]{{0,40}}?"
    rf"\b{SPEECH}\b",
    rf"\b{OWN_CHANNEL}\s+(?:\w+\s+)?(?:from|by|of)\s+{MAKERS}",
    rf"\b(?:{OWN_CHANNEL}|{CHANNEL})\b[^.;:()]{{0,30}}?[(,—–]\s*(?:the\s+)?{AUTHORS}{Q}?s?{Q}?\s+"
    r"(?:own|lab|institute|institution|university|employer|group|team|company)\b",
    # A channel said to be the makers' in passing: "the project website, run by the authors,".
    rf"\b(?:{OWN_CHANNEL}|{CHANNEL})\b[^.;:()]{{0,30}}?[(,—–]\s*(?:which\s+is\s+)?(?:run|written|"
    rf"maintained|kept|operated|published|posted|issued)\s+by\s+(?:the\s+)?{AUTHORS}\b",
    # The authors' own announcement as the only source read.
    rf"\b{ONLY}\s+(?:\w+\s+)?(?:{ART}\s+)?{AUTHORS}{Q}?s?{Q}?\s+(?:[\w-]+\s+){{0,2}}?{OWN_CHANNEL}\b",
    rf"\b{ONLY}\b[^.;:!?]{{0,30}}?\b{AUTHORS}{Q}?s?{Q}?\s+own\b",
    rf"\b{AUTHORS}{Q}?s?{Q}?\s+own\s+(?:[\w-]+\s+){{0,3}}?(?:blog|thread|post|tweet|"
    r"announcement|summary|video)[^.;:!?]{0,40}?\b(?:only source|is all|was all)\b",
    # Only a summary-level text was to be had: "only abstracts … were available".
    rf"\b{ONLY}\s+(?:{ART}\s+)?{WORDS}(?:{SUMMARY}|{OWN_CHANNEL})\b[^.;:!?]{{0,80}}?\b"
    r"(?:was|were|is|are)\s+(?:\w+\s+)?(?:available|accessible|public|posted|out|open|visible|"
    r"shown|online)\b",
    rf"\b{ONLY}\s+(?:ever\s+)?(?:saw|seen|had|read|got)\s+(?:{ART}\s+)?{WORDS}{SUMMARY}\b",
    rf"(?:^|[:;,(]\s*){ONLY}\s+{SUMMARY}\b",
    r"\b(?:none\s+of\s+(?:the\s+)?|no\s+)(?:pdfs?|papers?|full\s+texts?|full\s+papers?|articles?|"
    r"drafts?)\s+"
    r"(?:were|was|got|have\s+been|had\s+been)\s+(?:\w+\s+)?(?:opened|read|available|"
    r"accessible|consulted|posted|open\s+to\s+us)\b",
    rf"\b(?:based|relying|relies|rests?|resting|drawn|taken|comes?|came)\s+(?:{ONLY}\s+|"
    # (a named party's explainer, column or newsletter, "Carbon Brief's explainer", "the Coatings
    # World newsletter", is its own)
    rf"entirely\s+|wholly\s+)?(?:on|from|off)\s+(?!(?:{ART}\s+)?(?-i:[A-Z])[\w.&-]*"
    r"(?:\s+(?-i:[A-Z])[\w.&-]*)*(?:['’]s)?\s+"
    r"(?:[\w-]+\s+){0,3}?(?:explainer|column|newsletter|op-?ed|podcast|video)s?\b)"
    rf"(?:(?:{ART}\s+)?[\w./&'’-]+\s+){{0,5}}?(?:abstracts|{OWN_CHANNEL}|registry\s+entries)\b",
    r"\b(?:paywalled|behind\s+(?:a|an|the)\s+(?:\w+\s+)?paywall|(?:past|beyond|through)\s+the\s+"
    r"paywall)\b",
    r"\b(?:says|states|claims|reports|according\s+to)\s+the\s+(?:abstract|summary|listing)\b",
    r"\bno\s+(?:[\w-]+\s+){0,2}?access\s+to\s+(?:the\s+)?(?:[\w-]+\s+){0,2}?(?:paper|pdf|full[\s-]text|article|"
    r"preprint|manuscript)\b",
    # Out of the writers' reach: "isn't in our library access yet", "not in our subscription".
    r"\bnot\s+(?:yet\s+)?(?:in|within|under|covered\s+by)\s+(?:our|my)\s+(?:[\w-]+\s+)?(?:access|"
    r"subscriptions?|holdings|licen[cs]es?)\b",
    # Only the presenter's own talk: "we've only seen the hotline slides".
    rf"\b{ONLY}\s+(?:ever\s+)?(?:saw|seen|had|read|got|heard|watched|attended)\s+(?:{ART}\s+)?{WORDS}"
    r"(?:slides?|slide\s+deck|talk|keynote|presentation|webinar|poster)s?\b",
    # The paper out of reach.
    r"\b(?:paper|pdf|full[\s-]?text|full\s+paper|article|preprint|paper\s+body)\b[^.;:!?]{0,30}?"
    r"\b(?:blocked|paywalled|embargoed|behind\s+(?:a|an|the|[\w.-]+'s)\s+(?:[\w.-]+\s+)?(?:paywall|embargo|"
    r"login)|unavailable|not available|inaccessible|unreachable|out of reach|(?:link|url)\s+"
    r"(?:was|is)\s+(?:dead|broken)|(?:returns?|returned|gives?|gave|throws?|threw)\s+(?:an?\s+)?"
    r"(?:404|error|not found)|404s?|404(?:ed|ing)|(?:was|is|has\s+been|got)\s+(?:since\s+)?"
    r"(?:taken\s+down|withdrawn|pulled(?!\s+(?:\w+\s+)?and\s+(?:read|checked))|removed))\b",
    r"\bbefore\s+(?:i|we)\s+could\s+(?:read|open|download|get\s+to)\b",
    r"\b(?:pdf|paper)\s+(?:link|url)\b[^.;:!?]{0,30}?\b(?:was|is)\s+(?:dead|broken|down)\b",
    rf"\b(?:went|go|going|settled|made\s+do)\s+(?:with|by)\s+{ART}\s+{WORDS}{SUMMARY}\b",
    # The authors' own channel set against the paper: "their Substack post, not the paper".
    rf"\b(?:authors{Q}|author{Q}s|their)\s+(?:own\s+)?(?:[\w-]+\s+){{0,2}}?{OWN_CHANNEL}\b,?\s*"
    r"\(?not\s+the\s+(?:paper|pdf|full\s+text)\b",
    r"\b(?:could|can|did|do|does|was|were)\s*(?:not|n't)\s+(?:be\s+)?(?:read|open(?:ed)?|"
    r"access(?:ed)?|get|got|reach(?:ed)?|fetch(?:ed)?|download(?:ed)?|obtain(?:ed)?|"
    r"retriev(?:e|ed))\s+(?:at\s+|to\s+|hold of\s+|past\s+|beyond\s+)?(?:the\s+)?(?:full|"
    r"whole|paper|pdf|text|body|article|publisher)",
    r"\barxiv(?:\.org)?\s+(?:is|was)\s+blocked\b",
    r"\b(?:not|no)\s+open[\s-]access\b|\bclosed[\s-]access\b",
    rf"(?:^|[(:;]\s*)from\s+{ART}\s+{WORDS}{SUMMARY}\b",
    # The paper not read.
    r"\b(?:was|were|is|are|has|have|had|been|being)\s+not\s+(?:yet\s+)?(?:been\s+)?(?:read|"
    r"consulted|opened)\b",
    r"\b(?:have|has|had|did|do)\s*(?:not|n't)\s+(?:yet\s+)?(?:read|seen|opened|pulled|downloaded|"
    r"fetched)\s+(?:the\s+)?(?:[\w.-]+\s+){0,2}?"
    r"(?:paper|pdf|full|whole|it\b|beyond|past|more than)",
    r"\bnot\s+(?:been\s+)?read\s+(?:in full|beyond|past)\b",
    r"\bunread\b",
    # A heading that names abstracts as its source: "Poster abstracts, ASCPT 2025", "From the
    # congress abstracts (not peer-reviewed papers)", "Session abstracts - papers not out".
    r"^\W*(?:(?:from|via|per)\s+)?(?:the\s+)?(?:[\w&./'’-]+\s+){0,5}?(?:conference|poster|session|"
    r"meeting|congress|symposium|workshop|talk|oral|submitted)\s+abstracts\b",
    # The papers not out yet: "no papers yet", "papers not yet available", "not yet published
    # in full".
    r"\bno\s+(?:full\s+)?(?:papers?|pdfs?|full\s+texts?|articles?)\s+(?:out\s+|available\s+)?yet\b",
    r"\b(?:papers?|pdfs?|full\s+texts?|articles?)\s+(?:are\s+|is\s+)?not\s+(?:yet\s+)?"
    r"(?:available|out|published|released)\b",
    r"\bnot\s+(?:yet\s+)?published\s+in\s+full\b",
    # The paper not opened, or only its part above the paywall: "pdf still unopened", "pdf
    # not opened", "the part above the paywall".
    r"\bunopened\b|\b(?:above|before|outside)\s+the\s+paywall\b",
    r"\b(?:pdfs?|full[\s-]texts?|papers?|manuscripts?)(?:\s+itself)?(?:\s*\([^()]{0,40}\))?\s+"
    r"(?:was\s+|were\s+|is\s+|still\s+)?not\s+"
    r"(?:yet\s+)?(?:opened|read|consulted)\b",
    # The summary named as the end of the reading: "that box is as far as we got", "and it's
    # all we saw", "nothing past it was read".
    r"\b(?:is|was)\s+as\s+far\s+as\s+(?:we|i)\s+(?:got|read|went|have\s+got)\b",
    rf"\b{SUMMARY}\b[^.;!?]{{0,20}}?\bas\s+far\s+as\s+(?:we|i)\s+(?:read|got)\b",
    r"\b(?:read|got|gone|went)\s+no\s+further\s+than\b",
    r"\bread\s+nothing\s+(?:beyond|past|more|else|further)\b",
    rf"\b{ONLY}\s+(?:show|showed|give|gave|let)\s+(?:me|us)\s+(?:see\s+)?(?:{ART}\s+)?{WORDS}{SUMMARY}\b",
    # The author heard in person: "Heard the lead author herself on the podcast", "the lead
    # author's own account".
    r"\b(?:heard|saw|watched|listened\s+to)\s+(?:the\s+)?(?:lead\s+|first\s+|senior\s+)?authors?\s+"
    r"(?:herself|himself|themselves)\b",
    r"\b(?:heard|saw|watched|listened\s+to)\s+(?-i:[A-Z])[\w'’-]+(?:\s+(?-i:[A-Z])[\w'’-]+)?\s+(?:herself|"
    r"himself)\b",
    r"\b(?:the\s+)?(?:(?:lead|first|senior|corresponding)\s+)?authors?(?:'s|s')\s+own\s+account\b",
    r"\bstraight\s+from\s+the\s+horse(?:'s|s'|’s)\s+mouth\b",
    r"\bnever\s+(?:did\s+|actually\s+|really\s+)?read\s+(?:it\s+|them\s+)?in\s+full\b",
    r"\b(?:she|he)(?:'s|\s+is|\s+was)\s+(?:a|one\s+of\s+the)\s+co-?authors?\b",
    r"\bone\s+of\s+the\s+(?:[\w']+\s+)?(?:own\s+)?(?:authors|investigators)\s+(?:presented|gave|talked|spoke|"
    r"explained|put|posted|shared)\b",
    r"\bfrom\s+one\s+of\s+the\s+(?:[\w'’]+\s+)?(?:own\s+)?(?:authors|investigators)\b",
    r"\b(?:talk|presentation|lecture|seminar)\s+(?:that\s+)?one\s+of\s+the\s+(?:authors|investigators)\s+gave\b",
    r"\b[\w.-]+(?:'s|s'|’s)\s+abstract\b(?!\s+(?:and|plus|\+)\s+(?:the\s+)?(?:full|paper|methods))",
    r"\b(?-i:[A-Z][\w&]*)\s+paywall\s*[;:,]|\bpaywall\s+(?:defeated|beat|stopped|blocked|kept)\b",
    r"\bas\s+far\s+as\s+(?:the\s+)?(?:abstracts?|summar(?:y|ies)|listings?)\s+(?:take|took|go|went|get|got)\s+"
    r"(?:us|me)\b|\bfrom\s+abstracts\b",
    # (as "Myles' webinar (he's the lead investigator)")
    rf"\b{OWN_CHANNEL}\b[^.;]{{0,40}}?\(\s*(?:she|he|they)(?:'s|'re|\s+(?:is|are|was|were))\s+(?!not\b|never\b)"
    r"(?:one\s+of\s+)?(?:the\s+)?(?:[\w-]+\s+){0,2}?(?:authors?|investigators?|PIs?)\b",
    r"\bnothing\s+(?:past|beyond)\s+(?:the\s+)?(?:[\w'-]+\s+)?(?:abstract|summary|listing|title)\b",
    rf"\bnothing\s+(?:more|other)\s+than\s+(?:the\s+|a\s+)?(?:[\w'-]+\s+){{0,2}}?{SUMMARY}\b",
    rf"\ball\s+(?:i|we)\s+(?:have\s+|had\s+)?(?:seen|read|got|had)\s+(?:is|was)\s+(?:{ART}\s+)?{WORDS}"
    rf"{SUMMARY}\b",
    r"\(\s*(?:[\w-]+\s+){0,3}?(?:talk|poster|session|meeting|conference|congress|late-breaker)\s+"
    r"abstracts?\s*\)",
    r"\babstract\s+(?:seen|read)\b[^.;)]{0,12}?\b(?:paper|pdf|full\s+text)\s+not\b",
    rf"\b{SUMMARY}\b[^.;!?]{{0,40}}?\b(?:it|that|this)\s+(?:is|was)\s+all\s+(?:we|i)\s+(?:saw|"
    r"read|had|got|could\s+see)\b",
    r"\bnothing\s+(?:beyond|past|after|else|more|further)\b[^.;!?]{0,12}?\b(?:(?:was|were|has\s+"
    r"been|got)\s+)?read\b",
    # A channel from the makers' home: "the press release from the IXPE team's home centre".
    rf"\b{OWN_CHANNEL}\s+(?:from|of|by)\s+the\s+(?:[\w-]+\s+){{0,2}}?(?:team|group|lab|collaboration)"
    r"['’]s\s+(?:own\s+|home\s+)?(?:centre|center|institute|institution|university|hospital|"
    r"observatory|agency|department)\b",
    # The maker's channel about its own product: "the press release issued by the
    # manufacturer concerning its own biosimilar".
    rf"\b{OWN_CHANNEL}\s+(?:issued\s+|written\s+|put\s+out\s+|released\s+)?(?:by|from)\s+the\s+"
    r"(?:[\w-]+\s+){0,2}?(?:manufacturer|company|firm|maker|developer|vendor|sponsor)\b[^.;:]{0,40}?"
    r"\b(?:its|their)\s+own\b",
    # A channel issued for the makers' own work: "the Met Office press release for the
    # authors' own study".
    rf"\b{OWN_CHANNEL}\s+(?:for|of|on|about)\s+(?:the\s+)?(?:{AUTHORS})['’]s?\s+own\b",
    # An abstract on a work as the label of the claim: "ASHG abstract on the follow-up: …".
    r"^\W*(?:[\w&./'-]+\s+){0,3}?abstracts?\s+(?:on|for|about|of)\s+[^:;—–]{1,50}?\s*[:—–]",
    # A session's or a meeting's abstract as the label of the claim: "AFA session abstract: …".
    r"^\W*(?:[\w&./'-]+\s+){0,3}?(?:conference|poster|session|meeting|congress|symposium|"
    r"workshop|talk|digest)\s+abstract\s*(?:\([^)]{0,40}\)\s*)?(?:\s+(?:from|by|of)\s+"
    r"[^:;—–.,]{1,40}?\s*)?(?:,[^:;—–.]{1,40}?\s*)?[:—–]",
    *shorthand.ABSTRACT_ONLY,
)
# Reading that went past the summary: these cancel an abstract-only reading.
_NOT_ONLY_ABSTRACT = _rx(
    r"\bnot\s+(?:just|only|merely|simply)\s+(?:from\s+|on\s+)?(?:the|its)\s+(?:abstract|"
    r"listing|summary)\b",
    r"\bnot\s+(?:from|on)\s+the\s+(?:abstract|listing|summary)\s+alone\b",
    r"\b(?:did|do|does)\s*(?:not|n't)\s+read\s+(?:just\s+|only\s+)?the\s+abstract\s+only\b",
    r"\bmore than (?:just )?the abstract\b",
    r"\bbeyond the (?:abstract|listing|summary)\b",
    *shorthand.BEYOND_ABSTRACT,
)

# Words passed on to the writers: "told us", "informs us", "has told to us", "emailed me".
_TOLD_US = r"(?:told|tells?|informs?|informed|e-?mailed|wrote\s+to)\s+(?:to\s+)?(?:me|us)\b"

# A party said not to be the authors: "(not by the authors)", "not written by the authors".
_NOT_AUTHORS = re.compile(
    r"\bnot\s+(?:written\s+|posted\s+|run\s+|issued\s+|authored\s+)?(?:by\s+|from\s+)?"
    r"(?:an?\s+|the\s+|one\s+of\s+(?:the\s+)?|any\s+of\s+the\s+)?authors?\b",
    re.I,
)

_SECONDARY = _rx(
    # Another work's account of the finding: "as cited in the Chem. Rev. survey", "cited in
    # the intro of Moreau et al.", "as reported in the Journal of Economic Literature survey".
    r"\bas\s+(?:cited|quoted|summari[sz]ed|described|reviewed)\s+(?:in|by)\b",
    # A digest or a bulletin the claims were taken from: "From the regional perinatal
    # network's bulletin (their summaries)", "summarised from the ISC monthly bulletin".
    r"\b(?:from|summari[sz]ed\s+from|taken\s+from|drawn\s+from|out\s+of)\s+(?:the|a|an|this\s+\w+(?:'s|s')?)\s+"
    r"(?:[\w.'’&-]+\s+){0,4}?(?:bulletins?|newsletters?|digests?|round-?ups?|magazines?|podcasts?)\b",
    # The source named as a tag after the claim: "— a STAT News story", "(News piece, not
    # paper.)", "; a trade-press write-up".
    r"(?:^|[—–(;]\s*|\s-\s)(?:an?\s+|the\s+)?(?:[\w&.'’-]+\s+){0,3}?(?:news|press|media|magazine|"
    r"newspaper|blog|podcast|newsletter|radio|tv)\s+(?:piece|story|article|report|item|write-?up|"
    r"coverage|segment|episode)s?\b(?=\s*(?:[,;.)]|$))",
    # ... or a reference work by its title: "— Oxford Textbook of Old Age Psychiatry, ch. 3".
    r"(?:[—–(]\s*|\s-\s)(?:the\s+)?(?-i:(?:[A-Z][\w'’&-]*\s+){0,3}(?:Textbook|Handbook|"
    r"Encyclop(?:a)?edia)\s+(?:of|for|on|to)\b)",
    # Had from someone's piece: "picked from a Sky & Telescope article", "I only have it
    # through a RealClimate post", "as paraphrased in an FT column", "(Quanta coverage, …)".
    r"\b(?:picked|taken|got|gotten|(?:have|had)\s+(?:[\w%.~'’-]+\s+){1,3}?|heard|learn[et]d?|"
    r"paraphrased|summari[sz]ed)\s*(?:up\s+)?(?:from|through|via|in|off)\s+(?:an?\s+|the\s+)?"
    r"(?:[\w&.'’-]+\s+){0,3}?(?:article|post|explainer|column|piece|coverage|thread|newsletter|"
    r"podcast|story|blog|feature|op-?ed|overview|review|meta-analysis|survey)s?\b",
    r"[(—–;]\s*(?:(?-i:[A-Z])[\w&.'’-]*\s+){1,3}(?:coverage|article|story|piece|explainer|column|"
    r"post|write-?up|feature|podcast)\b(?=\s*[,;.)])",
    # Borrowed from other papers' framing: "cited from the related-work sections of later
    # papers", "taken from the introduction of a follow-up".
    r"\b(?:cited|quoted|taken|drawn|lifted|copied|borrowed)\s+from\s+(?:the\s+|an?\s+)?"
    r"(?:intro(?:duction)?s?|related[\s-]work|background)(?:\s+(?:sections?|parts?|chapters?))?\s+of\b",
    # "This section summarises the related-work section of Li's review."
    r"\b(?:summari[sz]\w*|draws?\s+on|based\s+on|rel(?:y|ies|ied)\s+on|follows?)\s+(?:the\s+|an?\s+)?"
    r"(?:intro(?:duction)?|related[\s-]work|background)\s+(?:sections?|parts?|chapters?)\s+of\b",
    r"\b(?:cited|quoted|described|summari[sz]ed)\s+in\s+(?:the\s+)?(?:intro(?:duction)?|related[\s-]work|"
    r"background|literature\s+review)\b",
    r"\bas\s+reported\s+(?:in|by)\s+(?:an?\s+|the\s+)?(?:[\w.&'’-]+\s+){0,5}?(?:survey|review|"
    r"meta-analysis|textbook|handbook|overview|primer)\b",
    # Written by others than the authors: "compiled by the registry's staff rather than the
    # investigators", "written by people outside the trials".
    r"\b(?:written|compiled|prepared|produced|authored|put\s+together|assembled)\s+by\s+"
    r"[^.;:]{0,40}?\b(?:rather\s+than|not|outside|instead\s+of)\s+(?:the\s+|these\s+|those\s+)?"
    r"(?:authors|investigators|trialists|original|projects?|trials?|studies|surveyors|teams?)\b",
    r"\bnot\s+the\s+(?:trial|original|primary|underlying)\s+(?:publications?|papers?|reports?|"
    r"studies|study|articles?|sources?)\b",
    rf"\brelay(?:s|ed|ing)?\s+(?:{ART}\s+)?{WORDS}(?:summar\w+|{CHANNEL})\b",
    rf"\b(?:{CHANNEL})\b(?:[^.;:!?]|\.(?=\s*[\d)])){{0,60}}?\b(?:is|are|was|were)\s+(?:our|the)\s+"
    r"(?:only\s+|main\s+)?sources?\b",
    rf"\bas\s+(?:{ART}\s+)?{WORDS}(?:{CHANNEL}|{PERSON})\b(?:\s*\([^()]{{0,40}}\))?\s+"
    r"(?:puts\s+it|says|states|notes|describes\s+it|has\s+it|tells\s+it)\b",
    rf"{_SOURCE_FRAME}(?:{CHANNEL}|{PERSON})\b(?!\s+(?:the\s+)?authors?\b)",
    r"\b(?:reportedly|allegedly|purportedly|rumou?red|second[\s-]?hand|hearsay|apparently)\b",
    # Another work's table or figure speaking: "the review's summary table gives …".
    rf"\b(?:{CHANNEL})['’]s\s+(?:[\w-]+\s+){{0,3}}?(?:table|figure|chart|summary|box|plot)s?\b"
    r"[^.;:!?]{0,60}?\b(?:lists|gives|shows|puts|reports|says|has)\b",
    # Passed on by anyone but the authors: "relayed by Tomás and Wen", "passed on by a
    # colleague", "relayed from the state's weekly briefing"; and notes taken at someone's
    # talk: "Notes from Dr. Okafor's seminar".
    r"\b(?:relayed|passed\s+on|forwarded|(?:reported|told)\s+to\s+(?:us|me))\s+"
    r"(?:to\s+(?:us|me|the\s+(?:unit|team|group|ward|department|desk)|our\s+\w+)\s+)?(?:by|from|"
    r"via)\s+(?!(?:the\s+)?authors?\b)[A-Za-z]",
    rf"\bnotes?\s+(?:from|on|taken\s+at)\s+(?:{ART}\s+)?(?:[\w.'’-]+\s+){{0,3}}?"
    r"(?:seminar|talk|lecture|colloquium|keynote|session|workshop|poster\s+session|webinar|"
    r"grand\s+rounds?|teaching)\b",
    r"\bthrough\s+the\s+grapevine\b|\b(?:discussed|mentioned|covered)\s+(?:on|in)\s+(?:the\s+|a\s+)?",
    rf"\b(?:{CHANNEL})\s+(?:post\s+)?by\s+(?:an?\s+)?(?:outside|independent|third[\s-]party|"
    r"external|unaffiliated)\b",
    r"\b(?:third[\s-]party|independent)\s+(?:blog|post|thread|report|write-?up)\b|\breplication\s+"
    r"(?:blog|post|thread|write-?up)\b",
    r"\bpress\s+release\s*\(",
    r"\bit\s+(?:has been|was|is|had been)\s+(?:reported|said|claimed|rumou?red)\b",
    rf"\b(?:paraphras\w+|forward\w*|relay\w*|passing on|quoting)\s+(?:{ART}\s+)?{WORDS}"
    r"(?:summary|post|thread|comment|note|write-?up|take)\s+(?:from|by|on|in|of)\b",
    # A third party's recap of anything, the authors' own thread included.
    r"\b(?:newsletter|blog|podcast|press|news|substack|reddit|youtube|media)\s+(?:recap|summary|"
    r"round-?up|write-?up|digest)\s+of\b",
    rf"\bvia\s+(?:{ART}\s+)?(?:[\w./'’&-]+\s+){{0,3}}?(?:newsletter|digest|blog(?:\s+post)?|"
    r"thread|tweets?|podcast|substack|reddit|youtube|discord|forum)\b",
    rf"\bfrom\s+(?:{ART}\s+)?(?:(?!and\b|or\b)[\w./'’&+-]+\s+){{0,4}}?(?:newsletter|digest|blog(?:\s+post)?|thread|tweets?|"
    r"press|podcast|news|substack|reddit|youtube|linkedin|discord|forum|review\s+by|textbook|"
    r"handbook)\b",
    rf"\b(?:according to|per|via|as\s+(?:relayed|reported|summari[sz]ed|described|told|quoted|"
    rf"covered)\s+(?:by|in|on))\s+(?:{ART}\s+)?{WORDS}(?:{CHANNEL}|{PERSON})\b",
    # A source tag after the claim: "(RR 0.91) - from Tues handover", "— from the night reg".
    rf"(?:[—–(;]|\s-)\s*(?:(?:this|that|it|all)\s+(?:is|was|came)\s+)?from\s+(?:{ART}\s+)?{WORDS}"
    rf"(?:{CHANNEL}|{PERSON})\b",
    # ... also with what they called it between: "described as 'modest' in the review".
    rf"\b(?:quoted|reported|featured|covered|described|cited|mentioned|summari[sz]ed|called|"
    rf"characteri[sz]ed|labell?ed|framed|portrayed|billed|hailed|touted|highlighted|flagged|"
    rf"raised|discussed|picked\s+up)\s+"
    rf"(?:as\s+[^.;:!?()]{{1,40}}?\s+)?(?:in|on|by)\s+"
    rf"(?:{ART}\s+)?{WORDS}(?:{CHANNEL}|{PERSON})\b",
    # Borrowed from someone else's text: "they take it from the related-work section of …".
    rf"\b(?:take|takes|took|taken|borrow(?:s|ed)?|lift(?:s|ed)?)\s+(?:it|this|that|them|the\s+\w+)\s+"
    rf"from\s+(?:{ART}\s+)?{WORDS}(?:{CHANNEL}|{PERSON})\b",
    # A channel or person as the subject that speaks: "the press release says".
    # The authors by their usual names are no third party: "Palmer and colleagues", "Dr
    # Okafor's group".
    rf"(?:^\W*|[:;,(]\s*|\b{ART}\s+){WORDS}(?:{CHANNEL}|(?<!\band\s){PERSON})\b{NOT_A_TOPIC}"
    rf"(?!\.?\s+(?-i:[A-Z])[\w'’-]+(?:{Q}s|s{Q})\s+(?:group|team|lab|paper|study|trial)\b)"
    rf"(?:(?!(?<!of\s)(?<!on\s)(?<!not\s)\bthe\s+(?:paper|authors)\b)(?:[^.;:!?]|{_ABBREVIATION_DOT}))"
    rf"{{0,60}}?(?<!\bi\s)(?<!\bwe\s)(?<!\bmay\s)(?<!\bmust\s)(?<!\bwould\s)\b{SPEECH}\b",
    # People met at a meeting passing on what they say: "Met the ECMWF people at the
    # workshop; they say …".
    r"\bmet\s+[^.;:!?]{1,50}?\s+at\s+(?:the|a|an|this|last)\s+[^.;:!?]{0,30}?(?:workshop|conference|"
    r"congress|meeting|symposium|session|poster|seminar|colloquium|summit)\b[^.!?]{0,30}?\b(?:say|says|"
    r"said|told|tell|tells|mentioned|claim|claimed|reckon)\b",
    # Someone back from a meeting with its news: "Practice nurse came back from the update day
    # saying …" (not the writers themselves).
    r"(?<!\bwe\s)(?<!\bi\s)\b(?:came|comes|come|got|is|was|just)\s+back\s+from\s+(?:the|a|an|this|that|"
    r"last|their|her|his)\s+[^.;:!?]{1,50}?\b(?:saying|says|said|reports?|reported|told\s+(?:us|me)|"
    r"tells\s+(?:us|me))\b",
    # Someone named who tells the writers: "Dr Okafor at the neuroscience centre, who has read
    # the report, informs us", "Mariana (visiting from ASTRON), who refereed it, tells us".
    r"(?:^|[,;:(]\s*)(?-i:(?:(?:Dr|Prof|Professor|Mr|Ms|Mrs)\.?\s+)?(?!(?:The|Authors?|They|We|I|Our|"
    r"He|She|It|This|That)\b)[A-Z][\w'’-]+(?:\s+[A-Z][\w'’-]+)?)(?:\s*\([^()]{0,60}\))?"
    rf"(?:\s+(?:at|from|of|in)\s+[^,;:.()]{{1,60}})?(?:,\s*who\s+[^;:.()]{{1,80}},)?\s+{_TOLD_US}",
    # ... or by role: "A colleague at MPE who refereed the paper tells us".
    rf"\b{PERSON}\b(?:\s+(?:at|from|of|in)\s+[^,;:.()]{{1,60}}?)?,?\s+who\s+[^;:.()]{{1,80}}?,?\s+"
    rf"{_TOLD_US}",
    # Someone's reading, the writer's own denied beside it: "neuro reg (read the paper, I
    # haven't) ->".
    rf"\b{PERSON}\s*\(\s*(?:has\s+|had\s+)?{READ}\b[^()]{{0,40}}?[,;]\s*(?:i|we)\s+(?:have|did|had)\s+"
    r"not\b",
    # Relayed at a meeting: "relayed to us at the regional stroke network meeting".
    r"\b(?:relayed|passed\s+on|reported|told|presented)\s+to\s+(?:us|me)\s+(?:at|during|in)\s+"
    r"(?:the|a|an|last|this)\s+[^.;:!?]{0,50}?(?:meeting|conference|congress|session|symposium|"
    r"workshop|seminar|rounds?|handover|course|study\s+day)\b",
    # A third party's own reading: "a colleague who has read the paper says…".
    rf"\b{PERSON}\b[^.;:!?]{{0,50}}?\b(?:who|that)\s+(?:has\s+|had\s+|have\s+)?(?:\w+\s+)?"
    rf"{READ}\b",
    # A third party's text opening the sentence as where it comes from: "In the IPCC
    # chapter (which we did not check against the papers), …".
    rf"^\W*in\s+(?:{ART}\s+)?{WORDS}(?:{CHANNEL})\b(?=\s*[(,—–])",
    # A summary someone else sent round: "the summary circulated after the hospital's grand
    # round".
    rf"\b(?:summary|summaries|notes|write-?up|recap)\s+(?:circulated|distributed|sent\s+(?:round|around|"
    rf"out)|put\s+together|written)\s+(?:after|from|by|following)\s+(?:{ART}\s+)?{WORDS}"
    rf"(?:{CHANNEL}|{PERSON})\b",
    # A person named with a title as the source: "According to Dr Haddad (visiting from ETH)".
    r"\baccording\s+to\s+(?-i:(?:Dr|Prof|Professor|Mr|Ms|Mrs)\.?\s+[A-Z][\w'’-]+)(?!\s*\(\s*(?:the\s+)?"
    r"(?:lead\s+|first\s+|senior\s+)?authors?\b)(?!,\s*(?:the\s+|one\s+of\s+the\s+)?(?:lead\s+|first\s+|"
    r"senior\s+)?authors?\b)",
    # The speaker's work denied in brackets: "Rachel's slides (not her study)".
    r"\(\s*not\s+(?:her|his|their)\s+(?:own\s+)?(?:study|paper|trial|work|data|group(?:'|’)s)\s*\)",
    # A third party's channel named in brackets by its name as the source: "(WHO Weekly
    # Epidemiological Record)", "(Reuters)"; not "(full article)", "(our blog post)".
    rf"[(\[]\s*(?-i:(?=[A-Z])(?!(?:Full|Our|My|Their|Authors?|See|Cf|In|From|The)\b))"
    rf"(?:[\w&.'’-]+\s+){{0,3}}?(?:{CHANNEL})\s*[)\]]",
    # ... whatever its name's words, when the name is a title ("(Full Text Friday newsletter)")
    # or quoted ("(the 'Abstracts & Ice' podcast, ep. 41)").
    rf"\(\s*(?:the\s+)?(?:(?-i:[A-Z][\w&'’-]*(?:\s+[A-Z&][\w&'’-]*){{1,3}})|['‘\"“][^'’\"”()]{{1,40}}"
    rf"['’\"”](?:\s+[\w-]+){{0,2}}?)\s+(?:{CHANNEL})(?:,\s*(?:ep|episode|issue|no|vol)\.?\s*\d+)?\s*\)",
    # Someone who was there as the source: "Per Liang, who heard the talk at the Gordon
    # conference"; "Heard via Sanne at the client workshop".
    r"\b(?:per|according\s+to|via|from)\s+(?-i:[A-Z][\w'’-]+),?\s+who\s+(?:heard|attended|was\s+at|went\s+to|"
    r"saw|sat\s+in)\b",
    r"\bheard\s+(?:it\s+)?(?:via|through)\s+",
    r"\b(?:per|according\s+to|via|from)\s+(?:a|an|one\s+of\s+our|our)\s+(?:colleagues?|co-?workers?|"
    r"contacts?|friends?)\s+(?:at|from|in)\s+",
    # An agency's summary of a work as the label: "Environment Agency summary of the national
    # flood risk assessment: …".
    r"^\W*(?:[\w&.'’-]+\s+){0,3}?(?:agency|regulator|ministry|government|council|commission|office|"
    r"institute|authority)(?:'s|s')?\s+(?:summary|notice|bulletin|update|overview|digest)\s+(?:of|on)\s+"
    r"[^:;—–.]{1,60}?\s*[:—–]",
    # Someone who was at a meeting and said it: "Sam was at ASCO and said …".
    r"\b(?-i:[A-Z][a-zà-ÿ]+)\s+was\s+at\s+[^.;:!?]{1,40}?\s+and\s+(?:said|says|told|reported|mentioned|"
    r"reckons)\b",
    # Someone else's, as the writers call it: "Someone else's slides from the regional
    # meeting showed …".
    r"\b(?:someone|somebody|anyone)\s+else(?:'|’)s\b",
    # Someone named and described in brackets who says it: "Pete (warden next door) says".
    r"^\W*(?-i:[A-Z][a-zà-ÿ]+(?:\s+[A-Z][a-zà-ÿ]+)?)\s*\([^()]{1,40}\)\s+(?:says|said|reports?|reported|"
    r"told|tells|mentioned|mentions|notes|noted|reckons)\b",
    # Someone met elsewhere as the source: "via JB at the Manchester clinic".
    r"\bvia\s+(?-i:[A-Z][\w'’.-]*(?:\s+[A-Z][\w'’.-]*)?)\s+(?:at|from|in)\s+(?:the\s+)?(?-i:[A-Z])",
    # Others' work presented by someone: "M. Lindqvist presenting other groups' papers".
    r"\b(?:presenting|presented|summari[sz]ing|reviewing|(?:summary|overview|review)\s+of)\s+(?:\w+\s+)?"
    r"(?:other\s+(?:groups|teams|people|labs)"
    r"(?:'|’)s?|others(?:'|’))\s+(?:papers|work|studies|trials|data|results)\b",
    # A text that summarises the literature (not the writers' own review of it).
    r"(?<!\bwe\s)(?<!\bi\s)\b(?:summari[sz]es|summari[sz]ed|surveys|surveyed)\s+the\s+(?:\w+\s+)?literature\b",
    # A third party's text sent on by someone: "Maria forwarded the ESC congress summary".
    rf"\b(?:forwarded|sent\s+(?:round|around|on|over)|circulated|passed\s+on|shared)\s+(?:(?:us|me)\s+)?"
    rf"(?:{ART}\s+)?{WORDS}(?:{CHANNEL})\b",
    # Someone else's reading, not the writers': "(her reading, not ours)".
    r"\b(?:her|his|their|[\w-]+(?:'s|s'))\s+(?:own\s+)?(?:reading|read|notes|summary|take|account),?\s+"
    r"not\s+(?:ours|mine)\b",
    # Taken on someone's word, or from a text that summarises others' work.
    r"\btook\s+(?:the\s+|their\s+|its\s+)?(?:[\w'-]+\s+)?word\s+for\s+it\b",
    r"\bwhich\s+(?:\w+\s+){0,2}?(?:summari[sz]es|digests|reviews|compiles|synthesi[sz]es)\s+(?:[\w,]+\s+){0,3}?"
    r"(?:other|others'|other\s+(?:groups'|people's)|the\s+literature|earlier|published|existing)\b",
    r"\bsummari[sz]es\s+the\s+(?:work|research|papers|studies|literature)\s+rather\s+than\b",
    # A party said not to be the makers: "a government lab's assessment, not the vendor's".
    r"\bnot\s+the\s+(?:vendor|company|developer|maker|manufacturer|sponsor)(?:'s|s')?\b",
    # A figure taken from someone else's publication: "a figure from the agency's dashboard".
    rf"\b(?:a\s+|the\s+)?(?:figure|number|estimate|count|data)\s+(?:taken\s+)?from\s+(?:{ART}\s+)?"
    rf"{WORDS}(?:{CHANNEL})\b",
    # A party said not to be the authors: "(not by the authors)", "not involved in the work".
    _NOT_AUTHORS.pattern,
    r"\bnot\s+(?:involved|affiliated)\s+(?:in|with)\b|\bnon-?authors?\b|\b(?:unaffiliated|uninvolved)\b",
    # ... or not of the work's team: "(pathology, not on the trial)", "(other group)".
    r"\bnot\s+(?:on|in|part\s+of)\s+(?:the|our)\s+(?:trial|study|paper|team|author\s+list|group|lab|unit|"
    r"department)\b|\bnot\s+(?:us|one\s+of\s+us)\s*(?=[),;])",
    # A text that cites the primary work: "the Foundation's report, which cites the primary work".
    r"\bwhich\s+(?:cites|quotes|draws\s+on|summari[sz]es|reviews)\s+(?:the\s+)?(?:primary|original|"
    r"underlying)\s+(?:work|studies|papers|literature|research|sources)\b",
    # A text that gathers others' work: "an IUPAC report summarising earlier work".
    r"\b(?:summari[sz]ing|reviewing|compiling|pooling|synthesi[sz]ing)\s+(?:the\s+)?(?:earlier|previous|"
    r"prior|published|existing|other|others['’]|older)\s+(?:work|studies|data|literature|papers|"
    r"trials|results|reports|measurements)\b",
    r"\(\s*(?:an?\s+)?(?:other|another|different|independent|unrelated|outside)\s+"
    r"(?:group|team|lab)s?\s*\)",
    # Someone who was there, passing on what was said: "our registrar who went to ASCO said".
    r"(?<!\bauthors\s)(?<!\bauthors,\s)\bwho\s+(?:was|were|went|had\s+been|has\s+been|attended|"
    r"sat\s+in(?:\s+on)?)\s+(?:at\s+|to\s+|in\s+)?[^.;:!?]{1,40}?\s+(?:said|says|told|tells|"
    r"reported|reports|mentioned|noted|claimed|claims|wrote|writes|tweeted)\b",
    # A publication by name: "according to The Verge".
    r"\b(?:according\s+to|per|via|reported\s+(?:by|in))\s+(?-i:The\s+[A-Z])",
    rf"\b(?:learned|heard|read|saw|picked\s+up|gleaned|lifted|sourced|came\s+across|got\s+"
    rf"(?:this|it))\s+(?:about\s+(?:this|it)\s+)?(?:from|on|in|via)\s+(?:{ART}"
    rf"\s+)?{WORDS}(?:{CHANNEL}|{PERSON})\b",
    r"\bword\s+(?:on|in|from|around)\b",
    # Told in person, as a citation says it: "(Dr Ali, pers. comm.)", "(registrar, verbal)".
    r"\bpers(?:onal)?\.?\s*comm(?:unication|s)?\b|[(,]\s*verbal(?:ly)?\s*\)|\bverbal(?:ly)?\s+only\b",
    # A bracketed tag naming an organisation's summary or guidance: "[BTS Quality Standards
    # summary, 2023]".
    r"\[\s*(?-i:[A-Z]{2,})[^\[\]]{0,40}?\b(?:summary|guideline|guidance|standards?|statement)\b[^\[\]]{0,15}\]",
    # Copied from a body's report: "Summaries lifted from the ILO World Employment Outlook".
    r"\b(?:lifted|copied|borrowed)\s+(?:straight\s+)?from\s+(?:the\s+)?(?-i:[A-Z]{2,})\b",
    # Someone pointing the writers to it: "Reviewer 2 pointed us to a paper where …"; a text
    # summarising several studies: "the IMF WEO box (summarising several studies)".
    r"\bpointed\s+(?:us|me)\s+to\b",
    r"\bsummari[sz]ing\s+(?:several|many|multiple|other|various|a\s+range\s+of)\s+(?:[\w-]+\s+)?(?:studies|"
    r"papers|trials|reports|analyses|evaluations)\b",
    # A channel summarising someone's report: "RCoA e-bulletin (Feb issue), summarising the
    # NELA report:".
    rf"\b(?:{CHANNEL})\b[^.;:]{{0,30}}?,?\s+summari[sz]ing\b",
    # Heard on someone else's channel: "listened to the BJS Academy podcast episode where".
    rf"\b(?:listened\s+to|watched)\s+(?:{ART}\s+)?{WORDS}(?:{CHANNEL})\b",
    # Told by e-mail: "email from Sarah (Leeds fellow)", "Country office economist emailed:".
    r"\be-?mails?\s+from\s+(?!the\s+(?:lead\s+|first\s+|senior\s+)?authors?\b)(?:(?:our|a|the)\s+)?"
    r"(?-i:[A-Z][a-z]+)\b|\be-?mailed\s*:",
    # Someone at a meeting known by its initials: "Tom went to ESCP Barcelona".
    r"\b(?-i:[A-Z][a-z]+)\s+(?:went|was|has\s+been)\s+(?:to|at)\s+(?:the\s+)?(?-i:[A-Z]{3,}[\w-]*)\b",
    # A source named as one of a kind of channel: "From Sky & Telescope and other news coverage".
    rf"\band\s+other\s+(?:[\w-]+\s+)?(?:{CHANNEL})\b",
    # A channel given as saying it: "posts on the patient forum saying the burning settles".
    rf"\b(?:{CHANNEL})\s+(?:saying|claiming)\b",
    # A source tag by e-mail, as a citation says it: "[Dr Lind, Karolinska, by email]".
    r"[,(\[]\s*(?:by|via)\s+e-?mail\b",
    # A figure given in someone else's work: "a risk of 4-5% is given in Rook's Textbook".
    rf"\b(?:is|are|was|were)\s+(?:given|stated|quoted|listed|cited|reported)\s+in\s+(?:{ART}\s+)?"
    rf"{WORDS}(?:{CHANNEL})\b",
    # ... or a textbook or handbook as the tag in brackets: "(Paul's Soil Microbiology
    # textbook, 4th ed.)".
    r"\(\s*[^()]{0,80}?\b(?:text\s*book|handbook)\b[^()]{0,30}\)",
    # Other bodies of the same kind as the writers': "what other unions reported".
    r"\bother\s+(?:[\w-]+\s+)?(?!papers\b|studies\b|trials\b)[\w-]+s\s+(?:have\s+|had\s+)?(?:reported|said|say|"
    r"told|described|presented|shared)\b",
    # Told with no one named, in the passive: "It was pointed out at M&M that …".
    r"\bit\s+(?:was|has\s+been|had\s+been)\s+(?:pointed\s+out|mentioned|suggested|said|claimed|"
    r"reported|flagged)\s+(?:to\s+(?:us|me)\s+)?(?:that|at|during|in|by)\b",
    # Leaned on instead of the paper: "we relied on the EMA's EPAR".
    rf"\brel(?:y|ied|ying|ies)\s+(?:instead\s+|only\s+|solely\s+|entirely\s+)?on\s+(?:{ART}\s+)?"
    rf"{WORDS}(?:{CHANNEL}|{PERSON})\b",
    rf"\b(?:i|we)\s+(?:(?:had\s+to|have\s+to)\s+)?(?:used|use|went\s+by|go\s+by|worked\s+(?:from|off))"
    rf"\s+(?:instead\s+|only\s+)?(?:{ART}\s+)?{WORDS}(?:{CHANNEL})\b",
    r"(?<!\bfrom\s)(?<!\bin\s)(?<!\bat\s)(?<!\bof\s)"
    r"\b(?!(?:The|They|We|It|This|These|Their|Authors?)\b)(?-i:[A-Z])[\w&.-]+\s+(?:wrote|reported|"
    r"writes|reports)\s+that\b",
    r"\b(?:going|working)\s+off\s+what\b",
    r"\breported\s+by\s+(?!the\s+authors\b)(?:the\s+)?[A-Z][\w.-]*",
    # (or one of the writers by role: "a former Treasury official told our director")
    # ... or one of them by name: "Physio at the network meeting told Gareth that …".
    # (not the makers telling them: "the lead author told Maria that")
    r"(?<!authors\s)(?<!author\s)(?<!investigators\s)\b(?:told|tells|informed|e-?mailed)\s+"
    r"(?-i:[A-Z][a-z]+)\s+that\b",
    r"\b(?:i|we)\s+(?:spoke|talked|chatted)\s+(?:to|with)\b|\btold\s+(?:me|us|our\s+(?:director|"
    r"head|lead|chair|editor|boss))\b",
    # ... or the writers by their body's name: "a member who'd read it told the desk".
    r"(?<!authors\s)(?<!author\s)(?<!investigators\s)\b(?:told|tells|informed|e-?mailed)\s+(?:the|our)\s+"
    r"(?:desk|team|unit|group|office|committee|service|board|ward|clinic|department)\b",
    # Hearsay: "heard at the poster session that…", "overheard that…", "a colleague at the
    # meeting heard the team dropped it".
    r"\b(?:over)?heard\s+(?:it\s+)?(?:at|during|over|in\s+the\s+hallway|from|on|that)\b",
    rf"\b{PERSON}\b[^.;:!?]{{0,40}}?\b(?:over)?heard\b",
    # Another paper citing the work: "cited in another paper's intro", "a later paper's
    # related work says".
    r"\b(?:cited|quoted|mentioned|summari[sz]ed)\s+(?:in|by)\s+(?:another|a\s+(?:later|newer|"
    r"follow-?up|citing|different)|other)\s+(?:paper|study|preprint|article|review)s?\b",
    r"\b(?:another|a\s+(?:later|newer|follow-?up|citing))\s+(?:paper|study|preprint|article)"
    r"(?:'s|’s)?\s+(?:intro(?:duction)?|related[\s-]work|background|discussion)\b",
    # ... named by its part first: "Intro of the Oxford paper cites an earlier study".
    r"^\W*(?:the\s+)?(?:intro(?:duction)?|related[\s-]work|background)(?:\s+section)?\s+of\s+"
    r"(?:the\s+|a\s+)?[^.;:!?]{1,40}?\b(?:paper|study|review|article|preprint)\s+(?:cites?|mentions?|"
    r"describes?|summari[sz]es?|reports?|notes?)\b",
    # A book by its edition, speaking: "Danovitch handbook (7th ed.) says".
    r"\(\s*\d+(?:st|nd|rd|th)\s+ed(?:ition|n|\.)?\s*\)\s*(?:says|states|notes|puts|gives|lists|"
    r"describes|recommends)\b",
    # A source tag in square brackets at the end, naming an outlet's desk or issue: "[Guardian
    # health desk, 3 Feb]", "[New Civil Engineer, May issue]".
    r"\[\s*(?:the\s+)?(?-i:[A-Z][\w&'’.-]*(?:\s+[A-Z][\w&'’.-]*){0,4})\s+(?:health|science|news|"
    r"business|politics|data|environment)\s+desk\b[^\]]{0,30}\]"
    r"|\[\s*(?:the\s+)?(?-i:[A-Z][\w&'’.-]*(?:\s+[A-Z][\w&'’.-]*){0,4}),\s*(?:[A-Z][a-z]+\s+)?"
    r"(?:issue|edition|episode|ep\.?\s*\d+)\s*\]",
    rf"\b{PERSON}(?:'s|s')\s+(?:summary|notes?|take|write-?up|reading|account)\b",
    r"\b(?:summary|summaries|notes|write-?up)\s+by\s+(?:others|another|someone|a\s+"
    r"(?:colleague|reader|student|friend))\b|\bby\s+others\b",
    r"\b(?:phd\s+)?students?\s+(?:i|we)\s+(?:spoke|talked)\b",
    rf"\b(?!(?:journal|publisher|conference|workshop|arxiv|openreview|authors?|investigators?)\b)"
    rf"[\w.-]+{Q}s\s+(?:summary|write-?up|thread|blog post|newsletter|coverage)\s+"
    r"(?:says|states|reports|claims|puts|notes)\b",
    # Someone of a trade, unnamed, as the one who speaks: "An engineer at the water utility
    # says", "A state epidemiologist interviewed on local radio put it at 12%", "An outside
    # ecologist, quoted in a local paper, noted".
    r"^\W*(?:an?|one)\s+(?:[\w-]+\s+){0,2}?[a-z]+(?:ist|ian|er|or|ant)\b(?:,?\s+(?:at|from|with|"
    r"of|for|in|on|interviewed|quoted|speaking|writing)\s+[^.;:!?]{1,40}?,?)?\s+(?:says|said|told|"
    r"tells|puts|put|claims|claimed|argues|argued|reckons|reckoned|thinks|writes|wrote|replied|"
    r"replies|responded|responds|commented|comments|tweeted|tweets|noted|notes|warned|warns)\b",
    # Someone else's summary in a channel: "the guide summary in the society newsletter".
    rf"(?<!own\s)(?<!-written\s)\b(?:summary|summaries|write-?up|recap|digest|account)\s+(?:in|on|from)\s+(?!(?:the\s+)?"
    rf"{AUTHORS}|(?:their|its|his|her)\b)(?:{ART}\s+)?{WORDS}(?:{CHANNEL})\b",
    # A hat tip: "— h/t the lipid society's newsletter".
    rf"\b(?:h/t|hat[\s-]?tip)\b(?!\s*(?:to\s+)?(?:the\s+)?{AUTHORS})",
    # A named doctor or professor who speaks: "Dr Okafor, who was in the room, says".
    rf"\b(?-i:Dr|Prof|Professor)\.?\s+(?-i:[A-Z])[\w'’-]+\b(?!{Q}s\s+(?:group|team|lab|paper|study|trial|"
    r"preprint|own)\b)(?![^.;:!?]{0,30}\b(?:first|lead|senior|"
    rf"corresponding)\s+author)[^.;:!?]{{0,50}}?\b{SPEECH}\b",
    # The primary papers not checked: what was read is someone else's account of them.
    r"\bprimar(?:y|ies)\b(?:\s+(?:papers?|sources?|studies|articles?|literature|reports?|"
    r"publications?|texts?))?\s+(?:(?:were|was|are|is|have|has|had)\s+|(?:we|i)\s+(?:did|have|had)\s+)?"
    r"(?:not|never)\b(?:\s+(?:yet\s+)?(?:been\s+)?(?:checked|consulted|read|opened|seen|verified|pulled)\b)?",
    r"\b(?:not|never|without)\b[^.;:!?]{0,30}?\b(?:primar(?:y\s+(?:papers?|sources?|stud(?:y|ies)|literature|"
    r"articles?|reports?|publications?|texts?)|ies)|original\s+(?:studies|sources|literature|reports))\b",
    # A text that gathers others' work: "a background document, compiling others' data".
    rf"\bcompil(?:ing|es|ed)\s+(?:others{Q}|other\s+(?:groups{Q}|studies{Q}|people{Q}s)|published|"
    r"existing)\s+(?:data|studies|estimates|figures|results)\b",
    # A source set against the paper: "Per NREL's chart (not the LONGi paper)", "numbers
    # lifted from the journal's highlight, not the paper".
    r"\b(?:per|according\s+to|from|via|off|(?:lifted|taken|copied)\s+from)\s+(?!(?:the\s+)?(?:abstract|"
    r"summary|authors))[^.;:!?()]{1,40}?(?:,\s*|\(\s*)not\s+(?:from\s+)?the\s+(?:[\w.-]+\s+){0,2}?"
    r"(?:paper|article|study|publication|preprint)s?\b",
    # Someone's piece opening the claim: "genomeweb piece on the T2T ape genomes: …".
    r"(?:^\W*|[—–]\s*)(?:an?\s+|the\s+)?(?:[\w.&'’-]+\s+){1,3}(?:piece|story|write-?up|coverage|feature|explainer|"
    r"op-?ed|column)\s+(?:on|about|says|claims|reports)\b",
    # A news outlet by name as the subject that reports: "Education Week reported …".
    r"\b(?-i:[A-Z][\w&.-]*\s+)?(?-i:News|Week|Times|Post|Daily|Wire|Weekly|Magazine|Today|Herald|Tribune|"
    r"Telegraph|Guardian|Economist)\s+(?:reported|reports|wrote|writes|says|said|covered|notes|noted)\b",
    # A committee's survey or assessment as the source: "According to the Decadal Survey".
    r"\b(?:according\s+to|per)\s+the\s+(?-i:[A-Z][\w-]*\s+){1,3}(?-i:Survey|Report|Assessment|Outlook|"
    r"Review|Strategy|Plan)\b",
    rf"\b(?:quoted|taken|lifted|copied)\s+(?:straight\s+|directly\s+)?from\s+"
    rf"(?![^.;:!?]{{0,60}}\bby\s+the\s+authors\b)(?:{ART}\s+)?{WORDS}(?:{CHANNEL}|{PERSON})\b",
    # A sentence that only names its source, as a label: "From the EEA's briefing.",
    # "Via a colleague at the meeting."
    rf"^\W*(?:from|via|per|out\s+of|(?:taken|drawn|lifted|relayed)\s+from)\s+(?:{ART}\s+)?{WORDS}"
    rf"(?:{CHANNEL}|{PERSON})\b(?:\s+(?:on|about|of|for|at|in)\s+[^.;:!?]{{1,40}}?)?\W*$",
    *shorthand.SECONDARY,
)
# The authors' own words are not a third party's.
_AUTHORS_OWN = _rx(
    rf"\b{AUTHORS}{Q}?s?{Q}?\s+(?:own\s+)?(?:[\w-]+\s+){{0,2}}?(?:blog|thread|post|tweet|x|"
    r"announcement|summary|video|talk|press)",
    r"(?<!not )(?<!not the )\bauthors themselves\b",
    r"\b(?:the\s+)?(?:authors|paper)\s+(?:\w+\s+)?(?:report|reports|reported|say|says|state|"
    r"states|write|writes|note|notes|show|shows|claim|claims)\s+that\b",
    r"\b(?:per|according to|as)\s+the\s+authors\b",
    r"\btheir own\s+(?:blog|thread|post|announcement)\b",
    # Whoever made the work, by any name: "the breeders' own press release", "the lab's own blog".
    rf"\b(?!(?:{PERSON})\b)[\w-]+(?:{Q}s|s{Q})\s+own\s+(?:[\w-]+\s+){{0,2}}?(?:blog|thread|post|"
    r"tweet|announcement|summary|video|talk|press)",
    MAKERS,
    # A person who is one of the authors: "she's a co-author".
    r"\b(?:she|he)(?:'s|\s+is|\s+was)\s+(?:a|one\s+of\s+the)\s+co-?authors?\b",
    # The authors quoting someone: their paper is still the source.
    r"\b(?:the\s+)?authors,?\s+(?:\w+\s+)?(?:quoting|citing)\b",
    r"\b(?:the\s+)?authors\s+(?:\w+\s+)?(?:quote|quotes|quoted|cite|cites|cited|mention|"
    r"mentions|refer to|refers to)\b",
    *shorthand.AUTHORS_OWN,
)

# The makers' own institution or channel speaking for them: "the authors' university press
# release", "the institute's media release on its own trench study", "the school's news
# office says its researchers'", "the trial hospital's communications team": a summary by
# the makers, so abstract only.
_MAKERS_CHANNEL = _rx(
    rf"\b(?-i:{AUTHORS})(?:{Q}s|s{Q}|{Q})\s+(?:own\s+)?(?:[\w-]+\s+){{0,2}}?{OWN_CHANNEL}\b",
    # ... their own news piece: "the researchers' own university news piece".
    rf"\b(?-i:{AUTHORS})(?:{Q}s|s{Q}|{Q})\s+own\s+(?:[\w-]+\s+){{0,2}}?news\s+(?:pieces?|stor(?:y|ies)|"
    r"articles?)\b",
    # ... capitalised as the claim's lead: "Investigators' results posting on the registry".
    rf"^\W*(?-i:Authors?|Investigators?|Trialists?|Sponsors?|Researchers)(?:{Q}s|s{Q}|{Q})\s+"
    rf"(?:own\s+)?(?:[\w-]+\s+){{0,2}}?{OWN_CHANNEL}\b",
    # The makers heard in person: "Heard the report's lead author present it at the launch".
    rf"\bheard\s+(?:the\s+)?(?:[\w'’-]+\s+){{0,2}}?(?-i:{AUTHORS})\s+(?:present|presenting|speak|"
    r"speaking|talk|talking|explain|explaining)\b",
    rf"\b{OWN_CHANNEL}\b[^.;]{{0,40}}?\b(?:on|about|of|describing|announcing|for)\s+(?:its|their)\s+"
    r"own\s+[\w'-]+",
    rf"\b{OWN_CHANNEL}\b[^.;]{{0,60}}?\b(?:its|their)\s+(?:own\s+)?(?:researchers|scientists|team|"
    r"investigators|staff)\b",
    # ... or of its makers' product: "The brochure claims their app picks up 95%", "the
    # lab's own website says their pipeline detects".
    rf"\b{OWN_CHANNEL}\b[^.;]{{0,30}}?\b(?:says|said|claims|claimed|states|stated|promises)\s+(?:that\s+)?"
    r"(?:its|their)\s+(?:own\s+|new\s+)?(?:[\w-]+\s+)?(?:app|device|product|drug|system|pipeline|method|"
    r"tool|kit|test|assay|software|platform|catalyst|coating|model|sensor|dressing|formulation)s?\b",
    rf"\b(?-i:[A-Z][\w&.-]*(?:\s+[A-Z][\w&.-]*){{0,5}})(?:'s|s')\s+own\s+(?:[\w-]+\s+){{0,2}}?"
    rf"(?:{OWN_CHANNEL}|release|news\s+item|newsroom\s+post|statement|summary(?!\s+of\s+(?:the|an?)\b)|bulletin|brochure|(?:results\s+)?brief)\b",
    r"\bfirst[\s-]party\s+(?:announcement|release|claim|statement|figures?)\b",
    # The makers asked about their own work: "a podcast interview with the report's co-author".
    r"\binterview(?:ed)?\s+with\s+(?:the\s+|one\s+of\s+the\s+)?(?:[\w'’-]+\s+){0,2}?(?:co-?|lead\s+|"
    r"first\s+|senior\s+|corresponding\s+)?authors?\b",
    rf"\b(?:in|via|through)\s+(?:its|their|his|her)\s+own\s+(?:[\w-]+\s+){{0,2}}?{OWN_CHANNEL}\b",
    rf"\b(?:discovery|research|science|study|trial|project|mission|survey|instrument|sample)[\s-]teams?"
    rf"(?:{Q}s|s{Q})?\s+(?:own\s+)?(?:[\w-]+\s+)?{OWN_CHANNEL}\b",
    rf"\b{OWN_CHANNEL}\b[^.;:]{{0,40}}?\bby\s+the\s+(?:[\w-]+\s+){{0,2}}?(?:team|authors|group|researchers|"
    r"investigators)\s+themselves\b",
    rf"\b{OWN_CHANNEL}\b[^.;:]{{0,20}}?\b(?:written|prepared|issued|produced|drafted)\s+(?:with|by|together\s+"
    rf"with|jointly\s+with)\s+(?:the\s+)?{AUTHORS}\b",
    # The makers speaking through their own channel: "in their conference talk the study
    # authors reported", "the study authors reported in their talk".
    rf"\b(?:in|at|during|on|via)\s+their\s+(?:own\s+)?(?:[\w-]+\s+){{0,2}}?{OWN_CHANNEL}\b"
    rf",?\s+(?:the\s+)?(?:(?:study|trial|lead|paper{Q}?s?)\s+)?(?-i:{AUTHORS})\b(?!\s+of\b)",
    rf"\b(?:the\s+)?(?:(?:study|trial|lead|paper{Q}?s?)\s+)?(?-i:{AUTHORS})\s+(?:\w+\s+){{0,3}}?"
    rf"(?:in|at|during|on|via)\s+(?:their|her|his)\s+(?:own\s+)?(?:[\w-]+\s+){{0,2}}?{OWN_CHANNEL}\b",
    # A channel by someone named as one of the authors: "the grand rounds talk by Dr.
    # Lindqvist (first author)".
    rf"\b{OWN_CHANNEL}\s+(?:given\s+|written\s+)?by\s+(?:[^.;:()]|(?<=\bDr)\.|(?<=\bProf)\.){{1,40}}?"
    r"\(\s*(?:the\s+|an?\s+|one\s+of\s+the\s+)?(?:(?:lead|first|senior|corresponding|last|co-?)\s*)?"
    r"authors?\s*\)",
    # A group's channel about its own work: "Poster by the Ohio group: their survey …".
    rf"\b{OWN_CHANNEL}\b[^.;]{{0,40}}?\bby\s+the\s+(?:[\w-]+\s+){{0,3}}?(?:group|team|lab|"
    r"consortium|collaboration)\b(?=\s*[:,]\s*(?:their|its)\s+(?:own\s+)?(?:survey|study|"
    r"trial|work|data|results|paper|analysis|experiments?|model|observations?)\b)",
    # A channel said to be the makers' by "by" or "of": "webinar by the authors", "press
    # release of the authors (PIK)", "talk by the trial PI", "the authors' university's
    # release"; not "a post by the authors of a rival method".
    r"\b(?:(?:press|news|media)\s+releases?|releases?|webinar|talk|slides|columns?|seminar|"
    r"presentation|lectures?|keynote|press\s+(?:conference|briefing)|blog(?:\s+posts?)?)\b"
    r"(?:(?!recap|summary|round-?up|write-?up|digest|coverage|review)[^.;:]){0,20}?"
    r"\b(?:by|of|from)\s+(?:the\s+)?(?:(?:trial|study|lead|first|"
    rf"senior|corresponding)\s+)?(?<![\w-])(?:{AUTHORS})(?![\w-])(?!\s+of\b)",
    # A channel whose maker is said to have done the work: "Application note from Halvorsen,
    # the company that makes the catalyst and ran these tests", "Investor presentation by
    # Solvanta, who developed and tested the coating", "results posted by the sponsor, which
    # ran the trial", "a newsletter written by the study authors".
    rf"\b(?:{OWN_CHANNEL}|{CHANNEL}|results|note)\s+(?:[\w.-]+\s+){{0,2}}?(?:from|by)\s+"
    r"[^.;:,()]{1,40}?[,(—–]\s*(?:the\s+[\w-]+\s+)?(?:that|which|who)\s+(?:also\s+)?"
    r"(?:[^.;:,]{0,40}?\s+(?:and|&)\s+)?(?:ran|run|runs|conducted|performed|tested|sponsored|"
    r"funded|did|carried\s+out|led)\s+(?:the|these|this|its|their|our)\b",
    rf"\b(?:{OWN_CHANNEL}|{CHANNEL}|results)\b[^.;:]{{0,30}}?\b(?:written|prepared|issued|posted|"
    rf"given|presented|run|put\s+out)\s+by\s+(?:the\s+)?(?!(?:rival|other|outside|independent)\b)"
    rf"(?:[\w-]+\s+)?(?:(?:study|trial|paper{Q}?s?)\s+)?(?<![\w-])"
    rf"(?:{AUTHORS})(?![\w-])(?!\s+of\b)",
    # The makers speaking on a channel of their own: "Lead author on Twitter: …", "the
    # investigators, via their webinar".
    rf"(?<!\bof\s)(?<!\bof\sthe\s)\b(?-i:{AUTHORS})\s*,?\s+(?:on|via)\s+(?:their\s+|his\s+|"
    rf"her\s+)?(?:twitter|x|bluesky|mastodon|linkedin|youtube|{OWN_CHANNEL})\b(?=\s*[:,]|\s+\w+s\b)",
    # "the university's press release on the authors' work".
    rf"\b{OWN_CHANNEL}\b[^.;:]{{0,40}}?\b(?:on|about|describing|announcing)\s+the\s+(?:{AUTHORS})"
    rf"(?:{Q}s?|s{Q})\s+(?:own\s+)?(?:work|paper|study|research|results|findings)\b",
    # "ACS webinar (their own slides)", "talk (own presentation)".
    rf"\b{OWN_CHANNEL}\b[^.;:]{{0,40}}?\(\s*(?:(?:their|his|her|its)\s+)?own\s+(?:[\w-]+\s+)?"
    r"(?:slides|presentation|talk|post|blog|release|summary|words|product|work|study|model|data|trial|"
    r"project|results)\b",
    # Anyone's own channel, when "own" says the makers speak: "the research groups' own press
    # releases"; and a channel "from the observatories themselves".
    rf"(?<!competing )(?<!rival )(?<!other )(?<!another )(?<!independent )(?<!outside )"
    rf"\b(?!(?:{PERSON})\b)[\w-]+(?:{Q}s|s{Q})\s+own\s+(?:[\w-]+\s+){{0,2}}?{OWN_CHANNEL}\b",
    rf"\b{OWN_CHANNEL}\s*\(?\s*(?:from|by|of)\s+(?:the\s+)?(?:[\w-]+\s+){{0,2}}?[\w-]+\s+"
    r"(?:themselves|itself)\b",
    # The makers issuing it: "The authors' lab put out a press release saying …".
    rf"\b(?-i:{AUTHORS})(?:{Q}s|s{Q}|{Q})\s+(?:own\s+)?(?:lab|group|team|university|institute)\s+(?:put\s+out|"
    rf"issued|released|posted|published)\s+(?:an?\s+|their\s+|its\s+)?(?:[\w-]+\s+)?{OWN_CHANNEL}\b",
    # The authors' own piece on their paper, whatever its name: "The authors' own FEDS Note
    # on their paper".
    rf"\b(?-i:{AUTHORS})(?:{Q}s|s{Q})\s+own\s+(?:[\w-]+\s+){{0,3}}?(?:on|about|of|summari[sz]ing)\s+"
    r"(?:their|the)\s+(?:own\s+)?(?:paper|study|work|trial|results|findings)\b",
    # ... the study's own site, in a writer's other grammar: "the ALLEGRO trial own website".
    rf"\b(?:trial|study|project|mission|lab|company)(?:{Q}s|s{Q})?\s+own\s+(?:[\w-]+\s+){{0,2}}?"
    rf"(?:{OWN_CHANNEL}|website|web\s*site|home\s*page)\b",
    rf"\b(?:trial|study)\s+(?:hospital|institute|university|centre|center|lab)(?:{Q}s)?\s+{OWN_CHANNEL}\b",
    # What only the maker of a medicine writes: its label, package leaflet and summary of
    # product characteristics; the sponsor on its own channel ("the sponsor's topline
    # release"); and results posted by those who ran the trial ("Sponsor posted results on
    # clinicaltrials.gov"). (Writers differ on a company's release: it stays secondary.)
    # A channel whose owner is said in brackets to have run the work: "the manufacturer's
    # investor slides (they ran the trial)".
    rf"\b{OWN_CHANNEL}\b[^.;:()]{{0,20}}?\(\s*(?:they|it|which|who)\s+(?:also\s+)?(?:ran|run|"
    r"conducted|sponsored|funded|did|led)\s+(?:the|this|that|these)\b",
    r"\b(?:SmPCs?|summary\s+of\s+product\s+characteristics|(?:package|patient|pack)\s+"
    r"(?:inserts?|leaflets?)|prescribing\s+information|(?:product|drug)\s+(?:label(?:ling)?|monographs?))\b",
    # ... or its label and data sheet by the maker's name: "Maker's label for the filter".
    rf"\b(?<!rival\s)(?<!competing\s)(?<!another\s)(?:maker|manufacturer|vendor)(?:{Q}s|s{Q})\s+(?:own\s+)?"
    r"(?:product\s+)?(?:label(?:ling)?|(?:technical\s+)?data[\s-]?sheets?|spec(?:ification)?[\s-]sheets?|"
    r"monographs?|leaflets?|inserts?)\b",
    # ... or "of the maker": "Per the instructions leaflet of the maker".
    r"\b(?:leaflets?|inserts?|instructions|labels?|data[\s-]?sheets?)\s+(?:of|from)\s+the\s+(?:maker|manufacturer|"
    r"vendor|supplier)\b",
    # ... and a data or spec sheet by a maker's name: "Nortek's spec sheet for the Signature1000",
    # "the Chemours datasheet for Nafion HP".
    r"\b(?-i:[A-Z][\w&-]+)\s+(?:technical\s+)?data[\s-]?sheet\b",
    rf"\b(?-i:[A-Z][\w&-]+)(?:{Q}s|s{Q})\s+(?:own\s+)?(?:product\s+)?(?:(?:technical\s+)?data[\s-]?sheets?|"
    r"spec(?:ification)?[\s-]sheets?)\b",
    rf"\b(?:the\s+|its\s+)?sponsor(?:{Q}s)?\s+(?:own\s+)?(?:[\w-]+\s+)?{OWN_CHANNEL}\b",
    r"\b(?:the\s+)?(?:company|sponsor|manufacturer|investigators|trialists)\s+(?:posted|published|"
    r"released|uploaded|reported)\s+(?:its\s+|their\s+|the\s+)?(?:topline\s+|full\s+)?results\s+"
    r"(?:on|to|at|in)\b",
    # A talk whose speaker is said to be one of the authors: "Notes from the IZA seminar - the
    # presenter was one of the co-authors".
    rf"\b{OWN_CHANNEL}\b[^.;:]{{0,40}}?(?:[(,;—–]|\s-)\s*(?:the\s+|its\s+|our\s+)?(?:presenter|speaker|"
    r"lecturer|host|panell?ist)\s+(?:was|is|being)\s+(?:one\s+of\s+|also\s+)?(?:the\s+|its\s+)?"
    r"(?:co-?|lead\s+|first\s+|senior\s+|last\s+)?authors?\b",
    # An institution's channel said to be the authors' own: "Harvard's press office (the
    # lead author is there)", "the press release, where the team is based", "(authors are
    # NHM staff)", "(their own survey team did the work)".
    rf"\b{OWN_CHANNEL}\b[^.;:]{{0,8}}?[(,—–]\s*(?:where\s+)?(?:the\s+|its\s+|their\s+)?(?:own\s+)?"
    r"(?:lead\s+|senior\s+|first\s+|corresponding\s+)?(?:[\w-]+\s+){0,2}?(?:authors?|team|"
    r"researchers|group|investigators?)\s+(?:is|are|was|were|works?|did)\s+(?:\w+\s+)?(?:based|"
    r"there|staff|employed|the\s+work)\b",
)

# The makers' channel as where the words come from, not only named ("the authors' tweet got
# pushback"); and a third party's recap of it ("a newsletter recap of the authors' thread").
_AS_SOURCE = re.compile(
    rf"\b(?:per|according\s+to|going\s+by|based\s+on|from|in|on|via|{SPEECH}|saying|gives|gave|announced|"
    r"announces|heard|"
    r"show|shows|showed|shown|presented|presents|presenting|summari[sz]e|digest|items?)\b",
    re.I,
)
_LABEL_END = re.compile(
    # ... or a bracket closed before a colon or a dash: "From producer leaflet (Exparel SmPC) –".
    r"(?:\s+(?:for|of|on|about)\s+[^:;.!?]{1,40}?)?(?:\s*\([^()]{0,40}\))?\s*:\s|\s*\)\s*(?::|[—–]|\s-)\s"
)
_RECAP_OF = re.compile(
    r"\b(?:(?:recap|summary|round-?up|write-?up|digest)\s+of|quoting|quotes|quoted|citing|relaying|"
    r"relays|paraphrasing|paraphrases|echoing|echoes)\s+(?:from\s+)?(?:the\s+)?$",
    re.I,
)


def _makers_summary(text: str) -> re.Match[str] | None:
    """The makers' own channel named in ``text``, unless someone else recaps it, the text
    denies it is the authors', or the reading went past it."""
    makers = _MAKERS_CHANNEL.search(text)
    if (
        makers is None
        or _third_party_recap(text, makers.start())
        or _NOT_AUTHORS.search(text)
        or goes_beyond_abstract(text)
    ):
        return None
    return makers


def makers_channel_heading(heading: str) -> Signal | None:
    """A heading naming the makers' own channel ("ACS webinar by the authors (their own
    slides)", "Press release of the authors (PIK)"): the source of the claims under it, a
    summary by the makers, so abstract only; never when the heading goes past it."""
    text = spelled_out(heading)
    makers = _makers_summary(text[:1].lower() + text[1:])  # "Authors' presentation"
    if makers is None:
        return None
    reading = reading_signal(heading)
    if reading is not None and reading.value == FULL_TEXT:
        return None
    return Signal(ABSTRACT_ONLY, makers)


def _third_party_recap(sentence: str, at: int) -> bool:
    """ "a newsletter recap of the authors' thread": someone's recap of the makers' channel;
    a sentence that opens with "Digest of …" is the writers' own compilation, not a recap."""
    recap = _RECAP_OF.search(sentence, 0, at)
    return bool(recap) and bool(re.search(r"\w", sentence[: recap.start()]))


# Words that judge the evidence itself: an artefact, overstated, noise, p-hacking.
_VERDICT = (
    r"(?:artefacts?|artifacts?|overstat\w*|oversell\w*|oversold|premature|noise|spurious|"
    r"confound\w*|p-?hack\w*|fluke|dressed\s+up|too\s+(?:good|strong|clean|tidy)|unconvinc\w*|"
    r"fragile|shaky|inflated|optimistic|cherry-?pick\w*|selection\s+(?:effect|bias)|"
    r"regression\s+to\s+the\s+mean|unfair|being\s+sold|rebound|wishful|hype\w*|thin\s+evidence|"
    r"doubt\w*|suspicious\w*|fair\b)"
)
# The team, or one of its members by role, as notes name them: "Forecast from the group:",
# "Registrar's take:", "Pharmacist recommendation:".
_TEAM_ROLE = (
    r"(?:group|team|desk|editors?|wiki|lab|modell?er|registrar|pharmacist|statistician|analyst|"
    r"consultant|fellow|resident|gp|physio(?:therapist)?|nurse|dietitian|microbiologist|"
    r"head\s+of\s+(?:research|unit|department|service|policy|economics)|patient\s+partner|"
    # (a lead of the writers' own, not the study's: "test lead", not "trial lead")
    r"patient\s+rep(?:resentative)?|lay\s+member|"
    r"(?!(?:study|trial|project|research|principal)\s)[\w-]+\s+lead(?!\s+authors?\b))"
)
# The writers as an institution, as notes name it: "the committee", "the office", "staff",
# "the reading group", "our outreach team".
_OWN_UNIT = r"(?:committee|office|staff|group|team|desk|board|unit|department|circle|club|service)"
_OWN_UNIT_MODIFIER = r"(?:reading|research|outreach|editorial|planning|policy|journal-club|duty)"
# A writer's initials, as notes sign or label with them: "(—KP)", "Forecast (NM):".
_INITIALS = r"(?-i:[A-Z]{2,3})"
# The writers named as a body: the wiki, its editors, or the institution that keeps it.
_WRITERS_BODY = rf"(?:{_OWN_UNIT_MODIFIER}\s+)?(?:{_OWN_UNIT}|wiki|editors?)"
_EDITORIAL = _rx(
    # The writers' view in the passive, as a committee writes it: "It is nonetheless felt
    # that the benefit will narrow".
    r"\bit\s+is\s+(?:nonetheless\s+|still\s+|however\s+|generally\s+|also\s+)?(?:felt|judged)\s+that\b",
    r"\bi\s+reckon\b",
    # The writers' own leaning or forecast: "we lean towards the view that", "we expect at
    # least two more", "the wiki reckons", "to us this suggests".
    r"\b(?:we|i)\s+(?:lean|incline)\s+(?:towards?|to)\b|\b(?:we|i)\s+(?:would\s+)?(?:expect|"
    r"predict|forecast|anticipate)\b(?!\s+(?:from|in)\s+the\s+(?:paper|authors))",
    r"\b(?:the|our)\s+(?:team|desk|wiki|editors?)\s+reads?\s+(?:the|this|that|it|these|those)\b"
    r"[^.;:!?]{0,80}?\bas\b",
    rf"\b(?:team|desk|editors?|wiki)(?:{Q}s|s{Q})?\s+consensus\b",
    r"(?<!\bletter\s)(?<!\bletters\s)\b(?:to|for)\s+(?:these|this|the)\s+editors?\b",
    # The writers as a body ("the wiki", "the editors", "the committee", "the office", "staff",
    # "the reading group"; not "the NICE committee", "the safety committee") judging or
    # deciding: "the team reckons", "the committee suspects", "staff are uneasy".
    rf"(?:^|[,;:—–]\s*|\b(?:the|this|these|our)\s+){_WRITERS_BODY}\s+(?:still\s+|also\s+|therefore\s+)?"
    r"(?:reckons?|expects?|believes?|suspects?|doubts?|bets?|predicts?|guesses|holds?|would|"
    r"felt|feels|thinks|thought|"
    r"remains?\s+(?:\w+\s+)?(?:cautious|unconvinced|sceptical|skeptical|doubtful|wary|uneasy)|(?:is|are)\s+"
    r"(?:\w+\s+)?(?:uneasy|wary|unconvinced|not\s+convinced|sceptical|skeptical|doubtful)|will\s+(?:not|"
    r"never|recommend|assume|keep|continue|use|adopt|advise)|won't|shall|keeps?\s+the|recommends?)\b",
    r"\bas\s+(?:(?:committee|office|team|group|house|editorial|our)\s+)?policy\b",
    r"\bas\s+(?:we|i)\s+see\s+it\b|\bto\s+our\s+mind\b|\b(?:we|i)\s+hold\s+that\b",
    # The writers' course of action: "we'd push for brightness caps", "we'd fund demo plants".
    r"\b(?:i|we)\s+would\s+(?:\w+ly\s+)?(?:push|press|argue|lobby|fund|back|support|oppose|phase|favou?r|"
    r"prioriti[sz]e|require|mandate|insist|recommend|drop|skip|reject|approve|reimburse|adopt|hold|"
    r"defer|prefer|avoid|switch)\b",
    # "I'd put it at 5%", not "what I'd put in the wiki" (the writing, not a judgement).
    r"\b(?:we|i)\s+would\s+(?:put|place|peg|estimate|guess|bet|want|need)\b"
    r"(?!\s+(?:\w+\s+)?(?:in|into|on)\s+(?:the|this|our)\s+(?:wiki|page|notes?|entry|table))",
    # "a juxtaposition that is the wiki's", "a hypothesis of ours", "Speculatively,", "hot take
    # from the desk", "a forecast we will stand by", "sceptical aside from us", "Expect X to …".
    r"\b(?:is|are)\s+(?:the|this)\s+wiki(?:'s|s')\b|\bpurely\s+(?:the|this)\s+wiki(?:'s|s')",
    rf"\b{VIEW}s?\s+of\s+(?:ours|mine)\b|\bspeculatively\b",
    r"\b(?:hot\s+)?takes?\s+from\s+the\s+(?:desk|editors?|wiki)\b",
    r"\b(?:forecast|prediction|bet|call)\s+(?:that\s+)?(?:we|i)\s+(?:will\s+|would\s+)?stand\s+by\b",
    r"\b(?:sceptical|skeptical|critical|cautious)\s+(?:aside|note|remark)\b|\baside\s+from\s+(?:us|me|"
    r"the\s+editors?)\b",
    r"^\W*expect\s+(?!the\s+authors)",
    r"\bpredictions?\s+(?:from|by)\s+(?:the\s+)?editors?\b|\((?:eds?\.?|editors?)\)",
    r"^\W*to\s+(?:us|me)\s*,?\s+(?:this|that|it|these|the\s+[\w-]+)\s+(?:\w+\s+)?(?:suggests?|"
    r"looks?|seems?|reads?|implies|means|points?)\b",
    r"\bpersonal\s+(?:interpretation|commentary|reading|opinion|view)\b|\bown\s+commentary\b",
    r"\bspeaking\s+for\s+(?:myself|ourselves)\b|\b(?:author|writer)\s+of\s+this\s+(?:note|"
    r"page|entry)\b",
    r"\beditor(?:'s|s')\s+(?:comment|remark|aside|gloss|opinion|view)\b",
    r"\b(?:i|we)\s+(?:still\s+|really\s+|just\s+)?(?:do\s+not|don't|did\s+not|cannot|can\s*not)\s+(?:quite\s+|really\s+)?buy\b",
    r"\b(?:from where|the way|as)\s+i\s+(?:sit|stand|see it)\b|\bif you ask me\b",
    r"\(\s*(?:mine|ours|my\s+own|our\s+own)\b[^()]{0,40}\)|\bcommentary\b[^.;]{0,10}?\b(?:mine|ours)\b",
    r"\bwe\s*\(\s*(?:the\s+)?(?:wiki|editors?|maintainers?)[^)]*\)",
    r"\beditor(?:'s|s'|s)\s+(?:own\s+)?(?:assessment|reading|view|judge?ment|take|note|synthesis|"
    r"interpretation|conclusion|inference|pairing|guess)\b",
    # The writer's own verdict opening a sentence, no one else named: "Hard to believe …",
    # "Not convinced.", "Caveat emptor: …", "One suspects …", "Too good to be true".
    r"(?:^|[:;—–]\s*)\W*(?:hard\s+to\s+(?:believe|see|trust|buy)|not\s+(?:convinced|persuaded)|doubtful|"
    r"unconvinced|unpersuaded|sceptical|skeptical|(?:a\s+)?(?:pity|shame)\b|"
    r"dubious|too\s+good\s+to\s+be\s+true|bold\s+claim|"
    # "Honestly, …" opens a verdict, not a disclosure of the source ("Honestly this one is
    # from the interaction table").
    r"(?:frankly|honestly|candidly)(?![,\s]+(?:this|it|that)(?:\s+one)?\s+(?:is|was|comes|came)\s+"
    r"(?:from|off|via|based))|"
    r"to\s+be\s+honest|caveat\s+emptor|"
    r"(?:interesting|plausible|impressive|nice|neat|promising|striking|intriguing),?\s+but|one\s+(?:suspects|wonders|doubts|worries)|to\s+(?:our|my)\s+minds?|"
    r"expect\s+(?:follow-?ups?|later\s+(?:studies|work)|replications?)|(?:i|we)\s+would\s+(?:want\s+to\s+"
    r"see|not\s+lean|hesitate|wait))\b",
    # A hedge opening the sentence with a verdict on the evidence in it: "Seems overstated.",
    # "Likely an artefact of the scanning pattern", "This smells like p-hacking".
    rf"(?:^|[:;]\s*)\W*(?:(?:this|it|that)\s+)?(?:seems|seemed|looks|feels|smells|likely|probably|"
    rf"perhaps|arguably|suspect|not\s+sure)\b[^.;:!?]{{0,80}}?\b{_VERDICT}",
    # The writer's synthesis of papers: "Put together with …, this suggests …", "This pairs
    # naturally with …", "Reading the two meta-analyses side by side, …".
    r"(?:^|[:;]\s*)\W*(?:(?:put|taken|read|combined|paired|seen)\s+(?:together\s+)?(?:with|next\s+to|"
    r"alongside|beside)(?=[^.;:!?]{1,80}?,\s*(?:this|that|it|these|they|we|i|the\s+(?:two|three|pair|"
    r"picture|evidence|papers|studies|results))\b)|pairing\s+(?:this|it)\s+with|reading\s+(?:the\s+)?[\w-]+(?:\s+[\w-]+)?\s+side"
    r"\s+by\s+side|this\s+(?:pairs|fits)\s+(?:naturally\s+|well\s+)?with)\b",
    r"\b(?:worr(?:ies|ied)|troubles?|bothers?)\s+(?:us|me)\b",
    # "Our two cents:", "our 2c"; "I'd recommend we wait".
    r"\b(?:my|our)\s+(?:two|2)\s*(?:cents|c|p|pence)\b|\b(?:my|our)\s+\$?0\.02\b",
    r"\b(?:i|we)\s+(?:would\s+|do\s+|still\s+|\w+ly\s+){0,2}(?:recommend|advise|urge|advocate)\b",
    # One of the writers quoted giving a verdict or a forecast: "'Nobody will change their
    # protocol until there's a UK trial,' says Jo, our midwife researcher"; "Ruth (senior
    # fiscal analyst): 'the headroom is wafer-thin'".
    r"[\"“'‘][^\"”]{0,200}?(?:\b(?:will|won't|would|wouldn't|should|shouldn't|can't|cannot|never|"
    r"unlikely|doubt)\b|n't\b)[^\"”]{0,200}?[\"”'’]\s*,?\s*(?:says|said|adds|added|reckons)\s+"
    r"(?-i:[A-Z][a-z]+),\s+our\s+",
    rf"^\W*(?-i:[A-Z][a-z]+)\s*\((?:[\w-]+\s+){{0,3}}?{_TEAM_ROLE}\)[^:\"“]{{0,80}}:\s*[\"“]"
    r"[^\"”]{0,200}?\b(?:will|won't|would|should|can't|cannot|never|unlikely|doubt|too|thin|weak|"
    r"wafer-thin|fragile|optimistic|overstated)\b",
    # A writer's own words signed with their initials: "hype well ahead of data (—KP)".
    rf"\(\s*[—–-]\s*{_INITIALS}\s*\)\W*$",
    # What the team should do in practice, not a reading of theirs still to come: "we should
    # not start the new protocol until staffing improves", "we should hold off".
    # (not someone's argument: "the authors argue we should stop screening")
    r"(?:^|[.;:!?—–]\s*)(?:(?!\b(?:argues?|argued|says?|said|claims?|claimed|suggests?|suggested|"
    r"writes?|wrote|urges?|urged|thinks?|believes?|insists?|insisted|told|tells)\b)[^.;:!?—–]){0,80}?"
    r"\bwe\s+(?:still\s+|probably\s+|really\s+)?should\s+(?:not\s+|never\s+|still\s+|now\s+)?"
    r"(?:start|stop|wait|switch|adopt|introduce|roll\s+out|hold\s+off|keep|continue|offer|"
    r"prescribe|avoid|drop|prefer|change|move|scale\s+up|pilot|stock|fund|order|list|say\s+so)\b",
    # "we read the acceleration as a cropland thing": the writers' reading of a finding.
    r"\b(?:i|we)\s+read\s+(?:the|this|that|it|these|those)\s+(?:[\w-]+\s+){0,3}?as\b"
    r"(?!\s+(?:well|far|much|soon|part|a\s+whole|carefully|closely))",
    r"^\W*putting\s+[^.;:!?]{1,60}?\s+side\s+by\s+side\b",
    # The writers pooling papers: "Pooling the three recent meta-analyses ourselves: …".
    r"^\W*(?:pooling|combining|synthesi[sz]ing|putting\s+together|taking\s+together|reading\s+together)\s+"
    r"(?:the\s+|these\s+)?"
    r"(?:[\w-]+\s+){0,4}?(?:papers|studies|trials|meta-analyses|analyses|reviews|results|cohorts)\b",
    # A team member's label: "Registrar's take:", "Pharmacist recommendation:".
    rf"^\W*(?:(?:policy|trial|our|the)\s+)?(?:{_TEAM_ROLE}|{_OWN_UNIT}|research\s+lead|pharmacy|house|"
    r"facility|station|practice|clinic|ward|service|institute|centre|center)"
    rf"(?:{Q}s)?(?:\s+|\s*,\s*)(?:take|view|"
    r"verdict|recommendation|forecast|interpretation|reading|opinion|call|note|ass?ess?ment|position|line|"
    r"policy|stance)(?:\s+(?:for\s+now|so\s+far|here|today|for\s+the\s+moment|in\s+short)|\s+(?:after|on|"
    rf"for)\s+[^:;—–]{{1,40}}?)?(?:\s*\({_INITIALS}\))?\s*(?::|—|–|\s-\s)"
    # (not a reading named by what was read: "Policy team reading — full reports")
    r"(?!\s*(?:the\s+)?(?:full|whole|complete|entire)\b)",
    rf"\bin\s+(?:the\s+)?{_TEAM_ROLE}(?:{Q}s|s{Q})\s+(?:own\s+)?(?:view|opinion|reading|judge?ment|"
    r"estimation|assessment)\b",
    # A team member's comment or the team's statistics corner as the label: "Stats corner:
    # …", "Statistician's comment: …" (a bare "Statistician:" may head someone's report).
    rf"^\W*(?:{_TEAM_ROLE}|statistician|stats?)(?:{Q}s)?(?:\s+\([^()]{{1,20}}\))?\s+(?:comment|corner|"
    r"aside|remark)\s*:",
    # "we would keep deciding case by case": the writers' own practice.
    r"\b(?:i|we)\s+would\s+(?:keep|continue|stick|stay|still)\b",
    # "One" as the writer: "one remains unpersuaded", "colour me doubtful", "have not cured
    # one of doubting".
    r"\bone\s+(?:still\s+|rather\s+)?(?:remains?|is|feels?|stays?)\s+(?:\w+\s+){0,2}?(?:unpersuaded|"
    r"unconvinced|unmoved|uneasy|doubtful|sceptical|skeptical|wary|unsure|not\s+(?:convinced|persuaded))\b",
    r"\b(?:not|never)\s+cured\s+(?:me|us|one)\s+of\b|\bread\s+by\s+(?:the\s+)?(?:committee|office|team|"
    r"group|editors?|desk|staff)\s+as\b",
    r"\bcolou?r\s+me\s+(?:\w+\s+)?(?:doubtful|sceptical|skeptical|unconvinced|unimpressed|impressed|"
    r"surprised|cautious|wary|curious)\b|\b(?:cured|relieved|disabused)\s+(?:me|us|one)\s+of\b",
    r"\b(?:i|we)\s+rather\s+(?:doubt|suspect|think|fear|hope)\b",
    # Distrust, the writers' or urged on the reader: "I still don't trust the detection",
    # "Don't believe the claim that …".
    # ... joined by "and" to the writers' own reading: "We read the full paper and still don't
    # buy the conclusion", "We read the whole thing and are sceptical".
    r"\b(?:i|we)\s+[^.;:!?]{1,60}?\band\s+(?:still\s+|yet\s+|remain\s+|are\s+|am\s+|were\s+|was\s+)*"
    r"(?:(?:do|did)\s+not\s+(?:really\s+|quite\s+|fully\s+)?(?:trust|believe|buy)\b|sceptical|skeptical|"
    r"unconvinced|unpersuaded|doubtful|not\s+convinced)",
    r"\b(?:i|we)\s+(?:still\s+|just\s+|really\s+|honestly\s+){0,2}(?:do|did)\s+not\s+"
    r"(?:really\s+|quite\s+|fully\s+)?(?:trust|believe|buy|think)\b"
    r"|(?:^|[:;—–]\s*)\W*do\s+not\s+(?:believe|trust|buy)\s+(?:the|this|that|these|their|its)\b",
    r"\b(?:i|we)\s+would\s+(?:rather\s+not|counsel|caution|advise\s+against|warn)\b",
    r"\b(?:i|we)\s+will\s+say\s+(?:it|this)\s+plainly\b|\bto\s+put\s+it\s+plainly\b",
    r"\b(?:a|our|my)\s+(?:recommendation|opinion|judge?ment|view|verdict|guess),?\s+not\s+(?:a\s+)?(?:finding|"
    r"fact|result)s?\b",
    r"\b(?:i|we)\s+(?:\w+ly\s+)?(?:agree|concur)\b(?!\s+with\s+(?:the|their|its)\b)|\bwith\s+which\s+(?:i|we)\s+"
    r"(?:\w+ly\s+)?agree\b|\b(?:i|we)\s+remain\s+of\s+the\s+(?:view|opinion)\b",
    # "leaves us sceptical", "didn't change our mind", "not the review's view but ours".
    r"\b(?:leaves?|left|makes?|made|keeps?)\s+(?:us|me|one)\s+(?:\w+\s+)?(?:sceptical|skeptical|"
    r"unconvinced|doubtful|uneasy|wary|unpersuaded|unmoved|cautious)\b|\b(?:did|does|do)\s+not\s+change\s+"
    r"(?:our|my)\s+minds?\b|\bbut\s+(?:ours|mine)\b",
    # A judgement named as a label: "Hunch only:", "Speculation —", "(Our guess:)".
    r"(?:^|[(\[]\s*)\W*(?:(?:a|my|our|pure|just\s+a|best|(?:my|our)\s+best|practical|top)\s+)?(?:hunch|guess|bet|tips?|speculation|speculative|conjecture|"
    r"hypothesis|suspicion|impression|take|verdict|interpretation|inference|extrapolation|forecast|"
    r"prediction|synthesis|recommendation|bottom\s+line|take-?home|practice\s+point|for\s+practice|"
    r"policy\s+(?:implications?|read|reading|takeaway|point|upshot)|upshot|takeaway|opinion|comments?|"
    r"commentary)"
    rf"(?:\s+(?:from|by|of)\s+(?:us|me|(?:(?:the|our)\s+)?(?:(?-i:[A-Z]{{2,4}})\s+)?"
    rf"(?:{_TEAM_ROLE}|{_OWN_UNIT})(?:\s+(?:meeting|discussion|huddle|call|chat))?"
    r"(?:\s*\((?-i:[A-Z][a-z]+)\))?))?"
    r"(?:\s+(?:for|on|to|about|after|having)\s+[^:;.—–]{1,50}?)?"
    r"(?:\s+only|,\s*nothing\s+more|,\s*no\s+more|,\s*not\s+[\w.'’-]+(?:\s+[\w.'’-]+)?)?"
    # (whose, in brackets: "(team view)", or the writer's initials: "Forecast (NM):")
    r"(?:\s*\((?:[\w'’-]+\s+){0,2}?(?:consensus|view|team|group|unit|clinic|ours|mine)\)"
    rf"|\s*\({_INITIALS}\))?\s*(?::|—|–|\s-\s)",
    # ... "Best guess, the trend carries on"; "Worth flagging: the gain looks fragile".
    r"^\W*(?:(?:my|our)\s+)?best\s+guess\s*,|^\W*worth\s+(?:flagging|noting|saying)\s*:",
    # After a reading, a doubt with no one named: "Having read the whole paper, still doubt
    # the gain", "still sceptical their study generalises", "still not convinced".
    r"\bstill\s+(?:(?:a\s+bit|quite|very|somewhat|rather)\s+)?(?:sceptical|skeptical|doubtful|unconvinced|"
    r"not\s+convinced|not\s+sure|unsure|doubt|doubts|wary|unpersuaded)\b",
    # What the writers should do, and what their experience says: "We should ask for their
    # cells before believing it", "in our experience nothing gets people home faster".
    # (not someone else's argument about it: "The authors argue we should stop screening")
    r"(?<!argue\s)(?<!argues\s)(?<!argued\s)(?<!says\s)(?<!said\s)(?<!suggest\s)(?<!suggests\s)"
    r"(?<!that\s)\b(?:we|i)\s+should\s+(?:probably\s+|really\s+|first\s+)?(?:ask|wait|check|get|insist|"
    r"hold|push|request|avoid|stop|start|try|consider)\b|\bin\s+(?:our|my)\s+(?:own\s+)?experience\b",
    # Too weak to act on, with no one named: "Too small and too short to change our referral
    # criteria", "too uncertain to hang the advisory on", "Not enough here to justify moving".
    # (at the sentence's head, not a finding's "far too small to move H0" nor a review that
    # "concludes the evidence is too weak to act on")
    r"^\W*(?:(?!(?:is|are|was|were|be|been|concludes?|finds?|found|says?|said|puts?)\b)[\w'’-]+\s+){0,4}"
    r"too\s+(?:small|short|weak|underpowered|few|noisy|uncertain|thin|early|limited|shaky)\b"
    r"(?:\s+(?:and|or)\s+too\s+\w+)?\s+to\s+(?:change|justify|hang|support|headline|act|move|base|"
    r"recommend|fund|trust|rely)\b",
    r"^\W*not\s+enough\s+(?:here\s+|evidence\s+|data\s+)?to\s+(?:justify|change|warrant|support)\b",
    r"\b(?:unlikely|not\s+likely)\s+to\s+be\s+(?:clinically|practically|economically)\s+(?:meaningful|"
    r"relevant|important)\b|\b(?:looks|seems)\s+underpowered\b",
    # The evidence judged: "Evidence doesn't back them".
    r"\b(?:the\s+)?evidence\s+(?:does|do)\s+not\s+(?:back|support|justify|warrant)\b",
    # The writers' synthesis named as the label: "Synthesis of DB-04, DB-06 and TROPiCS-02:".
    r"^\W*(?:(?:my|our|a)\s+)?synthesis\s+of\s+[^:;.—–]{1,60}?\s*(?::|—|–)",
    r"\beditorial\w*\b|\bopinion\s*:|[(\[]\s*(?:my\s+|our\s+)?opinion\s*[)\]]",
    r"\b(?:my|our)\s+(?:own\s+)?commentary\b|\bspeculative\b[^.;]{0,20}?\b(?:my|our)\s+own\b",
    r"\b(?:wiki|maintainers?|editors?)\b[^.;]{0,25}?\b(?:interpret|read|view|think|judge|"
    r"consider|regard|characteri[sz]e)\w*\b",
    r"\bnote\s+from\s+the\s+editors?\b",
    # "our view", "my considered, if provisional, opinion", "the team's interpretation",
    # "in the editors' estimation", "the view of the editors": the writers' own judgement.
    rf"\b(?<!extent\sof\s)(?<!limit\sof\s)(?:(?:my|our)\s+(?:own\s+)?(?:(?:team|group|lab|editors?){Q}s\s+)?|(?:the|this|"
    rf"our)\s+{_WRITERS_BODY}(?:{Q}s|s{Q})\s+)(?:[\w'’-]+,?\s+){{0,3}}?"
    rf"{VIEW}\b(?!\s+(?:group|club|list|room|session|circle|lead))",
    rf"\b{VIEW}\s+of\s+(?:the|this)\s+{_WRITERS_BODY}\b",
    r"\b(?:i|we)(?:\s*\([^()]{1,30}\))?\s+(?:\w+\s+)?(?:infer|suspect|speculate|conjecture|guess|"
    r"extrapolate|would "
    r"argue|read\s+(?:this|it|the\s+result)\s+as|take\s+(?:this|it)\s+as|connect|group|pair|"
    r"link|believe|think|judge|deem)\b",
    # The writers holding something to a verdict: "We consider their occupancy model
    # overfitted", "we do not find the overshoot scenario plausible".
    rf"\b(?:i|we)(?:\s*\([^()]{{1,30}}\))?\s+(?:do\s+not\s+|did\s+not\s+|still\s+|would\s+)?"
    rf"(?:consider|find|regard|rate)\s+"
    rf"(?:[\w'’-]+\s+){{0,6}}?(?:to\s+be\s+|as\s+)?(?:rather\s+|too\s+|very\s+|quite\s+)?{VERDICT_WORD}\b",
    # "I'm", "we're": contractions are written out before matching (see spelled_out).
    r"\b(?:i am|we are)\s+(?:\w+\s+)?(?:speculating|guessing|inferring|extrapolating|"
    r"editoriali[sz]ing|reading into)\b",
    r"\bin\s+(?:my|our)\s+(?:own\s+)?(?:view|opinion|reading|judge?ment|estimation|"
    r"assessment)\b",
    r"\bpersonal\s+(?:take|view|opinion|note|reading)\b|\bpersonally\b",
    r"\b(?:to my mind|my two cents|if you ask me|in my opinion|on my reading)\b",
    # The writer's own stance: "seems to me", "I'm inclined to", "I'd wager", "I doubt".
    r"\b(?:seems|seemed|appears|looks|looked|strikes|struck|feels)\s+(?:[\w-]+\s+){0,3}?(?:to\s+)?"
    r"(?<!\bby\s)(?<!\bat\s)(?:me|us)\b(?!\s+(?:that\s+)?the\s+authors)",
    # A verdict the writers hear in the figure: "the drop screams a phase transition to us".
    r"\b(?:screams|suggests|smells\s+like|sounds\s+like|reads\s+like)\b[^.;:!?]{0,50}?"
    r"\bto\s+(?:us|me)\s*(?:[,.;:!?)—–]|$)",
    # The sentence opened for the writers: "For us the idea is overstated", "To me, weak".
    r"^\W*(?:for|to)\s+(?:me|us)\b(?!\s+to\b)",
    # The writers putting a claim forward as theirs: "we would tentatively suggest that",
    # "we contend that", "we say so, the review doesn't".
    r"\b(?:i|we)\s+(?:would\s+)?(?:\w+ly\s+)?(?:suggest|propose|contend|maintain|submit|argue)\s+"
    r"that\b|\b(?:i|we)\s+say\s+(?:so|this|that)\b",
    # The writers' leaning without its subject: "still reckon", "and honestly still sceptical".
    r"(?:^|[,;:—–]\s*|\b(?:i|we)\s+)(?:still\s+|also\s+)?reckon\b",
    r",\s*(?:still\s+|honestly\s+)?(?:not\s+(?:convinced|persuaded)|unconvinced|unpersuaded)\s+by\b",
    r"\b(?:and|but)\s+(?:honestly\s+|frankly\s+|still\s+){0,3}(?:sceptical|skeptical|unconvinced|"
    r"unpersuaded|doubtful|not\s+(?:convinced|sold|persuaded))\b",
    r"\b(?:i|we)\s+(?:\w+ly\s+|nonetheless\s+|nevertheless\s+|still\s+|also\s+)?(?:am|are|feel|remain)"
    r"(?:\s*,[^,.;:!?]{1,30},)?\s+"
    r"(?:[\w-]+\s+){0,3}?(?:inclined|tempted|"
    r"minded|skeptical|sceptical|doubtful|unconvinced|unpersuaded|not\s+(?:convinced|persuaded|sold)|"
    r"convinced|confident|sure|certain|persuaded|wary|suspicious|unsure|not\s+sure|torn)\b",
    # The writer's terms before trusting a figure: "we'd want an independent replication".
    r"\b(?:i|we)\s+would\s+(?:\w+ly\s+)?(?:want|need|like)\s+(?:to\s+see\s+)?(?:an?\s+|the\s+|some\s+)?"
    r"(?:[\w-]+\s+){0,3}?(?:replication|details?|controls?|data|evidence|confirmation|check)\b",
    r"\b(?:i|we)\s+(?:would|will)\s+(?:\w+ly\s+)?(?:wager|bet|venture|hazard|"
    r"not\s+(?:trust|rely|bet|buy|lean|put\s+much|take\s+(?:this|it|the))|never\s+(?:trust|rely|bet|lean))\b",
    r"\b(?:i|we)\s+(?:still\s+|also\s+|really\s+|do\s+|\w+ly\s+){0,2}(?:doubt|worry|wonder|disagree|"
    r"distrust|question)\b",
    # The writers' verdict on a figure: "we still consider 3% elongation disqualifying".
    # (or the writers as a body, or their lab: "The lab judges rapid ATP testing fine for …")
    rf"\b(?:i|we|the\s+team|our\s+(?:team|group|unit)|the\s+(?:{_WRITERS_BODY}|lab))\s+"
    r"(?:still\s+|also\s+|\w+ly\s+)?"
    r"(?:consider|considers|deem|deems|find|regard|regards|judges)\s+(?!that\b)"
    r"(?:the\s+|this\s+|its\s+|their\s+|an?\s+)?(?:[\w%.'’-]+\s+){1,6}?(?:(?:as\s+)?(?:too\s+\w+|"
    r"(?:un)?convincing|disqualifying|compelling|misleading|worrying|reassuring|disappointing|"
    r"underwhelming|promising|troubling|(?:im)?plausible|(?:un)?reliable|(?:in)?credible|"
    r"(?:un)?believable|premature|weak|thin|(?:un)?likely|overstated|inflated|questionable|"
    r"fine|(?:un)?acceptable|(?:un)?suitable|(?:un)?usable|unjustified|unwarranted|unsupported|"
    r"irrelevant|decisive|fatal|(?:in)?adequate|(?:in)?sufficient|(?:the\s+)?(?:strongest|weakest|best|worst|"
    r"clearest|most\s+[\w-]+|least\s+[\w-]+)))\b",
    r"\b(?:i|we)\b[^.;:!?]{0,60}?\b(?:and|but)\s+(?:still\s+|also\s+)?(?:doubt|question|distrust|"
    r"think|believe|suspect|"
    r"remain\s+(?:sceptical|skeptical|unconvinced|doubtful))\b",
    # ... by one of them named: "Dr Okafor read all of it, every table, and judges the rise
    # to be confounded"; "Even after reading the full report Ana reckons …".
    r"^\W*(?:dr\.?\s+)?(?-i:[A-Z][a-z]+)\s+(?:read|went\s+through|worked\s+through|checked)\b"
    r"[^.;:!?]{0,60}?\band\s+(?:still\s+)?(?:judges|considers|reckons|thinks|believes|doubts)\b",
    r"\b(?:after|having)\s+(?:reading|read|gone\s+through|going\s+through)\b[^.;:!?]{0,60}?"
    r"\b(?-i:[A-Z][a-z]+)\s+(?:still\s+)?(?:reckons|thinks|believes|doubts|judges|considers)\b",
    # ... with the writers' subject left out after their own reading: "Read it all and still
    # think the record is a champion cell".
    r"^\W*(?:read|went\s+through|gone\s+through|worked\s+through|been\s+through|checked)\b"
    r"[^.;:!?]{0,60}?\b(?:and|but)\s+(?:still|yet)\s+(?:doubt|question|distrust|think|believe|"
    r"suspect|reckon|feel)\b",
    r"\bcount\s+(?:me|us)\s+(?:\w+\s+)?(?:unconvinced|sceptical|skeptical|doubtful|among\s+the\s+"
    r"(?:sceptics|skeptics|doubters)|out)\b",
    r"\b(?:yours truly|this writer|the present (?:writer|author))\b|[\[(]\s*ed\.?\s*[\])]",
    r"\b(?:i|we)\s+(?:would|am inclined to|are inclined to|tend to)\s+(?:\w+\s+)?(?:think|read|"
    r"guess|say|bet|argue|suspect|interpret|characteri[sz]e|call|describe|classify|frame|see|"
    r"consider|view)\b|\bi\s+am\s+guessing\b",
    r"\b(?:speculation|conjecture|guesswork|inference)\s+on\s+(?:my|our)\s+part\b",
    r"\bthis\s+is\s+(?:my|our|a)\s+(?:own\s+)?(?:conjecture|guess|speculation|hunch|inference)\b",
    r"\b(?:wiki\s+)?editors(?:'|s')?\s+(?:own\s+)?(?:assessment|reading|view|judge?ment|take)\b",
    r"\beditorial(?:\s+(?:note|comment|aside))?\s*:|\beditoriali[sz]ing\b",
    r"\b(?:is|are|was)\s+(?:mine|ours)\b",
    rf"\bthe\s+writer{Q}s\b",
    rf"\b(?:(?:this|the)\s+(?:wiki|page|note|notes)|this\s+editor|these\s+editors)(?:{Q}s|s{Q})\s+"
    r"(?:own\s+)?",
    r"\b(?:to|for)\s+(?:me|us),?\s+(?:this|it|that|the\s+\w+)\s+(?:\w+\s+)?(?:looks|seems|reads|"
    r"feels|smells|sounds)\b",
    r"\blabell?ed as such\b|\breading between the lines\b",
    *shorthand.EDITORIAL,
)
# The writers' verdict with no one named, as notes give it: a recommendation ("should be
# parked until a second visit", "Treat Seattle as a lower bound", "Skip."), a verdict on a
# claim or a framing ("a bridge at best", "running ahead of the data", "was oversold",
# "Heroic."), a synthesis of papers ("Putting the two papers together", "Set against …"),
# irony ("Ironic that …"), a forecast without a figure ("will fade once …"). Read only where
# no one else is named as saying it (``_ATTRIBUTED``, the secondary words).
_UNSIGNED_VERDICT = _rx(
    # A recommendation (not "I should read the appendix": a plan of the writer's).
    rf"(?<!\bi\s)(?<!\bwe\s)\b(?:should|ought\s+to)\s+(?:not\s+|never\s+|still\s+|now\s+)?(?:be\s+)?"
    rf"{RECOMMENDED}\b",
    # An imperative opening a sentence or clause: "Skip.", "Treat Seattle as a lower bound".
    r"(?:^|[.;:—–]\s*)(?-i:Treat|Skip|Recommend|Ignore|Discount|Avoid|Beware|Don'?t\s+(?:expect|trust|bother|"
    r"cite|quote)|Do\s+not\s+(?:expect|trust|bother|cite|quote))\b(?!\s+et\s+al)",
    # A verdict as a fragment ("Heroic.", "— shaky.") or after a copula ("was oversold").
    rf"(?:^|[.;:—–]\s*){VERDICT_WORD}\s*[.!]?\s*$",
    # ... opening the claim, in lower case the splitter keeps with what follows ("overhyped.
    # open-label, surrogate endpoint"), or denied as its lead ("Not practice-changing for …").
    rf"^\W*{VERDICT_WORD}\s*[.!:](?=\s)|^\W*not\s+{VERDICT_WORD}\b",
    rf"\b(?:was|were|is|are|looks?|seems?|remains?|got|gets)\s+(?:\w+\s+)?{VERDICT_WORD}\b",
    rf"\b{VERDICT_IDIOM}\b",
    # A synthesis of papers: "Putting this week's two papers together", "Set against …".
    r"\bputting\s+(?:[\w'’-]+\s+){0,6}?together\b|^\W*(?:set|read|taken)\s+against\b|"
    r"^\W*side\s+by\s+side\b|^[^.:;]{2,40}?\s\+\s[^.:;]{2,40}?\btogether\s*:|^\W*taken\s+together\b|"
    # (a comparison of the writers' own: "Comparing the two cohorts", "Comparing DELIVER and
    # EMPEROR-Preserved,"; not "Comparing against baselines, the model gains 3 points").
    r"^\W*comparing\s+(?:the\s+)?(?:two|three|four|both|these|those)\b|"
    r"^\W*comparing\s+[\w-]+\s+(?:and|with|to|against)\s+[\w-]+\s*,|"
    r"^\W*across\s+(?:the\s+)?(?:two|three|four|five|both|these|all(?:\s+the)?)\s+(?:[\w-]+\s+){0,2}?"
    r"(?:trials|studies|papers|cohorts|meta-analyses)\b",
    # What the writers would not do with it: "wouldn't cite it as proof".
    r"\bwould\s+not\s+(?:cite|trust|use|rely\s+on|quote|recommend|prescribe|bet\s+on|switch|"
    r"start|adopt|change\s+(?:our\s+|the\s+|any\s+)?(?:[\w-]+\s+)?(?:practice|protocols?|policy|"
    r"guidelines?|prescribing|pathway))\b",
    # A hedged inference or forecast opening the claim, no one else named: "Probably a
    # dust-reddened AGN rather than a starburst", "Likely to become the default clean-up".
    # (a guess at where a figure came from, "Presumably from the v1 PDF", is no verdict)
    r"^\W*(?:probably|most\s+likely)\b[^.;:]{0,60}\brather\s+than\b|^\W*(?:likely|unlikely)\s+to\b",
    # A forecast after a dash or a colon: "Worth watching — expect sodium-ion to take …".
    r"[—–:;]\s*expect\s+(?!the\s+authors)",
    # Irony and the writers' sigh: "Ironic that …", "Nice to see …", "Still waiting for …".
    r"^\W*(?:mildly\s+|somewhat\s+|deeply\s+)?(?:ironic(?:ally)?|irony)\b|^\W*(?:nice|good|refreshing)\s+"
    r"to\s+see\b|^\W*still\s+waiting\s+for\b|^\W*of\s+course\b|^\W*yet\s+another\b|"
    r"^\W*(?:predictably|unsurprisingly|sadly|alas|"
    r"tellingly)\b",
    # A forecast about the field with no figure: "will fade once real wages rise".
    rf"\bwill\s+(?:\w+ly\s+)?{FORECAST}\b|\bcoming\s+(?:soon|once)\b",
    # The team named without "our": "team hunch", "regarded by the team as".
    r"\b(?:team|group|lab|desk)\s+(?:hunch|view|verdict|take|opinion|guess|call|consensus|position|"
    r"bet|judge?ment|recommendation|advice|pick|reading\s*[:,—–)])|\b(?:regarded|seen|judged|considered|viewed)\s+by\s+"
    r"(?:the|this|our)\s+(?:team|editors?|wiki|desk)\b",
)
# Someone else named as the one who says it: "the authors argue doses should be lowered".
_ATTRIBUTED = re.compile(
    rf"\b(?:{AUTHORS}|they|the\s+(?:paper|study|trial|report|review|guidelines?|panel|agency|"
    r"committee|investigators?|researchers)|guidelines?)\b[^.;:!?]{0,60}?\b(?:argue[sd]?|conclude[sd]?|"
    r"finds?|found|says?|said|recommend(?:s|ed)?|suggest(?:s|ed)?|shows?|showed|claim(?:s|ed)?|"
    r"state[sd]?|warn(?:s|ed)?|writes?|wrote|predict(?:s|ed)?|expect(?:s|ed)?|calls?\s+for|"
    r"advise[sd]?|urge[sd]?)\b",
    re.I,
)
# The authors' own summary ("the authors' own summary video"), not a third party's recap.
_PERSON_RX = re.compile(rf"\b{PERSON}\b", re.I)
_SUMMARY_RX = re.compile(rf"\b{SUMMARY}\b", re.I)
# The paper said not to have been read ("the survey paper was not read"), as against no
# access to it ("the PDF link was broken").
_NOT_READ = re.compile(
    r"\b(?:not|never)\s+(?:\w+\s+)?(?:read|consulted|opened|checked|saw|seen|got|gotten|had|"
    r"accessed|obtained|go|gone|went|dig|dug|look|looked)\b|\bun(?:read|opened)\b"
    # "none of the papers were opened"
    r"|\bnone\s+of\s+[^.;:!?]{0,30}?\b(?:was|were)\s+(?:read|opened|consulted|seen|checked)\b",
    re.I,
)
# "read only the …", "read the …": the verb of a reading, not "my read on this".
_READ_AS_VERB = re.compile(
    r"\s+(?:only|just|solely|merely|the|an?|its|their|through|it|this|that|every|each)\b", re.I
)
# Someone else's reading: "participants who read the full paper", "those who had read it".
_RELATIVE_READER = re.compile(
    r"\b(?!(?:i|we|us)\b)[a-z]+,?\s+who(?:['’]d)?\s+(?:has\s+|had\s+|have\s+)?(?:\w+\s+)?$", re.I
)
_OWN_CHANNEL = re.compile(
    r"\bown\s+(?:[\w-]+\s+){0,2}?(?:blog|thread|post|tweet|announcement|video|talk|press)", re.I
)
_GUESSED_READING = re.compile(
    r"\b(?:presumably|probably|apparently|likely|seemingly|supposedly|maybe|perhaps)\s+$", re.I
)
_READING_NOUN = re.compile(r"\bread(?:ing)?\s*$", re.I)
# "our reading is still that …": the reading named as a conclusion, a judgement.
# "…; that is our reading after going through the methods": the reading named as a verdict.
_THAT_IS = re.compile(r"\b(?:that|this|which)(?:\s+(?:is|was)|'s)\s+$", re.I)
# "My read is that …", also with an aside between: "My read, after going through the tables,
# is that …".
_VIEW_THAT = re.compile(
    r"(?:\s*,[^,.;:!?]{1,80},)?\s+(?:is|was|remains|stays)\s+(?:still\s+|also\s+)?(?:that\b|:)",
    re.I,
)
# "a Lancet editorial", "the journal's editorial", "an (accompanying) editorial in Nature": a
# publication's piece, not the writer's ("as an editorial aside" stays the writer's).
_PUBLISHED_EDITORIAL = re.compile(
    rf"(?:\b[\w-]+{Q}s?\s+(?:(?-i:[A-Z])[\w&.-]*\s+){{0,3}}|\b(?:an?|the)\s+"
    rf"(?:(?:accompanying|linked|related|latest|recent)\s+)?(?:(?-i:[A-Z])[\w&.-]*\s+){{1,3}}"
    r"|\b(?:an?|the)\s+(?:(?!(?:wiki|team|desk|house|site)\b)[a-z]+\s+)?"
    r"(?=editorial\s+(?:in|by|from|published|run|written)\b))editorial\b",
    re.I,
)
_OWN_SUMMARY = re.compile(rf"\bown\b|\b{AUTHORS}{Q}?s?{Q}?\s+(?:\w+\s+)?(?:summary|recap)", re.I)
_ASIDE = re.compile(r",\s*which\s+$", re.I)
_HEDGE = re.compile(
    r"(?:i|we)\s+(?:think|believe|guess)\s*[.!?]?\s*$"
    # ... or a hedge on what was read, set in a list: "I read the whole paper, I believe
    # including the secondary tables".
    r"|(?:i|we)\s+(?:think|believe)\s+(?:including|incl\.|with|plus|and)\b",
    re.I,
)
_NOT_MINE = re.compile(r"\bnot\s+(?:my|our|mine|ours)\b", re.IGNORECASE)


# A verdict of degree: "too small to matter", "too noisy to use".
_TOO_TO = re.compile(r"\btoo\s+\w+\s+to\s+\w+", re.I)
# A reading's object denied after a comma: "read, no full text", "read; not the whole paper".
_NO_PART = re.compile(r"[,;]\s*(?:but\s+)?(?:no|not\s+the)\s+(?:full|whole|complete)\b", re.I)
_THIRD_PARTY_SUMMARY = re.compile(
    r"\b(?:summary|summaries|write-?up|notes|recap|round-?up)\b", re.I
)
# A summary a third party made of its own text, named with it: "the WHO guideline summary",
# "Cochrane review summary", "ASCO Daily News highlights": the summary is theirs, not the
# paper's, so what stands on it is secondary. Not the makers' own ("the press release
# highlights", "the authors' blog summary").
_THEIR_SUMMARY = re.compile(
    rf"\b(?P<owner>{CHANNEL}){Q}?s?\s+(?:[\w-]+\s+){{0,2}}?(?:summar(?:y|ies)|highlights?|"
    r"key[\s-]points?|recaps?)\b",
    re.I,
)


def third_party_summary(text: str) -> re.Match[str] | None:
    """A third party's summary of its own text named in ``text`` (``_THEIR_SUMMARY``)."""
    match = _THEIR_SUMMARY.search(text)
    if match is None:
        return None
    if _MAKERS_OWNER.search(text, max(0, match.start() - 30), match.end("owner")):
        return None
    if re.fullmatch(r"articles?", match.group("owner"), re.I):
        return None  # "the article summary": the paper's own, as often as a news article's
    return match


# The summary's owner is the makers or the writers: "the authors' blog", "our newsletter".
_MAKERS_OWNER = re.compile(rf"\b(?:{OWN_CHANNEL}|own|our|my|we|{AUTHORS})\b", re.I)


@dataclass(frozen=True)
class Signal:
    value: str
    match: re.Match[str]
    # An editorial verdict given with no one named (``_UNSIGNED_VERDICT``): the writers'.
    unsigned: bool = False
    # An abstract-only level given by the makers' own channel, not by a reading stopped short.
    makers: bool = False


_NEG_NEAR = re.compile(
    r"\b(?:not|never|without|no|nor|nothing|nobody)\b(?:\s+\w+){0,4}\s*$",
    re.IGNORECASE,
)


# A reading denied just after the thing named: "the full methods we could not access".
_DENIED_AFTER = re.compile(
    r"[^.;!?()]{0,25}?\b(?:(?:we|i)\s+(?:could|can|did|do|have|had)\s+not\s+(?:yet\s+)?"
    r"(?:access|open|get|read|see|find|obtain|reach|check)\w*|(?:is|was|were|are)\s+(?:still\s+)?"
    r"(?:not\s+(?:available|accessible|open)|unavailable|paywalled|inaccessible)|unavailable\s+to\s+us|"
    r"out\s+of\s+(?:our\s+)?reach)\b",
    re.I,
)


# No one of the writers as the reader: "nobody has read the papers yet".
_NOBODY = re.compile(
    r"\b(?:nobody|no\s+one|none\s+of\s+us|neither\s+of\s+us)\s+(?:[\w']+\s+){0,5}$", re.I
)


def _positive(pattern: re.Pattern[str], sentence: str, *, reach: int = 12) -> re.Match[str] | None:
    """The first match not negated by the words just before it ("haven't read…") or just
    after it ("the full methods we could not access")."""
    for match in pattern.finditer(sentence):
        before = sentence[max(0, match.start() - reach) : match.start()]
        negation = _NEG_NEAR if reach > 12 else _NEG
        chain = sentence[max(0, match.start() - 60) : match.start()]
        if (
            negation.search(before)
            or _NEG_CHAIN.search(chain)
            or _NONE_OF.search(chain)
            or _FUTURE.search(chain)
            or _NOBODY.search(chain)
        ):
            continue
        if _DENIED_AFTER.match(sentence, match.end()) or _DENIED_WITHIN.match(match.group(0)):
            continue
        if _CLOSES_ASIDE.search(match.group(0)):
            continue  # "Dr. Lind (not on the paper) read it": the paper is in an aside
        if not _UNREALISED.search(match.group(0)):
            return match
    return None


# The things read, all denied as the subject: "none of these were read beyond the abstract".
_NONE_OF = re.compile(
    r"\b(?:none|neither)\s+of\s+(?:the\s+|these\s+|those\s+|them\s+|their\s+|its\s+)?(?:[\w-]+\s+)?"
    r"(?:was|were|has|have|had|got)\s+(?:been\s+)?(?:\w+ly\s+)?$",
    re.I,
)


# A bracket closed that the match did not open: its words before it are an aside's.
_CLOSES_ASIDE = re.compile(r"^[^(]*\)")


# The reader denied between subject and verb, inside the match: "we never got the full text".
_DENIED_WITHIN = re.compile(
    r"(?:i|we|they|the\s+team|our\s+team)\s+(?:never|not|(?:have|had|did|do|could|can|would)"
    r"(?:\s+not|n['’]t))\b",
    re.I,
)


# "This isn't hearsay", "not an editorial judgement": the word named only to be denied.
_DENIED = re.compile(
    r"\b(?:not|never|no)\s+(?:an?\s+|the\s+|just\s+)?$"
    # A view not yet formed: "haven't formed my own view", "not reached a verdict".
    r"|\b(?:not|never)\s+(?:yet\s+)?(?:formed|reached|taken|settled\s+on|come\s+to)\s+(?:an?\s+)?$",
    re.I,
)


def _not_denied(pattern: re.Pattern[str], sentence: str) -> re.Match[str] | None:
    for match in pattern.finditer(sentence):
        if not _DENIED.search(sentence[max(0, match.start() - 12) : match.start()]):
            return match
    return None


def _negated_full_reading(sentence: str) -> re.Match[str] | None:
    """ "I haven't read the full paper": a reading of the paper, negated."""
    for match in _FULL_TEXT.finditer(sentence):
        chain = sentence[max(0, match.start() - 60) : match.start()]
        if _NEG.search(sentence[max(0, match.start() - 12) : match.start()]) or _NEG_CHAIN.search(
            chain
        ):
            return match
    return None


# The paper's own materials beyond its summary, handled by the writers: "we pulled the
# authors' VCFs and recounted", "the extended-data curves, which we scrutinised, agree",
# "replication package rerun on our side", "Table 7, seen first-hand". A careful reader
# takes any clause in which the writers (we, I, us, our, first-hand) work with the paper's
# tables, figures, appendix, supplement, data, code or the paper itself as a reading of it.
_THING = (
    r"(?:data(?:\s*(?:sets?|release|files?|supplement|appendix|layers?))?|microdata|code|"
    r"scripts?|pipelines?|workflows?|notebooks?|repository|repo|reads|fastqs?|vcfs?|layers|"
    r"(?:summary\s+)?statistics|tables?|figures?|figs?|plots?|curves?|appendi(?:x|ces)|"
    r"supplement\w*|methods|logs?|bitstream|instrument|counts|series|traces|spreadsheets?|"
    r"tabulations?|datasets?|(?:data\s+)?extracts?|recordings?|scans?|records|light\s+curves|"
    r"materials|package|archive|note|files?|listings?|chains|posteriors?|deposits?|outputs|"
    r"grids|coordinates|archives|spectr(?:um|a)|histograms?|downloads?|xlsx|csv|protocols?|SAP|"
    r"observations|exposures|output|catalogues?|catalogs?|(?:data\s+)?cubes|procedures?|SI|CIFs?|"
    r"waveforms?|seismograms?|fits|"
    r"crystal\s+structures?|experimental(?:\s+(?:section|part|details))?|visibilit(?:y|ies))"
)
# The paper's parts named first, then the reading, as a label: "Whole paper incl.
# supplementary worked through:", "Lancet full text and forest plots gone over:",
# "Supplementary appendix pulled for Clarity AD —".
_PARTS_THEN_READ = sieved(
    re.compile(
        rf"(?:^|[(;:—–]\s*)(?:[\w.'’-]+\s+){{0,2}}?{WHOLE_PAPER}(?:\s*(?:and|\+|&|incl\.?|including|"
        rf"with)\s+(?:the\s+)?(?:[\w.-]+\s+){{0,2}}?[\w.-]+)?\s+(?:(?:was|were|all|both)\s+)?{READ}"
        r"(?:\s+(?:line\s+by\s+line|carefully|closely|in\s+detail))?"
        r"(?:\s+(?:for|of|from|on)\s+[^.;:!?—–]{1,30}?|\s+by\s+(?:the\s+|our\s+)?(?:[\w-]+\s+)?(?:team|group|"
        r"lab|unit|desk|office|us|me)\b"
        # ... or by one of the writers named, perhaps with their role: "by Tom (our band 7)".
        r"|\s+by\s+(?-i:[A-Z][a-z]+)(?:\s*\((?:our|my)\s+[^()]{1,20}\))?)?\s*(?:[:;,)—–]|-(?=\s)|$)",
        re.I,
    )
)
_MATERIAL = sieved(
    re.compile(
        # Whose: "the authors' VCFs", "the working paper's regression tables", "its appendix".
        rf"\b(?:their|its|(?-i:[A-Za-z][\w-]*)(?:'s|s'))\s+(?:[\w-]+\s+){{0,3}}?{_THING}\b"
        # Released or part of the paper: "the deposited reads", "Supplementary Note 6".
        rf"|\b(?:released|deposited|posted|public|raw|replication|supplementary|extended[\s-]data|archival|"
        rf"source)\s+(?:[\w-]+\s+){{0,3}}?{_THING}\b"
        rf"|\b{_THING}\s+(?:that\s+)?(?:the\s+authors|they)\s+(?:posted|released|deposited|shared|"
        r"published|put\s+online)\b"
        r"|\be?(?:tables?|figs?\.?|figures?|notes?)\s+S?[A-Z]?\d+[a-z]?\b"
        rf"|\b{_THING}\s+(?:on|in|from)\s+(?:zenodo|github|gitlab|osf|figshare|dryad|dataverse|"
        r"hydroshare|pangaea|the\s+repo(?:sitory)?)\b"
        r"|\b(?:released|deposited|public)\s+(?:[\w-]+\s+){0,2}?models?\b"
        r"|\b(?:the\s+)?(?:trial|paper|study|preprint|article|report)\s+itself\b"
        # Read by the writer in person: "read the SMART trial myself".
        r"|(?<=\bread\s)the\s+(?:[\w-]+\s+){0,2}?(?:trial|paper|study|preprint|article|report)\s+"
        r"(?:myself|ourselves)\b"
        # The paper's own parts named with "the": "the data repository", "the supplement".
        r"|\bthe\s+(?:data\s+)?(?:repository|repo|supplement\w*|appendi(?:x|ces))\b"
        r"|\b(?:in|on|from|against)\s+the\s+(?:supplement\w*|appendix|repository|repo|data\s+release|SI|"
        r"supporting\s+information|original\s+data(?:\s+\w+)?)\b"
        r"|\b(?:data|crash-count|parcel|survey|methods?)\s+appendix\b|\bappendix\s+[\w-]+\s+counts\b"
        r"|\bcode\s*(?:\+|and|&)\s*data\b"
        rf"|\b{_THING}\s+of\s+the\s+(?:[\w-]+\s+){{0,3}}?(?:paper|study|substudy|trial|preprint|article|"
        r"report|analysis)\b"
        # Redone from material, whoever's it is: "recomputed from the Copernicus gridded files",
        # "reran their GLMM from the Dryad data", "re-derived from the public MCMC chains". No
        # summary holds what a figure can be recomputed from.
        rf"|\b(?:{REDO}|repeated)\s+(?:[\w'’-]+\s+){{0,4}}?(?:from|using|off|with|following|per)\s+"
        rf"(?:[\w'’-]+\s+){{0,4}}?{_THING}\b"
        # ... or said to be redone by the writers themselves: "Reanalysed the published audit
        # dataset ourselves".
        rf"|\b{REDO}\s+(?:[\w'’-]+\s+){{0,4}}?{_THING}\s+(?:ourselves|myself)\b"
        # ... whatever the authors' material is called: "Regridded the authors' published
        # EURO-CORDEX 0.11° fields ourselves".
        rf"|\b{REDO}\s+(?:their|the\s+authors(?:'|’)?s?)\s+(?:[\w'’°.-]+\s+){{0,5}}?(?:ourselves|myself)\b"
        # The paper's own material redone: "reprocessed their public MeerKAT visibilities".
        rf"|\b{REDO}\s+(?:their|the\s+authors(?:'|’)?s?|the\s+paper(?:'|’)s|its)\s+(?:[\w'’-]+\s+){{0,3}}?"
        rf"{_THING}\b"
        # Redone in the writers' own lab: "reproduced the synthesis in-house", "in-house
        # retest of the samples".
        rf"|\b{REDO}\s+(?:[\w'’-]+\s+){{0,3}}?in[\s-]house\b"
        # ... or tried in their own hands or on their own instrument: "Chen ran the lipase in
        # our lab at 50 g scale", "repeated their silylation step on our GC-MS".
        rf"|\b(?:{REDO}|ran|tested|tried|repeated)\s+(?:[\w'’-]+\s+){{0,3}}?(?:in|on)\s+our\s+"
        r"(?:own\s+)?(?:lab|labs|plant|pilot\s+plant|hands|model\s+runs|models|simulations|code|"
        r"(?-i:[A-Z]{2,}[\w-]*)|instruments?|machines?|setup|rig|spectrometers?|chromatographs?|"
        r"cluster)\b"
        r"|\bin[\s-]house\s+(?:re-?tests?|replications?|reproductions?|re-?runs?|re-?measurements?)\b"
        # The paper's figures or data worked on: "digitised the Fig. 3 histograms", "pulled the
        # daily files", "emailed the evaluators for the firm-level file".
        rf"|\b(?:digiti[sz]ed|cross-?tabulated|re-?plotted|reconstructed|pull(?:ed|ing)|downloaded|fetched|"
        rf"retrieved)\s+"
        rf"(?:[\w.'’+-]+\s+){{0,5}}?(?:{_THING}|KM\s+curves|IPD)\b"
        rf"|\b(?:e-?mailed|wrote\s+to|asked)\s+(?:[\w'’-]+\s+){{0,4}}?for\s+(?:the\s+|their\s+)?"
        rf"(?:[\w'’+-]+\s+){{0,4}}?{_THING}\b"
        # Patient-level data obtained: "IPD obtained via Vivli and re-analysed".
        r"|\bIPD\b|\bindividual[\s-](?:participant|patient)(?:[\s-]level)?\s+data\b"
        # Material in a named data repository: "the Dryad data", "their Zenodo deposit".
        rf"|\b(?:zenodo|github|gitlab|osf|figshare|dryad|dataverse|pangaea|(?:open)?icpsr|esgf)\s+"
        rf"(?:[\w-]+\s+){{0,2}}?{_THING}\b",
        re.I,
    )
)
# The material read in the passive, the reader left unsaid as notes do: "the dose-response
# table and the adverse-event listing were checked", "methods + Table 3 worked through".
_PASSIVE_HANDLING = sieved(
    re.compile(
        # (the team member who did it may follow in brackets: "downloaded & rerun (Amina)")
        rf"\b(?:(?:was|were|been|all|both)\s+)?(?:{READ}|{REDO})"
        r"(?:\s+(?:by\s+hand|carefully|closely|in\s+detail|line\s+by\s+line))?"
        r"(?:\s*\((?-i:[A-Z][\w-]{1,14})\))?\s*(?:\)|$|,|:|\s[—–]|\s+and\b|\s*&)"
        r"|\b(?:was|were|been)\s+(?:all\s+|both\s+)?(?:checked|read|inspected|examined|verified|"
        rf"consulted|gone\s+through|reviewed|{REDO})\b(?!\s+by\b)"
        r"|\b(?:both|all)\s+read\b|\bread\s+off\b|\bconfirmed\s+in\b|\bverified\s+in\b|\b(?:taken|read)\s+"
        r"(?:straight\s+|directly\s+)?(?:from|off)\s+the\s+paper",
        re.I,
    )
)
# Someone other than the writers doing the reading: "the authors checked the appendix".
_SOMEONE_ELSE = re.compile(
    # (not the object of a preposition: "got the full report from the authors and re-ran …")
    rf"\b(?<!-)(?<!my\s)(?<!our\s)(?<!from\sthe\s)(?<!\bto\sthe\s)(?<!with\sthe\s)"
    rf"(?:{AUTHORS}|{PERSON}|they|he|she|the\s+team)\s+(?:\w+\s+)?{READ}\b",
    re.I,
)
# A clause whose subject is left out, as notes do, opens with the writers' own doing:
# "Checked afterwards against the preprint's methods", "Having since read the trial itself".
_HANDLED_BY_WRITERS = re.compile(
    rf"^\W*(?:having\s+(?:since\s+|now\s+|also\s+|then\s+)?)?(?:{READ}|{REDO}|dug|went|e-?mailed|"
    r"reconstructed)\b",
    re.I,
)
# One of the writers named by first name as the clause's subject, as notes name each other:
# "Sam re-ran the models from their Dryad archive", "Jonas has since had the authors' data".
_NAMED_HANDLER = re.compile(
    r"^\W*(?-i:(?!(?:The|They|This|That|These|Those|It|He|She|There|Authors?)\b)[A-Z][a-zà-ÿ]{1,14})\s+"
    rf"(?:(?:has|have|had|also|since|then|just|now|already|finally)\s+)*(?:{READ}|{REDO}|had|got|"
    r"obtained|pulled|downloaded|fetched)\b",
    re.I,
)
_WRITERS = re.compile(
    r"\b(?:we|i|us|our|ourselves|myself|herself|himself)\b|\bfirst[\s-]hand\b|\bon\s+our\s+(?:side|end)\b"
    # One of the notes' own writers: "my co-author", "a teammate".
    r"|\b(?:my|our|a)\s+(?:co-?authors?|co-?writers?|co-?editors?|teammates?)\b"
    # The writers' lab or desk working on the authors' material: "The lab reworked the
    # authors' raw plate-count data".
    r"|^\W*the\s+(?:lab|desk|office|unit|team|service)\b(?=[^.;:!?]{0,60}\b(?:the\s+)?authors['’])",
    re.I,
)
# What keeps such a clause from being a reading done: a negation, a reading still to come,
# someone else doing it, a summary named as the limit.
_NOT_HANDLED = re.compile(
    r"\b(?:not|never|no|nor|nobody|none|without|unable|unavailable|paywalled|yet\s+to|will|would|plan\w*|"
    r"presumably|probably|apparently|supposedly|"
    r"going\s+to|hope|want|intend|should|could|if|once|unless|until|who|whose)\b|n't\b",
    re.I,
)
_CLAUSE = re.compile(r"[^;:.!?]+(?:\.(?=\d)[^;:.!?]*)*")


# The material denied just after it is named: "paper itself not opened", "the SI, no".
_DENIED_MATERIAL = re.compile(
    r"\s*,?\s*(?:was\s+|were\s+|is\s+|are\s+)?(?:not|never)\s+(?:yet\s+)?(?:opened|read|seen|"
    r"consulted|checked|accessed|looked\s+at)\b|\s*,\s*(?:no|not)\s*(?:[.;)]|$)",
    re.I,
)


def _handled_materials(sentence: str) -> re.Match[str] | None:
    """The paper's materials in a clause where the writers handle them, or None."""
    for clause in _CLAUSE.finditer(sentence):
        text = clause.group(0)
        # The writers named, a subjectless reading, or the material itself read in the
        # passive ("the dose-response table was checked", "methods + Table 3 worked through").
        done = (
            _WRITERS.search(text)
            or _HANDLED_BY_WRITERS.match(text)
            or _NAMED_HANDLER.match(text)
            or _PASSIVE_HANDLING.search(text)
        )
        material = _MATERIAL.search(text) if done else None
        if material is None or _SOMEONE_ELSE.search(text):
            continue
        # The words up to the material speak of the reading; what follows is the finding
        # ("we see no recolonisation", "once defended areas are excluded").
        writers = _WRITERS.search(text)
        limit = max(material.end(), writers.end() + 24 if writers else 0)
        # "none of us has …": the words just before the writers are theirs too.
        start = min(
            max(0, material.start() - 30), max(0, writers.start() - 12) if writers else len(text)
        )
        if _NOT_HANDLED.search(text, start, min(limit, len(text))) or _DENIED_MATERIAL.match(
            text, material.end()
        ):
            continue
        # A summary named as the limit, words relayed, or the writers' view of a table ("our
        # reading of Table 3 is that …") are for the other rules to judge.
        # A figure set against the paper's own abstract or words ("not the 79% quoted in
        # their abstract", "paper said 0.24") compares the reading with the paper; it neither
        # limits nor relays it.
        text = _PAPER_COMPARED.sub(" ", text)
        if _ABSTRACT_ONLY.search(text) or _SECONDARY_WORDS.search(text) or _EDITORIAL.search(text):
            continue
        return _MATERIAL.pattern.search(sentence, clause.start() + material.start())
    return None


_PAPER_COMPARED = re.compile(
    r"\b(?:quoted|reported|given|stated|claimed|headlined)\s+in\s+(?:the|their|there|its)\s+"
    r"(?:own\s+)?(?:abstract|summary)\b"
    r"|\b(?:the\s+)?(?:paper|authors?|study|article|preprint|trial)\s+(?:says?|said|claims?|claimed|"
    r"reports?|reported|gives?|gave|quotes?|quoted)\b",
    re.I,
)


# A clause that gives the words to someone else: the writers relay, they do not handle.
_SECONDARY_WORDS = re.compile(
    r"\b(?:says?|said|told|according\s+to|reportedly|claims?|quoted?|cites?|per\s+(?:a|the)\s+"
    r"(?:blog|thread|post|news|story|colleague))\b",
    re.I,
)


# A reading the writers set apart from their own: "…, we didn't", "…; I have not".
_NOT_US = re.compile(
    r"[^.;:!?()]{0,20}?[,;]\s*(?:but\s+)?(?:we|i)\s+(?:did|have|had)\s+not\b", re.I
)
# A part of another work, not of the paper: "the review's summary table", "the news
# story's chart".
_OTHER_WORKS_PART = re.compile(
    r"\b(?:review|meta-analys[ie]s|survey|textbook|story|explainer|commentary|newsletter|"
    r"blog|column)['’]s\s+",
    re.I,
)


# A reading done by a third party: "a colleague who has read the paper says…".
_OTHERS_READ = re.compile(
    rf"\b{PERSON}\b[^.;:!?]{{0,50}}?\b(?:who|that)\s+(?:has\s+|had\s+|have\s+)?(?:\w+\s+)?$", re.I
)
# Someone else as the reader, who passes on what they found: "Dr. Okafor read the full
# text for us and says…", "heard from Sara (she read the whole paper) that…". The reading is
# theirs and the claim their word; a team member's reading with no one telling ("our
# pharmacist went through the supplement: …") stays the writers' own.
_READER_NOT_US = re.compile(
    rf"(?:\b(?:she|he|they)|(?<![.!?]\s)(?<!^)(?-i:[A-Z])[\w'’.-]+|\b{PERSON}|"
    r"\b(?-i:Dr|Prof|Professor|Mr|Ms|Mrs)\.?\s+(?-i:[A-Z])[\w'’-]+|"
    # A name opening the sentence, said by its aside to be someone: "Tomas (Met Office) read".
    r"^\W*(?-i:[A-Z])[\w'’-]+(?=\s*\([^()]{0,80}\)))"
    r"(?:\s*\([^()]{0,80}\))?\s+(?:(?:had|has|also|already|actually|was|were|is)\s+)?['\"‘“]?$",
    re.I,
)
_TELLS_US = re.compile(
    rf"\b(?:says?\b|said\b|{_TOLD_US}|heard\b|passed\s+on\b|reports\s+back\b|lets?\s+us\s+know\b)",
    re.I,
)


# The writers' reservation about a figure, not a reading of their own: doubt, caution,
# scepticism, wanting more before leaning on it.
_RESERVATION = re.compile(
    r"^\W*(?:i|we)\b[^.;:!?]{0,30}?\b(?:doubt\w*|sceptic\w*|skeptic\w*|wary|cautio\w*|"
    r"unconvinced|not\s+(?:yet\s+)?convinced|suspicious|want|need|wait)\b",
    re.I,
)


# The writers named in a judgement: "our call", "we remain doubtful", "the team's view".
_OWNED = re.compile(
    r"\b(?:we|i|us|me|our|my|ours|mine|ourselves|myself|team|editors?|wiki|desk)\b", re.I
)


def is_owned_judgement(signal: Signal) -> bool:
    """Is an editorial signal a judgement the writers put their name to ("our call", "we
    still doubt"), not only a tone ("honestly, the paper is about the pipeline")?"""
    return signal.value == EDITORIAL and (
        signal.unsigned or bool(_OWNED.search(signal.match.group(0)))
    )


def is_reservation(signal: Signal) -> bool:
    """Is an editorial signal only the writers' reservation ("we doubt the purity claim",
    "we are wary until the dating paper is out")?"""
    return signal.value == EDITORIAL and bool(_RESERVATION.search(signal.match.group(0)))


def reading_signal(sentence: str) -> Signal | None:
    """The evidence level a sentence states about its own source, or None (matched on the
    sentence with its contractions written out)."""
    sentence = spelled_out(sentence)
    full = (
        _positive(_FULL_TEXT, sentence)
        or _handled_materials(sentence)
        or _positive(_PARTS_THEN_READ, sentence)
    )
    limited = full and _ABSTRACT_ONLY.search(sentence)
    if limited and limited.start() < full.end() and full.start() < limited.end():
        full = None  # "read only the preprint server's summary": the reading, limited
    before = sentence[max(0, full.start() - 90) : full.start()] if full else ""
    if full and (
        _SYSTEM_READS.search(before[-40:])
        or _OTHERS_READ.search(before)
        or _RELATIVE_READER.search(before[-40:])
        or _GUESSED_READING.search(before[-30:])
        or (_READER_NOT_US.search(before) and _TELLS_US.search(sentence))
    ):
        full = None  # "the model scans the full text": a system's reading, not the writer's;
        # "presumably taken from the tables": a guess at where a figure came from
    if full and _NO_PART.search(full.group(0)):
        full = None  # "abstract also read, no full text": the paper is what was not read
    if full and (
        _OTHER_WORKS_PART.search(sentence, max(0, full.start() - 40), full.end())
        or _NOT_US.match(sentence, full.end())
    ):
        full = None  # "the review's summary table": a part of another work, not the paper's;
        # "(she went through the SI, we didn't)": a reading the writers say was not theirs
    editorial = _not_denied(_EDITORIAL, sentence)
    unsigned = False
    if editorial is None:
        verdict = _UNSIGNED_VERDICT.search(sentence)
        if (
            verdict
            and not _ATTRIBUTED.search(sentence)
            and not _not_denied(_SECONDARY, sentence)
            and not _ABSTRACT_ONLY.search(sentence)
        ):
            editorial, unsigned = verdict, True
    if editorial and any(
        m.end() == editorial.end() for m in _PUBLISHED_EDITORIAL.finditer(sentence)
    ):
        editorial = None
    if (
        editorial
        and re.match(r"(?:my|our)\b", editorial.group(0), re.I)
        and _READING_NOUN.search(editorial.group(0))
        and _READ_AS_VERB.match(sentence, editorial.end())
    ):
        editorial = None  # "our curator read only the summary": the reading done, not a view
    if full and editorial and _HEDGE.match(sentence, editorial.start()):
        editorial = None  # "I read the whole paper, I believe including the tables": a hedge
    # A judgement on what was read ("having gone through the whole paper, we still doubt
    # the gain") is the writer's own reading; "my reading of the full paper" is the reading.
    judgement = editorial and (
        not _READING_NOUN.search(editorial.group(0))
        or _VIEW_THAT.match(sentence, editorial.end())
        or _THAT_IS.search(sentence, 0, editorial.start())
        # "In our reading of the full paper, the effect is too small to matter": a verdict.
        or _TOO_TO.search(sentence, editorial.end())
    )
    if (
        full
        and judgement
        and _NOTE_LABEL.fullmatch(editorial.group(0))
        and not judges(sentence[editorial.end() :])
    ):
        judgement = False  # "Desk note: we later got the full paper, and the gain was 0.08"
    if full and not judgement:
        return Signal(FULL_TEXT, full)
    window = sentence[max(0, editorial.start() - 6) : editorial.end()] if editorial else ""
    # "…, which I doubt": the writer's aside on someone else's words; ", I think." a hedge;
    # "MedPage reports 612; we'd treat that with caution": a reservation about a relayed figure.
    aside = editorial and (
        (_ASIDE.search(sentence[: editorial.start()]) and _not_denied(_SECONDARY, sentence))
        or (
            _RESERVATION.search(editorial.group(0))
            and _not_denied(_SECONDARY, sentence[: editorial.start()])
        )
        or _HEDGE.match(sentence, editorial.start())
    )
    if editorial and not _NOT_MINE.search(window) and not aside:
        return Signal(EDITORIAL, editorial, unsigned)
    secondary = _not_denied(_SECONDARY, sentence)
    recap = (
        secondary
        and _THIRD_PARTY_SUMMARY.search(secondary.group(0))
        and not _OWN_SUMMARY.search(secondary.group(0))
    )
    makers = _makers_summary(sentence)
    if makers and (
        _AS_SOURCE.search(sentence[max(0, makers.start() - 24) : makers.end() + 48])
        or _LABEL_END.match(sentence, makers.end())  # "Lead author on Twitter: …"
    ):
        return Signal(ABSTRACT_ONLY, makers, makers=True)
    own = secondary and _AUTHORS_OWN.search(sentence)
    if own and not (
        _NOT_AUTHORS.search(sentence) or recap or _third_party_recap(sentence, own.start())
    ):
        secondary = None
        if (
            _OWN_CHANNEL.search(own.group(0)) or _SUMMARY_RX.search(own.group(0))
        ) and not goes_beyond_abstract(sentence):
            # "the breeders' own press release says": the makers' own summary of the work.
            return Signal(ABSTRACT_ONLY, own, makers=True)
    if not goes_beyond_abstract(sentence):
        summarised = _ABSTRACT_ONLY.search(sentence)
        abstract = summarised or _negated_full_reading(sentence)
        # "a summary by others": the summary is someone else's, so the source is theirs.
        theirs = secondary and (
            _THIRD_PARTY_SUMMARY.search(abstract.group(0) if abstract else "")
            or _THIRD_PARTY_SUMMARY.search(secondary.group(0))
        )
        # "as reported by attendees; we have not read the papers": a person is the source.
        # "rests on a newspaper's write-up; the survey paper was not read": the channel is
        # what was read.
        hearsay = (
            secondary
            and abstract
            and not _SUMMARY_RX.search(abstract.group(0))
            and (
                not summarised
                or _PERSON_RX.search(secondary.group(0))
                or (
                    _NOT_READ.search(abstract.group(0))
                    and not _SUMMARY_RX.search(secondary.group(0))
                )
            )
        )
        if abstract and not theirs and not hearsay:
            if summarised and (other := third_party_summary(summarised.group(0))):
                return Signal(SECONDARY, other)
            return Signal(ABSTRACT_ONLY, abstract)
    if secondary:
        return Signal(SECONDARY, secondary)
    return None


def goes_beyond_abstract(sentence: str) -> bool:
    """Does the sentence say the reading went past the summary ("not just the abstract",
    "beyond the abstract, the appendix…")? "Haven't read beyond the abstract" does not, nor
    does a longer denial that holds the words ("haven't had a chance to open this one beyond
    the abstract")."""
    sentence = spelled_out(sentence)
    beyond = _positive(_NOT_ONLY_ABSTRACT, sentence, reach=32)
    if beyond is None:
        return False
    limited = _ABSTRACT_ONLY.search(sentence)
    return not (limited and limited.start() <= beyond.start() < limited.end())


# A heading's first phrase (up to a comma, colon, bracket or dash): a few words of lead
# ("from the", "notes via") and of modifiers ("NBER", "trial sponsor's"), then the head noun,
# perhaps "only" after it. "Highlights of the season" has another head and names no source.
_HEADING_LEAD = (
    r"(?:(?:notes?|items?|claims?|figures?|numbers?)\s+)?(?:(?:from|via|per|off|out\s+of|"
    r"based\s+on|only|just|straight\s+from)\s+)?(?:(?:the|a|an|some|recent|latest|this\s+"
    r"week(?:'s|s)?|today(?:'s|s)?)\s+)?"
)
_HEADING_END = (
    r"(?:\s+(?:and|&|\+)\s+[\w-]+)?(?:\s+(?:only|alone))?"
    # "arXiv abstracts this week": when, after the noun.
    r"(?:\s+(?:(?:this|last|that|each|every)\s+(?:week|month|quarter|year|issue)|today|so\s+far))?"
    # "RCEM podcast ep. 84", "Drug bulletin no. 3": which episode or issue.
    r"(?:\s+(?:ep|episode|issue|no|vol|#)\.?\s*\d+)?"
    r"\s*(?:$|[,:;(\[—–]|\s-\s)"
)


def _heading(nouns: str) -> re.Pattern[str]:
    # A heading may name its occasion first, then its source after a dash: "EGU session —
    # authors' own abstracts".
    return re.compile(
        rf"^\W*(?:[^—–:;()]{{1,60}}?\s[—–-]\s+)?{_HEADING_LEAD}(?:[\w&./'-]+\s+){{0,3}}?{nouns}"
        rf"{_HEADING_END}",
        re.I,
    )


# A heading that states where the writers stand (``heading_positions``): editorial only
# for the claims under it that judge.
_HEADING_POSITION = _heading(HEADING_POSITION)
_HEADINGS = (
    (ABSTRACT_ONLY, _heading(HEADING_SUMMARY)),
    (SECONDARY, _heading(HEADING_HEARSAY)),
    (EDITORIAL, _heading(HEADING_VIEW)),
    (EDITORIAL, _HEADING_POSITION),
)
# What makes a claim a judgement rather than a report: a hedge, a modal, a verdict.
_JUDGES = re.compile(
    rf"\b(?:{HEDGES}|unlikely|probably|perhaps|should|must|will|would|seems?|appears?|"
    r"arguably|too|deserves?|worth)\b"
    rf"|\b{_VERDICT}",
    re.I,
)


def heading_states_a_position(heading: str) -> bool:
    return bool(_HEADING_POSITION.match(spelled_out(heading.strip())))


def judges(text: str) -> bool:
    """Does the claim judge (hedge, modal, verdict) rather than report?"""
    return bool(_JUDGES.search(spelled_out(text)))


MAX_HEADING = 120


# A heading whose head noun is a third party's text, perhaps with whose it is ("Newsletter
# of the Nursing Council, autumn", "From the regional drug bulletin, Spring issue", "EPAR");
# not one that says the paper itself was read ("P&T review of the full paper").
_HEADING_CHANNEL = re.compile(  # read by ``heading_channel``
    rf"^\W*{_HEADING_LEAD}(?:[\w&./'-]+\s+){{0,3}}?(?:{CHANNEL})"
    # (its summary or digest: "NICE inducing-labour guideline summary")
    r"(?:\s+(?:summary|summaries|digest|recap|highlights|update))?"
    rf"(?:\s+(?:of|from|by|for|in)\s+(?:the\s+)?(?:[\w&.'’-]+\s*){{1,4}}?)?{_HEADING_END}"
    # A book by its title and edition: "Williams Obstetrics (26th ed.)".
    r"|^\W*(?-i:[A-Z][\w'’&-]*(?:\s+(?:of\s+|and\s+|&\s+)?[A-Z][\w'’&-]*){0,5})\s*\(\s*\d+(?:st|nd|rd|th)"
    r"\s+ed(?:ition|n|\.)?\s*[,)]",
    re.I,
)
_THE_PAPER_ITSELF = re.compile(
    r"\b(?:full|whole|entire)\s+(?:paper|text|article|report)\b|\bthe\s+(?:paper|article)\b", re.I
)
# A heading naming a part of the paper inside its full text ("Supplement eTable 4", "Table 2",
# "Methods, p. 6"): the figures under it were read there.
_HEADING_PART = re.compile(
    rf"^\W*(?:(?:the|its|their|paper(?:{Q}s)?|main|online)\s+)?(?:supplement(?:ary)?\s+|"
    rf"suppl?\.?\s+)?(?:e?tables?|e?figures?|efigs?|figs?\.?|methods|results\s+section|"
    rf"appendix|supplement(?:ary\s+(?:material|appendix|data))?|SI)\s*[\w.-]{{0,6}}"
    rf"(?:\s*(?:,|and|&)\s*[\w.-]{{1,6}})*\s*(?:$|[:;(—–]|\s-\s|,\s)",
    re.I,
)


# The writers' label for a note ("Desk note:", "Team notes —"): who writes, not a verdict.
_NOTE_LABEL = re.compile(
    r"\W*(?:the\s+)?(?:desk|team|editors?|wiki|staff|curators?|group|lab|our|my)(?:['’]s)?\s+"
    r"notes?\s*[:—–-]?\s*",
    re.I,
)


# A heading that names the full papers as what its section was read from, after the
# section's name: "Journal club — full papers", "Reading list: full texts only".
_HEADING_FULL = re.compile(
    r"(?:^|[—–:;|(]\s*|\s-\s)(?:the\s+)?(?:full|whole|complete)[\s-](?:papers?|texts?|articles?|"
    r"reports?|pdfs?)"
    # ... with their other parts: "full papers + supplements", "full reports and technical annexes".
    r"(?:\s*(?:\+|and|&|with|incl\.?|including)\s+(?:the\s+|their\s+)?(?:[\w-]+\s+)?(?:supplements?|SI|"
    r"appendi(?:x|ces)|annex(?:es)?|data|tables|methods))?"
    r"(?:\s+(?:only|read|throughout|checked))?\s*(?:$|[)—–:;,.])",
    re.I,
)


def heading_signal(heading: str) -> Signal | None:
    """The level a heading gives the claims under it by naming their kind of source, or
    None for a heading that names a topic ("Dosing", "Outlook")."""
    text = spelled_out(heading.strip())
    if len(text) > MAX_HEADING:
        return None
    full = _HEADING_FULL.search(text)
    if full and re.search(r"\b(?:no|not|without|never)\b", text[: full.end()], re.I):
        full = None
    for level, pattern in _HEADINGS:
        if match := pattern.match(text):
            if full and level == EDITORIAL and _READING_NOUN.search(match.group(0).rstrip(" —–-:")):
                return Signal(FULL_TEXT, full)  # "Policy team reading — full reports": read
            if level == ABSTRACT_ONLY and (other := third_party_summary(match.group(0))):
                return Signal(SECONDARY, other)
            if level == ABSTRACT_ONLY and (other := _NOT_AUTHORS.search(text)):
                return Signal(SECONDARY, other)  # "ECS keynote (he wasn't an author on this one)"
            published = level == EDITORIAL and _PUBLISHED_EDITORIAL.search(match.group(0))
            if published and not _OWNED.search(published.group(0)):
                return Signal(SECONDARY, published)  # "From the Lancet editorial": a journal's
            return Signal(level, match)
    if match := _HEADING_PART.match(text):
        return Signal(FULL_TEXT, match)
    return Signal(FULL_TEXT, full) if full else None


def heading_channel(heading: str) -> Signal | None:
    """A section heading that names a third party's text as its source, when nothing else
    in it speaks: secondary. Not a section's title alone ("Outlook", "Commentary"), not an
    overview, not the writers' or the makers' own text, not one that says the paper itself
    was read."""
    text = _WE_USE.sub("", spelled_out(heading.strip())).strip()
    match = _HEADING_CHANNEL.match(text) if len(text) <= MAX_HEADING else None
    # A name in quotes is a name whatever its words: "'Full Text Digest' newsletter".
    unquoted = re.sub(r"['‘\"“][^'’\"”]{1,40}['’\"”]", " ", text)
    if (
        match is None
        or re.fullmatch(r"\W*[\w-]+\W*", text)
        or _THE_PAPER_ITSELF.search(unquoted)
        or _OWNED_HEADING.search(text)
    ):
        return None
    return Signal(SECONDARY, match)


# The writers as the ones who use a text, not who wrote it: "Review articles we lean on".
_WE_USE = re.compile(
    r"\b(?:that\s+|which\s+)?we\s+(?:often\s+|mostly\s+|usually\s+)?(?:lean\s+on|rely\s+on|use|"
    r"cite|follow|trust|consult|read)\b",
    re.I,
)


_OWNED_HEADING = re.compile(
    r"\b(?:our|ours|we|us|my|mine|team|authors?|themselves|own|overviews?)\b", re.I
)
