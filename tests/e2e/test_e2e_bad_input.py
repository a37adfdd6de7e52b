"""Bad input gets a clear ephemeral answer in the user's language and changes nothing.

Wrong player, out of turn, stale buttons, forged custom_ids, out-of-range options,
a game that ended; and two clicks at the same instant apply exactly once.
"""

from __future__ import annotations

import asyncio
from pathlib import Path

from tests.e2e.e2e_support import World, answered, button, footer, open_lobby, start_game, waiting_for, world
from tests.e2e.test_e2e_pairs_game import play_to_the_end
from tools.standin.model import Message, User


async def refused(
    w: World, user: User, message: Message, custom_id: str, *, forged: bool = True, locale: str | None = None
) -> str:
    if forged:
        click = w.discord.forge_click(user, message, custom_id, locale=locale)
    else:
        click = w.discord.click(user, message, custom_id, locale=locale)
    answer = await answered(await click)
    assert answer.ephemeral and answer.visible_to == user.id and answer.content.startswith("⚠️"), answer.text
    return answer.content


async def started(w: World, *players: User) -> tuple[int, Message]:
    lobby = await open_lobby(w, players[0], "pairs", {"games": "1"})  # one game: the test plays it to its end
    table_id, _ = footer(lobby)
    for user in players[1:]:
        await answered(await w.discord.click(user, lobby, f"lobby:{table_id}:join"))
    table = await start_game(w, players[0], lobby)
    return table_id, table


def acting(w: World, table: Message, users: dict[str, User]) -> User:
    (name,) = waiting_for(w.discord.get_message(table.id) or table)
    return users[name]


async def test_bad_clicks_are_refused_politely_and_change_nothing(tmp_path: Path) -> None:
    async with world(tmp_path) as w, w.running():
        users = {"alice": w.alice, "bob": w.bob}
        table_id, table = await started(w, w.alice, w.bob)
        lobby = table
        player = acting(w, table, users)
        other = w.bob if player is w.alice else w.alice
        version = w.version(table_id)
        hand = await answered(await w.discord.click(player, table, button(table, "hand:")))
        other_hand = await answered(await w.discord.click(other, table, button(table, "hand:")))
        assert all(c.get("disabled") for c in other_hand.buttons if c["custom_id"].startswith("move:"))

        # Out of turn, with the other player's own (disabled) button forced through.
        out_of_turn = button(other_hand, "move:")
        text = await refused(w, other, other_hand, out_of_turn)
        assert ("Ce n’est pas votre tour" if other is w.bob else "It is not your turn") in text
        # Forged ids: not ours, or ours but not on the clicked message (unknown game, index out of
        # range, another channel's game). The service refuses the same ids even when they get through
        # (tests/bot/services); here they never reach it.
        assert "not valid" in await refused(w, w.alice, table, "evil-button")
        assert "not valid" in await refused(w, w.alice, table, f"move:{table_id}:{version}:x")
        gone = "no longer on this message"
        assert gone in await refused(w, w.alice, table, "move:999999:1:0:0badc0de")
        assert gone in await refused(w, w.alice, table, f"move:{table_id}:{version}:999:0badc0de")
        assert gone in await refused(w, other, other_hand, f"move:{table_id}:{version}:2:0badc0de", locale="en-US")
        elsewhere = await answered(await w.discord.slash(w.carol, w.other_channel, "play", {"game": "pairs"}))
        assert gone in await refused(w, w.carol, elsewhere, f"hand:{table_id}")
        # A click from an old view of the lobby, which has become the table.
        assert "no longer on this message" in await refused(w, w.alice, lobby, f"lobby:{table_id}:join")
        assert w.version(table_id) == version and w.log_length(table_id) == 0

        # A second hand of the same player, opened with /hand, replaces the first: one live hand.
        second_hand = await answered(await w.discord.slash(player, w.channel, "hand"))
        assert second_hand.ephemeral and second_hand.id != hand.id
        await w.discord.wait_for(
            lambda: (w.discord.get_message(hand.id) or hand).deleted, timeout=10, what="the first hand deleted"
        )

        # Two clicks of the same button at the same instant: exactly one applies.
        hit = button(second_hand, "move:")
        first, second = await asyncio.gather(
            w.discord.forge_click(player, second_hand, hit), w.discord.forge_click(player, second_hand, hit)
        )
        bodies = [(await first.response()).data or {}, (await second.response()).data or {}]
        assert w.version(table_id) == version + 1 and w.log_length(table_id) == 1
        late = [str(body.get("content")) for body in bodies if str(body.get("content")).startswith("⚠️")]
        assert len(late) == 1 and any(s in late[0] for s in ("out of date", "plus à jour", "no longer", "n’est plus"))

        # The button drawn before that move is gone from the redrawn hand: forced through again, it is refused
        # and changes nothing.
        gone_now = await refused(w, player, second_hand, hit)
        assert "n’est plus sur ce message" in gone_now or "no longer on this message" in gone_now
        assert w.version(table_id) == version + 1 and w.log_length(table_id) == 1

        # A game that ended: a live hand drawn while it ran (the one of a player who did not make the last
        # move still carries its disabled moves) refuses them, forced through.
        final = await play_to_the_end(w, table, users, seed=8)
        assert "Final standings" in final.text
        drawn_before = [
            (user, message)
            for user in users.values()
            for message in w.discord.ephemeral_messages(user, w.channel)
            if any(c["custom_id"].startswith("move:") for c in message.buttons)
        ]
        assert drawn_before
        holder, old_hand = drawn_before[0]
        over = await refused(w, holder, old_hand, button(old_hand, "move:"))
        assert "This game is over." in over or "Cette partie est terminée." in over
        ended = await answered(await w.discord.slash(w.alice, w.channel, "hand"))
        assert "no table in this channel" in ended.content
        w.discord.assert_clean()


async def test_two_users_race_for_the_last_seat(tmp_path: Path) -> None:
    async with world(tmp_path) as w, w.running():
        lobby = await open_lobby(w, w.alice, "pairs", {})
        table_id, _ = footer(lobby)
        for n in range(6):
            extra = w.discord.add_user(f"guest{n}")
            lobby = await answered(await w.discord.click(extra, lobby, f"lobby:{table_id}:join"))
        # Out-of-range option values are refused (a forged select on the host's table options).
        panel = await answered(await w.discord.click(w.alice, lobby, f"lobby:{table_id}:options"))
        bad = await answered(await w.discord.forge_click(w.alice, panel, f"option:{table_id}:ending", component_type=3))
        assert bad.ephemeral and "not available" in bad.content
        first, second = await asyncio.gather(
            w.discord.click(w.bob, lobby, f"lobby:{table_id}:join"),
            w.discord.click(w.carol, lobby, f"lobby:{table_id}:join"),
        )
        answers = [await first.response(), await second.response()]
        joined = [a for a in answers if a.message is not None and not a.message.ephemeral]
        refused_ = [a for a in answers if a.message is not None and a.message.ephemeral]
        assert len(joined) == 1 and len(refused_) == 1
        assert "full" in refused_[0].message.text or "complète" in refused_[0].message.text  # type: ignore[union-attr]
        final_lobby = w.discord.get_message(lobby.id) or lobby
        assert final_lobby.text.count("\n") > 0 and "2–8 players · 8 seated" in final_lobby.text
        w.discord.assert_clean()
