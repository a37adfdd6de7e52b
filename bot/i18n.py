"""Message catalogues: `data/locales/<lang>/*.json`, flat `key -> message`, with `{param}` placeholders.

A message is either a text (`"Deck: {deck}"`) or a **plural object**: the text per CLDR plural category of
the language, chosen by Babel's plural rule for a number among the params::

    "pairs.event.paid": {"one": "{seat} pays {amount} chip to {to_seat}.",
                         "other": "{seat} pays {amount} chips to {to_seat}.",
                         "_by": "amount"}

- The number is the param named by `"_by"`, or `count` when there is no `"_by"`.
- The categories are CLDR's: `zero`, `one`, `two`, `few`, `many`, `other`. `"one"` and `"other"` are required;
  a category the object lacks falls back to `"other"` (French has `many` for large round numbers such as
  1 000 000: leave it out unless the text really differs). English `one` is 1 only; French `one` is 0 and 1
  ("0 carte", "1 carte", "2 cartes").
- Without the number (param missing or not a number), the `"other"` text is used.
- Every form may use any placeholder. The fields a key shows (`fields`: those of all its forms) must be the
  same in every language; the params it needs (`placeholders`) add the number param of a plural object, as a
  language may need a plural where another does not ("Still to decide: {players}" / "Doit encore décider" or
  "Doivent encore décider", by `count`).

English is the fallback for a key missing in a language; a key missing everywhere renders as itself so a
gap is visible rather than fatal, and a param missing from `t()` stays as `{param}`. The catalogues are
checked when loaded (`Catalogue.problems`): the same keys in every language, well-formed plural objects,
the same placeholders per key in every language, no key defined twice; a broken catalogue raises
`CatalogueError` at load.

`list_of(lang, names)` joins names the way the language does ("Ada, Bea and Cyd", "Ada, Bea et Cyd").
`typeset(lang, text)` gives text that does not come from the catalogues (a rulebook's wording) French
spacing before `: ; ! ?` and typographic apostrophes.

French typography in the catalogues: a no-break space (U+00A0) before ":" and inside « », a narrow
no-break space (U+202F) before ";", "!" and "?", the apostrophe ’ (never '), gender-neutral wording.
"""

from __future__ import annotations

import json
import re
import string
from collections.abc import Iterable, Mapping, Sequence
from functools import cache, lru_cache
from pathlib import Path
from typing import Any

from babel import Locale
from babel.lists import format_list

from bot.settings import DATA_DIR

LANGUAGES = ("en", "fr")
DEFAULT_LANGUAGE = "en"
LOCALES_DIR = DATA_DIR / "locales"
# The Babel locale of each language: British English (the catalogues spell "neighbour"; lists without a
# serial comma, "Ada, Bea and Cyd").
BABEL_LOCALES = {"en": "en_GB", "fr": "fr"}
PLURAL_CATEGORIES = frozenset({"zero", "one", "two", "few", "many", "other"})
REQUIRED_CATEGORIES = ("one", "other")
PLURAL_BY = "_by"  # the entry of a plural object naming its number param
DEFAULT_PLURAL_PARAM = "count"
NBSP = "\u00a0"  # before ":" (and inside « ») in French
NNBSP = "\u202f"  # before ";", "!" and "?" in French

Message = str | dict[str, str]


class CatalogueError(ValueError):
    """A catalogue that cannot be used: the problems, one per line."""


def language_of(locale: object) -> str:
    """`fr`, `en-US`, `discord.Locale.french` ... -> a supported language code."""
    value = str(getattr(locale, "value", locale) or "").lower()
    for lang in LANGUAGES:
        if value == lang or value.startswith(lang + "-"):
            return lang
    return DEFAULT_LANGUAGE


@cache
def _parse_locale(name: str) -> Locale:
    return Locale.parse(name)


def babel_locale(lang: str) -> Locale:
    """The Babel locale of a language, English for an unknown one (cached: parsing one reads CLDR data)."""
    return _parse_locale(BABEL_LOCALES.get(lang, BABEL_LOCALES[DEFAULT_LANGUAGE]))


@lru_cache(maxsize=4096, typed=True)  # 1 and 1.0 may differ
def plural_category(lang: str, number: float) -> str:
    """The CLDR plural category of `number` in `lang`: "one", "many", "other" ... (cached: the same few numbers
    come back on every render, and Babel evaluates its rules anew each time)."""
    return str(babel_locale(lang).plural_form(abs(number)))


def list_of(lang: str, names: Iterable[str]) -> str:
    """Names joined as the language lists them: "Ada, Bea and Cyd" / "Ada, Bea et Cyd" ("" for none)."""
    items = [str(name) for name in names]
    if len(items) < 2:  # most often one player is to act: nothing to join
        return items[0] if items else ""
    return format_list(items, locale=babel_locale(lang))


def _number(value: object) -> float | None:
    if isinstance(value, bool):
        return None
    if isinstance(value, int | float):
        return value
    if isinstance(value, str):
        for number in (int, float):  # "3" is the integer 3: CLDR reads 3.0 ("3.0 cards") otherwise
            try:
                return number(value.strip())
            except ValueError:
                pass
    return None


def plural_param(message: Mapping[str, str]) -> str:
    """The param whose number chooses the form of a plural object."""
    return message.get(PLURAL_BY, DEFAULT_PLURAL_PARAM)


def select(lang: str, message: Message, params: Mapping[str, Any] | None = None) -> str:
    """The template of `message` for `params`: the message itself, or the plural form its number calls for."""
    if isinstance(message, str):
        return message
    number = _number((params or {}).get(plural_param(message)))
    if number is None:
        return message["other"]
    return message.get(plural_category(lang, number)) or message["other"]


def forms(message: Message) -> list[str]:
    """Every text of a message: itself, or each form of a plural object."""
    if isinstance(message, str):
        return [message]
    return [text for category, text in message.items() if category != PLURAL_BY]


def fields(message: Message) -> set[str]:
    """The params a message shows: the `{name}` fields of all its texts (`{name.attr}`, `{name[0]}`,
    `{name:fmt}` count as `name`). They must be the same in every language."""
    names: set[str] = set()
    for text in forms(message):
        for _, name, _, _ in string.Formatter().parse(text):
            if name:
                names.add(name.split(".")[0].split("[")[0])
    return names


def placeholders(message: Message) -> set[str]:
    """The params a message needs: its fields, plus the number param of a plural object (a language may need a
    plural where another does not, so this one may differ between languages)."""
    names = fields(message)
    if not isinstance(message, str):
        names.add(plural_param(message))
    return names


def _plural_problems(key: str, message: dict[Any, Any]) -> list[str]:
    problems = [f"{key!r} has no {category!r} form" for category in REQUIRED_CATEGORIES if category not in message]
    for category, text in message.items():
        if category == PLURAL_BY:
            if not isinstance(text, str) or not text.isidentifier():
                problems.append(f"{key!r}: {PLURAL_BY!r} must name a param, not {text!r}")
        elif category not in PLURAL_CATEGORIES:
            known = ", ".join(sorted(PLURAL_CATEGORIES))
            problems.append(f"{key!r}: {category!r} is not a CLDR plural category ({known})")
        elif not isinstance(text, str) or not text.strip():
            problems.append(f"{key!r}: the {category!r} form must be a non-empty text")
    return problems


def message_problems(key: str, message: object) -> list[str]:
    """What is wrong with one catalogue entry's shape (not its wording): an empty text, a plural object without
    "one" or "other" or with a category CLDR does not know, a text `str.format` cannot read."""
    if isinstance(message, str):
        problems = [] if message.strip() else [f"{key!r} is empty"]
    elif isinstance(message, dict):
        problems = _plural_problems(key, message)
    else:
        return [f"{key!r} must be a text or a plural object, not {type(message).__name__}"]
    if not problems:
        try:
            fields(message)
        except ValueError as error:
            problems.append(f"{key!r}: {error}")
    return problems


class _SafeDict(dict[str, Any]):
    def __missing__(self, key: str) -> str:
        return "{" + key + "}"


class Catalogue:
    """All languages' messages, loaded once from disk and checked (`strict`: a problem raises CatalogueError)."""

    def __init__(self, directory: Path = LOCALES_DIR, *, strict: bool = True, more: Sequence[Path] = ()) -> None:
        self.messages: dict[str, dict[str, Message]] = {}
        self._found: dict[tuple[str, str], Message] = {}  # `format`'s lookups (the messages never change once loaded)
        self._load_problems: list[str] = []
        for lang in LANGUAGES:
            merged: dict[str, Message] = {}
            paths = [path for folder in (directory, *more) for path in sorted((folder / lang).glob("*.json"))]
            for path in paths:
                data = json.loads(path.read_text(encoding="utf-8"))
                if not isinstance(data, dict):
                    self._load_problems.append(f"{path}: a catalogue file holds one JSON object")
                    continue
                for key, message in data.items():
                    if key in merged:
                        self._load_problems.append(f"{path}: {key!r} is already defined in another {lang} file")
                    shape = message_problems(key, message)
                    self._load_problems += [f"{lang}: {problem}" for problem in shape]
                    if not shape:
                        merged[key] = message
            self.messages[lang] = merged
        if strict:
            problems = self.problems()
            if problems:
                raise CatalogueError("\n".join(problems))

    def problems(self) -> list[str]:
        """Everything wrong with the catalogues: malformed entries, keys some language lacks, placeholders that
        differ between languages."""
        problems = list(self._load_problems)
        reference = self.messages[DEFAULT_LANGUAGE]
        for lang in LANGUAGES:
            if lang == DEFAULT_LANGUAGE:
                continue
            other = self.messages[lang]
            problems += [f"{lang} lacks {key!r}" for key in sorted(reference.keys() - other.keys())]
            problems += [
                f"{DEFAULT_LANGUAGE} lacks {key!r} ({lang} has it)" for key in sorted(other.keys() - reference.keys())
            ]
            for key in sorted(reference.keys() & other.keys()):
                ours, theirs = fields(reference[key]), fields(other[key])
                if ours != theirs:
                    problems.append(
                        f"{key!r}: placeholders differ, {DEFAULT_LANGUAGE} {sorted(ours)} vs {lang} {sorted(theirs)}"
                    )
        return problems

    def has(self, lang: str, key: str) -> bool:
        return key in self.messages.get(lang, {})

    def message(self, lang: str, key: str) -> Message:
        """The entry of `key` in `lang` (English if `lang` lacks it, the key itself if both do)."""
        return self.messages.get(lang, {}).get(key) or self.messages[DEFAULT_LANGUAGE].get(key) or key

    def text(self, lang: str, key: str, count: float | None = None) -> str:
        """The unfilled template of `key`: for a plural object, the form for `count` ("other" without one)."""
        message = self.message(lang, key)
        if isinstance(message, str) or count is None:
            return select(lang, message)
        return select(lang, message, {plural_param(message): count})

    def format(self, lang: str, key: str, params: Mapping[str, Any] | None = None) -> str:
        # Every rendering asks for dozens of texts: the lookup of each (language, key) is kept once found.
        message = self._found.get((lang, key))
        if message is None:
            message = self._found[lang, key] = self.message(lang, key)
        template = message if isinstance(message, str) else select(lang, message, params)
        if not params:
            return template
        try:
            return template.format_map(params)  # every placeholder given: no copy of the params needed
        except KeyError:
            return template.format_map(_SafeDict(params))  # a missing one is shown as "{name}"


@lru_cache(maxsize=1)
def catalogue() -> Catalogue:
    """The catalogues of `data/locales/`, and those a declared game keeps elsewhere (`GameSource.locales`)."""
    from bot import games  # the declarations (which do not import this module)

    return Catalogue(more=games.locale_dirs())


def t(lang: str, key: str, /, **params: Any) -> str:
    """The text of `key` in `lang`, in the plural form its number calls for, with its placeholders filled."""
    return catalogue().format(lang, key, params)


# ----- French typography for text from outside the catalogues ---------------------------------------------------
_SPACE_BEFORE = re.compile(r"[ \u00a0\u202f]*([:;!?])(?=\s|$|[)»\"*_])")
_APOSTROPHE = re.compile(r"(?<=\w)'(?=\w)")


def typeset(lang: str, text: str) -> str:
    """French spacing and apostrophes for a text the catalogues do not hold (a rulebook's wording quoted as is):
    U+00A0 before ":", U+202F before ";", "!", "?", ’ for '. Other languages are returned unchanged."""
    if lang != "fr":
        return text

    def space(match: re.Match[str]) -> str:
        mark = match.group(1)
        start = match.start()
        if start == 0 or not text[start - 1 : start].strip():
            return match.group(0)  # nothing before the mark to space from
        return (NBSP if mark == ":" else NNBSP) + mark

    return _APOSTROPHE.sub("’", _SPACE_BEFORE.sub(space, text))
