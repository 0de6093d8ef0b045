"""The README's API reference, made from the OpenAPI document: every endpoint with its parameters (type,
default, description) and a curl example. `python -m bench.api_reference` rewrites the part of README.md
between its markers; tests/test_readme_reference.py fails when README and document disagree.
"""

from __future__ import annotations

import json
import shlex
from pathlib import Path
from typing import Any

from app.api.examples import QUERIES, REQUESTS

ROOT = Path(__file__).resolve().parent.parent
README = ROOT / "README.md"
START, END = "<!-- api-reference:start (python -m bench.api_reference) -->", "<!-- api-reference:end -->"
BASE = "http://localhost:8000"
SKIP_HEADERS = {"If-None-Match"}


def _ref_name(ref: str) -> str:
    return ref.rsplit("/", 1)[-1]


def type_of(schema: dict[str, Any]) -> str:
    """A schema in a few words: `integer (1..999)`, `"en" | "zh"`, `list[string]`, a model's name."""
    if "$ref" in schema:
        return _ref_name(schema["$ref"])
    if "enum" in schema:
        return " | ".join(json.dumps(v) for v in schema["enum"])
    for key in ("anyOf", "oneOf"):
        if key in schema:
            parts = [type_of(s) for s in schema[key] if s.get("type") != "null"]
            return " or ".join(dict.fromkeys(parts)) or "null"
    kind = schema.get("type", "any")
    if kind == "array":
        text = f"list[{type_of(schema.get('items', {}))}]"
    elif kind == "object" and isinstance(schema.get("additionalProperties"), dict):
        text = f"map of {type_of(schema['additionalProperties'])}"
    else:
        text = str(kind)
    limits = []
    if "minimum" in schema or "maximum" in schema:
        limits.append(f"{schema.get('minimum', '')}..{schema.get('maximum', '')}")
    if "maxLength" in schema:
        limits.append(f"≤ {schema['maxLength']} chars")
    if "maxItems" in schema:
        limits.append(f"≤ {schema['maxItems']} items")
    return text + (f" ({', '.join(limits)})" if limits else "")


def _cell(text: str) -> str:
    return " ".join(str(text).split()).replace("|", "\\|")


def _default(schema: dict[str, Any], required: bool) -> str:
    if required:
        return "required"
    if schema.get("default") is not None:
        return f"`{json.dumps(schema['default'], ensure_ascii=False)}`"
    return "—"


def parameters(doc: dict[str, Any], op: dict[str, Any]) -> list[tuple[str, str, str, str, str]]:
    """(name, where, type, default, description) of every parameter and JSON body member."""
    rows: list[tuple[str, str, str, str, str]] = []
    query = {p["name"] for p in op.get("parameters", []) if p["in"] == "query"}
    body = op.get("requestBody", {}).get("content", {})
    json_schema = body.get("application/json", {}).get("schema")
    if json_schema is not None:
        model = doc["components"]["schemas"][_ref_name(json_schema["$ref"])]
        required = set(model.get("required", []))
        for name, schema in model.get("properties", {}).items():
            where = "body, query, form" if name in query else "body"
            rows.append((name, where, type_of(schema), _default(schema, name in required),
                         schema.get("description", "")))
    listed = {r[0] for r in rows}
    for p in op.get("parameters", []):
        if p["name"] in listed or p["name"] in SKIP_HEADERS:
            continue
        where = {"query": "query, form" if "multipart/form-data" in body else "query"}.get(p["in"], p["in"])
        rows.append((p["name"], where, type_of(p["schema"]), _default(p["schema"], p.get("required", False)),
                     p.get("description", "")))
    if "multipart/form-data" in body:
        rows.insert(0, ("file", "form", "binary", "required (multipart)",
                        "The tournament file: TRF, the JSON form or Chess-JSON."))
    return rows


def curl(path: str, method: str, op: dict[str, Any]) -> str:
    operation_id = op["operationId"]
    if method == "get":
        query = dict(QUERIES.get(operation_id, {}))
        url = path.format(**query)
        rest = "&".join(f"{k}={v}" for k, v in query.items() if "{" + k + "}" not in path)
        return f"curl -s '{BASE}{url}{'?' + rest if rest else ''}'"
    example = REQUESTS.get(operation_id, {})
    if "multipart/form-data" in op["requestBody"]["content"]:
        fields = ["-F file=@tournament.trf"]
        for name, value in example.items():
            if name in ("trf", "tournament"):
                continue
            text = " ".join(map(str, value)) if isinstance(value, list) and all(
                isinstance(v, str) for v in value) else value
            if isinstance(text, (list, dict)):
                continue
            fields.append(f"-F {shlex.quote(f'{name}={text}')}")
        return f"curl -s {' '.join(fields)} {BASE}{path}"
    data = json.dumps(example, ensure_ascii=False, separators=(",", ":"))
    return f"curl -s -H 'Content-Type: application/json' -d {shlex.quote(data)} {BASE}{path}"


def reference(doc: dict[str, Any]) -> str:
    out = [START, ""]
    for path, operations in doc["paths"].items():
        for method, op in operations.items():
            out.append(f"#### `{method.upper()} {path}` — `{op['operationId']}`")
            out.append("")
            out.append(_cell(op.get("summary", "")) + ".")
            out.append("")
            rows = parameters(doc, op)
            if rows:
                out.append("| parameter | in | type | default | description |")
                out.append("|---|---|---|---|---|")
                out += [f"| `{n}` | {w} | {_cell(t)} | {_cell(d)} | {_cell(x)} |" for n, w, t, d, x in rows]
                out.append("")
            answers = op["responses"]["200"].get("content", {})
            media = ", ".join(f"`{m}`" + (f" ({_ref_name(c['schema']['$ref'])})" if "$ref" in c.get("schema", {})
                                          else "") for m, c in answers.items())
            codes = op.get("x-problem-codes", [])
            out.append(f"Answers {media or 'no body'}" + (f"; problems: {len(codes)} codes (`x-problem-codes`, "
                                                          "`/problems/{code}`)" if codes else "") + ".")
            out.append("")
            out += ["```sh", curl(path, method, op), "```", ""]
    out.append(END)
    return "\n".join(out)


def current_readme(doc: dict[str, Any]) -> str:
    text = README.read_text(encoding="utf-8")
    start, end = text.index(START), text.index(END) + len(END)
    return text[:start] + reference(doc) + text[end:]


def main() -> None:
    from app.main import app

    README.write_text(current_readme(app.openapi()), encoding="utf-8")
    print(f"wrote the API reference into {README}")


if __name__ == "__main__":
    main()
