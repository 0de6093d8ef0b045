# syntax=docker/dockerfile:1
# Pin the base by digest in production (docker buildx imagetools inspect python:3.11.11-slim-bookworm):
#   --build-arg PYTHON_IMAGE=python:3.11.11-slim-bookworm@sha256:<digest>
ARG PYTHON_IMAGE=python:3.11.11-slim-bookworm

# Build stage: the service and its pinned dependencies in a virtualenv, byte-compiled; pip removed from it.
FROM ${PYTHON_IMAGE} AS build
ENV PIP_NO_CACHE_DIR=1 PIP_DISABLE_PIP_VERSION_CHECK=1
WORKDIR /src
COPY pyproject.toml README.md constraints.txt ./
COPY app ./app
RUN python -m venv /opt/venv \
 && /opt/venv/bin/pip install --constraint constraints.txt . \
 && /opt/venv/bin/pip uninstall --yes pip

# Runtime stage: the virtualenv only; no pip, setuptools or compilers; a non-root user.
FROM ${PYTHON_IMAGE} AS runtime
LABEL org.opencontainers.image.title="chess-tournament-service" \
      org.opencontainers.image.description="Stateless REST/JSON service for chess tournaments: TRF, tiebreaks, Swiss pairings" \
      org.opencontainers.image.source="https://github.com/chess-tournament-service/chess-tournament-service" \
      org.opencontainers.image.version="0.1.0" \
      org.opencontainers.image.licenses="MIT"
ENV PATH=/opt/venv/bin:$PATH \
    PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    CHESS_HOST=0.0.0.0 \
    CHESS_PORT=8000
RUN python -m pip uninstall --yes pip setuptools wheel \
 && groupadd --system --gid 10001 chess \
 && useradd --system --uid 10001 --gid 10001 --home-dir /nonexistent --no-create-home --shell /usr/sbin/nologin chess
COPY --from=build /opt/venv /opt/venv
USER 10001:10001
EXPOSE 8000
# Liveness only: readiness (/ready) is for load balancers, see deploy/.
HEALTHCHECK --interval=30s --timeout=3s --start-period=10s --retries=3 \
  CMD python -c "import os, urllib.request; urllib.request.urlopen('http://127.0.0.1:%s/health' % os.environ.get('CHESS_PORT', '8000'), timeout=2)"
# One front process (uvicorn) and a pool of engine processes (CHESS_ENGINE_PROCESSES, default the container's
# CPU limit); the multiprocessing forkserver needs a writable /tmp on a read-only root. SIGTERM stops gracefully.
CMD ["python", "-m", "app"]
