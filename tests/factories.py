from __future__ import annotations

import datetime as dt

import factory
from django.contrib.auth import get_user_model
from django.contrib.auth.models import Group

from entries.models import Claim, Entry, EntryStatus, Evidence
from papers.models import Paper, ReadLevel
from wiki.markdown import render_markdown
from wiki.services import concept_create

PASSWORD = "correct-horse-battery"


class UserFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = get_user_model()
        django_get_or_create = ["username"]
        skip_postgeneration_save = True

    username = factory.Sequence(lambda n: f"user{n}")
    email = factory.LazyAttribute(lambda u: f"{u.username}@example.org")
    password = factory.django.Password(PASSWORD)

    @factory.post_generation
    def role(self, create, extracted, **kwargs):
        """``UserFactory(role="Editor")`` puts the user in that group."""
        if create and extracted:
            self.groups.add(Group.objects.get(name=extracted))


def make_concept(title: str = "Reward Modeling", body: str = "", summary: str = "", author=None):
    """A published concept with its first revision, made through the real service."""
    return concept_create(
        title=title, summary=summary or f"About {title}.", body=body, author=author, publish=True
    )


class PaperFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Paper

    arxiv_id = factory.Sequence(lambda n: f"2601.{n:05d}")
    title = factory.Sequence(lambda n: f"A Study of Things, Part {n}")
    authors = "Ada Lovelace, Alan Turing"
    organisation = "Example Lab"
    published = dt.date(2026, 1, 15)
    abstract = "We study things."
    read_level = ReadLevel.FULL_TEXT


class EntryFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Entry

    date = dt.date(2026, 9, 30)
    headline = factory.Sequence(lambda n: f"Finding number {n}")
    lead = "A lead paragraph."
    lead_html = factory.LazyAttribute(lambda e: render_markdown(e.lead).html)
    status = EntryStatus.DRAFT
    author = factory.SubFactory(UserFactory)


class ClaimFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Claim

    entry = factory.SubFactory(EntryFactory)
    position = factory.Sequence(lambda n: n)
    text = "The method improves accuracy by 3 points."
    html = factory.LazyAttribute(lambda c: render_markdown(c.text).html)
    evidence = Evidence.UNMARKED
