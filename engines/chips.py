"""Chips: per-seat stacks, a pot in the middle, and antes left in front of players.

Shared by the betting games (Pairs' betting endings, Hawthorn, Blackstone). The
one money rule of the parlor: nobody can pay more than they have. A payer who
owes more than their stack puts in everything they have, and every operation
returns the amount that actually moved. Chips are never created or destroyed
after the stacks are issued: `is_conserved()` checks it.
"""

from __future__ import annotations

from collections.abc import Sequence

from pydantic import BaseModel


class Chips(BaseModel):
    """The chips at one table.

    `stacks[seat]` is what a player holds, `antes[seat]` what they have put in
    front of themselves (still theirs until returned or forfeited, as in
    Blackstone), `pot` what lies in the middle. `start[seat]` is the stack each
    seat was issued, so `net(seat)` is what they have won (negative: lost).
    """

    stacks: list[int]
    antes: list[int]
    pot: int = 0
    start: list[int]

    @classmethod
    def seated(cls, players: int, stack: int) -> Chips:
        """A table of `players` seats, each issued `stack` chips, nothing in the pot."""
        if players < 1 or stack < 0:
            raise ValueError("need at least one seat and a non-negative stack")
        return cls(stacks=[stack] * players, antes=[0] * players, pot=0, start=[stack] * players)

    # ----- bookkeeping ----------------------------------------------------------
    def total(self) -> int:
        """Every chip on the table: stacks, antes in front of players, and the pot."""
        return sum(self.stacks) + sum(self.antes) + self.pot

    def issued(self) -> int:
        """The chips handed out at the start."""
        return sum(self.start)

    def is_conserved(self) -> bool:
        """True when no chip was created or lost, and no pile is negative."""
        piles = [*self.stacks, *self.antes, self.pot]
        return self.total() == self.issued() and all(p >= 0 for p in piles)

    def net(self, seat: int) -> int:
        """Chips won (or lost, if negative) by `seat`, counting an ante in front of them as theirs."""
        return self.stacks[seat] + self.antes[seat] - self.start[seat]

    def nets(self) -> list[int]:
        return [self.net(seat) for seat in range(len(self.stacks))]

    # ----- moving chips ---------------------------------------------------------
    def _take(self, seat: int, amount: int) -> int:
        """Remove up to `amount` from `seat`'s stack; the amount actually removed."""
        if amount < 0:
            raise ValueError("a payment cannot be negative")
        paid = min(amount, self.stacks[seat])
        self.stacks[seat] -= paid
        return paid

    def pay(self, from_seat: int, to_seat: int, amount: int) -> int:
        """`from_seat` pays `to_seat` up to `amount` (all they have if short). Returns what was paid."""
        paid = self._take(from_seat, amount)
        self.stacks[to_seat] += paid
        return paid

    def pay_to_pot(self, seat: int, amount: int) -> int:
        """`seat` puts up to `amount` into the pot. Returns what was paid."""
        paid = self._take(seat, amount)
        self.pot += paid
        return paid

    def ante(self, seat: int, amount: int, *, into_pot: bool) -> int:
        """`seat` antes up to `amount`: into the pot, or in front of themselves. Returns what was paid."""
        if into_pot:
            return self.pay_to_pot(seat, amount)
        paid = self._take(seat, amount)
        self.antes[seat] += paid
        return paid

    def return_ante(self, seat: int) -> int:
        """The ante in front of `seat` goes back to their stack. Returns the amount."""
        amount = self.antes[seat]
        self.antes[seat] = 0
        self.stacks[seat] += amount
        return amount

    def forfeit_ante(self, seat: int) -> int:
        """The ante in front of `seat` goes into the pot. Returns the amount."""
        amount = self.antes[seat]
        self.antes[seat] = 0
        self.pot += amount
        return amount

    def split_pot(self, winners: Sequence[int]) -> tuple[int, int]:
        """Share the pot equally between `winners`; the remainder stays in the pot.

        Returns (each winner's share, remainder left in the pot).
        """
        if not winners:
            raise ValueError("the pot needs at least one winner")
        share, remainder = divmod(self.pot, len(winners))
        for seat in winners:
            self.stacks[seat] += share
        self.pot = remainder
        return share, remainder

    def take_pot(self, seat: int) -> int:
        """`seat` takes the whole pot. Returns the amount."""
        amount = self.pot
        self.pot = 0
        self.stacks[seat] += amount
        return amount
