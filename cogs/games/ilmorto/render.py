"""Il Morto on Discord: every seat's lives (❤️, 💀 for the dead), the dealer (🎴), who looked early (👀), the face-up
Cavalli and Re, a face-down card as 🂠, whose turn (▶️) and the last reveal; the hand with your card.

Your card shows in your hand once you may see it: when you looked (the dealer for free, anyone else for a life
before the knock) and, for everyone, from the knock on (there is no Look button after the knock: the card is
simply shown), with its Italian name as printed on the card, in every language ("Cavallo di Spade"). Cards
you know from a swap you took part in are listed too. Buttons: Knock (the dealer), Look at my card (before the
knock: red for anyone but the dealer, as it costs a life), Keep, Swap with the next player (named), the dealer's
Swap with the deck. Speaking to the dead and the dealer's accusations are no buttons: the bot sees them happen in
the channel.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from bot.i18n import list_of, t
from cogs.games.ilmorto.deck import italian_face
from cogs.render.base import Field, GameRenderer, Tone
from cogs.render.fields import continued_fields, own_seat, seat_grid, seat_line
from cogs.render.text import display_name, is_card_param
from engines.ilmorto import IlMortoPerspective, SeatView
from engines.ilmorto.actions import Accuse, GiveLife, IlMortoAction, Keep, Knock, Look, Swap

GAME = "ilmorto"
HEART, SKULL, DEALER, BACK, LOOKED, TURN = "❤️", "💀", "🎴", "🂠", "👀", "▶️"
HEARTS_SHOWN = 6  # more lives than this show as "❤️ ×7"
FIGURES = {1: "ace", 8: "fante", 9: "cavallo", 10: "re"}


# ----- cards and lives -------------------------------------------------------------------------------------------
def card_name(card: str, lang: str) -> str:
    """ "9S" -> "Cavallo di Spade": the card's Italian name as printed on it, the same in every language (the
    rules and events name the ranks in Italian too: an Asso, a Cavallo, a Re)."""
    rank = int(card[:-1])
    figure = FIGURES.get(rank)
    rank_name = t(lang, f"{GAME}.rank.{figure}") if figure else str(rank)
    return t(lang, f"{GAME}.card", rank=rank_name, suit=t(lang, f"{GAME}.suit.{card[-1]}"))


def card_text(card: str, lang: str) -> str:
    """A card as its face (emoji, else "C🗡️") and its name."""
    return f"{italian_face(card, lang)} {card_name(card, lang)}"


def hearts(lives: int) -> str:
    if lives <= 0:
        return SKULL
    return HEART * lives if lives <= HEARTS_SHOWN else f"{HEART} ×{lives}"


def _name(names: Sequence[str], seat: int | None) -> str:
    """A player's name, plain (for bold texts and labels)."""
    return display_name(names[seat]) if seat is not None and 0 <= seat < len(names) else "?"


# ----- the table -------------------------------------------------------------------------------------------------
def _seat_title(view: IlMortoPerspective, seat: SeatView, names: Sequence[str]) -> str:
    marker = f"{TURN} " if view.to_move == seat.seat and not view.finished else ""
    dealer = f" {DEALER}" if seat.dealer and not view.finished else ""
    return f"{marker}{_name(names, seat.seat)}{dealer}"


def _card_line(view: IlMortoPerspective, seat: SeatView, lang: str) -> str | None:
    """What lies in front of a seat this round: its card face up or seen, 🂠 face down, 👀 if they looked early."""
    if not seat.holds or view.finished:
        return None
    shown = italian_face(seat.card, lang) if seat.card is not None else BACK
    if seat.looked:
        shown += f" {LOOKED}"
    return shown


def _status(view: IlMortoPerspective, seat: SeatView, lang: str) -> str:
    if seat.seat in view.winners:
        return t(lang, f"{GAME}.table.winner")
    if seat.withdrawn:
        return t(lang, f"{GAME}.table.left")
    if seat.dead:
        return t(lang, f"{GAME}.table.dead")
    return hearts(seat.lives)


def _revealed(view: IlMortoPerspective, seat: SeatView, lang: str) -> str | None:
    if seat.revealed is None:
        return None
    lost = " −1 " + HEART if seat.seat in view.last_losers else ""
    return t(lang, f"{GAME}.table.revealed", card=italian_face(seat.revealed, lang)) + lost


def _seat_value(view: IlMortoPerspective, seat: SeatView, lang: str) -> str:
    lines = [_status(view, seat, lang)]
    card = _card_line(view, seat, lang)
    if card is not None:
        lines.append(card)
    elif seat.lives > 0 and not seat.withdrawn and not view.finished:
        lines.append(t(lang, f"{GAME}.table.no_card"))
    revealed = _revealed(view, seat, lang)
    if revealed is not None:
        lines.append(revealed)
    return "\n".join(lines)


def _phase(view: IlMortoPerspective, names: Sequence[str], lang: str) -> str | None:
    if view.finished:
        return None
    if not view.knocked:
        return t(lang, f"{GAME}.table.before_knock", name=_name(names, view.dealer))
    return t(lang, f"{GAME}.table.after_knock")


def _summary_lines(view: IlMortoPerspective, names: Sequence[str], lang: str) -> list[str]:
    lines = [t(lang, f"{GAME}.table.round", round=view.round, name=_name(names, view.dealer))]
    phase = _phase(view, names, lang)
    if phase is not None:
        lines.append(phase)
    if not view.finished:
        lines.append(t(lang, f"{GAME}.table.deck", count=view.stock))
        if view.aside:
            aside = " ".join(italian_face(card, lang) for card in view.aside)
            lines.append(t(lang, f"{GAME}.table.aside", cards=aside))
    rules = []
    if view.speaking_rule:
        rules.append(t(lang, f"{GAME}.table.speaking_rule"))
    if view.accusations:
        rules.append(t(lang, f"{GAME}.table.accusations"))
    if rules and not view.finished:
        lines.append(" ".join(rules))
    return lines


# ----- the hand ---------------------------------------------------------------------------------------------------
def _own_lines(view: IlMortoPerspective, own: SeatView, names: Sequence[str], lang: str) -> list[str]:
    """Your card (once you may see it) or why not, your lives, the cards you know from swaps."""
    if own.withdrawn:
        return [t(lang, f"{GAME}.table.left")]
    if own.dead:
        return [t(lang, f"{GAME}.hand.dead")]
    lines = []
    if view.finished:
        lines.append(_status(view, own, lang))
    elif not own.holds:
        lines.append(t(lang, f"{GAME}.hand.no_card"))
    elif own.card is not None:
        lines.append(card_text(own.card, lang))
        if own.face_up:
            lines.append(t(lang, f"{GAME}.hand.face_up"))
    elif own.dealer:
        lines.append(t(lang, f"{GAME}.hand.hidden_dealer", back=BACK))
    else:
        lines.append(t(lang, f"{GAME}.hand.hidden", back=BACK))
    lines.append(t(lang, f"{GAME}.hand.lives", hearts=hearts(own.lives)))
    known = [
        t(lang, "format.label_value", label=_name(names, seat.seat), value=card_text(seat.card, lang))
        for seat in view.seats
        if seat.seat != own.seat and seat.card is not None and not seat.face_up
    ]
    if known:
        lines.append(t(lang, f"{GAME}.hand.known", cards=" · ".join(known)))
    if own.dealer and not view.finished:
        lines.append(t(lang, f"{GAME}.hand.dealer_speaks"))
    return lines


def _other_line(view: IlMortoPerspective, seat: SeatView, names: Sequence[str], lang: str) -> str:
    parts = [_status(view, seat, lang)]
    card = _card_line(view, seat, lang)
    if card is not None:
        parts.append(card)
    revealed = _revealed(view, seat, lang)
    if revealed is not None and view.finished:
        parts.append(revealed)
    return seat_line(lang, _seat_title(view, seat, names), parts)


def decision_text(view: IlMortoPerspective, names: Sequence[str], lang: str) -> str | None:
    """What the viewer must decide now, in the second person (None when nothing)."""
    viewer = view.viewer
    if viewer is None or viewer not in view.to_act or view.finished:
        return None
    if not view.knocked:
        key = "knock" if "look" not in view.legal else "knock_look"
        return t(lang, f"{GAME}.decision.{key}")
    own = view.seats[viewer]
    if own.face_up:
        return t(lang, f"{GAME}.decision.face_up")
    if viewer == view.dealer:
        return t(lang, f"{GAME}.decision.dealer")
    jumped = list_of(lang, [_name(names, seat) for seat in view.swap_skipped])
    if view.swap_blocker is not None:
        return t(lang, f"{GAME}.decision.blocked", name=_name(names, view.swap_blocker))
    if view.swap_deck:
        return t(lang, f"{GAME}.decision.deck_jump" if jumped else f"{GAME}.decision.deck", jumped=jumped)
    if jumped:
        return t(lang, f"{GAME}.decision.swap_jump", name=_name(names, view.swap_with), jumped=jumped)
    return t(lang, f"{GAME}.decision.swap", name=_name(names, view.swap_with))


class IlMortoRenderer(GameRenderer[IlMortoPerspective, IlMortoAction]):
    def event_param(self, key: str, value: Any, lang: str) -> str | None:
        """A card param ("9S", or "9S,1C") as its faces: a Cavallo is "C🗡️"."""
        if is_card_param(key) and isinstance(value, str):
            return " ".join(italian_face(card, lang) for card in value.split(","))
        return None

    def table_fields(self, view: IlMortoPerspective, names: Sequence[str], lang: str) -> list[Field]:
        return seat_grid(
            t(lang, f"{GAME}.table.summary"),
            _summary_lines(view, names, lang),
            view.seats,
            lambda seat: _seat_title(view, seat, names),
            lambda seat: _seat_value(view, seat, lang),
        )

    def seat_lines(self, view: IlMortoPerspective, names: Sequence[str], lang: str) -> list[str]:
        """A seat's private part in a replay: its face-down card, when its player knows it (a card nobody looked
        at yet stays unknown, as it was at the table; every card shows at the reveal)."""
        if view.viewer is None:
            return []
        own = next((seat for seat in view.seats if seat.seat == view.viewer), None)
        if own is None or not own.holds or own.face_up:
            return []
        if own.card is None:
            return [t(lang, "replay_seat.card_unseen")]
        return [t(lang, "replay_seat.card", card=italian_face(own.card, lang))]

    def hand_fields(self, view: IlMortoPerspective, names: Sequence[str], lang: str) -> list[Field]:
        """Your card and lives first, then the table in a few lines (one per other player)."""
        fields: list[Field] = []
        own = own_seat(view)
        if own is not None:
            yours = "\n".join(_own_lines(view, own, names, lang))
            fields.append(Field(name=t(lang, f"{GAME}.hand.yours"), value=yours))
        lines = _summary_lines(view, names, lang)[:3]
        lines += [_other_line(view, seat, names, lang) for seat in view.seats if seat.seat != view.viewer]
        return fields + continued_fields(t(lang, f"{GAME}.table.summary"), lines)

    def decision(self, view: IlMortoPerspective, names: Sequence[str], lang: str) -> str | None:
        return decision_text(view, names, lang)

    def action_tone(self, action: IlMortoAction, view: IlMortoPerspective) -> Tone:
        """Knock and Keep are the expected moves; a swap is a choice; looking before the knock costs a life (the
        engine reports it, so it is red; the dealer's free look is a choice)."""
        if isinstance(action, Knock | Keep):
            return "expected"
        if isinstance(action, Look) and view.viewer != view.dealer:
            return "danger"
        return "choice"

    def action_label(
        self, action: IlMortoAction, view: IlMortoPerspective, lang: str, names: Sequence[str] = ()
    ) -> str:
        match action:
            case Look() if view.viewer == view.dealer:
                return t(lang, f"{GAME}.action.look_free")
            case Swap() if view.viewer in view.to_act:
                if view.swap_with is not None:
                    return t(lang, f"{GAME}.action.swap_with", name=_plain(names, view.swap_with))
                if view.swap_deck:
                    return t(lang, f"{GAME}.action.swap_deck")
            case GiveLife():
                return t(lang, f"{GAME}.action.give_life", name=_plain(names, action.to))
            case Accuse():
                return t(
                    lang, f"{GAME}.action.accuse", name=_plain(names, action.accused), dead=_plain(names, action.dead)
                )
        return t(lang, f"{GAME}.action.{action.kind}")


def _plain(names: Sequence[str], seat: int) -> str:
    """A player for a button label (no markdown there)."""
    return names[seat] if 0 <= seat < len(names) else str(seat + 1)
