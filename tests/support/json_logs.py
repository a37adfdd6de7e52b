"""The JSON lines one logger writes while a block runs, as a log collector would receive them."""

from __future__ import annotations

import contextlib
import io
import json
import logging
from collections.abc import Iterator
from typing import Any

from bot.observe import logs


@contextlib.contextmanager
def json_lines(name: str) -> Iterator[list[dict[str, Any]]]:
    """Yields a list that holds, once the block ends, each line logger `name` wrote in it, parsed (not passed up to
    the root logger meanwhile)."""
    stream = io.StringIO()
    handler = logging.StreamHandler(stream)
    handler.setFormatter(logs.JsonFormatter())
    logger = logging.getLogger(name)
    logger.addHandler(handler)
    propagate, logger.propagate = logger.propagate, False
    lines: list[dict[str, Any]] = []
    try:
        yield lines
    finally:
        logger.removeHandler(handler)
        logger.propagate = propagate
        lines += [json.loads(line) for line in stream.getvalue().splitlines()]
