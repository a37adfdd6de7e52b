"""The deck, dealing a round, who starts (and the tie-break), who deals the next round, reshuffles."""

from __future__ import annotations

from collections import Counter

import pytest
from zombie_rig import arrange, draw, events, hide, keys, new_rigged, on_top, table, without

from engines.zombie import ENGINE, ZombieOptions
from engines.zombie.deck import full_deck
from engines.zombie.state import Status


def test_deck_has_55_cards_one_1_two_2s_to_ten_10s() -> None:
    deck = full_deck()
    assert len(deck) == 55
    assert Counter(deck) == {value: value for value in range(1, 11)}


@pytest.mark.parametrize("players", [2, 5, 8])
def test_a_new_game_deals_one_face_up_card_into_each_refuge(players: int) -> None:
    state = ENGINE.new(players, ZombieOptions(), seed=3)
    assert state.card_count() == 55
    assert all(len(state.refuge[seat]) >= 1 for seat in range(players))
    assert state.horde == [] and state.discard == [] and state.pending is None
    assert state.status == ["in_play"] * players
    assert state.points == [0] * players
    assert state.round == 1 and state.dealer is None
    assert events(state, "game_start") == [{"target": 21}]


@pytest.mark.parametrize("players", [1, 9])
def test_player_count_outside_2_to_8_is_refused(players: int) -> None:
    assert ENGINE.check_players(players) is not None
    with pytest.raises(ValueError):
        ENGINE.new(players, ZombieOptions(), seed=1)


def test_the_lowest_card_starts() -> None:
    state = new_rigged(3, [5, 3, 8])
    assert state.refuge == [[5], [3], [8]]
    assert ENGINE.to_act(state) == (1,)
    assert events(state, "deal") == [{"seat": 0, "card": 5}, {"seat": 1, "card": 3}, {"seat": 2, "card": 8}]
    assert events(state, "first_player") == [{"seat": 1, "card": 3}]
    assert len(state.deck) == 52  # no burn in Zombie Life


def test_a_tie_for_the_lowest_card_deals_the_tied_players_another_card() -> None:
    state = new_rigged(3, [4, 4, 6, 7, 5])
    assert events(state, "tie") == [{"card": 4, "count": 2}]
    assert state.refuge == [[4, 7], [4, 5], [6]]  # tie-break cards stay in the Refuge
    assert ENGINE.to_act(state) == (1,)


def test_a_repeated_tie_compares_only_the_newest_cards() -> None:
    state = new_rigged(3, [3, 3, 8, 6, 6, 9, 2])
    assert [e["card"] for e in events(state, "tie")] == [3, 6]
    assert state.refuge == [[3, 6, 9], [3, 6, 2], [8]]
    assert ENGINE.to_act(state) == (1,)


def test_a_tie_break_card_already_in_the_refuge_is_discarded_and_replaced() -> None:
    state = new_rigged(3, [4, 4, 6, 4, 2, 9])
    assert events(state, "tie_discard") == [{"seat": 0, "card": 4}]
    assert state.discard == [4]
    assert state.refuge == [[4, 2], [4, 9], [6]]
    assert ENGINE.to_act(state) == (0,)
    assert state.card_count() == 55


def finish_round_with(state_points: list[int], hid: list[int], eliminated: list[int]) -> tuple[int | None, list[int]]:
    """Seat 0, last in play, hides with one card (1 point); the others score nothing (their cards are face down).

    Returns the next round's dealer and each seat's first card of the new round (the deck starts 9, 7, 6).
    """
    state = table(3)
    status: list[Status] = ["in_play", *("hidden" if seat in hid else "eliminated" for seat in (1, 2))]
    refuge = [[3], [], []]
    face_down = [[], [4] if 1 in hid else [], [5] if 2 in hid else []]
    arrange(
        state,
        refuge=refuge,
        face_down=face_down,
        status=status,
        points=state_points,
        to_move=0,
        hid=hid,
        eliminated=eliminated,
    )
    on_top(state, 9, 7, 6)
    state = hide(state)
    assert state.round == 2
    return state.dealer, [state.refuge[seat][0] for seat in range(3)]


def test_the_next_round_is_dealt_by_the_fewest_points_from_their_left() -> None:
    # Seat 0 hides with one face-up card: 5 + 1 = 6 points. Seat 2 has the fewest (1) and deals: 0, 1, then 2.
    dealer, first_cards = finish_round_with([5, 3, 1], hid=[1, 2], eliminated=[])
    assert dealer == 2
    assert first_cards == [9, 7, 6]


def test_tied_fewest_points_the_first_eliminated_deals() -> None:
    dealer, first_cards = finish_round_with([5, 2, 2], hid=[], eliminated=[2, 1])
    assert dealer == 2
    dealer, first_cards = finish_round_with([5, 2, 2], hid=[], eliminated=[1, 2])
    assert dealer == 1
    assert first_cards == [7, 6, 9]  # dealt from seat 2 (left of the dealer) round to the dealer


def test_tied_fewest_points_none_eliminated_the_first_to_hide_deals() -> None:
    dealer, _ = finish_round_with([5, 2, 2], hid=[2, 1], eliminated=[])
    assert dealer == 2
    # One tied player eliminated beats another who hid, even if the hider went first.
    dealer, _ = finish_round_with([5, 2, 2], hid=[1], eliminated=[2])
    assert dealer == 2


def test_the_next_round_starts_with_the_lowest_card_and_a_dealer_event() -> None:
    state = table(3)
    arrange(state, refuge=[[3], [], []], face_down=[[], [4], [5]], status=["in_play", "hidden", "hidden"],
            points=[5, 3, 1], to_move=0, hid=[1, 2])  # fmt: skip
    on_top(state, 9, 2, 6)
    state = hide(state)
    assert events(state, "dealer") == [{"seat": 2, "points": 1}]
    assert events(state, "first_player") == [{"seat": 1, "card": 2}]
    assert ENGINE.to_act(state) == (1,)
    assert state.status == ["in_play"] * 3 and state.hid == [] and state.eliminated == []


def test_round_end_sends_every_table_card_to_the_discard_pile() -> None:
    state = table(3)
    arrange(state, refuge=[[3, 8], [], []], face_down=[[], [4, 9], []], horde=[5, 6, 10],
            status=["in_play", "hidden", "eliminated"], to_move=0, hid=[1], eliminated=[2])  # fmt: skip
    assert state.discard == []
    state = hide(state)
    assert state.discard == [5, 6, 10, 3, 8, 4, 9]  # the Horde, then each Refuge, both faces
    assert state.horde == [] and state.face_down == [[], [], []]
    assert [len(cards) for cards in state.refuge] == [1, 1, 1]  # the next round is dealt from the deck
    assert state.card_count() == 55


def test_an_empty_deck_reshuffles_the_discard_pile_without_burning() -> None:
    state = table(3)
    discard = without(full_deck(), [5, 3, 8])
    arrange(state, refuge=[[5], [3], [8]], to_move=1, deck=[], discard=discard)
    state = draw(state)
    assert events(state, "reshuffle") == [{"cards": 52}]
    assert state.discard == []
    assert len(state.deck) == 51
    assert keys(state)[0] == "reshuffle"
    assert state.card_count() == 55
