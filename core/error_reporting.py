"""Error reports to a Sentry-compatible service, switched on by ``SENTRY_DSN`` (settings.py).

Imported only when the setting is there: without it ``sentry_sdk`` is never loaded, so it
can neither send nor patch anything. No personal data leaves (``send_default_pii`` off: no
cookies, no user names or addresses, no request bodies); the release and environment name
the deploy each report came from.
"""

from __future__ import annotations

import sentry_sdk
from sentry_sdk.integrations.django import DjangoIntegration


def error_reporting_init(*, dsn: str, environment: str, release: str) -> None:
    sentry_sdk.init(
        dsn=dsn,
        environment=environment,
        release=release,
        integrations=[DjangoIntegration()],
        # send_default_pii stays at its default, off (naming it is deprecated from 2.76).
        # Errors only: no performance tracing, no profiles (nothing per request).
        traces_sample_rate=0.0,
        max_request_body_size="never",
        # The SDK's own counts of what it dropped (the log line of an error it already
        # reported, for one): reports only, one per error.
        send_client_reports=False,
    )
