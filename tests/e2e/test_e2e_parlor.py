"""/away, /turns, /notify and /cardroom through the real bot process and the loopback Discord stand-in."""

from __future__ import annotations

import re
from pathlib import Path

from tests.e2e.e2e_support import answered, footer, start_game, world
from tools.standin import Perm


async def test_a_players_turns_away_time_and_a_manager_ending_a_table(tmp_path: Path) -> None:
    async with world(tmp_path) as w, w.running():
        manager = w.discord.add_user("owner", locale="fr", permissions=Perm.MANAGE_GUILD)
        lobby = await answered(await w.discord.slash(w.alice, w.channel, "play", {"game": "pairs"}))
        table_id, _ = footer(lobby)
        lobby = await answered(await w.discord.click(w.bob, lobby, f"lobby:{table_id}:join"))
        table = await start_game(w, w.alice, lobby)

        inboxes = {
            user.name: (await answered(await w.discord.slash(user, w.channel, "turns"))).text
            for user in (w.alice, w.bob)
        }
        assert all(f"/{w.channel.id}/{table.id})" in text for text in inboxes.values())
        acting = w.alice if "**Your move** (1)" in inboxes["alice"] else w.bob
        assert re.search(r"⏰ <t:\d+:R>", inboxes[acting.name])

        away = await answered(await w.discord.slash(acting, w.channel, "away", {"days": "2"}))
        assert away.ephemeral and re.search(r"<t:\d+:f> \(<t:\d+:R>\)", away.text)
        assert "8 days (of 10 days)" in away.text or "8 jours (sur 10 jours)" in away.text
        notify = await answered(await w.discord.slash(w.alice, w.channel, "notify", {"mode": "both"}))
        assert notify.ephemeral and "in the channel and by direct message" in notify.text

        saved = await answered(
            await w.discord.slash(manager, w.channel, "cardroom defaults", {"pace": "live", "lobby_hours": 6})
        )
        assert saved.ephemeral and "Enregistré" in saved.text and "En direct" in saved.text
        listed = await answered(await w.discord.slash(manager, w.channel, "cardroom tables"))
        assert f"`#{table_id}`" in listed.text and "en cours" in listed.text
        choices = await w.discord.autocomplete(manager, w.channel, "cardroom end", "table", "")
        await choices.response()
        assert [choice["value"] for choice in choices.choices or []] == [table_id]

        ended = await answered(await w.discord.slash(manager, w.channel, "cardroom end", {"table": table_id}))
        assert ended.ephemeral and "est terminée" in ended.text
        notice = await w.discord.wait_for_message(w.channel, lambda m: "server manager" in m.content)
        assert not notice.ephemeral and "🛑" in notice.content
        await w.discord.wait_for(
            lambda: "ended before its finish" in (w.discord.get_message(table.id) or table).text,
            timeout=10,
            what="ended table",
        )
        w.discord.assert_clean()
