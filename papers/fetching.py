"""Reading a metadata service's answer within bounds: the arXiv and DOI clients share it."""

from __future__ import annotations

import time

import httpx


class BodyTooLarge(Exception):
    """The answer declared or sent more than the limit: it was not read further."""


def body_within(response: httpx.Response, *, limit: int, deadline: float) -> bytes:
    """The streamed ``response``'s body, refused past ``limit`` bytes (as declared or as
    read) and past the ``deadline`` (``time.monotonic()``), as a slow drip never ends."""
    declared = response.headers.get("Content-Length", "")
    if declared.isascii() and declared.isdigit() and int(declared) > limit:
        raise BodyTooLarge
    body = bytearray()
    for chunk in response.iter_bytes():
        body += chunk
        if len(body) > limit:
            raise BodyTooLarge
        if time.monotonic() > deadline:
            raise httpx.ReadTimeout("deadline")
    return bytes(body)
