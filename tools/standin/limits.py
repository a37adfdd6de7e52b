"""Discord's documented request limits as pure functions.

Every function takes a JSON-like payload (as the bot would send it) and returns a list of
human-readable problems; an empty list means the payload is within Discord's limits.

* ``message_problems(payload)``     -- message create/edit bodies (content, embeds, components,
  allowed_mentions)
* ``callback_problems(payload, interaction_type=None)`` -- interaction callback bodies
* ``choices_problems(choices)``     -- autocomplete results
* ``modal_problems(data)``          -- modal callback data
* ``command_problems(command)``     -- one application command
* ``commands_problems(commands, guild=False)`` -- a bulk-overwrite list
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

__all__ = [
    "LOCALES",
    "callback_problems",
    "choices_problems",
    "command_problems",
    "commands_problems",
    "message_problems",
    "modal_problems",
    "valid_command_name",
]

CONTENT_MAX = 2000
EMBEDS_MAX = 10
EMBED_TITLE_MAX = 256
EMBED_DESCRIPTION_MAX = 4096
EMBED_FIELDS_MAX = 25
EMBED_FIELD_NAME_MAX = 256
EMBED_FIELD_VALUE_MAX = 1024
EMBED_FOOTER_MAX = 2048
EMBED_AUTHOR_MAX = 256
EMBED_TOTAL_MAX = 6000
ACTION_ROWS_MAX = 5
BUTTONS_PER_ROW_MAX = 5
CUSTOM_ID_MAX = 100
BUTTON_LABEL_MAX = 80
SELECT_OPTIONS_MAX = 25
SELECT_OPTION_TEXT_MAX = 100
SELECT_PLACEHOLDER_MAX = 150
SELECT_VALUES_MAX = 25
V2_COMPONENTS_MAX = 40
V2_TEXT_MAX = 4000
CHOICES_MAX = 25
CHOICE_TEXT_MAX = 100
COMMAND_NAME_MAX = 32
COMMAND_DESCRIPTION_MAX = 100
COMMAND_OPTIONS_MAX = 25
COMMAND_TOTAL_TEXT_MAX = 4000
GLOBAL_CHAT_COMMANDS_MAX = 100
CONTEXT_MENU_COMMANDS_MAX = 15
MODAL_TITLE_MAX = 45
MODAL_COMPONENTS_MAX = 5
TEXT_INPUT_LABEL_MAX = 45
TEXT_INPUT_VALUE_MAX = 4000
TEXT_INPUT_PLACEHOLDER_MAX = 100
ALLOWED_MENTION_IDS_MAX = 100

EPHEMERAL = 1 << 6
SUPPRESS_EMBEDS = 1 << 2
SUPPRESS_NOTIFICATIONS = 1 << 12
IS_VOICE_MESSAGE = 1 << 13
IS_COMPONENTS_V2 = 1 << 15
SENDABLE_FLAGS = SUPPRESS_EMBEDS | EPHEMERAL | SUPPRESS_NOTIFICATIONS | IS_VOICE_MESSAGE | IS_COMPONENTS_V2

#: Locales Discord accepts as keys of ``*_localizations``.
_LOCALE_LIST = "id da de en-GB en-US es-ES es-419 fr hr it lt hu nl no pl pt-BR ro fi sv-SE vi tr cs el bg ru uk"
LOCALES = frozenset((_LOCALE_LIST + " hi th zh-CN ja zh-TW ko").split(" "))

_SELECT_TYPES = {3, 5, 6, 7, 8}
_LEGACY_TOP_LEVEL = {1}
_V2_TOP_LEVEL = {1, 9, 10, 12, 13, 14, 17}
_BUTTON_STYLES = {1, 2, 3, 4, 5, 6}


def _len(value: Any) -> int:
    return len(value) if isinstance(value, str) else 0


def _check_str(
    problems: list[str], path: str, value: Any, maximum: int, *, minimum: int = 0, required: bool = False
) -> None:
    if value is None:
        if required:
            problems.append(f"{path}: required")
        return
    if not isinstance(value, str):
        problems.append(f"{path}: must be a string, got {type(value).__name__}")
        return
    if len(value) > maximum:
        problems.append(f"{path}: {len(value)} characters > {maximum}")
    if len(value) < minimum:
        problems.append(f"{path}: {len(value)} characters < {minimum}")


# --------------------------------------------------------------------------- messages


def _embed_problems(embeds: Any, problems: list[str]) -> None:
    if embeds is None:
        return
    if not isinstance(embeds, list):
        problems.append("embeds: must be a list")
        return
    if len(embeds) > EMBEDS_MAX:
        problems.append(f"embeds: {len(embeds)} embeds > {EMBEDS_MAX}")
    total = 0
    for i, embed in enumerate(embeds):
        p = f"embeds[{i}]"
        if not isinstance(embed, Mapping):
            problems.append(f"{p}: must be an object")
            continue
        _check_str(problems, f"{p}.title", embed.get("title"), EMBED_TITLE_MAX)
        _check_str(problems, f"{p}.description", embed.get("description"), EMBED_DESCRIPTION_MAX)
        total += _len(embed.get("title")) + _len(embed.get("description"))
        fields = embed.get("fields") or []
        if not isinstance(fields, list):
            problems.append(f"{p}.fields: must be a list")
            fields = []
        if len(fields) > EMBED_FIELDS_MAX:
            problems.append(f"{p}.fields: {len(fields)} fields > {EMBED_FIELDS_MAX}")
        for j, fld in enumerate(fields):
            if not isinstance(fld, Mapping):
                problems.append(f"{p}.fields[{j}]: must be an object")
                continue
            q = f"{p}.fields[{j}]"
            _check_str(problems, f"{q}.name", fld.get("name"), EMBED_FIELD_NAME_MAX, minimum=1, required=True)
            _check_str(problems, f"{q}.value", fld.get("value"), EMBED_FIELD_VALUE_MAX, minimum=1, required=True)
            total += _len(fld.get("name")) + _len(fld.get("value"))
        footer = embed.get("footer")
        if isinstance(footer, Mapping):
            _check_str(problems, f"{p}.footer.text", footer.get("text"), EMBED_FOOTER_MAX, required=True)
            total += _len(footer.get("text"))
        author = embed.get("author")
        if isinstance(author, Mapping):
            _check_str(problems, f"{p}.author.name", author.get("name"), EMBED_AUTHOR_MAX, required=True)
            total += _len(author.get("name"))
        color = embed.get("color")
        if color is not None and (not isinstance(color, int) or not 0 <= color <= 0xFFFFFF):
            problems.append(f"{p}.color: {color!r} is not an RGB integer")
    if total > EMBED_TOTAL_MAX:
        problems.append(f"embeds: {total} characters of embed text in total > {EMBED_TOTAL_MAX}")


def _button_problems(p: str, c: Mapping[str, Any], problems: list[str]) -> None:
    style = c.get("style")
    if style not in _BUTTON_STYLES:
        problems.append(f"{p}.style: {style!r} is not a button style")
    _check_str(problems, f"{p}.label", c.get("label"), BUTTON_LABEL_MAX)
    if style == 5:
        if not c.get("url"):
            problems.append(f"{p}: link button needs a url")
        if c.get("custom_id") is not None:
            problems.append(f"{p}: link button must not have a custom_id")
    elif style == 6:
        if not c.get("sku_id"):
            problems.append(f"{p}: premium button needs a sku_id")
        for key in ("custom_id", "url", "label", "emoji"):
            if c.get(key) is not None:
                problems.append(f"{p}: premium button must not have {key}")
    else:
        if not c.get("custom_id"):
            problems.append(f"{p}: non-link button needs a custom_id")
        if c.get("url") is not None:
            problems.append(f"{p}: only link buttons may have a url")
    if style != 6 and not c.get("label") and not c.get("emoji"):
        problems.append(f"{p}: button needs a label or an emoji")


def _select_problems(p: str, c: Mapping[str, Any], problems: list[str]) -> None:
    _check_str(problems, f"{p}.placeholder", c.get("placeholder"), SELECT_PLACEHOLDER_MAX)
    min_values = c.get("min_values", 1)
    max_values = c.get("max_values", 1)
    if not isinstance(min_values, int) or not 0 <= min_values <= SELECT_VALUES_MAX:
        problems.append(f"{p}.min_values: {min_values!r} not in 0..{SELECT_VALUES_MAX}")
    if not isinstance(max_values, int) or not 1 <= max_values <= SELECT_VALUES_MAX:
        problems.append(f"{p}.max_values: {max_values!r} not in 1..{SELECT_VALUES_MAX}")
    if isinstance(min_values, int) and isinstance(max_values, int) and min_values > max_values:
        problems.append(f"{p}: min_values {min_values} > max_values {max_values}")
    if c.get("type") == 3:
        options = c.get("options")
        if not isinstance(options, list) or not 1 <= len(options) <= SELECT_OPTIONS_MAX:
            count = len(options) if isinstance(options, list) else "no"
            problems.append(f"{p}.options: {count} options, need 1..{SELECT_OPTIONS_MAX}")
            options = options if isinstance(options, list) else []
        seen: set[str] = set()
        defaults = 0
        for k, opt in enumerate(options):
            q = f"{p}.options[{k}]"
            if not isinstance(opt, Mapping):
                problems.append(f"{q}: must be an object")
                continue
            _check_str(problems, f"{q}.label", opt.get("label"), SELECT_OPTION_TEXT_MAX, minimum=1, required=True)
            _check_str(problems, f"{q}.value", opt.get("value"), SELECT_OPTION_TEXT_MAX, minimum=1, required=True)
            _check_str(problems, f"{q}.description", opt.get("description"), SELECT_OPTION_TEXT_MAX)
            value = opt.get("value")
            if isinstance(value, str):
                if value in seen:
                    problems.append(f"{q}.value: duplicate option value {value!r}")
                seen.add(value)
            defaults += bool(opt.get("default"))
        if isinstance(max_values, int) and options and max_values > len(options):
            problems.append(f"{p}.max_values: {max_values} > number of options {len(options)}")
        if isinstance(max_values, int) and defaults > max_values:
            problems.append(f"{p}.options: {defaults} defaults > max_values {max_values}")
    elif c.get("options") is not None:
        problems.append(f"{p}: only string selects (type 3) have options")


def _component_problems(
    components: Any, problems: list[str], *, v2: bool, custom_ids: dict[str, str], counter: list[int], path: str
) -> None:
    """Validates a list of components located at ``path``."""
    if not isinstance(components, list):
        problems.append(f"{path}: must be a list")
        return
    for i, c in enumerate(components):
        p = f"{path}[{i}]"
        if not isinstance(c, Mapping):
            problems.append(f"{p}: must be an object")
            continue
        counter[0] += 1
        ctype = c.get("type")
        cid = c.get("custom_id")
        if cid is not None:
            _check_str(problems, f"{p}.custom_id", cid, CUSTOM_ID_MAX, minimum=1)
            if isinstance(cid, str):
                if cid in custom_ids:
                    problems.append(f"{p}.custom_id: {cid!r} is not unique (also at {custom_ids[cid]})")
                else:
                    custom_ids[cid] = p
        if ctype == 1:
            children = c.get("components")
            if not isinstance(children, list) or not children:
                problems.append(f"{p}: action row needs 1..{BUTTONS_PER_ROW_MAX} components")
                continue
            kinds = [ch.get("type") for ch in children if isinstance(ch, Mapping)]
            selects = [k for k in kinds if k in _SELECT_TYPES]
            if selects and len(children) > 1:
                problems.append(f"{p}: a select menu must be alone in its action row ({len(children)} components)")
            elif len(children) > BUTTONS_PER_ROW_MAX:
                problems.append(f"{p}: {len(children)} buttons in one action row > {BUTTONS_PER_ROW_MAX}")
            for k, kind in enumerate(kinds):
                if kind not in _SELECT_TYPES and kind != 2:
                    problems.append(f"{p}.components[{k}]: type {kind!r} not allowed in a message action row")
            _component_problems(
                children, problems, v2=v2, custom_ids=custom_ids, counter=counter, path=f"{p}.components"
            )
        elif ctype == 2:
            _button_problems(p, c, problems)
        elif ctype in _SELECT_TYPES:
            if cid is None:
                problems.append(f"{p}: select menu needs a custom_id")
            _select_problems(p, c, problems)
        elif ctype == 10:
            _check_str(problems, f"{p}.content", c.get("content"), V2_TEXT_MAX, minimum=1, required=True)
        elif ctype == 9:  # section: 1-3 text displays + accessory
            children = c.get("components")
            if not isinstance(children, list) or not 1 <= len(children) <= 3:
                problems.append(f"{p}: section needs 1..3 text displays")
            _component_problems(
                children or [], problems, v2=v2, custom_ids=custom_ids, counter=counter, path=f"{p}.components"
            )
            accessory = c.get("accessory")
            if accessory is not None:
                _component_problems(
                    [accessory], problems, v2=v2, custom_ids=custom_ids, counter=counter, path=f"{p}.accessory"
                )
        elif ctype == 17:  # container
            _component_problems(
                c.get("components") or [],
                problems,
                v2=v2,
                custom_ids=custom_ids,
                counter=counter,
                path=f"{p}.components",
            )
        elif ctype in (4, 18):
            problems.append(f"{p}: text inputs and labels are only valid in modals")


def message_problems(payload: Mapping[str, Any], *, require_content: bool = False) -> list[str]:
    """Problems with a message create/edit body (content, embeds, components, flags).

    ``require_content`` adds Discord's "Cannot send an empty message" rule for creates.
    """
    problems: list[str] = []
    if not isinstance(payload, Mapping):
        return ["body: must be a JSON object"]
    flags = payload.get("flags") or 0
    if not isinstance(flags, int):
        problems.append(f"flags: {flags!r} is not an integer")
        flags = 0
    elif flags & ~SENDABLE_FLAGS:
        problems.append(f"flags: {flags} contains bits that cannot be set by a bot ({flags & ~SENDABLE_FLAGS})")
    v2 = bool(flags & IS_COMPONENTS_V2)

    _check_str(problems, "content", payload.get("content"), CONTENT_MAX)
    _embed_problems(payload.get("embeds"), problems)
    _allowed_mentions_problems(payload.get("allowed_mentions"), problems)

    components = payload.get("components")
    if components is not None:
        if not isinstance(components, list):
            problems.append("components: must be a list")
        else:
            allowed = _V2_TOP_LEVEL if v2 else _LEGACY_TOP_LEVEL
            for i, c in enumerate(components):
                if isinstance(c, Mapping) and c.get("type") not in allowed:
                    what = "components v2 messages" if v2 else "messages without the IS_COMPONENTS_V2 flag"
                    problems.append(f"components[{i}]: type {c.get('type')!r} not allowed at top level in {what}")
            counter = [0]
            _component_problems(components, problems, v2=v2, custom_ids={}, counter=counter, path="components")
            if v2:
                if counter[0] > V2_COMPONENTS_MAX:
                    problems.append(f"components: {counter[0]} components in total > {V2_COMPONENTS_MAX}")
                text = sum(_len(c.get("content")) for c in _walk(components) if c.get("type") == 10)
                if text > V2_TEXT_MAX:
                    problems.append(f"components: {text} characters of text display content > {V2_TEXT_MAX}")
            elif len(components) > ACTION_ROWS_MAX:
                problems.append(f"components: {len(components)} action rows > {ACTION_ROWS_MAX}")
    if v2:
        if payload.get("content"):
            problems.append("content: not allowed with the IS_COMPONENTS_V2 flag")
        if payload.get("embeds"):
            problems.append("embeds: not allowed with the IS_COMPONENTS_V2 flag")
        if payload.get("poll"):
            problems.append("poll: not allowed with the IS_COMPONENTS_V2 flag")

    if require_content and not any(
        payload.get(k) for k in ("content", "embeds", "components", "attachments", "sticker_ids", "poll")
    ):
        problems.append("body: cannot send an empty message (no content, embeds, components, files or poll)")
    return problems


def _allowed_mentions_problems(value: Any, problems: list[str]) -> None:
    if value is None:
        return
    if not isinstance(value, Mapping):
        problems.append("allowed_mentions: must be an object")
        return
    parse = value.get("parse") or []
    if not isinstance(parse, list):
        problems.append("allowed_mentions.parse: must be a list")
        parse = []
    for kind in parse:
        if kind not in ("users", "roles", "everyone"):
            problems.append(f"allowed_mentions.parse: {kind!r} is not one of users, roles, everyone")
    for key in ("users", "roles"):
        ids = value.get(key)
        if not ids:
            continue
        if key in parse:
            problems.append(f'allowed_mentions: parse:["{key}"] and {key}: [ids...] are mutually exclusive')
        if isinstance(ids, list) and len(ids) > ALLOWED_MENTION_IDS_MAX:
            problems.append(f"allowed_mentions.{key}: {len(ids)} ids > {ALLOWED_MENTION_IDS_MAX}")


def _walk(components: Iterable[Any]) -> Iterable[Mapping[str, Any]]:
    for c in components:
        if not isinstance(c, Mapping):
            continue
        yield c
        children = c.get("components")
        if isinstance(children, list):
            yield from _walk(children)
        for key in ("accessory", "component"):
            if isinstance(c.get(key), Mapping):
                yield from _walk([c[key]])


# --------------------------------------------------------------------------- interaction callbacks


def choices_problems(choices: Any, *, path: str = "choices") -> list[str]:
    """Problems with autocomplete choices or command option choices."""
    problems: list[str] = []
    if not isinstance(choices, list):
        return [f"{path}: must be a list"]
    if len(choices) > CHOICES_MAX:
        problems.append(f"{path}: {len(choices)} choices > {CHOICES_MAX}")
    for i, ch in enumerate(choices):
        p = f"{path}[{i}]"
        if not isinstance(ch, Mapping):
            problems.append(f"{p}: must be an object")
            continue
        _check_str(problems, f"{p}.name", ch.get("name"), CHOICE_TEXT_MAX, minimum=1, required=True)
        value = ch.get("value")
        if isinstance(value, str):
            _check_str(problems, f"{p}.value", value, CHOICE_TEXT_MAX)
        elif not isinstance(value, int | float) or isinstance(value, bool):
            problems.append(f"{p}.value: must be a string or a number, got {value!r}")
        _localization_problems(ch.get("name_localizations"), f"{p}.name_localizations", CHOICE_TEXT_MAX, problems)
    return problems


def modal_problems(data: Any) -> list[str]:
    problems: list[str] = []
    if not isinstance(data, Mapping):
        return ["data: a modal needs data"]
    _check_str(problems, "data.title", data.get("title"), MODAL_TITLE_MAX, minimum=1, required=True)
    _check_str(problems, "data.custom_id", data.get("custom_id"), CUSTOM_ID_MAX, minimum=1, required=True)
    components = data.get("components")
    if not isinstance(components, list) or not 1 <= len(components) <= MODAL_COMPONENTS_MAX:
        problems.append(f"data.components: need 1..{MODAL_COMPONENTS_MAX} components")
        return problems
    seen: set[str] = set()
    for c in _walk(components):
        if c.get("type") == 4:
            cid = c.get("custom_id")
            _check_str(problems, "data.components.custom_id", cid, CUSTOM_ID_MAX, minimum=1, required=True)
            if isinstance(cid, str):
                if cid in seen:
                    problems.append(f"data.components: duplicate custom_id {cid!r}")
                seen.add(cid)
            if c.get("style") not in (1, 2):
                problems.append(f"text input {cid!r}: style must be 1 or 2")
            _check_str(problems, f"text input {cid!r}.label", c.get("label"), TEXT_INPUT_LABEL_MAX)
            _check_str(problems, f"text input {cid!r}.placeholder", c.get("placeholder"), TEXT_INPUT_PLACEHOLDER_MAX)
            _check_str(problems, f"text input {cid!r}.value", c.get("value"), TEXT_INPUT_VALUE_MAX)
            lo, hi = c.get("min_length"), c.get("max_length")
            if lo is not None and (not isinstance(lo, int) or not 0 <= lo <= TEXT_INPUT_VALUE_MAX):
                problems.append(f"text input {cid!r}.min_length: {lo!r} not in 0..{TEXT_INPUT_VALUE_MAX}")
            if hi is not None and (not isinstance(hi, int) or not 1 <= hi <= TEXT_INPUT_VALUE_MAX):
                problems.append(f"text input {cid!r}.max_length: {hi!r} not in 1..{TEXT_INPUT_VALUE_MAX}")
            if isinstance(lo, int) and isinstance(hi, int) and lo > hi:
                problems.append(f"text input {cid!r}: min_length {lo} > max_length {hi}")
        elif c.get("type") == 18:
            _check_str(problems, "label.label", c.get("label"), TEXT_INPUT_LABEL_MAX, minimum=1, required=True)
    return problems


_MESSAGE_CALLBACKS = {4, 7}
_VALID_CALLBACKS_FOR = {
    # interaction type -> callback types Discord accepts
    1: {1},
    2: {4, 5, 9},
    3: {4, 5, 6, 7, 9},
    4: {8},
    5: {4, 5, 6, 7},
}


def callback_problems(payload: Mapping[str, Any], interaction_type: int | None = None) -> list[str]:
    """Problems with an interaction callback body (``POST /interactions/{id}/{token}/callback``)."""
    if not isinstance(payload, Mapping):
        return ["body: must be a JSON object"]
    ctype = payload.get("type")
    data = payload.get("data")
    problems: list[str] = []
    if interaction_type is not None and ctype not in _VALID_CALLBACKS_FOR.get(interaction_type, set()):
        allowed = sorted(_VALID_CALLBACKS_FOR.get(interaction_type, set()))
        problems.append(f"type: callback type {ctype!r} is not valid for interaction type {interaction_type} {allowed}")
    if ctype in _MESSAGE_CALLBACKS:
        problems += message_problems(data or {}, require_content=ctype == 4)
        if ctype == 7 and isinstance(data, Mapping) and (data.get("flags") or 0) & EPHEMERAL:
            problems.append("data.flags: UPDATE_MESSAGE cannot change whether a message is ephemeral")
    elif ctype in (5, 6):
        if isinstance(data, Mapping) and (data.get("flags") or 0) & ~(EPHEMERAL | SUPPRESS_EMBEDS | IS_COMPONENTS_V2):
            problems.append(f"data.flags: {data.get('flags')} invalid for a deferred response")
    elif ctype == 8:
        if not isinstance(data, Mapping):
            problems.append("data: autocomplete result needs data.choices")
        else:
            problems += choices_problems(data.get("choices"), path="data.choices")
    elif ctype == 9:
        problems += modal_problems(data)
    elif ctype != 1:
        problems.append(f"type: unknown or unsupported callback type {ctype!r}")
    return problems


# --------------------------------------------------------------------------- application commands


def _name_char_ok(ch: str) -> bool:
    if ch in "-_":
        return True
    if unicodedata.category(ch)[0] in "LN":  # \p{L} and \p{N}
        return True
    code = ord(ch)
    # \p{sc=Deva} and \p{sc=Thai}: Discord allows these scripts' combining marks too.
    return 0x0900 <= code <= 0x097F or 0xA8E0 <= code <= 0xA8FF or 0x0E00 <= code <= 0x0E7F


_SPACE_RE = re.compile(r"\s")


def valid_command_name(name: Any, *, chat_input: bool = True) -> str | None:
    """``None`` if ``name`` is a valid command/option name, else the reason.

    Chat-input names follow Discord's ``^[-_\\p{L}\\p{N}\\p{sc=Deva}\\p{sc=Thai}]{1,32}$`` and must be
    lowercase where a lowercase variant exists; context-menu names are 1..32 free-form chars.
    """
    if not isinstance(name, str):
        return f"must be a string, got {type(name).__name__}"
    if not 1 <= len(name) <= COMMAND_NAME_MAX:
        return f"{len(name)} characters, need 1..{COMMAND_NAME_MAX}"
    if not chat_input:
        return None
    bad = [ch for ch in name if not _name_char_ok(ch)]
    if bad:
        return f"{name!r} contains characters not allowed in a command name: {''.join(sorted(set(bad)))!r}"
    if name != name.lower():
        return f"{name!r} must be lowercase"
    return None


def _localization_problems(locs: Any, path: str, maximum: int, problems: list[str], *, name: bool = False) -> None:
    if locs is None:
        return
    if not isinstance(locs, Mapping):
        problems.append(f"{path}: must be an object")
        return
    for locale, text in locs.items():
        if locale not in LOCALES:
            problems.append(f"{path}: {locale!r} is not a Discord locale")
        if name:
            reason = valid_command_name(text)
            if reason:
                problems.append(f"{path}.{locale}: {reason}")
        else:
            _check_str(problems, f"{path}.{locale}", text, maximum, minimum=1, required=True)


def _text_total(obj: Mapping[str, Any]) -> int:
    total = _len(obj.get("name")) + _len(obj.get("description"))
    for ch in obj.get("choices") or []:
        if isinstance(ch, Mapping):
            total += _len(ch.get("name")) + (_len(ch.get("value")))
    for opt in obj.get("options") or []:
        if isinstance(opt, Mapping):
            total += _text_total(opt)
    return total


def _option_problems(options: Any, path: str, problems: list[str], *, depth: int) -> None:
    if options is None:
        return
    if not isinstance(options, list):
        problems.append(f"{path}: must be a list")
        return
    if len(options) > COMMAND_OPTIONS_MAX:
        problems.append(f"{path}: {len(options)} options > {COMMAND_OPTIONS_MAX}")
    names: set[str] = set()
    seen_optional = False
    kinds = set()
    for i, opt in enumerate(options):
        p = f"{path}[{i}]"
        if not isinstance(opt, Mapping):
            problems.append(f"{p}: must be an object")
            continue
        otype = opt.get("type")
        kinds.add("sub" if otype in (1, 2) else "value")
        if not isinstance(otype, int) or not 1 <= otype <= 11:
            problems.append(f"{p}.type: {otype!r} is not an option type")
        reason = valid_command_name(opt.get("name"))
        if reason:
            problems.append(f"{p}.name: {reason}")
        name = opt.get("name")
        if isinstance(name, str):
            if name in names:
                problems.append(f"{p}.name: duplicate option name {name!r}")
            names.add(name)
        _check_str(
            problems, f"{p}.description", opt.get("description"), COMMAND_DESCRIPTION_MAX, minimum=1, required=True
        )
        _localization_problems(opt.get("name_localizations"), f"{p}.name_localizations", 32, problems, name=True)
        _localization_problems(
            opt.get("description_localizations"), f"{p}.description_localizations", COMMAND_DESCRIPTION_MAX, problems
        )
        if otype in (1, 2):
            if otype == 2 and depth > 0:
                problems.append(f"{p}: subcommand groups can only be nested at the top level")
            if otype == 1 and depth > 1:
                problems.append(f"{p}: subcommands nested too deeply")
            sub = opt.get("options") or []
            if otype == 2 and any(isinstance(s, Mapping) and s.get("type") != 1 for s in sub):
                problems.append(f"{p}.options: a subcommand group may only contain subcommands")
            if otype == 1 and any(isinstance(s, Mapping) and s.get("type") in (1, 2) for s in sub):
                problems.append(f"{p}.options: a subcommand cannot contain subcommands")
            _option_problems(sub, f"{p}.options", problems, depth=depth + 1)
            continue
        required = bool(opt.get("required"))
        if required and seen_optional:
            problems.append(f"{p}: required options must come before optional ones")
        seen_optional = seen_optional or not required
        if opt.get("choices") is not None:
            problems += choices_problems(opt.get("choices"), path=f"{p}.choices")
            if opt.get("autocomplete"):
                problems.append(f"{p}: autocomplete cannot be combined with choices")
        for key in ("min_length", "max_length"):
            v = opt.get(key)
            if v is not None and (not isinstance(v, int) or not 0 <= v <= 6000):
                problems.append(f"{p}.{key}: {v!r} not in 0..6000")
        lo, hi = opt.get("min_value"), opt.get("max_value")
        if isinstance(lo, int | float) and isinstance(hi, int | float) and lo > hi:
            problems.append(f"{p}: min_value {lo} > max_value {hi}")
    if kinds == {"sub", "value"}:
        problems.append(f"{path}: subcommands cannot be mixed with regular options")


def command_problems(command: Mapping[str, Any]) -> list[str]:
    """Problems with one application command definition (create/bulk-overwrite item)."""
    problems: list[str] = []
    if not isinstance(command, Mapping):
        return ["command: must be an object"]
    ctype = command.get("type", 1) or 1
    chat_input = ctype == 1
    name = command.get("name")
    label = f"command {name!r}"
    reason = valid_command_name(name, chat_input=chat_input)
    if reason:
        problems.append(f"{label}.name: {reason}")
    if chat_input:
        _check_str(
            problems,
            f"{label}.description",
            command.get("description"),
            COMMAND_DESCRIPTION_MAX,
            minimum=1,
            required=True,
        )
    elif command.get("description"):
        problems.append(f"{label}.description: context menu commands must have an empty description")
    _localization_problems(
        command.get("name_localizations"), f"{label}.name_localizations", 32, problems, name=chat_input
    )
    _localization_problems(
        command.get("description_localizations"),
        f"{label}.description_localizations",
        COMMAND_DESCRIPTION_MAX,
        problems,
    )
    if not chat_input and command.get("options"):
        problems.append(f"{label}.options: context menu commands cannot have options")
    _option_problems(command.get("options"), f"{label}.options", problems, depth=0)
    total = _text_total(command)
    if total > COMMAND_TOTAL_TEXT_MAX:
        problems.append(f"{label}: {total} characters of names/descriptions/choices > {COMMAND_TOTAL_TEXT_MAX}")
    perms = command.get("default_member_permissions")
    valid_perms = (isinstance(perms, str) and perms.isdigit()) or (
        isinstance(perms, int) and not isinstance(perms, bool) and perms >= 0
    )
    if perms is not None and not valid_perms:
        problems.append(f"{label}.default_member_permissions: must be a permission integer, got {perms!r}")
    return problems


def commands_problems(commands: Sequence[Mapping[str, Any]], *, guild: bool = False) -> list[str]:
    """Problems with a bulk-overwrite list (per-command checks plus counts and uniqueness)."""
    if not isinstance(commands, list):
        return ["body: must be a list of commands"]
    problems: list[str] = []
    seen: set[tuple[int, str]] = set()
    counts = {1: 0, 2: 0, 3: 0}
    for cmd in commands:
        problems += command_problems(cmd)
        if isinstance(cmd, Mapping):
            key = (int(cmd.get("type", 1) or 1), str(cmd.get("name")))
            if key in seen:
                problems.append(f"command {key[1]!r}: registered twice")
            seen.add(key)
            counts[key[0]] = counts.get(key[0], 0) + 1
    where = "guild" if guild else "global"
    if counts[1] > GLOBAL_CHAT_COMMANDS_MAX:
        problems.append(f"{counts[1]} {where} chat input commands > {GLOBAL_CHAT_COMMANDS_MAX}")
    for kind in (2, 3):
        if counts.get(kind, 0) > CONTEXT_MENU_COMMANDS_MAX:
            problems.append(f"{counts[kind]} {where} context menu commands (type {kind}) > {CONTEXT_MENU_COMMANDS_MAX}")
    return problems
