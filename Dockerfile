FROM python:3.11-slim

ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    PIP_NO_CACHE_DIR=1

WORKDIR /app
RUN useradd --create-home --uid 1000 wiki

COPY pyproject.toml README.md ./
COPY config ./config
COPY wiki ./wiki
COPY papers ./papers
COPY entries ./entries
RUN pip install .
COPY . .
RUN DEBUG=1 python manage.py collectstatic --no-input --verbosity 0 \
    && chown -R wiki /app
USER wiki

EXPOSE 8000
CMD ["sh", "-c", "python manage.py migrate --no-input && exec gunicorn config.wsgi --bind 0.0.0.0:8000 --workers ${WEB_WORKERS:-2} --threads ${WEB_THREADS:-4} --worker-class gthread --access-logfile -"]
