"""What a player sees of a Full of Dollars table.

Public: money (always visible), the pot, hand sizes, the businesses on the table, the face-up discard pile, the
direction of play, whose turn it is, each hold-up's sides and running totals, who has yet to answer a window
(everyone is asked), and in the Poker phase the values shown once everyone has chosen, the accused players'
hidden values and the fines. Secret: the hands (each player sees their own), the draw pile, the answers to a
window before it closes (the viewer sees their own), the values chosen before everyone has chosen, and
whether a shown hand cheats until it is accused.
"""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict

from engines.core import Perspective
from engines.fullofdollars.cards import FullOfDollarsDeck
from engines.fullofdollars.money import business_total
from engines.fullofdollars.pokerphase import card_price, contest_seat, cost, drawing, hand_value
from engines.fullofdollars.state import FullOfDollarsState


class CardView(BaseModel):
    """A card as its holder sees it: its Business-phase face and its poker value(s)."""

    model_config = ConfigDict(frozen=True)

    id: str
    type: str  # uzi, police, business, special
    icons: int = 0  # uzi and police cards
    business: str | None = None
    value: int = 0  # a business's value (thousands)
    special: str | None = None  # fbi, jugement, bombe
    poker: tuple[str, ...] = ()  # one or two poker values ("7H"; a second one is higher: showing it cheats)


class BusinessView(BaseModel):
    model_config = ConfigDict(frozen=True)

    card: str
    business: str
    value: int


class SeatView(BaseModel):
    model_config = ConfigDict(frozen=True)

    seat: int
    money: int
    hand: int  # cards in hand
    businesses: list[BusinessView]
    business_total: int  # what they collect each turn
    passes: int  # passes in a row
    withdrawn: bool
    ruined: bool


class HoldUpView(BaseModel):
    """A hold-up in progress: the sides, each seat's icons, the running totals and who plays now."""

    model_config = ConfigDict(frozen=True)

    initiator: int
    victim: int
    lap: int
    attackers: list[int]
    defenders: list[int]
    out: list[int]
    uzis: dict[int, int]
    police: dict[int, int]
    total_uzis: int
    total_police: int
    to_play: int | None
    police_last_lap: bool


class WindowView(BaseModel):
    """A reaction window: FBI after a collection (`collector`, `payer`, `amount`), or the end of `ended`'s turn.
    `waiting`: who has still to answer (public: everyone is asked); `my_answer`: the viewer's own, once given."""

    model_config = ConfigDict(frozen=True)

    kind: str
    collector: int
    payer: int
    amount: int
    ended: int
    waiting: list[int]
    my_answer: str | None


class JudgementView(BaseModel):
    model_config = ConfigDict(frozen=True)

    target: int
    business: BusinessView | None
    cost: int  # paying to keep it
    remaining: int  # businesses still to judge, this one included


class PokerView(BaseModel):
    """The Poker phase. `shown[seat]`: the values shown (after the reveal); `hands[seat]`: their category;
    `exposed[seat]`: an accused player's cards as "low/high" values; `speaker`: who concedes or accuses now."""

    model_config = ConfigDict(frozen=True)

    dealer: int
    round: int
    free: bool
    drawing: int | None
    price: int  # what the viewer pays per card (0: free)
    my_price: int  # what the viewer would pay to refill after discarding nothing
    chosen: list[int]  # players who have chosen their values (the reveal)
    my_high: list[str] | None  # the viewer's own choice, once made
    shown: dict[int, list[str]]
    hands: dict[int, str]
    contenders: list[int]
    out: list[int]
    fine: int
    fines: int
    exposed: dict[int, list[str]]
    tie: bool
    speaker: int | None


class FullOfDollarsPerspective(Perspective):
    """The Full of Dollars table as `viewer` sees it."""

    stage: str
    turn: int
    direction: int
    pot: int
    seats: list[SeatView]
    hand: list[CardView]  # the viewer's own cards (empty for a spectator)
    draw: int
    discard: int
    discard_top: CardView | None
    caller: int | None
    holdup: HoldUpView | None
    window: WindowView | None
    judgement: JudgementView | None
    poker: PokerView | None
    phases: int
    winners: list[int]
    legal: list[str]


def card_view(deck: FullOfDollarsDeck, card: str) -> CardView:
    spec = deck.card(card)
    return CardView(
        id=card,
        type=spec.type,
        icons=spec.icons,
        business=spec.business,
        value=deck.value(card),
        special=spec.special,
        poker=spec.poker,
    )


def business_view(deck: FullOfDollarsDeck, card: str) -> BusinessView:
    return BusinessView(card=card, business=deck.card(card).business or "", value=deck.value(card))


def seat_views(deck: FullOfDollarsDeck, state: FullOfDollarsState) -> list[SeatView]:
    return [
        SeatView(
            seat=seat,
            money=state.money[seat],
            hand=len(state.hands[seat]),
            businesses=[business_view(deck, card) for card in state.businesses[seat]],
            business_total=business_total(deck, state, seat),
            passes=state.passes[seat],
            withdrawn=seat in state.withdrawn,
            ruined=seat in state.ruined,
        )
        for seat in range(state.players)
    ]


def holdup_view(state: FullOfDollarsState) -> HoldUpView | None:
    holdup = state.holdup
    if holdup is None:
        return None
    return HoldUpView(
        initiator=holdup.initiator,
        victim=holdup.victim,
        lap=holdup.lap,
        attackers=sorted(seat for seat, side in holdup.side.items() if side == "uzi"),
        defenders=sorted(seat for seat, side in holdup.side.items() if side == "police"),
        out=sorted(seat for seat, side in holdup.side.items() if side == "out"),
        uzis=dict(sorted(holdup.uzis.items())),
        police=dict(sorted(holdup.police.items())),
        total_uzis=holdup.total_uzis(),
        total_police=holdup.total_police(),
        to_play=holdup.current(),
        police_last_lap=holdup.police_last_lap,
    )


def window_view(state: FullOfDollarsState, viewer: int | None) -> WindowView | None:
    window = state.window
    if window is None:
        return None
    return WindowView(
        kind=window.kind,
        collector=window.collector,
        payer=window.payer,
        amount=window.amount,
        ended=window.ended,
        waiting=sorted(seat for seat, answer in window.answers.items() if answer is None),
        my_answer=window.answers.get(viewer) if viewer is not None else None,
    )


def judgement_view(deck: FullOfDollarsDeck, state: FullOfDollarsState) -> JudgementView | None:
    judgement = state.judgement
    if judgement is None:
        return None
    card = judgement.businesses[0] if judgement.businesses else None
    return JudgementView(
        target=judgement.target,
        business=business_view(deck, card) if card else None,
        cost=2 * deck.value(card) if card else 0,
        remaining=len(judgement.businesses),
    )


def poker_view(state: FullOfDollarsState, viewer: int | None) -> PokerView | None:
    poker = state.poker
    if poker is None:
        return None
    free = poker.free
    mine = viewer is not None and 0 <= viewer < state.players
    return PokerView(
        dealer=poker.dealer,
        round=poker.round,
        free=free,
        drawing=drawing(state),
        price=card_price(state, viewer) if mine and viewer is not None else 0,
        my_price=cost(state, viewer, 0) if mine and viewer is not None else 0,
        chosen=sorted(seat for seat, choice in poker.high.items() if choice is not None),
        my_high=poker.high.get(viewer) if viewer is not None else None,
        shown={seat: list(codes) for seat, codes in sorted(poker.shown.items())},
        hands={seat: hand_value(codes).category.value for seat, codes in sorted(poker.shown.items())},
        contenders=list(poker.contenders),
        out=list(poker.out),
        fine=poker.fine,
        fines=poker.fines,
        exposed={seat: list(values) for seat, values in sorted(poker.exposed.items())},
        tie=poker.tie if state.stage == "contest" else False,
        speaker=contest_seat(state),
    )
