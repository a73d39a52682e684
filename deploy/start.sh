#!/bin/sh
# The container's command: bring the database schema up to date, then serve. gunicorn's
# settings are in gunicorn.conf.py (WEB_* variables).
set -eu
python manage.py migrate --no-input
exec gunicorn --config gunicorn.conf.py config.wsgi
