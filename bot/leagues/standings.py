"""A league's points and standings.

Points by place at a table: a seat gets one point per seat it placed ahead of and half a point per seat it tied with
(two players: win 1, tie ½, loss 0; three players: 2, 1, 0). A bye scores as a win at a table of the league's size,
`size - 1` (chess's convention: a bye is a won game). A forfeiter scores 0 and the players who did not forfeit score
as if they had tied with one another above the forfeiters; when everyone forfeits (a table nobody moved in), everyone
scores 0.

Standings order: points; then opponents' points (Buchholz: the sum of the final points of every opponent at every
table met, once per meeting; a bye adds nothing); then head-to-head, the results among the players still tied (below);
then a shared rank, equal rows shown by user id.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Collection, Iterable, Sequence
from dataclasses import dataclass
from itertools import combinations


def points(places: Sequence[int]) -> tuple[float, ...]:
    """Each seat's points from the game's places (1 is the best; equal places are a tie and share)."""
    return tuple(
        sum(
            1.0 if mine < theirs else 0.5 if mine == theirs else 0.0
            for other, theirs in enumerate(places)
            if other != seat
        )
        for seat, mine in enumerate(places)
    )


def bye_points(size: int) -> float:
    """A bye's points in a league of tables of `size`: a win at such a table."""
    return float(size - 1)


def forfeit_points(forfeited: Sequence[bool]) -> tuple[float, ...]:
    """Each seat's points at a table decided by forfeit: 0 for a forfeiter (and for all, if all forfeit); the others
    place first together, ahead of every forfeiter."""
    if all(forfeited):
        return tuple(0.0 for _ in forfeited)
    return tuple(
        0.0 if lost else score
        for lost, score in zip(forfeited, points([2 if lost else 1 for lost in forfeited]), strict=True)
    )


@dataclass(frozen=True)
class TableScore:
    """A decided table of a round: its players and the points each scored there (a bye: one player, `bye` set)."""

    round: int
    players: tuple[int, ...]
    points: tuple[float, ...]
    bye: bool = False

    def __post_init__(self) -> None:
        if len(self.players) != len(self.points):
            raise ValueError("a table score needs one score per player")
        if len(set(self.players)) != len(self.players):
            raise ValueError("a player sits twice at the same table")
        if self.bye and len(self.players) != 1:
            raise ValueError("a bye is one player's")
        if not self.bye and len(self.players) < 2:
            raise ValueError("a table has at least 2 players")

    @classmethod
    def from_places(cls, round: int, players: Sequence[int], places: Sequence[int]) -> TableScore:
        """A table played to its end: `places[seat]` is the game's place of `players[seat]`."""
        return cls(round=round, players=tuple(players), points=points(places))

    @classmethod
    def from_forfeits(cls, round: int, players: Sequence[int], forfeiters: Collection[int]) -> TableScore:
        """A table decided by forfeit: `forfeiters` (user ids) forfeited it, possibly all of them."""
        return cls(round=round, players=tuple(players), points=forfeit_points([p in forfeiters for p in players]))

    @classmethod
    def for_bye(cls, round: int, player: int, size: int) -> TableScore:
        """A bye in a league of tables of `size`."""
        return cls(round=round, players=(player,), points=(bye_points(size),), bye=True)


@dataclass(frozen=True)
class Row:
    """One player's line of the standings. `head_to_head` is 0 for a player tied with nobody on the first two keys."""

    rank: int
    user_id: int
    points: float
    opponents_points: float
    head_to_head: float
    played: int
    byes: int


def standings(players: Sequence[int], tables: Iterable[TableScore]) -> tuple[Row, ...]:
    """The standings of `players` (the league's field) after the decided `tables`, best first.

    A player absent from `players` (one who left the league) is not ranked, but the points they scored still count in
    their opponents' opponents' points. Head-to-head, within a group still tied on points and opponents' points: at
    every table where two or more of the group sat, each of them scores against each other one of them as the table's
    points rank them (more points: 1, equal: ½, fewer: 0), which at a table of two is the points scored there.
    """
    scores = list(tables)
    total: defaultdict[int, float] = defaultdict(float)
    for score in scores:
        for player, scored in zip(score.players, score.points, strict=True):
            total[player] += scored
    opponents: defaultdict[int, float] = defaultdict(float)
    played: defaultdict[int, int] = defaultdict(int)
    byes: defaultdict[int, int] = defaultdict(int)
    for score in scores:
        for player in score.players:
            if score.bye:
                byes[player] += 1
                continue
            played[player] += 1
            opponents[player] += sum(total[other] for other in score.players if other != player)
    groups: defaultdict[tuple[float, float], list[int]] = defaultdict(list)
    for player in players:
        groups[(total[player], opponents[player])].append(player)
    head_to_head: dict[int, float] = {}
    for group in groups.values():
        head_to_head.update(_among(group, scores) if len(group) > 1 else {group[0]: 0.0})
    keyed = sorted(players, key=lambda p: (-total[p], -opponents[p], -head_to_head[p], p))
    rows = []
    for player in keyed:
        key = (total[player], opponents[player], head_to_head[player])
        rank = 1 + sum(1 for other in players if (total[other], opponents[other], head_to_head[other]) > key)
        rows.append(
            Row(
                rank=rank,
                user_id=player,
                points=total[player],
                opponents_points=opponents[player],
                head_to_head=head_to_head[player],
                played=played[player],
                byes=byes[player],
            )
        )
    return tuple(rows)


def _among(group: list[int], scores: list[TableScore]) -> dict[int, float]:
    """Each player's results against the others of `group`, at the tables they shared."""
    members = set(group)
    result = dict.fromkeys(group, 0.0)
    for score in scores:
        if score.bye:
            continue
        seats = [seat for seat, player in enumerate(score.players) if player in members]
        for a, b in combinations(seats, 2):
            mine, theirs = score.points[a], score.points[b]
            result[score.players[a]] += 1.0 if mine > theirs else 0.5 if mine == theirs else 0.0
            result[score.players[b]] += 1.0 if theirs > mine else 0.5 if theirs == mine else 0.0
    return result
