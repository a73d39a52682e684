#!/bin/sh
# Gathers static files with the production storage (hashed names plus staticfiles.json, and
# compressed copies), as the running site (DEBUG=0) expects. Needs no database and no real
# secret: settings only ask for one to exist. Run by the Dockerfile and by deploy/check.py.
set -eu
DEBUG=0 SECRET_KEY=build-only-not-a-secret python manage.py collectstatic --no-input --verbosity 0
test -f "${STATIC_ROOT:-staticfiles}/staticfiles.json"
