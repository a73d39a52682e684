"""Importing into the real database: the seeds' acceptance checks and idempotency."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from entries.models import Claim, Entry, EntryStatus, Evidence
from importer.load import NoteSource, notes_import
from papers.identifiers import find_arxiv_ids
from papers.models import Paper
from wiki.concept_links import links_of, revision_links
from wiki.models import Concept, KeyPaper, Revision

pytestmark = pytest.mark.django_db

TOPIC = "Reinforcement learning for agentic behaviour"


def _source(path: Path) -> NoteSource:
    return NoteSource(name=path.name, data=path.read_bytes())


def _import(*paths: Path, **kwargs):
    kwargs.setdefault("author", None)
    return notes_import(sources=[_source(p) for p in paths], **kwargs)


def _snapshot() -> dict[str, int]:
    return {
        "concepts": Concept.objects.count(),
        "revisions": Revision.objects.count(),
        "entries": Entry.objects.count(),
        "claims": Claim.objects.count(),
        "papers": Paper.objects.count(),
        "key_papers": KeyPaper.objects.count(),
    }


@pytest.fixture
def page(seeds_dir) -> Path:
    return next(seeds_dir.glob("000_*.txt"))


@pytest.fixture
def feed(seeds_dir) -> Path:
    return next(seeds_dir.glob("003_*.txt"))


@pytest.fixture
def imported(page, feed):
    report = _import(page, feed)
    assert report.ok, [f.progress() for f in report.files]
    return report


def test_seed_concept_has_its_definition_as_summary(imported, page):
    concept = Concept.objects.get(title="Agentic Reinforcement Learning")
    definition = page.read_text().split("Definition\n\n", 1)[1].split("\n", 1)[0]
    assert concept.summary == definition
    assert concept.current_revision is not None
    assert concept.current_revision.body.startswith("## Why It Matters\n\n- ")
    assert "## Open Problems" in concept.current_revision.body


def test_seed_state_of_the_art_sections_and_dated_bullets_become_entries(imported):
    concept = Concept.objects.get(title="Agentic Reinforcement Learning")
    dates = set(Entry.objects.filter(topics=concept).values_list("date", flat=True))
    for expected in ["2026-10-04", "2026-09-30", "2026-09-28", "2026-09-27"]:
        assert dt.date.fromisoformat(expected) in dates
    for bullet in ["2026-09-22", "2026-09-18", "2026-08-18", "2026-04-14"]:
        assert dt.date.fromisoformat(bullet) in dates
    three = Entry.objects.filter(topics=concept, date=dt.date(2026, 8, 18))
    assert three.count() == 3  # three dated bullets share that day
    first = Entry.objects.get(topics=concept, date=dt.date(2026, 10, 4))
    assert first.headline.startswith("A controlled study takes the on-policy premise apart")
    assert first.claims.count() == 10  # five paragraphs cut into claims of a few sentences


def test_seed_sub_heading_stays_inside_its_entry(imported):
    entry = Entry.objects.get(date=dt.date(2026, 9, 30), topics__title__startswith="Agentic")
    texts = list(entry.claims.values_list("text", flat=True))
    assert any(t.startswith("**The infrastructure half, from the same snapshot**") for t in texts)


def test_seed_every_arxiv_id_is_a_paper_and_claims_cite_them(imported, page):
    text = page.read_text()
    ids = find_arxiv_ids(text)
    assert len(ids) == 24
    assert set(Paper.objects.filter(arxiv_id__in=ids).values_list("arxiv_id", flat=True)) == set(
        ids
    )
    cited = set(Claim.objects.exclude(paper=None).values_list("paper__arxiv_id", flat=True))
    # Ids mentioned in the dated sections are cited by claims; the two that appear only
    # under Open Problems are linked from the page's body instead.
    only_in_body = {"2607.21596", "2608.08466"}
    assert set(ids) - cited == only_in_body
    body_html = Concept.objects.get(title="Agentic Reinforcement Learning").current_revision.html
    assert all(f'href="/papers/{i}/"' in body_html for i in only_in_body)


def test_seed_claims_cite_a_paper_their_own_text_names(imported):
    """By its arXiv id, its title, or the short name its Key Papers line gives it."""
    short = {k.paper_id: k.note.split(",")[0] for k in KeyPaper.objects.all()}
    for claim in Claim.objects.exclude(paper=None).select_related("paper"):
        paper = claim.paper
        names = [paper.title, paper.title.split(":")[0], short.get(paper.pk, paper.title)]
        named = any(n.lower() in claim.text.lower() for n in names)
        assert named or paper.arxiv_id in find_arxiv_ids(claim.text)


def test_seed_papers_take_titles_given_next_to_their_ids(imported):
    assert Paper.objects.get(arxiv_id="2608.17528").title == (
        "Agent Lightning v1.0: Towards Harnessed Agentic RL"
    )
    assert Paper.objects.get(arxiv_id="2608.27448").title == "TTPO: Test-Time Policy Optimization"
    assert Paper.objects.get(arxiv_id="2609.33848").title == "arXiv:2609.33848"  # no title given
    concept = Concept.objects.get(title="Agentic Reinforcement Learning")
    assert (
        Paper.objects.filter(topics=concept).count()
        == Paper.objects.exclude(topics__title=TOPIC).filter(topics=concept).count()
    )
    assert Paper.objects.get(arxiv_id="2608.17528").topics.filter(pk=concept.pk).exists()


def test_seed_key_papers_are_recorded_by_the_current_revision(imported):
    concept = Concept.objects.get(title="Agentic Reinforcement Learning")

    recorded = revision_links(concept.current_revision)

    assert recorded == links_of(concept)
    assert len(recorded.key_papers) == 23


def test_seed_key_papers_in_order_with_notes(imported, page):
    concept = Concept.objects.get(title="Agentic Reinforcement Learning")
    keys = list(KeyPaper.objects.filter(concept=concept).select_related("paper"))
    section = page.read_text().split("\nKey Papers\n", 1)[1].split("\nRelated Concepts\n")[0]
    bullets = [line[2:] for line in section.splitlines() if line.startswith("• ")]
    assert len(keys) == len(bullets) == 23
    assert [k.position for k in keys] == list(range(23))
    for key, bullet in zip(keys, bullets, strict=True):
        title = bullet.split(" — ")[0].split(" (arXiv:")[0]
        assert key.paper.title == title
        assert key.note and key.note[:40] in bullet
    assert keys[0].paper.arxiv_id is None
    assert keys[5].paper.arxiv_id == "2608.17528"
    assert "SWE-bench Verified 41.8% → 56.4%" in keys[5].note


def test_seed_related_concepts_exist_as_published_stubs(imported):
    concept = Concept.objects.get(title="Agentic Reinforcement Learning")
    related = sorted(concept.related.values_list("title", flat=True))
    assert related == sorted(
        [
            "Reasoning Models",
            "Agents (LLM Agents)",
            "Eval Harness Configuration",
            "Post-Training Scaling",
            "MCP — Model Context Protocol",
        ]
    )
    stub = Concept.objects.get(title="Reasoning Models")
    assert stub.current_revision is not None  # published, so links to it work
    assert concept in stub.related.all()  # symmetrical


def test_related_concept_matches_an_existing_page_by_its_main_name(page):
    from tests.factories import make_concept

    agents = make_concept("Agents")
    _import(page)
    concept = Concept.objects.get(title="Agentic Reinforcement Learning")
    assert agents in concept.related.all()
    assert not Concept.objects.filter(title="Agents (LLM Agents)").exists()


def test_seed_feed_entries_under_the_topic(imported):
    topic = Concept.objects.get(title=TOPIC)
    entries = list(Entry.objects.filter(topics=topic).order_by("-date", "id"))
    assert len(entries) == 22
    assert entries[0].date == dt.date(2026, 9, 11)
    assert entries[-1].date == dt.date(2026, 6, 2)
    assert all(e.claims.exists() for e in entries)
    assert set(Claim.objects.filter(entry__topics=topic).values_list("evidence", flat=True)) == {
        Evidence.SECONDARY
    }
    assert entries[0].headline.startswith("Liu et al. replace sampled")


def test_imported_entries_are_pending_with_marks_only_from_the_text(imported):
    assert Entry.objects.pending().count() == 48
    marked = Claim.objects.exclude(evidence=Evidence.UNMARKED)
    assert Evidence.FULL_TEXT not in set(marked.values_list("evidence", flat=True))
    assert marked.count() == imported.marked_from_text
    assert not marked.exclude(marked_by=None).exists()  # the note's words, not an editor
    assert not marked.filter(evidence_reason="").exists()
    assert imported.suggestions > 0


def test_status_published_is_for_trusted_migrations(feed):
    _import(feed, status=EntryStatus.PUBLISHED)
    assert Entry.objects.published().count() == 22
    assert Entry.objects.exclude(published_at=None).count() == 22


def test_second_import_creates_nothing(imported, page, feed):
    before = _snapshot()
    report = _import(page, feed)
    assert report.ok
    assert _snapshot() == before
    assert not report.changed
    totals = report.totals
    assert (totals["entries"].unchanged, totals["papers"].unchanged) == (48, 36)


def test_truncated_feed_fails_and_leaves_the_database_as_it_was(imported, feed, tmp_path):
    cut = tmp_path / "cut.txt"
    cut.write_text("\n".join(feed.read_text().splitlines()[:15]) + "\n")
    before = _snapshot()
    report = _import(cut)
    assert not report.ok
    assert (report.files[0].line, report.files[0].error[:14]) == (3, "count mismatch")
    assert _snapshot() == before


def test_truncated_feed_into_an_empty_wiki_keeps_nothing(feed, tmp_path):
    cut = tmp_path / "cut.txt"
    cut.write_text("\n".join(feed.read_text().splitlines()[:15]))
    report = _import(cut)
    assert not report.ok
    assert _snapshot() == dict.fromkeys(_snapshot(), 0)


def test_a_bad_file_does_not_stop_the_others(feed, tmp_path):
    bad = tmp_path / "bad.txt"
    bad.write_text("Nothing\n\nof either shape.\n")
    report = _import(bad, feed)
    assert [f.ok for f in report.files] == [False, True]
    assert Entry.objects.count() == 22


def test_dry_run_reports_and_writes_nothing(page, feed):
    report = _import(page, feed, dry_run=True)
    assert report.ok and report.dry_run
    assert report.totals["entries"].created == 48
    assert _snapshot() == dict.fromkeys(_snapshot(), 0)


def test_markdown_file_imports_like_the_text_file(samples_dir):
    _import(samples_dir / "tool_use_curriculum.txt")
    before = _snapshot()
    report = _import(samples_dir / "tool_use_curriculum.md")
    assert report.ok and not report.changed
    assert _snapshot() == before


def test_sample_page_imports_key_paper_named_without_id_as_one_paper(samples_dir):
    _import(samples_dir / "tool_use_curriculum.txt")
    concept = Concept.objects.get(title="Tool-Use Curriculum")
    keys = list(concept.key_papers.select_related("paper"))
    assert [(k.paper.arxiv_id, k.paper.title) for k in keys] == [
        ("2602.01234", "Sorting Tasks by Depth: A Curriculum for Tool Agents"),
        ("2601.04321", "Early Wins for Agents"),
    ]
    assert keys[0].paper.published == dt.date(2026, 2, 27)
    assert keys[0].paper.organisation == "Example Lab"
    assert Paper.objects.count() == 2


def test_changed_file_updates_in_place(samples_dir, tmp_path, editor):
    original = samples_dir / "tool_use_curriculum.txt"
    _import(original)
    concept = Concept.objects.get(title="Tool-Use Curriculum")
    entry = Entry.objects.get(topics=concept, date=dt.date(2026, 3, 2))
    kept = entry.claims.get(position=2)
    kept.evidence = Evidence.EDITORIAL
    kept.save()
    revisions = concept.revisions.count()

    changed = tmp_path / "tool_use_curriculum.txt"
    text = original.read_text()
    text = text.replace("Ordering the tasks", "Arranging the tasks")
    text = text.replace("than random order.", "than a random order.")
    changed.write_text(text)
    report = _import(changed)

    assert report.ok
    concept.refresh_from_db()
    assert concept.summary.startswith("Arranging the tasks")
    assert concept.revisions.count() == revisions + 1
    assert Entry.objects.filter(topics=concept).count() == 4  # matched, not duplicated
    entry.refresh_from_db()
    assert entry.claims.get(position=1).text.endswith("than a random order.")
    assert entry.claims.get(position=2).evidence == Evidence.EDITORIAL  # same text keeps its mark
    assert report.totals["entries"].updated == 1
    assert report.totals["claims"].updated == 1
    assert report.totals["concepts"].updated == 1


def test_reimport_does_not_undo_later_wiki_edits(samples_dir, editor):
    from wiki.services import revision_create

    path = samples_dir / "tool_use_curriculum.txt"
    _import(path)
    concept = Concept.objects.get(title="Tool-Use Curriculum")
    revision_create(
        concept=concept,
        author=editor,
        title=concept.title,
        summary="Edited in the wiki.",
        body=concept.current_revision.body,
        base_revision=concept.current_revision,
    )
    report = _import(path)
    concept.refresh_from_db()
    assert concept.summary == "Edited in the wiki."
    assert report.totals["concepts"].unchanged >= 1 and not report.changed


@pytest.mark.parametrize(
    ("data", "message"),
    [
        (b"", "empty"),
        (b"  \n\n ", "empty"),
        (b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR", "binary"),
        ("Titre\n\nDéfinition".encode("latin-1"), "not UTF-8"),
        (b"x" * (2 * 1024 * 1024 + 1), "larger than"),
    ],
)
def test_unreadable_files_are_clear_errors(data, message):
    report = notes_import(sources=[NoteSource(name="odd.txt", data=data)], author=None)
    assert message in report.files[0].error
    assert _snapshot() == dict.fromkeys(_snapshot(), 0)


def test_author_is_recorded(feed, editor):
    _import(feed, author=editor)
    assert set(Entry.objects.values_list("author__username", flat=True)) == {"erin"}
    assert Entry.objects.first().events.first().action == "imported"


def test_same_date_and_headline_twice_in_one_file_stays_idempotent():
    text = (
        b"Site\nTopic\n2 articles\nSame opening. First body.\n"
        b"1 Oct 2026Same opening. Second.\n1 Oct 2026\n"
    )
    source = NoteSource(name="twins.txt", data=text)
    notes_import(sources=[source], author=None)
    report = notes_import(sources=[source], author=None)
    assert Entry.objects.count() == 2
    assert not report.changed


def test_entry_written_in_the_wiki_is_matched_by_date_and_headline(samples_dir):
    from entries.writing.services import ClaimData, entry_create
    from tests.factories import make_concept

    topic = make_concept("Curricula for agents")
    entry_create(
        author=None,
        date=dt.date(2026, 8, 2),
        headline="The authors replay failed episodes as new tasks",
        topics=[topic],
        claims=[ClaimData(text="Written by hand.")],
    )
    report = _import(samples_dir / "agent_news.txt")
    assert Entry.objects.count() == 3
    assert report.totals["entries"].updated == 1


_LINES = st.sampled_from(
    [
        "A Title",
        "Definition",
        "State of the Art (2026-01-01)",
        "State of the Art (2026-02-31)",
        "Key Papers",
        "Related Concepts",
        "• A bullet (2026-01-05): body (arXiv:2601.00001)",
        "• Some Paper: A Title (arXiv:2601.00002) — Short, Lab, 2026-01-03 (note)",
        "• Only A Name",
        "• " + "Long " * 60,
        "2 articles",
        "11 Sept 2026Text",
        "Prose naming Another Paper Title (2601.00003) here.",
        "",
    ]
)


@settings(
    max_examples=40,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(st.lists(_LINES, max_size=25))
def test_any_arrangement_imports_or_reports_an_error(lines):
    source = NoteSource(name="random.txt", data="\n".join(lines).encode())
    report = notes_import(sources=[source], author=None)
    assert report.files[0].ok or report.files[0].error
    again = notes_import(sources=[source], author=None)
    assert again.files[0].ok == report.files[0].ok
    if again.files[0].ok:
        assert not again.changed  # whatever went in, a second import adds nothing


def test_the_projects_own_sample_notes_import_cleanly():
    from django.conf import settings as django_settings

    samples = Path(django_settings.BASE_DIR) / "importer" / "samples"
    report = _import(*sorted(samples.glob("*.txt")))
    assert report.ok, [f.progress() for f in report.files]
    assert Concept.objects.get(title="Environment Synthesis").key_papers.count() == 2
    assert Entry.objects.count() == 6


def _changed_copy(samples_dir, tmp_path) -> Path:
    text = (samples_dir / "tool_use_curriculum.txt").read_text()
    changed = tmp_path / "tool_use_curriculum.txt"
    changed.write_text(text.replace("than random order.", "than a random order."))
    return changed


@pytest.mark.parametrize("importer", ["operator", "editor"])
def test_reimport_over_a_published_entry_waits_for_review_as_a_revision(
    samples_dir, tmp_path, editor, client, importer
):
    _import(samples_dir / "tool_use_curriculum.txt", status=EntryStatus.PUBLISHED)
    concept = Concept.objects.get(title="Tool-Use Curriculum")
    published = Entry.objects.get(topics=concept, date=dt.date(2026, 3, 2))
    before = list(published.claims.values_list("text", flat=True))

    author = editor if importer == "editor" else None
    report = _import(_changed_copy(samples_dir, tmp_path), author=author)

    published.refresh_from_db()
    revision = published.revisions.get()
    assert report.ok and report.revisions == 1
    assert published.status == EntryStatus.PUBLISHED
    assert list(published.claims.values_list("text", flat=True)) == before
    assert revision.status == EntryStatus.PENDING
    assert revision.claims.get(position=1).text.endswith("than a random order.")
    page = client.get(published.get_absolute_url()).content.decode()
    assert "than a random order." not in page
    client.force_login(editor)
    assert f"/entries/{revision.pk}/" in client.get("/review/").content.decode()


def test_reimporting_the_same_changed_file_twice_makes_one_revision(samples_dir, tmp_path):
    _import(samples_dir / "tool_use_curriculum.txt", status=EntryStatus.PUBLISHED)
    changed = _changed_copy(samples_dir, tmp_path)

    _import(changed)
    again = _import(changed)

    assert Entry.objects.filter(revision_of__isnull=False).count() == 1
    assert again.revisions == 0 and not again.changed
