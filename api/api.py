"""The /api/ application: its routers, its errors, its docs page."""

from __future__ import annotations

import functools
from collections.abc import Callable

from django.http import HttpRequest, JsonResponse
from django.shortcuts import render
from ninja import NinjaAPI
from ninja.openapi.docs import Swagger

from api.errors import error_body, install_error_handlers, limit_body_size
from api.routers import concepts, entries, meta, papers, results
from api.throttling import THROTTLES

DESCRIPTION = """\
Read and write Research Wiki: papers, concepts, dated entries and their claims.

**Authentication.** Send a personal token as `Authorization: Bearer <token>`; make one on
[your API tokens page](/api/tokens/). Every request acts as the token's owner, with their
permissions: a Contributor's token submits entries, an Editor's also marks evidence and
reviews. Without a token you read what anonymous visitors see.

**Errors** are JSON: `{"detail": "...", "errors": [{"field": "claims.0.text", "message":
"..."}]}`, with 401, 403, 404, 409, 413 (a body over the size limit) or 422.

**Lists** take `limit` (at most 100) and `offset`, and keep a stable order.

**Versions.** Every path starts with its version, `/api/v1/`; the same paths without it
(`/api/papers/`) answer exactly as v1 does, for clients written before versions.
"""


class WikiAPI(NinjaAPI):
    def get_openapi_operation_id(self, operation) -> str:
        return operation.view_func.__name__


class LocalSwagger(Swagger):
    """Swagger UI served from this site's static files: the docs work with no CDN."""

    def render_page(self, request: HttpRequest, api: NinjaAPI, **kwargs):
        settings = {**self.settings, "url": self.get_openapi_url(api, kwargs)}
        return render(request, "api/docs.html", {"api": api, "swagger_settings": settings})


def reject_nul_in_address(run: Callable) -> Callable:
    """No object's key holds a NUL character (PostgreSQL cannot even compare one)."""

    @functools.wraps(run)
    def wrapper(request: HttpRequest, *args, **kwargs):
        if "\x00" in request.path:
            return JsonResponse(error_body("Not found."), status=404)
        return run(request, *args, **kwargs)

    return wrapper


api = WikiAPI(
    title="Research Wiki API",
    version="1",
    description=DESCRIPTION,
    docs=LocalSwagger(
        # validatorUrl None: Swagger UI would otherwise send the schema to an outside validator.
        settings={"defaultModelsExpandDepth": 0, "persistAuthorization": True, "validatorUrl": None}
    ),
    docs_url="/docs",
    openapi_url="/openapi.json",
    urls_namespace="api",
    throttle=THROTTLES,
)
install_error_handlers(api)
api.add_decorator(reject_nul_in_address, mode="view")
api.add_decorator(limit_body_size, mode="view")
api.add_router("/papers/", papers.router)
api.add_router("/concepts/", concepts.router)
api.add_router("/entries/", entries.router)
api.add_router("/claims/", entries.claims_router)
api.add_router("/benchmarks/", results.router)
api.add_router("/results/", results.results_router)
api.add_router("/", meta.router)
