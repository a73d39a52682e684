from __future__ import annotations

import os

from django.core.wsgi import get_wsgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

application = get_wsgi_application()

from core.page_cache import front_door  # noqa: E402  (once Django is set up)
from core.request_log import observed  # noqa: E402

# Outermost: every request gets an id and a log line, those the front door answers too.
application = observed(front_door(application))
