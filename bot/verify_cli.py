"""`cardroom verify <game id> [--commitment HEX]`: check a finished game's shuffle from the database.

Recomputes the commitment from the revealed seed and salt (compared with the 🔒 code
the table showed, when given) and replays the action log from the seed: every move
must be legal where it stood, and the replay must end in the stored final position.
Exit status 0 when everything holds, 1 when something does not, 4 when the database
cannot be used.
"""

from __future__ import annotations

import argparse
import asyncio
import sys

from bot.i18n import t
from bot.services.fairness import Verification, verify
from bot.services.tables import engine_for
from bot.settings import Settings
from bot.storage import Database, StorageError, TableNotFoundError, redacted

EXIT_FAILED = 1
EXIT_DATABASE = 4


async def check(settings: Settings, table_id: int, announced: str | None) -> Verification | str:
    """The verification of `table_id`, or why there is none (a sentence)."""
    db = await Database.open(settings.database, durability=settings.durability)
    try:
        try:
            record = await db.tables.get(table_id)
        except TableNotFoundError:
            return f"there is no table #{table_id} in {redacted(settings.database)}"
        if record.is_open:
            return f"table #{table_id} is still {record.status}: its seed is revealed once it is over"
        actions = await db.tables.actions(table_id)
    finally:
        await db.close()
    return verify(engine_for(record.game), record, actions, announced=announced)


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="cardroom verify", description=__doc__.splitlines()[0] if __doc__ else "")
    parser.add_argument("table", type=int, help="the table's number (its footer: Table #…)")
    parser.add_argument("--commitment", help="the 🔒 code the table showed from its start (a prefix is enough)")
    args = parser.parse_args(argv)
    try:
        found = asyncio.run(check(Settings(), args.table, args.commitment))
    except StorageError as error:
        print(f"cardroom: {error}", file=sys.stderr)
        return EXIT_DATABASE
    if isinstance(found, str):
        print(f"cardroom: {found}", file=sys.stderr)
        return EXIT_FAILED
    print(f"table #{found.table_id}: seed {found.seed}, salt {found.salt}")
    print(f"commitment SHA-256(seed:salt) = {found.commitment}")
    if found.ok:
        print(f"ok: {found.moves} moves replay from the seed, each legal, to the stored end")
        return 0
    print("FAILED: " + t("en", found.problem or "", step=found.step or 0), file=sys.stderr)
    return EXIT_FAILED
