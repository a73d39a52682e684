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
            self.stdout.write(self.style.SUCCESS("Demo accounts (passwords are shown only now):"))
            for username, password in passwords.items():
                self.stdout.write(f"  {username:<12} {password}")
            self.stdout.write(
                "Lost them? `python manage.py setup_demo --reset-passwords` prints new ones."
            )
        else:
            self.stdout.write(
                "Demo accounts exist already. To see new passwords: "
                "`python manage.py setup_demo --reset-passwords` (or `make run "
                "DEMO_ARGS=--reset-passwords`)."
            )
