"""The tie-break catalogue as data for the API: every code with its names and definition in every
language of the message catalogues, C.07 type, source, modifiers and aliases."""

from __future__ import annotations

from typing import Any

from app.engine.messages import LANGUAGES, in_every_language
from app.engine.tiebreaks.registry import REGISTRY, TiebreakInfo


def entry(info: TiebreakInfo) -> dict[str, Any]:
    """One catalogue entry: `name_<lang>` and `definition_<lang>` for every language, and `names` /
    `definitions` by language."""
    names = in_every_language(f"tiebreak.{info.code}.name")
    definitions = in_every_language(f"tiebreak.{info.code}.definition")
    return {
        "code": info.code, **{f"name_{lang}": names[lang] for lang in LANGUAGES}, "type": info.type,
        "source": info.source, **{f"definition_{lang}": definitions[lang] for lang in LANGUAGES},
        "names": names, "definitions": definitions, "modifiers": sorted(info.modifiers),
        "higher_is_better": info.higher_is_better, "scope": info.scope.value, "aliases": list(info.aliases),
        "recursive": info.recursive,
    }


def catalogue() -> list[dict[str, Any]]:
    """Every tie-break code, FIDE codes first, then the national variants."""
    return [entry(info) for info in sorted(REGISTRY.values(), key=lambda i: (i.national, i.code))]
