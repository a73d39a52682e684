from __future__ import annotations

import os

from django.core.wsgi import get_wsgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

application = get_wsgi_application()

from core.page_cache import front_door  # noqa: E402  (once Django is set up)

application = front_door(application)
