"""Table options: which fields a host chooses in the lobby, and their allowed values.

A field of an engine's options model is a table option when its annotation is a
`Literal[...]` or `bool`; its choices are offered in the lobby in declaration
order. Any other field (such as a carried pot) is set by the bot, not the host.
"""

from __future__ import annotations

from typing import Any, Literal, get_args, get_origin

from pydantic import BaseModel


def option_choices(model: type[BaseModel]) -> dict[str, tuple[Any, ...]]:
    """Field name -> allowed values, for every host-chosen option of `model`."""
    choices: dict[str, tuple[Any, ...]] = {}
    for name, field in model.model_fields.items():
        annotation = field.annotation
        if get_origin(annotation) is Literal:
            choices[name] = tuple(get_args(annotation))
        elif annotation is bool:
            choices[name] = (False, True)
    return choices
