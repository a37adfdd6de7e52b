"""Card emojis through the real bot and the stand-in: uploaded at the first start, reused after a restart, shown in
the table; text faces when they are turned off or Discord refuses them."""

from __future__ import annotations

import re
from pathlib import Path

from bot.emojis import load_manifest
from tests.e2e.e2e_support import World, answered, button, footer, world
from tools.standin.model import Message

EMOJI_ROUTE = "/applications/{application_id}/emojis"
SYNCED = "Card emojis: "  # the bot's log line once the sync is over
PAIRS_EMOJI = re.compile(r"<:(card_\d+):(\d+)>")
TILE = re.compile(r"`(?:[1-9]|10)`")


def emoji_requests(w: World, method: str) -> int:
    return sum(1 for r in w.discord.requests if r.method == method and r.path.endswith("/emojis"))


async def synced(w: World, log: Path) -> None:
    await w.discord.wait_for(
        lambda: log.exists() and SYNCED in log.read_text(encoding="utf-8", errors="replace"),
        timeout=60,
        what="card emoji sync",
    )


async def pairs_table(w: World) -> Message:
    """A Pairs game of alice and bob, started: its table message."""
    lobby = await answered(await w.discord.slash(w.alice, w.channel, "play", {"game": "pairs"}))
    await answered(await w.discord.click(w.bob, lobby, button(lobby, "lobby:").rsplit(":", 1)[0] + ":join"))
    return await answered(await w.discord.click(w.alice, lobby, button(lobby, "lobby:").rsplit(":", 1)[0] + ":start"))


async def test_uploaded_at_first_start_reused_after_a_restart_and_shown(tmp_path: Path) -> None:
    manifest = load_manifest()
    async with world(tmp_path) as w:
        parrot = w.discord.add_app_emoji("party_parrot")  # uploaded by the developer: never touched
        old_art = w.discord.add_app_emoji("cr_n1_0000", user=w.discord.bot_user)  # the bot's, of older art
        async with w.running("first", CARDROOM_EMOJIS="1"):
            await synced(w, tmp_path / "first.log")
            assert sorted(w.discord.emoji_uploads) == sorted(manifest.emojis)
            assert w.discord.app_emoji(old_art.name) is None and w.discord.app_emoji(parrot.name) is parrot

            table = await pairs_table(w)
            shown = PAIRS_EMOJI.findall(table.text)
            assert shown, table.text
            for name, emoji_id in shown:
                emoji = w.discord.app_emoji(name)
                assert emoji is not None and str(emoji.id) == emoji_id and emoji.image.startswith(b"\x89PNG")
        uploads = len(w.discord.emoji_uploads)

        async with w.running("second", CARDROOM_EMOJIS="1"):
            await synced(w, tmp_path / "second.log")
            assert len(w.discord.emoji_uploads) == uploads  # all reused: nothing uploaded again
            assert emoji_requests(w, "GET") == 2 and emoji_requests(w, "POST") == uploads
            # A move: the restarted bot renders the table again, with the same emojis. An edit of the table at its
            # version before the move, drawn by the restarted bot before its emojis were installed (text faces
            # meanwhile), may land after the sync's log line: the table is awaited at the move's version.
            _, version = footer(table)
            for user in (w.alice, w.bob):
                hand = await answered(await w.discord.click(user, table, button(table, "hand:")))
                moves = [c for c in hand.buttons if c["custom_id"].startswith("move:") and not c.get("disabled")]
                if moves:
                    await answered(await w.discord.click(user, hand, moves[0]["custom_id"]))
                    break
            await w.discord.wait_for(lambda: footer(table)[1] > version, timeout=10, what="the table after the move")
            shown_again = PAIRS_EMOJI.findall(table.text)
            assert shown_again, table.text
            for name, emoji_id in shown_again:
                emoji = w.discord.app_emoji(name)
                assert emoji is not None and str(emoji.id) == emoji_id
        assert len(w.discord.app_emojis) == len(manifest.emojis) + 1  # the cards and the parrot
        w.discord.assert_clean()


async def test_refused_uploads_leave_text_faces_and_the_bot_plays_on(tmp_path: Path) -> None:
    async with world(tmp_path) as w:
        w.discord.fail_next("POST", EMOJI_ROUTE, status=403, code=50013, times=200)
        async with w.running(CARDROOM_EMOJIS="1"):
            await synced(w, tmp_path / "bot.log")
            assert emoji_requests(w, "POST") == 1  # stopped at the first refusal
            table = await pairs_table(w)
            assert TILE.search(table.text) and "<:" not in table.text, table.text
        log = (tmp_path / "bot.log").read_text(encoding="utf-8")
        assert log.count("Stopped uploading card emojis") == 1 and "50013" in log
        w.discord.assert_clean()


async def test_turned_off_the_bot_never_asks(tmp_path: Path) -> None:
    async with world(tmp_path) as w, w.running(CARDROOM_EMOJIS="0"):
        table = await pairs_table(w)
        assert TILE.search(table.text) and "<:" not in table.text, table.text
        assert emoji_requests(w, "GET") == emoji_requests(w, "POST") == 0
        assert "Card emojis are turned off" in (tmp_path / "bot.log").read_text(encoding="utf-8")
