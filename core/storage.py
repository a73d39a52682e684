"""Static files with hashed names (whitenoise's compressed manifest storage), whose URLs are
worked out once per process: the manifest does not change while a server runs, and every
page's ``{% static %}`` tags otherwise join and quote the same dozen URLs on every request.
"""

from __future__ import annotations

from whitenoise.storage import CompressedManifestStaticFilesStorage


class ManifestStaticStorage(CompressedManifestStaticFilesStorage):
    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self._urls: dict[str, str] = {}

    def url(self, name, force=False) -> str:
        url = self._urls.get(name)
        if url is None or force:
            url = super().url(name, force)
            # Only names the manifest knows: while collectstatic builds it, nothing is kept.
            if not force and name in self.hashed_files:
                self._urls[name] = url
        return url
