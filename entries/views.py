from __future__ import annotations

from django.http import HttpResponse


def _todo(*args, **kwargs) -> HttpResponse:
    return HttpResponse("Not built yet", status=501)


entry_new = entry_detail = entry_edit = review_queue = _todo
topic_index = topic_detail = topic_feed = _todo
