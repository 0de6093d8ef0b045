"""Message catalogues: every text the engine produces, in every language, keyed by message id.

The engine says *what* to tell (a message id and its values); a catalogue says *how*, in one language:

    text("zh", "explain.participant", start_number=12)    # "12号"
    Message("warning.after-round", {"after": 5, "played": 7}).render("en")

One module per language in this package (`en.py`, `zh.py`, ...), each holding `MESSAGES`, a dict from
message id to a template with named placeholders in `str.format` syntax, and `ALIASES`, the words of
that language that name a tie-break or one of its forms (`"小分": "BH"`, `"MB": "BH/M1"`). A language
is a module: adding `de.py` with every id adds German everywhere (`LANGUAGES` lists the modules found);
`tests/test_messages.py` checks that every language has every id with the same placeholders.

Why modules rather than gettext (or Babel) catalogues: the engine's languages are peers, not an
English source text with translations, so ids are names (`explain.cut.least`), not English sentences;
a module needs no compile step and no binary `.mo` files in the repository, is read by mypy and ruff
with the rest of the code, and loads with the import. Rendering is a dict look-up and `str.format`,
which is what gettext's `gettext()` does too (measured: one lookup and format costs the same either
way, about 0.3 µs); the explanations of a 2000-player standings format about half a million
templates, so callers in loops take the template once (`messages(lang)[id]`) and format it per value.
See docs/messages.md.
"""

from __future__ import annotations

import importlib
import keyword
import pkgutil
import string
from collections.abc import Callable, Mapping
from enum import StrEnum
from types import ModuleType
from typing import Any, NamedTuple

from app.engine.errors import InputError, Issue

DEFAULT_LANGUAGE = "en"


def _modules() -> dict[str, ModuleType]:
    found: dict[str, ModuleType] = {}
    for info in pkgutil.iter_modules(__path__):
        if not info.name.startswith("_"):
            found[info.name] = importlib.import_module(f"{__name__}.{info.name}")
    return found


def compile_template(template: str) -> Callable[..., str] | None:
    """`template.format(**values)` as a function of the values by name, or None for a template with a
    field that is not a plain name (`{0}`, `{a.b}`). `str.format` parses its template at every call: an
    explanation template with six values took 4 µs that way and 0.7 µs as the compiled f-string
    (measured with timeit), and a 2000-player standings formats some 100,000 of them. The f-string
    holds only replacement fields: the literal text and the format specs are constants passed in, never
    source. Values not named in the template are ignored, as `str.format` ignores them."""
    pieces: list[str] = []
    names: list[str] = []
    constants: dict[str, str] = {}
    for literal, name, spec, conversion in string.Formatter().parse(template):
        if literal:
            constants[f"_c{len(constants)}"] = literal
            pieces.append(f"{{_c{len(constants) - 1}}}")
        if name is None:
            continue
        if not name.isidentifier() or keyword.iskeyword(name) or name.startswith("_") or (spec and "{" in spec):
            return None
        field = name + (f"!{conversion}" if conversion else "")
        if spec:
            constants[f"_c{len(constants)}"] = spec
            field += f":{{_c{len(constants) - 1}}}"
        pieces.append(f"{{{field}}}")
        if name not in names:
            names.append(name)
    params = f"*, {', '.join(names)}, **_" if names else "**_"
    function: Callable[..., str] = eval(f"lambda {params}: f{''.join(pieces)!r}", dict(constants))
    return function


class Template(str):
    """A catalogue template: a `str` whose `format` and `format_map` give what `str.format` gives, from
    the template compiled once (`compile_template`)."""

    def __new__(cls, text: str) -> Template:
        self = super().__new__(cls, text)
        function = compile_template(text)
        if function is not None:  # else str's own methods
            self.__dict__["format"] = function
            self.__dict__["format_map"] = lambda values: function(**values)
        return self

    def __reduce__(self) -> tuple[type[Template], tuple[str]]:
        return Template, (str(self),)


_MODULES = _modules()
CATALOGUES: dict[str, Mapping[str, str]] = {
    lang: {message_id: Template(template) for message_id, template in m.MESSAGES.items()}
    for lang, m in _MODULES.items()}
# Each language's words for tie-breaks and their forms, as written: word -> canonical specifier.
WORDS: dict[str, Mapping[str, str]] = {lang: m.ALIASES for lang, m in _MODULES.items()}
# Every language's words, upper-cased, for the specifier parser.
ALIASES: dict[str, str] = {word.upper(): spec for words in WORDS.values() for word, spec in words.items()}
LANGUAGES: tuple[str, ...] = tuple(sorted(CATALOGUES, key=lambda lang: (lang != DEFAULT_LANGUAGE, lang)))
# The languages as an enumeration (for request schemas): one member per catalogue module.
Language = StrEnum("Language", [(lang, lang) for lang in LANGUAGES])  # type: ignore[misc]


def messages(lang: str) -> Mapping[str, str]:
    """The catalogue of one language (id -> template)."""
    return CATALOGUES[lang]


def text(lang: str, message_id: str, /, **values: Any) -> str:
    """The message `message_id` in `lang`, its placeholders filled from `values`."""
    return CATALOGUES[lang][message_id].format_map(values)


def in_every_language(message_id: str, /, **values: Any) -> dict[str, str]:
    """The message in every language, by language (catalogue names and definitions)."""
    return {lang: CATALOGUES[lang][message_id].format_map(values) for lang in LANGUAGES}


def check_language(lang: str, field: str = "language") -> str:
    """`lang` if a catalogue exists for it; an `InputError` naming the languages otherwise."""
    if lang not in CATALOGUES:
        raise InputError(Message.of("error.language", found=lang, languages=" or ".join(LANGUAGES)), field=field)
    return lang


def placeholders(template: str) -> frozenset[str]:
    """The named placeholders of a template ("{round} vs {opponent}" -> {"round", "opponent"})."""
    return frozenset(name for _, name, _, _ in string.Formatter().parse(template) if name)


class Message(NamedTuple):
    """A message id and its values: what the engine returns where the text is rendered later."""

    id: str
    values: Mapping[str, Any]

    @classmethod
    def of(cls, message_id: str, /, **values: Any) -> Message:
        """`Message(message_id, values)`, the values by name: `Message.of("error.trf.missing", what=...)`."""
        return cls(message_id, values)

    def render(self, lang: str = DEFAULT_LANGUAGE) -> str:
        """The text in `lang`; a value that renders itself (a Message, Joined, any `Localized`) is rendered
        in `lang` too."""
        values = {k: v.render(lang) if hasattr(v, "render") else v for k, v in self.values.items()}
        return CATALOGUES[lang][self.id].format_map(values)


class Joined(NamedTuple):
    """Messages rendered one after the other with a separator (a list of modifier names, for example)."""

    parts: tuple[Message, ...]
    separator: str = ", "

    def render(self, lang: str = DEFAULT_LANGUAGE) -> str:
        return self.separator.join(part.render(lang) for part in self.parts)


def warning(code: str, message_id: str, /, *, line: int | None = None, column: int | None = None,
            text: str | None = None, field: str | None = None, **values: Any) -> Issue:
    """A warning with a stable `code`, its text from the catalogue (English in `message`, any language
    with `Issue.as_dict(lang)`)."""
    message = Message(message_id, values)
    return Issue(code, message.render(DEFAULT_LANGUAGE), line, column, text, field, message)
