"""A season's end through the real bot process and the loopback Discord stand-in: a manager turns monthly seasons on
with `/cardroom season`; the bot stops; last month's games are in the database and the season's end fell due
meanwhile; at the next start the season is closed once, its final standings posted in the channel chosen, and the
champion role moved from the previous champion to the winner; `/leaderboard season:` reads it back."""

from __future__ import annotations

import calendar
import json
import time
from datetime import UTC, datetime
from pathlib import Path

from tests.e2e.e2e_support import answered, world
from tools.standin import Perm


def month_start(when: float) -> float:
    moment = datetime.fromtimestamp(when, UTC)
    return float(calendar.timegm((moment.year, moment.month, 1, 0, 0, 0)))


def key_of(when: float) -> str:
    moment = datetime.fromtimestamp(when, UTC)
    return f"{moment.year:04d}-{moment.month:02d}"


async def test_a_season_ends_with_its_standings_posted_and_the_champion_role_moved(tmp_path: Path) -> None:
    async with world(tmp_path) as w:
        guild = w.channel.require_guild()
        bot_role = next(role for role in guild.roles if role.managed)
        bot_role.permissions |= Perm.MANAGE_ROLES
        champion = w.discord.add_role(guild, "Champion")
        champion.position, bot_role.position = 1, 2  # below the bot's own role: the bot may give it
        guild.members[w.bob.id].roles.append(champion)  # last season's champion holds it
        manager = w.discord.add_user("owner", permissions=Perm.MANAGE_GUILD)

        async with w.running():
            saved = await answered(
                await w.discord.slash(manager, w.channel, "cardroom season", {"game": "pairs", "period": "monthly"})
            )
            assert saved.ephemeral and "Saved." in saved.text and "**monthly**" in saved.text
            cardroom = next(c for c in w.discord.registered_commands() if c.name == "cardroom").payload
            season = next(o for o in cardroom["options"] if o["name"] == "season")
            assert season["name_localizations"]["fr"] == "saison"  # in the parlor's group, localised as the others
            assert [o["name"] for o in season["options"]] == ["game", "period", "channel", "role"]
        assert w.query("SELECT period FROM season_settings WHERE guild_id = ?", guild.id) == [("monthly",)]

        # Meanwhile: last month's games (Alice beat Bob twice), the season before it archived with Bob as champion,
        # the channel and role chosen, and the season's end due (the bot was down when it came).
        this_month = month_start(time.time())
        last_month, month_before = month_start(this_month - 1), month_start(month_start(this_month - 1) - 1)
        for table_id, at in ((900_001, last_month + 3600), (900_002, last_month + 7200)):
            w.execute(
                "INSERT INTO tables (id, guild_id, channel_id, game, status, host_id, seed, state, locale, created_at,"
                " updated_at, ended_at) VALUES (?, ?, ?, 'pairs', 'finished', ?, 1, '{}', 'en', ?, ?, ?)",
                table_id, guild.id, w.channel.id, w.alice.id, at, at, at,
            )  # fmt: skip
            for seat, (user, place) in enumerate(((w.alice, 1), (w.bob, 2))):
                w.execute(
                    "INSERT INTO results (table_id, seat, guild_id, game, user_id, name, place, won, measure,"
                    " finished_at) VALUES (?, ?, ?, 'pairs', ?, ?, ?, ?, 0, ?)",
                    table_id, seat, guild.id, user.id, user.name, place, int(place == 1), at,
                )  # fmt: skip
        w.execute(
            "INSERT INTO seasons (guild_id, game, season, starts_at, ends_at, standings, champion, closed_at)"
            " VALUES (?, 'pairs', ?, ?, ?, '[]', ?, ?)",
            guild.id, key_of(month_before), month_before, last_month, str(w.bob.id), last_month,
        )  # fmt: skip
        w.execute(
            "UPDATE season_settings SET channel_id = ?, role_id = ?, due_at = ? WHERE guild_id = ?",
            w.other_channel.id, champion.id, this_month, guild.id,
        )  # fmt: skip

        async with w.running("restarted"):
            key = key_of(last_month)
            posted = await w.discord.wait_for_message(w.other_channel, lambda m: f"Season {key} is over" in m.text)
            assert "final standings" in posted.text and "1. **alice**" in posted.text
            assert f"<@&{champion.id}> goes to <@{w.alice.id}>" in posted.text
            assert champion in guild.members[w.alice.id].roles and champion not in guild.members[w.bob.id].roles
            archived = w.query("SELECT champion, standings FROM seasons WHERE season = ?", key)
            assert archived[0][0] == str(w.alice.id) and json.loads(archived[0][1])[0]["name"] == "alice"
            due = w.query("SELECT due_at FROM season_settings WHERE guild_id = ?", guild.id)
            assert due == [(month_start(this_month + 32 * 86_400),)]  # the next month's end

            past = await answered(
                await w.discord.slash(w.carol, w.channel, "leaderboard", {"game": "pairs", "season": key})
            )
            assert f"season {key}: final standings" in past.text and f"<@{w.alice.id}>" in past.text
            running = await answered(
                await w.discord.slash(w.carol, w.channel, "leaderboard", {"game": "pairs", "season": "current"})
            )
            assert "No rated game this season yet." in running.text
        assert len([m for m in w.discord.channel_messages(w.other_channel) if "is over" in m.text]) == 1
        w.discord.assert_clean()
