"""Dead Money on Discord: the public table (hand sizes, Brains, piles, the last Brain roll, the pending decision
and who still has to decide, the showdown) and each player's hand, always shown whole.

A hand can hold most of the 112 cards, so it is shown one line per suit and split over as many fields as
Discord's 1024-character field limit needs; no card is ever dropped. Cards are shown as faces ("K♠", "🧠♥").
`pick_option_text` gives the card picker's select options their label and description.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence

from pydantic import BaseModel

from bot import games as games_with_data
from bot.i18n import catalogue, t
from cogs.render import games
from cogs.render.games import Field
from cogs.render.limits import FIELD_VALUE, OPTION_TEXT, clip
from cogs.render.text import SUIT_SYMBOLS, display_name, message, poker_card_face, poker_card_faces, seat_name
from engines import poker, registry
from engines.core import Perspective
from engines.deadmoney import DeadMoneyEngine, DeadMoneyPerspective, PendingView, ShowdownView
from engines.deadmoney.cards import CardSpec
from engines.deadmoney.resolve import bid_value, sort_cards
from engines.deadmoney.state import BidRecord
from engines.deadmoney.table import FACES, is_brain, rank_of, suit_of

GAME = "deadmoney"
SUITS = ("C", "D", "H", "S")  # display order ♣ ♦ ♥ ♠
EARLIER_BIDS = 4  # earlier raises listed under the high bid
VOLUNTEER_RANKS = {"9H": "K", "8S": "A"}  # 9♥ asks for Kings, 8♠ for Aces
CONTINUED = "\u200b"  # the name of a field that continues the previous one
SECRET_KINDS = ("arrange", "cards", "bid")  # actions whose labels show cards only the seat to act may know


# ----- card data ------------------------------------------------------------------------------------------------
def card_specs() -> Mapping[str, CardSpec]:
    """The card data (hand cost, coins, Brain requirement, effect texts) the running engine was built from."""
    games_with_data.install()
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
    return spec.text.fr if lang == "fr" else spec.text.en


def card_stats(card_id: str, lang: str) -> str:
    """ "2 hands · 2 coins · needs a Brain", localised."""
    spec = _spec(card_id)
    if spec is None:
        return ""
    parts = [t(lang, f"{GAME}.card.hands.{spec.hands}")]
    if not spec.is_brain:
        parts.append(t(lang, f"{GAME}.card.coins.{spec.coins}"))
    if spec.needs_brain:
        parts.append(t(lang, f"{GAME}.card.needs_brain"))
    return " · ".join(parts)


def pick_option_text(card_id: str, lang: str) -> tuple[str, str]:
    """A select option for the card picker: label = the face ("K♠"), description = its cost, coins, Brain
    requirement and effect ("1 hand · 2 coins · needs a Brain — Draw 2."), each within Discord's 100 characters."""
    label = clip(poker_card_face(card_id), OPTION_TEXT)
    stats = card_stats(card_id, lang)
    text = card_text(card_id, lang)
    description = f"{stats} — {text}" if stats and text else stats or text
    return label, clip(description, OPTION_TEXT)


# ----- small pieces -----------------------------------------------------------------------------------------------
def _by_suit(cards: Iterable[str]) -> dict[str, list[str]]:
    """Cards grouped by suit (♣ ♦ ♥ ♠), each suit low to high (A high), Brains apart under "B"."""
    groups: dict[str, list[str]] = {}
    for card in sort_cards(list(cards)):
        groups.setdefault("B" if is_brain(card) else suit_of(card), []).append(card)
    return {suit: groups[suit] for suit in (*SUITS, "B") if suit in groups}


def _bid_hand(cards: Sequence[str]) -> str | None:
    """The poker category of a bid ("pair"), or None if the cards are not a bid."""
    try:
        category, _ = poker.describe(bid_value(cards))
    except (ValueError, KeyError):
        return None
    return category.value


def _hand_name(category: str | None, lang: str) -> str:
    return t(lang, f"{GAME}.hand.{category}") if category else "?"


def _names(names: Sequence[str], seats: Iterable[int]) -> str:
    return ", ".join(seat_name(names, seat) for seat in seats) or "—"


def _split_line(line: str, limit: int) -> list[str]:
    """A line longer than `limit` cut at spaces (a word longer than the limit is cut too)."""
    pieces: list[str] = []
    current = ""
    for word in line.split(" "):
        while len(word) > limit:
            if current:
                pieces.append(current)
                current = ""
            pieces.append(word[:limit])
            word = word[limit:]
        candidate = f"{current} {word}" if current else word
        if len(candidate) > limit:
            pieces.append(current)
            current = word
        else:
            current = candidate
    if current:
        pieces.append(current)
    return pieces


def chunk_lines(lines: Sequence[str], limit: int = FIELD_VALUE) -> list[str]:
    """Lines packed into as few field values of at most `limit` characters as they need, nothing dropped."""
    values: list[str] = []
    current = ""
    for raw in lines:
        for line in _split_line(raw, limit) if len(raw) > limit else [raw]:
            candidate = f"{current}\n{line}" if current else line
            if len(candidate) > limit:
                values.append(current)
                current = line
            else:
                current = candidate
    if current:
        values.append(current)
    return values


def _fields(name: str, lines: Sequence[str]) -> list[Field]:
    values = chunk_lines(lines) or ["—"]
    return [Field(name=name if index == 0 else CONTINUED, value=value) for index, value in enumerate(values)]


def _card_lines(cards: Sequence[str], bold: set[str] | None = None) -> list[str]:
    """One line per suit (then the Brains), every card shown; cards in `bold` in bold."""
    bold = bold or set()
    lines = []
    for group in _by_suit(cards).values():
        faces = [f"**{poker_card_face(card)}**" if card in bold else poker_card_face(card) for card in group]
        lines.append(" ".join(faces))
    return lines


# ----- the public table ---------------------------------------------------------------------------------------------
def _seat_label(names: Sequence[str], seat: int) -> str:
    return f"{seat + 1}. {display_name(names[seat])}" if 0 <= seat < len(names) else f"{seat + 1}."


def _brains(brains: Sequence[str]) -> str:
    return poker_card_faces(brains) if brains else ""


def _turn_line(view: DeadMoneyPerspective, names: Sequence[str], lang: str) -> str:
    if view.finished:
        if view.winner is not None:
            return t(lang, f"{GAME}.table.winner", name=seat_name(names, view.winner))
        return t(lang, f"{GAME}.table.over")
    return t(lang, f"{GAME}.table.turn", turn=view.turn, name=seat_name(names, view.active), left=view.hands_left)


def _piles_lines(view: DeadMoneyPerspective, lang: str) -> list[str]:
    top = poker_card_face(view.discard[-1]) if view.discard else "—"
    lines = [t(lang, f"{GAME}.table.piles", deck=view.deck_count, discard=len(view.discard), top=top)]
    brains = [card for card in view.discard if card.startswith("BRAIN-")]
    faces = [card for card in view.discard if rank_of(card) in FACES]
    if brains:
        lines.append(t(lang, f"{GAME}.table.discard_brains", cards=poker_card_faces(sorted(brains))))
    if faces:
        lines.append(t(lang, f"{GAME}.table.discard_faces", cards=" ".join(_card_lines(faces))))
    if view.in_play:
        lines.append(t(lang, f"{GAME}.table.in_play", cards=poker_card_faces(view.in_play)))
    return lines


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
        card=poker_card_face(roll.card),
        die=roll.die,
        bonus=roll.bonus,
        total=roll.die + roll.bonus,
        target=roll.target,
        outcome=outcome,
    )


def _summary(view: DeadMoneyPerspective, names: Sequence[str], lang: str) -> str:
    lines = [_turn_line(view, names, lang), *_piles_lines(view, lang)]
    roll = _roll_line(view, names, lang)
    if roll is not None:
        lines.append(roll)
    return "\n".join(lines)


def pending_text(view: DeadMoneyPerspective, names: Sequence[str], lang: str) -> str:
    """What the table waits for, in words."""
    pending = view.pending
    if pending is None:
        return ""
    chooser = pending.waiting[0] if pending.waiting else pending.choosers[0] if pending.choosers else None
    card = poker_card_face(pending.card) if pending.card else "?"
    params = {
        "card": card,
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
    lines = [t(lang, f"{GAME}.table.waiting", players=_names(names, pending.waiting))] if pending.waiting else []
    if pending.kind == "cards" and len(pending.choosers) > 1:
        decided = [seat for seat in pending.choosers if seat not in pending.waiting]
        if decided:
            lines.append(t(lang, f"{GAME}.table.decided", players=_names(names, decided)))
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
        cards=poker_card_faces(bid.cards),
        hand=_hand_name(_bid_hand(bid.cards), lang),
        name=seat_name(names, bid.seat),
    )


def _showdown_field(showdown: ShowdownView, names: Sequence[str], lang: str) -> Field:
    lines = [t(lang, f"{GAME}.showdown.dropped", name=seat_name(names, showdown.dropper))]
    if showdown.high is None:
        lines.append(t(lang, f"{GAME}.showdown.no_bid"))
    else:
        lines.append(
            t(
                lang,
                f"{GAME}.showdown.high",
                cards=poker_card_faces(showdown.high.cards),
                hand=_hand_name(showdown.high_hand, lang),
                name=seat_name(names, showdown.high.seat),
            )
        )
    earlier = showdown.bids[:-1] if showdown.high is not None else showdown.bids
    if earlier:
        shown = [_bid_text(bid, names, lang) for bid in earlier[-EARLIER_BIDS:]]
        more = len(earlier) - len(shown)
        label = t(lang, f"{GAME}.showdown.earlier", count=len(earlier))
        lines.append(f"{label} " + " · ".join(shown) + (f" · (+{more})" if more else ""))
    lines.append(t(lang, f"{GAME}.showdown.pot", count=showdown.pot))
    if showdown.order:
        lines.append(t(lang, f"{GAME}.showdown.order", players=" → ".join(seat_name(names, s) for s in showdown.order)))
    if showdown.to_bid is not None:
        lines.append(t(lang, f"{GAME}.showdown.to_bid", name=seat_name(names, showdown.to_bid)))
    title = t(lang, f"{GAME}.showdown.title", brain=poker_card_face(showdown.brain))
    return Field(name=title, value="\n".join(lines))


def _seat_name(view: DeadMoneyPerspective, seat: int, names: Sequence[str]) -> str:
    marker = ""
    if view.winner == seat:
        marker = "🏆 "
    elif view.active == seat and not view.finished:
        marker = "▶️ "
    return marker + _seat_label(names, seat)


def _seat_value(view: DeadMoneyPerspective, seat: int, lang: str) -> str:
    info = view.seats[seat]
    if seat in view.withdrawn:
        return t(lang, f"{GAME}.table.left")
    lines = [t(lang, f"{GAME}.table.cards", count=info.hand_size)]
    brains = _brains(info.brains)
    lines.append(t(lang, f"{GAME}.table.brains", brains=brains) if brains else t(lang, f"{GAME}.table.no_brain"))
    pending = view.pending
    if pending is not None and pending.kind != "turn" and seat in pending.waiting:
        lines.append(t(lang, f"{GAME}.table.deciding"))
    return "\n".join(lines)


def _others_lines(view: DeadMoneyPerspective, names: Sequence[str], lang: str) -> list[str]:
    """The other players in one line each, for a hand."""
    lines = []
    for info in view.seats:
        if info.seat == view.viewer or info.seat in view.withdrawn:
            continue
        brains = _brains(info.brains)
        lines.append(
            t(
                lang,
                f"{GAME}.hand.other",
                name=_seat_name(view, info.seat, names),
                count=info.hand_size,
                brains=brains or "—",
            )
        )
    return lines


# ----- a hand --------------------------------------------------------------------------------------------------------
def playable_cards(view: DeadMoneyPerspective) -> set[str]:
    """The cards of the viewer's hand they may play now (their turn, nothing pending, hands and Brain permitting)."""
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
    return t(lang, f"{GAME}.hand.brains", brains=poker_card_faces(brains), bonus=bonuses)


def _hand_fields(view: DeadMoneyPerspective, lang: str) -> list[Field]:
    playable = playable_cards(view)
    lines = _card_lines(view.my_hand, playable) if view.my_hand else [t(lang, f"{GAME}.hand.empty")]
    if playable:
        lines.append(t(lang, f"{GAME}.hand.bold_playable"))
    lines.append(_brain_line(view, lang))
    return _fields(t(lang, f"{GAME}.hand.yours", count=len(view.my_hand)), lines)


def _secret_fields(view: DeadMoneyPerspective, names: Sequence[str], lang: str) -> list[Field]:
    """What only the viewer sees besides their hand: the card they pass, the hand they look at, the cards they
    arrange, their secret pick."""
    fields: list[Field] = []
    lines: list[str] = []
    if view.held is not None:
        lines.append(t(lang, f"{GAME}.hand.held", card=poker_card_face(view.held)))
    if view.my_pick is not None:
        if view.my_pick:
            lines.append(t(lang, f"{GAME}.hand.my_pick", cards=poker_card_faces(view.my_pick)))
        else:
            lines.append(t(lang, f"{GAME}.hand.my_pick_none"))
    if view.arrange or view.arranged:
        lines.append(t(lang, f"{GAME}.hand.arrange", cards=poker_card_faces(view.arrange)))
        lines.append(t(lang, f"{GAME}.hand.arranged", cards=poker_card_faces(view.arranged)))
    if lines:
        fields += _fields(t(lang, f"{GAME}.hand.secret"), lines)
    if view.peek_seat is not None:
        name = display_name(names[view.peek_seat]) if 0 <= view.peek_seat < len(names) else "?"
        peek = _card_lines(view.peek) if view.peek else [t(lang, f"{GAME}.hand.peek_empty")]
        fields += _fields(t(lang, f"{GAME}.hand.peek", name=name, count=len(view.peek)), peek)
    return fields


def prompt_text(view: DeadMoneyPerspective, names: Sequence[str], lang: str) -> str | None:
    """What the viewer has to decide now, in words (None if nothing)."""
    pending = view.pending
    if view.viewer is None or pending is None or view.viewer not in pending.waiting:
        return None
    if pending.kind == "turn":
        if not playable_cards(view):
            return t(lang, f"{GAME}.hand.nothing_playable")
        return message(lang, f"{GAME}.pick.play", {"left": view.hands_left}, names)
    if pending.kind == "cards" and pending.purpose is not None:
        prompt = message(lang, f"{GAME}.pick.{pending.purpose}", {"count": pending.count}, names)
        return f"{poker_card_face(pending.card)} — {prompt}" if pending.card else prompt
    if pending.kind == "showdown":
        return message(lang, f"{GAME}.pick.bid", {}, names)
    return pending_text(view, names, lang)


class DeadMoneyRenderer:
    def table_fields(self, view: Perspective, names: Sequence[str], lang: str) -> list[Field]:
        assert isinstance(view, DeadMoneyPerspective)
        fields = [Field(name=t(lang, f"{GAME}.table.summary"), value=_summary(view, names, lang))]
        pending = _pending_field(view, names, lang)
        if pending is not None:
            fields.append(pending)
        if view.showdown is not None:
            fields.append(_showdown_field(view.showdown, names, lang))
        fields += [
            Field(_seat_name(view, info.seat, names), _seat_value(view, info.seat, lang), inline=True)
            for info in view.seats
        ]
        return fields

    def hand_fields(self, view: Perspective, names: Sequence[str], lang: str) -> list[Field]:
        """The hand first, so that nothing can push it out of the embed; then the secrets, what to do, the table."""
        assert isinstance(view, DeadMoneyPerspective)
        fields: list[Field] = []
        prompt = prompt_text(view, names, lang) if view.viewer is not None else None
        if view.viewer is not None:
            fields += _hand_fields(view, lang)
            fields += _secret_fields(view, names, lang)
            if prompt:
                fields.append(Field(name=t(lang, f"{GAME}.hand.todo"), value=prompt))
        if view.showdown is not None:
            fields.append(_showdown_field(view.showdown, names, lang))
        lines = [_summary(view, names, lang)]
        if view.pending is not None and not view.finished and view.pending.kind != "turn":
            pending = pending_text(view, names, lang)
            if pending != prompt:
                lines.append(pending)
            lines += _waiting_lines(view.pending, names, lang)
        lines += _others_lines(view, names, lang)
        fields += _fields(t(lang, f"{GAME}.table.summary"), lines)
        return fields

    def pick_option(self, game: str, card_id: str, lang: str) -> tuple[str, str | None]:
        """The card picker's option for `card_id` (see `pick_option_text`)."""
        label, description = pick_option_text(card_id, lang)
        return label, description or None

    def action_label(
        self, game: str, action: BaseModel, view: Perspective, lang: str, names: Sequence[str] = ()
    ) -> str:
        """A button's text. With `names` (the players' names by seat) a named player is shown by name, else by
        seat number ("Player 2"), the number the table shows before each name."""
        kind = getattr(action, "kind", "")
        dm_view = view if isinstance(view, DeadMoneyPerspective) else None
        if kind in SECRET_KINDS and (dm_view is None or dm_view.viewer not in dm_view.to_act):
            # A seat not to act may still be offered (disabled) answers to someone else's secret decision:
            # the cards being arranged, the hand being looked at. Show no card then.
            return t(lang, f"{GAME}.action.{kind}", card="?", cards="?", hand="?")
        if kind == "end_turn":
            idle = dm_view is not None and dm_view.played == 0
            return t(lang, f"{GAME}.action.end_turn_draw" if idle else f"{GAME}.action.end_turn")
        if kind == "play":
            return t(lang, f"{GAME}.action.play", card=poker_card_face(str(getattr(action, "card", "?"))))
        if kind == "arrange":
            return t(lang, f"{GAME}.action.arrange", card=poker_card_face(str(getattr(action, "card", "?"))))
        if kind in ("cards", "bid"):
            cards = [str(card) for card in getattr(action, "cards", ())]
            faces = poker_card_faces(cards)
            if kind == "bid":
                return t(lang, f"{GAME}.action.bid", cards=faces, hand=_hand_name(_bid_hand(cards), lang))
            purpose = dm_view.pending.purpose if dm_view is not None and dm_view.pending is not None else None
            key = f"{GAME}.action.cards.{purpose}"
            return t(lang, key if catalogue().has("en", key) else f"{GAME}.action.cards", cards=faces)
        if kind == "target":
            return t(lang, f"{GAME}.action.target", name=_plain_name(getattr(action, "seat", None), names, lang))
        if kind == "brain":
            brain = poker_card_face(str(getattr(action, "brain", "?")))
            holder = getattr(action, "seat", None)
            if holder is None:
                return t(lang, f"{GAME}.action.brain_discard", brain=brain)
            return t(lang, f"{GAME}.action.brain", brain=brain, name=_plain_name(holder, names, lang))
        return t(lang, f"{GAME}.action.{kind}")


def _plain_name(seat: object, names: Sequence[str], lang: str) -> str:
    """A player for a button label (no markdown there): the name, or "Player N" without names."""
    if not isinstance(seat, int):
        return "?"
    if 0 <= seat < len(names):
        return names[seat]
    return t(lang, f"{GAME}.table.player", number=seat + 1)


games.register(GAME, DeadMoneyRenderer())
