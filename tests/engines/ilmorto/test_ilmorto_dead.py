"""The dead: a living player other than the dealer who speaks to a dead one gives them one of their lives
(reported by the bot, out of turn); the dealer may rule so with an accusation; both are table options. The one
brought back gets a card at the next deal and is skipped until then (docs/games/ilmorto.md#house-defaults)."""

from __future__ import annotations

from ilmorto_rig import act, events, keep, keys, knock, rigged

from engines.ilmorto import ENGINE, Accuse, GiveLife, IlMortoOptions, IlMortoState
from tests.engines.family_support import refused_by

# Five players, seat 0 deals; seats 3 and 4 are dead.
HANDS = ["5C", "3D", "7S", None, None]
LIVES = [3, 2, 3, 0, 0]


def table(options: IlMortoOptions | None = None) -> IlMortoState:
    return rigged(HANDS, lives=LIVES, options=options or IlMortoOptions())


def test_speaking_to_the_dead_gives_them_a_life_out_of_turn() -> None:
    state = table()
    assert ENGINE.to_act(state) == (0,)
    assert ENGINE.anytime(state, 1, GiveLife(to=3))
    state = act(state, 1, GiveLife(to=3))
    assert state.lives == [3, 1, 3, 1, 0]
    assert events(state, "give_life") == [{"seat": 1, "to_seat": 3, "lives": 1}]
    assert state.dead() == [4]
    assert state.hands[3] is None  # back to life, but no card until the next deal
    assert ENGINE.candidate_actions(state, 3) == []
    view = ENGINE.perspective(state, None)
    assert view.dead == [4] and view.lives == [3, 1, 3, 1, 0]


def test_the_one_brought_back_is_skipped_until_the_next_deal_then_dealt_a_card() -> None:
    state = act(table(), 2, GiveLife(to=3))
    state = knock(state)
    order = []
    while state.round == 1:
        order.append(state.to_move)
        state = keep(state)
    assert order == [2, 1, 0]
    assert state.hands[3] is not None and state.hands[4] is None
    assert 3 in state.living()


def test_giving_your_last_life_kills_you() -> None:
    state = knock(table())
    assert state.to_move == 2
    state = act(state, 1, GiveLife(to=4))
    state = act(state, 1, GiveLife(to=3))
    assert state.lives == [3, 0, 3, 1, 1]
    assert keys(state)[-2:] == ["give_life", "death"]
    assert state.hands[1] is None and state.discard == ["3D"]
    state = keep(state)  # seat 2
    assert state.to_move == 0  # seat 1 is dead now: skipped


def test_giving_a_life_on_your_own_turn_with_your_last_life_passes_the_turn() -> None:
    state = knock(rigged(["5C", "3D", "7S", None, None], lives=[3, 3, 1, 0, 0]))
    assert state.to_move == 2
    state = act(state, 2, GiveLife(to=3))
    assert state.dead() == [2, 4] and state.to_move == 1


def test_the_dealer_speaks_to_the_dead_freely() -> None:
    state = table()
    assert refused_by(ENGINE, state, 0, GiveLife(to=3)) == "ilmorto.refusal.dealer_speaks_freely"


def test_only_a_dead_player_can_be_given_a_life() -> None:
    state = table()
    assert refused_by(ENGINE, state, 1, GiveLife(to=2)) == "ilmorto.refusal.not_dead"
    assert refused_by(ENGINE, state, 1, GiveLife(to=1)) == "ilmorto.refusal.not_dead"
    assert refused_by(ENGINE, state, 1, GiveLife(to=7)) == "ilmorto.refusal.not_dead"  # no such seat


def test_the_dead_do_not_give_lives() -> None:
    state = table()
    assert refused_by(ENGINE, state, 3, GiveLife(to=4)) == "ilmorto.refusal.you_are_dead"


def test_speaking_is_free_when_the_table_switched_the_rule_off() -> None:
    state = table(IlMortoOptions(speaking_rule=False))
    assert refused_by(ENGINE, state, 1, GiveLife(to=3)) == "ilmorto.refusal.speaking_off"
    assert ENGINE.perspective(state, 1).speaking_rule is False


def test_the_dealer_may_accuse_a_living_player_of_speaking_to_the_dead() -> None:
    state = knock(table())
    assert ENGINE.to_act(state) == (2,)
    state = act(state, 0, Accuse(accused=2, dead=4))  # out of turn
    assert state.lives == [3, 2, 2, 0, 1]
    assert events(state, "accuse") == [{"seat": 0, "accused_seat": 2, "dead_seat": 4, "lives": 2}]
    assert ENGINE.to_act(state) == (2,)


def test_an_accusation_can_kill() -> None:
    state = knock(rigged(["5C", "3D", "7S", None, None], lives=[3, 1, 3, 0, 0]))
    state = act(state, 0, Accuse(accused=1, dead=3))
    assert state.dead() == [1, 4] and keys(state)[-2:] == ["accuse", "death"]


def test_accusations_are_the_dealers_and_only_of_the_living_about_the_dead() -> None:
    state = table()
    assert refused_by(ENGINE, state, 1, Accuse(accused=2, dead=3)) == "ilmorto.refusal.dealer_accuses"
    assert refused_by(ENGINE, state, 0, Accuse(accused=0, dead=3)) == "ilmorto.refusal.accused_not_living"
    assert refused_by(ENGINE, state, 0, Accuse(accused=4, dead=3)) == "ilmorto.refusal.accused_not_living"
    assert refused_by(ENGINE, state, 0, Accuse(accused=9, dead=3)) == "ilmorto.refusal.accused_not_living"
    assert refused_by(ENGINE, state, 0, Accuse(accused=1, dead=2)) == "ilmorto.refusal.not_dead"


def test_no_accusations_when_the_table_switched_them_off() -> None:
    state = table(IlMortoOptions(accusations=False))
    assert refused_by(ENGINE, state, 0, Accuse(accused=1, dead=3)) == "ilmorto.refusal.accusations_off"
    assert act(state, 1, GiveLife(to=3)).lives[3] == 1  # speaking still costs


def test_reported_actions_are_never_buttons() -> None:
    state = table()
    assert ENGINE.reported_actions(state, 1) == [GiveLife(to=3), GiveLife(to=4)]
    assert ENGINE.reported_actions(state, 0) == [
        Accuse(accused=1, dead=3),
        Accuse(accused=1, dead=4),
        Accuse(accused=2, dead=3),
        Accuse(accused=2, dead=4),
    ]
    assert ENGINE.reported_actions(state, 3) == []  # the dead speak freely
    for seat in range(5):
        kinds = {action.kind for action in ENGINE.candidate_actions(state, seat)}
        assert not kinds & {"give_life", "accuse"}
        assert ENGINE.consequence(state, seat, GiveLife(to=3)) is None
    nobody_dead = rigged(["5C", "3D", "7S", "2B", "6C"])
    assert all(ENGINE.reported_actions(nobody_dead, seat) == [] for seat in range(5))


def test_nothing_can_be_done_once_the_game_is_over() -> None:
    state = rigged(["5C", "3D", None, None, None], lives=[3, 1, 0, 0, 0])
    state = act(state, 1, GiveLife(to=2))
    assert not state.finished and state.living() == [0, 2]  # a life moved: still two alive
    state = rigged(["5C", "3D", None, None, None], lives=[3, 1, 0, 0, 0])
    state = knock(state)
    state = keep(keep(state))
    assert state.finished and state.winners == [0]
    assert refused_by(ENGINE, state, 0, Accuse(accused=1, dead=2)) == "error.game_over"
    assert ENGINE.reported_actions(state, 0) == []


def test_speaking_to_the_dead_leaves_the_speakers_buttons_valid() -> None:
    """A gift is reported from a message, not clicked: the speaker's pending decision (its token, which their
    buttons carry) is the same after it when their choices are; the seat's own clicks still move it on."""
    state = knock(table())
    assert state.to_move == 2
    before = ENGINE.decision_token(state, 2)
    state = act(state, 2, GiveLife(to=3))
    assert state.lives[2] == 2 and ENGINE.decision_token(state, 2) == before
    after_click = keep(state)  # seat 2 keeps its card: its decision is over
    assert ENGINE.decision_token(after_click, 2) != before
