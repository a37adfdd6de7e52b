"""Leagues: a server's competition over rounds of tables (the rules are `bot.leagues`; this is their service)."""

from bot.services.leagues.scheduler import LeagueScheduler
from bot.services.leagues.service import LeagueService, Progress

__all__ = ["LeagueScheduler", "LeagueService", "Progress"]
