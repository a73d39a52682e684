#!/bin/sh
# The container's command: bring the database schema up to date, then serve. gunicorn's
# settings are in gunicorn.conf.py (WEB_* variables). With several app servers, let one run
# the migrations (MIGRATE_ON_START=0 on the others): two at once could both try the same one.
set -eu
if [ "${MIGRATE_ON_START:-1}" != "0" ]; then
  python manage.py migrate --no-input
fi
exec gunicorn --config gunicorn.conf.py config.wsgi
