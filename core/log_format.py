"""The shape of every log line: structlog set up to go through Django's ``LOGGING``, so that
the request lines (core/request_log.py) and every other logger's records (Django's,
django-axes', the app's) leave through one handler, in JSON or in lines for a person.

Read by settings.py before Django is set up: it imports structlog and nothing of Django.
"""

from __future__ import annotations

import logging

import structlog


def _drop_streaming_notes(logger, method_name: str, event_dict: dict) -> dict:
    """django-structlog notes when a streamed body (a static file, an export) starts and
    ends: the request's own line says it already."""
    if event_dict.get("event") in ("streaming_started", "streaming_finished"):
        raise structlog.DropEvent
    return event_dict


def _shared_processors() -> list:
    return [
        structlog.contextvars.merge_contextvars,
        structlog.stdlib.add_log_level,
        structlog.stdlib.add_logger_name,
        structlog.processors.TimeStamper(fmt="iso", utc=True),
    ]


def formatter(fmt: str) -> logging.Formatter:
    """The formatter for ``fmt``: one JSON object a line, or lines for a person."""
    renderer = (
        [structlog.processors.format_exc_info, structlog.processors.JSONRenderer()]
        if fmt == "json"
        else [structlog.dev.ConsoleRenderer(colors=False)]
    )
    return structlog.stdlib.ProcessorFormatter(
        foreign_pre_chain=_shared_processors(),
        processors=[structlog.stdlib.ProcessorFormatter.remove_processors_meta, *renderer],
    )


def logging_settings(*, fmt: str, level: str) -> dict:
    """Django's ``LOGGING``, with structlog set up to go through it: every logger's records
    (Django's, django-axes', the app's) leave through one handler in one format."""
    structlog.configure(
        processors=[
            structlog.stdlib.filter_by_level,
            _drop_streaming_notes,
            *_shared_processors(),
            structlog.stdlib.PositionalArgumentsFormatter(),
            structlog.stdlib.ProcessorFormatter.wrap_for_formatter,
        ],
        logger_factory=structlog.stdlib.LoggerFactory(),
        wrapper_class=structlog.stdlib.BoundLogger,
        cache_logger_on_first_use=True,
    )
    return {
        "version": 1,
        "disable_existing_loggers": False,
        "formatters": {"main": {"()": formatter, "fmt": fmt}},
        "handlers": {"console": {"class": "logging.StreamHandler", "formatter": "main"}},
        "root": {"handlers": ["console"], "level": level},
        "loggers": {
            # Everything Django logs goes through the root handler, once.
            "django": {"handlers": [], "level": level, "propagate": True},
            # request_finished / request_failed say it already, with the route and the id.
            "django.request": {"level": "CRITICAL"},
            "django.server": {"handlers": [], "level": "CRITICAL", "propagate": False},
        },
    }
