"""Watching: the toggle on the pages, /watching/ since the last visit, the private feed."""

from __future__ import annotations

import re

import pytest
from django.test import Client
from django.utils import timezone

from entries.models import Caveat, Evidence
from entries.review.services import claim_mark
from results.models import Benchmark, Result, ResultStatus
from tests.factories import PaperFactory, _entry, make_concept
from watching.models import Watch, WatchingProfile
from watching.services import profile_get, watch_set
from wiki.models import Concept
from wiki.services import concept_edit

pytestmark = pytest.mark.django_db


def _client(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def _watching_button(html: str) -> str:
    start = html.index('class="inline-form watch-form"')
    return html[start : html.index("</form>", start)]


def test_watch_a_concept_without_javascript(world, charlie):
    concept = world.concept
    client = _client(charlie)

    response = client.post(
        f"/watching/concept/{concept.pk}/", {"watch": "1", "next": concept.get_absolute_url()}
    )

    assert response.status_code == 302
    assert response["Location"] == concept.get_absolute_url()
    assert Watch.objects.filter(user=charlie, concept=concept).count() == 1
    page = client.get(concept.get_absolute_url()).content.decode()
    assert "★ Watching" in _watching_button(page)
    assert "You are watching “Reward Modeling”" in page


@pytest.mark.parametrize("who", ["charlie", "editor"])
def test_the_watch_button_of_a_page_kept_for_everyone_posts_with_its_token(world, who, request):
    user = request.getfixturevalue(who)
    client = Client(enforce_csrf_checks=True)
    client.force_login(user)
    url = world.concept.get_absolute_url()
    client.get(url)  # the shared rendering and the button are made once, then reused

    page = client.get(url).content.decode()
    token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', _watching_button(page))
    response = client.post(
        f"/watching/concept/{world.concept.pk}/",
        {"csrfmiddlewaretoken": token.group(1), "watch": "1", "next": url},
    )

    assert response.status_code == 302
    assert Watch.objects.filter(user=user, concept=world.concept).exists()


def test_htmx_toggle_answers_with_the_button(world, charlie):
    client = _client(charlie)
    url = f"/watching/concept/{world.concept.pk}/"

    page = f"/topics/{world.concept.slug}/"
    watched = client.post(url, {"watch": "1", "next": page}, HTTP_HX_REQUEST="true")
    unwatched = client.post(url, {"watch": "0"}, HTTP_HX_REQUEST="true")

    assert watched.status_code == 200
    assert "★ Watching" in watched.content.decode()
    # The swapped-in form still comes back to the page it is on without JavaScript.
    assert f'name="next" value="{page}"' in watched.content.decode()
    assert "<html" not in watched.content.decode()
    assert "☆ Watch" in unwatched.content.decode()
    assert Watch.objects.filter(user=charlie).count() == 0


def test_watching_twice_is_one_watch(world, charlie):
    client = _client(charlie)
    for _ in range(2):
        client.post(f"/watching/paper/{world.paper.pk}/", {"watch": "1"})

    assert Watch.objects.filter(user=charlie, paper=world.paper).count() == 1


def test_one_persons_watch_never_shows_to_another(world, charlie, other_contributor):
    """The concept page comes from one rendering per role: each person still sees their own
    state, whoever asked first."""
    watch_set(user=charlie, kind="concept", target=world.concept, watching=True)
    url = world.concept.get_absolute_url()
    mine, theirs = _client(charlie), _client(other_contributor)
    anonymous = Client()

    for _ in range(2):  # cold, then from the shared rendering
        assert "★ Watching" in _watching_button(mine.get(url).content.decode())
        assert "☆ Watch" in _watching_button(theirs.get(url).content.decode())
        visitor = anonymous.get(url).content.decode()
        assert "Log in to watch" in visitor
        assert "★ Watching" not in visitor


@pytest.mark.parametrize("kind", ["topic", "benchmark", "paper"])
def test_every_watchable_page_has_the_button(world, charlie, kind):
    benchmark = Benchmark.objects.create(name="GSM8K", slug="gsm8k")
    url = {
        "topic": f"/topics/{world.concept.slug}/",
        "benchmark": benchmark.get_absolute_url(),
        "paper": world.paper.get_absolute_url(),
    }[kind]
    target_kind, target = {
        "topic": ("concept", world.concept),
        "benchmark": ("benchmark", benchmark),
        "paper": ("paper", world.paper),
    }[kind]
    client = _client(charlie)

    before = client.get(url).content.decode()
    client.post(f"/watching/{target_kind}/{target.pk}/", {"watch": "1"})
    after = client.get(url).content.decode()

    assert "☆ Watch" in _watching_button(before)
    assert "★ Watching" in _watching_button(after)
    assert "Log in to watch" in Client().get(url).content.decode()


def test_toggle_needs_a_login_and_a_visible_target(world, charlie):
    anonymous = Client().post(f"/watching/concept/{world.concept.pk}/", {"watch": "1"})
    hidden = Concept.objects.create(title="Not yet reviewed", slug="not-yet-reviewed")

    assert anonymous.status_code == 302
    assert anonymous["Location"].startswith("/accounts/login/")
    assert _client(charlie).post(f"/watching/concept/{hidden.pk}/").status_code == 404
    assert _client(charlie).post("/watching/entry/1/").status_code == 404
    assert _client(charlie).get(f"/watching/concept/{world.concept.pk}/").status_code == 405
    assert Watch.objects.count() == 0


def test_nobody_can_unwatch_for_another(world, charlie, other_contributor):
    watch_set(user=charlie, kind="concept", target=world.concept, watching=True)

    _client(other_contributor).post(f"/watching/concept/{world.concept.pk}/", {"watch": "0"})

    assert Watch.objects.filter(user=charlie).count() == 1
    page = _client(other_contributor).get("/watching/").content.decode()
    assert "Reward Modeling" not in page


def _publish(world, headline: str, *, topic=None, paper=None):
    return _entry(
        author=world.drafts["cora"].author,
        status="published",
        topic=topic or world.concept,
        paper=paper or world.paper,
        headline=headline,
    )


def test_watching_lists_what_changed_since_the_last_visit(world, charlie):
    watch_set(user=charlie, kind="concept", target=world.concept, watching=True)
    client = _client(charlie)
    _publish(world, "Seen at the first visit")
    first = client.get("/watching/").content.decode()

    _publish(world, "Published after the first visit")
    second = client.get("/watching/").content.decode()
    third = client.get("/watching/").content.decode()

    assert "Seen at the first visit" in first
    assert "Published after the first visit" in second
    assert "Seen at the first visit" not in second
    assert "Published after the first visit" not in third
    assert "Nothing changed on what you watch since your last visit" in third


def test_watching_shows_each_kind_of_change_with_badges(world, editor, charlie):
    benchmark = Benchmark.objects.create(name="GSM8K", slug="gsm8k")
    cited = PaperFactory(title="A watched paper")
    elsewhere = make_concept("Elsewhere")
    for kind, target in (("concept", world.concept), ("benchmark", benchmark), ("paper", cited)):
        watch_set(user=charlie, kind=kind, target=target, watching=True)
    profile = profile_get(user=charlie)
    profile.last_visit = timezone.now()
    profile.save()

    entry = _publish(world, "A new finding on the concept")
    citing = _publish(world, "Cites the watched paper", topic=elsewhere, paper=cited)
    claim_mark(
        claim=world.published.claims.first(),
        by=editor,
        evidence=Evidence.ABSTRACT_ONLY,
        caveats=list(Caveat.objects.all()[:1]),
    )
    claim = entry.claims.first()
    Result.objects.create(
        claim=claim, benchmark=benchmark, metric="accuracy", value=91.5, unit="%",
        model="Big model", status=ResultStatus.CONFIRMED, decided_at=timezone.now(),
    )  # fmt: skip
    concept_edit(
        concept=world.concept, author=editor, title=world.concept.title,
        summary=world.concept.summary, body="# Reward Modeling\n\nThird text.",
        edit_summary="a third text", base_revision=world.concept.current_revision,
    )  # fmt: skip

    page = _client(charlie).get("/watching/").content.decode()

    assert "New entry" in page and "A new finding on the concept" in page
    assert citing.headline in page
    assert "Marks changed" in page and world.published.headline in page
    assert "New result" in page and "GSM8K: accuracy 91.5% (Big model)" in page
    assert "Concept revised" in page and "a third text" in page
    assert "badge-evidence-full_text" in page  # the site's own badges
    assert "badge-evidence-abstract_only" in page


def test_watching_page_reads_a_bounded_number_of_queries(
    world, editor, charlie, django_assert_max_num_queries
):
    client = _client(charlie)
    for n in range(6):
        concept = make_concept(f"Concept {n}")
        paper = PaperFactory()
        watch_set(user=charlie, kind="concept", target=concept, watching=True)
        watch_set(user=charlie, kind="paper", target=paper, watching=True)
        benchmark = Benchmark.objects.create(name=f"Bench {n}", slug=f"bench-{n}")
        watch_set(user=charlie, kind="benchmark", target=benchmark, watching=True)
        entry = _publish(world, f"Finding {n}", topic=concept, paper=paper)
        Result.objects.create(
            claim=entry.claims.first(), benchmark=benchmark, metric="accuracy", value=n,
            status=ResultStatus.CONFIRMED, decided_at=timezone.now(),
        )  # fmt: skip
    client.get("/watching/")  # sessions and accounts cached
    WatchingProfile.objects.filter(user=charlie).update(last_visit=None)

    with django_assert_max_num_queries(16):
        page = client.get("/watching/").content.decode()

    assert page.count("New entry") == 6
    assert page.count("New result") == 6


def test_feed_has_the_changes_with_evidence_in_words(world, charlie):
    watch_set(user=charlie, kind="concept", target=world.concept, watching=True)
    _publish(world, "In the feed")
    token = profile_get(user=charlie).feed_token

    response = Client().get(f"/watching/feed/{token}/")

    assert response.status_code == 200
    assert response["Content-Type"].startswith("application/xml")
    assert response["Cache-Control"] == "private, no-store"
    body = response.content.decode()
    assert "<title>New entry: In the feed</title>" in body
    assert "Evidence: full text \u00d72" in body
    assert 'href="http://testserver/entries/' in body


def test_feed_with_a_wrong_or_revoked_token_is_404(world, charlie):
    watch_set(user=charlie, kind="concept", target=world.concept, watching=True)
    old = profile_get(user=charlie).feed_token
    client = _client(charlie)

    assert Client().get("/watching/feed/not-a-token/").status_code == 404
    response = client.post("/watching/feed/revoke/")
    new = WatchingProfile.objects.get(user=charlie).feed_token

    assert response.status_code == 302
    assert new != old
    assert Client().get(f"/watching/feed/{old}/").status_code == 404
    assert Client().get(f"/watching/feed/{new}/").status_code == 200
    assert f"/watching/feed/{new}/" in client.get("/watching/").content.decode()


def test_watching_page_needs_a_login():
    response = Client().get("/watching/")

    assert response.status_code == 302
    assert response["Location"].startswith("/accounts/login/")


def test_digest_setting_is_kept(charlie):
    client = _client(charlie)

    assert profile_get(user=charlie).digest == "weekly"
    client.post("/watching/digest/", {"digest": "daily"})
    refused = client.post("/watching/digest/", {"digest": "hourly"})

    assert refused.status_code == 302
    assert WatchingProfile.objects.get(user=charlie).digest == "daily"


def test_a_watch_replaces_no_shared_page(world, charlie, django_assert_max_num_queries):
    """Watching is nobody else's business: a watch replaces no page's version, only the
    one the person's account (and what they watch) is kept under, so their next page
    shows it at once and a warm page asks nothing more."""
    from core.cache import content_version, people_version

    url = world.concept.get_absolute_url()
    client = _client(charlie)
    client.get(url)
    content, people = content_version(), people_version()

    client.post(f"/watching/concept/{world.concept.pk}/", {"watch": "1"})

    assert content_version() == content
    assert people_version() != people
    client.get(url)
    with django_assert_max_num_queries(1):  # the versions
        assert "★ Watching" in _watching_button(client.get(url).content.decode())
