"""Test helpers for Full of Dollars: lay out a table on a rigged deck, play on, check that no card got lost.

`rig` builds a real state (from `ENGINE.new`), then overwrites the hands, the businesses on the table, money,
the pot and whose turn it is; every card not placed goes to the draw pile, `draw_top` on top, the rest in id
order. The turn then starts as the engine starts any turn (the collection and its FBI window first).

    state = rig(3, hands={0: [uzi(5), police(2)]}, businesses={1: [biz("casino")]}, turn=1)
    state = act(state, 1, Open(card=...))
    assert events(state) == [...]   # the events since the last `act` (or the rig)

Card helpers (`uzi(icons, n)`, `police(icons, n)`, `biz(name, n)`, `special(name, n)`, `valued(code, n)`,
`dual(low, n)`) name real cards of the data file: the n-th (from 0) card of that description.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from engines import registry
from engines.core import Event
from engines.fullofdollars import FullOfDollarsState, flow
from engines.fullofdollars.actions import Decline, Discard, FullOfDollarsAction, Pass, Reveal

ENGINE: Any = registry.get("fullofdollars")
DECK = ENGINE.deck
GAME = "fullofdollars"
ALL = list(DECK.ids())


def _nth(cards: list[str], n: int, what: str) -> str:
    if n >= len(cards):
        raise ValueError(f"the deck has only {len(cards)} {what}")
    return cards[n]


def uzi(icons: int, n: int = 0) -> str:
    return _nth([c.id for c in DECK.cards if c.type == "uzi" and c.icons == icons], n, f"uzi cards of {icons}")


def police(icons: int, n: int = 0) -> str:
    return _nth([c.id for c in DECK.cards if c.type == "police" and c.icons == icons], n, f"police of {icons}")


def biz(name: str, n: int = 0) -> str:
    return _nth([c.id for c in DECK.cards if c.business == name], n, f"{name} cards")


def special(name: str, n: int = 0) -> str:
    return _nth([c.id for c in DECK.cards if c.special == name], n, f"{name} cards")


def valued(code: str, n: int = 0) -> str:
    """The n-th card whose only poker value is `code`."""
    return _nth([c.id for c in DECK.cards if c.poker == (code,)], n, f"single-valued {code} cards")


def dual(low: str, n: int = 0) -> str:
    """The n-th two-valued card whose lower value is `low`."""
    return _nth([c.id for c in DECK.cards if c.dual and c.poker[0] == low], n, f"two-valued {low} cards")


def rig(
    players: int = 3,
    hands: Mapping[int, Sequence[str]] | None = None,
    businesses: Mapping[int, Sequence[str]] | None = None,
    money: Mapping[int, int] | None = None,
    turn: int = 0,
    pot: int = 0,
    draw_top: Sequence[str] = (),
    fill: bool = False,
    seed: int = 1,
) -> FullOfDollarsState:
    """A table as described; hands not given are empty unless `fill` (then 5 quiet business cards... from the
    rest). The turn of `turn` starts at once (its collection and FBI window)."""
    state: FullOfDollarsState = ENGINE.new(players, ENGINE.options_model(), seed)
    hands = dict(hands or {})
    businesses = dict(businesses or {})
    placed = [card for cards in [*hands.values(), *businesses.values(), draw_top] for card in cards]
    assert len(placed) == len(set(placed)), "a card is placed twice"
    rest = [card for card in ALL if card not in placed]
    for seat in range(players):
        if seat not in hands and fill:
            hands[seat] = rest[:5]
            rest = rest[5:]
    state.hands = [list(hands.get(seat, [])) for seat in range(players)]
    state.businesses = [list(businesses.get(seat, [])) for seat in range(players)]
    state.draw = [*reversed(rest), *reversed(draw_top)]  # top = last: draw_top[0] is drawn first
    state.discard = []
    for seat, amount in (money or {}).items():
        state.money[seat] = amount
    state.pot = pot
    state.turn = turn
    state.window = state.holdup = state.judgement = state.poker = None
    state.stage = "turn_start"
    state.events = []
    flow.settle(DECK, state)
    assert_conserved(state)
    return state


def act(state: FullOfDollarsState, seat: int, action: FullOfDollarsAction) -> FullOfDollarsState:
    new: FullOfDollarsState = ENGINE.apply(state.model_copy(update={"events": []}), seat, action)
    assert_conserved(new)
    return new


def decline_all(state: FullOfDollarsState) -> FullOfDollarsState:
    """Everyone asked in the open window declines (in seat order); the events of all of it are kept."""
    assert state.window is not None
    kept: list[Event] = []
    while state.window is not None and state.stage in ("fbi", "end"):
        seat = ENGINE.to_act(state)[0]
        state = act(state, seat, Decline())
        kept += state.events
    return state.model_copy(update={"events": kept})


def events(state: FullOfDollarsState) -> list[str]:
    return [event.key.removeprefix(f"{GAME}.event.") for event in state.events]


def params(state: FullOfDollarsState, key: str) -> list[dict[str, int | str]]:
    return [dict(event.params) for event in state.events if event.key == f"{GAME}.event.{key}"]


def assert_conserved(state: FullOfDollarsState) -> None:
    cards = [c for hand in state.hands for c in hand] + [c for b in state.businesses for c in b]
    cards += state.draw + state.discard
    assert sorted(cards) == sorted(ALL), "a card got lost or doubled"


# ----- tables part-way through (the Poker phase, a Bombe with many targets) ------------------------------------
CHEAT_AD = dual("KD")  # KD, or AD if you cheat
CHEAT_AH = dual("KH")  # KH, or AH if you cheat


def poker(
    players: int,
    hands: Mapping[int, Sequence[str]],
    dealer: int = 0,
    pot: int = 0,
    money: Mapping[int, int] | None = None,
    draw_top: Sequence[str] = (),
) -> FullOfDollarsState:
    """A rigged table whose Business phase ends now with a call by `dealer`."""
    state = rig(players, hands=hands, pot=pot, money=money, draw_top=draw_top, turn=dealer)
    state.window = None
    state.caller, state.stage = dealer, "turn_end"
    state.events = []
    flow.settle(DECK, state)
    return state


def keep_all(state: FullOfDollarsState) -> FullOfDollarsState:
    """Both draw rounds: nobody discards."""
    while state.stage == "draw":
        (seat,) = ENGINE.to_act(state)
        state = act(state, seat, Discard())
    return state


def three_hands() -> dict[int, list[str]]:
    return {
        0: [CHEAT_AD, valued("AS"), valued("4H"), valued("7D"), valued("9C")],  # AA if cheating, else A high
        1: [valued("KC"), valued("KH"), valued("3D"), valued("5S"), valued("8C")],  # KK
        2: [valued("2D"), valued("6S"), valued("9H"), valued("JC"), valued("4S")],  # J high
    }


def revealed(state: FullOfDollarsState, cheats: Mapping[int, Sequence[str]]) -> FullOfDollarsState:
    for seat in ENGINE.to_act(state):
        state = act(state, seat, Reveal(cards=tuple(cheats.get(seat, ()))))
    return state


def many_bombe_targets() -> FullOfDollarsState:
    """The end of Ann's turn: Dov (seat 3) holds a Bombe; ten businesses of the three others may be blown up."""
    businesses = {
        0: [biz("drogue"), biz("casino")],
        1: [biz("casse"), biz("maquillage"), biz("cercle"), biz("video")],
        2: [biz("striptease"), biz("massage"), biz("trafic_voitures"), biz("callgirls")],
    }
    hands = {0: [uzi(1)], 1: [police(1)], 2: [police(2)], 3: [special("bombe"), police(3)]}
    state = rig(4, hands=hands, businesses=businesses, turn=0)
    if state.stage == "fbi":
        state = decline_all(state)
    return act(state, 0, Pass())
