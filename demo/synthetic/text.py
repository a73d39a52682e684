"""Synthetic text for seed_demo: deterministic words, titles, abstracts and names."""

from __future__ import annotations

import datetime as dt
import random

WORDS = (
    "agent policy reward model gradient rollout verifier benchmark reasoning distillation "
    "teacher student token sequence trajectory advantage baseline variance sample search "
    "planning tool environment feedback preference rubric critic value estimate horizon "
    "exploration credit signal scale compute memory context retrieval alignment safety "
    "robust sparse dense online offline objective loss regulariser divergence entropy "
    "curriculum data synthetic human label judge evaluation accuracy coverage transfer"
).split()
TOPIC_WORDS = (
    "Reinforcement Learning Reward Modeling Distillation Agents Planning Retrieval Memory "
    "Alignment Evaluation Reasoning Verification Exploration Scaling Tool Use Preference "
    "Optimisation Curriculum Synthetic Data Credit Assignment World Models Search"
).split()
ORGS = ["", "", "Example University", "Demo Lab", "Institute of Examples", "Sample AI",
        "Placeholder Research", "Fixture College", "Mock Labs", "Synthetic Systems"]  # fmt: skip
START = dt.date(2023, 12, 1)
SPAN_DAYS = 3 * 365
BATCH = 5000
# Bulk loads, of this many papers or more, drop indexes and foreign keys first and rebuild
# them after, and compute the vectors of all pooled texts up front.
BULK_FROM = 20_000


class Text:
    """Cheap varied text: sentences are drawn from pools built once per run, so generating
    100k abstracts costs a few list lookups each rather than thousands of random calls."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng
        self._plain = [self._make_sentence(8, 22) for _ in range(3000)]
        self._figures = [
            self._make_sentence(8, 22)[:-1]
            + f", improving accuracy by {rng.randint(1, 40)}.{rng.randint(0, 9)} points."
            for _ in range(1500)
        ]
        self.titles = [self.words(rng.randint(4, 10)).title() for _ in range(20000)]
        self.paragraphs = [" ".join(rng.sample(self._plain, 7)) for _ in range(3000)]
        # choice() over a range draws exactly as choice() over the list does: the same
        # random call, the position instead of the text.
        self._title_numbers = range(len(self.titles))
        self._paragraph_numbers = range(len(self.paragraphs))

    def _make_sentence(self, lo: int, hi: int) -> str:
        return self.words(self.rng.randint(lo, hi)).capitalize() + "."

    def words(self, n: int) -> str:
        return " ".join(self.rng.choices(WORDS, k=n))

    def sentence(self, lo: int = 8, hi: int = 22, figure: bool = False) -> str:
        if figure:
            return self.rng.choice(self._figures)
        if (lo, hi) == (8, 22):
            return self.rng.choice(self._plain)
        return self._make_sentence(lo, hi)

    def paragraph(self, sentences: int) -> str:
        if sentences >= 5:
            return self.paragraphs[self.paragraph_number()]
        return " ".join(self.rng.sample(self._plain, sentences))

    def paragraph_number(self) -> int:
        """The position in ``paragraphs`` of a long paragraph: ``paragraph(7)`` unresolved."""
        return self.rng.choice(self._paragraph_numbers)

    def title_number(self) -> int:
        """The position in ``titles`` of a title drawn at random."""
        return self.rng.choice(self._title_numbers)

    def body(self, target_chars: int, links: list[str]) -> str:
        parts: list[str] = []
        size = 0
        section = 0
        while size < target_chars:
            section += 1
            heading = f"## {self.words(3).title()} {section}"
            para = self.paragraph(self.rng.randint(3, 7))
            if links and self.rng.random() < 0.5:
                para += f" See [[{self.rng.choice(links)}]]."
            bullets = "\n".join(f"- {self.sentence(5, 12)}" for _ in range(self.rng.randint(2, 5)))
            block = f"{heading}\n\n{para}\n\n{bullets}\n"
            parts.append(block)
            size += len(block)
        return "\n".join(parts)


def zipf_index(rng: random.Random, n: int, s: float = 1.1) -> int:
    """An index in [0, n) drawn with probability ~ 1/(i+1)^s: topic 0 is the busiest."""
    # Inverse-transform on a continuous approximation; cheap and deterministic.
    u = rng.random()
    if s == 1.0:
        return min(n - 1, int(n**u) - 1)
    a = 1 - s
    x = ((n**a - 1) * u + 1) ** (1 / a)
    return min(n - 1, max(0, int(x) - 1))


# One generated paper, its title and abstract as positions in the run's pools: (arxiv_id,
# title number, authors, organisation, published, abstract number, read level, vector of
# the authors as tsvector text or None, primary keys of its topics).
PaperRow = tuple[str, int, str, str, dt.date, int, str, str | None, list[int]]


def author_names() -> list[str]:
    return [f"{initial}. {word.title()}" for initial in "ABCDEFGHJKLMNPRSTW" for word in WORDS]
