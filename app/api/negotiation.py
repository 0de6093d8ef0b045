"""Content negotiation (RFC 9110 12.5.1): the media type of an answer from the request's Accept header.

Starlette and FastAPI have no negotiation of their own, and the one needed here is small: the operation
offers a few media types in its order of preference; the best one the client accepts (by q-value, the q of
the most specific range that matches it; then by the client's order, then the operation's) is chosen, or none (406).
"""

from __future__ import annotations

from collections.abc import Sequence

MAX_RANGES = 50  # a longer Accept header is read up to here


def _ranges(accept: str) -> list[tuple[str, str, float]]:
    out = []
    for item in accept.split(",")[:MAX_RANGES]:
        media, *params = item.strip().split(";")
        kind, _, sub = media.strip().lower().partition("/")
        if not kind or not sub:
            continue
        q = 1.0
        for param in params:
            name, _, value = param.strip().partition("=")
            if name.strip().lower() == "q":
                try:
                    q = min(1.0, max(0.0, float(value)))
                except ValueError:
                    q = 0.0
        out.append((kind, sub, q))
    return out


def _quality(ranges: list[tuple[str, str, float]], offered: str) -> tuple[float, int]:
    """The q of the most specific range matching `offered` (RFC 9110: the most specific reference wins), and
    that range's place in the header."""
    kind, _, sub = offered.split(";")[0].strip().lower().partition("/")
    best_specificity, best = -1, (0.0, 0)
    for index, (r_kind, r_sub, q) in enumerate(ranges):
        if r_kind == kind and r_sub == sub:
            specificity = 2
        elif r_kind == kind and r_sub == "*":
            specificity = 1
        elif r_kind == "*" and r_sub == "*":
            specificity = 0
        else:
            continue
        if specificity > best_specificity:
            best_specificity, best = specificity, (q, index)
    return best


def choose(accept: str, offered: Sequence[str]) -> str | None:
    """The offered media type to answer with, or None when the client accepts none of them. No Accept header
    (or an empty or unreadable one) accepts anything: the first offered. Between equal q-values the client's
    order decides (`text/plain, application/json`: text), then the operation's (`*/*`: its first)."""
    ranges = _ranges(accept)
    if not ranges:
        return offered[0] if offered else None
    best: tuple[float, int, int] | None = None
    chosen = None
    for position, media in enumerate(offered):
        q, index = _quality(ranges, media)
        if q <= 0:
            continue
        key = (q, -index, -position)
        if best is None or key > best:
            best, chosen = key, media
    return chosen
