from __future__ import annotations

from django.core.management.base import BaseCommand

from demo.content import demo_accounts, load_demo_content


class Command(BaseCommand):
    help = "Create the demo accounts and, in an empty database, a little demo content."

    def handle(self, *args, **options) -> None:
        passwords = demo_accounts()
        if load_demo_content():
            self.stdout.write("Loaded demo content: concepts, papers and entries.")
        else:
            self.stdout.write("The database already has content; no demo content loaded.")
        if passwords:
            self.stdout.write(self.style.SUCCESS("Demo accounts (passwords shown only once):"))
            for username, password in passwords.items():
                self.stdout.write(f"  {username:<12} {password}")
        else:
            self.stdout.write("Demo accounts exist already; their passwords were shown once.")
