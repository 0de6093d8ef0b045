"""Test helper: parse and check the Prometheus text exposition format (0.0.4, as prometheus-client writes it)."""

from __future__ import annotations

import math
import re

_SAMPLE = re.compile(r"^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)$")
_LABEL = re.compile(r'([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"(,|$)')
_TYPES = {"counter", "gauge", "histogram", "summary", "untyped"}

Samples = dict[tuple[str, frozenset[tuple[str, str]]], float]


def _labels(text: str) -> frozenset[tuple[str, str]]:
    pairs, position = [], 0
    while position < len(text):
        match = _LABEL.match(text, position)
        assert match, f"bad label set: {text!r}"
        pairs.append((match.group(1), match.group(2)))
        position = match.end()
    return frozenset(pairs)


def _family(name: str, types: dict[str, str]) -> str:
    for suffix, kind in (("_bucket", "histogram"), ("_sum", "histogram"), ("_count", "histogram"),
                         ("_total", "counter")):
        base = name.removesuffix(suffix)
        if base != name and types.get(base) == kind:
            return base
    return name


def parse(text: str) -> Samples:
    """Samples by (name, labels); asserts that every family has HELP and TYPE before its samples."""
    assert text.endswith("\n")
    helps: set[str] = set()
    types: dict[str, str] = {}
    samples: Samples = {}
    for line in text.splitlines():
        if line.startswith("# HELP "):
            helps.add(line.split()[2])
        elif line.startswith("# TYPE "):
            _, _, name, kind = line.split()
            assert kind in _TYPES and name in helps, line
            types[name] = kind
        else:
            match = _SAMPLE.match(line)
            assert match, f"bad sample line: {line!r}"
            name, labels, value = match.groups()
            assert _family(name, types) in types, f"sample before its TYPE: {line!r}"
            key = (name, _labels(labels or ""))
            assert key not in samples, f"duplicate sample: {line!r}"
            samples[key] = math.inf if value == "+Inf" else float(value)
    _check_histograms(samples, types)
    return samples


def _check_histograms(samples: Samples, types: dict[str, str]) -> None:
    for (name, labels), count in samples.items():
        family = name.removesuffix("_count")
        if family == name or types.get(family) != "histogram":
            continue
        buckets = sorted((float(dict(key_labels)["le"]), value) for (n, key_labels), value in samples.items()
                         if n == family + "_bucket" and key_labels - {("le", dict(key_labels)["le"])} == labels)
        values = [v for _, v in buckets]
        assert values == sorted(values), f"{family}{set(labels)}: buckets are not cumulative"
        assert buckets[-1] == (math.inf, count), f"{family}{set(labels)}: +Inf bucket differs from _count"
        assert (family + "_sum", labels) in samples


def value(samples: Samples, name: str, **labels: str) -> float:
    return samples.get((name, frozenset(labels.items())), 0.0)
