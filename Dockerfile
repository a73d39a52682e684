FROM python:3.11-slim

ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    PIP_NO_CACHE_DIR=1 \
    PIP_DISABLE_PIP_VERSION_CHECK=1

WORKDIR /app
RUN useradd --create-home --uid 1000 wiki

# Dependencies first, exactly as locked (hashes checked), so a code change reuses this layer.
COPY requirements.lock ./
RUN pip install --no-deps --require-hashes -r requirements.lock

# The project itself, non-editable; .dockerignore keeps secrets, caches and databases out.
# The app runs from /app, where settings find templates/ and static/.
COPY . .
RUN pip install --no-deps . \
    && rm -rf build *.egg-info \
    && sh deploy/build-static.sh \
    && mkdir -p .cache \
    && chown wiki .cache
USER wiki

EXPOSE 8000
# Migrates, then serves with gunicorn.conf.py (timeouts, worker recycling, access log).
CMD ["sh", "deploy/start.sh"]
