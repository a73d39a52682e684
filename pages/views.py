"""Pages that gather several domains: the concept page (its body, State of the Art
entries with their claims, evidence mix and best results)."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.views.decorators.http import require_GET

from accounts.roles import can_contribute, is_editor
from core.cache import cache_page_for_anonymous, today
from core.chrome import render_for_person
from pages.concept_page import PAGE, abstract_mode, concept_page_shared
from wiki.selectors import revisions_pending
from wiki.views import concept_or_redirect


@require_GET
@cache_page_for_anonymous
def concept_detail(request: HttpRequest, slug: str) -> HttpResponse:
    user = request.user
    editor = is_editor(user)
    # One cache read brings the concept and the page's shared part for this role and day.
    shared = concept_page_shared(
        slug, contributor=can_contribute(user), editor=editor, today=today()
    )
    concept = concept_or_redirect(request, "concept", (shared["concept"], shared["alias"]))
    if isinstance(concept, HttpResponse):
        return concept
    # Only the person's own notices are worked out per request, from the shared part.
    mine = user.is_authenticated and not editor
    own = [n for n, author in shared["pending"] if mine and author == user.pk]
    # The shared part says whether any revision waits; only then does an editor's list cost.
    pending = revisions_pending().filter(concept=concept) if editor and shared["pending"] else []
    context = {
        "concept": concept,
        "revision": shared["revision"],
        "shared": shared,
        "own_pending": [{"number": number} for number in own],
        "pending_revisions": list(pending),
    }
    # The choice is part of the address, so the page caches keep each one apart.
    context["abstract_mode"], context["error"] = abstract_mode(request.GET)
    if context["error"] or not user.is_authenticated:
        return render(request, PAGE, context, status=400 if context["error"] else 200)
    # The rest of a signed-in page is the same for everyone with the same roles.
    roles = tuple(
        r for r, has in (("editor", editor), ("contributor", can_contribute(user))) if has
    )
    personal = bool(context["own_pending"] or context["pending_revisions"])
    return render_for_person(request, PAGE, context, roles=roles, personal=personal)
