"""The lobby, the end of a game and its rematch, a busy channel, long input: through the real bot process.

* The lobby says how many players the game takes and how many sit, shows no move counter, and enables
  Start only once enough players are seated; its options are the host's, in a private panel with the
  table's language (a non-host is told politely who chooses).
* The end is told in one short message that mentions the players, with the winner(s) and a link; the
  final table shows the standings and a Rematch button that seats the same players again, in one click.
* A /play in a busy channel offers to open the table in a new thread (or says which permission is missing).
* A game name of thousands of characters is echoed clipped, and every answer fits in a message.
"""

from __future__ import annotations

import random
import re
from pathlib import Path

from tests.e2e.e2e_support import World, answered, button, footer, lobby_in_step, play_game, start_game, world
from tests.e2e.test_e2e_pairs_game import hit_mostly
from tools.standin import Perm
from tools.standin.model import Channel, Message

THREAD_MENTION = re.compile(r"<#(\d+)>")


def current(w: World, message: Message) -> Message:
    return w.discord.get_message(message.id) or message


def component(message: Message, custom_id: str) -> dict[str, object]:
    return message.component(custom_id)


async def test_lobby_start_rule_host_options_table_language_the_end_and_a_rematch(tmp_path: Path) -> None:
    async with world(tmp_path) as w, w.running():
        users = {"alice": w.alice, "bob": w.bob}
        lobby = await answered(await w.discord.slash(w.alice, w.channel, "play", {"game": "pairs"}))
        table_id, _ = footer(lobby)
        assert "2–8 players · 1 seated" in lobby.text and f"Table #{table_id}" in lobby.text
        assert "move" not in lobby.embeds[0]["footer"]["text"]  # no move counter in a lobby
        assert component(lobby, f"lobby:{table_id}:start").get("disabled")  # alone: Start waits for a player
        assert not lobby.selects  # no menu everyone could click

        # Bob (French) is no host: he is told who chooses, privately, and nothing changes.
        version = w.version(table_id)
        refused = await answered(await w.discord.click(w.bob, lobby, f"lobby:{table_id}:options"))
        assert refused.ephemeral and refused.visible_to == w.bob.id
        assert "Seule la personne qui accueille cette table, alice," in refused.content
        assert w.version(table_id) == version

        # Alice's private panel: the game's options and the table's language.
        panel = await answered(await w.discord.click(w.alice, lobby, f"lobby:{table_id}:options"))
        assert panel.ephemeral and panel.visible_to == w.alice.id and "you host this table" in panel.content
        panel = await answered(await w.discord.select(w.alice, panel, f"option:{table_id}:ending", ["norland"]))
        panel = await answered(await w.discord.select(w.alice, panel, f"option:{table_id}:games", ["1"]))
        panel = await answered(await w.discord.select(w.alice, panel, f"language:{table_id}", ["fr"]))
        assert panel.ephemeral and "you host this table" in panel.content  # still in Alice's own language
        await lobby_in_step(w, table_id)
        lobby = current(w, lobby)
        assert "Langue de la table\u00a0: **Français**" in lobby.text and "Norland" in lobby.text
        assert "De 2 à 8 places · 1 occupée" in lobby.text  # the public lobby speaks the table's language

        lobby = await answered(await w.discord.click(w.bob, lobby, f"lobby:{table_id}:join"))
        assert "De 2 à 8 places · 2 occupées" in lobby.text
        assert not component(lobby, f"lobby:{table_id}:start").get("disabled")
        table = await start_game(w, w.alice, lobby)
        assert table.id == lobby.id and "En attente de" in table.text

        final = await play_game(w, table, users, random.Random(4), choose=hit_mostly)
        assert "Classement final" in final.text
        assert [c["custom_id"] for c in final.buttons] == [f"rematch:{table_id}"]
        ended = await w.discord.wait_for_message(w.channel, lambda m: m.content.startswith("🏁"))
        assert "Partie de **Paires** terminée." in ended.content and "Victoire de <@" in ended.content
        assert f"/{w.channel.id}/{final.id}" in ended.content  # a link to the final table
        assert not ended.embeds and len(ended.content) <= 2000
        assert set(ended.pinged_user_ids) == {w.alice.id, w.bob.id}  # the players, and only them

        # Only a player of the table can open its rematch.
        outsider = await answered(await w.discord.click(w.dan, final, f"rematch:{table_id}"))
        assert outsider.ephemeral and "Only the players of this table" in outsider.content

        # Bob's click: a new lobby below, the same players in the same order, the same options, Bob hosting.
        rematch = await answered(await w.discord.click(w.bob, final, f"rematch:{table_id}"))
        assert not rematch.ephemeral and rematch.id != final.id
        new_id, _ = footer(rematch)
        assert new_id != table_id and f"lobby:{new_id}:join" in rematch.custom_ids
        assert rematch.text.index("alice") < rematch.text.index("bob 👑")  # seats in order, the host crowned
        assert "De 2 à 8 places · 2 occupées" in rematch.text and "Norland" in rematch.text
        assert "<@" in rematch.content and w.alice.id in rematch.pinged_user_ids
        assert not component(rematch, f"lobby:{new_id}:start").get("disabled")
        # A second click finds the channel busy with that rematch: a link to it, nothing new.
        await w.discord.wait_for(lambda: message_of(w, new_id) == rematch.id, timeout=10, what="rematch stored")
        again = await answered(await w.discord.click(w.alice, final, f"rematch:{table_id}"))
        assert again.ephemeral and f"/{w.channel.id}/{rematch.id}" in again.content
        assert len([m for m in w.discord.channel_messages(w.channel) if f"lobby:{new_id}:join" in m.custom_ids]) == 1
        not_host = await answered(await w.discord.click(w.alice, rematch, f"lobby:{new_id}:start"))
        assert not_host.ephemeral
        table = await answered(await w.discord.click(w.bob, rematch, f"lobby:{new_id}:start"))
        assert table.id == rematch.id and "En attente de" in table.text
        await w.discord.wait_for(
            lambda: not current(w, table).content, timeout=10, what="the rematch's line cleared once it started"
        )
        w.discord.assert_clean()


def message_of(w: World, table_id: int) -> int | None:
    """The table message the bot stored for a game."""
    rows = w.query("SELECT table_message_id FROM tables WHERE id = ?", table_id)
    return rows[0][0] if rows else None


def thread_of(w: World, answer: Message) -> Channel:
    match = THREAD_MENTION.search(answer.content)
    assert match, answer.content
    channel = w.discord.find_channel(int(match[1]))
    assert channel is not None and channel.is_thread
    return channel


async def test_a_busy_channel_offers_to_open_the_table_in_a_new_thread(tmp_path: Path) -> None:
    async with world(tmp_path) as w, w.running():
        await answered(await w.discord.slash(w.alice, w.channel, "play", {"game": "pairs"}))
        busy = await answered(await w.discord.slash(w.carol, w.channel, "play", {"game": "zombie"}))
        assert busy.ephemeral and "already running" in busy.content and "new thread" in busy.content
        opened = await answered(await w.discord.click(w.carol, busy, button(busy, "thread:zombie")))
        assert opened.id == busy.id and "Your table is open in <#" in opened.content and not opened.buttons
        thread = thread_of(w, opened)
        assert thread.parent_id == w.channel.id and "Zombie Life" in thread.name
        [lobby] = w.discord.channel_messages(thread)
        table_id, _ = footer(lobby)
        assert "Zombie Life" in lobby.text and f"lobby:{table_id}:join" in lobby.custom_ids
        joined = await answered(await w.discord.click(w.bob, lobby, f"lobby:{table_id}:join"))
        assert "2 seated" in joined.text or "2 occupées" in joined.text

        # Without Create Public Threads, the refusal says which permission is missing and offers no button.
        offered = await answered(await w.discord.slash(w.dan, w.channel, "play", {"game": "pairs"}))
        assert offered.buttons  # offered while the bot may still create threads
        guild = w.channel.guild
        assert guild is not None
        for role in guild.roles:
            role.permissions &= ~Perm.CREATE_PUBLIC_THREADS
        refused = await answered(await w.discord.slash(w.dan, w.channel, "play", {"game": "pairs"}))
        assert "Create Public Threads" in refused.content and not refused.buttons
        # The button offered before the permission went: the click is refused politely, and no thread is made.
        threads = len(guild.threads)
        late = await answered(await w.discord.click(w.dan, offered, "thread:pairs"))
        assert late.ephemeral and "Create Public Threads" in late.content and len(guild.threads) == threads
        w.discord.assert_clean()


async def test_a_game_name_thousands_of_characters_long_is_answered_clipped(tmp_path: Path) -> None:
    async with world(tmp_path) as w, w.running():
        typed = "pairs" + "é" * 1995  # 2,000 characters, the most Discord lets anyone type
        for locale in ("en-US", "fr"):
            answer = await answered(await w.discord.slash(w.alice, w.channel, "play", {"game": typed}, locale=locale))
            text = answer.content
            assert text.startswith("⚠️") and len(text) <= 2000 and typed not in text
            assert ("There is no game called" in text) or ("Il n’y a pas de jeu nommé" in text)
            assert "é" * 90 in text and "é" * 101 not in text  # echoed, clipped to 100 characters
        for command in ("rules", "leaderboard"):
            answer = await answered(await w.discord.slash(w.bob, w.channel, command, {"game": typed}))
            assert answer.content.startswith("⚠️") and len(answer.content) <= 2000 and typed not in answer.content
        assert not w.discord.channel_messages(w.channel)  # nothing was opened
        assert w.query("SELECT COUNT(*) FROM tables") == [(0,)]
        w.discord.assert_clean()
