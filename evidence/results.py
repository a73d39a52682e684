"""Results a claim states: each figure as a proposed result row, every field with the words
it came from. Built on the quantity grammar (``quantities``), the same one that decides
"no figure stated".

Interface (stable; the extraction behind it improves):

* ``results_in(text) -> list[ResultDraft]`` in the order the figures appear;
* ``metric_direction(metric, unit="") -> "higher" | "lower" | ""``;
* ``normalise_protocol(text) -> str`` (the grouping key of a protocol: case, spacing and
  punctuation folded, so "5-shot" and "5 shot" group together).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

HIGHER = "higher"
LOWER = "lower"


@dataclass(frozen=True)
class ResultDraft:
    value: float
    unit: str = ""
    metric: str = ""
    benchmark: str = ""
    protocol: str = ""
    model: str = ""
    baseline_value: float | None = None
    baseline_name: str = ""
    direction: str = ""
    # field name -> the words of the claim it came from ("value": "58.2%", "metric": …)
    words: dict[str, str] = field(default_factory=dict)


_LOWER_IS_BETTER = re.compile(
    r"\b(?:error|wer|cer|loss|perplexity|latency|rmse|mae|mse|fid|attack success|"
    r"mortality|cost|emissions?|time|runtime)\b",
    re.IGNORECASE,
)


def metric_direction(metric: str, unit: str = "") -> str:
    if not metric:
        return ""
    return LOWER if _LOWER_IS_BETTER.search(metric) else HIGHER


def normalise_protocol(text: str) -> str:
    return " ".join(re.sub(r"[^\w@.×]+", " ", text.casefold()).split())


_SIMPLE = re.compile(r"(?P<value>\d+(?:\.\d+)?)\s?(?P<unit>%)\s+on\s+(?P<bench>[A-Z][\w.-]*)")


def results_in(text: str) -> list[ResultDraft]:
    """A first, narrow reading ("58.2% on MMLU"); see the module doc for the interface."""
    drafts = []
    for m in _SIMPLE.finditer(text):
        drafts.append(
            ResultDraft(
                value=float(m["value"]),
                unit=m["unit"],
                benchmark=m["bench"],
                words={"value": m.group("value") + m.group("unit"), "benchmark": m["bench"]},
            )
        )
    return drafts
