from __future__ import annotations

from django.core.management.base import BaseCommand

from demo.content import demo_accounts, load_demo_content


class Command(BaseCommand):
    help = (
        "Create the demo accounts (two editors and a contributor) and, in an empty database, "
        "a little demo content."
    )

    def add_arguments(self, parser) -> None:
        parser.add_argument(
            "--reset-passwords",
            action="store_true",
            help="Give every demo account a new password and print them (for a lost one).",
        )

    def handle(self, *args, reset_passwords: bool = False, **options) -> None:
        passwords = demo_accounts(reset_passwords=reset_passwords)
        if load_demo_content():
            self.stdout.write("Loaded demo content: concepts, papers and entries.")
        else:
            self.stdout.write("The database already has content; no demo content loaded.")
        if passwords:
            # Last and boxed: `make run` prints this just before the server starts, and it
            # must not be lost among the lines above it. Each account line keeps the shape
            # "║  username  password  ║" that tests and scripts read.
            lines = [
                "Demo accounts (the passwords are shown only now):",
                "",
                *(f"  {username:<12} {password}" for username, password in passwords.items()),
                "",
                "Lost them? `python manage.py setup_demo --reset-passwords`",
                "prints new ones.",
            ]
            self.stdout.write("\n".join(boxed(lines)), self.style.SUCCESS)
        else:
            self.stdout.write(
                "Demo accounts exist already. To see new passwords: "
                "`python manage.py setup_demo --reset-passwords` (or `make run "
                "DEMO_ARGS=--reset-passwords`)."
            )


def boxed(lines: list[str]) -> list[str]:
    """``lines`` inside a frame of box-drawing characters, padded to the widest."""
    width = max(len(line) for line in lines) + 2
    return [
        "╔" + "═" * width + "╗",
        *(f"║ {line:<{width - 2}} ║" for line in lines),
        "╚" + "═" * width + "╝",
    ]
