"""Validation of request bodies against Discord's official OpenAPI 3.1 spec, when present.

The spec lives outside the repository (``<repo>/../shared/discord-api-spec/openapi.json``) and
is never copied into it. When the file is absent ``openapi_available()`` is False and
``request_body_problems()`` returns no problems. ``jsonschema`` and ``jsonschema-rs`` are needed only
when the spec exists (dev dependencies): the second, compiled, decides whether a body is valid (most
are: a tenth of the time), the first words the problems of one that is not.

Two deliberate relaxations, both for shapes Discord accepts but the spec does not describe:
the spec types every snowflake as a decimal *string*, while discord.py sends some ids as
integers (``allowed_mentions``, ``message_reference``), so ``SnowflakeType`` also accepts
non-negative integers; and permission bit sets typed as integers (``default_member_permissions``)
also accept the documented decimal-string form.
"""

from __future__ import annotations

import functools
import json
import os
import re
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

__all__ = [
    "default_spec_path",
    "openapi_available",
    "request_body_problems",
    "response_body_problems",
    "spec_operation",
]

_ENV = "STANDIN_OPENAPI_SPEC"
MAX_PROBLEMS_PER_BODY = 5


def default_spec_path() -> Path:
    """``<repo>/../shared/discord-api-spec/openapi.json`` (override with $STANDIN_OPENAPI_SPEC)."""
    override = os.environ.get(_ENV)
    if override:
        return Path(override)
    repo = Path(__file__).resolve().parents[2]
    return repo.parent / "shared" / "discord-api-spec" / "openapi.json"


def openapi_available(path: Path | None = None) -> bool:
    """True when the spec file exists (validation is then active)."""
    return (path or default_spec_path()).is_file()


@dataclass(frozen=True)
class _Operation:
    template: str
    method: str
    operation_id: str
    schema: Any  # JSON schema of the application/json request body, or None
    responses: Any = None  # status -> JSON schema of the application/json response body


class _Spec:
    def __init__(self, path: Path) -> None:
        try:
            import jsonschema_rs
            from jsonschema import Draft202012Validator
            from referencing import Registry, Resource
            from referencing.jsonschema import DRAFT202012
        except ImportError as exc:
            raise RuntimeError(
                f"the Discord OpenAPI spec exists at {path} but jsonschema or jsonschema-rs is not installed "
                "(pip install jsonschema jsonschema-rs; they are dev dependencies)"
            ) from exc

        with path.open(encoding="utf-8") as fh:
            document = json.load(fh)
        schemas = document.get("components", {}).get("schemas", {})
        if "SnowflakeType" in schemas:
            original = schemas["SnowflakeType"]
            schemas["SnowflakeType"] = {"anyOf": [original, {"type": "integer", "minimum": 0}]}
        _relax_permission_fields(document)
        self._root_uri = "urn:discord-openapi"
        resource = Resource.from_contents(document, default_specification=DRAFT202012)
        self._registry = Registry().with_resource(self._root_uri, resource)
        self._validator_cls = Draft202012Validator
        self._validators: dict[tuple[str, str], tuple[Any, Any]] = {}
        self._fast_registry = jsonschema_rs.Registry([(self._root_uri, document)])
        self._fast_cls = jsonschema_rs.Draft202012Validator
        self._operations: list[tuple[re.Pattern[str], int, _Operation]] = []
        for template, item in document.get("paths", {}).items():
            regex, literal = _template_regex(template)
            for method, op in item.items():
                if method not in ("get", "put", "post", "patch", "delete"):
                    continue
                body = (op.get("requestBody") or {}).get("content", {}).get("application/json")
                schema = body.get("schema") if body else None
                responses = {
                    str(status): answer["content"]["application/json"].get("schema")
                    for status, answer in (op.get("responses") or {}).items()
                    if "application/json" in (answer.get("content") or {})
                }
                operation = _Operation(template, method.upper(), op.get("operationId", ""), schema, responses)
                self._operations.append((regex, literal, operation))
        # Prefer templates with more literal characters (".../messages/@original" over ".../{message_id}").
        self._operations.sort(key=lambda entry: -entry[1])

    def find(self, method: str, path: str) -> _Operation | None:
        for regex, _literal, op in self._operations:
            if op.method == method and regex.fullmatch(path):
                return op
        return None

    def validators(self, op: _Operation, response: str | None = None) -> tuple[Any, Any]:
        """The compiled validator (jsonschema-rs) and the wording one (jsonschema) of the request body, or of the
        ``response`` status's body; built once each."""
        key = (op.method, op.template + (f" -> {response}" if response else ""))
        pair = self._validators.get(key)
        if pair is None:
            target = op.responses[response] if response else op.schema
            schema = {"$schema": "https://json-schema.org/draft/2020-12/schema", **_rebase(target, self._root_uri)}
            pair = self._validators[key] = (
                self._fast_cls(schema, registry=self._fast_registry),
                self._validator_cls(schema, registry=self._registry),
            )
        return pair

    def problems(self, op: _Operation, body: Any, response: str | None = None) -> list[str]:
        """What is wrong with `body` for `op` (its request, or its `response` status's answer): [] when valid."""
        fast, wording = self.validators(op, response)
        if fast.is_valid(body):
            return []
        return _problems(op, list(wording.iter_errors(body)))


_PERMISSION_FIELDS = ("default_member_permissions", "permissions", "allow", "deny")


def _relax_permission_fields(node: Any) -> None:
    """Permission bit sets are documented as strings, the spec types some as integers; accept both."""
    if isinstance(node, dict):
        props = node.get("properties")
        if isinstance(props, dict):
            for name in _PERMISSION_FIELDS:
                field = props.get(name)
                if isinstance(field, dict) and "integer" in str(field.get("type")):
                    props[name] = {"anyOf": [field, {"type": "string", "pattern": "^[0-9]+$"}]}
        for value in node.values():
            _relax_permission_fields(value)
    elif isinstance(node, list):
        for value in node:
            _relax_permission_fields(value)


def _template_regex(template: str) -> tuple[re.Pattern[str], int]:
    parts = re.split(r"(\{[^}]+\})", template)
    pattern = "".join("[^/]+" if p.startswith("{") else re.escape(p) for p in parts)
    literal = sum(len(p) for p in parts if not p.startswith("{"))
    return re.compile(pattern), literal


def _rebase(schema: Any, root: str) -> Any:
    """Point local ``#/...`` references at the registered spec document."""
    if isinstance(schema, Mapping):
        return {
            k: (root + v if k == "$ref" and isinstance(v, str) and v.startswith("#") else _rebase(v, root))
            for k, v in schema.items()
        }
    if isinstance(schema, list):
        return [_rebase(v, root) for v in schema]
    return schema


@functools.lru_cache(maxsize=4)
def _load(path: str) -> _Spec:
    return _Spec(Path(path))


def spec_operation(method: str, path: str, *, spec_path: Path | None = None) -> str | None:
    """The spec's operationId for a concrete request path (without the ``/api/v10`` prefix)."""
    target = spec_path or default_spec_path()
    if not target.is_file():
        return None
    op = _load(str(target)).find(method.upper(), path)
    return op.operation_id if op else None


def _operation(method: str, path: str, spec_path: Path | None) -> tuple[_Spec, _Operation] | list[str]:
    """The spec and its operation for ``METHOD path``; else the problems to report: none when the spec is absent,
    one when it has no such operation."""
    target = spec_path or default_spec_path()
    if not target.is_file():
        return []
    spec = _load(str(target))
    op = spec.find(method.upper(), path)
    if op is None:
        return [f"no operation for {method.upper()} {path} in the OpenAPI spec"]
    return spec, op


def request_body_problems(method: str, path: str, body: Any, *, spec_path: Path | None = None) -> list[str]:
    """Validate ``body`` against the requestBody schema of ``METHOD path``.

    ``path`` is the concrete request path without the ``/api/v10`` prefix, e.g.
    ``/channels/123/messages``. Returns [] when the spec is absent, when the operation has no
    JSON request body, or when the body is valid.
    """
    found = _operation(method, path, spec_path)
    if not isinstance(found, tuple):
        return found
    spec, op = found
    if op.schema is None:
        return [] if body is None else [f"{op.operation_id} takes no JSON request body"]
    return spec.problems(op, body)


def response_body_problems(
    method: str, path: str, body: Any, *, status: int = 200, spec_path: Path | None = None
) -> list[str]:
    """Validate a response ``body`` (e.g. what the stand-in answered) against the spec's schema
    for ``status`` of ``METHOD path``. [] when the spec is absent or the body is valid.

    Tests use it to keep the stand-in's answers in Discord's shapes; the stand-in itself does not
    check its responses.
    """
    found = _operation(method, path, spec_path)
    if not isinstance(found, tuple):
        return found
    spec, op = found
    if not op.responses or str(status) not in op.responses:
        return [f"{op.operation_id} has no JSON response for status {status}"]
    return spec.problems(op, body, str(status))


def _problems(op: _Operation, errors: list[Any]) -> list[str]:
    if not errors:
        return []
    problems: list[str] = []
    for err in errors:
        text = _describe(op, err)
        if text not in problems:
            problems.append(text)
        if len(problems) >= MAX_PROBLEMS_PER_BODY:
            break
    return problems


def _where(path: Any) -> str:
    return "".join(f"[{p}]" if isinstance(p, int) else f".{p}" for p in path).lstrip(".") or "body"


def _discriminator_failed(errors: list[Any]) -> bool:
    """A oneOf/anyOf branch whose ``type`` (component/callback kind) did not even match."""
    for e in errors:
        where = list(e.relative_path)
        if where == ["type"] and e.validator in ("enum", "const", "oneOf"):
            return True
        if not where and e.validator == "type":  # e.g. the {"type": "null"} branch of a nullable object
            return True
    return False


def _specific(error: Any) -> Any:
    """Descend into oneOf/anyOf failures through the branch whose ``type`` matched."""
    while error.context:
        branches: dict[Any, list[Any]] = {}
        for sub in error.context:
            branches.setdefault(sub.schema_path[0] if sub.schema_path else None, []).append(sub)
        plausible = [errs for errs in branches.values() if not _discriminator_failed(errs)]
        if len(plausible) != 1:
            return error
        error = min(plausible[0], key=lambda e: (-len(e.absolute_path), e.validator != "additionalProperties"))
    return error


def _describe(op: _Operation, error: Any) -> str:
    specific = _specific(error)
    return f"openapi {op.operation_id}: {_where(specific.absolute_path)}: {_message(specific)}"


def _message(error: Any) -> str:
    kind, limit, value = error.validator, error.validator_value, error.instance
    if kind in ("maxLength", "minLength") and isinstance(value, str):
        return f"{len(value)} characters, {kind} is {limit}"
    if kind in ("maxItems", "minItems") and isinstance(value, list):
        return f"{len(value)} items, {kind} is {limit}"
    if kind in ("maximum", "minimum"):
        return f"{value!r} violates {kind} {limit}"
    text = str(error.message)
    return text if len(text) <= 240 else text[:240] + "..."
