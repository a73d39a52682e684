"""Caveats read from a vague reference: what a sentence points at without naming it.

"beats prior work", "a frontier model", "an internal suite", "several benchmarks" leave the
baseline, model or benchmark unnamed — unless a name stands beside them ("prior work such
as DPO", "the previous SOTA, DeepSeek-R1", "a large LM, Llama-3-8B"). A name is read by its
shape: a word with an inner capital or digit (GSM8K, Qwen2.5, LLaMA) or an acronym (MMLU,
PPO), never a size (7B, 32K). Spread, leakage and relative-only gains worded as what was
not done ("n=1", "didn't rerun", "could have seen the test set", "30% better than the
baseline" with no absolute score) are read here too.
"""

from __future__ import annotations

import re

from evidence.prefilter import Guarded, guarded

_NAME = re.compile(r"\b[A-Z][A-Za-z]*-?(?:[A-Z][a-z]*|\d)[\w.-]*|\b[A-Z]{2,}\b")
# Acronyms of kinds, not names.
_KINDS = frozenset(
    "LM LLM LLMS LMS SOTA RL CI CIS API GPU GPUS PDF ML AI NLP QA SFT MOE TPU CPU RAG "
    "AGI VLM VLMS ID IDS OOD URL".split()
)
_NAMING_NEXT = re.compile(
    r"^\s*(?:[,(:—–-]\s*)?(?:such\s+as|like|including|e\.g\.|namely|i\.e\.|called|named|"
    r"dubbed)\b|^\s*[,(:—–]\s*(?:the\s+)?[A-Z0-9]",
)


def _names_something(sentence: str, match: re.Match[str]) -> bool:
    """True when the sentence names a thing beside the vague reference."""
    if _NAMING_NEXT.search(sentence[match.end() :]):
        return True
    return any(
        word.group(0).upper().rstrip(".-") not in _KINDS for word in _NAME.finditer(sentence)
    )


_ABSOLUTE = re.compile(
    r"\b\d+\.\d+\b(?!\s*(?:%|x\b|×|percent|points?))|\bfrom\s+\d[\d.]*\s*%?\s+to\s+\d"
    r"|\b\d+(?:\.\d+)?\s*%?\s*(?:vs\.?|versus)\s*\d",
)


def _states_absolute(sentence: str, _match: re.Match[str]) -> bool:
    return bool(_ABSOLUTE.search(sentence))


def _rx(*parts: str) -> Guarded:
    return guarded(*parts, flags=re.IGNORECASE)


_A = r"(?:a|an|the|their|its|our|some|several|various|multiple)\s+"
_PRIOR = (
    r"(?:prior|previous|earlier|existing|competing|other|rival|standard|strong|conventional)\s+"
    r"(?:[\w-]+\s+)?(?:work|methods?|approaches|techniques|baselines|systems|models|art)"
    r"|(?:the\s+)?(?:previous|prior|current|existing)\s+(?:sota|state[\s-]of[\s-]the[\s-]art|"
    r"best(?:\s+\w+)?)|state[\s-]of[\s-]the[\s-]art\s+(?:methods|approaches|systems|"
    r"models|baselines)|(?:a|an)\s+(?:strong\s+|standard\s+|simple\s+|naive\s+)?baseline\b"
)
_VAGUE_BASELINE = _rx(
    r"\b(?:beats?|beating|outperform\w*|surpass\w*|better\s+than|improv\w*\s+(?:on|over|upon)|"
    r"exceed\w*|ahead\s+of|compared?\s+(?:against|to|with)|compared\s+(?:against|to|with)|"
    r"versus|vs\.?|over|relative\s+to|than)\s+(?:the\s+|all\s+)?(?:" + _PRIOR + r")",
)
_VAGUE_BENCHMARK = _rx(
    r"\b(?:held[\s-]out|internal|in-house|private|proprietary)\s+"
    r"(?:[\w-]+\s+){0,2}?(?:benchmarks?|suites?|eval(?:uation)?s?|test[\s-]sets?|datasets?)\b",
    r"\b(?:several|various|multiple|a\s+range\s+of|a\s+handful\s+of|a\s+few|a\s+set\s+of|"
    r"some|many|a\s+battery\s+of)\s+(?:[\w-]+\s+){0,2}?(?:benchmarks|suites|test\s+sets|"
    r"datasets|evals)\b",
)
_VAGUE_MODEL = _rx(
    r"\b(?:a|an|their|its|some)\s+(?:[\w-]+\s+){0,2}?(?:frontier|open[\s-]weights?|"
    r"open[\s-]source|proprietary|closed(?:[\s-]source)?|in-house|commercial|leading|"
    r"undisclosed)\s+(?:[\w-]+\s+)?(?:models?|lms?|llms?|language\s+models?|chatbots?|"
    r"checkpoints?)\b",
    r"\b(?:a|an|some)\s+(?:[\w-]+\s+)?large\s+(?:lms?|llms?|language\s+models?)\b",
    r"\b(?:their|its)\s+(?:own\s+)?base\s+model\b",
    r"\b(?:models?|llms?|checkpoints?)\s+whose\s+(?:name|identity)\s+(?:is|was)\s+"
    r"(?:withheld|not\s+given|undisclosed|not\s+disclosed|not\s+stated|unknown)",
)
# A gain given only as a share of a reference ("reported as a percentage over the base").
_RELATIVE = _rx(
    r"\b(?:given|reported|stated|expressed)\s+(?:only\s+)?(?:as|in)\s+(?:a\s+)?percentages?\s+"
    r"(?:over|above)\b",
)

_SPREAD = _rx(
    r"\bn\s*=\s*1\b",
    r"\bno\s+(?:repeats|reruns|re-runs|replicates|replications|repetitions|repeat\s+runs)\b",
    r"\b(?:not|never)\s+(?:\w+\s+)?(?:re-?run|repeat)\w*\b[^.;]{0,40}?\b(?:seeds?|times|"
    r"twice)\b",
    r"\bnothing\s+(?:was\s+|is\s+)?(?:repeated|re-?run)\b",
    r"\b(?:lone|solitary)\s+(?:[\w-]+\s+)?runs?\b",
    r"\bwithout\s+(?:any\s+)?(?:standard\s+deviations?|stds?|stdevs?|cis|confidence\s+"
    r"intervals?|error\s+bars?|repeats?|reruns?)\b",
    r"\b(?:ran|run|trained|evaluated|measured|tested)\s+(?:\w+\s+){0,3}?(?:only|just)\s+once\b",
)
_LEAKAGE = _rx(
    r"\b(?:could|may|might)\s+(?:well\s+)?have\s+seen\s+(?:the\s+)?(?:\w+\s+)?(?:test|eval\w*|"
    r"benchmark)",
    r"\b(?:could|may|might)\s+(?:well\s+)?(?:have\s+)?(?:be|been|appear\w*|sit|sat)\s+in\s+"
    r"(?:the\s+)?(?:pre-?)?training\s+(?:data|corpus|set|mix)",
    r"\b(?:overlap|leak\w*|contaminat\w*)\b[^.;]{0,60}?\b(?:is|are|was|were)\s+(?:not|never)\s+"
    r"(?:discussed|mentioned|considered|reported|quantified)",
    r"\b(?:not|never)\s+(?:\w+\s+)?de-?contaminat\w*",
    r"\b(?:leakage|contamination)\s+(?:is|remains)\s+(?:a\s+)?(?:\w+\s+)?(?:possibility|"
    r"possible|concern|risk|open\s+question)",
    r"\b(?:nothing|no\s+one|nobody)\s+rules?\s+out\b[^.;]{0,60}?\b(?:training|seen|leak|"
    r"contaminat)",
    r"\b(?:pre-?)?training\s+(?:data|corpus|set)\b[^.]{0,40}?\b(?:no\s+one|nobody)\s+"
    r"(?:checked|looked|verified)\b",
)


def _left_unnamed(noun: str) -> re.Pattern[str]:
    """What the words say nobody named: "a baseline they never name", "a set that has no
    name", "'a 7B model' without naming it"."""
    return _rx(
        rf"\b{noun}\s+(?:that\s+|which\s+)?(?:they|the\s+authors?|it|the\s+paper|the\s+"
        r"abstract|the\s+post)\s+(?:never|do\s+not|does\s+not|did\s+not)\s+(?:name|identify|"
        r"specify|disclose)\b",
        rf"\b{noun}\s+(?:that|which)\s+(?:has|have|had|bears?|carries|is\s+given)\s+no\s+name\b",
        rf"\b{noun}\b['\"’”]?\s+without\s+(?:naming|identifying|specifying)\s+(?:it|them)\b",
        rf"\b{noun}\b[^.;]{{0,30}}?\b(?:both\s+)?(?:unstated|not\s+further\s+(?:specified|named|"
        r"described))",
        rf"\b{noun}\s+both\s+(?:unspecified|unnamed|undisclosed)\b",
        rf"\b(?:needs?|lacks?|lacking|missing|wants?|without)\s+(?:a\s+|any\s+)?named\s+{noun}",
    )


_BENCH = r"(?:benchmarks?|bench|datasets?|suites?|test[\s-]sets?|sets?|evals?|evaluations?)"
_MODEL = r"(?:models?|llms?|lms?|checkpoints?)"
_BASE = r"(?:baselines?|comparisons?|comparators?|(?:prior|previous)\s+(?:sota|methods?|work))"


def _nothing_on(things: str) -> list[str]:
    """The text is silent on it: "nothing I read states the seed count", "says nothing about
    error bars", "nothing in the post says whether test-set overlap was checked"."""
    return [
        r"\b(?:nothing|no\s+\w+)\b[^.;]{0,40}?\b(?:states?|gives?|says?|mentions?|reports?|"
        rf"tells?)\s+(?:whether\b[^.;]{{0,60}}?\b|the\s+)?{things}",
        r"\b(?:says?|said|mentions?|reports?|states?)\s+nothing\s+(?:about|on|of)\s+"
        rf"(?:the\s+|any\s+)?(?:[\w-]+\s+)?{things}",
    ]


_MORE_SPREAD = _rx(
    r"\bno\s+(?:cis?|stds?|stdevs?|error\s+bars?|seed\s+counts?)\b",
    r"\b(?:lack|absence)\s+of\s+(?:any\s+)?(?:error\s+bars?|variance|seeds?|confidence\s+"
    r"intervals?|standard\s+deviations?|cis|repeats?|repeated\s+runs)\b",
    *_nothing_on(
        r"(?:seed\s+count|number\s+of\s+(?:seeds|runs)|variance|spread|error\s+bars?|seeds?|"
        r"confidence\s+intervals?|standard\s+deviations?)\b"
    ),
)
_MORE_LEAKAGE = _rx(
    r"\bnowhere\s+(?:\w+\s+){0,3}?(?:check|test|examine|verify|look|address|rule)\w*\b[^.;]{0,40}?"
    r"\b(?:overlap|leak|contaminat)",
    *_nothing_on(r"(?:[\w-]+\s+)?(?:overlap|leak\w*|contaminat\w*|decontaminat\w*)"),
)
_VAGUE_SOTA = _rx(
    r"\b(?:unnamed|unspecified|undisclosed)\s+['\"“‘]?(?:prior|previous)\s+(?:sota|state|best|"
    r"work|methods?)",
)
# "an unnamed comparison model": the thing unnamed is the baseline.
_COMPARISON = _rx(
    r"\b(?:comparison|reference|competitor|competing|rival)\s+(?:models?|systems?|llms?)\b",
)

# Per caveat: (pattern, guard); a match is dropped when its guard says so.
VAGUE_RULES: dict[str, list[tuple[re.Pattern[str], object]]] = {
    "no baseline named": [
        (_VAGUE_BASELINE, _names_something),
        (_left_unnamed(_BASE), None),
        (_VAGUE_SOTA, None),
    ],
    "benchmark not named": [(_VAGUE_BENCHMARK, _names_something), (_left_unnamed(_BENCH), None)],
    "model not named": [(_VAGUE_MODEL, _names_something), (_left_unnamed(_MODEL), None)],
    "relative gains only": [(_RELATIVE, _states_absolute)],
    "no variance reported": [(_SPREAD, None), (_MORE_SPREAD, None)],
    "contamination not checked": [(_LEAKAGE, None), (_MORE_LEAKAGE, None)],
}
# A caveat whose every reading is set aside when the sentence says this instead.
VETOES = {"model not named": _COMPARISON}


class CaveatRule:
    """A caveat's plain pattern, then its vague-reference patterns with their guards."""

    def __init__(self, plain: Guarded, vague: list, veto: Guarded | None) -> None:
        self.plain = plain
        self.vague = vague
        self.veto = veto

    def search(self, sentence: str) -> re.Match[str] | None:
        if self.veto and self.veto.search(sentence):
            return None
        match = self.plain.search(sentence)
        if match:
            return match
        for pattern, guard in self.vague:
            match = pattern.search(sentence)
            if match and not (guard and guard(sentence, match)):
                return match
        return None
