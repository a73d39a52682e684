from __future__ import annotations

import time

from django.core.management.base import BaseCommand, CommandError

from core.progress import add_quiet_argument, command_progress
from demo.synthetic.seed import seed


class Command(BaseCommand):
    help = (
        "Add deterministic synthetic data (concepts, papers, entries with claims) for "
        "benchmarks and load tests. The same --seed gives the same data."
    )

    def add_arguments(self, parser) -> None:
        parser.add_argument("--concepts", type=int, default=20)
        parser.add_argument("--papers", type=int, default=500)
        parser.add_argument("--entries", type=int, default=50)
        parser.add_argument("--claims-per-entry", type=int, default=4)
        parser.add_argument(
            "--results", type=int, default=0, help="confirmed results on published claims"
        )
        parser.add_argument("--seed", type=int, default=1)
        add_quiet_argument(parser)

    def handle(self, *args, **options) -> None:
        for name in ("concepts", "papers", "entries", "claims_per_entry", "results"):
            if options[name] < 0:
                raise CommandError(f"--{name.replace('_', '-')} must be zero or more")
        if options["concepts"] < 1 and (options["papers"] or options["entries"]):
            raise CommandError("papers and entries need at least one concept (--concepts 1)")
        started = time.perf_counter()
        summary = seed(
            concepts=options["concepts"],
            papers=options["papers"],
            entries=options["entries"],
            claims_per_entry=options["claims_per_entry"],
            seed=options["seed"],
            results=options["results"],
            progress=command_progress(self, options, every_seconds=1.0),
        )
        elapsed = time.perf_counter() - started
        self.stdout.write(
            f"Seeded {summary.concepts} concepts, {summary.papers} papers, "
            f"{summary.entries} entries, {summary.claims} claims, {summary.results} results "
            f"in {elapsed:.1f} s"
        )
        if summary.papers:
            total = summary.papers / max(summary.papers_seconds, 1e-9)
            insert = summary.papers / max(summary.papers_insert_seconds, 1e-9)
            self.stdout.write(
                f"Papers: {total:,.0f} per second including index builds "
                f"({insert:,.0f} per second for the rows alone)"
            )
