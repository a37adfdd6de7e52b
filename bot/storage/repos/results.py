"""Results: the standings each game stored, and what is read from them (leaderboards, history, stats)."""

from __future__ import annotations

from typing import Final

from bot import ratings
from bot.seating import COMPUTER_IDS
from bot.storage._driver import Row
from bot.storage.records import HistoryRow, LeaderOrder, LeaderRow, MeasureOrder, ResultRow, StatsRow
from bot.storage.repos._base import Repository

_LEADER_ORDER: Final[dict[str, tuple[str, ...]]] = {
    "rating": ("provisional", "conservative", "wins", "games"),
    "wins": ("wins", "average", "games"),
    "games": ("games", "wins", "average"),
    "measure": ("average", "wins", "games"),
}


class ResultRepository(Repository):
    async def results(self, table_id: int) -> list[ResultRow]:
        """The stored standings of one game, by seat (empty if it has none)."""
        async with self._reading() as conn:
            rows = await conn.fetch(
                "SELECT seat, user_id, name, place, won, measure, clocked_out FROM results WHERE table_id = ?"
                " ORDER BY seat",
                (table_id,),
            )
            return [
                ResultRow(
                    seat=row["seat"],
                    user_id=row["user_id"],
                    name=row["name"],
                    place=row["place"],
                    won=bool(row["won"]),
                    measure=row["measure"],
                    clocked_out=bool(row["clocked_out"]),
                )
                for row in rows
            ]

    async def leaderboard(
        self,
        *,
        guild_id: int | None,
        game: str,
        order: LeaderOrder,
        limit: int = 10,
        measure_order: MeasureOrder = "high",
        aged: bool = False,
    ) -> list[LeaderRow]:
        """Top players of `game` in `guild_id` (None: games played outside any guild), finished games only.

        Each player's measure is their average per game (a total would favour whoever plays most).
        Sorted by `order`, ties broken by the other two of wins/games/measure, then by user id.
        Wins and games count down; the average counts down when more is better (`measure_order`
        "high": chips won) and up when fewer is better ("low": cards left). "rating" ranks by the
        conservative rating μ − 3σ, the provisional players (fewer than `bot.ratings.PROVISIONAL_GAMES`
        rated games) after all the others; a player with no rating has a newcomer's.

        `aged`: the ratings are aged to now, by the clock that dated them (`bot.ratings.aged`: σ grows with the
        time since each player's last rated game), and ranked so; otherwise they are shown as stored.
        """
        if order not in _LEADER_ORDER:
            raise ValueError(f"unknown leaderboard order {order!r}")
        if measure_order not in ("high", "low"):
            raise ValueError(f"unknown measure order {measure_order!r}")
        measure_dir = "DESC" if measure_order == "high" else "ASC"
        directions = {"average": measure_dir, "provisional": "ASC"}
        terms = [f"{col} {directions.get(col, 'DESC')}" for col in _LEADER_ORDER[order]]
        now = self._db._clock() if aged else None
        aging = aged and order == "rating"  # every row is read, aged, then ranked
        start = ratings.INITIAL
        async with self._reading() as conn:
            rows = await conn.fetch(
                "WITH scoped AS ("
                " SELECT r.table_id, r.user_id, r.name, r.won, r.measure, r.place,"
                "  ROW_NUMBER() OVER (PARTITION BY r.user_id ORDER BY r.finished_at DESC, r.table_id DESC) AS recency"
                " FROM results AS r JOIN tables AS g ON g.id = r.table_id"
                f" WHERE r.guild_id {self._sql.same} ? AND r.game = ? AND g.status = 'finished')"
                " , board AS (SELECT user_id, MAX(CASE WHEN recency = 1 THEN name END) AS name,"
                # a computer level may sit at several seats of one game: it played and won that game once
                "  COUNT(DISTINCT table_id) AS games, COUNT(DISTINCT CASE WHEN won = 1 THEN table_id END) AS wins,"
                "  AVG(measure) AS average, MIN(place) AS best_place"
                "  FROM scoped GROUP BY user_id)"
                " , rated AS (SELECT b.*, COALESCE(k.mu, ?) AS mu, COALESCE(k.sigma, ?) AS sigma,"
                "  COALESCE(k.games, 0) AS rated, k.updated_at AS rated_at FROM board AS b LEFT JOIN ratings AS k"
                f"  ON k.guild_id = ? AND k.game = ? AND k.player = {_holder_sql('b.user_id')})"
                " SELECT *, mu - ? * sigma AS conservative, rated < ? AS provisional"
                f" FROM rated ORDER BY {', '.join(terms)}, user_id{'' if aging else ' LIMIT ?'}",
                (
                    guild_id,
                    game,
                    start.mu,
                    start.sigma,
                    ratings.guild_key(guild_id),
                    game,
                    ratings.CONFIDENCE,
                    ratings.PROVISIONAL_GAMES,
                    *(() if aging else (limit,)),
                ),
            )
        board = [
            LeaderRow(
                user_id=row["user_id"],
                name=row["name"],
                games=row["games"],
                wins=row["wins"],
                average=float(row["average"]),
                best_place=row["best_place"],
                mu=float(row["mu"]),
                sigma=_aged_sigma(row, now),
                rated=int(row["rated"]),
            )
            for row in rows
        ]
        if aging:  # ranked by the aged conservative rating: in Python (σ' is a square root)
            board.sort(
                key=lambda r: (r.rated < ratings.PROVISIONAL_GAMES, -r.conservative, -r.wins, -r.games, r.user_id)
            )
        return board[:limit]

    async def history(self, *, guild_id: int | None, user_id: int, limit: int = 10) -> list[HistoryRow]:
        """A user's most recent finished games in `guild_id` (None: outside any guild), newest first."""
        async with self._reading() as conn:
            rows = await conn.fetch(
                "SELECT r.table_id, r.game, r.seat, r.place, r.won, r.measure, r.finished_at,"
                " (SELECT COUNT(*) FROM results AS o WHERE o.table_id = r.table_id) AS players"
                " FROM results AS r JOIN tables AS g ON g.id = r.table_id"
                f" WHERE r.user_id = ? AND r.guild_id {self._sql.same} ? AND g.status = 'finished'"
                " ORDER BY r.finished_at DESC, r.table_id DESC LIMIT ?",
                (user_id, guild_id, limit),
            )
            return [
                HistoryRow(
                    table_id=row["table_id"],
                    game=row["game"],
                    seat=row["seat"],
                    players=row["players"],
                    place=row["place"],
                    won=bool(row["won"]),
                    measure=row["measure"],
                    finished_at=row["finished_at"],
                )
                for row in rows
            ]

    async def stats(self, *, guild_id: int | None, user_id: int, aged: bool = False) -> list[StatsRow]:
        """A user's record in each game they finished in `guild_id`: games, wins, rating, and their rank on that
        game's rating leaderboard in the server (ranked as `leaderboard(order="rating", aged=aged)` ranks: the
        ratings aged to now when `aged`), most played first.

        Two reads: everyone's games and wins in the games the user played there, then those games' ratings.
        """
        async with self._reading() as conn:
            rows = await conn.fetch(
                "SELECT r.game, r.user_id, COUNT(DISTINCT r.table_id) AS games,"
                " COUNT(DISTINCT CASE WHEN r.won = 1 THEN r.table_id END) AS wins"
                " FROM results AS r JOIN tables AS g ON g.id = r.table_id"
                f" WHERE r.guild_id {self._sql.same} ? AND g.status = 'finished' AND r.game IN"
                "  (SELECT DISTINCT m.game FROM results AS m JOIN tables AS n ON n.id = m.table_id"
                f"   WHERE m.user_id = ? AND m.guild_id {self._sql.same} ? AND n.status = 'finished')"
                " GROUP BY r.game, r.user_id",
                (guild_id, user_id, guild_id),
            )
            boards: dict[str, list[tuple[int, int, int]]] = {}
            for row in rows:
                boards.setdefault(str(row["game"]), []).append(
                    (int(row["user_id"]), int(row["games"]), int(row["wins"]))
                )
            if not boards:
                return []
            marks = ", ".join("?" for _ in boards)
            rated = await conn.fetch(
                "SELECT game, player, mu, sigma, games, updated_at FROM ratings"
                f" WHERE guild_id = ? AND game IN ({marks})",
                (ratings.guild_key(guild_id), *boards),
            )
        now = self._db._clock() if aged else None
        held = {
            (str(r["game"]), str(r["player"])): ratings.aged(
                ratings.Rating(r["mu"], r["sigma"], r["games"]), 0.0 if now is None else now - float(r["updated_at"])
            )
            for r in rated
        }
        found = []
        for game, players in boards.items():
            board = []
            for player, games, wins in players:
                rating = held.get((game, ratings.holder(player)), ratings.INITIAL)
                board.append((rating.provisional, -rating.conservative, -wins, -games, player, rating))
            board.sort(key=lambda entry: entry[:5])
            for rank, (_, _, wins, games, player, rating) in enumerate(board, 1):
                if player == user_id:
                    found.append(
                        StatsRow(
                            game=game,
                            games=-games,
                            wins=-wins,
                            mu=rating.mu,
                            sigma=rating.sigma,
                            rated=rating.games,
                            rank=rank,
                            ranked=len(board),
                        )
                    )
        return sorted(found, key=lambda row: (-row.games, row.game))


def _aged_sigma(row: Row, now: float | None) -> float:
    """A leaderboard row's σ, grown by the time since its player's last rated game when `now` is given."""
    sigma = float(row["sigma"])
    if now is None or row["rated_at"] is None:
        return sigma
    return ratings.aged(ratings.Rating(float(row["mu"]), sigma), now - float(row["rated_at"])).sigma


def _holder_sql(column: str) -> str:
    """SQL for the rating holder of the user id in `column` (`bot.ratings.holder`, for the computer levels too)."""
    levels = " ".join(f"WHEN {user_id} THEN 'cpu:{level}'" for level, user_id in COMPUTER_IDS.items())
    return f"(CASE {column} {levels} ELSE CAST({column} AS TEXT) END)"
