"""The baseline of `make bench`: a bare Django "hello" view with no middleware, no
database and no templates, served by the same gunicorn settings as the wiki. A page's
requests per second divided by this view's is what Django itself leaves for the page.

    gunicorn --chdir bench hello_wsgi:application
"""

from __future__ import annotations

from django.conf import settings

settings.configure(
    DEBUG=False,
    SECRET_KEY="bench-hello-only-not-a-secret",
    ALLOWED_HOSTS=["*"],
    ROOT_URLCONF=__name__,
    MIDDLEWARE=[],
    INSTALLED_APPS=[],
)

from django.core.wsgi import get_wsgi_application  # noqa: E402
from django.http import HttpRequest, HttpResponse  # noqa: E402
from django.urls import path  # noqa: E402


def hello(request: HttpRequest) -> HttpResponse:
    return HttpResponse("Hello, world.", content_type="text/plain")


urlpatterns = [path("", hello)]
application = get_wsgi_application()
