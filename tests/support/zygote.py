"""The bot's zygote for this test process: every `python -m bot ...` a test starts is forked from one process that
imported the bot's modules once (about a second of CPU saved a start; `tools/standin/process.py`), exactly as a
person would start it: its own arguments, environment, working directory, output and exit code."""

from __future__ import annotations

import atexit
from importlib.metadata import entry_points

from bot.games import GROUP
from bot.runtime import EXTENSIONS
from tools.standin.process import Zygote

BOT_ZYGOTE = Zygote(
    "bot",
    preload=[
        "bot.__main__",
        "bot.runtime",
        *EXTENSIONS,
        *sorted({point.module for point in entry_points(group=GROUP)}),
    ],
)
atexit.register(BOT_ZYGOTE.close)
