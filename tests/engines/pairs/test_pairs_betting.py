"""The betting endings (downspear, norland, cutchfeld), short payers, and a match of several games."""

from __future__ import annotations

from pairs_rig import arrange, events, hit, keys

from engines.pairs import ENGINE, PairsOptions, PairsState
from engines.pairs.engine import setup


def lose(state: PairsState, loser: int, pair: int, loser_score: list[int], others: dict[int, list[int]]) -> PairsState:
    """Lay out a table where `loser` (on the move) draws `pair` onto their `pair` and reaches the losing score."""
    in_play = [[pair] if seat == loser else [] for seat in range(state.players)]
    score_cards = [loser_score if seat == loser else others.get(seat, []) for seat in range(state.players)]
    arrange(state, in_play=in_play, score_cards=score_cards, to_move=loser, deck=None)
    # Put the pairing card on top of the deck.
    state.deck.remove(pair)
    state.deck.insert(0, pair)
    return hit(state)


def test_downspear_the_loser_pays_1_chip_to_every_other_player() -> None:
    state = setup(4, PairsOptions(ending="downspear", games=1, chips=20), seed=1)
    state = lose(state, 0, pair=4, loser_score=[10, 2], others={1: [5], 2: [3], 3: [1]})
    assert state.finished
    assert state.chips is not None and state.chips.stacks == [17, 21, 21, 21]
    assert events(state, "paid") == [{"seat": 0, "to_seat": seat, "amount": 1} for seat in (1, 2, 3)]
    result = ENGINE.result(state)
    assert result is not None
    assert result.places == (4, 1, 1, 1)
    assert result.winners == (1, 2, 3)
    assert result.measure == (-3, 1, 1, 1)


def test_norland_each_tied_winner_receives_1_chip() -> None:
    # Seats 2 and 3 tie for the lowest score (3): each receives 1; seat 1 (score 5) receives nothing.
    state = setup(4, PairsOptions(ending="norland", games=1, chips=20), seed=1)
    state = lose(state, 0, pair=4, loser_score=[10, 2], others={1: [5], 2: [3], 3: [2, 1]})
    assert events(state, "game_winner") == [{"seat": 2, "score": 3}, {"seat": 3, "score": 3}]
    assert state.chips is not None and state.chips.stacks == [18, 20, 21, 21]
    result = ENGINE.result(state)
    assert result is not None and result.places == (4, 3, 1, 1) and result.winners == (2, 3)


def test_cutchfeld_split_remainder_is_carried_and_shared_by_the_next_winners() -> None:
    state = setup(4, PairsOptions(ending="cutchfeld", games=3, chips=50), seed=1)
    # Game 1: seat 0 reaches 16 and pays 16 to three tied winners: 5 each, 1 stays in the pot.
    state = lose(state, 0, pair=4, loser_score=[10, 2], others={1: [4], 2: [4], 3: [3, 1]})
    assert state.chips is not None
    assert state.chips.stacks == [34, 55, 55, 55]
    assert state.chips.pot == 1
    assert events(state, "pot_share") == [{"seat": s, "amount": 5} for s in (1, 2, 3)]
    assert events(state, "pot_carried") == [{"amount": 1}]
    assert state.history[0].pot_after == 1
    assert not state.finished and state.game == 2  # the match goes on
    # Game 2: seat 1 reaches 17 and pays 17; seats 2 and 3 share it with the carried chip: 9 each.
    state = lose(state, 1, pair=4, loser_score=[10, 3], others={0: [5], 2: [2], 3: [2]})
    assert state.chips is not None
    assert events(state, "paid_pot") == [{"seat": 1, "amount": 17, "carried": 1}]
    assert events(state, "pot_share") == [{"seat": 2, "amount": 9}, {"seat": 3, "amount": 9}]
    assert state.chips.stacks == [34, 38, 64, 64]
    assert state.chips.pot == 0
    assert state.chips.is_conserved()


def test_cutchfeld_remainder_left_after_the_last_game_is_unclaimed() -> None:
    state = setup(4, PairsOptions(ending="cutchfeld", games=1, chips=50), seed=1)
    state = lose(state, 0, pair=4, loser_score=[10, 2], others={1: [4], 2: [4], 3: [3, 1]})
    assert state.finished
    assert events(state, "pot_unclaimed") == [{"amount": 1}]
    view = ENGINE.perspective(state, None)
    assert view.unclaimed_pot == 1 and view.pot == 1
    result = ENGINE.result(state)
    assert result is not None and result.measure == (-16, 5, 5, 5)


def test_a_loser_who_cannot_pay_puts_in_everything_they_have() -> None:
    state = setup(4, PairsOptions(ending="downspear", games=1, chips=20), seed=1)
    assert state.chips is not None
    state.chips.pay(0, 1, 19)  # seat 0 is down to 1 chip
    state = lose(state, 0, pair=4, loser_score=[10, 2], others={1: [5], 2: [3], 3: [1]})
    assert state.chips is not None
    assert state.chips.stacks == [0, 40, 20, 20]  # only the player on the loser's left is paid
    assert events(state, "short") == [{"seat": 0, "owed": 3, "amount": 1}]
    assert state.history[0].paid == 1
    assert state.chips.is_conserved()


def test_cutchfeld_short_payer_pays_their_stack_into_the_pot() -> None:
    state = setup(3, PairsOptions(ending="cutchfeld", games=1, chips=20), seed=1)
    assert state.chips is not None
    state.chips.pay(0, 1, 15)  # seat 0 has 5 chips left and will owe 21
    state = lose(state, 0, pair=3, loser_score=[10, 8], others={1: [5], 2: [2]})
    assert state.chips is not None
    assert events(state, "short") == [{"seat": 0, "owed": 21, "amount": 5}]
    assert state.chips.stacks == [0, 35, 25]
    assert state.chips.is_conserved()


def test_a_match_plays_several_games_with_a_fresh_deck_and_scores_reset() -> None:
    state = ENGINE.new(3, PairsOptions(ending="downspear", games=3, chips=20), seed=4)
    for game, loser in enumerate([0, 1, 0], start=1):
        assert state.game == game
        state = lose(state, loser, pair=3, loser_score=[10, 8], others={(loser + 1) % 3: [5], (loser + 2) % 3: [2]})
        if game < 3:
            # The next game starts: all 55 cards back, shuffled, 5 burned, scores at 0.
            assert state.game == game + 1 and state.round == 1
            assert state.scores() == [0, 0, 0]
            assert len(state.discard) >= 5 and state.card_count() == 55
            assert keys(state)[-1] == "first_player" and "shuffle" in keys(state)
    assert state.finished
    assert [record.loser for record in state.history] == [0, 1, 0]
    assert state.chips is not None and state.chips.stacks == [17, 20, 23]
    assert events(state, "match_over") == [{"games": 3}]
    result = ENGINE.result(state)
    assert result is not None
    assert result.places == (3, 2, 1)
    assert result.winners == (2,)
    assert result.measure == (-3, 0, 3)


def test_forfeit_is_a_single_game_without_chips() -> None:
    state = ENGINE.new(3, PairsOptions(ending="forfeit", games=5), seed=4)
    assert state.chips is None
    state = lose(state, 2, pair=3, loser_score=[10, 8], others={0: [5], 1: [2]})
    assert state.finished
    result = ENGINE.result(state)
    assert result is not None and result.places == (2, 1, 3) and result.measure == (0, 0, 0)
