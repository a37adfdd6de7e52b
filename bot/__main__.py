"""`cardroom` command line: run the bot, print its invite URL, or run the benchmarks.

cardroom            start the bot (same as `cardroom run`)
cardroom invite     print the invite URL with exactly the scopes and permissions needed
cardroom bench      measure the move path, latency under load and memory
"""

from __future__ import annotations

import argparse
import asyncio
import logging
import signal
import sys

import discord
from pydantic import ValidationError

from bot.settings import Settings

EXIT_CONFIG = 2
EXIT_TOKEN_REJECTED = 3

NO_TOKEN = (
    "cardroom: DISCORD_TOKEN is not set. Put your bot token in the environment or in a .env file "
    "(Discord Developer Portal → your application → Bot → Reset Token); see README.md."
)
BAD_TOKEN = (
    "cardroom: Discord rejected DISCORD_TOKEN. Copy a fresh token from the Developer Portal "
    "(your application → Bot → Reset Token) into the environment or .env, then start again."
)


def _settings() -> Settings:
    try:
        return Settings()
    except ValidationError as error:
        first = error.errors()[0]
        where = ".".join(str(part) for part in first["loc"])
        print(f"cardroom: invalid setting {where}: {first['msg']}", file=sys.stderr)
        raise SystemExit(EXIT_CONFIG) from None


def _token(settings: Settings) -> str:
    if settings.discord_token is None or not settings.discord_token.get_secret_value().strip():
        print(NO_TOKEN, file=sys.stderr)
        raise SystemExit(EXIT_CONFIG)
    return settings.discord_token.get_secret_value().strip()


async def _serve(settings: Settings, token: str) -> None:
    from bot.runtime import CardroomBot

    bot = CardroomBot(settings)
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGINT, signal.SIGTERM):
        loop.add_signal_handler(sig, lambda: asyncio.ensure_future(bot.close()))
    async with bot:
        await bot.start(token)


def run() -> int:
    settings = _settings()
    logging.basicConfig(
        level=settings.log_level.upper(),
        format="%(asctime)s %(levelname)s %(name)s: %(message)s",
    )
    token = _token(settings)
    try:
        asyncio.run(_serve(settings, token))
    except discord.LoginFailure:
        print(BAD_TOKEN, file=sys.stderr)
        return EXIT_TOKEN_REJECTED
    return 0


async def _application_id(settings: Settings) -> int:
    from bot.runtime import point_at

    point_at(settings.api_base_url)
    http = discord.http.HTTPClient(asyncio.get_running_loop())
    try:
        await http.static_login(_token(settings))
        info = await http.application_info()
        return int(info["id"])
    finally:
        await http.close()


def invite() -> int:
    from bot.runtime import invite_url

    settings = _settings()
    application_id = settings.application_id
    if application_id is None:
        try:
            application_id = asyncio.run(_application_id(settings))
        except discord.LoginFailure:
            print(BAD_TOKEN, file=sys.stderr)
            return EXIT_TOKEN_REJECTED
    print(invite_url(application_id))
    return 0


def bench(argv: list[str]) -> int:
    from bot.bench import main as bench_main

    status: int = bench_main(argv)
    return status


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    parser = argparse.ArgumentParser(prog="cardroom", description="Cardroom, a parlor of card games for Discord.")
    parser.add_argument("command", nargs="?", default="run", choices=("run", "invite", "bench"))
    parsed, rest = parser.parse_known_args(args)
    if parsed.command == "invite":
        return invite()
    if parsed.command == "bench":
        return bench(rest)
    return run()


if __name__ == "__main__":
    raise SystemExit(main())
