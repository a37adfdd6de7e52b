"""What players see: every stone face up; hidden are the deck order and the others' next-hand choices."""

from __future__ import annotations

from blackstone_rig import arrange, new_rigged, pass_, random_action, take, top, vote

from engines.blackstone import ENGINE, BlackstoneOptions, BlackstoneState
from engines.core import Rng


def test_the_perspective_shows_the_table() -> None:
    state = new_rigged(3, [5, 3, 8])
    arrange(state, middle=[5, 3, 8, 1, 2], blacks=[1, 0, 0], to_move=1)
    top(state, 2, 4)
    state = take(state, 2)
    view = ENGINE.perspective(state, 2)
    assert view.viewer == 2 and view.to_act == (2,) and view.to_move == 2
    assert view.phase == "play" and view.hand == 1 and view.hands == 5
    assert view.middle == [5, 3, 8, 1, 2, 2, 4]
    assert view.pass_fine == 4 and view.loss_fine == 7
    assert view.min_take == 2 and view.last_take == 2 and view.last_taker == 1
    assert [(s.chips, s.ante, s.black_stones, s.status) for s in view.seats] == [
        (95, 5, 1, "in"),
        (95, 5, 0, "in"),
        (95, 5, 0, "in"),
    ]
    assert view.deck_count == 55 - 7 - 1 and view.deck_blacks == 9 and view.discard_count == 0
    assert view.pot == 0 and view.unclaimed_pot == 0
    assert view.legal == ["pass", "take"]
    assert view.opening == [[5], [3], [8]] and view.starter == 1
    assert ENGINE.perspective(state, 0).legal == []


def test_everyone_sees_the_same_table_during_a_hand() -> None:
    state = ENGINE.new(4, BlackstoneOptions(), seed=5)
    views = [ENGINE.perspective(state, v).model_dump(exclude={"viewer", "legal"}) for v in (0, 1, 2, 3, None)]
    assert all(view == views[0] for view in views)


def test_the_others_choices_stay_secret_until_everyone_has_decided() -> None:
    state = pass_(pass_(new_rigged(3, [5, 3, 8])))
    state = vote(state, 0, stop=True)
    mine = ENGINE.perspective(state, 0)
    theirs = ENGINE.perspective(state, 1)
    spectator = ENGINE.perspective(state, None)
    assert mine.my_choice == "stop" and theirs.my_choice is None and spectator.my_choice is None
    assert [s.decided for s in theirs.seats] == [True, False, False]
    assert theirs.model_dump(exclude={"viewer", "legal"}) == spectator.model_dump(exclude={"viewer", "legal"})
    assert all("stop" not in str(e.params) for e in state.events)


def test_reshuffle_unseen_rearranges_the_deck_and_the_others_choices_only() -> None:
    state = pass_(pass_(pass_(new_rigged(4, [5, 3, 8, 9]))))
    state = vote(state, 0, stop=True)
    state = vote(state, 1, stop=True)
    choices_seen = set()
    for seed in range(40):
        other = ENGINE.reshuffle_unseen(state, 0, seed)
        assert ENGINE.perspective(other, 0) == ENGINE.perspective(state, 0)
        assert other.choices[0] == "stop"  # the viewer's own choice is theirs to see
        assert sorted(other.deck) == sorted(state.deck)
        choices_seen.add(other.choices[1])
    assert choices_seen == {"next_hand", "stop"}
    assert ENGINE.reshuffle_unseen(state, 0, 1).deck != state.deck


def test_the_deck_order_stays_hidden_through_a_session() -> None:
    policy = Rng.from_seed(6)
    state: BlackstoneState = ENGINE.new(5, BlackstoneOptions(hands=3), seed=6)
    changed = 0
    for step in range(80):
        if ENGINE.is_over(state):
            break
        for viewer in (None, *range(5)):
            other = ENGINE.reshuffle_unseen(state, viewer, seed=step)
            assert ENGINE.perspective(other, viewer) == ENGINE.perspective(state, viewer)
            assert ENGINE.to_act(other) == ENGINE.to_act(state)
            changed += other.deck != state.deck
        seat = ENGINE.to_act(state)[0]
        state = ENGINE.apply(state, seat, random_action(state, seat, policy))
    assert changed > 0
