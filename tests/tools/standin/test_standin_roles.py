"""A member's roles through REST (`PUT`/`DELETE /guilds/{guild}/members/{user}/roles/{role}`), as Discord checks
them: the bot needs Manage Roles and may manage only the roles below its highest one."""

from __future__ import annotations

import aiohttp

from tests.tools.standin.support import RawRest, World
from tools.standin import Perm, StandIn


async def test_the_bot_gives_and_takes_a_role_below_its_own_with_manage_roles(standin: StandIn, world: World) -> None:
    guild = world.guild
    bot_role = next(role for role in guild.roles if role.managed)
    champion = standin.add_role(guild, "Champion")
    path = f"/guilds/{guild.id}/members/{world.alice.id}/roles/{champion.id}"
    async with aiohttp.ClientSession() as http:
        rest = RawRest(standin, http)
        status, body, _ = await rest.request("PUT", path)
        assert (status, body["code"]) == (403, 50013)  # no Manage Roles
        bot_role.permissions |= Perm.MANAGE_ROLES
        assert (await rest.request("PUT", path))[1]["code"] == 50013  # the role is above the bot's own
        champion.position, bot_role.position = 1, 2
        assert (await rest.request("PUT", path))[0] == 204
        assert champion in guild.members[world.alice.id].roles
        assert (await rest.request("PUT", path))[0] == 204  # already held: nothing changes
        assert guild.members[world.alice.id].roles.count(champion) == 1
        assert (await rest.request("DELETE", path))[0] == 204
        assert champion not in guild.members[world.alice.id].roles
        assert (await rest.request("DELETE", path))[0] == 204  # not held: nothing to take
        everyone = f"/guilds/{guild.id}/members/{world.alice.id}/roles/{guild.everyone.id}"
        assert (await rest.request("PUT", everyone))[1]["code"] == 50013
        managed = f"/guilds/{guild.id}/members/{world.alice.id}/roles/{bot_role.id}"
        assert (await rest.request("PUT", managed))[1]["code"] == 50013
        unknown_member = f"/guilds/{guild.id}/members/42/roles/{champion.id}"
        assert (await rest.request("PUT", unknown_member))[:2] == (404, {"message": "Unknown Member", "code": 10007})
        unknown_role = f"/guilds/{guild.id}/members/{world.alice.id}/roles/42"
        assert (await rest.request("DELETE", unknown_role))[:2] == (404, {"message": "Unknown Role", "code": 10011})
    assert standin.violations == []
