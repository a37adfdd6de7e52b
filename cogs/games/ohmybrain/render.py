"""Oh My Brain on Discord: the public table and each player's hand.

The table (a spectator's view): the round and whose turn, the Horde bottom to top, a Spider's restriction, the
draw pile and the discard pile (each in the reader's language: "Draw pile", "Réserve"), the last die roll and its
face, the decision the table waits for (during the deal, who is still choosing), how the last round ended; then
one field per player: brains, cards in hand, in Cemetery.

A hand starts with what its player must decide, in the second person, then their own cards: the lot they
choose from during the deal, their hand (the playable cards apart, the new ones after a 🆕), their Cemetery (the
rack only they see), the cards they drew, their brains; then the table in a few lines. Cards are faces
(emojis when the bot has them; a pink special shows its animal, a marshmallow card its die).

How the big choices are asked, for Discord: the deal's "which card goes to your Cemetery" is three buttons
(one per card of the lot, one click); several copies are shared out one at a time, one button per opponent
(each click sends one card: at most 4 buttons, and the hand shows what is left); the refill takes one Cemetery
card at a time from a select menu (the card picker: a Cemetery can hold up to 20 numbers, too many for
buttons, and a choice acts at once), the forced rest taken by itself.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import discord

from bot.i18n import list_of, t
from cogs.games.ohmybrain.deck import BRAINS, ohmybrain_face
from cogs.games.ohmybrain.deck import face_id as ohmybrain_face_id
from cogs.render.base import Field, GameRenderer, Tone
from cogs.render.faces import card_emoji
from cogs.render.fields import continued_fields, marking_new, own_seat, seat_grid
from cogs.render.text import display_name, is_card_param, label_name, seat_name, unbolded_name
from engines.ohmybrain import OhMyBrainPerspective, PendingView, SeatView
from engines.ohmybrain.actions import Bury, Give, GiveTo, Keep, OhMyBrainAction, Pass, Play, Share, Steal, Swap, Take
from engines.ohmybrain.cards import SPECIALS
from engines.ohmybrain.state import DIE_FACES, LOTS, SPIDER_LIMIT

GAME = "ohmybrain"
CARD_KINDS = (Bury, Play, Keep, Give, Take)  # actions naming a card of the player's own


# ----- small pieces -----------------------------------------------------------------------------------------------
def faces(cards: Sequence[int]) -> str:
    """Cards as faces, in the order given, or a dash for none."""
    return " ".join(ohmybrain_face(card) for card in cards) or "—"


def faces_marking_new(cards: Sequence[int], fresh: Sequence[int]) -> str:
    """`cards` (lowest first) as faces, those in `fresh` (a multiset) apart after a 🆕: "`3` `9` 🆕 `12`"."""
    return marking_new(sorted(cards), fresh, faces)


def card_label(card: int | str) -> str:
    """A card as plain text for a button or an option ("11", "17 🎲"): its picture is the `emoji=`."""
    number = str(card)
    return f"{number} 🎲" if ohmybrain_face_id(number) != number else number


def die_effect(face: int, lang: str) -> str:
    return t(lang, f"{GAME}.die.{DIE_FACES[face - 1]}")


def special_note(card: int, lang: str) -> str | None:
    """What a card does besides being a number: a special's power, the marshmallow's roll; else None."""
    if card in SPECIALS:
        return t(lang, f"{GAME}.card.{SPECIALS[card]}")
    if card in BRAINS.marshmallow:
        return t(lang, f"{GAME}.card.marshmallow")
    return None


# ----- the table --------------------------------------------------------------------------------------------------
def turn_line(view: OhMyBrainPerspective, names: Sequence[str], lang: str) -> str:
    if view.finished:
        return t(lang, f"{GAME}.table.over", round=view.round)
    if view.lot:
        return t(lang, f"{GAME}.table.deal", round=view.round, lot=view.lot, lots=LOTS)
    return t(lang, f"{GAME}.table.turn", round=view.round, name=seat_name(names, view.active))


def horde_line(view: OhMyBrainPerspective, lang: str) -> str:
    if not view.horde:
        return t(lang, f"{GAME}.table.horde_empty")
    return t(lang, f"{GAME}.table.horde", cards=faces(view.horde), count=len(view.horde))


def piles_line(view: OhMyBrainPerspective, lang: str) -> str:
    return t(lang, f"{GAME}.table.piles", reserve=view.reserve_count, defausse=view.defausse_count)


def roll_line(view: OhMyBrainPerspective, names: Sequence[str], lang: str) -> str | None:
    roll = view.last_roll
    if roll is None:
        return None
    return t(
        lang,
        f"{GAME}.table.roll",
        name=seat_name(names, roll.seat),
        card=ohmybrain_face(roll.card),
        face=roll.face,
        effect=die_effect(roll.face, lang),
    )


def pending_text(view: OhMyBrainPerspective, names: Sequence[str], lang: str) -> str | None:
    """What the table waits for beyond a plain turn, in the third person (None: the turn line says it)."""
    pending = view.pending
    if pending is None or view.finished:
        return None
    if pending.kind == "deal":
        waiting = [seat for seat in view.to_act]
        return t(
            lang,
            f"{GAME}.table.choosing",
            players=list_of(lang, [seat_name(names, seat) for seat in waiting]) or "—",
            count=len(waiting),
        )
    name = seat_name(names, pending.seat)
    if pending.kind == "play":
        if pending.spider:
            return t(lang, f"{GAME}.table.spider", name=name, limit=SPIDER_LIMIT)
        return t(lang, f"{GAME}.table.must", name=name) if pending.must else None
    return t(
        lang,
        f"{GAME}.pending.{pending.kind}",
        name=name,
        card=ohmybrain_face(pending.card) if pending.card is not None else "?",
        count=pending.left,
        to=seat_name(names, pending.to),
    )


def last_round_line(view: OhMyBrainPerspective, names: Sequence[str], lang: str) -> str | None:
    record = view.last_round
    if record is None:
        return None
    losses = [
        t(lang, f"{GAME}.table.loss", name=display_name(names[seat]) if seat < len(names) else "?", lost=lost)
        for seat, lost in enumerate(record.lost)
        if lost
    ]
    return t(
        lang,
        f"{GAME}.table.last_round",
        round=record.round,
        name=seat_name(names, record.out),
        losses=list_of(lang, losses) or "—",
    )


def summary_lines(view: OhMyBrainPerspective, names: Sequence[str], lang: str) -> list[str]:
    lines = [turn_line(view, names, lang)]
    pending = pending_text(view, names, lang)
    if pending:
        lines.append(pending)
    if not view.lot and not view.finished:
        lines.append(horde_line(view, lang))
    lines.append(piles_line(view, lang))
    for extra in (roll_line(view, names, lang), last_round_line(view, names, lang)):
        if extra:
            lines.append(extra)
    return lines


def seat_title(view: OhMyBrainPerspective, info: SeatView, names: Sequence[str]) -> str:
    marker = "▶️ " if view.active == info.seat and not view.finished else ""
    name = display_name(names[info.seat]) if info.seat < len(names) else f"{info.seat + 1}."
    return marker + name


def seat_value(view: OhMyBrainPerspective, info: SeatView, lang: str) -> str:
    if info.withdrawn:
        return t(lang, f"{GAME}.table.left")
    lines = [t(lang, f"{GAME}.table.seat", brains=info.brains, hand=info.hand, cemetery=info.cemetery)]
    if info.seat in view.winners:
        lines.append(t(lang, f"{GAME}.table.winner"))
    elif view.lot and not view.finished:
        lines.append(t(lang, f"{GAME}.table.decided" if info.decided else f"{GAME}.table.deciding"))
    return "\n".join(lines)


# ----- the hand ---------------------------------------------------------------------------------------------------
def own_lines(view: OhMyBrainPerspective, lang: str) -> list[str]:
    """The viewer's own cards: lot, hand (playable apart), Cemetery, drawn cards, brains."""
    assert view.viewer is not None
    lines: list[str] = []
    if view.my_lot:
        lines.append(t(lang, f"{GAME}.hand.lot", lot=view.lot, lots=LOTS, cards=faces(view.my_lot)))  # once
        if view.my_choice is not None:
            lines.append(t(lang, f"{GAME}.hand.chosen", card=ohmybrain_face(view.my_choice)))
    if view.playable:
        now = [card for card in view.hand if card in view.playable]
        later = [card for card in view.hand if card not in view.playable]
        lines.append(t(lang, f"{GAME}.hand.playable", cards=faces_marking_new(now, view.fresh)))
        if later:
            lines.append(t(lang, f"{GAME}.hand.not_playable", cards=faces_marking_new(later, view.fresh)))
    else:
        lines.append(t(lang, f"{GAME}.hand.hand", cards=faces_marking_new(view.hand, view.fresh), count=len(view.hand)))
    lines.append(
        t(
            lang,
            f"{GAME}.hand.cemetery",
            cards=faces_marking_new(view.cemetery, view.fresh_cemetery),
            count=len(view.cemetery),
        )
    )
    if view.drawn:
        lines.append(t(lang, f"{GAME}.hand.drawn", cards=faces(view.drawn)))
    own = view.seats[view.viewer]
    lines.append(t(lang, f"{GAME}.hand.brains", brains=own.brains))
    return lines


def table_lines(view: OhMyBrainPerspective, names: Sequence[str], lang: str) -> list[str]:
    """The table as a hand shows it: the turn, what it waits for, the Horde, the piles, the roll, one line per
    opponent."""
    lines = summary_lines(view, names, lang)
    for info in view.seats:
        if info.seat == view.viewer or info.withdrawn:
            continue
        lines.append(
            t(
                lang,
                f"{GAME}.hand.other",
                name=seat_title(view, info, names),
                brains=info.brains,
                hand=info.hand,
                cemetery=info.cemetery,
            )
        )
    return lines


def summary_field(lines: Sequence[str], lang: str) -> list[Field]:
    return continued_fields(t(lang, f"{GAME}.table.summary"), lines)


# ----- the decision, in the second person --------------------------------------------------------------------------
def decision_text(view: OhMyBrainPerspective, names: Sequence[str], lang: str) -> str | None:
    viewer, pending = view.viewer, view.pending
    if viewer is None or pending is None or view.finished or viewer not in view.to_act:
        return None
    if pending.kind == "deal":
        return t(lang, f"{GAME}.decide.deal", lot=view.lot, lots=LOTS)
    if pending.kind == "play":
        return _play_decision(view, pending, lang)
    if pending.kind == "keep":
        return t(lang, f"{GAME}.decide.keep", cards=faces(view.drawn))
    roll = view.last_roll
    return t(
        lang,
        f"{GAME}.decide.{pending.kind}",
        card=ohmybrain_face(pending.card) if pending.card is not None else "?",
        count=pending.left,
        to=unbolded_name(names, pending.to),
        face=roll.face if roll is not None else "?",
    )


def _play_decision(view: OhMyBrainPerspective, pending: PendingView, lang: str) -> str:
    top = ohmybrain_face(view.horde[-1]) if view.horde else "—"
    if not view.playable:
        key = "stuck_spider" if pending.spider else "stuck" if view.horde else "stuck_empty"
        return t(lang, f"{GAME}.decide.{key}", top=top, limit=SPIDER_LIMIT)
    if pending.must:
        return t(lang, f"{GAME}.decide.must")
    if pending.spider:
        return t(lang, f"{GAME}.decide.spider", limit=SPIDER_LIMIT)
    if not view.horde:
        return t(lang, f"{GAME}.decide.start")
    return t(lang, f"{GAME}.decide.play", top=top)


# ----- the renderer -----------------------------------------------------------------------------------------------
class OhMyBrainRenderer(GameRenderer[OhMyBrainPerspective, OhMyBrainAction]):
    def event_param(self, key: str, value: Any, lang: str) -> str | None:
        """A card param (a number, or "3,17") as its faces: `17`🎲, 🕷️`8` (`other`: the card a "kept" event sends to
        the Cemetery)."""
        if (is_card_param(key) or key == "other") and isinstance(value, int | str):
            numbers = [value] if isinstance(value, int) else [int(n) for n in value.split(",") if n.strip().isdigit()]
            return " ".join(ohmybrain_face(number) for number in numbers)
        return None

    def table_fields(self, view: OhMyBrainPerspective, names: Sequence[str], lang: str) -> list[Field]:
        return seat_grid(
            t(lang, f"{GAME}.table.summary"),
            summary_lines(view, names, lang),
            view.seats,
            lambda info: seat_title(view, info, names),
            lambda info: seat_value(view, info, lang),
        )

    def seat_lines(self, view: OhMyBrainPerspective, names: Sequence[str], lang: str) -> list[str]:
        """A seat's private part in a replay: its hand, its Cemetery, its lot and its choice during the deal, the
        two cards it drew and still splits."""
        if view.viewer is None:
            return []

        def faces(cards: Sequence[int]) -> str:
            return " ".join(ohmybrain_face(card) for card in sorted(cards))

        lines = [t(lang, "replay_seat.hand", cards=faces(view.hand))] if view.hand else []
        if view.cemetery:
            lines.append(t(lang, "replay_seat.cemetery", cards=faces(view.cemetery)))
        if view.my_lot:
            lines.append(t(lang, "replay_seat.lot", cards=faces(view.my_lot)))
        if view.my_choice is not None:
            lines.append(t(lang, "replay_seat.pick", cards=ohmybrain_face(view.my_choice)))
        if view.drawn:
            lines.append(t(lang, "replay_seat.drawn", cards=faces(view.drawn)))
        return lines

    def hand_fields(self, view: OhMyBrainPerspective, names: Sequence[str], lang: str) -> list[Field]:
        """The viewer's own cards first (nothing can push them out of the embed), then the table in brief."""
        fields: list[Field] = []
        if own_seat(view) is not None:
            fields += continued_fields(t(lang, f"{GAME}.hand.yours"), own_lines(view, lang))
        return fields + summary_field(table_lines(view, names, lang), lang)

    def decision(self, view: OhMyBrainPerspective, names: Sequence[str], lang: str) -> str | None:
        return decision_text(view, names, lang)

    def action_tone(self, action: OhMyBrainAction, view: OhMyBrainPerspective) -> Tone:
        """Not playing when nothing can be played is the expected move; every other move is a choice (not playing
        while a card could be played costs a brain: the engine says so, and the button is red)."""
        return "expected" if isinstance(action, Pass) else "choice"

    def action_emoji(
        self, action: OhMyBrainAction, view: OhMyBrainPerspective, lang: str
    ) -> discord.PartialEmoji | str | None:
        """The card a move names, as its picture (when the bot has the card emojis)."""
        if isinstance(action, CARD_KINDS):
            return card_emoji(self.game, str(action.card), lang)
        if isinstance(action, Share) and view.pending is not None:
            card = view.pending.card
            return card_emoji(self.game, str(card), lang) if card is not None else None
        return None

    def pick_option(self, card_id: str, lang: str) -> tuple[str, str | None]:
        """A Cemetery card in the refill's select: the number (and the die), and what it does, if anything."""
        if not card_id.isdigit():
            return card_id, None
        return card_label(card_id), special_note(int(card_id), lang)

    def action_label(
        self, action: OhMyBrainAction, view: OhMyBrainPerspective, lang: str, names: Sequence[str] = ()
    ) -> str:
        """A button's text, plain (a label shows no emoji markup). A named player is shown by name, else by seat."""
        match action:
            case Bury() | Play() | Keep() | Give() | Take():
                if view.viewer not in view.to_act:
                    return t(lang, f"{GAME}.action.{action.kind}", card="?", count=1)  # never someone else's secret
                count = action.count if isinstance(action, Play) else 1
                key = f"{GAME}.action.play_many" if count > 1 else f"{GAME}.action.{action.kind}"
                return t(lang, key, card=card_label(action.card), count=count)
            case Share():
                card = view.pending.card if view.pending is not None else None
                shared = card_label(card) if card is not None else "?"
                return t(lang, f"{GAME}.action.share", card=shared, name=label_name(names, action.seat, lang, GAME))
            case Swap():
                return t(lang, f"{GAME}.action.swap_{action.zone}", name=label_name(names, action.seat, lang, GAME))
            case GiveTo() | Steal():
                return t(lang, f"{GAME}.action.{action.kind}", name=label_name(names, action.seat, lang, GAME))
        return t(lang, f"{GAME}.action.{action.kind}")
