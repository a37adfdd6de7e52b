"""The shared chips piece: stacks, pot, antes in front of players; nobody pays more than they have."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engines.chips import Chips


def test_seated_table_issues_equal_stacks() -> None:
    chips = Chips.seated(3, 50)
    assert chips.stacks == [50, 50, 50]
    assert chips.pot == 0 and chips.antes == [0, 0, 0]
    assert chips.total() == chips.issued() == 150
    assert chips.is_conserved()
    assert chips.nets() == [0, 0, 0]


def test_pay_moves_chips_between_players() -> None:
    chips = Chips.seated(2, 10)
    assert chips.pay(0, 1, 4) == 4
    assert chips.stacks == [6, 14]
    assert chips.nets() == [-4, 4]


def test_a_payer_who_cannot_pay_puts_in_all_they_have() -> None:
    chips = Chips.seated(2, 3)
    assert chips.pay(0, 1, 5) == 3
    assert chips.stacks == [0, 6]
    assert chips.pay(0, 1, 1) == 0
    assert chips.pay_to_pot(1, 10) == 6
    assert chips.stacks == [0, 0] and chips.pot == 6
    assert chips.is_conserved()


def test_negative_payments_are_refused() -> None:
    chips = Chips.seated(2, 3)
    with pytest.raises(ValueError):
        chips.pay(0, 1, -1)


def test_ante_into_the_pot() -> None:
    chips = Chips.seated(3, 100)
    for seat in range(3):
        assert chips.ante(seat, 1, into_pot=True) == 1
    assert chips.pot == 3 and chips.antes == [0, 0, 0]
    assert chips.take_pot(2) == 3
    assert chips.stacks == [99, 99, 102] and chips.pot == 0


def test_antes_in_front_of_players_are_returned_or_forfeited() -> None:
    chips = Chips.seated(3, 100)
    for seat in range(3):
        chips.ante(seat, 5, into_pot=False)
    assert chips.antes == [5, 5, 5] and chips.pot == 0
    assert chips.net(0) == 0  # an ante in front of you is still yours
    assert chips.forfeit_ante(0) == 5
    assert chips.pot == 5 and chips.antes == [0, 5, 5]
    assert chips.return_ante(1) == 5
    assert chips.stacks == [95, 100, 95] and chips.antes == [0, 0, 5]
    assert chips.is_conserved()


def test_short_ante_puts_in_what_is_left() -> None:
    chips = Chips.seated(2, 3)
    assert chips.ante(0, 5, into_pot=False) == 3
    assert chips.antes == [3, 0] and chips.stacks == [0, 3]


def test_split_pot_leaves_the_remainder_in_the_pot() -> None:
    chips = Chips.seated(4, 10)
    chips.pay_to_pot(0, 10)
    assert chips.split_pot([1, 2, 3]) == (3, 1)
    assert chips.stacks == [0, 13, 13, 13]
    assert chips.pot == 1
    chips.pay_to_pot(1, 5)  # the carried remainder is shared on top of the next payment
    assert chips.split_pot([2, 3]) == (3, 0)
    assert chips.stacks == [0, 8, 16, 16] and chips.pot == 0
    with pytest.raises(ValueError):
        chips.split_pot([])


def test_a_pot_smaller_than_the_winners_stays_whole() -> None:
    chips = Chips.seated(3, 1)
    chips.pay_to_pot(0, 1)
    assert chips.split_pot([1, 2]) == (0, 1)
    assert chips.pot == 1


def test_conservation_detects_forged_chips() -> None:
    chips = Chips.seated(2, 10)
    chips.stacks[0] += 1
    assert not chips.is_conserved()


def test_json_round_trip() -> None:
    chips = Chips.seated(3, 20)
    chips.ante(0, 2, into_pot=False)
    chips.pay_to_pot(1, 3)
    assert Chips.model_validate_json(chips.model_dump_json()) == chips


operations = st.lists(
    st.tuples(
        st.sampled_from(["pay", "pot", "ante", "ante_pot", "return", "forfeit", "split", "take"]),
        st.integers(0, 3),
        st.integers(0, 3),
        st.integers(0, 30),
    ),
    max_size=60,
)


@settings(max_examples=100, deadline=None)
@given(stack=st.integers(0, 20), ops=operations)
def test_chips_are_conserved_and_never_negative(stack: int, ops: list[tuple[str, int, int, int]]) -> None:
    chips = Chips.seated(4, stack)
    for op, a, b, amount in ops:
        before = chips.stacks[a]
        if op == "pay":
            assert chips.pay(a, b, amount) == min(amount, before)
        elif op == "pot":
            assert chips.pay_to_pot(a, amount) == min(amount, before)
        elif op == "ante":
            assert chips.ante(a, amount, into_pot=False) == min(amount, before)
        elif op == "ante_pot":
            assert chips.ante(a, amount, into_pot=True) == min(amount, before)
        elif op == "return":
            chips.return_ante(a)
        elif op == "forfeit":
            chips.forfeit_ante(a)
        elif op == "split":
            chips.split_pot(sorted({a, b}))
        else:
            chips.take_pot(a)
        assert chips.is_conserved()
