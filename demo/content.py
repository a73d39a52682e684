"""A little demo content, written for this project, so a new wiki is not empty."""

from __future__ import annotations

import datetime as dt
import secrets
from pathlib import Path

from django.contrib.auth import get_user_model
from django.contrib.auth.models import Group
from django.db import transaction

from accounts.roles import CONTRIBUTOR, EDITOR
from entries.models import Entry, EntryStatus, Evidence
from entries.writing.services import ClaimData, entry_create
from evidence import normalise_protocol
from importer.load import NoteSource, notes_import
from papers.models import Paper, ReadLevel
from papers.services import paper_key_assign
from results.models import Result
from results.services import benchmark_create
from wiki.concept_links import links_record
from wiki.models import Concept, KeyPaper
from wiki.services import concept_create

SAMPLE_NOTES = Path(__file__).resolve().parent.parent / "importer" / "samples"

CONCEPTS = [
    (
        "Reward Modeling",
        "Learning a function that scores model outputs so that a policy can be optimised "
        "against it when no exact checker exists.",
        """## Why it matters

- Most open-ended tasks have no programmatic checker, so a learned score stands in.
- A reward model is itself a model: it can be wrong, and a policy will find where.

## Open problems

1. Measuring drift of the reward model during policy training.
2. Rubrics versus scalar scores: which generalises to new tasks?

See also [[Process Supervision]] and [[Knowledge Distillation]].
""",
    ),
    (
        "Process Supervision",
        "Rewarding each intermediate step of a solution rather than only its final answer.",
        """## Why it matters

Outcome-only rewards cannot tell a lucky guess from a sound derivation; step-level
signals can, at the price of labelling the steps.

| Signal | Granularity | Cost |
|---|---|---|
| Outcome | whole answer | low |
| Process | every step | high |

Related: [[Reward Modeling]].
""",
    ),
    (
        "Knowledge Distillation",
        "Training a smaller student model to imitate a larger teacher's output distribution.",
        """## Why it matters

Distillation turns an expensive model into a cheap one; the open question is how much of
the teacher's behaviour survives, and on which inputs.

## Variants

- **Off-policy**: the student learns from the teacher's own samples.
- **On-policy**: the student samples, and the teacher scores the student's tokens.

Related: [[Reward Modeling]].
""",
    ),
]

PAPERS = [
    dict(
        arxiv_id="2601.04211",
        title="Calibrated Rubric Rewards for Open-Ended Agents (demo)",
        authors="A. Demo, B. Example, C. Sample",
        organisation="Example University",
        published=dt.date(2026, 1, 14),
        abstract="A demonstration record: rubric-based rewards for tasks without a checker.",
        read_level=ReadLevel.ABSTRACT_ONLY,
        topics=["Reward Modeling"],
    ),
    dict(
        arxiv_id="2603.11876",
        title="Step Labels at Scale: A Study of Process Rewards (demo)",
        authors="D. Placeholder, E. Fixture",
        organisation="Demo Lab",
        published=dt.date(2026, 3, 20),
        abstract="A demonstration record: process rewards compared with outcome rewards.",
        read_level=ReadLevel.FULL_TEXT,
        topics=["Process Supervision", "Reward Modeling"],
    ),
    dict(
        arxiv_id="2605.02290",
        title="Which Way Should the KL Point? Student-Teacher Divergences (demo)",
        authors="F. Mock",
        organisation="",
        published=dt.date(2026, 5, 6),
        abstract="A demonstration record: forward and reverse KL in distillation.",
        read_level=ReadLevel.ABSTRACT_ONLY,
        topics=["Knowledge Distillation"],
    ),
]


# Two editors, so the four-eyes rule can be tried: what one writes, the other approves.
DEMO_ACCOUNTS = [("editor", EDITOR), ("editor2", EDITOR), ("contributor", CONTRIBUTOR)]


def demo_accounts(*, reset_passwords: bool = False) -> dict[str, str]:
    """Create the demo accounts that do not exist yet (with ``reset_passwords``, give every
    demo account a new password); return the new passwords, which are stored only hashed."""
    User = get_user_model()
    passwords: dict[str, str] = {}
    for username, group in DEMO_ACCOUNTS:
        user = User.objects.filter(username=username).first()
        if user is not None and not reset_passwords:
            continue
        password = secrets.token_urlsafe(9)
        if user is None:
            # An address at the reserved example domain: digests and decision emails reach
            # the development mail backend (the console) instead of nobody.
            user = User.objects.create_user(
                username=username, password=password, email=f"{username}@example.org"
            )
        else:
            user.set_password(password)
            user.save(update_fields=["password"])
        user.groups.add(Group.objects.get(name=group))
        passwords[username] = password
    return passwords


@transaction.atomic
def load_demo_content() -> bool:
    """Fill an empty wiki with a few concepts, papers and entries. Returns False if not empty."""
    if Concept.objects.exists() or Paper.objects.exists() or Entry.objects.exists():
        return False
    User = get_user_model()
    editor = User.objects.filter(username="editor").first()
    contributor = User.objects.filter(username="contributor").first()
    concepts = {
        title: concept_create(title=title, summary=summary, body=body, author=editor, publish=True)
        for title, summary, body in CONCEPTS
    }
    concepts["Reward Modeling"].related.add(concepts["Process Supervision"])
    concepts["Knowledge Distillation"].related.add(concepts["Reward Modeling"])
    papers = {}
    for data in PAPERS:
        data = dict(data)
        topics = data.pop("topics")
        paper = Paper.objects.create(**data)
        paper_key_assign(paper=paper)
        paper.topics.set([concepts[t] for t in topics])
        papers[paper.arxiv_id] = paper
    KeyPaper.objects.create(
        concept=concepts["Reward Modeling"],
        paper=papers["2601.04211"],
        position=0,
        note="Rubrics as a reward where no checker exists.",
    )
    KeyPaper.objects.create(
        concept=concepts["Process Supervision"],
        paper=papers["2603.11876"],
        position=0,
        note="The step-label study this page leans on.",
    )
    links_record(concepts.values())
    entry_create(
        author=contributor,
        date=dt.date(2026, 3, 28),
        headline="Process rewards beat outcome rewards on long derivations",
        lead="A demo entry: a study comparing step-level and answer-level rewards.",
        topics=[concepts["Process Supervision"]],
        claims=[
            ClaimData(
                text="Step-level rewards improved accuracy by 4.1 points on the longest problems.",
                paper=papers["2603.11876"],
                evidence=Evidence.FULL_TEXT,
                caveats=["no variance reported"],
            ),
            ClaimData(
                text="The authors report that labelling cost grows with solution length.",
                paper=papers["2603.11876"],
                evidence=Evidence.FULL_TEXT,
                caveats=["no figure stated"],
            ),
        ],
        status=EntryStatus.PUBLISHED,
    )
    entry_create(
        author=contributor,
        date=dt.date(2026, 5, 9),
        headline="Reverse KL favours the student's own samples",
        lead="A demo entry about the direction of the divergence in distillation.",
        topics=[concepts["Knowledge Distillation"]],
        claims=[
            ClaimData(
                text="Reverse KL is reported to be more sensitive to the rollout policy.",
                paper=papers["2605.02290"],
                evidence=Evidence.ABSTRACT_ONLY,
                caveats=["no figure stated"],
            ),
            ClaimData(
                text="Read together with [[Reward Modeling]], this is a question of where "
                "the learning signal comes from.",
                evidence=Evidence.EDITORIAL,
            ),
        ],
        status=EntryStatus.PUBLISHED,
    )
    entry_create(
        author=contributor,
        date=dt.date(2026, 1, 20),
        headline="Rubric rewards for agents without a checker",
        lead="A demo entry waiting for review.",
        topics=[concepts["Reward Modeling"]],
        claims=[
            ClaimData(
                text="Rubric rewards outperform a scalar reward model on open-ended tasks, "
                "reaching 71.5% on RubricBench.",
                paper=papers["2601.04211"],
            ),
        ],
        status=EntryStatus.PENDING,
        action="submitted",
    )
    _demo_results(concepts, papers, contributor)
    _import_sample_notes()
    return True


# Results on a demo benchmark, under two protocols and several evidence levels, so the
# results table and the benchmark page's chart have something to show.
DEMO_RESULTS = [
    (dt.date(2025, 11, 3), "Outcome rewards reach 41.0% accuracy on MATH-Hard.", "4-shot",
     Evidence.SECONDARY, None),
    (dt.date(2026, 1, 12), "A process reward model reaches 46.5% accuracy on MATH-Hard.", "4-shot",
     Evidence.ABSTRACT_ONLY, "2601.04211"),
    (dt.date(2026, 2, 2), "A blog post reports 44.0% accuracy on MATH-Hard with majority voting.",
     "0-shot, maj@8", Evidence.SECONDARY, None),
    (dt.date(2026, 4, 2), "Step labels at scale reach 52.3% accuracy on MATH-Hard.", "4-shot",
     Evidence.FULL_TEXT, "2603.11876"),
    (dt.date(2026, 5, 1),
     "Our reading: about 50.0% accuracy on MATH-Hard is the fair zero-shot figure.",
     "0-shot, maj@8", Evidence.EDITORIAL, None),
]  # fmt: skip


def _demo_results(concepts, papers, contributor) -> None:
    benchmark_create(
        name="MATH-Hard",
        direction="higher",
        unit="%",
        description="A demo benchmark: the hardest level of competition mathematics problems.",
        aliases=("MATH level 5",),
    )
    for date, text, protocol, evidence, paper in DEMO_RESULTS:
        entry = entry_create(
            author=contributor,
            date=date,
            headline=f"MATH-Hard, {date:%B %Y}",
            lead="A demo entry stating one result.",
            topics=[concepts["Process Supervision"]],
            claims=[ClaimData(text=text, paper=papers.get(paper), evidence=evidence)],
            status=EntryStatus.PUBLISHED,
        )
        # The narrow first reading names no protocol: the demo says which one each used.
        Result.objects.filter(claim__entry=entry).update(
            protocol=protocol, protocol_key=normalise_protocol(protocol)
        )


def _import_sample_notes() -> None:
    """Sample notes in the shape teams bring from elsewhere, through the real importer.

    No author: the concept pages publish, the entries wait in the review queue for any
    editor (the demo editor did not write them, so the four-eyes rule lets them approve).
    """
    sources = [
        NoteSource(name=path.name, data=path.read_bytes())
        for path in sorted(SAMPLE_NOTES.glob("*.txt"))
    ]
    report = notes_import(sources=sources, author=None, status=EntryStatus.PENDING)
    if report.errors:
        raise RuntimeError(f"demo notes did not import: {report.errors}")
