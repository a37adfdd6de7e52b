"""`cardroom` command line: run the bot, print its invite URL, back up the database, or run the benchmarks.

cardroom                start the bot (same as `cardroom run`)
cardroom invite         print the invite URL with exactly the scopes and permissions needed
cardroom backup [DEST]  copy the database, safely while the bot runs (default DEST: next to the database)
cardroom ratings --rebuild  recompute every rating from the stored results (one transaction)
cardroom migrate-db --from A --to B  copy the database A (a SQLite file, say) into the empty database B
                        (a postgresql:// URL, say) in one transaction, then check the copy table by table
cardroom bench          measure the move path, latency, memory, deadlines, poker hands and the computer players
cardroom emojis draw    draw the card-face emojis into data/emojis (Pillow; the bot uploads them at start)
cardroom verify GAME    check a finished game's shuffle: its seed commitment and its replay from the seed

A fatal problem at start is one line on stderr and an exit status: 2 a setting
is missing or invalid, 3 Discord rejected the token, 4 the database cannot be
used (not a database, damaged, newer than this code, disk full, no access).
`cardroom bench` and `cardroom emojis` are tools outside the bot (`tools/`): where they are not installed
(the bot's image), they say so in one line on stderr and exit with status 5.
"""

from __future__ import annotations

import argparse
import asyncio
import logging
import signal
import sys
from importlib.metadata import entry_points
from pathlib import Path

import discord
from pydantic import ValidationError

from bot.observe import logs
from bot.settings import Settings
from bot.storage import Database, StorageError, back_up, is_postgres, redacted

EXIT_CONFIG = 2
EXIT_TOKEN_REJECTED = 3
EXIT_DATABASE = 4
EXIT_NO_TOOL = 5  # `cardroom bench` or `cardroom emojis` where the tools are not installed (the bot's image)
SHUTDOWN_TIMEOUT = 10.0  # seconds; Docker's default grace period is 10 s too

NO_TOKEN = (
    "cardroom: DISCORD_TOKEN is not set. Put your bot token in the environment or in a .env file "
    "(Discord Developer Portal → your application → Bot → Reset Token); see docs/operating.md."
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


async def _open_database(settings: Settings) -> Database | None:
    """The opened database, or None after printing in one line why it cannot be used."""
    try:
        return await Database.open(
            settings.database, durability=settings.durability, integrity=settings.integrity_check
        )
    except StorageError as error:
        print(f"cardroom: {error}", file=sys.stderr)
        return None


async def _serve(settings: Settings, token: str) -> int:
    from bot.runtime import CardroomBot

    db = await _open_database(settings)  # before contacting Discord: a bad database never logs in
    if db is None:
        return EXIT_DATABASE
    try:
        bot = CardroomBot(settings, db)
    except BaseException:
        await db.close()
        raise
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGINT, signal.SIGTERM):
        loop.add_signal_handler(sig, stop.set)
    async with bot:
        running = asyncio.create_task(bot.start(token), name="cardroom")
        stopping = asyncio.create_task(stop.wait())
        await asyncio.wait({running, stopping}, return_when=asyncio.FIRST_COMPLETED)
        if running.done():
            stopping.cancel()
            running.result()  # re-raises LoginFailure and the like
            return 0
        logging.getLogger("cardroom").info("Stopping: finishing table edits and closing the database")
        try:
            await asyncio.wait_for(bot.close(), SHUTDOWN_TIMEOUT)
        except TimeoutError:
            logging.getLogger("cardroom").warning("Shutdown took longer than %ss; exiting anyway", SHUTDOWN_TIMEOUT)
        running.cancel()
    return 0


def run() -> int:
    settings = _settings()
    logs.configure(settings.log_level, settings.log_format)
    token = _token(settings)
    try:
        return asyncio.run(_serve(settings, token))
    except discord.LoginFailure:
        print(BAD_TOKEN, file=sys.stderr)
        return EXIT_TOKEN_REJECTED


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


def backup(destination: str | None) -> int:
    settings = _settings()
    if isinstance(settings.database, str):
        print(
            f"cardroom: `cardroom backup` copies a SQLite file; {redacted(settings.database)} is PostgreSQL:"
            " back it up with PostgreSQL's own tools (pg_dump, or the server's continuous archiving)",
            file=sys.stderr,
        )
        return EXIT_DATABASE
    try:
        made = back_up(settings.database, Path(destination) if destination else None)
    except StorageError as error:
        print(f"cardroom: {error}", file=sys.stderr)
        return EXIT_DATABASE
    print(f"cardroom: backed up {settings.database} to {made.path} ({made.size} bytes)")
    return 0


async def _rebuild_ratings(settings: Settings) -> int:
    db = await _open_database(settings)
    if db is None:
        return EXIT_DATABASE
    try:
        rated = await db.ratings.rebuild()
    except StorageError as error:
        print(f"cardroom: {error}", file=sys.stderr)
        return EXIT_DATABASE
    finally:
        await db.close()
    print(f"cardroom: rebuilt the ratings of {redacted(settings.database)} from {rated} rated games")
    return 0


def ratings(rebuild: bool) -> int:
    """`cardroom ratings --rebuild`: every rating recomputed from the stored results, as the games updated them."""
    if not rebuild:
        print("cardroom: `cardroom ratings` needs --rebuild (recompute every rating from the results)", file=sys.stderr)
        return EXIT_CONFIG
    return asyncio.run(_rebuild_ratings(_settings()))


async def _migrate_db(source: str | Path, target: str | Path) -> int:
    from bot.storage.transfer import transfer

    try:
        done = await transfer(source, target)
    except StorageError as error:
        print(f"cardroom: {error}", file=sys.stderr)
        return EXIT_DATABASE
    print(
        f"cardroom: copied {redacted(source)} to {redacted(target)}"
        f" (schema version {done.schema_version}, {done.rows} rows in one transaction)"
    )
    for check in done.tables:
        verdict = "same" if check.same else f"DIFFERENT: {check.target_rows} rows, sha256 {check.target_digest[:16]}"
        print(f"  {check.table}: {check.rows} rows, sha256 {check.digest[:16]} -> {verdict}")
    if not done.same:
        print("cardroom: the copy differs from the source (see above); do not use it", file=sys.stderr)
        return EXIT_DATABASE
    print("cardroom: checked: every table has the same rows on both sides (count and SHA-256 of its rows)")
    return 0


def migrate_db(source: str | None, target: str | None) -> int:
    """`cardroom migrate-db --from A --to B`: `bot.storage.transfer`. A and B are files or postgresql:// URLs."""
    if not source or not target:
        print("cardroom: `cardroom migrate-db` needs --from DATABASE and --to DATABASE", file=sys.stderr)
        return EXIT_CONFIG
    return asyncio.run(_migrate_db(*(_location(text) for text in (source, target))))


def _location(text: str) -> str | Path:
    return text if is_postgres(text) else Path(text)


TOOLS = "cardroom.tools"  # entry-point group of the commands in `tools/` (the bench, the emoji drawer)


def tool(name: str, argv: list[str]) -> int:
    """Run a command the `tools` package plugs in through an entry point (pyproject.toml), so bot imports no tool.

    The bot's image carries no `tools/` (nor Pillow): there the command is one line on stderr and EXIT_NO_TOOL."""
    found = entry_points(group=TOOLS, name=name)
    try:
        command = next(iter(found)).load()
    except (StopIteration, ModuleNotFoundError) as error:
        missing = f" (no module {error.name})" if isinstance(error, ModuleNotFoundError) and error.name else ""
        print(
            f"cardroom: `cardroom {name}` is a tool that is not installed here{missing}; the bot's image does not"
            " carry the tools: run it from a checkout with the dev extras (pip install -e '.[dev]')",
            file=sys.stderr,
        )
        return EXIT_NO_TOOL
    status: int = command(argv)
    return status


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    if args[:1] and args[0] in ("bench", "emojis"):
        return tool(args[0], args[1:])  # these tools have their own options and --help
    from bot import games

    games.install()  # every declared game's engine, with its card data (read once, here, at start)
    if args[:1] == ["verify"]:
        from bot.verify_cli import main as verify_main

        return verify_main(args[1:])
    parser = argparse.ArgumentParser(prog="cardroom", description="Cardroom, a parlor of card games for Discord.")
    parser.add_argument(
        "command",
        nargs="?",
        default="run",
        choices=("run", "invite", "backup", "ratings", "migrate-db", "bench", "emojis"),
    )
    parser.add_argument("destination", nargs="?", help="backup only: the new file (default: next to the database)")
    parser.add_argument("--rebuild", action="store_true", help="ratings only: recompute them from the stored results")
    parser.add_argument("--from", dest="source", help="migrate-db only: the database to copy (file or URL)")
    parser.add_argument("--to", dest="target", help="migrate-db only: the empty database to copy it into")
    parsed = parser.parse_args(args)
    if parsed.destination is not None and parsed.command != "backup":
        parser.error(f"`cardroom {parsed.command}` takes no argument")
    if parsed.rebuild and parsed.command != "ratings":
        parser.error("--rebuild goes with `cardroom ratings`")
    if (parsed.source or parsed.target) and parsed.command != "migrate-db":
        parser.error("--from and --to go with `cardroom migrate-db`")
    if parsed.command == "migrate-db":
        return migrate_db(parsed.source, parsed.target)
    if parsed.command == "ratings":
        return ratings(parsed.rebuild)
    if parsed.command == "invite":
        return invite()
    if parsed.command == "backup":
        return backup(parsed.destination)
    return run()


if __name__ == "__main__":
    raise SystemExit(main())
