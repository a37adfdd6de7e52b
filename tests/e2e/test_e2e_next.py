"""Next, across every table, through the real bot process and the loopback Discord stand-in: three Pairs tables in
three channels wait on Alice; `/turns`' Next opens the most urgent one's hand privately, and each hand, after her
move, offers "Next table (n)" to the next, until none waits."""

from __future__ import annotations

import re
from pathlib import Path

from tests.e2e.e2e_support import World, answered, enabled_actions, footer, open_hand, start_game, world
from tools.standin import players
from tools.standin.model import Channel, Message

NEXT_COUNT = re.compile(r"\((\d+)\)")


async def table_in(w: World, channel: Channel) -> tuple[int, Message]:
    """Alice opens a Pairs table in `channel`, Bob joins, Alice starts it: its id and message."""
    lobby = await answered(await w.discord.slash(w.alice, channel, "play", {"game": "pairs"}))
    table_id, _ = footer(lobby)
    lobby = await answered(await w.discord.click(w.bob, lobby, f"lobby:{table_id}:join"))
    return table_id, await start_game(w, w.alice, lobby)


def waiting_on_alice(w: World) -> set[int]:
    rows = w.query("SELECT table_id FROM table_seats WHERE user_id = ? AND since IS NOT NULL", w.alice.id)
    return {int(row[0]) for row in rows}


def next_button(hand: Message) -> dict[str, str] | None:
    return next((c for c in hand.buttons if c["custom_id"].startswith("next")), None)


async def test_next_from_turns_goes_through_three_tables_in_three_channels(tmp_path: Path) -> None:
    async with world(tmp_path) as w, w.running():
        tables = dict([await table_in(w, channel) for channel in (w.channel, w.other_channel, w.thread)])
        ids = list(tables)
        for _ in range(20):  # where Bob is to play (he began, or a round ended on him), he plays until Alice is
            bobs = set(ids) - waiting_on_alice(w)
            if not bobs:
                break
            table_id = min(bobs)
            hand = await open_hand(w, w.discord.get_message(tables[table_id].id) or tables[table_id], w.bob)
            await players.play_from_hand(w.discord, w.bob, hand, enabled_actions(hand)[0], footer(hand)[1])
        assert waiting_on_alice(w) == set(ids)

        turns = await answered(await w.discord.slash(w.alice, w.channel, "turns"))
        assert turns.ephemeral and next_button(turns) is not None
        assert NEXT_COUNT.search(next_button(turns)["label"])[1] == "3"  # type: ignore[index]
        hand = await answered(await w.discord.click(w.alice, turns, "next-turn"))
        assert hand.ephemeral and hand.visible_to == w.alice.id and hand.id != turns.id  # a hand of its own
        visited: list[int] = []
        for _ in ids:
            table_id, version = footer(hand)
            assert table_id in ids and table_id not in visited  # each table in turn, never the one just played
            visited.append(table_id)
            played = await players.play_from_hand(w.discord, w.alice, hand, enabled_actions(hand)[0], version)
            others = len(waiting_on_alice(w) - {table_id})  # what still waits on her elsewhere, by the database
            onward = next_button(played)
            if not others:
                assert onward is None
                break
            assert onward is not None and NEXT_COUNT.search(onward["label"])[1] == str(others)  # type: ignore[index]
            hand = await answered(await w.discord.click(w.alice, played, onward["custom_id"]))
            assert hand.id == played.id  # in place
        assert sorted(visited) == sorted(ids)
        w.discord.assert_clean()
