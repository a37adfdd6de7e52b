"""Turns: passing, taking cards, the minimum take, a second black stone, and the two ends of a hand."""

from __future__ import annotations

from blackstone_rig import arrange, events, everyone_plays_on, keys, new_rigged, pass_, take, top

from engines.blackstone import ENGINE, Pass, Take

ELEVEN = [1, 2, 2, 3, 3, 3, 4, 4, 5, 6, 7]


def test_pass_forfeits_the_ante_and_pays_half_the_middle_rounded_up() -> None:
    # The rulebook's example: 11 white stones in the middle cost the ante plus 6, 11 chips in all.
    state = new_rigged(3, [5, 3, 8])
    arrange(state, middle=ELEVEN, blacks=[0, 0, 0], to_move=1)
    state = pass_(state)
    assert state.chips.stacks == [95, 89, 95]
    assert state.chips.antes == [5, 0, 5]
    assert state.chips.pot == 11
    assert state.status[1] == "passed"
    assert events(state, "pass") == [{"seat": 1, "ante": 5, "fine": 6}]
    assert ENGINE.to_act(state) == (2,)  # play passes to the left
    assert state.chips.is_conserved()


def test_taking_white_stones_puts_them_in_the_middle_and_play_passes_left() -> None:
    state = new_rigged(3, [5, 3, 8])
    arrange(state, middle=[5, 3, 8], blacks=[0, 0, 0], to_move=1)
    top(state, 2, 4, 6)
    state = take(state, 3)
    assert state.middle == [5, 3, 8, 2, 4, 6]
    assert state.blacks == [0, 0, 0]
    assert events(state, "take") == [{"seat": 1, "count": 3, "cards": "2 4 6", "whites": 3}]
    assert state.last_take == 3 and state.last_taker == 1
    assert ENGINE.to_act(state) == (2,)
    assert state.chips.antes == [5, 5, 5]  # nothing was paid


def test_a_first_black_stone_stays_with_the_taker() -> None:
    state = new_rigged(3, [5, 3, 8])
    arrange(state, middle=[5, 3, 8], blacks=[0, 0, 0], to_move=1)
    top(state, 6, 10, 7)
    state = take(state, 3)
    assert state.blacks == [0, 1, 0]
    assert state.middle == [5, 3, 8, 6, 7]
    assert "black_stone" in keys(state)
    assert ENGINE.to_act(state) == (2,)


def test_the_first_taker_must_take_at_least_one() -> None:
    state = new_rigged(3, [5, 3, 8])
    assert state.min_take() == 1
    assert ENGINE.legal_actions(state, 1)[:3] == [Pass(), Take(count=1), Take(count=2)]


def test_the_minimum_is_the_last_number_taken_and_passes_do_not_reset_it() -> None:
    state = new_rigged(4, [5, 3, 8, 9])
    arrange(state, middle=[5, 3, 8, 9], blacks=[0, 0, 0, 0], to_move=1)
    top(state, 1, 2, 2)
    state = take(state, 3)  # seat 1 takes 3
    state = pass_(state)  # seat 2 passes
    assert ENGINE.to_act(state) == (3,)
    assert state.min_take() == 3
    refusal = ENGINE.refusal(state, 3, Take(count=2))
    assert refusal is not None and refusal.key == "blackstone.refusal.too_few" and refusal.params == {"min": 3}
    assert ENGINE.legal_actions(state, 3)[1] == Take(count=3)
    top(state, 4, 4, 4, 6)
    state = take(state, 4)  # a bigger number raises the minimum
    assert state.min_take() == 4


def test_turns_keep_going_round_and_skip_players_who_passed() -> None:
    state = new_rigged(3, [5, 3, 8])
    arrange(state, middle=[5, 3, 8], blacks=[0, 0, 0], to_move=1)
    state = pass_(state)  # seat 1 out
    top(state, 1)
    state = take(state, 1)  # seat 2
    assert ENGINE.to_act(state) == (0,)
    top(state, 2)
    state = take(state, 1)  # seat 0
    assert ENGINE.to_act(state) == (2,)  # seat 1 is skipped
    top(state, 2)
    state = take(state, 1)
    assert ENGINE.to_act(state) == (0,)
    assert state.phase == "play"


def test_a_second_black_stone_stops_the_deal_and_the_taker_loses() -> None:
    # Seat 1 holds a black stone and asks for 4: 5, 6 go to the middle, the 10 stops the deal (the 7 stays).
    state = new_rigged(4, [5, 3, 8, 9])
    arrange(state, middle=[5, 3, 8, 9], blacks=[0, 1, 0, 0], to_move=1)
    top(state, 5, 6, 10, 7)
    state = take(state, 4)
    assert events(state, "take") == [{"seat": 1, "count": 4, "cards": "5 6 10", "whites": 2}]
    assert state.deck[0] == 7
    assert state.blacks[1] == 2
    assert state.status[1] == "lost" and state.loser == 1
    # The fine counts every white stone in the middle, the two just added included: 6.
    assert events(state, "second_black") == [{"seat": 1, "ante": 5, "fine": 6}]
    # The survivors take back their antes and split the pot (5 + 6 = 11): 3 each, 2 stay in the pot.
    assert events(state, "split") == [{"seats": "0,2,3", "share": 3}]
    assert events(state, "pot_carried") == [{"amount": 2}]
    assert state.chips.stacks == [103, 89, 103, 103]
    assert state.chips.antes == [0, 0, 0, 0]
    assert state.chips.pot == 2
    assert state.phase == "decide"
    assert state.chips.is_conserved()


def test_players_who_passed_share_nothing_when_someone_loses() -> None:
    state = new_rigged(3, [5, 3, 8])
    arrange(state, middle=[5, 3, 8, 1], blacks=[1, 0, 0], to_move=1)
    state = pass_(state)  # seat 1: ante 5 + 2
    top(state, 2)
    state = take(state, 1)  # seat 2: a white stone, 5 in the middle
    top(state, 10)
    state = take(state, 1)  # seat 0 already holds a black stone: loses, ante 5 + fine 5
    assert state.loser == 0
    assert events(state, "split") == [{"seats": "2", "share": 17}]
    assert state.chips.stacks == [90, 93, 117]


def test_when_everyone_else_has_passed_the_last_player_takes_the_pot_and_their_ante() -> None:
    state = new_rigged(3, [5, 3, 8])
    arrange(state, middle=[5, 3, 8, 9], blacks=[0, 0, 0], to_move=1)
    state = pass_(state)  # seat 1: 5 + 2
    assert state.phase == "play"
    state = pass_(state)  # seat 2: 5 + 2
    assert events(state, "hand_won") == [{"seat": 0, "pot": 14, "ante": 5}]
    assert state.chips.stacks == [114, 93, 93]
    assert state.chips.pot == 0 and state.chips.antes == [0, 0, 0]
    assert state.phase == "decide"
    assert state.history[-1].winners == (0,) and state.history[-1].loser is None


def test_a_split_remainder_goes_to_the_next_hands_winners() -> None:
    state = new_rigged(4, [5, 3, 8, 9])
    arrange(state, middle=[5, 3, 8, 9], blacks=[0, 1, 0, 0], to_move=1)
    top(state, 5, 6, 10)
    state = take(state, 3)  # as above: 2 chips stay in the pot
    assert state.chips.pot == 2
    state = everyone_plays_on(state)
    assert state.hand == 2 and state.phase == "play"
    assert state.chips.pot == 2  # carried
    for _ in range(2):
        state = pass_(state)
    (last_passer,) = ENGINE.to_act(state)
    (winner,) = [seat for seat in state.in_hand() if seat != last_passer]
    middle = len(state.middle)
    state = pass_(state)
    assert events(state, "hand_won") == [{"seat": winner, "pot": 2 + 3 * (5 + (middle + 1) // 2), "ante": 5}]
    assert state.chips.pot == 0


def test_nobody_pays_a_fine_bigger_than_their_stack() -> None:
    state = new_rigged(3, [5, 3, 8])
    state.chips.pay(1, 0, 93)  # seat 1 has 2 chips left behind their ante
    arrange(state, middle=ELEVEN, blacks=[0, 1, 0], to_move=1)
    top(state, 10)
    state = take(state, 1)
    assert events(state, "short") == [{"seat": 1, "owed": 11, "amount": 2}]
    assert state.chips.stacks[1] == 0
    assert state.chips.is_conserved()


def test_an_empty_deck_is_refilled_from_the_set_aside_cards() -> None:
    # Unreachable with 8 players or fewer; the engine still deals from the set-aside cards if it happens.
    state = new_rigged(3, [5, 3, 8])
    middle = [c for c in range(1, 10) for _ in range(c)]  # every white stone
    arrange(state, middle=middle[:40], blacks=[0, 0, 0], to_move=1, deck=[], discard=[*middle[40:], *[10] * 10])
    assert state.dealable() == 15
    state = take(state, 2)
    assert events(state, "reshuffle") == [{"cards": 15}]
    assert state.discard == []
    assert len(state.deck) == 13
    assert state.card_count() == 55


def test_with_no_card_left_anywhere_only_a_pass_is_possible() -> None:
    # Not a position real play reaches (the deck always keeps black stones); the engine refuses the take.
    state = new_rigged(2, [5, 3])
    state.deck, state.discard = [], []
    refusal = ENGINE.refusal(state, 1, Take(count=1))
    assert refusal is not None and refusal.key == "blackstone.refusal.no_cards"
    assert ENGINE.legal_actions(state, 1) == [Pass()]


def test_a_take_may_not_ask_for_more_cards_than_are_left() -> None:
    state = new_rigged(3, [5, 3, 8])
    state.discard, state.deck = state.deck[:48], state.deck[48:]  # 4 cards left in the deck, 48 set aside
    refusal = ENGINE.refusal(state, 1, Take(count=53))
    assert refusal is not None and refusal.key == "blackstone.refusal.too_many" and refusal.params == {"max": 52}
    assert ENGINE.can(state, 1, Take(count=52))
