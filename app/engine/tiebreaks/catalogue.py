"""The tie-break catalogue as data for the API: every code with its names and definition in every
language of the message catalogues, C.07 type, source, modifiers, its aliases (the words of every
language that name it, `app/engine/messages`) and its named forms (`BH/M1`: the seeds' `MB`, ...)."""

from __future__ import annotations

from collections import defaultdict
from typing import Any

from app.engine.messages import LANGUAGES, WORDS, in_every_language
from app.engine.tiebreaks.registry import ALIASES, REGISTRY, TiebreakInfo


def _words() -> tuple[dict[str, list[str]], dict[str, dict[str, list[str]]]]:
    """Per code its aliases, and per code and form (`BH/M1`) the words naming that form."""
    plain: dict[str, list[str]] = defaultdict(list)
    forms: dict[str, dict[str, list[str]]] = defaultdict(lambda: defaultdict(list))
    for alias, code in ALIASES.items():
        plain[code].append(alias)
    for lang in LANGUAGES:
        for word, spec in WORDS[lang].items():
            code = spec.split("/")[0]
            if spec == code:
                plain[code].append(word)
            else:
                forms[code][spec].append(word)
    return plain, forms


def entry(info: TiebreakInfo, plain: list[str], forms: dict[str, list[str]]) -> dict[str, Any]:
    """One catalogue entry: `name_<lang>` and `definition_<lang>` for every language, and `names` /
    `definitions` by language."""
    names = in_every_language(f"tiebreak.{info.code}.name")
    definitions = in_every_language(f"tiebreak.{info.code}.definition")
    return {
        "code": info.code, **{f"name_{lang}": names[lang] for lang in LANGUAGES}, "type": info.type,
        "source": info.source, **{f"definition_{lang}": definitions[lang] for lang in LANGUAGES},
        "names": names, "definitions": definitions, "modifiers": sorted(info.modifiers),
        "higher_is_better": info.higher_is_better, "scope": info.scope.value, "aliases": plain,
        "forms": [{"specifier": spec, "aliases": words} for spec, words in sorted(forms.items())],
        "recursive": info.recursive,
    }


def catalogue() -> list[dict[str, Any]]:
    """Every tie-break code, FIDE codes first, then the national variants."""
    plain, forms = _words()
    return [entry(info, plain.get(info.code, []), forms.get(info.code, {}))
            for info in sorted(REGISTRY.values(), key=lambda i: (i.national, i.code))]
