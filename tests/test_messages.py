"""The message catalogues (app/engine/messages): complete in every language, used by the engine,
and the only place where the engine's texts are written."""

from __future__ import annotations

import ast
import re
from functools import cache
from pathlib import Path

import pytest

from app.engine import messages
from app.engine.messages import CATALOGUES, LANGUAGES, Message, placeholders, text, warning
from app.engine.scoring_presets import SCORING_PRESETS
from app.engine.tiebreaks import PRESETS, compute_standings, lookup
from app.engine.tiebreaks.catalogue import NAMED_FORMS
from app.engine.tiebreaks.field import Kind
from app.engine.tiebreaks.registry import MODIFIER_IDS, REGISTRY
from app.formats.trf_reader import read_trf
from tests.conftest import shared_path

ROOT = Path(__file__).resolve().parent.parent
ENGINE = ROOT / "app" / "engine"
CJK = re.compile(r"[\u3000-\u303f\u4e00-\u9fff\uff00-\uffef]")


def test_every_language_has_every_id_with_the_same_placeholders() -> None:
    english = CATALOGUES["en"]
    assert set(LANGUAGES) >= {"en", "zh"} and LANGUAGES[0] == "en"
    for lang in LANGUAGES:
        catalogue = CATALOGUES[lang]
        assert set(catalogue) == set(english), lang
        for message_id, template in english.items():
            assert placeholders(catalogue[message_id]) == placeholders(template), (lang, message_id)


def test_templates_are_well_formed() -> None:
    for lang in LANGUAGES:
        for message_id, template in CATALOGUES[lang].items():
            assert template == template.strip("\n"), (lang, message_id)
            names = placeholders(template)
            template.format(**dict.fromkeys(names, "x"))  # no positional or malformed fields


@cache
def _tree(path: Path) -> ast.Module:
    """The parsed module (parsed once: four tests walk every engine module)."""
    return ast.parse(path.read_text())


def _literal_ids() -> set[str]:
    """Every message id written as a string literal in the engine or the readers (outside the catalogues)."""
    found: set[str] = set()
    pattern = re.compile(r"^(explain|warning|score|kind|advice|tiebreak|preset|modifier|form|error|what|scoring|pairing|checker)\."
                         r"[A-Za-z0-9_./-]*[A-Za-z0-9]$")
    for path in (ENGINE.parent / "api").rglob("*.py"):  # the API layer's own texts are app.api.texts: only
        for node in ast.walk(ast.parse(path.read_text())):  # the ids it gives a catalogue Message count here
            if isinstance(node, ast.Call) and ast.unparse(node.func) in ("Message", "Message.of") and node.args \
                    and isinstance(node.args[0], ast.Constant) and pattern.match(str(node.args[0].value)):
                found.add(node.args[0].value)
    for path in [*ENGINE.rglob("*.py"), *(ENGINE.parent / "formats").rglob("*.py")]:
        if "messages" in path.parts and path.name != "__init__.py":  # the catalogues themselves
            continue
        for node in ast.walk(_tree(path)):
            if isinstance(node, ast.Constant) and isinstance(node.value, str) and pattern.match(node.value):
                found.add(node.value)
    return found


def test_every_id_the_engine_names_exists() -> None:
    ids = _literal_ids()
    assert len(ids) > 60
    assert ids <= set(CATALOGUES["en"]), sorted(ids - set(CATALOGUES["en"]))
    dynamic = {f"kind.{k.name.lower()}" for k in Kind}
    dynamic |= {f"tiebreak.{code}.{part}" for code in REGISTRY for part in ("name", "definition")}
    dynamic |= {f"preset.{p.id}.{part}" for p in PRESETS for part in ("name", "source")}
    dynamic |= {f"scoring.{p.id}.{part}" for p in SCORING_PRESETS for part in ("name", "source")}
    dynamic |= {f"modifier.{name}" for name in MODIFIER_IDS.values()}
    dynamic |= {f"form.{spec}" for spec in NAMED_FORMS}
    assert dynamic <= set(CATALOGUES["en"])


def test_no_id_is_left_unused() -> None:
    """A catalogue entry nobody renders is dead text (ids built at run time are listed here)."""
    used = _literal_ids() | {f"form.{spec}" for spec in NAMED_FORMS}
    prefixes = ("kind.", "tiebreak.", "preset.", "scoring.", "score.", "explain.count.", "advice.usual.", "modifier.", "form.")
    unused = {i for i in CATALOGUES["en"] if i not in used and not i.startswith(prefixes)}
    unused |= {i for i in CATALOGUES["en"] if i.startswith("form.") and i not in used}
    assert unused == set()


def _docstring_ids(tree: ast.AST) -> set[int]:
    return {id(node.body[0].value) for node in ast.walk(tree)
            if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef)
            and node.body and isinstance(node.body[0], ast.Expr) and isinstance(node.body[0].value, ast.Constant)}


def _text_literals(path: Path, *, outside_vocabulary: bool = False) -> list[tuple[int, str]]:
    """String constants of a module that are not docstrings (nor, with `outside_vocabulary`, input
    vocabulary or names: `_vocabulary_literals`)."""
    tree = _tree(path)
    skip = _docstring_ids(tree) | (_vocabulary_literals(tree) if outside_vocabulary else set())
    return [(node.lineno, node.value) for node in ast.walk(tree)
            if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in skip]


# Input vocabulary, not output: the system names recognised in TRF 192/092 texts, the names of a bye
# placeholder recognised in player names.
_INPUT_VOCABULARY = {ENGINE / "system.py", ENGINE / "validation.py"}


def _vocabulary_literals(tree: ast.AST) -> set[int]:
    """Ids of the constants that are input vocabulary or names, not texts: the value of a `words` pattern
    (the 092 text naming a system), of a `name_zh` (a system's name, listed as such), or a `re.compile`
    pattern."""
    found: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Assign) and any(isinstance(t, ast.Name) and t.id in ("words", "name_zh")
                                                for t in node.targets):
            found |= {id(c) for c in ast.walk(node.value)}
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "compile":
            found |= {id(c) for a in node.args for c in ast.walk(a)}
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "CatalogueEntry":
            found |= {id(c) for a in node.args for c in ast.walk(a)}  # a system's names
    return found


# Every engine module's texts are in the catalogues (docs/messages.md, "The pairing engines").
_NOT_MOVED_YET: set[Path] = set()


def test_no_chinese_text_in_the_engine_outside_the_catalogues() -> None:
    """Texts live in the catalogues (the pairing systems' names and the words that recognise them in
    a file are vocabulary, see `_vocabulary_literals`)."""
    offenders = []
    for path in ENGINE.rglob("*.py"):
        rel = path.relative_to(ENGINE)
        if rel.parts[0] == "messages" or path in _INPUT_VOCABULARY or path in _NOT_MOVED_YET:
            continue
        literals = _text_literals(path, outside_vocabulary=True) if rel.parts[0] == "pairing" else _text_literals(path)
        offenders += [f"{rel}:{line}: {value[:40]}" for line, value in literals if CJK.search(value)]
    assert offenders == []


def _error_literals(path: Path) -> set[int]:
    """Lines of the string constants inside `...Error(...)` calls (errors are English-only problem
    details, docs/messages.md)."""
    lines: set[int] = set()
    for node in ast.walk(_tree(path)):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id.endswith("Error"):
            lines |= {c.lineno for c in ast.walk(node) if isinstance(c, ast.Constant) and isinstance(c.value, str)}
    return lines


def test_the_tiebreak_modules_hold_no_prose() -> None:
    """No sentence in the tie-break modules outside error messages: codes, notation and message ids."""
    words = re.compile(r"[a-z]{3,}(?: [a-z]{2,}){2,}")  # three words in a row
    offenders = []
    for path in [*(ENGINE / "tiebreaks").glob("*.py"), ENGINE / "advice.py", ENGINE / "teams.py"]:
        errors = _error_literals(path)
        offenders += [f"{path.name}:{line}: {value[:60]}" for line, value in _text_literals(path)
                      if words.search(value) and line not in errors]
    assert offenders == []


def test_render_fills_named_values() -> None:
    assert text("en", "explain.participant", start_number=12) == "#12"
    assert text("zh", "explain.participant", start_number=12) == "12号"
    m = Message("warning.after-round", {"after": 5, "played": 7})
    assert m.render("en") == "standings after round 5 of 7"
    assert m.render("zh") == "第5轮后的排名（已赛7轮）"
    w = warning("after-round", "warning.after-round", after=5, played=7, field="round")
    assert w.message == "standings after round 5 of 7"
    assert w.as_dict() == {"code": "after-round", "message": "standings after round 5 of 7", "field": "round"}
    assert w.as_dict("zh")["message"] == "第5轮后的排名（已赛7轮）"


def test_names_and_definitions_in_every_language() -> None:
    for code, info in REGISTRY.items():
        for lang in LANGUAGES:
            assert info.name(lang) and info.definition(lang), (code, lang)
    assert lookup("BH") is not None and lookup("BH").name("zh") == "布赫霍尔兹（对手分、小分）"  # type: ignore[union-attr]


def test_a_new_language_is_a_new_catalogue(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every explanation comes from the catalogue of the language asked: a catalogue added under a new
    language code is used for every text, without touching an engine module."""
    marked = {k: "«" + v + "»" for k, v in CATALOGUES["en"].items()}
    monkeypatch.setitem(messages.CATALOGUES, "xx", marked)
    t = read_trf(shared_path("conformance", "tiebreaks", "p-swiss-035.trf").read_bytes()).tournament
    from app.engine.tiebreaks import StandingsOptions
    specs = "PTS DE WIN BH BH/C1 FB SB AOB PS KS ARO TPR PTP APRO RTNG TPN LOT SOLK SOLKC PSI OPS RBH"
    xx = compute_standings(t, specs, StandingsOptions(language="xx", lots_seed=1))
    en = compute_standings(t, specs, StandingsOptions(language="en", lots_seed=1))
    for a, b in zip(xx.entries, en.entries, strict=True):
        for tx, te in zip(a.tiebreaks, b.tiebreaks, strict=True):
            assert "«" in tx.explanation, tx
            assert tx.explanation.replace("«", "").replace("»", "") == te.explanation


@pytest.mark.parametrize("template", [
    "", "plain text", "{a}", "{a} and {b}{a}", "braces {{kept}} {a}", "quotes ' \" and \\ backslash {a}",
    "line\nbreak {a}", "{a!r} {b:>6} {a:*^9}", "中文{a}：{b}。",
])
def test_a_compiled_template_gives_what_str_format_gives(template: str) -> None:
    values = {"a": "x'1", "b": 2.5, "unused": 0}
    compiled = messages.Template(template)
    assert compiled.format(**values) == str.format(template, **values)
    assert compiled.format_map(values) == str.format_map(template, values)
    assert type(compiled.format(**values)) is str


def test_a_template_with_positional_or_dotted_fields_keeps_str_format() -> None:
    for template in ("{0} and {1}", "{a.real}", "{}"):
        assert messages.compile_template(template) is None
        assert "format" not in messages.Template(template).__dict__
    assert messages.Template("{0}-{1}").format(1, 2) == "1-2"


def test_every_catalogue_template_is_compiled_and_survives_pickling() -> None:
    import pickle
    for lang in LANGUAGES:
        for message_id, template in CATALOGUES[lang].items():
            assert "format" in template.__dict__, (lang, message_id)
            assert pickle.loads(pickle.dumps(template)) == template
