"""Django's file-based cache, cheaper to write: the shared cache of one host by default.

Django's ``FileBasedCache`` lists every file of its folder before each write, to drop some
when there are more than ``MAX_ENTRIES``; with thousands of pages cached that listing costs
more than the write. This one counts once every ``CULL_EVERY`` writes of a thread, so
the folder may hold that many entries per thread over the bound between two counts. It compresses
with zlib's fastest level: pages and fragments are written on the request that renders
them, and level 1 is about four times faster than the default for a few percent more bytes.
Files are read as before (zlib reads any level), so a folder written by either is shared.
"""

from __future__ import annotations

import pickle
import random
import zlib

from django.core.cache.backends.filebased import FileBasedCache

CULL_EVERY = 50
COMPRESS_LEVEL = 1


class FileCache(FileBasedCache):
    def __init__(self, dir, params):
        super().__init__(dir, params)
        self._writes = 0

    def _cull(self):
        # Counted per instance (Django keeps one per thread): a lost increment under a race
        # only moves the next count.
        self._writes += 1
        if self._writes % CULL_EVERY != 1:
            return
        files = self._list_cache_files()
        if len(files) < self._max_entries:
            return
        if self._cull_frequency == 0:
            self.clear()
            return
        # As Django drops a share of the entries at random, and at least enough to make
        # room for the writes until the next count.
        drop = max(len(files) // self._cull_frequency, len(files) - self._max_entries + 1)
        for name in random.sample(files, min(drop, len(files))):
            self._delete(name)

    def _write_content(self, file, timeout, value):
        expiry = self.get_backend_timeout(timeout)
        file.write(pickle.dumps(expiry, self.pickle_protocol))
        file.write(zlib.compress(pickle.dumps(value, self.pickle_protocol), COMPRESS_LEVEL))
