"""`python tests/e2e/traced_bot.py run`: the bot (`python -m bot run`), recording where it goes on the network.

Test-only. One JSON line per event is appended to the file named by `NET_RECORD`, written before the event
happens (so a request that never arrives is still recorded):

* `{"kind": "connect", "host", "port"}`: every TCP connection the process opens, and `{"kind": "lookup", "host",
  "port"}` every name lookup -- Python's audit events `socket.connect` and `socket.getaddrinfo`, whatever library
  opens them (connections over Unix sockets, which never leave the machine, are not recorded);
* `{"kind": "http", "method", "url"}`: every HTTP request (websocket upgrades included) of every aiohttp session
  -- discord.py's REST client, the interaction webhooks it sends through the same session, and the gateway --
  through a trace added to each session at its creation.
"""

from __future__ import annotations

import json
import os
import sys
from typing import Any, TextIO

import aiohttp

_record: TextIO | None = None  # the NET_RECORD file, open for the process's life


def _note(kind: str, **fields: Any) -> None:
    if _record is not None:
        _record.write(json.dumps({"kind": kind, **fields}) + "\n")


def _audit(event: str, args: tuple[Any, ...]) -> None:
    try:
        if event == "socket.connect" and isinstance(args[1], tuple):
            _note("connect", host=str(args[1][0]), port=int(args[1][1]))
        elif event == "socket.getaddrinfo":
            _note("lookup", host=str(args[0]), port=str(args[1]))
    except Exception:  # an audit hook must never break what it watches
        pass


async def _request_started(session: Any, context: Any, params: aiohttp.TraceRequestStartParams) -> None:
    _note("http", method=params.method, url=str(params.url))


_TRACE = aiohttp.TraceConfig()
_TRACE.on_request_start.append(_request_started)
_new_session = aiohttp.ClientSession.__init__


def _traced_session(self: aiohttp.ClientSession, *args: Any, **kwargs: Any) -> None:
    kwargs["trace_configs"] = [*(kwargs.get("trace_configs") or []), _TRACE]
    _new_session(self, *args, **kwargs)


def main() -> int:
    global _record
    _record = open(os.environ["NET_RECORD"], "a", buffering=1, encoding="utf-8")  # noqa: SIM115
    sys.addaudithook(_audit)
    aiohttp.ClientSession.__init__ = _traced_session  # type: ignore[method-assign]
    from bot.__main__ import main as cardroom

    return cardroom(sys.argv[1:])


if __name__ == "__main__":
    raise SystemExit(main())
