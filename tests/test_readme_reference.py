"""README's API reference agrees with the OpenAPI document (regenerate with `python -m bench.api_reference`)."""

from __future__ import annotations

from app.main import app
from bench.api_reference import END, README, START, current_readme, parameters

DOC = app.openapi()


def test_readme_reference_is_the_documents() -> None:
    assert README.read_text(encoding="utf-8") == current_readme(DOC), "run: python -m bench.api_reference"


def test_every_endpoint_and_parameter_is_in_the_readme() -> None:
    text = README.read_text(encoding="utf-8")
    section = text[text.index(START):text.index(END)]
    for path, operations in DOC["paths"].items():
        for method, op in operations.items():
            assert f"#### `{method.upper()} {path}` — `{op['operationId']}`" in section
            for name, *_ in parameters(DOC, op):
                assert f"| `{name}` |" in section, (op["operationId"], name)
    assert section.count("```sh") == sum(len(ops) for ops in DOC["paths"].values())


def test_defaults_and_types_come_from_the_document() -> None:
    rows = {r[0]: r for r in parameters(DOC, DOC["paths"]["/v1/standings"]["post"])}
    assert rows["explanations"][2:4] == ("boolean", "`true`")
    assert rows["ties"][2:4] == ('"shared" | "lots"', '`"shared"`')
    assert rows["round"][2] == "integer (0..999)" and rows["round"][1] == "body, query, form"
    assert rows["file"][1] == "form"
