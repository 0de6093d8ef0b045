"""Several uvicorn worker processes, each with its own listening socket on the same port (SO_REUSEPORT).

With one shared listening socket (uvicorn's own `--workers`), the worker that wakes first accepts every
connection waiting in the queue: a client or proxy that opens its keep-alive connections together finds
them all on one worker, which then does all the work while the others idle (seen here: 8 connections
opened at once all went to one of two workers, half the throughput). With a socket per worker, the
kernel spreads new connections over the workers by a hash of their addresses.

The supervisor starts the workers, starts a new one in place of one that died, and on SIGTERM or SIGINT
asks them all to finish their requests and stop. A worker that dies at start-up (port taken, broken
configuration, an application that fails to load) stops the whole service with an error instead of
being restarted over and over.
"""

from __future__ import annotations

import logging
import multiprocessing
import os
import signal
import socket
import sys
import threading
import time
from collections.abc import Callable
from multiprocessing.process import BaseProcess
from typing import Any

import uvicorn
from uvicorn.config import STARTUP_FAILURE  # the exit status of a worker that could not start (3)

logger = logging.getLogger("app.workers")

QUICK_EXIT = 10.0  # seconds: a worker that exits sooner after its start probably cannot start at all
QUICK_EXITS_ALLOWED = 3  # in a row, before the service gives up
STOP_GRACE = 30.0  # seconds a worker has to finish its requests once asked to stop


def reuse_port_supported() -> bool:
    """Linux spreads connections over the sockets sharing a port; other systems (BSD, macOS) give them to
    one socket, so there uvicorn's own workers (one shared socket) serve instead."""
    return sys.platform == "linux" and hasattr(socket, "SO_REUSEPORT")


def listening_socket(host: str, port: int) -> socket.socket:
    """A socket bound to host:port that other processes may bind too (SO_REUSEPORT)."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEPORT, 1)
    sock.bind((host, port))
    sock.set_inheritable(True)
    return sock


def serve_one(options: dict[str, Any]) -> None:
    """A worker process: its own socket, one uvicorn server."""
    threading.Thread(target=_stop_with_parent, args=(os.getppid(),), name="parent-watch", daemon=True).start()
    config = uvicorn.Config(**options)
    try:
        sock = listening_socket(config.host, config.port)
    except OSError as exc:
        logger.error("cannot listen on %s:%d: %s", config.host, config.port, exc)
        sys.exit(STARTUP_FAILURE)
    uvicorn.Server(config).run(sockets=[sock])


def _stop_with_parent(parent: int) -> None:
    """A worker whose supervisor is gone (killed) stops as if asked to, instead of serving on alone."""
    while os.getppid() == parent:
        time.sleep(1.0)
    os.kill(os.getpid(), signal.SIGTERM)


class Supervisor:
    """`workers` processes running `serve_one(options)`; see the module's description."""

    def __init__(self, workers: int, options: dict[str, Any],
                 target: Callable[[dict[str, Any]], None] = serve_one) -> None:
        self.workers = workers
        self.options = options
        self.target = target
        self.context = multiprocessing.get_context("spawn")
        self.processes: list[BaseProcess] = []
        self.started: list[float] = []  # when each worker started (time.monotonic)
        self.quick_exits = 0
        self.stopping = threading.Event()
        self.failed = False

    def _start(self) -> BaseProcess:
        process = self.context.Process(target=self.target, args=(self.options,), name="chess-worker")
        process.start()
        return process

    def run(self) -> int:
        """Serve until SIGTERM or SIGINT; the exit status of the service (0, or 1 after a start-up failure)."""
        previous = {sig: signal.signal(sig, lambda *_: self.stopping.set()) for sig in (signal.SIGTERM, signal.SIGINT)}
        try:
            self.processes = [self._start() for _ in range(self.workers)]
            self.started = [time.monotonic()] * self.workers
            while not self.stopping.wait(0.5):
                self.replace_dead()
            self.stop_all()
        finally:
            for sig, handler in previous.items():
                signal.signal(sig, handler)
        return 1 if self.failed else 0

    def replace_dead(self) -> None:
        for index, process in enumerate(self.processes):
            if process.is_alive():
                continue
            quick = time.monotonic() - self.started[index] < QUICK_EXIT
            self.quick_exits = self.quick_exits + 1 if quick else 0
            if process.exitcode == STARTUP_FAILURE or self.quick_exits >= QUICK_EXITS_ALLOWED:
                logger.error("worker %s failed to start (exit code %s); stopping the service",
                             process.pid, process.exitcode)
                self.failed = True
                self.stopping.set()
                return
            logger.warning("worker %s stopped (exit code %s); starting another", process.pid, process.exitcode)
            self.processes[index] = self._start()
            self.started[index] = time.monotonic()

    def stop_all(self) -> None:
        for process in self.processes:
            if process.is_alive():
                process.terminate()  # SIGTERM: uvicorn finishes the requests in progress
        deadline = time.monotonic() + STOP_GRACE
        for process in self.processes:
            process.join(max(0.0, deadline - time.monotonic()))
            if process.is_alive():
                process.kill()
                process.join()
