"""A small Prometheus client: counters, histograms and gauges in text exposition format 0.0.4.

Metrics live in a `Registry`. `Registry.snapshot()` turns them into plain JSON-able data; snapshots of
several worker processes are added up by `merge` and written out by `render`, so that one worker can
answer a scrape for all of them (see `app.api.metrics`).
"""

from __future__ import annotations

import math
import threading
from collections.abc import Callable, Iterable
from typing import Any

CONTENT_TYPE = "text/plain; version=0.0.4; charset=utf-8"
DEFAULT_BUCKETS = (0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0, 30.0, 60.0)

# A snapshot: {name: {"type", "help", "labels", "buckets"?, "samples": [[label values, value or counts]]}}
Snapshot = dict[str, dict[str, Any]]


class Metric:
    kind = ""

    def __init__(self, registry: Registry, name: str, help_text: str, labels: tuple[str, ...] = ()) -> None:
        self.name = name
        self.help = help_text
        self.labels = labels
        self._lock = registry.lock
        registry.register(self)

    def samples(self) -> list[list[Any]]:
        raise NotImplementedError

    def describe(self) -> dict[str, Any]:
        return {"type": self.kind, "help": self.help, "labels": list(self.labels)}


class Counter(Metric):
    kind = "counter"

    def __init__(self, registry: Registry, name: str, help_text: str, labels: tuple[str, ...] = ()) -> None:
        super().__init__(registry, name, help_text, labels)
        self._values: dict[tuple[str, ...], float] = {}

    def inc(self, *label_values: str, amount: float = 1.0) -> None:
        with self._lock:
            self._values[label_values] = self._values.get(label_values, 0.0) + amount

    def samples(self) -> list[list[Any]]:
        return [[list(k), v] for k, v in self._values.items()]


class Histogram(Metric):
    """Per label set: a count per bucket (not cumulative; the last one is +Inf), then the sum."""

    kind = "histogram"

    def __init__(self, registry: Registry, name: str, help_text: str, labels: tuple[str, ...] = (),
                 buckets: tuple[float, ...] = DEFAULT_BUCKETS) -> None:
        super().__init__(registry, name, help_text, labels)
        self.buckets = tuple(sorted(buckets))
        self._values: dict[tuple[str, ...], list[float]] = {}

    def observe(self, value: float, *label_values: str) -> None:
        index = next((i for i, bound in enumerate(self.buckets) if value <= bound), len(self.buckets))
        with self._lock:
            counts = self._values.get(label_values)
            if counts is None:
                counts = self._values[label_values] = [0.0] * (len(self.buckets) + 2)
            counts[index] += 1
            counts[-1] += value

    def samples(self) -> list[list[Any]]:
        return [[list(k), list(v)] for k, v in self._values.items()]

    def describe(self) -> dict[str, Any]:
        return {**super().describe(), "buckets": list(self.buckets)}


class Gauge(Metric):
    """A value read when the registry is scraped (`read` returns it)."""

    kind = "gauge"

    def __init__(self, registry: Registry, name: str, help_text: str, read: Callable[[], float]) -> None:
        super().__init__(registry, name, help_text)
        self.read = read

    def samples(self) -> list[list[Any]]:
        return [[[], float(self.read())]]


class Registry:
    def __init__(self) -> None:
        self.lock = threading.Lock()
        self._metrics: dict[str, Metric] = {}

    def register(self, metric: Metric) -> None:
        if metric.name in self._metrics:
            raise ValueError(f"metric {metric.name} is registered twice")
        self._metrics[metric.name] = metric

    def snapshot(self) -> Snapshot:
        with self.lock:
            return {name: {**m.describe(), "samples": m.samples()} for name, m in self._metrics.items()}


def merge(snapshots: Iterable[Snapshot]) -> Snapshot:
    """Add up the snapshots of several processes (counters, histograms and gauges alike)."""
    merged: Snapshot = {}
    for snap in snapshots:
        for name, family in snap.items():
            target = merged.setdefault(name, {**family, "samples": []})
            index = {tuple(labels): i for i, (labels, _) in enumerate(target["samples"])}
            for labels, value in family["samples"]:
                i = index.get(tuple(labels))
                if i is None:
                    target["samples"].append([labels, value])
                elif isinstance(value, list):
                    old = target["samples"][i][1]
                    target["samples"][i][1] = [a + b for a, b in zip(old, value, strict=True)]
                else:
                    target["samples"][i][1] += value
    return merged


def _number(value: float) -> str:
    if math.isinf(value):
        return "+Inf" if value > 0 else "-Inf"
    return repr(float(value))


def _escape(value: str) -> str:
    return value.replace("\\", "\\\\").replace("\n", "\\n").replace('"', '\\"')


def _labels(names: Iterable[str], values: Iterable[str]) -> str:
    pairs = ",".join(f'{n}="{_escape(v)}"' for n, v in zip(names, values, strict=True))
    return "{" + pairs + "}" if pairs else ""


def render(snapshot: Snapshot) -> str:
    lines: list[str] = []
    for name, family in sorted(snapshot.items()):
        lines.append(f"# HELP {name} {family['help']}")
        lines.append(f"# TYPE {name} {family['type']}")
        names = family["labels"]
        for values, value in sorted(family["samples"]):
            if family["type"] != "histogram":
                lines.append(f"{name}{_labels(names, values)} {_number(value)}")
                continue
            cumulative = 0.0
            for bound, count in zip([*family["buckets"], math.inf], value[:-1], strict=True):
                cumulative += count
                lines.append(f"{name}_bucket{_labels([*names, 'le'], [*values, _number(bound)])} {_number(cumulative)}")
            lines.append(f"{name}_sum{_labels(names, values)} {_number(value[-1])}")
            lines.append(f"{name}_count{_labels(names, values)} {_number(cumulative)}")
    return "\n".join(lines) + "\n"
