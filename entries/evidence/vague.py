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


def _rx(*parts: str) -> re.Pattern[str]:
    return re.compile("|".join(parts), re.IGNORECASE)


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

# Per caveat: (pattern, guard); a match is dropped when its guard says so.
VAGUE_RULES: dict[str, list[tuple[re.Pattern[str], object]]] = {
    "no baseline named": [(_VAGUE_BASELINE, _names_something)],
    "benchmark not named": [(_VAGUE_BENCHMARK, _names_something)],
    "model not named": [(_VAGUE_MODEL, _names_something)],
    "relative gains only": [(_RELATIVE, _states_absolute)],
    "no variance reported": [(_SPREAD, None)],
    "contamination not checked": [(_LEAKAGE, None)],
}


class CaveatRule:
    """A caveat's plain pattern, then its vague-reference patterns with their guards."""

    def __init__(self, plain: re.Pattern[str], vague: list) -> None:
        self.plain = plain
        self.vague = vague

    def search(self, sentence: str) -> re.Match[str] | None:
        match = self.plain.search(sentence)
        if match:
            return match
        for pattern, guard in self.vague:
            match = pattern.search(sentence)
            if match and not (guard and guard(sentence, match)):
                return match
        return None
