"""Faults between the bot and Discord: late and replayed interactions, a gateway outage, refused answers,
commands that differ from the bot's, mismatched components, and turn mentions left by a crash.

Each reproduces, through the loopback stand-in, a defect found when the bot was put under faults.
"""

from __future__ import annotations

import asyncio
import contextlib
import time
from pathlib import Path
from typing import Any

import pytest

from tests.e2e.e2e_support import World, answered, button, footer, in_step, open_lobby, start_game, waiting_for, world
from tools.standin.model import Clock, Message, User

CALLBACK = "/interactions/{interaction_id}/{interaction_token}/callback"


async def started(w: World) -> tuple[int, Message]:
    lobby = await open_lobby(w, w.alice, "pairs", {})
    table_id, _ = footer(lobby)
    await answered(await w.discord.click(w.bob, lobby, f"lobby:{table_id}:join"))
    table = await start_game(w, w.alice, lobby)
    return table_id, table


def acting(w: World, table: Message) -> User:
    (name,) = waiting_for(w.discord.get_message(table.id) or table)
    return {"alice": w.alice, "bob": w.bob}[name]


async def hand_to_act(w: World) -> tuple[int, Message, User, Message]:
    """A started game, its table, the player to act and the hand they opened."""
    table_id, table = await started(w)
    table = await in_step(w, table)
    player = acting(w, table)
    hand = await answered(await w.discord.click(player, table, button(table, "hand:")))
    return table_id, table, player, hand


def first_action(hand: Message) -> str:
    return next(c["custom_id"] for c in hand.buttons if c["custom_id"].startswith("move:") and not c.get("disabled"))


def open_games(w: World, channel_id: int) -> int:
    query = "SELECT COUNT(*) FROM tables WHERE channel_id = ? AND status IN ('lobby', 'active')"
    return int(w.query(query, channel_id)[0][0])


async def test_a_click_delivered_past_its_window_changes_nothing(tmp_path: Path) -> None:
    async with world(tmp_path) as w, w.running() as bot:
        table_id, _, player, hand = await hand_to_act(w)
        version = w.version(table_id)

        late = await w.discord.click(player, hand, first_action(hand), deliver_after=3.5)
        await late.wait_delivered()
        await asyncio.sleep(1.0)  # time for the bot to (wrongly) act on it
        assert late.delivered_late and late.callback is None and not late.late_callbacks
        assert w.version(table_id) == version and w.log_length(table_id) == 0
        assert "too late" in bot.output

        # Late but still answerable (1.8 s of its 3 s gone): acknowledged first, then played and shown.
        slow = await w.discord.click(player, hand, first_action(hand), deliver_after=1.8)
        assert (await answered(slow)).id == hand.id
        assert slow.callback_type == 6  # a deferred update first, before the commit
        await w.discord.wait_for(
            lambda: footer(w.discord.get_message(hand.id) or hand)[1] == version + 1, timeout=10, what="hand edited"
        )
        assert w.version(table_id) == version + 1
        w.discord.assert_clean()


async def test_after_a_gateway_outage_replayed_interactions_change_nothing(tmp_path: Path) -> None:
    async with world(tmp_path) as w, w.running():
        table_id, _, player, hand = await hand_to_act(w)
        version = w.version(table_id)

        await w.discord.gateway.cut(mode="hold")
        move = await w.discord.click(player, hand, first_action(hand))
        play = await w.discord.slash(w.carol, w.other_channel, "play", {"game": "pairs"})
        await asyncio.sleep(4.0)  # the outage outlasts both interactions' 3 seconds
        await w.discord.gateway.restore()
        await w.discord.wait_resumed(timeout=30)
        await move.wait_delivered()
        await play.wait_delivered()
        await asyncio.sleep(1.0)

        assert move.callback is None and play.callback is None  # never answered: they cannot be
        assert w.version(table_id) == version  # the move was not played behind the player's back
        assert open_games(w, w.other_channel.id) == 0  # and no invisible lobby holds the channel
        lobby = await answered(await w.discord.slash(w.carol, w.other_channel, "play", {"game": "pairs"}))
        assert not lobby.ephemeral and "Join" in str(lobby.buttons)
        moved = await answered(await w.discord.click(player, hand, first_action(hand)))
        assert footer(moved)[1] == version + 1
        w.discord.assert_clean()


async def test_a_lobby_whose_message_cannot_be_posted_is_undone(tmp_path: Path) -> None:
    async with world(tmp_path) as w, w.running():
        w.discord.fail_next("POST", CALLBACK, status=400, code=50035)
        failed = await w.discord.slash(w.alice, w.channel, "play", {"game": "pairs"})
        answer = await answered(failed)
        assert answer.ephemeral and "Nothing was changed" in answer.content
        assert open_games(w, w.channel.id) == 0
        lobby = await answered(await w.discord.slash(w.alice, w.channel, "play", {"game": "pairs"}))
        assert not lobby.ephemeral and open_games(w, w.channel.id) == 1
        w.discord.assert_clean()


async def test_a_refused_answer_is_followed_by_one_that_says_the_change_went_through(tmp_path: Path) -> None:
    async with world(tmp_path) as w, w.running():
        lobby = await open_lobby(w, w.alice, "pairs", {})
        table_id, _ = footer(lobby)
        version = w.version(table_id)
        w.discord.fail_next("POST", CALLBACK, status=400, code=50035)  # the in-place edit of the lobby
        join = await w.discord.click(w.bob, lobby, f"lobby:{table_id}:join")
        answer = await answered(join)
        assert answer.ephemeral and "Votre action a bien été jouée" in answer.content  # bob reads French
        assert w.version(table_id) == version + 1
        # The table itself is brought up to date through the channel instead.
        await w.discord.wait_for(
            lambda: "bob" in (w.discord.get_message(lobby.id) or lobby).text, timeout=10, what="lobby edit"
        )
        w.discord.assert_clean()


async def test_an_unknown_game_name_of_any_length_is_answered(tmp_path: Path) -> None:
    async with world(tmp_path) as w, w.running():
        answer = await answered(await w.discord.slash(w.alice, w.channel, "play", {"game": "pairs!" * 600}))
        assert answer.ephemeral and "There is no game called" in answer.content and len(answer.content) <= 2000
        w.discord.assert_clean()


async def test_a_click_whose_component_type_differs_from_its_id_is_refused(tmp_path: Path) -> None:
    async with world(tmp_path) as w, w.running():
        table_id, table = await started(w)
        forged = await w.discord.forge_click(w.alice, table, f"hand:{table_id}", component_type=3)
        answer = await answered(forged)
        assert answer.ephemeral and "wrong kind of control" in answer.content
        w.discord.assert_clean()


def command_payloads(w: World) -> list[dict[str, Any]]:
    return [dict(command.payload) for command in w.discord.registered_commands()]


async def test_commands_are_registered_again_only_when_discords_differ(tmp_path: Path) -> None:
    async with world(tmp_path) as w:
        async with w.running("first"):
            assert w.discord.command_syncs == 1
        ours = command_payloads(w)
        async with w.running("unchanged"):
            assert w.discord.command_syncs == 1  # Discord's list matches: nothing sent
        play = next(c for c in ours if c["name"] == "play")
        w.discord.set_commands(None, [*(c for c in ours if c is not play), {**play, "description": "Old text"}])
        async with w.running("changed elsewhere"):
            assert w.discord.command_syncs == 2
            assert next(c for c in command_payloads(w) if c["name"] == "play")["description"] == play["description"]
        w.discord.assert_clean()


async def test_a_command_discord_knows_but_the_bot_does_not_is_answered_and_resynced(tmp_path: Path) -> None:
    async with world(tmp_path) as w, w.running():
        ours = command_payloads(w)
        stale = {"name": "oldgame", "description": "A game that was removed", "type": 1, "options": []}
        w.discord.set_commands(None, [*ours, stale])
        answer = await answered(await w.discord.slash(w.alice, w.channel, "oldgame"))
        assert answer.ephemeral and "This command has changed" in answer.content
        await w.discord.wait_for(
            lambda: "oldgame" not in {c["name"] for c in command_payloads(w)}, timeout=10, what="re-registration"
        )
        w.discord.assert_clean()


@pytest.mark.parametrize("stored", [True, False], ids=["id stored", "killed while posting"])
async def test_a_turn_notification_survives_a_crash_exactly_once(tmp_path: Path, stored: bool) -> None:
    """`stored`: the crash came after the bell's id (and the decision it told) was stored; else before.

    Stored: after the restart the same bell still stands and no second one is sent (never twice for one
    decision). Lost: the bell whose id was never stored is found in the channel and deleted, and the
    decision nobody recorded as told is announced once by a new bell.
    """
    async with world(tmp_path) as w, contextlib.AsyncExitStack() as bots:
        bot = await bots.enter_async_context(w.running("before"))
        table_id, table = await started(w)

        def mentions() -> list[Message]:
            return [
                m for m in w.discord.channel_messages(w.channel) if "your turn at" in m.text.lower() and not m.deleted
            ]

        def stored_ping() -> int | None:
            ((ping,),) = w.query("SELECT ping_message_id FROM tables WHERE id = ?", table_id)
            return None if ping is None else int(ping)

        def told() -> str:
            return str(w.query("SELECT notified FROM tables WHERE id = ?", table_id)[0][0])

        (left,) = await w.discord.wait_for(lambda: mentions() or None, timeout=10, what="a turn mention")
        await w.discord.wait_for(lambda: stored_ping() == left.id, timeout=10, what="the mention stored")
        await w.discord.wait_for(lambda: told() != "{}", timeout=10, what="the decision recorded as told")
        w.discord.unwatch(bot)
        await bot.crash()
        await w.discord.wait_for(lambda: not w.discord.gateway.connected, timeout=10, what="disconnect")
        if not stored:
            # The state a crash leaves between the post and its store.
            assert w.execute("UPDATE tables SET ping_message_id = 0, notified = '{}' WHERE id = ?", table_id) == 1

        await bots.enter_async_context(w.running("after"))
        if stored:
            await in_step(w, table)
            await asyncio.sleep(1.0)  # the restart's refresh of the table has run
            assert mentions() == [left]  # the same bell: the decision was told once
        else:
            await w.discord.wait_for(
                lambda: (w.discord.get_message(left.id) or left).deleted or None, timeout=15, what="lost bell deleted"
            )
            (current,) = await w.discord.wait_for(lambda: mentions() or None, timeout=10, what="a new turn mention")
            assert current.id != left.id  # one bell, the new one

        # The game ends by /abort: its bell goes too, and the database no longer lists one.
        await answered(await w.discord.slash(w.alice, w.channel, "abort"))
        await w.discord.wait_for(lambda: not mentions() or None, timeout=10, what="mention deleted at the end")
        assert stored_ping() is None
        w.discord.assert_clean()


async def test_a_table_whose_message_is_gone_is_posted_again_when_the_channel_is_asked_for(tmp_path: Path) -> None:
    """A moderator deleted the lobby message: a /play in the channel links to the table, which is posted anew."""
    async with world(tmp_path) as w, w.running():
        lobby = await open_lobby(w, w.alice, "pairs", {})
        table_id, _ = footer(lobby)
        await w.discord.delete_message(lobby)
        busy = await answered(await w.discord.slash(w.carol, w.channel, "play", {"game": "pairs"}))
        assert busy.ephemeral and "already running" in busy.content

        def reposted() -> Message | None:
            return next((m for m in w.discord.channel_messages(w.channel) if m.embeds), None)

        table = await w.discord.wait_for(reposted, timeout=10, what="the table posted again")
        assert table.id != lobby.id and footer(table)[0] == table_id and f"lobby:{table_id}:join" in table.custom_ids
        joined = await answered(await w.discord.click(w.carol, table, f"lobby:{table_id}:join"))
        assert "carol" in joined.text
        again = await answered(await w.discord.slash(w.carol, w.channel, "play", {"game": "pairs"}))
        assert str(table.id) in again.content  # the link now leads to the table
        w.discord.assert_clean()


async def test_a_refused_edit_after_an_acknowledgement_is_followed_by_an_answer(tmp_path: Path) -> None:
    """A click 1.8 s old is acknowledged, then played; Discord refuses the edit of the hand: a follow-up says so."""
    async with world(tmp_path) as w, w.running():
        table_id, table, player, hand = await hand_to_act(w)
        version = w.version(table_id)
        w.discord.fail_next("PATCH", "/webhooks/{application_id}/{interaction_token}/messages/@original", status=400,
                            code=50035)  # fmt: skip
        click = await w.discord.click(player, hand, first_action(hand), deliver_after=1.8)
        follow = await click.wait_followup(0, timeout=10)
        said = "went through" if player is w.alice else "a bien été jouée"
        assert follow.ephemeral and follow.visible_to == player.id and said in follow.content
        assert w.version(table_id) == version + 1  # the move stands; the table shows it
        await w.discord.wait_for(
            lambda: footer(w.discord.get_message(table.id) or table)[1] == version + 1, timeout=10, what="table edit"
        )
        w.discord.assert_clean()


async def test_a_command_whose_options_differ_from_the_bots_is_answered_and_resynced(tmp_path: Path) -> None:
    """Discord holds an older /play with no required option: the bot cannot run it as sent, says so, re-registers."""
    async with world(tmp_path) as w, w.running():
        ours = command_payloads(w)
        play = next(c for c in ours if c["name"] == "play")
        w.discord.set_commands(None, [*(c for c in ours if c is not play), {**play, "options": []}])
        answer = await answered(await w.discord.slash(w.alice, w.channel, "play"))
        assert answer.ephemeral and "This command has changed" in answer.content
        await w.discord.wait_for(
            lambda: next(c for c in command_payloads(w) if c["name"] == "play").get("options") or None,
            timeout=10,
            what="/play registered again with its option",
        )
        assert open_games(w, w.channel.id) == 0
        w.discord.assert_clean()


@pytest.mark.parametrize("behind", [6.0, -6.0], ids=["Discord's clock 6 s behind this host's", "6 s ahead"])
async def test_interactions_are_dated_by_discords_clock_not_this_hosts(tmp_path: Path, behind: float) -> None:
    """A host clock 6 s off would make every interaction look too late (or a replay look fresh) without the offset
    measured from the `Date` of Discord's answers."""
    async with world(tmp_path, clock=Clock(lambda: time.time() - behind)) as w, w.running() as bot:
        table_id, _, player, hand = await hand_to_act(w)
        version = w.version(table_id)
        late = await w.discord.click(player, hand, first_action(hand), deliver_after=3.5)
        await late.wait_delivered()
        await asyncio.sleep(1.0)
        assert late.callback is None and w.version(table_id) == version
        moved = await answered(await w.discord.click(player, hand, first_action(hand)))
        assert footer(moved)[1] == version + 1
        assert "clock is" in bot.output and "off Discord's" in bot.output
        w.discord.assert_clean()


async def test_a_lobby_nobody_starts_closes_itself_even_across_a_restart(tmp_path: Path) -> None:
    """Deadlines live in the database: one that fell due while the bot was down fires at the start, once."""
    async with world(tmp_path) as w:
        async with w.running("first", CARDROOM_LOBBY_EXPIRY="3"):
            lobby = await open_lobby(w, w.alice, "pairs", {})
            table_id, _ = footer(lobby)
            early = await open_lobby_elsewhere(w)
        await asyncio.sleep(3.5)  # both lobbies' time passes while the bot is stopped
        assert open_games(w, w.channel.id) == 1
        async with w.running("second", CARDROOM_LOBBY_EXPIRY="3"):
            await w.discord.wait_for(
                lambda: "closed by itself" in (w.discord.get_message(lobby.id) or lobby).text, timeout=10,
                what="the lobby says it closed",
            )  # fmt: skip
            assert not (w.discord.get_message(lobby.id) or lobby).buttons
            await w.discord.wait_for(  # the other overdue lobby closes at the start too, one deadline after the other
                lambda: open_games(w, w.channel.id) == 0 and open_games(w, w.other_channel.id) == 0,
                timeout=10,
                what="both overdue lobbies closed",
            )
            fresh = await answered(await w.discord.slash(w.bob, w.channel, "play", {"game": "pairs"}))
            assert not fresh.ephemeral and footer(fresh)[0] != table_id
            await w.discord.wait_for(  # bob's lobby, in French
                lambda: "fermée d’elle-même" in (w.discord.get_message(early.id) or early).text, timeout=10,
                what="the other lobby says it closed",
            )  # fmt: skip
            # A lobby opened now closes while the bot runs, without waiting for anything else to happen.
            await w.discord.wait_for(
                lambda: (
                    "closed by itself" in (w.discord.get_message(fresh.id) or fresh).text
                    or "fermée d’elle-même" in (w.discord.get_message(fresh.id) or fresh).text
                    or None
                ),
                timeout=15,
                what="the new lobby closes in time",
            )
        closed = w.query("SELECT COUNT(*) FROM tables WHERE status = 'aborted' AND ended_by IS NULL")
        pending = w.query("SELECT COUNT(*) FROM deadlines")
        assert closed == [(3,)] and pending == [(0,)]
        w.discord.assert_clean()


async def open_lobby_elsewhere(w: World) -> Message:
    """Bob's lobby in the other channel, once the bot has stored its message (the bot stops right after)."""
    lobby = await answered(await w.discord.slash(w.bob, w.other_channel, "play", {"game": "pairs"}))
    assert not lobby.ephemeral

    def stored() -> bool:
        return w.query("SELECT table_message_id FROM tables WHERE channel_id = ?", w.other_channel.id) == [(lobby.id,)]

    await w.discord.wait_for(stored, timeout=10, what="the lobby message stored")
    return lobby


async def play_one_move(w: World, table: Message) -> Message:
    """The player to act opens their hand from `table` and plays; returns the hand."""
    table = w.discord.get_message(table.id) or table
    player = acting(w, table)
    hand = await answered(await w.discord.click(player, table, button(table, "hand:")))
    return await answered(await w.discord.click(player, hand, first_action(hand)))


def stored_table_message(w: World, table_id: int) -> int:
    return int(w.query("SELECT table_message_id FROM tables WHERE id = ?", table_id)[0][0])


@pytest.mark.parametrize("why", ["an hour later", "Discord refuses the edit (30046)"])
async def test_a_new_turn_on_an_old_table_posts_it_anew_at_the_bottom(tmp_path: Path, why: str) -> None:
    async with world(tmp_path) as w, w.running():
        table_id, table = await started(w)
        table = await in_step(w, table)
        holder = acting(w, table)
        old_hand = await answered(await w.discord.click(holder, table, button(table, "hand:")))
        if why == "an hour later":
            w.discord.advance_clock(3601)  # Discord's clock: the table message is now over an hour old
        else:
            w.discord.fail_next(
                "PATCH", f"/channels/{w.channel.id}/messages/{table.id}", status=400, code=30046, times=5
            )
        await play_one_move(w, table)

        new_id = await w.discord.wait_for(
            lambda: (mid := stored_table_message(w, table_id)) != table.id and mid, timeout=10, what="a new table"
        )
        moved = w.discord.get_message(new_id)
        assert moved is not None and not moved.deleted and moved.buttons
        assert w.discord.channel_messages(w.channel)[-1].id in (new_id, *(m.id for m in mentions_in(w)))
        if why == "an hour later":  # the old message now leads to the new one (when Discord lets it be edited)
            old = await w.discord.wait_for(
                lambda: (m := w.discord.get_message(table.id)) is not None and str(new_id) in m.content and m,
                timeout=10,
                what="the old message pointing to the new one",
            )
            assert not old.buttons and not old.embeds
        # The game goes on from the new message; buttons drawn before still work.
        await in_step(w, moved)
        assert footer(await play_one_move(w, moved))[1] == w.version(table_id)
        # (The holder's one live hand: opening the hand again, to move, replaced the first one.)
        hands = [m for m in w.discord.ephemeral_messages(holder, w.channel) if m.id != old_hand.id or not m.deleted]
        old_hand = [m for m in hands if any(c["custom_id"].startswith("refresh:") for c in m.buttons)][-1]
        stale = await answered(await w.discord.click(holder, old_hand, button(old_hand, "refresh:")))
        assert stale.id == old_hand.id and footer(stale)[1] == w.version(table_id)
        w.discord.assert_clean()


def mentions_in(w: World) -> list[Message]:
    return [m for m in w.discord.channel_messages(w.channel) if "your turn at" in m.text.lower() or "à vous" in m.text]


async def test_a_refused_table_edit_is_tried_again_not_dropped(tmp_path: Path) -> None:
    async with world(tmp_path) as w, w.running():
        table_id, table = await started(w)
        table = await in_step(w, table)
        w.discord.fail_next("PATCH", f"/channels/{w.channel.id}/messages/{table.id}", status=403, code=50001)
        await play_one_move(w, table)
        await w.discord.wait_for(
            lambda: footer(w.discord.get_message(table.id) or table)[1] == w.version(table_id),
            timeout=15,
            what="the table edited on a later try",
        )
        assert [fault.status for fault in w.discord.injected] == [403]
        w.discord.assert_clean()
