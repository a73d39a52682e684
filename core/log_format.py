"""The shape of every log line, in JSON for machines or in lines for a person.

Two ways in, one way out (standard error): structlog's own loggers (the request lines of
core/request_log.py and django-structlog) render and write directly, about 15 µs a line;
the standard library's records (Django's, django-axes', the app's ``logging`` loggers) go
through ``LOGGING``'s handler, whose formatter gives them the same keys. Both use
``renderer``, so a line of either kind has the same shape.

Read by settings.py before Django is set up: it imports structlog and nothing of Django.
"""

from __future__ import annotations

import logging
import sys

import structlog

FORMATS = ("json", "console")


class Renderer:
    """The last processor of both ways: JSON (traceback as a string) or a person's line."""

    def __init__(self, fmt: str = "json") -> None:
        self.fmt = fmt
        self.exceptions = structlog.processors.ExceptionRenderer()
        self.json = structlog.processors.JSONRenderer()
        self.console = structlog.dev.ConsoleRenderer(colors=False)

    def __call__(self, logger, method_name: str, event_dict: dict) -> str:
        if self.fmt == "json":
            return self.json(logger, method_name, self.exceptions(logger, method_name, event_dict))
        return self.console(logger, method_name, event_dict)


renderer = Renderer()


class StderrLogger:
    """structlog's logger: one write of the whole line to standard error as it is when the
    line is written (a test's capture included)."""

    def __init__(self, name: str = "") -> None:
        self.name = name

    def msg(self, message: str) -> None:
        sys.stderr.write(message + "\n")

    log = debug = info = warning = warn = error = critical = exception = fatal = msg


class StderrHandler(logging.StreamHandler):
    """The standard library's way out: standard error as it is at each record."""

    def __init__(self) -> None:
        super().__init__()

    @property
    def stream(self):
        return sys.stderr

    @stream.setter
    def stream(self, value) -> None:
        pass


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


def formatter() -> logging.Formatter:
    """The standard library records' formatter: the same keys, the same ``renderer``."""
    return structlog.stdlib.ProcessorFormatter(
        foreign_pre_chain=_shared_processors(),
        processors=[structlog.stdlib.ProcessorFormatter.remove_processors_meta, renderer],
    )


def logging_settings(*, fmt: str, level: str) -> dict:
    """Django's ``LOGGING``, and structlog set up beside it."""
    renderer.fmt = fmt
    structlog.configure(
        processors=[_drop_streaming_notes, *_shared_processors(), renderer],
        wrapper_class=structlog.make_filtering_bound_logger(logging.getLevelName(level)),
        logger_factory=StderrLogger,
        cache_logger_on_first_use=True,
    )
    return {
        "version": 1,
        "disable_existing_loggers": False,
        "formatters": {"main": {"()": formatter}},
        "handlers": {"console": {"()": StderrHandler, "formatter": "main"}},
        "root": {"handlers": ["console"], "level": level},
        "loggers": {
            # Everything Django logs goes through the root handler, once.
            "django": {"handlers": [], "level": level, "propagate": True},
            # request_finished / request_failed say it already, with the route and the id.
            "django.request": {"level": "CRITICAL"},
            "django.server": {"handlers": [], "level": "CRITICAL", "propagate": False},
        },
    }
