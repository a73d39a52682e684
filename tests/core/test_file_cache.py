"""The file cache of one host: cheaper writes, the same bound, the same files."""

from __future__ import annotations

from django.core.cache.backends.filebased import FileBasedCache

from core.file_cache import CULL_EVERY, FileCache


def test_the_folder_keeps_to_its_bound_within_a_count(tmp_path):
    cache = FileCache(str(tmp_path), {"OPTIONS": {"MAX_ENTRIES": 10}})
    for n in range(4 * CULL_EVERY):
        cache.set(f"page-{n}", "x" * 1000)
    assert len(list(tmp_path.glob("*.djcache"))) <= 10 + CULL_EVERY
    assert cache.get(f"page-{4 * CULL_EVERY - 1}") == "x" * 1000


def test_django_and_this_cache_read_each_others_files(tmp_path):
    ours = FileCache(str(tmp_path), {})
    django = FileBasedCache(str(tmp_path), {})
    ours.set("ours", {"main": "<p>text</p>" * 100})
    django.set("django", ("body", {"Content-Type": "text/html"}))
    assert django.get("ours") == {"main": "<p>text</p>" * 100}
    assert ours.get("django") == ("body", {"Content-Type": "text/html"})
