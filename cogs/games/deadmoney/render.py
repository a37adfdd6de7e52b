"""Dead Money on Discord: the public table and each player's hand.

The table: hand sizes, Brains, piles, the last Brain roll, the pending decision and who still has to decide,
and during a showdown every bid (high bid, earlier bids, who passed since), so that the turn's events never
scroll them away.

A hand starts with what its player must decide, in the second person (`decision`: "4♠: name a player who
draws 2 cards"), then their own cards, whole (the playable ones apart, the new ones after a 🆕), their Brains
and the secrets only they see, then the table in a few lines: the showdown, the turn, the piles, one line per
opponent. Cards are faces (emojis when the bot has them); button and select labels are plain text.

The card picker: an option shows a card's cost and effect, a long effect in its short form (whole, never cut),
whose full text the hand then gives while its holder has a card to play or choose. A bid's options show each
card's coins, grouped by rank; the draft says what poker hand it makes and whether it beats the high bid
("❌ pair of 3s does not beat three Kings"), and Confirm waits until it does (`draft_feedback`). A refused bid
names both hands (`refusal_params`).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from functools import lru_cache

import discord

from bot.i18n import catalogue, list_of, t, typeset
from cogs.render.base import Field, GameRenderer, Tone
from cogs.render.faces import Style, card_emoji, style
from cogs.render.fields import continued_fields, marking_new, seat_fields
from cogs.render.limits import OPTION_TEXT, clip
from cogs.render.text import (
    SUIT_SYMBOLS,
    display_name,
    label_name,
    poker_card_face,
    poker_card_faces,
    poker_card_label,
    seat_name,
    unbolded_name,
)
from engines import poker, registry
from engines.core import CardPick, Refusal
from engines.core.messages import Params
from engines.deadmoney import DeadMoneyEngine, DeadMoneyPerspective, PendingView, ShowdownView
from engines.deadmoney.actions import Bid, Cards, DeadMoneyAction, EndTurn, Pass, Play, PutNext, TakeBrain, Target
from engines.deadmoney.cards import CardSpec
from engines.deadmoney.resolve import bid_value, sort_cards
from engines.deadmoney.state import BID_MAX, BidRecord
from engines.deadmoney.table import FACES, is_brain, rank_of, suit_of

GAME = "deadmoney"
SUITS = ("C", "D", "H", "S")  # display order ♣ ♦ ♥ ♠
EARLIER_BIDS = 4  # earlier raises listed under the high bid
VOLUNTEER_RANKS = {"9H": "K", "8S": "A"}  # 9♥ asks for Kings, 8♠ for Aces
SECRET_KINDS = ("arrange", "cards", "bid")  # actions whose labels show cards only the seat to act may know
DISCARDS_KEPT = 1024  # discards whose Brains and face cards are kept worded (`_discard_lines`)
SUIT_GAP = " · "  # between the suits of a line of cards
RANK_CODES = {rank: str(rank) for rank in range(2, 11)} | {11: "J", 12: "Q", 13: "K", 14: "A"}


# ----- card data ------------------------------------------------------------------------------------------------
def card_specs() -> Mapping[str, CardSpec]:
    """The card data (action cost, coins, Brain requirement, effect texts) the running engine was built from."""
    engine = registry.get(GAME)
    assert isinstance(engine, DeadMoneyEngine)
    return engine.specs


def _spec(card: str) -> CardSpec | None:
    return card_specs().get(card)


def card_text(card_id: str, lang: str) -> str:
    """A card's effect in `lang` (the rulebook's French, or the English back-translation)."""
    spec = _spec(card_id)
    if spec is None:
        return ""
    return typeset(lang, spec.text.fr) if lang == "fr" else spec.text.en  # the rulebook's words, French spacing


def card_stats(card_id: str, lang: str, *, brief: bool = False) -> str:
    """ "2 actions · 2 coins · needs a Brain", localised; `brief`, as a menu shows it: "2 actions · 2 coins · 🧠"."""
    spec = _spec(card_id)
    if spec is None:
        return ""
    parts = [t(lang, f"{GAME}.card.hands.{spec.hands}")]
    if not spec.is_brain:
        parts.append(t(lang, f"{GAME}.card.coins.{spec.coins}"))
    if spec.needs_brain:
        parts.append(t(lang, f"{GAME}.card.needs_brain_short" if brief else f"{GAME}.card.needs_brain"))
    return " · ".join(parts)


def short_effect_key(card_id: str) -> str | None:
    """The catalogue key of a card's effect in short (`deadmoney.effect_short.3S`), for the cards whose full text
    does not fit a menu option beside its cost; None for a card whose menus show its full text."""
    key = f"{GAME}.effect_short.{card_id}"
    return key if catalogue().has("en", key) else None


def menu_effect(card_id: str, lang: str) -> str:
    """A card's effect as menus show it: its short form when it has one (its full text is then in the hand,
    `full_effect_lines`), else its full text."""
    key = short_effect_key(card_id)
    return t(lang, key) if key is not None else card_text(card_id, lang)


def pick_option_text(card_id: str, lang: str) -> tuple[str, str]:
    """A select option for playing or choosing a card: label = the card in plain text ("K♠"), description =
    its cost, coins, Brain requirement (🧠) and effect ("1 action · 2 coins · 🧠 — Draw 2."), each within
    Discord's 100 characters: a long effect in its short form (`menu_effect`), whole, never cut. A card picker
    shows up to 75 of them at each move: each is worded once per card data (the engine the data was installed
    with) and catalogue."""
    return _pick_option_text(card_id, lang, registry.get(GAME), catalogue())


@lru_cache(maxsize=1024)
def _pick_option_text(card_id: str, lang: str, engine: object, texts: object) -> tuple[str, str]:
    label = clip(poker_card_label(card_id, lang), OPTION_TEXT)
    stats = card_stats(card_id, lang, brief=True)
    text = menu_effect(card_id, lang)
    description = f"{stats} — {text}" if stats and text else stats or text
    return label, clip(description, OPTION_TEXT)


def bid_option_text(card_id: str, lang: str) -> tuple[str, str]:
    """A select option for a bid: the card in plain text and its coins ("K♠", "2 coins"), nothing else (its
    effect does not matter in a showdown)."""
    spec = _spec(card_id)
    coins = t(lang, f"{GAME}.card.coins.{spec.coins}") if spec is not None and not spec.is_brain else ""
    return clip(poker_card_label(card_id, lang), OPTION_TEXT), clip(coins, OPTION_TEXT)


def coins_of(cards: Iterable[str]) -> int:
    """The coins printed on `cards`: what a showdown's winner draws."""
    return sum(spec.coins for card in cards if (spec := _spec(card)) is not None)


# ----- poker hands in words ---------------------------------------------------------------------------------------
def _rank_word(rank: int, form: str, lang: str) -> str:
    return t(lang, f"{GAME}.rank_word.{form}.{RANK_CODES[rank]}")


def hand_words(cards: Sequence[str], lang: str) -> str | None:
    """A bid as a poker hand in words: "pair of Kings", "three 4s", "full house, Kings over 3s", "King high"
    (localised); None if the cards are not a bid (no card, more than 5, a Brain)."""
    try:
        category, ranks = poker.describe(bid_value(cards))
    except (ValueError, KeyError):
        return None
    top = ranks[0]
    second = ranks[1] if len(ranks) > 1 else top
    return t(
        lang,
        f"{GAME}.words.{category.value}",
        high=_rank_word(top, "one", lang),
        many=_rank_word(top, "many", lang),
        group=_rank_word(top, "group", lang),
        second=_rank_word(second, "group", lang),
    )


def _hand_or_unknown(cards: Sequence[str], lang: str) -> str:
    return hand_words(cards, lang) or "?"


# ----- small pieces -----------------------------------------------------------------------------------------------
def _by_suit(cards: Iterable[str]) -> dict[str, list[str]]:
    """Cards grouped by suit (♣ ♦ ♥ ♠), each suit low to high (A high), Brains apart under "B"."""
    groups: dict[str, list[str]] = {}
    for card in sort_cards(list(cards)):
        groups.setdefault("B" if is_brain(card) else suit_of(card), []).append(card)
    return {suit: groups[suit] for suit in (*SUITS, "B") if suit in groups}


def _names(names: Sequence[str], seats: Iterable[int], lang: str) -> str:
    """Players listed as the language lists them ("Ada, Bea and Cyd"), or a dash for none."""
    return list_of(lang, [seat_name(names, seat) for seat in seats]) or "—"


def _faces(cards: Sequence[str], lang: str) -> str:
    """Cards as faces, suit by suit: "2♣ 9♣ · 3♦ · 🧠♥"."""
    return SUIT_GAP.join(poker_card_faces(group, lang=lang) for group in _by_suit(cards).values())


def _card_lines(cards: Sequence[str], lang: str) -> list[str]:
    """One line per suit (then the Brains), every card shown."""
    return [poker_card_faces(group, lang=lang) for group in _by_suit(cards).values()]


def faces_marking_new(cards: Sequence[str], fresh: Counter[str], lang: str) -> str:
    """`cards` as faces, those still counted in `fresh` (a multiset, consumed) apart after a 🆕 (bold does not
    show on an emoji): "2♣ 9♣ · 3♦ 🆕 K♦"."""
    return marking_new(sort_cards(list(cards)), fresh, lambda group: _faces(group, lang))


# ----- the public table ---------------------------------------------------------------------------------------------
def _seat_label(names: Sequence[str], seat: int) -> str:
    return f"{seat + 1}. {display_name(names[seat])}" if 0 <= seat < len(names) else f"{seat + 1}."


def _brains(brains: Sequence[str], lang: str) -> str:
    return poker_card_faces(brains, lang=lang) if brains else ""


def _turn_line(view: DeadMoneyPerspective, names: Sequence[str], lang: str) -> str:
    """Whose turn it is. Marked ▶️ only when that player is the one to act now; while another seat decides (a
    showdown's bid, an effect's victim) the turn's owner is named in words and the ▶️ goes to the seat that acts
    (`_seat_name`), the one the frame's "Waiting for …" names."""
    if view.finished:
        if view.winner is not None:
            return t(lang, f"{GAME}.table.winner", name=seat_name(names, view.winner))
        return t(lang, f"{GAME}.table.over")
    key = "turn" if view.active in view.to_act else "turn_other"
    return t(lang, f"{GAME}.table.{key}", turn=view.turn, name=seat_name(names, view.active), left=view.hands_left)


def _piles_line(view: DeadMoneyPerspective, lang: str) -> str:
    top = poker_card_face(view.discard[-1], lang=lang) if view.discard else "—"
    return t(lang, f"{GAME}.table.piles", deck=view.deck_count, discard=len(view.discard), top=top)


def _piles_lines(view: DeadMoneyPerspective, lang: str) -> list[str]:
    lines = [_piles_line(view, lang), *_discard_lines(tuple(view.discard), lang, style())]
    if view.in_play:
        lines.append(t(lang, f"{GAME}.table.in_play", cards=poker_card_faces(view.in_play, lang=lang)))
    return lines


@lru_cache(maxsize=DISCARDS_KEPT)
def _discard_lines(discard: tuple[str, ...], lang: str, drawn_with: Style) -> tuple[str, ...]:
    """The Brains and the face cards in the discard, a line each (none for none). The discard changes only when a
    card is discarded, and the table shows it on every move: each is worded once per faces' style (`drawn_with`)."""
    lines = []
    brains = sorted(card for card in discard if is_brain(card))
    faces = [card for card in discard if rank_of(card) in FACES]
    if brains:
        lines.append(t(lang, f"{GAME}.table.discard_brains", cards=poker_card_faces(brains, lang=lang)))
    if faces:
        lines.append(t(lang, f"{GAME}.table.discard_faces", cards=" ".join(_card_lines(faces, lang))))
    return tuple(lines)


def _roll_line(view: DeadMoneyPerspective, names: Sequence[str], lang: str) -> str | None:
    roll = view.last_roll
    if roll is None:
        return None
    outcome = t(lang, f"{GAME}.table.roll_ok" if roll.success else f"{GAME}.table.roll_failed")
    key = f"{GAME}.table.roll_bonus" if roll.bonus else f"{GAME}.table.roll"
    return t(
        lang,
        key,
        name=seat_name(names, roll.seat),
        card=poker_card_face(roll.card, lang=lang),
        die=roll.die,
        bonus=roll.bonus,
        total=roll.die + roll.bonus,
        target=roll.target,
        outcome=outcome,
    )


def _summary_lines(view: DeadMoneyPerspective, names: Sequence[str], lang: str) -> list[str]:
    lines = [_turn_line(view, names, lang), *_piles_lines(view, lang)]
    roll = _roll_line(view, names, lang)
    if roll is not None:
        lines.append(roll)
    return lines


def _card_param(card: str | None, lang: str) -> str:
    return poker_card_face(card, lang=lang) if card else "?"


def pending_text(view: DeadMoneyPerspective, names: Sequence[str], lang: str) -> str:
    """What the table waits for, in words (the third person: for the table and for those not deciding)."""
    pending = view.pending
    if pending is None:
        return ""
    chooser = pending.waiting[0] if pending.waiting else pending.choosers[0] if pending.choosers else None
    params = {
        "card": _card_param(pending.card, lang),
        "name": seat_name(names, chooser),
        "active": seat_name(names, view.active),
        "count": pending.count,
        "left": view.hands_left,
        "first": seat_name(names, pending.first),
        "ranks": t(lang, f"{GAME}.rank.{VOLUNTEER_RANKS.get(pending.card or '', 'K')}"),
    }
    if pending.kind in ("turn", "arrange", "showdown") or pending.purpose is None:
        key = f"{GAME}.pending.{pending.kind}"
    else:
        key = f"{GAME}.pending.{pending.kind}.{pending.purpose}"
    return t(lang, key, **params)


def _waiting_lines(pending: PendingView, names: Sequence[str], lang: str) -> list[str]:
    lines = []
    if pending.waiting:
        waiting = _names(names, pending.waiting, lang)
        lines.append(t(lang, f"{GAME}.table.waiting", players=waiting, count=len(pending.waiting)))
    if pending.kind == "cards" and len(pending.choosers) > 1:
        decided = [seat for seat in pending.choosers if seat not in pending.waiting]
        if decided:
            lines.append(t(lang, f"{GAME}.table.decided", players=_names(names, decided, lang), count=len(decided)))
    return lines


def _pending_field(view: DeadMoneyPerspective, names: Sequence[str], lang: str) -> Field | None:
    """The decision the table waits for, unless it is the plain turn (the summary's turn line says it)."""
    if view.pending is None or view.finished or view.pending.kind == "turn":
        return None
    lines = [pending_text(view, names, lang), *_waiting_lines(view.pending, names, lang)]
    return Field(name=t(lang, f"{GAME}.table.pending"), value="\n".join(lines))


def _bid_text(bid: BidRecord, names: Sequence[str], lang: str) -> str:
    return t(
        lang,
        f"{GAME}.showdown.bid",
        cards=poker_card_faces(bid.cards, lang=lang),
        hand=_hand_or_unknown(bid.cards, lang),
        name=seat_name(names, bid.seat),
    )


def _showdown_field(showdown: ShowdownView, names: Sequence[str], lang: str) -> Field:
    """The running showdown from the perspective, not from the events: every bid stays in sight."""
    lines = [t(lang, f"{GAME}.showdown.dropped", name=seat_name(names, showdown.dropper))]
    if showdown.high is None:
        lines.append(t(lang, f"{GAME}.showdown.no_bid"))
    else:
        lines.append(
            t(
                lang,
                f"{GAME}.showdown.high",
                cards=poker_card_faces(showdown.high.cards, lang=lang),
                hand=_hand_or_unknown(showdown.high.cards, lang),
                name=seat_name(names, showdown.high.seat),
            )
        )
    earlier = showdown.bids[:-1] if showdown.high is not None else showdown.bids
    if earlier:
        shown = [_bid_text(bid, names, lang) for bid in reversed(earlier[-EARLIER_BIDS:])]  # the latest first
        more = len(earlier) - len(shown)
        label = t(lang, f"{GAME}.showdown.earlier", count=len(earlier))
        lines.append(f"{label} " + " · ".join(shown) + (f" · (+{more})" if more else ""))
    if showdown.passed:
        lines.append(
            t(lang, f"{GAME}.showdown.passed", players=_names(names, showdown.passed, lang), count=len(showdown.passed))
        )
    lines.append(t(lang, f"{GAME}.showdown.pot", count=showdown.pot))
    if showdown.order:
        lines.append(t(lang, f"{GAME}.showdown.order", players=" → ".join(seat_name(names, s) for s in showdown.order)))
    if showdown.to_bid is not None:
        lines.append(t(lang, f"{GAME}.showdown.to_bid", name=seat_name(names, showdown.to_bid)))
    title = t(lang, f"{GAME}.showdown.title", brain=poker_card_face(showdown.brain, lang=lang))
    return Field(name=title, value="\n".join(lines))


def _seat_name(view: DeadMoneyPerspective, seat: int, names: Sequence[str]) -> str:
    """A seat's name, marked ▶️ when it must act now (as the frame's "Waiting for …" says), 🏆 when it won."""
    marker = ""
    if view.winner == seat:
        marker = "🏆 "
    elif seat in view.to_act and not view.finished:
        marker = "▶️ "
    return marker + _seat_label(names, seat)


def _seat_value(view: DeadMoneyPerspective, seat: int, lang: str) -> str:
    info = view.seats[seat]
    if seat in view.withdrawn:
        return t(lang, f"{GAME}.table.left")
    lines = [t(lang, f"{GAME}.table.cards", count=info.hand_size)]
    brains = _brains(info.brains, lang)
    lines.append(t(lang, f"{GAME}.table.brains", brains=brains) if brains else t(lang, f"{GAME}.table.no_brain"))
    pending = view.pending
    if pending is not None and pending.kind != "turn" and seat in pending.waiting:
        lines.append(t(lang, f"{GAME}.table.deciding"))
    return "\n".join(lines)


# ----- a hand --------------------------------------------------------------------------------------------------------
def playable_cards(view: DeadMoneyPerspective) -> set[str]:
    """The cards of the viewer's hand they may play now (their turn, nothing pending, actions and Brain permitting)."""
    pending = view.pending
    if view.viewer is None or pending is None or pending.kind != "turn" or view.viewer not in pending.waiting:
        return set()
    has_brain = bool(view.seats[view.viewer].brains)
    playable = set()
    for card in set(view.my_hand):
        spec = _spec(card)
        if spec is not None and spec.hands <= view.hands_left and (has_brain or not spec.needs_brain):
            playable.add(card)
    return playable


def _brain_line(view: DeadMoneyPerspective, lang: str) -> str:
    assert view.viewer is not None
    brains = view.seats[view.viewer].brains
    if not brains:
        return t(lang, f"{GAME}.hand.no_brain")
    bonus = Counter(card[-1] for card in brains)
    bonuses = ", ".join(f"+{count} {SUIT_SYMBOLS[suit]}" for suit, count in sorted(bonus.items()))
    return t(lang, f"{GAME}.hand.brains", brains=poker_card_faces(brains, lang=lang), bonus=bonuses)


def hand_lines(view: DeadMoneyPerspective, lang: str) -> list[str]:
    """The viewer's hand, every card once: on their turn the playable cards on a line of their own, then the
    others; the cards new since their own last move after a 🆕."""
    if not view.my_hand:
        return [t(lang, f"{GAME}.hand.empty")]
    fresh = Counter(view.fresh)
    playable = playable_cards(view)
    if not playable:
        return [faces_marking_new(view.my_hand, fresh, lang)]
    now = [card for card in view.my_hand if card in playable]
    later = [card for card in view.my_hand if card not in playable]
    lines = [t(lang, f"{GAME}.hand.playable", cards=faces_marking_new(now, fresh, lang))]
    if later:
        lines.append(t(lang, f"{GAME}.hand.not_playable", cards=faces_marking_new(later, fresh, lang)))
    return lines


def _own_fields(view: DeadMoneyPerspective, names: Sequence[str], lang: str) -> list[Field]:
    """Everything of the viewer's own: the hand and the Brains in front of them, then what only they see (the
    card they pass, their secret pick, the cards they arrange, the hand they look at)."""
    fields = continued_fields(
        t(lang, f"{GAME}.hand.yours", count=len(view.my_hand)), [*hand_lines(view, lang), _brain_line(view, lang)]
    )
    lines: list[str] = []
    if view.held is not None:
        lines.append(t(lang, f"{GAME}.hand.held", card=poker_card_face(view.held, lang=lang)))
    if view.my_pick is not None:
        if view.my_pick:
            lines.append(t(lang, f"{GAME}.hand.my_pick", cards=poker_card_faces(view.my_pick, lang=lang)))
        else:
            lines.append(t(lang, f"{GAME}.hand.my_pick_none"))
    if view.arrange or view.arranged:
        lines.append(t(lang, f"{GAME}.hand.arrange", cards=poker_card_faces(view.arrange, lang=lang)))
        lines.append(t(lang, f"{GAME}.hand.arranged", cards=poker_card_faces(view.arranged, lang=lang)))
    if lines:
        fields += continued_fields(t(lang, f"{GAME}.hand.secret"), lines)
    if view.peek_seat is not None:
        name = display_name(names[view.peek_seat]) if 0 <= view.peek_seat < len(names) else "?"
        peek = _card_lines(view.peek, lang) if view.peek else [t(lang, f"{GAME}.hand.peek_empty")]
        fields += continued_fields(t(lang, f"{GAME}.hand.peek", name=name, count=len(view.peek)), peek)
    return fields


def full_effect_lines(view: DeadMoneyPerspective, lang: str) -> list[str]:
    """While the viewer has a card to play or to choose (not a bid: a showdown counts coins, not effects), the
    full text of each card of their hand that menus show in short ("3♠ (2 actions · 2 coins · needs a Brain):
    Turn over the top card of the draw pile…"), once per card."""
    pending = view.pending
    if view.viewer is None or view.finished or pending is None or pending.kind == "showdown":
        return []
    if view.viewer not in pending.waiting:
        return []
    cards = sort_cards([card for card in set(view.my_hand) if short_effect_key(card) is not None])
    return [
        t(
            lang,
            f"{GAME}.hand.effect",
            card=poker_card_face(card, lang=lang),
            stats=card_stats(card, lang),
            text=card_text(card, lang),
        )
        for card in cards
    ]


def _showdown_line(showdown: ShowdownView, names: Sequence[str], lang: str) -> str:
    brain = poker_card_face(showdown.brain, lang=lang)
    high = showdown.high
    if high is None:
        return t(lang, f"{GAME}.hand.showdown_open", brain=brain, name=seat_name(names, showdown.dropper))
    return t(
        lang,
        f"{GAME}.hand.showdown",
        brain=brain,
        cards=poker_card_faces(high.cards, lang=lang),
        hand=_hand_or_unknown(high.cards, lang),
        name=seat_name(names, high.seat),
    )


def _others_lines(view: DeadMoneyPerspective, names: Sequence[str], lang: str) -> list[str]:
    """The other players in one line each, for a hand."""
    lines = []
    for info in view.seats:
        if info.seat == view.viewer or info.seat in view.withdrawn:
            continue
        lines.append(
            t(
                lang,
                f"{GAME}.hand.other",
                name=_seat_name(view, info.seat, names),
                count=info.hand_size,
                brains=_brains(info.brains, lang) or "—",
            )
        )
    return lines


def table_lines(view: DeadMoneyPerspective, names: Sequence[str], lang: str) -> list[str]:
    """The table as a hand shows it, in a few lines: the showdown, the turn, what others are deciding, the piles,
    one line per opponent (the public table, one click away, has the rest)."""
    lines = [_showdown_line(view.showdown, names, lang)] if view.showdown is not None else []
    lines.append(_turn_line(view, names, lang))
    pending = view.pending
    if pending is not None and not view.finished and pending.kind not in ("turn", "showdown"):
        if view.viewer not in pending.waiting:
            lines.append(pending_text(view, names, lang))
        others = [seat for seat in pending.waiting if seat != view.viewer]
        if others:
            lines.append(t(lang, f"{GAME}.table.waiting", players=_names(names, others, lang), count=len(others)))
    lines.append(_piles_line(view, lang))
    return lines + _others_lines(view, names, lang)


# ----- the decision, in the second person --------------------------------------------------------------------------
def decision_text(view: DeadMoneyPerspective, names: Sequence[str], lang: str) -> str | None:
    """What the viewer must decide now ("4♠: name a player who draws 2 cards"), or None if nothing. Plain text
    but for the card faces: the hand shows it in bold."""
    pending = view.pending
    viewer = view.viewer
    if viewer is None or pending is None or view.finished or viewer not in pending.waiting:
        return None
    card = _card_param(pending.card, lang)
    if pending.kind == "turn":
        if not playable_cards(view):
            return t(lang, f"{GAME}.decide.stuck")
        key = "turn_first" if view.played == 0 else "turn_more"
        return t(lang, f"{GAME}.decide.{key}", left=view.hands_left)
    if pending.kind == "showdown" and view.showdown is not None:
        return _showdown_decision(view.showdown, names, lang)
    if pending.kind == "arrange":
        return t(lang, f"{GAME}.decide.arrange", card=card)
    purpose = pending.purpose or ""
    if pending.kind == "brain":
        roll = view.last_roll
        if purpose == "drop" and roll is not None and roll.seat == viewer and not roll.success:
            if roll.card == pending.card:
                purpose = "drop_roll"
        elif purpose == "discard" and viewer != view.active:
            purpose = "discard_own"  # 2♠: the player counted discards one of their own Brains
    params = {
        "card": card,
        "count": pending.count,
        "first": unbolded_name(names, pending.first),
        "held": _card_param(view.held, lang),
        "active": unbolded_name(names, view.active),
        "ranks": t(lang, f"{GAME}.rank.{VOLUNTEER_RANKS.get(pending.card or '', 'K')}"),
    }
    return t(lang, f"{GAME}.decide.{pending.kind}.{purpose}", **params)


def _showdown_decision(showdown: ShowdownView, names: Sequence[str], lang: str) -> str:
    brain = poker_card_face(showdown.brain, lang=lang)
    high = showdown.high
    if high is None:
        return t(lang, f"{GAME}.decide.showdown_first", brain=brain)
    return t(
        lang,
        f"{GAME}.decide.showdown_beat",
        brain=brain,
        hand=_hand_or_unknown(high.cards, lang),
        name=unbolded_name(names, high.seat),
    )


# ----- the card picker's draft of a bid --------------------------------------------------------------------------
def bid_feedback(view: DeadMoneyPerspective, draft: Sequence[str], lang: str) -> tuple[str, bool] | None:
    """What a drafted bid makes and whether it may be confirmed: "✅ three 4s beats pair of Kings. If it wins,
    you draw 4 cards." / "❌ pair of 3s does not beat three Kings: …"; None outside the viewer's bid."""
    showdown = view.showdown
    if showdown is None or view.viewer is None or showdown.to_bid != view.viewer:
        return None
    if not draft:
        return "", False
    hand = hand_words(draft, lang)
    if hand is None or len(draft) > BID_MAX:
        return "", False
    coins = coins_of(draft)
    high = showdown.high
    if high is None:
        return t(lang, f"{GAME}.draft.first", hand=hand, coins=coins), True
    words = _hand_or_unknown(high.cards, lang)
    if bid_value(draft) > bid_value(high.cards):
        return t(lang, f"{GAME}.draft.beats", hand=hand, high=words, coins=coins), True
    return t(lang, f"{GAME}.draft.loses", hand=hand, high=words), False


class DeadMoneyRenderer(GameRenderer[DeadMoneyPerspective, DeadMoneyAction]):
    def table_fields(self, view: DeadMoneyPerspective, names: Sequence[str], lang: str) -> list[Field]:
        # Split between lines (and spaces), never inside a card's emoji: the discard can be long.
        fields = continued_fields(t(lang, f"{GAME}.table.summary"), _summary_lines(view, names, lang))
        pending = _pending_field(view, names, lang)
        if pending is not None:
            fields.append(pending)
        if view.showdown is not None:
            fields.append(_showdown_field(view.showdown, names, lang))
        return fields + seat_fields(
            view.seats,
            lambda info: _seat_name(view, info.seat, names),
            lambda info: _seat_value(view, info.seat, lang),
        )

    def hand_fields(self, view: DeadMoneyPerspective, names: Sequence[str], lang: str) -> list[Field]:
        """The viewer's own cards first (so nothing can push them out of the embed), then the table in brief,
        then the full text of their cards that menus show in short (`full_effect_lines`)."""
        fields = _own_fields(view, names, lang) if view.viewer is not None else []
        fields += continued_fields(t(lang, f"{GAME}.table.summary"), table_lines(view, names, lang))
        effects = full_effect_lines(view, lang)
        return fields + (continued_fields(t(lang, f"{GAME}.hand.effects"), effects) if effects else [])

    def decision(self, view: DeadMoneyPerspective, names: Sequence[str], lang: str) -> str | None:
        return decision_text(view, names, lang)

    def seat_lines(self, view: DeadMoneyPerspective, names: Sequence[str], lang: str) -> list[str]:
        """A seat's private part in a replay: its hand, suit by suit; the card it is passing; its secret pick; the
        cards it puts back on the draw pile. Not its Brains (face up), nor the hand it looks at (that hand is
        shown under its owner)."""
        if view.viewer is None:
            return []
        lines = [t(lang, "replay_seat.hand", cards=_faces(view.my_hand, lang))] if view.my_hand else []
        if view.held is not None:
            lines.append(t(lang, "replay_seat.passing", card=poker_card_face(view.held, lang=lang)))
        if view.my_pick is not None:
            picked = poker_card_faces(view.my_pick, lang=lang)
            lines.append(
                t(lang, "replay_seat.pick", cards=picked) if view.my_pick else t(lang, "replay_seat.pick_none")
            )
        if view.arrange:
            lines.append(t(lang, "replay_seat.arrange", cards=poker_card_faces(view.arrange, lang=lang)))
        if view.arranged:
            lines.append(t(lang, "replay_seat.arranged", cards=poker_card_faces(view.arranged, lang=lang)))
        return lines

    def action_tone(self, action: DeadMoneyAction, view: DeadMoneyPerspective) -> Tone:
        """Passing a showdown and ending a turn are free and usual; every other move is a choice among several.
        (A move the engine reports a consequence for is shown in red whatever this says.)"""
        return "expected" if isinstance(action, Pass | EndTurn) else "choice"

    def action_emoji(
        self, action: DeadMoneyAction, view: DeadMoneyPerspective, lang: str
    ) -> discord.PartialEmoji | str | None:
        """The card a Play button plays, as its picture (when the bot has the card's emoji)."""
        return card_emoji(self.game, action.card, lang) if isinstance(action, Play) else None

    def pick_option(self, card_id: str, lang: str) -> tuple[str, str | None]:
        """The card picker's option for `card_id` (see `pick_option_text`)."""
        label, description = pick_option_text(card_id, lang)
        return label, description or None

    def pick_card_option(
        self, pick: CardPick, card_id: str, lang: str, names: Sequence[str] = ()
    ) -> tuple[str, str | None]:
        """A bid's options show the card and its coins; other picks' show its cost and effect."""
        label, description = bid_option_text(card_id, lang) if pick.kind == "bid" else pick_option_text(card_id, lang)
        return label, description or None

    def draft_feedback(self, view: DeadMoneyPerspective, draft: Sequence[str], lang: str) -> tuple[str, bool] | None:
        return bid_feedback(view, draft, lang)

    def refusal_params(self, refusal: Refusal, lang: str) -> Params:
        """A refused bid names both hands in words: "pair of 3s" does not beat "three Kings"."""
        params = dict(refusal.params)
        if refusal.key == f"{GAME}.refusal.bid_too_low":
            for name in ("bid", "high"):
                value = params.get(name)
                if isinstance(value, str):
                    params[name] = hand_words(value.split(","), lang) or value
        return params

    def action_label(
        self, action: DeadMoneyAction, view: DeadMoneyPerspective, lang: str, names: Sequence[str] = ()
    ) -> str:
        """A button's text, plain (a label shows no emoji markup). With `names` (the players' names by seat) a
        named player is shown by name, else by seat number ("Player 2"); the viewer is marked "(you)"."""
        match action:
            case PutNext() | Cards() | Bid() if view.viewer not in view.to_act:
                # A seat not to act may still be offered (disabled) answers to someone else's secret decision:
                # the cards being arranged, the hand being looked at. Show no card then.
                return t(lang, f"{GAME}.action.{action.kind}", card="?", cards="?", hand="?")
            case EndTurn():
                return t(lang, f"{GAME}.action.end_turn_draw" if view.played == 0 else f"{GAME}.action.end_turn")
            case Play() | PutNext():
                return t(lang, f"{GAME}.action.{action.kind}", card=poker_card_label(action.card, lang))
            case Bid():
                labels = _card_labels(action.cards, lang)
                return t(lang, f"{GAME}.action.bid", cards=labels, hand=_hand_or_unknown(action.cards, lang))
            case Cards():
                purpose = view.pending.purpose if view.pending is not None else None
                key = f"{GAME}.action.cards.{purpose}"
                cards = _card_labels(action.cards, lang)
                return t(lang, key if catalogue().has("en", key) else f"{GAME}.action.cards", cards=cards)
            case Target():
                name = label_name(names, action.seat, lang, GAME)
                yourself = action.seat == view.viewer
                return t(lang, f"{GAME}.action.target_self" if yourself else f"{GAME}.action.target", name=name)
            case TakeBrain():
                brain = poker_card_label(action.brain, lang)
                if action.seat is None:
                    return t(lang, f"{GAME}.action.brain_discard", brain=brain)
                return t(lang, f"{GAME}.action.brain", brain=brain, name=label_name(names, action.seat, lang, GAME))
        return t(lang, f"{GAME}.action.{action.kind}")


def _card_labels(cards: Sequence[str], lang: str) -> str:
    """Cards as plain text for a button label ("K♠ 4♦"), or a dash for none."""
    return " ".join(poker_card_label(card, lang) for card in cards) or "—"
