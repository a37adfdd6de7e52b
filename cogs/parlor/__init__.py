"""The parlor extension: a person's own settings and turns across servers, and the server managers' commands.

/notify, /away and /turns for everyone; /cardroom (defaults, tables, end) for
those who can manage the server.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from cogs.parlor._cog import ParlorCog

if TYPE_CHECKING:
    from bot.runtime import CardroomBot


async def setup(bot: CardroomBot) -> None:
    await bot.add_cog(ParlorCog(bot))
