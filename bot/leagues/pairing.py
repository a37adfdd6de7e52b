"""Who sits with whom in a league's round: Swiss by standing, or a round-robin schedule.

Players are user ids. The rules every round follows, in both formats:
- every table has exactly `size` seats, and the remainder, `len(field) % size` players, have a bye;
- byes are fair: a bye goes to a player with the fewest byes so far (nobody gets a second one while someone of the
  field has none), and among those to the lowest standing (Swiss) or the one with the least left to play
  (round-robin);
- a field smaller than `size` plays one table of the whole field if it has at least `min_size` players (the game's
  minimum; by default `size`, so no smaller table), else nobody can sit: every player has a bye in Swiss, and a
  round-robin has no round. The service should not start a league below `min_size` players;
- seat order at a table: the players' order (standing, best first, in Swiss; the given order in a round-robin),
  rotated so that the first seat goes to the player who has had it least often (ties: the first in that order).
  `swiss_round` knows who sat first before only if it is given `first_seats`; `round_robin` counts it itself.

Everything is deterministic: the same input gives the same round, so it can be computed again after a restart.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Collection, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from itertools import combinations
from typing import Final

# The work limit of the Swiss search (in players tried at a table) and of its fallback (in moves looked at), each
# about 0.1 s of CPU: beyond it a round keeps the fewest repeats found so far.
SEARCH_BUDGET: Final = 50_000


@dataclass(frozen=True)
class Round:
    """One round: its tables (each in seat order) and the players who sit it out with a bye (best standing first)."""

    tables: tuple[tuple[int, ...], ...]
    byes: tuple[int, ...]

    def players(self) -> tuple[int, ...]:
        """Everybody in the round, at a table or with a bye."""
        return (*(player for table in self.tables for player in table), *self.byes)


def meetings(tables: Iterable[Sequence[int]]) -> dict[frozenset[int], int]:
    """How many times each pair of players sat at the same table, from the tables played so far."""
    met: Counter[frozenset[int]] = Counter()
    for table in tables:
        for a, b in combinations(table, 2):
            met[frozenset((a, b))] += 1
    return dict(met)


def swiss_round(
    order: Sequence[int],
    size: int,
    met: Mapping[frozenset[int], int],
    byes: Collection[int],
    *,
    min_size: int | None = None,
    first_seats: Mapping[int, int] | None = None,
) -> Round:
    """The next Swiss round of `order`, the field in its current standing, best first.

    `met` counts the past meetings of each pair (`meetings`); `byes` lists who had a bye so far (a player listed twice
    had two); `first_seats` counts who had the first seat of a table so far (omitted: seats keep standing order).

    The byes are chosen first (fewest byes, then lowest standing). The others are seated by standing, the top group
    together, so that the total of repeated meetings is the least possible (a pair that met twice counts two); among
    the seatings with that least total, the one closest to the standing order (the first in lexicographic order of
    the standing: 1-2, 3-4 before 1-3, 2-4). The search is exact within `SEARCH_BUDGET` players tried, which covers
    small fields whatever their history; beyond it, the best seating found so far is improved by moving players
    between tables (swaps, then turns of three), the nearest in the standing first, while a move removes a repeat.
    A round takes at most about 0.25 s of CPU (64 players, a history where repeats cannot be avoided).
    """
    field = _field(order, size, min_size)
    if len(field) < size:
        return _small_field(field, size if min_size is None else min_size)
    had = Counter(byes)
    ranked = sorted(range(len(field)), key=lambda index: (had[field[index]], -index))
    sitting_out = set(sorted(ranked[: len(field) % size]))
    playing = [player for index, player in enumerate(field) if index not in sitting_out]
    tables = _seat_by_standing(playing, size, met)
    return Round(
        tables=tuple(table if first_seats is None else _rotate(table, first_seats) for table in tables),
        byes=tuple(field[index] for index in sorted(sitting_out)),
    )


def round_robin(players: Sequence[int], size: int, *, min_size: int | None = None) -> tuple[Round, ...]:
    """Every round of a round-robin of `players`; the number of rounds is the length of the result.

    Two per table: the circle method, every pair meets exactly once, in `n - 1` rounds (`n` for an odd field, where
    each round one player has a bye and each player has exactly one).
    More per table: a greedy covering, round after round until every pair has met. Guaranteed: every pair meets at
    least once, each round follows the rules of every round (tables of `size`, fair byes); some pairs meet more than
    once when the field cannot be split into tables that never repeat, and the number of rounds may exceed the least
    possible (9 players, 3 a table: 5 rounds where a perfect schedule has 4).
    """
    field = _field(players, size, min_size)
    if len(field) < size:
        fewest = size if min_size is None else min_size
        return (Round(tables=(tuple(field),), byes=()),) if len(field) >= fewest else ()
    rounds = _circle(field) if size == 2 else _covering(field, size)
    counts: Counter[int] = Counter()
    seated = []
    for one in rounds:
        tables = []
        for table in one.tables:
            rotated = _rotate(table, counts)
            counts[rotated[0]] += 1
            tables.append(rotated)
        seated.append(Round(tables=tuple(tables), byes=one.byes))
    return tuple(seated)


def _field(order: Sequence[int], size: int, min_size: int | None) -> list[int]:
    if size < 2:
        raise ValueError(f"a table has at least 2 seats, not {size}")
    if min_size is not None and not 2 <= min_size <= size:
        raise ValueError(f"the smallest table ({min_size}) must be between 2 and the table size ({size})")
    if len(set(order)) != len(order):
        raise ValueError("a player is listed twice")
    return list(order)


def _small_field(field: list[int], min_size: int) -> Round:
    if len(field) >= min_size:
        return Round(tables=(tuple(field),), byes=())
    return Round(tables=(), byes=tuple(field))


def _rotate(table: tuple[int, ...], first_seats: Mapping[int, int]) -> tuple[int, ...]:
    """The table in the same cyclic order, starting with the player who has had the first seat least often."""
    start = min(range(len(table)), key=lambda seat: (first_seats.get(table[seat], 0), seat))
    return table[start:] + table[:start]


def _seat_by_standing(players: list[int], size: int, met: Mapping[frozenset[int], int]) -> list[tuple[int, ...]]:
    """Tables of `size` from `players` (in standing order), the fewest repeats first, then closest to the standing."""
    count = len(players)
    cost = [[met.get(frozenset((a, b)), 0) if a != b else 0 for b in players] for a in players]
    best_tables, best_cost = _greedy(count, size, cost)
    if best_cost > 0:
        search = _Search(size, cost, best_tables, best_cost)
        search.run(list(range(count)), [], 0)
        best_tables = search.best_tables
        if search.budget < 0 and search.best_cost > 0:
            best_tables = _Swaps(best_tables, cost).run()
    return [tuple(players[index] for index in sorted(table)) for table in best_tables]


def _greedy(count: int, size: int, cost: list[list[int]]) -> tuple[list[tuple[int, ...]], int]:
    """Top down, each table's head takes the companions that add the fewest repeats, the best standing first."""
    free = list(range(count))
    tables = []
    total = 0
    while free:
        table = [free.pop(0)]
        while len(table) < size:
            added, position = min((sum(cost[seated][free[at]] for seated in table), at) for at in range(len(free)))
            table.append(free.pop(position))
            total += added
        tables.append(tuple(table))
    return tables, total


class _Swaps:
    """The search's fallback when it runs out of budget: the seating improved while moving a player of a table with a
    repeat removes repeats, by a swap with another table, else a turn of three players between three tables, the
    nearest tables in the standing first; at most `SEARCH_BUDGET` seats looked at."""

    def __init__(self, tables: list[tuple[int, ...]], cost: list[list[int]]) -> None:
        self.seated = [list(table) for table in tables]
        self.cost = cost
        self.budget = SEARCH_BUDGET

    def run(self) -> list[tuple[int, ...]]:
        try:
            while move := self._swap() or self._turn():
                for table, seat, player in move:
                    self.seated[table][seat] = player
        except _Spent:
            pass
        return [tuple(sorted(table)) for table in self.seated]

    def _joining(self, table: int, player: int, leaving: int) -> int:
        """The repeats `player` has at `table` once `leaving` has left it."""
        self.budget -= 1
        if self.budget < 0:
            raise _Spent
        return sum(self.cost[player][other] for other in self.seated[table] if other != leaving)

    def _others(self, table: int) -> list[int]:
        return sorted((other for other in range(len(self.seated)) if other != table), key=lambda o: (abs(o - table), o))

    def _repeating(self) -> Iterator[tuple[int, int, int]]:
        """(table, seat, player) of every player who repeats at their table."""
        for table, players in enumerate(self.seated):
            for seat, player in enumerate(players):
                if self._joining(table, player, player) > 0:
                    yield table, seat, player

    def _swap(self) -> list[tuple[int, int, int]]:
        for first, i, a in self._repeating():
            for second in self._others(first):
                for j, b in enumerate(self.seated[second]):
                    before = self._joining(first, a, a) + self._joining(second, b, b)
                    if self._joining(first, b, a) + self._joining(second, a, b) < before:
                        return [(first, i, b), (second, j, a)]
        return []

    def _turn(self) -> list[tuple[int, int, int]]:
        for first, i, a in self._repeating():
            for second in self._others(first):
                for third in self._others(first):
                    if third == second:
                        continue
                    for j, b in enumerate(self.seated[second]):
                        for k, c in enumerate(self.seated[third]):
                            before = self._joining(first, a, a) + self._joining(second, b, b)
                            before += self._joining(third, c, c)
                            after = self._joining(first, c, a) + self._joining(second, a, b)
                            after += self._joining(third, b, c)
                            if after < before:
                                return [(first, i, c), (second, j, a), (third, k, b)]
        return []


class _Spent(Exception):
    """The fallback's budget is spent."""


class _Search:
    """A depth-first search over the standing order (the best remaining player's table first), bounded by the best
    total found so far; it keeps the first seating found of the least total, and stops at none or out of budget."""

    def __init__(self, size: int, cost: list[list[int]], tables: list[tuple[int, ...]], total: int) -> None:
        self.size = size
        self.cost = cost
        self.best_tables = tables
        self.best_cost = total
        self.budget = SEARCH_BUDGET

    def run(self, remaining: list[int], tables: list[tuple[int, ...]], total: int) -> None:
        if not remaining:
            self.best_tables, self.best_cost = list(tables), total
            return
        if total + self._forced(remaining) >= self.best_cost:
            return
        head, rest = remaining[0], remaining[1:]
        for companions, added in self._companions(head, rest, (), 0, 0):
            if self.budget < 0 or self.best_cost == 0:
                return
            if total + added >= self.best_cost:
                continue
            chosen = set(companions)
            tables.append((head, *companions))
            self.run([player for player in rest if player not in chosen], tables, total + added)
            tables.pop()

    def _forced(self, remaining: list[int]) -> int:
        """A least number of repeats left: a player with fewer than `size - 1` new opponents left repeats at least
        once, and a repeat is two players'."""
        self.budget -= len(remaining)
        short = 0
        for player in remaining:
            new = 0
            for other in remaining:
                if other != player and self.cost[player][other] == 0:
                    new += 1
                    if new == self.size - 1:
                        break
            short += new < self.size - 1
        return (short + 1) // 2

    def _companions(
        self, head: int, rest: list[int], chosen: tuple[int, ...], start: int, added: int
    ) -> Iterator[tuple[tuple[int, ...], int]]:
        """The companions of `head` from `rest`, in lexicographic order, with the repeats they add (below the best)."""
        missing = self.size - 1 - len(chosen)
        if missing == 0:
            yield chosen, added
            return
        for at in range(start, len(rest) - missing + 1):
            self.budget -= 1
            if self.budget < 0:
                return
            player = rest[at]
            extra = self.cost[head][player] + sum(self.cost[other][player] for other in chosen)
            if added + extra < self.best_cost:
                yield from self._companions(head, rest, (*chosen, player), at + 1, added + extra)


def _circle(field: list[int]) -> list[Round]:
    """The circle method: one seat fixed (the bye's, in an odd field), the others turning one place each round."""
    seats: list[int | None] = [None, *field] if len(field) % 2 else list(field)
    count = len(seats)
    rounds: list[Round] = []
    for _ in range(count - 1):
        tables: list[tuple[int, ...]] = []
        byes: list[int] = []
        for at in range(count // 2):
            a, b = seats[at], seats[count - 1 - at]
            if a is None or b is None:
                byes.extend(player for player in (a, b) if player is not None)
            else:
                tables.append((a, b) if field.index(a) < field.index(b) else (b, a))
        rounds.append(Round(tables=tuple(tables), byes=tuple(byes)))
        seats = [seats[0], seats[-1], *seats[1:-1]]
    return rounds


def _covering(field: list[int], size: int) -> list[Round]:
    """Rounds until every pair has met: each round, byes to the fewest byes (then the least left to play, then the
    last in the field); then each table starts with the player with the most pairs left to meet among the free
    players and takes, one by one, the player who meets the most new people at it, then repeats the fewest."""
    position = {player: at for at, player in enumerate(field)}
    left = {frozenset(pair) for pair in combinations(field, 2)}
    met: Counter[frozenset[int]] = Counter()
    had: Counter[int] = Counter()
    rounds: list[Round] = []
    while left:
        if len(rounds) > len(field) ** 2:  # never reached: each round meets a new pair once byes have turned
            raise RuntimeError("the round-robin schedule does not converge")
        to_meet = Counter(player for pair in left for player in pair)
        sitting_out = sorted(field, key=lambda player: (had[player], to_meet[player], -position[player]))
        sitting_out = sorted(sitting_out[: len(field) % size], key=position.__getitem__)
        free = [player for player in field if player not in sitting_out]
        tables = []
        while free:
            head = max(free, key=lambda player: (sum(frozenset((player, o)) in left for o in free), -position[player]))
            table = [head]
            free.remove(head)
            while len(table) < size:
                new = min(
                    free,
                    key=lambda player: (
                        -sum(frozenset((player, seated)) in left for seated in table),
                        sum(met[frozenset((player, seated))] for seated in table),
                        position[player],
                    ),
                )
                table.append(new)
                free.remove(new)
            tables.append(tuple(sorted(table, key=position.__getitem__)))
            for pair in combinations(table, 2):
                left.discard(frozenset(pair))
                met[frozenset(pair)] += 1
        had.update(sitting_out)
        rounds.append(Round(tables=tuple(tables), byes=tuple(sitting_out)))
    return rounds
