# Kalamazoo hosted: gunicorn behind your TLS proxy, with PostgreSQL and Redis (compose.yaml; docs/deployment.md).
FROM python:3.11-slim

ENV PYTHONDONTWRITEBYTECODE=1 PYTHONUNBUFFERED=1 PIP_DISABLE_PIP_VERSION_CHECK=1 PIP_NO_CACHE_DIR=1

WORKDIR /app
# The pinned dependencies first (a layer kept while only the code changes), then the app as its wheel.
COPY requirements.txt ./
RUN pip install -r requirements.txt
COPY pyproject.toml README.md ./
COPY config ./config
COPY duplicate ./duplicate
COPY teams ./teams
COPY scoring ./scoring
COPY templates ./templates
COPY static ./static
COPY locale ./locale
RUN pip install --no-deps . && rm -rf /app/*

# The static files collected into the image (whitenoise serves them, hashed and compressed); a build-time
# key only, never the one the app runs with.
ENV STATIC_ROOT=/srv/kalamazoo/static
RUN SECRET_KEY=collectstatic-only DJANGO_SETTINGS_MODULE=config.settings \
    python -m django collectstatic --noinput --verbosity 0

RUN useradd --system --no-create-home --home-dir /nonexistent kalamazoo
USER kalamazoo
WORKDIR /srv/kalamazoo

ENV DJANGO_SETTINGS_MODULE=config.settings PORT=8000
EXPOSE 8000
HEALTHCHECK --interval=30s --timeout=5s --start-period=30s --retries=3 \
    CMD python -c "import os, urllib.request; urllib.request.urlopen('http://localhost:%s/healthz' % os.environ['PORT'], timeout=4)"
# Migrate (it does nothing when there is nothing to do) and serve.
CMD ["sh", "-c", "python -m django migrate --noinput && exec gunicorn config.wsgi --bind 0.0.0.0:${PORT} --workers ${WEB_CONCURRENCY:-2} --threads 4 --access-logfile - --no-control-socket"]
