"""The library version: what the papers list shows (papers, their topics, the topics'
titles and slugs) replaces it; the writes people make all day about entries, claims and
concepts' texts leave it, and replace the content version alone."""

from __future__ import annotations

import datetime as dt

import pytest
from django.db import connection, transaction
from django.db.models import F

from core.cache import content_version, library_version, versions
from entries.models import Entry, EntryStatus, Evidence
from entries.review.services import claim_mark
from entries.review.workflow import entry_transition
from entries.writing.services import ClaimData, entry_update
from papers.models import Paper, ReadLevel
from papers.services import paper_create, paper_set_topics, paper_update, papers_read_level_raise
from tests.factories import PaperFactory, make_concept
from wiki.models import Concept, ConceptAlias, ConceptLink, KeyPaper
from wiki.services import concept_edit
from wiki.workflow import revision_approve, revision_reject


def _library_kept(write) -> bool:
    """Whether ``write`` kept the library version (the content version must change)."""
    content, library = content_version(), library_version()
    write()
    assert content_version() != content
    return library_version() == library


def _edit_body(concept, editor, body="A new body.", title=None):
    concept.refresh_from_db()
    concept_edit(
        concept=concept,
        author=editor,
        title=title or concept.title,
        summary=concept.summary,
        body=body,
        edit_summary="",
        base_revision=concept.current_revision,
    )


def _edit_draft(world, contributor):
    draft = world.drafts[contributor.username]
    entry_update(
        entry=draft,
        by=contributor,
        date=dt.date(2026, 10, 1),
        headline="A draft, rewritten",
        lead="Another lead.",
        topics=[world.concept],
        claims=[ClaimData(text="A new claim.", paper=world.paper)],
    )


def _approve(world, contributor, editor):
    pending = Entry.objects.get(pk=world.pending[contributor.username].pk)
    entry_transition(entry=pending, to=EntryStatus.PUBLISHED, by=editor, version=pending.version)


def test_a_mark_an_entry_or_a_concept_s_text_keeps_the_library(world, editor, contributor):
    claim = world.claim_of(world.published)
    concept = world.concept
    assert _library_kept(
        lambda: claim_mark(claim=claim, by=editor, evidence=Evidence.ABSTRACT_ONLY, caveats=[])
    )
    assert _library_kept(lambda: _edit_draft(world, contributor))
    assert _library_kept(lambda: _approve(world, contributor, editor))
    assert _library_kept(
        lambda: entry_update(
            entry=world.published,
            by=contributor,
            date=world.published.date,
            headline="A revision",
            lead="x",
            topics=[concept],
            claims=[],
        )
    )
    assert _library_kept(lambda: revision_approve(revision=world.pending_revision, by=editor))
    assert _library_kept(lambda: _edit_body(concept, editor))


def test_links_aliases_key_papers_and_summaries_keep_the_library(world, editor):
    concept = world.concept
    other = make_concept("Process Supervision")
    assert _library_kept(lambda: ConceptAlias.objects.create(concept=concept, name="RM", slug="rm"))
    assert _library_kept(lambda: ConceptLink.objects.create(source=concept, target=other))
    assert _library_kept(lambda: KeyPaper.objects.create(concept=concept, paper=world.paper))
    assert _library_kept(lambda: concept.related.add(other))
    assert _library_kept(lambda: Concept.objects.update(summary="Shorter."))
    assert _library_kept(lambda: Concept.objects.filter(pk=concept.pk).update(updated=F("created")))


def test_a_rejected_concept_change_keeps_the_library(world, editor):
    assert _library_kept(
        lambda: revision_reject(revision=world.pending_revision, by=editor, comment="No.")
    )


@pytest.mark.parametrize(
    "write",
    [
        pytest.param(lambda w, e: paper_create(fields={"title": "New"}), id="paper-added"),
        pytest.param(
            lambda w, e: paper_update(paper=w.paper, fields={"title": "T"}, topics=[w.concept]),
            id="paper-edited",
        ),
        pytest.param(lambda w, e: paper_set_topics(paper=w.paper, topics=[]), id="paper-topics"),
        pytest.param(lambda w, e: Paper.objects.update(organisation="Lab"), id="papers-bulk"),
        pytest.param(
            lambda w, e: papers_read_level_raise(
                paper_ids=[PaperFactory(read_level=ReadLevel.METADATA_ONLY).pk]
            ),
            id="read-level-raised",
        ),
        pytest.param(lambda w, e: w.paper.delete(), id="paper-deleted"),
        pytest.param(lambda w, e: make_concept("Process Supervision"), id="topic-added"),
        pytest.param(lambda w, e: _edit_body(w.concept, e, title="Reward Models"), id="renamed"),
        pytest.param(
            lambda w, e: Concept.objects.filter(pk=w.concept.pk).update(slug="rm"), id="new-slug"
        ),
        pytest.param(lambda w, e: Concept.objects.update(title=F("slug")), id="bulk-retitle"),
        pytest.param(lambda w, e: Concept.objects.filter(pk=w.concept.pk).delete(), id="deleted"),
        pytest.param(
            lambda w, e: e.__class__.objects.filter(pk=e.pk).update(last_name="Other"),
            id="person-renamed",
        ),
        pytest.param(
            lambda w, e: _raw("/* a fix */ UPDATE papers_paper SET title = 'x'"), id="raw-comment"
        ),
        pytest.param(
            lambda w, e: _raw(
                "WITH gone AS (DELETE FROM papers_paper_topics RETURNING paper_id) "
                "SELECT count(*) FROM gone"
            ),
            id="raw-data-modifying-cte",
            marks=pytest.mark.skipif(
                connection.vendor != "postgresql", reason="SQLite has no DELETE in WITH"
            ),
        ),
        pytest.param(
            lambda w, e: _raw_many(
                "UPDATE papers_paper SET title = %s WHERE id = %s", [("a", w.paper.pk)] * 2
            ),
            id="raw-executemany",
        ),
    ],
)
def test_every_write_the_papers_list_shows_replaces_the_library(world, editor, write):
    before = versions("content", "library")
    write(world, editor)
    after = versions("content", "library")
    assert after[0] != before[0] and after[1] != before[1]


def test_a_concept_saved_with_its_own_title_is_compared_once_before_the_write(world):
    concept = Concept.objects.get(pk=world.concept.pk)
    library = library_version()
    concept.save(update_fields=["title", "slug", "updated"])
    assert library_version() == library
    concept.title = "Reward Models"
    concept.save(update_fields=["title", "updated"])
    assert library_version() != library


def _raw(sql: str) -> None:
    with connection.cursor() as cursor:
        cursor.execute(sql)


def _raw_many(sql: str, params: list) -> None:
    with connection.cursor() as cursor:
        cursor.executemany(sql, params)


@pytest.mark.skipif(connection.vendor != "postgresql", reason="SQLite runs one statement")
def test_raw_sql_of_several_statements_replaces_the_library_on_postgresql(world):
    before = library_version()
    with connection.cursor() as cursor:
        cursor.execute(
            'UPDATE "entries_claim" SET "text" = \'a\'; UPDATE "papers_paper" SET "title" = \'b\''
        )
    assert library_version() != before
    assert set(Paper.objects.values_list("title", flat=True)) == {"b"}


def test_a_rolled_back_write_leaves_the_version_it_found(db):
    before = library_version()
    with pytest.raises(RuntimeError), transaction.atomic():
        paper_create(fields={"title": "Constitutional AI"})
        during = library_version()
        raise RuntimeError
    assert during != before
    assert library_version() == before
