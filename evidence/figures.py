"""Does a text state a figure? Judged by the shape of a result, not by any digit.

A figure is a quantity that reports an outcome: a percentage or percentage points, a
speed-up ("1.85×", "3x faster", "twofold"), a "±", a decimal reported as a result
("0.757", "7.2 to 35.6"), a signed change ("+8.80"), "N of M", "from N to N", "N → N",
"N points", a number next to a result word ("accuracy of 72", "score 45"), a price, or
a number in words that measures a change ("one fifth of the memory", "by roughly a
third", "halves", "doubled", "tripled", "four times smaller").

Not figures, removed before looking: arXiv ids, dates and years, versions ("v2.1",
"Claude Opus 4.6", "Terminal-Bench 2.1"), model and context sizes ("70B", "32K",
"1.5B", "30B-A3B", "1M tokens"), names with digits ("Qwen3.5", "Llama3", "GPT-4o",
"AIME24", "pass@1", "L0–L4"), hyphenated settings ("16-dimensional", "365-day",
"3,500-line") and references ("Table 3", "Section 4.2").

A bare count is never a figure: "three benchmarks", "five frozen reasoners", "20,000
papers", "batch sizes above 64", "in 48 steps" describe the setup, not an outcome; a
count becomes a figure only in a result shape ("28 of 36 settings", "1,204 of the planned
2,000", "12 points", "14 lost to follow-up vs 3"). How long a set-up ran is the method ("for
12 months"); how long an effect lasted is a finding ("protects for 12 months"), and so is a
span before a change ("the 2.1-month PFS gain", "a 2.1-day reduction").
"""

from __future__ import annotations

import functools
import re

from evidence.prefilter import guarded, sieved
from evidence.quantities import (
    CHANGE_VERB_AFTER,
    CHANGE_VERB_BEFORE,
    FIGURE,
    MONTHS,
    NAME,
    SETTING,
    Quantity,
    quantities,
)

NUMBER_WORDS = (
    r"(?:one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|"
    r"fifteen|sixteen|seventeen|eighteen|nineteen|twenty|thirty|forty|fifty|sixty|seventy|"
    r"eighty|ninety|a hundred|hundred)"
)
_NUM = r"(?:\d[\d,]*(?:\.\d+)?)"

# Order matters: ids and dates go before sizes and names, which go before versions.
_NOT_FIGURES = [
    re.compile(r"(?<![\w./-])(?:arxiv[:\s]\s*)?\d{4}\.\d{4,5}(?:v\d+)?", re.I),  # arXiv id
    re.compile(r"\b\d{4}-\d{1,2}-\d{1,2}\b"),  # ISO date
    # A month by its name or abbreviation only ("Dec 4", not "declined 46").
    re.compile(rf"\b\d{{1,2}}\s+{MONTHS}(?:\s+\d{{4}})?\b", re.I),
    re.compile(rf"\b{MONTHS}\s+\d{{1,2}}(?:,\s*\d{{4}})?\b", re.I),
    re.compile(r"(?<![\d.])(?:19|20)\d{2}s?\b(?![.,]?\d|\s*%)"),  # a year
    re.compile(r"\bv\d+(?:\.\d+)*\b", re.I),  # a version
    # Sizes: 70B, 1.5B, 30B-A3B, 32K, 1M tokens, 2.4T; "A3B" as an active-parameter tag.
    re.compile(r"(?<![\w.])\d+(?:\.\d+)?\s?[BKMT](?:-A\d+(?:\.\d+)?B)?\b"),
    # Names with digits: letters and digits in one token, with dots, dashes, @.
    re.compile(
        r"\b[A-Za-z][\w@]*(?:-[A-Za-z\d][\w.@]*)*?\d[\w.@-]*"
        r"|\b\d+(?![xX]\b|pp\b|pts\b|st\b|nd\b|rd\b|th\b)[A-Za-z][\w.@-]*"
    ),
    re.compile(r"(?<![\w-])[\w-]*+@(?:k|\d+)\b", re.I),  # pass@k, avg@32
    # Settings written as hyphenated adjectives ("16-dimensional"), but not "-fold".
    # A span before a gain is the gain: "the 2.1-month PFS gain".
    re.compile(
        r"\b\d[\d,.]*-(?!fold\b|times\b|points?\b|percent\b|pp\b|of-\d)[a-z]+\b"
        r"(?!\s+(?:[\w-]+\s+){0,2}?(?:gains?|benefits?|improvements?|extensions?|"
        r"prolongations?|advantages?|reductions?|decreases?|increases?|delays?|differences?)\b)",
        re.I,
    ),
    # Settings, not results: "at temperature 0.2", "learning rate 3e-4", "top-p 0.95".
    re.compile(
        r"\b(?:temperature|temp|lr|learning\s+rate|dropout|beta|alpha|gamma|lambda|top-[pk]|"
        r"weight\s+decay|kl\s+(?:coefficient|penalty|weight)|epsilon|clip(?:ping)?\s+(?:range|"
        r"ratio)|threshold|momentum|rank|warm-?up(?:\s+ratio)?|discount)\s*(?:of|=|:|at|to)?\s*"
        r"\d[\d.e-]*",
        re.I,
    ),
    re.compile(
        r"\b(?:section|sec\.|table|tab\.|figure|fig\.|eq\.|equation|appendix|chapter|"
        r"step|stage|round|epoch|version|release|phase|level|iteration|layer)\s+\d+(?:\.\d+)*",
        re.I,
    ),
]
# A capitalised name followed by a spaced version ("Claude Opus 4.6", "AReaL 2.0"),
# unless the number is itself followed by a result shape.
_SPACED_VERSION = re.compile(
    r"\b(?![A-Z]{2,}\s+0\.)([A-Z][\w-]*[A-Za-z])\s+(\d+\.\d+)\b(?!\s*(?:%|×|x\b|→|->|to\s+\d|points?|pp\b|"
    r"(?i:bleu|rouge|f1|em\b|ms\b|s\b|mrr|ndcg|accuracy|acc\b|elo|pass)))"
)
# A metric's name before a number is a result, not a name and its version ("WER 4.2").
_METRICS = {
    "wer", "cer", "bleu", "rouge", "map", "miou", "iou", "ndcg", "mrr", "psnr", "ssim",
    "fid", "rmse", "mae", "auroc", "auprc", "aupr", "auc", "dice", "lddt", "nds", "ods",
    "em", "f1", "elo", "accuracy", "recall", "precision", "perplexity", "ppl", "bpb",
}  # fmt: skip
_SENTENCE_WORDS = {
    # An article or a possessive starts a phrase, never a name with its version.
    "The",
    "A",
    "An",
    "Its",
    "Their",
    "Our",
    "Reported",
    "Reports",
    "Reaches",
    "From",
    "To",
    "At",
    "By",
    "Of",
    "And",
    "Improvement",
    "Improves",
    "Gain",
    "Gains",
    "Score",
    "Scores",
    "Accuracy",
    "Latency",
    "Speed-up",
    "Speedup",
}

# A fraction of the run or the time is a point in a schedule, not a result: "a third of the
# way through training", "the first half of training".
_NOT_A_SPAN = r"(?!\s*(?:the\s+)?way\b)"
# "the first 20% of training", "every 10% of the steps", "at 25% and 50% of training": a
# position in a schedule. "In 60% of the training steps" or "a quarter of the time" is an
# amount, and so a result.
_SCHEDULE = re.compile(
    r"\b(?:first|last|every|each|at|after|before|until|through|during|halfway|initial|final)\s+"
    r"(?:the\s+)?(?:[\w%]+\s+){0,3}$",
    re.I,
)

_SHAPE_PATTERNS: list[tuple[str, re.Pattern[str]]] = [
    (
        "a percentage",
        re.compile(
            rf"(?:{_NUM}\s*|\b{NUMBER_WORDS}\s+)(?:%|percent\b|per cent\b)",
            re.I,
        ),
    ),
    ("percentage points", re.compile(rf"{_NUM}\s*(?:pp|p\.p\.|percentage points?)\b", re.I)),
    ("a speed-up", re.compile(rf"{_NUM}\s*(?:×|x\b)|{_NUM}\s*-?fold\b|\bx\s?{_NUM}\b", re.I)),
    ("a spread", re.compile(r"±|\+/-|\+-\s*\d")),
    ("a signed change", re.compile(rf"(?<![\w.])[+−]\s?{_NUM}")),
    (
        "a change from one value to another",
        re.compile(rf"{_NUM}\s*(?:[a-zµ%]{{1,4}}\s*)?(?:→|->|⇒)\s*\S*\d", re.I),
    ),
    (
        "a change from one value to another",
        re.compile(
            rf"\bfrom\s+(?:about\s+|roughly\s+|~\s?)?{_NUM}\s*(?:[a-zµ%]{{1,8}}\s+)?to\s+"
            rf"(?:about\s+|roughly\s+|~\s?)?{_NUM}",
            re.I,
        ),
    ),
    (
        # The new value first: "down to 12 from 19 last year".
        "a change from one value to another",
        re.compile(
            rf"\b(?:down|up|fell|rose|dropped|climbed|increased|decreased|declined|grew|shrank|cut|"
            rf"reduced|raised)\s+to\s+(?:about\s+|roughly\s+|~\s?)?{_NUM}\s*(?:[a-zµ%]{{1,8}}\s+)?"
            rf"from\s+(?:about\s+|roughly\s+|~\s?)?{_NUM}",
            re.I,
        ),
    ),
    (
        "N of M",
        re.compile(
            rf"\b(?:{_NUM}|{NUMBER_WORDS})\s+(?:out\s+)?of\s+(?:the\s+)?(?:planned\s+|target(?:ed)?\s+|"
            rf"intended\s+|expected\s+|eligible\s+|enrolled\s+|randomi[sz]ed\s+)?{_NUM}\b",
            re.I,
        ),
    ),
    ("N of M", re.compile(rf"\b[Nn]one\s+(?:out\s+)?of\s+(?:the\s+)?{_NUM}\b")),
    ("N of M", re.compile(rf"\b{NUMBER_WORDS}\s+(?:out\s+)?of\s+(?:the\s+)?{NUMBER_WORDS}\b")),
    ("N of M", re.compile(r"\b\d+-of-\d+\b")),
    # A count out of a group named: "12 of the fish had spherules".
    (
        "N of a group",
        re.compile(r"(?<![\w.,])\d+\s+of\s+(?:(?:the|these|those|their|its)\s+[a-z]|them\b)", re.I),
    ),
    (
        "points",
        re.compile(
            rf"(?<!\bat )\b(?:{_NUM}|{NUMBER_WORDS}|a)(?:\s+|-)(?:more\s+|fewer\s+)?"
            r"(?:points?|pts|percentage points?)\b",
            re.I,
        ),
    ),
    ("a percentile", re.compile(r"\b\d+(?:st|nd|rd|th)\s+percentile\b", re.I)),
    (
        "N in M",
        re.compile(
            rf"\b(?:{_NUM}|{NUMBER_WORDS})\s+in\s+(?:every\s+)?(?:{_NUM}|{NUMBER_WORDS})\b"
            r"(?!\s*(?:days?|weeks?|months?|years?|steps?|epochs?))",
            re.I,
        ),
    ),
    # A density or a rate over an area or a population: "about 18 per km²", "12 per 100,000".
    (
        "a rate",
        re.compile(
            rf"\b{_NUM}\s*(?:per|/)\s*(?:km²|km2|sq\.?\s*km|m²|m2|ha|hectares?|acres?|capita|head|"
            r"(?:100|1|10)[,\s]?000\b|million|thousand|(?:person|patient)[\s-]years?)"
            # counts of events over time: "25 events/hour", "~25 events per h"
            rf"|\b{_NUM}\s+(?:[a-z-]+\s+)?(?:events?|episodes?|attacks?|cases?|visits?|admissions?|"
            r"arrests?|apnoeas?|apneas?)\s*(?:/|per\s+)\s*(?:h|hr|hour|day|night|week|month|year)\b"
            # what was counted over a period: "3,100 bats killed per wind farm per year"
            rf"|\b{_NUM}\s+(?:[a-z-]+\s+){{1,3}}?per\s+(?:[a-z-]+\s+){{0,2}}?per\s+"
            r"(?:year|yr|day|week|month|decade|season)\b",
            re.I,
        ),
    ),
    ("a decimal result", re.compile(r"(?<![\w.])\d*\.\d+(?!\w|\.\d)")),
    # A vote's tally: "the committee voted 10-4 against".
    ("a tally", re.compile(r"\bvot(?:ed|es|ing)\s+(?:\w+\s+)?\d+\s*[-–]\s*\d+\b", re.I)),
    # Two numbers compared: "14 lost to follow-up vs 3 in control", "9 versus 21 events".
    (
        "a comparison",
        re.compile(rf"(?<![\w.,]){_NUM}\b[^.;:]{{0,60}}?\b(?:vs\.?|versus)\s+{_NUM}\b", re.I),
    ),
    ("a price", re.compile(r"[$€£]\s?\d")),
    ("N of M", re.compile(r"(?<![\w./-])\d+\s*/\s*\d+(?![\w./-])")),
    ("a ratio", re.compile(r"\b\d+\s+to\s+\d+\b(?!\s*(?:%|percent|days?|weeks?|years?|steps?))")),
    (
        "a change by an amount",
        re.compile(
            r"\b(?:falls?|fell|drops?|dropped|rises?|rose|grows?|grew|cuts?|reduces?|reduced|"
            r"increases?|increased|improves?|improved|gains?|gained|saves?|saved|shrinks?|shrank|"
            rf"lowers?|lowered|raises?|raised|opened|widened|narrowed|shifted|moved|sank|"
            rf"subsided|uplifted|inflated|deflated|retreated|advanced|thinned|thickened|"
            rf"lengthened|shortened|slowed|sped\s+up|declined|climbed|jumped|slipped)\s+"
            rf"(?:\w+\s+)?by\s+(?:about\s+|roughly\s+|up\s+to\s+|some\s+|nearly\s+|~)?{_NUM}",
            re.I,
        ),
    ),
    (
        "a number next to a result word",
        re.compile(
            r"\b(?:accuracy|score|scores|rate|success|pass rate|win rate|asr|f1|bleu|rouge|"
            r"elo|reward|error|loss|perplexity|speed-?up|gain|improvement|reduction|drop|"
            r"increase|latency|throughput|recall|precision|auc|wer|cer|map|miou|iou|ndcg|mrr|"
            r"psnr|ssim|fid|rmse|mae|auroc|auprc|aupr|dice|lddt|top-?[15]|exact match|em|"
            r"ods|nds|nnt|nnh|number needed to (?:treat|harm)|ton|tof|"
            r"turnover (?:number|frequency))"
            # (not a time point: "accuracy at 12 weeks" is when it was read)
            r"\s+(?:of|to|at(?!\s+\d[\d.,]*\s*(?:h|hours?|days?|weeks?|wks?|months?|years?)\b)|by|=|:|"
            r"is|was|reaches|rises to|falls to)?\s*(?:about\s+|roughly\s+|"
            r"around\s+|nearly\s+|over\s+|under\s+|above\s+|below\s+|exceeding\s+)?\d"
            # "NNT to prevent one VTE was 45": the outcome named between.
            r"|\b(?:nnt|nnh|number needed to (?:treat|harm))\b[^.;]{0,60}?\b(?:was|is|of|=|:)\s*"
            r"(?:about\s+|~)?\d",
            re.I,
        ),
    ),
    (
        "a multiple",
        re.compile(
            rf"\b(?:\d+|{NUMBER_WORDS}|twice|thrice)\s+(?:times|x)\s+(?:smaller|larger|"
            r"faster|slower|more|fewer|less|higher|lower|cheaper|better|worse|as|longer|"
            r"shorter|bigger|greater|heavier|lighter|stronger|weaker|wider|deeper|the|those|that|"
            r"what)\b"
            r"|\btwice\s+as\b|\btwice\s+(?:the|its|their)\b"
            rf"|\b(?:{NUMBER_WORDS}|\d+)[\s-]?fold\b"
            r"|\ban order of magnitude\b"
            rf"|\b(?:by\s+)?a factor of\s+(?:\d[\d.]*|{NUMBER_WORDS}|two|ten)\b"
            # "by factor ~3", "by factor 2": the article and "of" left out.
            rf"|\bby\s+factor\s+(?:of\s+)?(?:~|≈|about\s+)?(?:\d[\d.]*|{NUMBER_WORDS})\b",
            re.I,
        ),
    ),
    (
        "a change in words",
        re.compile(
            # (the bare form as a verb, "costs could double by 2030", "admissions double in
            # winter"; not an adjective: "the double ITCZ bias", "layered double hydroxide")
            r"\b(?:doubl|tripl|quadrupl|halv)(?:es|ed|ing)\b|(?<!\bthe\s)(?<!\ba\s)(?<!\ban\s)"
            rf"\b(?:double|triple|quadruple|halve)\b{CHANGE_VERB_AFTER}"
            rf"|\b{CHANGE_VERB_BEFORE}(?:double|triple|quadruple|halve)\b|\bhalves\b|\bby half\b"
            rf"|\bin half\b|(?<!upper )(?<!lower )(?<!first )(?<!other )(?<!second )"
            rf"\bhalf (?:the|as|its|their|of)\b{_NOT_A_SPAN}"
            r"|\b(?:about|roughly|nearly|almost|over|under|more than|less than|around)\s+half\b",
            re.I,
        ),
    ),
    (
        # Outcomes counted in words: "two deaths linked to empty cylinders", "five serious
        # bleeds", "zero HIV infections".
        "a count of outcomes in words",
        re.compile(
            rf"\b(?:{NUMBER_WORDS}|zero)\s+(?:(?!of\b)[\w-]+\s+){{0,2}}?"
            r"(?:deaths|cases|events|fractures|infections|admissions|readmissions|"
            r"hospitali[sz]ations|strokes|falls|bleeds|relapses|recurrences|exacerbations|"
            r"overdoses|suicides|miscarriages|stillbirths|amputations|seizures)\b",
            re.I,
        ),
    ),
    (
        # A sum of money in words: "well under four thousand pounds per QALY".
        "a sum in words",
        re.compile(
            rf"\b{NUMBER_WORDS}(?:[\s-]+{NUMBER_WORDS})*\s+"
            r"(?:(?:hundred|thousand|million|billion)\s+)*(?:pounds|dollars|euros|francs|yen|rupees|pesos)\b",
            re.I,
        ),
    ),
    (
        # A pH stated: "stable up to pH 12", "at pH 7.4" (not "Ph 3", a phase).
        "a pH",
        re.compile(
            r"(?<![\w.])pH\s*(?:of\s+|=\s*|~\s*|≈\s*|[<>≤≥]\s*)?\d+(?:\.\d+)?(?!\w)(?!\.\d)"
        ),
    ),
    (
        # A rate per a round population: "5 per 100 person-years", "12 per 1,000 births".
        "a rate",
        re.compile(
            rf"{_NUM}\s+per\s+(?:100|1,?000|10,?000|100,?000|1,?000,?000|million)\s+"
            r"(?:person-?years|patient-?years|people|persons|population|inhabitants|admissions|"
            r"(?:live\s+)?births|patients|adults|children|women|men|deliveries|procedures)\b",
            re.I,
        ),
    ),
    (
        # How long a cost takes to come back: "pays back within three seasons", "a payback
        # of 4 years".
        "a payback period",
        re.compile(
            rf"\bpa(?:y|ys|id|ying)\s+(?:for\s+)?(?:itself\s+|themselves\s+)?(?:back\s+)?"
            rf"(?:with)?in\s+(?:about\s+|around\s+|roughly\s+|under\s+)?(?:\d+(?:\.\d+)?|"
            rf"{NUMBER_WORDS})\s+(?:seasons|years|months|weeks|harvests|cycles|days)\b"
            rf"|\bpayback\s+(?:period\s+|time\s+)?(?:of\s+|is\s+|was\s+)?(?:about\s+|around\s+|~)?"
            rf"(?:\d+(?:\.\d+)?|{NUMBER_WORDS})\s+(?:seasons|years|months|weeks|harvests|cycles|days)\b",
            re.I,
        ),
    ),
    (
        # A change all the way to nothing: "the effect decays to zero by week 8".
        "a change to zero",
        re.compile(
            r"\b(?:decay|fall|drop|decline|shrink|go|went|come|came|fade|taper|return)(?:s|ed|ing)?\s+"
            r"(?:back\s+)?to\s+(?:zero|nil|nothing)\b",
            re.I,
        ),
    ),
    (
        # A time achieved, with its bound: "home-compostable in under six months".
        "a time achieved",
        re.compile(
            rf"\bin\s+(?:under|less\s+than|fewer\s+than|just\s+under)\s+(?:\d+(?:\.\d+)?|"
            rf"{NUMBER_WORDS}|an?)\s+(?:seconds?|minutes?|hours?|days?|weeks?|months?|years?|"
            r"seasons?|h|min|s)\b",
            re.I,
        ),
    ),
    (
        # A change by an amount in words: "trimmed waits by three weeks".
        "a change by an amount in words",
        re.compile(
            rf"\bby\s+(?:about\s+|around\s+|roughly\s+|nearly\s+|almost\s+|over\s+|some\s+)?"
            rf"(?:{NUMBER_WORDS})\s+(?:days|weeks|months|years|hours|minutes|points|percentage\s+"
            r"points|per\s*cent|percent)\b"
            # ... or by one of them: "shortens recovery by about a day".
            r"|\bby\s+(?:about\s+|around\s+|roughly\s+|nearly\s+|almost\s+|over\s+|some\s+|just\s+over\s+)?"
            r"(?:a|an|one)\s+(?:day|week|month|year|hour|minute|point|percentage\s+point)\b",
            re.I,
        ),
    ),
    (
        # "a linear range spanning three orders of magnitude".
        "orders of magnitude",
        re.compile(rf"\b(?:\d+|{NUMBER_WORDS}|an?|one)\s+orders?\s+of\s+magnitude\b", re.I),
    ),
    (
        "a fraction in words",
        re.compile(
            rf"\b(?:one|a|{NUMBER_WORDS})[\s-](?:half|halves|third|quarter|[a-z]+th)s?\s+"
            rf"of\b{_NOT_A_SPAN}|\bby\s+(?:roughly\s+|about\s+|nearly\s+|almost\s+|around\s+|"
            r"over\s+)?(?:a|one|two|three)[\s-](?:half|third|quarter|fifth|tenth)s?\b"
            r"(?![\s-]+part(?:y|ies)\b)"
            # A fraction more or less: "with a third less rhodium", "a quarter fewer falls".
            r"|\b(?:a|one|two|three)[\s-](?:half|third|quarter|fifth|tenth)s?\s+(?:less|fewer|lower|"
            r"more|higher|smaller|larger|cheaper|faster|slower)\b",
            re.I,
        ),
    ),
]
# Each shape runs only on a text holding a word any of its matches needs ("times", "fold",
# "half", a verb of change): most claims hold none of them (evidence/prefilter.py).
_SHAPES = [(kind, guarded(p.pattern, flags=p.flags)) for kind, p in _SHAPE_PATTERNS]


# Each runs only on a text holding the words its matches need (evidence/prefilter.py).
_NOT_FIGURES = [sieved(pattern) for pattern in _NOT_FIGURES]


def strip_non_figures(text: str) -> str:
    """The text with identifiers, dates, versions, sizes and names with digits blanked."""
    text = _SPACED_VERSION.sub(
        lambda m: (
            m.group(0)
            if m.group(1) in _SENTENCE_WORDS or m.group(1).lower() in _METRICS
            else f"{m.group(1)} _"
        ),
        text,
    )
    for pattern in _NOT_FIGURES:
        text = pattern.sub(" _ ", text)
    return text


_OF_A_RUN = re.compile(
    r"^\s+of\s+(?:the\s+)?(?:training|pre-?training|fine-?tuning|steps|the\s+run|run|epochs?|"
    r"the\s+schedule|schedule|the\s+way)\b(?!\s+(?:budget|compute|cost|time|data|tokens|flops))",
    re.I,
)


def _a_schedule_point(cleaned: str, match: re.Match[str]) -> bool:
    """A share of the run named as a position in its schedule, not an outcome."""
    after = cleaned[match.end() : match.end() + 40]
    if match.group(0).lower().endswith(" of"):
        after = " of" + after
    before = cleaned[max(0, match.start() - 30) : match.start()]
    if not _OF_A_RUN.search(after) and not re.match(r"^\s*(?:and|,)\s+\d", after):
        return False
    return bool(_SCHEDULE.search(before)) or bool(re.match(r"^\s+of\s+the\s+way", after))


def _names_blanked(text: str, found: list[Quantity]) -> str:
    """The text with the numbers the quantity grammar reads as names blanked."""
    parts = []
    last = 0
    for q in found:
        if q.kind == NAME and q.start >= last:
            parts.append(text[last : q.start])
            parts.append("_" * (q.end - q.start))
            last = q.end
    parts.append(text[last:])
    return "".join(parts)


# The shapes read a claim, not a book: past this length, and inside tokens longer than any
# word, number or name (runs of digits, "a-a-a-…"), they would spend time finding nothing.
_MAX_CHARS = 1_000
_LONG_TOKEN = re.compile(r"\S{60,}")


# A return period, hyphenated as one word: "a 1-in-1000-year event", "one-in-200-year flood".
_RETURN_PERIOD = re.compile(r"\b(?:\d+|one)-in-\d[\d,]*(?:-(?:years?|yr))?\b", re.I)


# An earthquake's magnitude, a name-shaped figure: "Mw 5.8", "M6.2", "magnitude 7.1"; not
# one that names the event after an article ("The M7.8 rupture went supershear").
_MAGNITUDE = re.compile(
    r"(?<![\w.])(?<!\b[Tt]he\s)(?<!\b[Aa]n\s)(?<!\b[Aa]\s)(?:M[wLsb]?\s?|[Mm]agnitude\s+(?:of\s+)?)"
    r"[1-9]\.\d(?![\d.]*\w)"
)


@functools.lru_cache(maxsize=4096)
def figure_in(text: str) -> tuple[str, str] | None:
    """(kind of figure, the words that state it) for the first figure, or None. Kept per
    text: a paragraph is asked once whether it is a scope statement, then as a claim."""
    text = _LONG_TOKEN.sub(lambda m: "_" * len(m.group(0)), text[:_MAX_CHARS])
    if period := _RETURN_PERIOD.search(text):
        return ("N in M", period.group(0))
    if magnitude := _MAGNITUDE.search(text):
        return ("a magnitude", magnitude.group(0))
    found = quantities(text)
    shaped = _shaped_figure(_names_blanked(text, found))
    if shaped is not None:
        return shaped
    # The shapes above judge percentages, folds, points, bare decimals and shares in words
    # (with their schedule points); the grammar adds measurements in units of any field and
    # numbers after a measure's name ("Spearman 0.52", "selectivity of 240", "p < 0.01").
    measured = next(
        (
            q
            for q in found
            if q.kind == FIGURE
            and q.unit not in ("%", "pp", "x")
            and (
                (q.unit and q.unit not in ("%", "pp", "x"))
                or q.label
                or q.role in ("to", "part", "compared", "uncertainty", "low", "found")
            )
            and not (q.unit == "" and not q.label and q.text[:1].isalpha())
        ),
        None,
    )
    if measured is not None:
        return ("a measurement" if measured.unit else "a stated value", measured.text)
    # A condition or an interval in a physical unit is still a stated figure ("cold-pressed
    # at 300 MPa", "recur every 14 months"): the claim gives a quantity a reader can check.
    physical = next(
        (
            q
            for q in found
            if q.kind == SETTING
            and q.unit
            and _PHYSICAL.fullmatch(q.unit)
            and not (
                _AN_AMOUNT_OF_SETUP.search(text[max(0, q.start - 12) : q.end + 4])
                and not _LASTING.search(text[max(0, q.start - 40) : q.start])
            )
        ),
        None,
    )
    if physical is not None:
        return ("a measurement", physical.text)
    return None


# Units of the physical world, not of a training run or a confidence level.
_PHYSICAL = re.compile(r"(?!%|x|pp|σ|bp).+")
# How long a set-up ran or how much of it there was ("for 3 days", "18 months of logs",
# "3 seconds of audio") and a sampling rate ("at 44.1kHz"): the method, not what it found.
_AN_AMOUNT_OF_SETUP = re.compile(
    r"(?:\b(?:for|from|over|with|up\s+to)\s+[\d.,]+\s*(?:s|sec|seconds?|min|minutes?|h|hours?|"
    r"days?|weeks?|months?|years?)\b"
    r"|[\d.,]+\s*(?:s|sec|seconds?|min|minutes?|h|hours?|days?|weeks?|months?|years?)\s+of\b"
    r"|\bat\s+[\d.,]+\s*[kMG]?Hz\b"
    # A time point a finding is read at, not the finding: "naming accuracy at 12 weeks".
    # (not an age, "capped age at 55 years", nor when an outcome came: "died at 2 months")
    r"|(?<!\bage\s)(?<!\baged\s)(?<!\bdied\s)(?<!\bdeath\s)"
    r"\bat\s+[\d.,]+\s*(?:h|hours?|days?|weeks?|wks?|months?|mos?|years?|yrs?)\b(?!\s+(?:of|longer|"
    r"shorter|earlier|later|more|less)\b))",
    re.IGNORECASE,
)


# How long an effect lasted is what was found, not the set-up: "protects for 12 months",
# "the response persisted for 18 weeks".
_LASTING = re.compile(
    r"\b(?:protect(?:s|ed|ion)?|last(?:s|ed|ing)|persist(?:s|ed|ing)?|durable|sustained)\b"
    r"[^.;]{0,25}$",
    re.IGNORECASE,
)


def _shaped_figure(text: str) -> tuple[str, str] | None:
    cleaned = strip_non_figures(text)
    best: tuple[int, str, str] | None = None
    for kind, pattern in _SHAPES:
        for match in pattern.finditer(cleaned):
            if kind in (
                "a percentage",
                "a fraction in words",
                "a change in words",
            ) and _a_schedule_point(cleaned, match):
                continue
            if best is None or match.start() < best[0]:
                best = (match.start(), kind, match.group(0).strip())
            break
    return (best[1], best[2]) if best else None


def states_a_figure(text: str) -> bool:
    return figure_in(text) is not None
