"""The Poker phase on a rigged table: buying cards, the secret reveal, conceding, accusing, ties, the replay."""

from __future__ import annotations

from fod_rig import (
    CHEAT_AD,
    CHEAT_AH,
    ENGINE,
    act,
    events,
    keep_all,
    params,
    poker,
    revealed,
    three_hands,
    valued,
)

from engines.fullofdollars import Accuse, Concede, Discard, Reveal
from engines.fullofdollars.pokerphase import hand_value
from tests.engines.family_support import refused_by

KICKERS = [["9C", "7D", "4H"], ["9C", "7D", "4H"]]


def test_draw_rounds_dealer_last_50k_a_card_free_without_notes() -> None:
    hands = {
        0: [valued("2D")] * 0 + [valued(c) for c in ("2D", "3D", "5S", "8C", "JC")],
        1: [valued("KC"), valued("KH")],
        2: [valued(c) for c in ("6S", "9H", "4S", "2S", "7H")],
    }
    state = poker(3, hands, dealer=0, pot=100, money={1: 0})
    assert events(state) == ["poker_phase"] and ENGINE.to_act(state) == (1,)
    assert ENGINE.card_pick(state, 1) is not None
    state = act(state, 1, Discard(cards=(valued("KH"),)))  # no notes: 4 cards free
    assert params(state, "discard_free") == [{"seat": 1, "count": 1, "bought": 4, "amount": 0, "round": 1}]
    assert len(state.hands[1]) == 5 and state.money[1] == 0
    state = act(state, 2, Discard(cards=(valued("2S"), valued("7H"))))
    assert state.pot == 200 and state.money[2] == 2600 - 100
    assert ENGINE.to_act(state) == (0,)  # the dealer last
    assert params(state, "discard") == [{"seat": 2, "count": 2, "bought": 2, "amount": 100, "round": 1}]
    state = act(state, 0, Discard())
    assert params(state, "keep_hand") == [{"seat": 0, "count": 0, "bought": 0, "amount": 0, "round": 1}]
    assert ENGINE.to_act(state) == (1,) and state.poker is not None and state.poker.round == 2
    assert refused_by(ENGINE, state, 1, Discard(cards=(valued("KH"),))) == "fullofdollars.refusal.not_in_hand"


def test_too_few_notes_pay_everything_and_the_game_ends_after_the_poker_winner() -> None:
    state = poker(3, three_hands(), dealer=0, pot=200, money={1: 60 - 10})
    action = Discard(cards=(valued("KC"), valued("3D")))
    consequence = ENGINE.consequence(state, 1, action)
    assert consequence is not None and consequence.key == "fullofdollars.consequence.ruin"
    state = act(state, 1, action)
    assert state.money[1] == 0 and state.ruined == [1] and not ENGINE.is_over(state)
    state = keep_all(state)
    state = revealed(state, {})
    while not ENGINE.is_over(state):
        state = act(state, ENGINE.to_act(state)[0], Concede())
    assert "poker_won" in events(state) and events(state)[-1] == "game_over"


def test_the_reveal_is_secret_until_everyone_has_chosen() -> None:
    base = keep_all(poker(3, three_hands(), dealer=0, pot=300))
    assert base.stage == "reveal" and ENGINE.to_act(base) == (0, 1, 2)
    assert ENGINE.card_pick(base, 0) is not None and ENGINE.card_pick(base, 0).cards == (CHEAT_AD,)
    assert ENGINE.legal_actions(base, 1) == [Reveal()]  # no two-valued card: one answer, still asked
    cheat = act(base, 0, Reveal(cards=(CHEAT_AD,)))
    honest = act(base, 0, Reveal())
    for viewer in (None, 1, 2):
        assert ENGINE.perspective(cheat, viewer) == ENGINE.perspective(honest, viewer)
    assert ENGINE.perspective(cheat, 0).poker.my_high == [CHEAT_AD]
    assert refused_by(ENGINE, base, 1, Reveal(cards=(valued("KC"),))) == "fullofdollars.refusal.not_two_valued"


def test_concede_the_best_hand_wins_the_pot_and_the_next_player_starts() -> None:
    state = revealed(keep_all(poker(3, three_hands(), dealer=0, pot=300)), {0: [CHEAT_AD]})
    assert params(state, "show")[2] == {"seat": 0, "shown_cards": "AD,AS,4H,7D,9C", "hand": "pair"}
    view = ENGINE.perspective(state, 2)
    assert view.poker is not None and view.poker.contenders == [0, 1, 2] and view.poker.speaker == 1
    assert view.poker.fine == 150
    state = act(state, 1, Concede())
    assert params(state, "poker_won") == [{"seat": 0, "amount": 300, "fines": 0}]
    assert state.money[0] == 2900 and state.pot == 0
    assert state.stage == "end" or state.turn == 1  # the player after the dealer starts the Business phase
    assert state.turn == 1 and all(len(hand) == 5 for hand in state.hands)  # everyone keeps their cards


def test_a_cheat_caught_pays_half_the_pot_rounded_up_and_is_out() -> None:
    state = revealed(keep_all(poker(3, three_hands(), dealer=0, pot=250)), {0: [CHEAT_AD]})
    state = act(state, 1, Accuse())
    assert events(state) == ["accuse", "cheat_caught", "fined"]
    assert params(state, "fined") == [{"seat": 0, "amount": 150}]  # half of 250, rounded up to 50k
    view = ENGINE.perspective(state, 2)
    assert view.poker is not None and view.poker.exposed == {0: ["KD/AD", "AS", "4H", "7D", "9C"]}
    assert view.poker.contenders == [1, 2] and view.poker.speaker == 2
    state = act(state, 2, Concede())
    assert params(state, "poker_won") == [{"seat": 1, "amount": 400, "fines": 150}]


def test_a_wrong_accusation_costs_the_accuser_the_fine() -> None:
    state = revealed(keep_all(poker(3, three_hands(), dealer=0, pot=300)), {})
    view = ENGINE.perspective(state, None)
    assert view.poker is not None and view.poker.contenders == [1, 0, 2]  # KK, then A high, then J high
    state = act(state, 0, Accuse())
    assert events(state)[:4] == ["accuse", "honest", "fined", "poker_won"]
    assert params(state, "fined") == [{"seat": 0, "amount": 150}]
    assert params(state, "poker_won") == [{"seat": 1, "amount": 450, "fines": 150}]


def test_the_cheat_stays_secret_until_accused() -> None:
    """The same shown hand, honest or cheating: nobody else can tell before an accusation."""
    cheating = three_hands()
    honest = {**cheating, 0: [valued("AD"), *cheating[0][1:]]}
    states = [
        revealed(keep_all(poker(3, hands, dealer=0, pot=300)), cheats)
        for hands, cheats in ((cheating, {0: [CHEAT_AD]}), (honest, {}))
    ]
    for viewer in (None, 1, 2):
        assert ENGINE.perspective(states[0], viewer) == ENGINE.perspective(states[1], viewer)
    after = [act(state, 1, Accuse()) for state in states]
    assert "cheat_caught" in events(after[0]) and "honest" in events(after[1])


def _tied_hands() -> dict[int, list[str]]:
    """Two identical shown hands AD AH 9C 7D 4H: seat 0 cheats with its AD, seat 1 with its AH."""
    kick = [[valued(code, n) for code in KICKERS[n]] for n in (0, 1)]
    return {
        0: [CHEAT_AD, valued("AH"), *kick[0]],
        1: [CHEAT_AH, valued("AD"), *kick[1]],
        2: [valued("2D"), valued("6S"), valued("9H"), valued("JC"), valued("4S")],
    }


def test_an_exact_tie_without_accusation_splits_the_pot() -> None:
    state = revealed(keep_all(poker(3, _tied_hands(), dealer=2, pot=250)), {0: [CHEAT_AD], 1: [CHEAT_AH]})
    view = ENGINE.perspective(state, None)
    assert view.poker is not None and view.poker.tie and view.poker.contenders[:2] == [0, 1]
    assert ENGINE.to_act(state) == (0,)
    state = act(state, 0, Concede())
    assert ENGINE.to_act(state) == (1,)
    state = act(state, 1, Concede())
    assert params(state, "poker_split") == [{"seats": "0,1", "amount": 100, "rest": 50}]


def test_two_tied_cheats_both_pay_and_the_next_hand_wins() -> None:
    state = revealed(keep_all(poker(3, _tied_hands(), dealer=2, pot=300)), {0: [CHEAT_AD], 1: [CHEAT_AH]})
    state = act(state, 0, Accuse())
    state = act(state, 1, Accuse())
    assert events(state).count("cheat_caught") == 2 and events(state).count("fined") == 2
    assert params(state, "poker_won") == [{"seat": 2, "amount": 600, "fines": 300}]


def test_a_single_cheat_in_a_tie_loses_to_the_honest_player() -> None:
    hands = _tied_hands()
    hands[1] = [valued("AH", 1), valued("AD"), *hands[1][2:]]  # seat 1 honest now
    state = revealed(keep_all(poker(3, hands, dealer=2, pot=300)), {0: [CHEAT_AD]})
    assert state.stage == "contest" and ENGINE.perspective(state, None).poker.tie
    state = act(state, 0, Accuse())
    state = act(state, 1, Accuse())
    assert params(state, "poker_won") == [{"seat": 1, "amount": 450, "fines": 150}]


def test_two_tied_cheats_and_nobody_left_replay_with_free_cards() -> None:
    hands = _tied_hands()
    del hands[2]
    fresh = [valued(code, 0) for code in ("2S", "3S", "5D", "6D", "8H", "10H", "QC", "QD", "10S", "8S")]
    state = revealed(keep_all(poker(2, hands, dealer=1, pot=300, draw_top=fresh)), {0: [CHEAT_AD], 1: [CHEAT_AH]})
    state = act(state, 0, Accuse())
    state = act(state, 1, Accuse())
    assert "poker_replay" in events(state)
    assert state.stage == "draw" and state.poker is not None and state.poker.free and state.poker.round == 2
    assert sorted(state.hands[0] + state.hands[1]) == sorted(fresh)
    money = list(state.money)
    state = act(state, 0, Discard(cards=tuple(state.hands[0][:2])))
    assert state.money == money  # the second round is free too
    assert state.poker is not None and state.poker.fines == 300


def test_this_game_ranks_a_flush_above_a_full_house() -> None:
    flush = ["2H", "5H", "7H", "9H", "JH"]
    full = ["KC", "KD", "KS", "QC", "QD"]
    assert hand_value(flush) > hand_value(full)
    assert hand_value(["2C", "3D", "4H", "5S", "AC"]).ranks == (5,)  # A-2-3-4-5, the lowest straight
    assert hand_value(["AS", "KC"]) > hand_value(["AH", "KC"])  # spades above hearts


def test_the_comparison_refuses_what_does_not_fit() -> None:
    state = revealed(keep_all(poker(3, three_hands(), dealer=0, pot=300)), {})
    assert refused_by(ENGINE, state, 1, Accuse()) == "error.not_your_turn"
    assert refused_by(ENGINE, state, 0, Discard()) == "fullofdollars.refusal.not_now"
