"""The tie-break catalogue as data for the API: every code with its names and definition in every
language of the message catalogues, C.07 type, source, modifiers, its aliases (the words of every
language that name it, `app/engine/messages`) and its named forms (`BH/C1`: 扣除对手分1型, ...), and
a search over all of those words (`catalogue(q=...)`).
"""

from __future__ import annotations

import unicodedata
from collections import defaultdict
from typing import Any

from app.engine.messages import LANGUAGES, WORDS, in_every_language
from app.engine.tiebreaks.registry import ALIASES, REGISTRY, TiebreakInfo

# The forms with a name of their own (`form.<specifier>` in the message catalogues): the cut and median
# variants the seeds name, and direct encounter with forfeits.
NAMED_FORMS = (
    "BH/C1", "BH/C2", "BH/M1", "BH/M2", "FB/C1", "FB/C2", "FB/M1", "FB/M2", "SB/C1", "SB/C2", "SB/M1", "SB/M2",
    "SBC/C1", "SBC/C2", "SBC/M1", "PS/C1", "PS/C2", "PS/M1", "PS/M2", "ARO/C1", "ARO/C2", "ARO/M1", "ARO/M2",
    "SOLK/C1", "SOLK/M1", "DE/P",
)


def _words() -> tuple[dict[str, list[str]], dict[str, dict[str, list[str]]]]:
    """Per code its aliases, and per code and form (`BH/M1`) the words naming that form."""
    plain: dict[str, list[str]] = defaultdict(list)
    forms: dict[str, dict[str, list[str]]] = defaultdict(lambda: defaultdict(list))
    for spec in NAMED_FORMS:
        forms[spec.split("/")[0]][spec] = []
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


def _form(spec: str, words: list[str]) -> dict[str, Any]:
    names = in_every_language(f"form.{spec}") if spec in NAMED_FORMS else {}
    return {"specifier": spec, "names": names, "aliases": words}


def entry(info: TiebreakInfo, plain: list[str], forms: dict[str, list[str]]) -> dict[str, Any]:
    """One catalogue entry: `name_<lang>` and `definition_<lang>` for every language, `names` and
    `definitions` by language, and the named forms."""
    names = in_every_language(f"tiebreak.{info.code}.name")
    definitions = in_every_language(f"tiebreak.{info.code}.definition")
    return {
        "code": info.code, **{f"name_{lang}": names[lang] for lang in LANGUAGES}, "type": info.type,
        "source": info.source, **{f"definition_{lang}": definitions[lang] for lang in LANGUAGES},
        "names": names, "definitions": definitions, "modifiers": sorted(info.modifiers),
        "higher_is_better": info.higher_is_better, "scope": info.scope.value, "aliases": plain,
        "forms": [_form(spec, words) for spec, words in sorted(forms.items())], "recursive": info.recursive,
    }


def catalogue(q: str | None = None) -> list[dict[str, Any]]:
    """Every tie-break code, FIDE codes first, then the national variants; with `q`, the entries whose
    code, names, aliases or named forms (in any language) hold the words of `q`, best match first,
    each with `matched`: the code or form that matched."""
    plain, forms = _words()
    entries = [entry(info, plain.get(info.code, []), forms.get(info.code, {}))
               for info in sorted(REGISTRY.values(), key=lambda i: (i.national, i.code))]
    if q is None or not q.strip():
        return entries
    return search(entries, q)


def _normal(text: str) -> str:
    """For matching: compatibility forms (full-width brackets, letters) folded, case and spaces ignored."""
    return "".join(unicodedata.normalize("NFKC", text).casefold().split())


def _starts(text: str) -> list[str]:
    """`text` normalised from each place a word begins ("Median Buchholz": medianbuchholz, buchholz)."""
    t = unicodedata.normalize("NFKC", text).casefold()
    return [_normal(t[i:]) for i in range(len(t))
            if i == 0 or not (t[i - 1].isascii() and t[i - 1].isalnum()) or not t[i].isascii()]


def _rank(wanted: str, word: str) -> int | None:
    """0: the same word; 1: the word holds `wanted` (Latin letters: from the start of one of its words,
    so that MB does not match Number); 2: `wanted` holds the word; None: no match."""
    w = _normal(word)
    if w == wanted:
        return 0
    if wanted in w and (not wanted.isascii() or any(start.startswith(wanted) for start in _starts(word))):
        return 1
    if len(w) >= 2 and w in wanted:
        return 2
    return None


def _candidates(e: dict[str, Any]) -> list[tuple[str, str]]:
    """(word, what it names) for one entry: the code, its names and aliases, and its forms'."""
    out = [(e["code"], e["code"]), *((n, e["code"]) for n in e["names"].values()),
           *((a, e["code"]) for a in e["aliases"])]
    for form in e["forms"]:
        out += [(form["specifier"], form["specifier"]), *((n, form["specifier"]) for n in form["names"].values()),
                *((a, form["specifier"]) for a in form["aliases"])]
    return out


def search(entries: list[dict[str, Any]], q: str) -> list[dict[str, Any]]:
    """The entries matching `q`: a word equal to it first, then words holding it; only when none does,
    the entries one of whose words `q` holds, the longest such word first (a seed's heading such as
    ARO Cut-1（AROC） finds ARO/C1)."""
    wanted = _normal(q)
    found: list[tuple[int, int, int, dict[str, Any]]] = []
    for position, e in enumerate(entries):
        best: tuple[int, int, str] | None = None
        for word, names in _candidates(e):
            rank = _rank(wanted, word)
            if rank is not None:
                key = (rank, -len(_normal(word)) if rank == 2 else 0, names)
                if best is None or key[:2] < best[:2]:
                    best = key
        if best is not None:
            found.append((best[0], best[1], position, {**e, "matched": best[2]}))
    if any(f[0] < 2 for f in found):
        found = [f for f in found if f[0] < 2]
    return [f[3] for f in sorted(found, key=lambda f: f[:3])]
