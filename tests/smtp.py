"""A real SMTP server on 127.0.0.1 for tests: mail goes through Django's SMTP backend, over
a socket, to this server, which keeps what it receives."""

from __future__ import annotations

import email
import email.policy
import logging
import re
import socket
from email.message import EmailMessage

from aiosmtpd.controller import Controller

# The server's own connection chatter ("EOF received", "connection lost") is no test output.
logging.getLogger("mail.log").setLevel(logging.WARNING)


class Outbox:
    """aiosmtpd handler: every message accepted, parsed and kept in order."""

    def __init__(self) -> None:
        self.messages: list[EmailMessage] = []

    async def handle_DATA(self, server, session, envelope) -> str:
        raw = envelope.original_content or envelope.content
        self.messages.append(email.message_from_bytes(raw, policy=email.policy.default))
        return "250 Message accepted for delivery"

    def body(self, index: int = -1) -> str:
        return self.messages[index].get_body(preferencelist=("plain",)).get_content()

    def links(self, index: int = -1) -> list[str]:
        return re.findall(r"https?://\S+", self.body(index))


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def start_smtp_server() -> tuple[Controller, Outbox]:
    outbox = Outbox()
    controller = Controller(outbox, hostname="127.0.0.1", port=free_port())
    controller.start()
    return controller, outbox
