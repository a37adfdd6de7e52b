"""`python -m bot.observe.probe [/healthz|/readyz]`: the container's health check. Exit 0 when the bot's operator port
answers the path with 200, 1 otherwise; 0 when no port is set (`CARDROOM_METRICS_PORT`): the image's health check then
has nothing to ask, and Docker's own process check stands."""

from __future__ import annotations

import os
import sys
import urllib.error
import urllib.request

TIMEOUT = 3.0  # seconds


def main(argv: list[str]) -> int:
    path = argv[0] if argv else "/healthz"
    port = os.environ.get("CARDROOM_METRICS_PORT", "").strip()
    if not port:
        return 0
    try:
        with urllib.request.urlopen(f"http://127.0.0.1:{int(port)}{path}", timeout=TIMEOUT) as answer:
            return 0 if answer.status == 200 else 1
    except (urllib.error.URLError, OSError, ValueError):
        return 1


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
