"""The service's JSON answers as a person or a spreadsheet reads them: aligned text tables and CSV.

Only presentation: every value comes from the answer of the operation (app.api.operations), as the HTTP API
would send it.
"""

from __future__ import annotations

import csv
import io
import unicodedata
from collections.abc import Sequence
from typing import Any

Row = Sequence[Any]


def cell(value: Any) -> str:
    """A JSON value as a table shows it: numbers without a needless .0, null as an empty cell."""
    if value is None:
        return ""
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, float):
        return str(int(value)) if value.is_integer() else repr(value)
    return str(value)


def width(text: str) -> int:
    """Columns a text takes in a terminal (East Asian wide characters take two)."""
    return sum(2 if unicodedata.east_asian_width(c) in "WF" else 1 for c in text)


def _numeric(values: list[Any]) -> bool:
    present = [v for v in values if v is not None and v != ""]
    return bool(present) and all(isinstance(v, int | float) and not isinstance(v, bool) for v in present)


def table(header: Row, rows: Sequence[Row], numeric: Sequence[bool] | None = None) -> str:
    texts = [[cell(v) for v in header], *[[cell(v) for v in row] for row in rows]]
    widths = [max(width(r[k]) for r in texts) for k in range(len(header))]
    right = list(numeric) if numeric is not None else [_numeric([row[k] for row in rows]) for k in range(len(header))]

    def line(values: list[str]) -> str:
        out = []
        for k, text in enumerate(values):
            pad = " " * (widths[k] - width(text))
            out.append(pad + text if right[k] else text + pad)
        return "  ".join(out).rstrip()

    rule = "  ".join("-" * w for w in widths)
    return "\n".join([line(texts[0]), rule, *(line(r) for r in texts[1:])]) + "\n"


def csv_text(header: Row, rows: Sequence[Row]) -> str:
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow([cell(v) for v in header])
    writer.writerows([cell(v) for v in row] for row in rows)
    return out.getvalue()


# ---------------------------------------------------------------- answers as rows


def standings_rows(body: dict[str, Any]) -> tuple[list[str], list[list[Any]]]:
    header = ["Rank", "No", "Name", body["primary"], *body["tiebreaks"], "Decided by"]
    rows = [[e["rank"], e["id"], e["name"], e["points"], *(v["value"] for v in e["tiebreaks"]), e["decided_by"]]
            for e in body["standings"]]
    return header, rows


def compare_rows(body: dict[str, Any]) -> tuple[list[str], list[list[Any]]]:
    orders = body["orders"]
    header = ["No", "Name", *(" ".join(o["tiebreaks"]) or o["primary"] for o in orders), "Changes"]
    ranks: dict[int, list[Any]] = {}
    names: dict[int, str] = {}
    for k, order in enumerate(orders):
        for e in order["standings"]:
            names[e["id"]] = e["name"]
            ranks.setdefault(e["id"], [None] * len(orders))[k] = e["rank"]
    changed = {c["id"] for c in body["changes"]}
    first = sorted(ranks, key=lambda i: (ranks[i][0] is None, ranks[i][0] or 0, i))
    return header, [[i, names[i], *ranks[i], "*" if i in changed else ""] for i in first]


def pairing_rows(body: dict[str, Any], names: dict[int, str]) -> tuple[list[str], list[list[Any]]]:
    header = ["Board", "White", "Name", "Black", "Name", "Rule"]
    rows: list[list[Any]] = []
    for b in body["pairings"]:
        rule = (b.get("explanation") or {}).get("colour_rule", "")
        rows.append([b["board"], b["white"], names.get(b["white"], ""), b["black"], names.get(b["black"], ""), rule])
    return header, rows


def bye_rows(body: dict[str, Any], names: dict[int, str]) -> tuple[list[str], list[list[Any]]]:
    return ["No", "Name", "Bye", "Points", "Reason"], [
        [bye["id"], names.get(bye["id"], ""), bye["type"], bye["points"], bye["reason"]] for bye in body["byes"]]


def check_rows(body: dict[str, Any]) -> tuple[list[str], list[list[Any]]]:
    header = ["Round", "Criterion", "Difference"]
    return header, [[d["round"], d["criterion"], d["message"]] for d in body["discrepancies"]]


def warnings_text(body: Any) -> str:
    if not isinstance(body, dict):
        return ""
    found = list(body.get("warnings") or [])
    for order in body.get("orders") or []:
        found += [w for w in order.get("warnings", []) if w not in found]
    return "".join(f"warning [{w['code']}]: {w['message']}\n" for w in found)


def problem_text(problem: dict[str, Any]) -> str:
    where = ", ".join(f"{k} {problem[k]}" for k in ("line", "column", "field") if problem.get(k) is not None)
    return f"error [{problem.get('code')}] {problem.get('title')}: {problem.get('detail')}" + (
        f" ({where})" if where else "") + "\n"
