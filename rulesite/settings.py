"""Settings for rulesite: one file, configured by the environment.

Every value that changes between a laptop and a server comes from an environment
variable; a malformed value fails at start-up rather than being silently ignored.
"""

from __future__ import annotations

import os
from pathlib import Path

import dj_database_url
from django.core.exceptions import ImproperlyConfigured

BASE_DIR = Path(__file__).resolve().parent.parent


def env_bool(name: str, default: bool) -> bool:
    """Return the boolean environment variable ``name``.

    Accepts exactly ``true`` or ``false`` (any case); raises ``ImproperlyConfigured``
    for anything else, so a typo such as ``DEBUG=flase`` cannot turn debugging on.
    """
    value = os.environ.get(name)
    if value is None or value == "":
        return default
    if value.lower() in ("true", "1", "yes"):
        return True
    if value.lower() in ("false", "0", "no"):
        return False
    raise ImproperlyConfigured(f"{name} must be 'true' or 'false', not {value!r}")


def env_seconds(name: str, default: float, *, most: float = 600.0) -> float:
    """Return the environment variable ``name`` as a number of seconds in ``(0, most]``.

    ``2``, ``0.5`` and ``1e-3`` are read; anything else (``2s``, ``0``, ``-1``, ``nan``, more
    than ``most``) raises ``ImproperlyConfigured``, so a typo cannot switch a limit off.
    """
    value = os.environ.get(name)
    if value is None or value.strip() == "":
        return default
    try:
        seconds = float(value)
    except ValueError:
        raise ImproperlyConfigured(f"{name} must be a number of seconds (e.g. 2 or 0.5), not {value!r}") from None
    if not 0 < seconds <= most:  # also refuses nan, which compares false with everything
        raise ImproperlyConfigured(f"{name} must be more than 0 and at most {most:g} seconds, not {value!r}")
    return seconds


def env_list(name: str, default: str) -> list[str]:
    """Return the comma-separated environment variable ``name`` as a list."""
    return [item.strip() for item in os.environ.get(name, default).split(",") if item.strip()]


DEBUG = env_bool("DEBUG", True)

SECRET_KEY = os.environ.get("SECRET_KEY", "")
if not SECRET_KEY:
    if not DEBUG:
        raise ImproperlyConfigured("SECRET_KEY must be set when DEBUG=false")
    # A fixed development key keeps sessions valid across restarts of `make run`; it is
    # never used in production because DEBUG=false refuses to start without SECRET_KEY.
    SECRET_KEY = "dev-only-insecure-key-0123456789-abcdefghijklmnopqrstuvwxyz-rulesite"

ALLOWED_HOSTS = env_list("ALLOWED_HOSTS", "127.0.0.1,localhost,testserver" if DEBUG else "")

INSTALLED_APPS = [
    "rulesite.apps.RulesiteConfig",
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "whitenoise.runserver_nostatic",
    "django.contrib.staticfiles",
    "rest_framework",
    "drf_spectacular",
    "drf_spectacular_sidecar",
    "django_htmx",
    "csp",
    "rulesite.rules",
    "rulesite.scenarios",
    "rulesite.cards",
    "rulesite.api",
]

MIDDLEWARE = [
    "rulesite.middleware.RequestIdMiddleware",
    "django.middleware.security.SecurityMiddleware",
    "csp.middleware.CSPMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.locale.LocaleMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "django_htmx.middleware.HtmxMiddleware",
    "django_ratelimit.middleware.RatelimitMiddleware",
    "rulesite.caching.PermalinkCacheMiddleware",
]

ROOT_URLCONF = "rulesite.urls"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.template.context_processors.i18n",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
            ],
        },
    },
]

WSGI_APPLICATION = "rulesite.wsgi.application"

# SQLite needs no server, so `make run` works on a fresh machine with nothing running;
# organisers point DATABASE_URL at PostgreSQL for production.
DATABASES = {
    "default": dj_database_url.config(
        default=f"sqlite:///{BASE_DIR / 'db.sqlite3'}",
        conn_max_age=int(os.environ.get("CONN_MAX_AGE", "60")),
    )
}
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    DATABASES["default"]["OPTIONS"] = {"init_command": "PRAGMA journal_mode=WAL;", "timeout": 20}
    DATABASES["default"]["CONN_MAX_AGE"] = 0

DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

# A database router sends reads to a replica when DATABASE_REPLICA_URL is set (see
# docs/deployment.md); writes, migrations and transactions stay on "default".
if os.environ.get("DATABASE_REPLICA_URL"):
    DATABASES["replica"] = dj_database_url.parse(
        os.environ["DATABASE_REPLICA_URL"], conn_max_age=int(os.environ.get("CONN_MAX_AGE", "60"))
    )
    DATABASES["replica"]["TEST"] = {"MIRROR": "default"}
    DATABASE_ROUTERS = ["rulesite.routers.ReplicaRouter"]

# One shared Redis for the page cache and the rate-limit counters when REDIS_URL is set
# (several app servers); a per-process local-memory cache otherwise (development, tests).
REDIS_URL = os.environ.get("REDIS_URL", "")
if REDIS_URL:
    CACHES = {"default": {"BACKEND": "django.core.cache.backends.redis.RedisCache", "LOCATION": REDIS_URL}}
else:
    CACHES = {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache", "LOCATION": "rulesite"}}
# Rendered section pages live this long in the cache (seconds); an import invalidates them
# at once by moving to a new cache generation (rulesite.rules.services.rules_cache_invalidate).
SECTION_CACHE_SECONDS = int(os.environ.get("SECTION_CACHE_SECONDS", str(24 * 3600)))
# Search pages: an import bumps the rules generation, so this only bounds the memory held.
SEARCH_CACHE_SECONDS = int(os.environ.get("SEARCH_CACHE_SECONDS", "600"))
# Permalink pages seen without a session: a saved note or a withdrawal invalidates them at
# once in a shared cache (REDIS_URL); this bounds how long another process's local-memory
# cache may show the previous page.
PERMALINK_CACHE_SECONDS = int(os.environ.get("PERMALINK_CACHE_SECONDS", "300"))

# Rate limits (django-ratelimit, counted per client IP in the default cache), as
# "<count>/<period>" strings. RATELIMIT_ENABLE=false switches them all off (load tests).
# They are off by default inside a pytest run (pytest sets PYTEST_VERSION), where every
# request comes from one address; the rate-limit tests switch them on.
RATELIMIT_ENABLE = env_bool("RATELIMIT_ENABLE", "PYTEST_VERSION" not in os.environ)
RATELIMIT_VIEW = "rulesite.middleware.ratelimited"
RATELIMIT_RESOLVE = os.environ.get("RATELIMIT_RESOLVE", "60/m")
RATELIMIT_SEARCH = os.environ.get("RATELIMIT_SEARCH", "120/m")
RATELIMIT_LOGIN = os.environ.get("RATELIMIT_LOGIN", "10/m")
RATELIMIT_SIGNUP = os.environ.get("RATELIMIT_SIGNUP", "30/h")
# Judges make their own accounts at /accounts/signup/; false leaves it to administrators.
SIGNUP_OPEN = env_bool("SIGNUP_OPEN", True)
# Behind a reverse proxy the client address is the proxy's: name the header it sets
# (e.g. HTTP_X_REAL_IP) so that limits count clients, not the proxy.
RATELIMIT_IP_META_KEY = os.environ.get("RATELIMIT_IP_META_KEY") or None

# Every resolution (API, builder, import, re-check, load_scenarios, the boards of a stored
# ruling) runs under this wall-clock deadline in seconds; past it the answer is a 400 "too
# complex", naming what grew, and the worker is free at once (DESIGN.md, "Engine").
RESOLVE_DEADLINE_S = env_seconds("RESOLVE_DEADLINE_S", 2.0)

# Benchmark-only views (a minimal Django view for `make bench`): off unless asked for.
RULESITE_BENCH_VIEWS = env_bool("RULESITE_BENCH_VIEWS", False)

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]
LOGIN_REDIRECT_URL = "/"
LOGOUT_REDIRECT_URL = "/"

LANGUAGE_CODE = os.environ.get("LANGUAGE_CODE", "en")
LANGUAGES = [("en", "English"), ("zh-hant", "繁體中文"), ("zh-hans", "简体中文")]
LOCALE_PATHS = [BASE_DIR / "locale"]
TIME_ZONE = "UTC"
USE_I18N = True
USE_TZ = True

STATIC_URL = "/static/"
STATIC_ROOT = BASE_DIR / "staticfiles"
STATICFILES_DIRS = [BASE_DIR / "static"]
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {
        "BACKEND": (
            "django.contrib.staticfiles.storage.StaticFilesStorage"
            if DEBUG
            else "whitenoise.storage.CompressedManifestStaticFilesStorage"
        )
    },
}

# Request size: DESIGN.md caps a scenario at 1 MB, which scenario_parse() enforces on the JSON
# itself. A form post percent-encodes it (a Chinese character's 3 UTF-8 bytes become 9), so
# the request cap leaves room for a 1 MB scenario sent through the builder's forms.
DATA_UPLOAD_MAX_MEMORY_SIZE = 4_000_000
DATA_UPLOAD_MAX_NUMBER_FIELDS = 20_000

EMAIL_BACKEND = os.environ.get("EMAIL_BACKEND", "django.core.mail.backends.console.EmailBackend")

# The rules documents outside the repository (Magic Comprehensive Rules editions): read
# from the shared folder beside the checkout when it exists.
RULES_CORPORA_DIR = Path(os.environ.get("RULES_CORPORA_DIR", BASE_DIR.parent / "shared" / "corpora"))

REST_FRAMEWORK = {
    "DEFAULT_SCHEMA_CLASS": "drf_spectacular.openapi.AutoSchema",
    "DEFAULT_PAGINATION_CLASS": "rest_framework.pagination.PageNumberPagination",
    "PAGE_SIZE": 20,
    "EXCEPTION_HANDLER": "rulesite.api.exceptions.api_exception_handler",
    "DEFAULT_RENDERER_CLASSES": ["rest_framework.renderers.JSONRenderer", "rest_framework.renderers.BrowsableAPIRenderer"],
    "DEFAULT_AUTHENTICATION_CLASSES": ["rest_framework.authentication.SessionAuthentication"],
    "DEFAULT_PERMISSION_CLASSES": ["rest_framework.permissions.AllowAny"],
}
SPECTACULAR_SETTINGS = {
    "TITLE": "rulesite API",
    "DESCRIPTION": "Rules documents, search and board-state resolution for TCG judges.",
    "VERSION": "1",
    "SERVE_INCLUDE_SCHEMA": False,
    # Serve Swagger UI from our own static files so /api/docs/ works offline.
    "SWAGGER_UI_DIST": "SIDECAR",
    "SWAGGER_UI_FAVICON_HREF": "SIDECAR",
    "REDOC_DIST": "SIDECAR",
}

# Content Security Policy (django-csp): nothing inline, everything from this origin. The API
# docs page is the one exception: its fixed <style> block is allowed by hash (rulesite/urls.py).
CONTENT_SECURITY_POLICY = {
    "DIRECTIVES": {
        "default-src": ["'self'"],
        "script-src": ["'self'"],
        "style-src": ["'self'"],
        "img-src": ["'self'", "data:"],
        "font-src": ["'self'"],
        "connect-src": ["'self'"],
        "object-src": ["'none'"],
        "base-uri": ["'self'"],
        "form-action": ["'self'"],
        "frame-ancestors": ["'none'"],
    }
}

# Logs go to stdout; LOG_FORMAT=json writes one JSON object a line (python-json-logger)
# with the request id of the request being served.
LOG_FORMAT = os.environ.get("LOG_FORMAT", "plain")
if LOG_FORMAT not in ("plain", "json"):
    raise ImproperlyConfigured(f"LOG_FORMAT must be 'plain' or 'json', not {LOG_FORMAT!r}")
LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "filters": {"request_id": {"()": "rulesite.logging.RequestIdFilter"}},
    "formatters": {
        "plain": {"format": "%(asctime)s %(levelname)s %(name)s [%(request_id)s] %(message)s"},
        "json": {"()": "rulesite.logging.JsonFormatter"},
    },
    "handlers": {
        "console": {
            "class": "logging.StreamHandler",
            "stream": "ext://sys.stdout",
            "formatter": LOG_FORMAT,
            "filters": ["request_id"],
        }
    },
    "root": {"handlers": ["console"], "level": os.environ.get("LOG_LEVEL", "INFO")},
}

if not DEBUG:
    SECURE_SSL_REDIRECT = env_bool("SECURE_SSL_REDIRECT", True)
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
    SESSION_COOKIE_SECURE = True
    CSRF_COOKIE_SECURE = True
    SECURE_HSTS_SECONDS = int(os.environ.get("SECURE_HSTS_SECONDS", "31536000"))
    SECURE_HSTS_INCLUDE_SUBDOMAINS = True
    SECURE_HSTS_PRELOAD = True
    SECURE_CONTENT_TYPE_NOSNIFF = True
    X_FRAME_OPTIONS = "DENY"
