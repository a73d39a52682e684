from __future__ import annotations

import os

from django.core.wsgi import get_wsgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

application = get_wsgi_application()

from accounts.roles import page_roles  # noqa: E402  (once Django is set up)
from core.chrome import person_door  # noqa: E402
from core.page_cache import front_door  # noqa: E402
from core.request_log import observed  # noqa: E402
from watching.middleware import button_html, watch_slot  # noqa: E402

# A signed-in person's page kept in memory is answered before Django's handling starts
# (core/chrome.py), as a visitor's is (core/page_cache.py).
application = person_door(application, roles_of=page_roles, slot_of=watch_slot, button=button_html)
# Outermost: every request gets an id and a log line, those the doors answer too.
application = observed(front_door(application))
