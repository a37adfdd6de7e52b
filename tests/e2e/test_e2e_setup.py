"""Setting up: clear one-line failures for a missing or rejected token, the invite URL, command registration."""

from __future__ import annotations

import asyncio
import sys
from pathlib import Path
from urllib.parse import parse_qs, urlparse

import discord

from tests.e2e.e2e_support import TOKEN, answered, footer, start_game, world
from tests.support.zygote import BOT_ZYGOTE
from tools.standin import BotProcess


async def run_to_exit(args: list[str], env: dict[str, str], tmp: Path, name: str) -> tuple[int, str]:
    bot = BotProcess(
        [sys.executable, "-m", "bot", *args],
        env=env,
        cwd=tmp,
        log_path=tmp / f"{name}.log",
        inherit_env=True,
        zygote=BOT_ZYGOTE,  # forked as a fresh start would run: its own arguments, environment and exit code
    )
    async with bot:
        code = await bot.wait(timeout=30)
    return code, bot.output


def clean_env(**values: str) -> dict[str, str]:
    return {"DISCORD_TOKEN": "", "CARDROOM_DISCORD_TOKEN": "", **values}


async def test_missing_token_is_one_clear_line(tmp_path: Path) -> None:
    code, output = await run_to_exit(["run"], clean_env(), tmp_path, "missing")
    assert code == 2
    lines = [line for line in output.splitlines() if line.strip()]
    assert len(lines) == 1 and "DISCORD_TOKEN is not set" in lines[0], output


async def test_rejected_token_is_one_clear_line(tmp_path: Path) -> None:
    async with world(tmp_path) as w:
        env = w.env(DISCORD_TOKEN="not-the-token")
        code, output = await run_to_exit(["run"], env, tmp_path, "rejected")
        assert code == 3
        assert output.strip().splitlines()[-1].startswith("cardroom: Discord rejected DISCORD_TOKEN"), output
        assert "Traceback" not in output
        assert w.discord.auth_failures


async def test_invite_url_has_exactly_the_scopes_and_permissions(tmp_path: Path) -> None:
    async with world(tmp_path) as w:
        code, output = await run_to_exit(["invite"], w.env(), tmp_path, "invite")
        assert code == 0, output
        url = urlparse(output.strip().splitlines()[-1])
        query = parse_qs(url.query)
        assert query["client_id"] == [str(w.discord.app_id)]
        assert query["scope"][0].split() == ["bot", "applications.commands"]
        wanted = discord.Permissions(
            view_channel=True,
            send_messages=True,
            send_messages_in_threads=True,
            embed_links=True,
            read_message_history=True,
            create_public_threads=True,
        )
        assert query["permissions"] == [str(wanted.value)]
    code, output = await run_to_exit(["invite"], clean_env(CARDROOM_APPLICATION_ID="1234"), tmp_path, "offline")
    assert code == 0 and "client_id=1234" in output


async def test_commands_are_registered_localised_with_no_privileged_intent(tmp_path: Path) -> None:
    async with world(tmp_path) as w, w.running() as bot:
        commands = {c.name: c.payload for c in w.discord.registered_commands()}
        assert set(commands) == {
            "play",
            "hand",
            "log",
            "verify",
            "rules",
            "leaderboard",
            "stats",
            "history",
            "replay",
            "abort",
            "accuse",
            "notify",
            "cards",
            "away",
            "turns",
            "cardroom",
            "league",
        }
        assert commands["play"]["name_localizations"]["fr"] == "jouer"
        assert commands["league"]["name_localizations"]["fr"] == "ligue"
        assert commands["leaderboard"]["name_localizations"]["fr"] == "classement"
        assert commands["play"]["options"][0]["name_localizations"]["fr"] == "jeu"
        assert w.discord.privileged_intents_requested == []
        # Guild messages for Il Morto's speaking to the dead: not privileged (no message content).
        assert w.discord.identify_intents[-1] == discord.Intents(guilds=True, guild_messages=True).value
        assert await bot.stop() == 0  # SIGTERM: a clean, prompt exit
        assert "Stopping" in bot.output


async def test_a_thread_table_with_a_leaver_and_an_abort(tmp_path: Path) -> None:
    async with world(tmp_path) as w, w.running():
        lobby = await answered(await w.discord.slash(w.alice, w.thread, "play", {"game": "pairs"}))
        table_id, _ = footer(lobby)
        for user in (w.bob, w.carol):
            lobby = await answered(await w.discord.click(user, lobby, f"lobby:{table_id}:join"))
        table = await start_game(w, w.alice, lobby)

        question = await answered(await w.discord.click(w.carol, table, f"leave:{table_id}"))
        assert question.ephemeral and "Leave this game?" in question.text
        gone = await answered(await w.discord.click(w.carol, question, f"leave-confirm:{table_id}"))
        assert gone.id == question.id and "You left the game." in gone.text
        await w.discord.wait_for(
            lambda: "left the game" in (w.discord.get_message(table.id) or table).text, timeout=10, what="leave shown"
        )
        assert w.version(table_id) == footer(w.discord.get_message(table.id) or table)[1]

        denied = await answered(await w.discord.slash(w.bob, w.thread, "abort"))
        assert denied.ephemeral and "réservé à l’hôte" in denied.text
        ended = await answered(await w.discord.slash(w.mod, w.thread, "abort"))
        assert not ended.ephemeral and "ended by" in ended.text
        await w.discord.wait_for(
            lambda: "ended before its finish" in (w.discord.get_message(table.id) or table).text,
            timeout=10,
            what="aborted table",
        )
        assert not (w.discord.get_message(table.id) or table).buttons
        again = await answered(await w.discord.slash(w.bob, w.thread, "play", {"game": "pairs"}, locale="fr"))
        assert "Paires" in again.text  # the channel is free again
        await asyncio.sleep(0.2)
        w.discord.assert_clean()
        assert TOKEN
