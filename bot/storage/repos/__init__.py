"""The database's repositories, one per concern, each over the one `Database` (its driver and transaction):
`db.tables`, `db.deadlines`, `db.ratings`, `db.results`, `db.players`, `db.servers`, `db.emojis`."""

from bot.storage.repos.deadlines import DeadlineRepository
from bot.storage.repos.emojis import EmojiRepository
from bot.storage.repos.leagues import LeagueRepository
from bot.storage.repos.players import PlayerRepository
from bot.storage.repos.premoves import PreMoveRepository
from bot.storage.repos.ratings import RatingRepository
from bot.storage.repos.results import ResultRepository
from bot.storage.repos.seasons import SeasonRepository
from bot.storage.repos.servers import ServerRepository
from bot.storage.repos.tables import TableRepository

__all__ = [
    "DeadlineRepository",
    "EmojiRepository",
    "LeagueRepository",
    "PlayerRepository",
    "PreMoveRepository",
    "RatingRepository",
    "ResultRepository",
    "SeasonRepository",
    "ServerRepository",
    "TableRepository",
]
