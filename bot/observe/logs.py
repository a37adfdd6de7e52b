"""Log lines for a terminal (plain, the default) or for a log collector (`CARDROOM_LOG_FORMAT=json`: one JSON object a
line, with its level, logger, message, time, and the game, server and channel ids where known).

The ids come from the record (`log.info(..., extra={"table_id": 7})`) or, for everything logged while an
interaction or a deadline is handled, from the context its handler sets (`in_context`), so a line deep in storage
still says which table it was about.
"""

from __future__ import annotations

import contextlib
import contextvars
import json
import logging
from collections.abc import Iterator
from datetime import UTC, datetime
from typing import Final, Literal

LogFormat = Literal["plain", "json"]
PLAIN: Final = "%(asctime)s %(levelname)s %(name)s: %(message)s"
IDS: Final = ("table_id", "guild_id", "channel_id", "shard_id")

Ids = tuple[tuple[str, int], ...]
_context: contextvars.ContextVar[Ids] = contextvars.ContextVar("cardroom_log_context", default=())


@contextlib.contextmanager
def in_context(**ids: int | None) -> Iterator[None]:
    """Lines logged inside carry these ids (None ones are left out); nested contexts add to the outer one."""
    known = {**dict(_context.get()), **{name: value for name, value in ids.items() if value is not None}}
    token = _context.set(tuple(known.items()))
    try:
        yield
    finally:
        _context.reset(token)


def note(**ids: int | None) -> None:
    """The rest of the current task logs with these ids too (an interaction's handler runs in a task of its own, so
    they end with it; inside `in_context`, they end with its block)."""
    _context.set(tuple({**dict(_context.get()), **{name: v for name, v in ids.items() if v is not None}}.items()))


class JsonFormatter(logging.Formatter):
    """One JSON object a line: `time` (UTC, ISO 8601), `level`, `logger`, `message`, the known ids, and
    `exception` (the traceback) when there is one."""

    def format(self, record: logging.LogRecord) -> str:
        line: dict[str, object] = {
            "time": datetime.fromtimestamp(record.created, UTC).isoformat(timespec="milliseconds"),
            "level": record.levelname,
            "logger": record.name,
            "message": record.getMessage(),
        }
        line.update(dict(_context.get()))
        for name in IDS:
            value = getattr(record, name, None)
            if value is not None:
                line[name] = value
        if record.exc_info:
            line["exception"] = self.formatException(record.exc_info)
        elif record.exc_text:
            line["exception"] = record.exc_text
        if record.stack_info:
            line["stack"] = self.formatStack(record.stack_info)
        return json.dumps(line, ensure_ascii=False, default=str)


def configure(level: str, log_format: LogFormat) -> None:
    """The root logger's one handler (stderr) in the chosen format."""
    handler = logging.StreamHandler()
    handler.setFormatter(JsonFormatter() if log_format == "json" else logging.Formatter(PLAIN))
    root = logging.getLogger()
    for old in list(root.handlers):
        root.removeHandler(old)
    root.addHandler(handler)
    root.setLevel(level.upper())
