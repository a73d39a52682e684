"""/readyz: the database, the caches and the jobs worker's heartbeat, as JSON."""

from __future__ import annotations

from django.utils import timezone

from jobs.services import worker_beat


def test_readyz_reports_database_caches_and_a_missing_worker(client, db):
    response = client.get("/readyz")

    data = response.json()
    assert response.status_code == 200
    assert data["ready"] is True
    assert data["checks"]["database"]["ok"] is True
    assert data["checks"]["cache:default"]["ok"] is True
    assert data["checks"]["cache:pages"]["ok"] is True
    assert data["checks"]["worker"] == {
        "ok": False,
        "detail": "no worker has ever been seen",
        "queued_jobs": 0,
    }
    assert "no-cache" in response["Cache-Control"]


def test_readyz_reports_a_worker_seen_recently(client, db):
    worker_beat(worker_id="w1", started=timezone.now())

    check = client.get("/readyz").json()["checks"]["worker"]

    assert check["ok"] is True
    assert check["detail"].startswith("last heartbeat")


def test_readyz_answers_for_the_servers_own_address(client, db, settings):
    settings.ALLOWED_HOSTS = ["wiki.example.org"]

    assert client.get("/readyz", HTTP_HOST="10.0.0.5:8000").status_code == 200


def test_healthz_stays_the_plain_liveness_check(client, db):
    response = client.get("/healthz")

    assert (response.status_code, response.content) == (200, b"ok")
