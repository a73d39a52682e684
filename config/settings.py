"""Settings for Research Wiki, read from the environment.

One module for every environment: development defaults are safe to run locally, and turning
``DEBUG`` off switches on the production protections (secure cookies, HSTS, a required key).
"""

from __future__ import annotations

import hashlib
import os
from datetime import timedelta
from pathlib import Path
from urllib.parse import parse_qs, unquote, urlsplit

import dj_database_url
from django.core.exceptions import ImproperlyConfigured

BASE_DIR = Path(__file__).resolve().parent.parent

_TRUE = {"1", "true", "yes", "on"}
_FALSE = {"0", "false", "no", "off", ""}


def env_bool(name: str, default: bool) -> bool:
    raw = os.environ.get(name)
    if raw is None:
        return default
    value = raw.strip().lower()
    if value in _TRUE:
        return True
    if value in _FALSE:
        return False
    raise ImproperlyConfigured(f"{name} must be a boolean (1/0, true/false), not {raw!r}")


def env_int(name: str, default: int) -> int:
    raw = os.environ.get(name)
    if raw is None or raw.strip() == "":
        return default
    try:
        return int(raw)
    except ValueError:
        raise ImproperlyConfigured(f"{name} must be an integer, not {raw!r}") from None


def env_list(name: str, default: list[str]) -> list[str]:
    raw = os.environ.get(name)
    if raw is None:
        return default
    return [item.strip() for item in raw.split(",") if item.strip()]


DEBUG = env_bool("DEBUG", default=False)
# Django's debug pages (the URL pattern list, tracebacks in the browser) instead of the
# site's own error pages while DEBUG is on; off, a newcomer meets the pages readers meet.
DEBUG_PAGES = env_bool("DEBUG_PAGES", default=False)

SECRET_KEY = os.environ.get("SECRET_KEY", "")
if not SECRET_KEY:
    if not DEBUG:
        raise ImproperlyConfigured("SECRET_KEY must be set when DEBUG is off")
    SECRET_KEY = "insecure-development-key-only-for-debug-mode"

ALLOWED_HOSTS = env_list("ALLOWED_HOSTS", ["127.0.0.1", "localhost", "[::1]"] if DEBUG else [])
CSRF_TRUSTED_ORIGINS = env_list("CSRF_TRUSTED_ORIGINS", [])

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "django.contrib.postgres",
    "django_htmx",
    "django_filters",
    "template_partials",
    "axes",
    # Before django_tasks_db: its db_worker command is jobs' (a heartbeat and stale-job
    # recovery around the upstream worker).
    "jobs",
    "django_tasks",
    "django_tasks_db",
    "core",
    "accounts",
    "wiki",
    "papers",
    "entries",
    "results",
    "pages",
    "search",
    "front",
    "importer",
    "backups",
    "demo",
    "api",
    "watching",
]

MIDDLEWARE = [
    # First: a cached page for a visitor without a session, with every header the stack
    # below added when it was stored (core/page_cache.py).
    "core.page_cache.AnonymousPageCacheMiddleware",
    "django.middleware.security.SecurityMiddleware",
    "core.security.ContentSecurityPolicyMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    # Before CommonMiddleware: /healthz is answered for the server's own address too.
    "core.health.HealthCheckMiddleware",
    # The site's own 400/403/404/500 pages in development too (core/errors.py); above the
    # outages middleware, whose 503 page must see a lost database first.
    "core.errors.SiteErrorPagesMiddleware",
    # A database that stops answering gets a 503 page, not a 500 (core/outages.py).
    "core.outages.DatabaseUnavailableMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.common.CommonMiddleware",
    "core.security.RequestLimitsMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "django_htmx.middleware.HtmxMiddleware",
    # Each person's "Watch" button on shared pages, put in on the way out: inside the page
    # cache and CommonMiddleware, below CSRF (the button's form uses the token).
    "watching.middleware.WatchButtonMiddleware",
    # Last, as django-axes asks: it turns a locked-out login into the lockout page.
    "axes.middleware.AxesMiddleware",
]

ROOT_URLCONF = "config.urls"
WSGI_APPLICATION = "config.wsgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
                "accounts.context_processors.roles",
                "core.submissions.submission_context",
            ],
        },
    },
]

# Unset DATABASE_URL means an SQLite file in the project folder: the quick start needs no server.
DATABASES = {
    "default": dj_database_url.config(
        default=f"sqlite:///{BASE_DIR / 'db.sqlite3'}",
        conn_max_age=env_int("CONN_MAX_AGE", 600),
        conn_health_checks=True,
    )
}
if DATABASES["default"]["ENGINE"] == "django.db.backends.postgresql":
    # A database host that does not answer fails the request in seconds (a 503 page), rather
    # than holding a worker until the operating system gives up on the connection.
    DATABASES["default"].setdefault("OPTIONS", {})["connect_timeout"] = env_int(
        "DATABASE_CONNECT_TIMEOUT", 5
    )
    # The cache triggers tell the app's own connection of its writes (core/cache_listener.py).
    options = DATABASES["default"]["OPTIONS"]
    options["options"] = f"{options.get('options', '')} -c core.cache_notice=on".strip()
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    # WAL lets readers carry on while one writer holds the lock; IMMEDIATE avoids
    # deadlocks between two transactions that both start as readers and then write.
    DATABASES["default"].setdefault("OPTIONS", {}).update(
        {
            "transaction_mode": "IMMEDIATE",
            "timeout": 20,
            "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;",
        }
    )
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]
# django-axes watches every login (it needs the request passed to authenticate(), which the
# login view does; the test client's force_login() bypasses it, login() does not).
AUTHENTICATION_BACKENDS = [
    "axes.backends.AxesStandaloneBackend",
    # ModelBackend whose accounts and permissions come from the shared cache.
    "accounts.backends.CachedModelBackend",
]
LOGIN_URL = "login"
LOGIN_REDIRECT_URL = "home"
LOGOUT_REDIRECT_URL = "home"

LANGUAGE_CODE = "en-gb"
TIME_ZONE = os.environ.get("TIME_ZONE", "UTC")
USE_I18N = True
USE_TZ = True

STATIC_URL = "static/"
STATIC_ROOT = Path(os.environ.get("STATIC_ROOT", BASE_DIR / "staticfiles"))
STATICFILES_DIRS = [BASE_DIR / "static"]
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {
        "BACKEND": (
            "django.contrib.staticfiles.storage.StaticFilesStorage"
            if DEBUG
            else "core.storage.ManifestStaticStorage"
        )
    },
}
WHITENOISE_USE_FINDERS = DEBUG

# The page cache must be shared by every worker process: a folder on this host by default,
# Redis (CACHE_URL=redis://host:6379/0, the `redis` extra) for several hosts. With Redis, the
# API rate limits are counted there too, so every server counts the same requests. A Redis
# that does not answer is a cache miss, never an error page (core/redis_cache.py).
CACHE_URL = os.environ.get("CACHE_URL", "").strip()
if CACHE_URL and not CACHE_URL.startswith(("redis://", "rediss://", "unix://")):
    raise ImproperlyConfigured(
        f"CACHE_URL must be a redis://, rediss:// or unix:// URL, not {CACHE_URL!r}"
    )
CACHE_TIMEOUT_SECONDS = float(env_int("CACHE_TIMEOUT_MS", 500)) / 1000


def _redis_cache() -> dict:
    return {
        "BACKEND": "core.redis_cache.FailSoftRedisCache",
        "LOCATION": CACHE_URL,
        "OPTIONS": {
            "socket_connect_timeout": CACHE_TIMEOUT_SECONDS,
            "socket_timeout": CACHE_TIMEOUT_SECONDS,
        },
    }


CACHES = {
    "default": (
        _redis_cache()
        if CACHE_URL
        else {
            "BACKEND": "django.core.cache.backends.locmem.LocMemCache",
            "LOCATION": "research-wiki",
        }
    ),
    "pages": (
        _redis_cache()
        if CACHE_URL
        else {
            "BACKEND": "core.file_cache.FileCache",
            "LOCATION": os.environ.get("CACHE_DIR", str(BASE_DIR / ".cache" / "pages")),
            "OPTIONS": {"MAX_ENTRIES": env_int("PAGE_CACHE_MAX_ENTRIES", 20_000)},
        }
    ),
}


# One namespace per database: two sites (or a site and a benchmark) that share a cache
# folder or a Redis must neither serve each other's pages nor invalidate each other's.
def cache_namespace(database: dict) -> str:
    identity = "|".join(str(database.get(k) or "") for k in ("ENGINE", "HOST", "PORT", "NAME"))
    return hashlib.sha256(identity.encode()).hexdigest()[:16]


def code_release(base: Path) -> str:
    """A digest of the code, templates and static files, so cached pages and fragments of
    one release are never served by the next (whose templates may differ). Computed from
    the files' contents, not their times: every server running the same code shares its
    cache. RELEASE overrides it (e.g. a commit id set at build time)."""
    digest = hashlib.sha256()
    roots = [base / "templates", base / "static"] + [
        path for path in base.iterdir() if (path / "apps.py").exists()
    ]
    for root in sorted(roots):
        for path in sorted(root.rglob("*")):
            if path.suffix in (".py", ".html", ".css", ".js", ".txt", ".svg") and path.is_file():
                digest.update(str(path.relative_to(base)).encode())
                digest.update(path.read_bytes())
    return digest.hexdigest()[:12]


CODE_RELEASE = os.environ.get("RELEASE", "").strip() or code_release(BASE_DIR)
CACHES["pages"]["KEY_PREFIX"] = cache_namespace(DATABASES["default"])
CACHES["pages"]["VERSION"] = CODE_RELEASE
CACHES["default"]["KEY_PREFIX"] = cache_namespace(DATABASES["default"]) + "-site"
PAGE_CACHE_ALIAS = "pages"
PAGE_CACHE_ENABLED = env_bool("PAGE_CACHE_ENABLED", default=True)
# Sessions are read from the shared cache and written through to the database, so a
# signed-in request costs no session query; emptying the cache loses no session. It must
# be the cache every worker shares: a session ended in one worker is ended in all.
SESSION_ENGINE = "django.contrib.sessions.backends.cached_db"
SESSION_CACHE_ALIAS = PAGE_CACHE_ALIAS


# Email: EMAIL_URL (smtp://user:password@host:587?tls=1, smtps://… for implicit TLS,
# console:// to print messages) or the separate EMAIL_HOST… variables; without either,
# messages are printed to the console.
def email_settings(url: str) -> dict[str, object]:
    """EMAIL_URL → Django's email settings; user and password may be percent-encoded."""
    parts = urlsplit(url)
    query = {name: values[-1] for name, values in parse_qs(parts.query).items()}
    backends = {
        "smtp": "django.core.mail.backends.smtp.EmailBackend",
        "smtps": "django.core.mail.backends.smtp.EmailBackend",
        "console": "django.core.mail.backends.console.EmailBackend",
    }
    if parts.scheme not in backends:
        raise ImproperlyConfigured(
            f"EMAIL_URL must start with smtp://, smtps:// or console://, not {parts.scheme!r}"
        )
    if parts.scheme == "console":
        return {"EMAIL_BACKEND": backends["console"]}
    try:
        port = parts.port
    except ValueError:
        raise ImproperlyConfigured("EMAIL_URL has a port that is not a number") from None
    if not parts.hostname:
        raise ImproperlyConfigured("EMAIL_URL names no host (smtp://user:password@host:587)")
    flags = {}
    for name in ("tls", "ssl"):
        raw = query.get(name, "0").strip().lower()
        if raw not in _TRUE | _FALSE:
            raise ImproperlyConfigured(f"EMAIL_URL's {name}= must be 1 or 0, not {raw!r}")
        flags[name] = raw in _TRUE
    use_ssl = flags["ssl"] or parts.scheme == "smtps"
    if use_ssl and flags["tls"]:
        raise ImproperlyConfigured("EMAIL_URL: choose tls=1 (STARTTLS) or ssl, not both")
    return {
        "EMAIL_BACKEND": backends[parts.scheme],
        "EMAIL_HOST": parts.hostname,
        "EMAIL_PORT": port or (465 if use_ssl else 587 if flags["tls"] else 25),
        "EMAIL_HOST_USER": unquote(parts.username or ""),
        "EMAIL_HOST_PASSWORD": unquote(parts.password or ""),
        "EMAIL_USE_TLS": flags["tls"],
        "EMAIL_USE_SSL": use_ssl,
    }


EMAIL_URL = os.environ.get("EMAIL_URL", "").strip()
if EMAIL_URL:
    _email = email_settings(EMAIL_URL)
else:
    _email = {
        "EMAIL_BACKEND": os.environ.get(
            "EMAIL_BACKEND",
            "django.core.mail.backends.smtp.EmailBackend"
            if os.environ.get("EMAIL_HOST")
            else "django.core.mail.backends.console.EmailBackend",
        ),
        "EMAIL_HOST": os.environ.get("EMAIL_HOST", "localhost"),
        "EMAIL_PORT": env_int("EMAIL_PORT", 25),
        "EMAIL_HOST_USER": os.environ.get("EMAIL_HOST_USER", ""),
        "EMAIL_HOST_PASSWORD": os.environ.get("EMAIL_HOST_PASSWORD", ""),
        "EMAIL_USE_TLS": env_bool("EMAIL_USE_TLS", default=False),
        "EMAIL_USE_SSL": env_bool("EMAIL_USE_SSL", default=False),
    }
    if _email["EMAIL_USE_TLS"] and _email["EMAIL_USE_SSL"]:
        raise ImproperlyConfigured("Set EMAIL_USE_TLS or EMAIL_USE_SSL, not both")
EMAIL_BACKEND = _email["EMAIL_BACKEND"]
EMAIL_HOST = _email.get("EMAIL_HOST", "localhost")
EMAIL_PORT = _email.get("EMAIL_PORT", 25)
EMAIL_HOST_USER = _email.get("EMAIL_HOST_USER", "")
EMAIL_HOST_PASSWORD = _email.get("EMAIL_HOST_PASSWORD", "")
EMAIL_USE_TLS = _email.get("EMAIL_USE_TLS", False)
EMAIL_USE_SSL = _email.get("EMAIL_USE_SSL", False)
# Seconds before a mail server that does not answer is given up on (the request goes on).
EMAIL_TIMEOUT = env_int("EMAIL_TIMEOUT", 10)
DEFAULT_FROM_EMAIL = os.environ.get("DEFAULT_FROM_EMAIL", "wiki@localhost")
SERVER_EMAIL = os.environ.get("SERVER_EMAIL", DEFAULT_FROM_EMAIL)


def site_url(raw: str) -> str:
    """The site's public address for links in emails and feeds: scheme and host, an optional
    path, no trailing slash."""
    value = raw.strip()
    if not value:
        return ""
    parts = urlsplit(value)
    if (
        parts.scheme not in ("http", "https")
        or not parts.hostname
        or parts.query
        or parts.fragment
        or value.endswith("/")
    ):
        raise ImproperlyConfigured(
            f"SITE_URL must look like https://wiki.example.org (no trailing slash), not {raw!r}"
        )
    return value


# Empty: links in emails are site-relative.
SITE_URL = site_url(os.environ.get("SITE_URL", ""))

# Security: strict by default when DEBUG is off; each switch can be relaxed for a plain-HTTP
# test server (for example the benchmark's gunicorn) through the environment.
SECURE_SSL_REDIRECT = env_bool("SECURE_SSL_REDIRECT", default=not DEBUG)
# Health checks call the server by its own address over plain HTTP (core/health.py).
SECURE_REDIRECT_EXEMPT = [r"^healthz$", r"^readyz$"]
SESSION_COOKIE_SECURE = env_bool("SESSION_COOKIE_SECURE", default=not DEBUG)
CSRF_COOKIE_SECURE = env_bool("CSRF_COOKIE_SECURE", default=not DEBUG)
SECURE_HSTS_SECONDS = env_int("SECURE_HSTS_SECONDS", 0 if DEBUG else 31_536_000)
SECURE_HSTS_INCLUDE_SUBDOMAINS = env_bool("SECURE_HSTS_INCLUDE_SUBDOMAINS", default=not DEBUG)
SECURE_HSTS_PRELOAD = env_bool("SECURE_HSTS_PRELOAD", default=not DEBUG)
BEHIND_TLS_PROXY = env_bool("BEHIND_TLS_PROXY", default=False)
SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https") if BEHIND_TLS_PROXY else None
# How many proxies in front of the app each append the address they saw to X-Forwarded-For:
# the client's address is the entry the outermost of them appended (core.security
# .client_address, used by the login lockouts and the API rate limits). With 0, the header
# is ignored and the address is the connection's, so nobody can choose the address counted.
TRUSTED_PROXY_HOPS = env_int("TRUSTED_PROXY_HOPS", 1 if BEHIND_TLS_PROXY else 0)
if TRUSTED_PROXY_HOPS < 0:
    raise ImproperlyConfigured("TRUSTED_PROXY_HOPS must be 0 or more")
NINJA_NUM_PROXIES = TRUSTED_PROXY_HOPS
SECURE_CONTENT_TYPE_NOSNIFF = True
SECURE_REFERRER_POLICY = "same-origin"
SESSION_COOKIE_HTTPONLY = True
X_FRAME_OPTIONS = "DENY"
# Scripts, styles and frames only from this site: no inline script, no eval (htmx is
# configured for it in _base.html). Images may come from any HTTPS site (Markdown images).
CONTENT_SECURITY_POLICY = {
    "default-src": ["'self'"],
    "script-src": ["'self'"],
    "style-src": ["'self'"],
    "img-src": ["'self'", "data:", "https:"],
    "font-src": ["'self'"],
    "connect-src": ["'self'"],
    "object-src": ["'none'"],
    "base-uri": ["'self'"],
    "form-action": ["'self'"],
    "frame-ancestors": ["'none'"],
}
CSP_REPORT_ONLY = env_bool("CSP_REPORT_ONLY", default=False)

# Abuse limits. Logins: after AXES_FAILURE_LIMIT failures for one account from one address,
# that account is locked out *from that address* for AXES_COOLOFF_MINUTES; a successful
# login resets the count. Counting the pair, not the account alone, means wrong passwords
# typed by a stranger elsewhere never lock a colleague out. The address is read as
# TRUSTED_PROXY_HOPS says (behind a proxy, from X-Forwarded-For, which the proxy must set).
AXES_ENABLED = env_bool("AXES_ENABLED", default=True)
AXES_FAILURE_LIMIT = env_int("AXES_FAILURE_LIMIT", 5)
AXES_COOLOFF_TIME = timedelta(minutes=env_int("AXES_COOLOFF_MINUTES", 15))
AXES_LOCKOUT_PARAMETERS = [["username", "ip_address"]]
AXES_RESET_ON_SUCCESS = True
AXES_LOCKOUT_CALLABLE = "core.security.lockout_response"
AXES_CLIENT_IP_CALLABLE = "core.security.client_address"
AXES_VERBOSE = False
# Request sizes: form text (a 300,000-character page, percent-encoded), the number of form
# fields (an entry of 200 claims with their caveats), and any whole request, uploads
# included (the importer takes 20 files of 2 MB). Larger requests get a 413 page saying so.
DATA_UPLOAD_MAX_MEMORY_SIZE = env_int("DATA_UPLOAD_MAX_MEMORY_SIZE", 5 * 1024 * 1024)
DATA_UPLOAD_MAX_NUMBER_FIELDS = env_int("DATA_UPLOAD_MAX_NUMBER_FIELDS", 5000)
DATA_UPLOAD_MAX_NUMBER_FILES = env_int("DATA_UPLOAD_MAX_NUMBER_FILES", 20)
FILE_UPLOAD_MAX_MEMORY_SIZE = env_int("FILE_UPLOAD_MAX_MEMORY_SIZE", 2_621_440)
MAX_REQUEST_BYTES = env_int("MAX_REQUEST_BYTES", 45 * 1024 * 1024)

# Background jobs (jobs/): queued in the database and run by `manage.py db_worker`, so they
# need no service beyond the database. JOBS_RUN_INLINE=1 runs each job inside the request
# that starts it (the test suite does; a site without a worker could, at the old cost).
JOBS_RUN_INLINE = env_bool("JOBS_RUN_INLINE", default=False)
TASKS = {
    "default": {
        "BACKEND": (
            "django_tasks.backends.immediate.ImmediateBackend"
            if JOBS_RUN_INLINE
            else "django_tasks_db.DatabaseBackend"
        ),
        "QUEUES": ["default"],
    }
}
# A running job whose worker has not been heard from for this long is marked failed, and a
# worker seen within it counts as alive for /readyz.
JOBS_STALE_SECONDS = env_int("JOBS_STALE_SECONDS", 120)
JOBS_HEARTBEAT_SECONDS = env_int("JOBS_HEARTBEAT_SECONDS", 10)
# The worker's CPU priority below the web servers' (os.nice): on a host they share, a long
# import waits for pages rather than the other way round.
JOBS_WORKER_NICE = env_int("JOBS_WORKER_NICE", 10)
# Management commands the worker's heartbeat runs every so many seconds (0 turns one off):
# send_digests queues the watching digests due (watching/digests.py; once per period however
# often it runs).
DIGESTS_EVERY_SECONDS = env_int("DIGESTS_EVERY_SECONDS", 900)
# Scheduled backups (backups/scheduled.py): with BACKUPS_DIR set, a backup of the whole wiki
# every BACKUPS_EVERY_SECONDS into a folder of its own there, the newest BACKUPS_KEEP kept.
BACKUPS_DIR = os.environ.get("BACKUPS_DIR", "")
BACKUPS_EVERY_SECONDS = env_int("BACKUPS_EVERY_SECONDS", 86_400)
BACKUPS_KEEP = env_int("BACKUPS_KEEP", 7)
if BACKUPS_DIR and (BACKUPS_EVERY_SECONDS < 60 or BACKUPS_KEEP < 1):
    raise ImproperlyConfigured(
        "BACKUPS_EVERY_SECONDS must be 60 or more and BACKUPS_KEEP 1 or more "
        f"(got {BACKUPS_EVERY_SECONDS} and {BACKUPS_KEEP})"
    )
JOBS_PERIODIC_COMMANDS = {
    "send_digests": DIGESTS_EVERY_SECONDS,
    # Checked every few minutes; a backup is made once a period however often it runs.
    "backup_due": 300 if BACKUPS_DIR else 0,
}
# /readyz reports these beside the database and the caches (core/health.py); they inform,
# they do not make the site "not ready": pages are served without a worker.
READINESS_CHECKS = {"worker": "jobs.health.worker_check"}

# Product rules.
WIKI_REQUIRE_LOGIN_TO_READ = env_bool("WIKI_REQUIRE_LOGIN_TO_READ", default=False)
if WIKI_REQUIRE_LOGIN_TO_READ:
    # A private wiki: every page but login, /healthz and the token-authenticated API
    # (views marked login_not_required) sends anonymous visitors to the login page.
    MIDDLEWARE.insert(
        MIDDLEWARE.index("django.contrib.auth.middleware.AuthenticationMiddleware") + 1,
        "django.contrib.auth.middleware.LoginRequiredMiddleware",
    )
# Four-eyes rule: an editor may not approve their own entry unless this is switched off
# (a one-person wiki).
WIKI_FOUR_EYES = env_bool("WIKI_FOUR_EYES", default=True)
ARXIV_API_URL = os.environ.get("ARXIV_API_URL", "https://export.arxiv.org/api/query")
ARXIV_TIMEOUT_SECONDS = env_int("ARXIV_TIMEOUT_SECONDS", 10)  # the whole call, reading included
# Outbound arXiv lookups (papers/arxiv.py): at most one call per this many seconds for the
# whole site (arXiv asks for about 3), answers cached this long, bodies cut past this size.
ARXIV_MIN_INTERVAL_SECONDS = env_int("ARXIV_MIN_INTERVAL_SECONDS", 3)
ARXIV_CACHE_SECONDS = env_int("ARXIV_CACHE_SECONDS", 86_400)
ARXIV_MAX_BYTES = env_int("ARXIV_MAX_BYTES", 2_000_000)
# Lookups by DOI (papers/doi.py): the resolver asked for CSL-JSON, bounded the same way.
DOI_RESOLVER_URL = os.environ.get("DOI_RESOLVER_URL", "https://doi.org/")
DOI_TIMEOUT_SECONDS = env_int("DOI_TIMEOUT_SECONDS", 10)
DOI_MIN_INTERVAL_SECONDS = env_int("DOI_MIN_INTERVAL_SECONDS", 1)
DOI_CACHE_SECONDS = env_int("DOI_CACHE_SECONDS", 86_400)
DOI_MAX_BYTES = env_int("DOI_MAX_BYTES", 2_000_000)
# Largest JSON body the API accepts; larger requests get 413.
API_MAX_BODY_BYTES = env_int("API_MAX_BODY_BYTES", 1_048_576)
# Requests per period ("600/min", "/s", "/h", "/day") per person with a token, and per
# address without one; past it, 429 with Retry-After. Empty: no limit. Counted per worker.
API_RATE_LIMIT_TOKEN = os.environ.get("API_RATE_LIMIT_TOKEN", "600/min")
API_RATE_LIMIT_ANONYMOUS = os.environ.get("API_RATE_LIMIT_ANONYMOUS", "120/min")
# Password-reset mails: at most this many per email address asked for (whether or not it
# has an account) and per client address; past either, the form answers 429. Empty: no limit.
PASSWORD_RESET_RATE_PER_ADDRESS = os.environ.get("PASSWORD_RESET_RATE_PER_ADDRESS", "3/h")
PASSWORD_RESET_RATE_PER_CLIENT = os.environ.get("PASSWORD_RESET_RATE_PER_CLIENT", "10/h")


# --- Operations: request logs, error reporting, latency figures (docs/operations.md) -------
# One log line per request (request id, route, method, status, duration, user id), JSON in
# production and readable in development unless LOG_FORMAT=json; every other logger's
# records leave in the same shape (core/request_log.py).
LOG_FORMAT = os.environ.get("LOG_FORMAT", "").strip().lower() or ("console" if DEBUG else "json")
if LOG_FORMAT not in ("json", "console"):
    raise ImproperlyConfigured(f"LOG_FORMAT must be json or console, not {LOG_FORMAT!r}")
LOG_LEVEL = os.environ.get("LOG_LEVEL", "INFO").strip().upper() or "INFO"
if LOG_LEVEL not in ("DEBUG", "INFO", "WARNING", "ERROR", "CRITICAL"):
    raise ImproperlyConfigured(
        f"LOG_LEVEL must be DEBUG, INFO, WARNING, ERROR or CRITICAL, not {LOG_LEVEL!r}"
    )

from core.log_format import logging_settings  # noqa: E402  (structlog alone, no Django)

LOGGING = logging_settings(fmt=LOG_FORMAT, level=LOG_LEVEL)
# First: it times every request and logs those the middleware below answers too.
MIDDLEWARE.insert(0, "core.request_log.RequestLogMiddleware")  # django-structlog's, our ids
DJANGO_STRUCTLOG_USER_ID_FIELD = "pk"

# Error reporting: only when SENTRY_DSN is set; otherwise sentry_sdk is never imported.
SENTRY_DSN = os.environ.get("SENTRY_DSN", "").strip()
if SENTRY_DSN:
    from core.error_reporting import error_reporting_init

    error_reporting_init(
        dsn=SENTRY_DSN,
        environment=os.environ.get("SENTRY_ENVIRONMENT", "").strip()
        or ("development" if DEBUG else "production"),
        release=os.environ.get("SENTRY_RELEASE", "").strip() or CODE_RELEASE,
    )

# Latency per route and the page cache's hit rate, per worker process (core/metrics.py): at
# /ops/ for staff, and at /metrics for a scraper that sends this token (unset: no /metrics).
METRICS_TOKEN = os.environ.get("METRICS_TOKEN", "").strip()
OPS_WINDOW_SECONDS = env_int("OPS_WINDOW_SECONDS", 300)
if OPS_WINDOW_SECONDS < 1:
    raise ImproperlyConfigured("OPS_WINDOW_SECONDS must be 1 or more")
# --- end of operations ----------------------------------------------------------------------
