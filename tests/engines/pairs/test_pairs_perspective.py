"""What players see: everything face up, the deck and discards only as counts."""

from __future__ import annotations

from pairs_rig import new_rigged, random_action

from engines.core import Rng
from engines.pairs import ENGINE, PairsOptions, PairsState


def test_perspective_shows_the_table() -> None:
    state = new_rigged(3, [4, 4, 6, 7, 5], options=PairsOptions(ending="norland", games=3, chips=20))
    view = ENGINE.perspective(state, 1)
    assert view.viewer == 1 and view.players == 3
    assert view.to_act == (1,) and view.to_move == 1
    assert view.legal == ["hit", "fold"]
    assert [s.in_play for s in view.seats] == [[4, 7], [4, 5], [6]]
    assert [s.chips for s in view.seats] == [20, 20, 20]
    assert [s.score for s in view.seats] == [0, 0, 0]
    assert view.deck_count == 55 - 5 - 5 and view.discard_count == 5
    assert view.fold_card == 4
    assert (view.ending, view.game, view.games, view.round, view.losing_score) == ("norland", 1, 3, 1, 21)
    assert view.pot == 0 and view.unclaimed_pot == 0
    assert ENGINE.perspective(state, 0).legal == []
    assert ENGINE.perspective(state, None).legal == []


def test_everyone_sees_the_same_table() -> None:
    state = ENGINE.new(4, PairsOptions(), seed=5)
    own = {"viewer", "legal", "fresh"}  # what the viewer may do, and which of their own cards are new to them
    views = [ENGINE.perspective(state, viewer).model_dump(exclude=own) for viewer in (0, 1, 2, 3, None)]
    assert all(view == views[0] for view in views)


def test_the_deck_order_and_discards_stay_hidden() -> None:
    """Rearranging what nobody can see never changes what anybody sees."""
    policy = Rng.from_seed(6)
    state: PairsState = ENGINE.new(5, PairsOptions(ending="cutchfeld", games=1), seed=6)
    changed = 0
    for step in range(60):
        if ENGINE.is_over(state):
            break
        for viewer in (None, *range(5)):
            other = ENGINE.reshuffle_unseen(state, viewer, seed=step)
            assert ENGINE.perspective(other, viewer) == ENGINE.perspective(state, viewer)
            assert len(other.deck) == len(state.deck) and len(other.discard) == len(state.discard)
            assert sorted(other.deck + other.discard) == sorted(state.deck + state.discard)
            changed += other.deck != state.deck
        state = ENGINE.apply(state, state.to_move, random_action(state, policy))
    assert changed > 0
