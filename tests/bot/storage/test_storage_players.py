"""A person's row: their choices saved whole, the notices' bookkeeping kept by its own writes."""

from __future__ import annotations

from dataclasses import replace

from bot.storage import Database


async def test_a_choice_saved_from_an_older_read_keeps_a_notice_held_meanwhile(storage_db: Database) -> None:
    before = await storage_db.players.get(7)  # the person's row, read to change one choice
    await storage_db.players.hold(7, since=100.0, until=500.0)  # meanwhile the bell holds a notice for them
    await storage_db.players.save(replace(before, auto_next=True))
    after = await storage_db.players.get(7)
    assert after.auto_next and (after.held_since, after.due_at) == (100.0, 500.0)  # the held notice still goes out
