"""From a league's stored seatings to its standings and its next round (pure: no I/O).

The league's rules are `bot.leagues` (pairing, points, standings); this module feeds them what the database
holds: the decided seatings become `TableScore`s, the past tables the meetings Swiss avoids repeating, and the
byes who had one.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from bot.leagues.pairing import Round, meetings, round_robin, swiss_round
from bot.leagues.standings import Row, TableScore, bye_points, standings
from bot.storage.repos.leagues import Entrant, League, Seating


def scores(seatings: Sequence[Seating]) -> list[TableScore]:
    """The decided seatings as the standings read them (pending ones are left out)."""
    decided: list[TableScore] = []
    for seating in seatings:
        if seating.outcome == "pending" or seating.points is None:
            continue
        points = tuple(seating.points.get(player, 0.0) for player in seating.players)
        bye = seating.outcome == "bye"
        if not bye and len(seating.players) < 2:
            continue
        decided.append(TableScore(round=seating.round, players=seating.players, points=points, bye=bye))
    return decided


def table_of(league: League, entrants: Sequence[Entrant], seatings: Sequence[Seating]) -> tuple[Row, ...]:
    """The league's standings: every entrant still in it, best first."""
    return standings([e.user_id for e in entrants if e.left_at is None], scores(seatings))


def first_order(entrants: Sequence[Entrant], ratings: Mapping[int, float]) -> list[int]:
    """Round one's standing: by the server's rating of the game (conservative, best first), then who joined first."""
    playing = [e for e in entrants if e.left_at is None]
    joined = {e.user_id: index for index, e in enumerate(playing)}
    return sorted(joined, key=lambda user: (-ratings.get(user, 0.0), joined[user]))


def next_round(
    league: League,
    entrants: Sequence[Entrant],
    seatings: Sequence[Seating],
    number: int,
    ratings: Mapping[int, float],
    min_size: int,
) -> Round:
    """The seating of round `number` (1 is the first)."""
    active = [e.user_id for e in entrants if e.left_at is None]
    if league.format == "round_robin":
        schedule = round_robin([e.user_id for e in entrants], league.table_size, min_size=min_size)
        planned = schedule[number - 1] if number - 1 < len(schedule) else Round(tables=(), byes=())
        return _without_leavers(planned, set(active), min_size)
    if number == 1:
        order = first_order(entrants, ratings)
    else:
        order = [row.user_id for row in table_of(league, entrants, seatings)]
    past = [s.players for s in seatings if s.outcome != "bye" and len(s.players) >= 2]
    byes = [s.players[0] for s in seatings if s.outcome == "bye"]
    firsts: dict[int, int] = {}
    for players in past:
        firsts[players[0]] = firsts.get(players[0], 0) + 1
    return swiss_round(order, league.table_size, meetings(past), byes, min_size=min_size, first_seats=firsts)


def _without_leavers(planned: Round, active: set[int], min_size: int) -> Round:
    """A round-robin's planned round with the players who left taken out: a table left too small gives byes."""
    tables: list[tuple[int, ...]] = []
    byes = [player for player in planned.byes if player in active]
    for table in planned.tables:
        staying = tuple(player for player in table if player in active)
        if len(staying) >= min_size:
            tables.append(staying)
        else:
            byes.extend(staying)
    return Round(tables=tuple(tables), byes=tuple(byes))


def seat(league: League, number: int, planned: Round) -> list[Seating]:
    """The seatings a planned round stores: its tables, then its byes (scored at once)."""
    seatings = [Seating(league.id, number, slot, players) for slot, players in enumerate(planned.tables)]
    start = len(seatings)
    points = bye_points(league.table_size)
    seatings += [
        Seating(league.id, number, start + index, (player,), outcome="bye", points={player: points})
        for index, player in enumerate(planned.byes)
    ]
    return seatings


def rounds_of(league: League, entrants: Sequence[Entrant], min_size: int) -> int:
    """How many rounds the league plays: a round-robin's schedule decides it; Swiss plays the rounds asked."""
    if league.format == "round_robin":
        return max(1, len(round_robin([e.user_id for e in entrants], league.table_size, min_size=min_size)))
    return league.rounds
