"""Full of Dollars on Discord: the public table and each player's hand.

The table (a spectator's view): what the game is doing now (the Business phase and whose turn, or the Poker
phase's round, dealer and price), the pot and the piles; then what is in progress in its own field: a hold-up
with each side's players and running totals (who attacks with how many uzis, who defends with how many police,
who dropped out, who plays now and whether attackers may still add), a reaction window with who has still to
answer (everyone is asked, card or not, so the window tells nothing of who holds what), a Jugement being carried
out, or the Poker phase (who has drawn, who has chosen, the hands shown with their category, the accusations,
fines and who is out); then one field per player: money (always visible), cards in hand, businesses with their
values and what they collect.

A hand starts with what its player must decide, in the second person (`decision`), then their own cards (the
ones they can play now apart), their own secret answer to a window, then the table in a few lines. Money is in
thousands: "$1,250k" / "1 250 k$".

Card pick options (the Poker phase's discard and the choice of values to show) name the card and its poker
values; the draft says what discarding costs, or which hand the chosen values show and whether it cheats.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import discord

from bot.i18n import list_of, t
from cogs.games.fullofdollars import words
from cogs.games.fullofdollars.deck import fullofdollars_emoji, fullofdollars_face
from cogs.games.fullofdollars.words import money_amount
from cogs.render.base import Field, GameRenderer, Tone
from cogs.render.fields import continued_fields, own_seat, seat_fields
from cogs.render.limits import OPTION_TEXT, clip
from cogs.render.text import (
    display_name,
    label_name,
    poker_card_face,
    poker_card_label,
    seat_name,
    unbolded_name,
)
from engines import registry
from engines.core import CardPick, Refusal
from engines.core.messages import Params
from engines.fullofdollars import FullOfDollarsEngine, FullOfDollarsPerspective
from engines.fullofdollars.actions import (
    Abstain,
    Accuse,
    Attack,
    Bomb,
    CloseBusiness,
    Concede,
    Decline,
    Defend,
    Discard,
    Fbi,
    FullOfDollarsAction,
    HoldUp,
    Judge,
    KeepBusiness,
    Open,
    Pass,
    PlayOn,
    Reveal,
)
from engines.fullofdollars.cards import FullOfDollarsDeck, poker_card
from engines.fullofdollars.perspective import CardView, HoldUpView, PokerView, SeatView, card_view
from engines.fullofdollars.pokerphase import hand_value
from engines.fullofdollars.state import CARD_PRICE, HAND_SIZE, UZI_PRICE
from engines.poker import BRIDGE_SUIT_ORDER, describe

GAME = "fullofdollars"
TURN = "▶️"
TYPE_ORDER = {"uzi": 0, "police": 1, "business": 2, "special": 3}
SPECIAL_ORDER = {"fbi": 0, "jugement": 1, "bombe": 2}
CARD_KINDS = (Open, HoldUp, Attack, Defend)  # actions naming a card of the player's own
SPECIAL_OF = {"fbi": "fbi", "judge": "jugement", "bomb": "bombe"}  # a window's answer -> the special it plays
EXPECTED = (Pass, PlayOn, Decline, Abstain, KeepBusiness, Discard, Reveal, Concede)
DANGER = (CloseBusiness, Accuse)  # a business lost; a fine risked


# ----- card data ------------------------------------------------------------------------------------------------
def deck() -> FullOfDollarsDeck:
    """The card data the running engine was built from."""
    engine = registry.get(GAME)
    assert isinstance(engine, FullOfDollarsEngine)
    return engine.deck


def money(amount: int, lang: str) -> str:
    """ "$1,250k" / "1 250 k$" (amounts are in thousands)."""
    return money_amount(amount, lang)


def business_name(business: str | None, lang: str) -> str:
    return t(lang, f"{GAME}.business.{business}") if business else "?"


def card_name(card: CardView, lang: str) -> str:
    """A card's Business-phase face in words: "Uzi ×3", "Casino ($400k)", "FBI"."""
    if card.type in ("uzi", "police"):
        return t(lang, f"{GAME}.card.{card.type}", icons=card.icons)
    if card.type == "business":
        return t(
            lang, f"{GAME}.card.business", business=business_name(card.business, lang), value=money(card.value, lang)
        )
    return t(lang, f"{GAME}.card.{card.special}")


def poker_values(card: CardView, lang: str) -> str:
    """Its poker value(s) as faces: "7♥️", or "Q♥️/K♥️" for a two-valued card (the second one cheats)."""
    return "/".join(poker_card_face(code, lang=lang) for code in card.poker)


def poker_labels(card: CardView, lang: str) -> str:
    """Its poker value(s) as plain text, for a label: "7♥", "Q♥/K♥"."""
    return "/".join(poker_card_label(code, lang) for code in card.poker)


def card_text(card: CardView, lang: str) -> str:
    """A card whole: its face, its Business use and its poker value(s): "🔫 Uzi ×3 · 7♥️"."""
    return f"{fullofdollars_face(card.id, lang)} {card_name(card, lang)} · {poker_values(card, lang)}"


def card_label(card: CardView, lang: str) -> str:
    """A card as plain text for a button or an option: "Uzi ×3 · 7♥"."""
    return f"{card_name(card, lang)} · {poker_labels(card, lang)}"


def sort_key(card: CardView) -> tuple[int, int, str, str]:
    return (TYPE_ORDER.get(card.type, 9), card.icons or -card.value, SPECIAL_OF.get(card.special or "", ""), card.id)


def counted(noun: str, count: int, lang: str) -> str:
    """A hold-up's total with its noun, in the plural its number calls for: "1 uzi", "3 uzis", "0 police" (the
    same words as in event lines)."""
    return t(lang, f"{GAME}.count.{noun}", count=count)


def _names(names: Sequence[str], seats: Sequence[int], lang: str) -> str:
    return list_of(lang, [seat_name(names, seat) for seat in seats]) or "—"


# ----- the table: what is going on ------------------------------------------------------------------------------
def stage_line(view: FullOfDollarsPerspective, names: Sequence[str], lang: str) -> str:
    """The phase and whose turn: "Business phase · **bob**'s turn · ↻", "Poker phase, round 1 of 2 · **bob** deals"."""
    if view.finished:
        if view.winners:
            return t(lang, f"{GAME}.table.over", players=_names(names, view.winners, lang), count=len(view.winners))
        return t(lang, f"{GAME}.table.over_nobody")
    direction = "↻" if view.direction == 1 else "↺"
    poker = view.poker
    if poker is not None:
        if view.stage == "draw":
            return t(lang, f"{GAME}.table.poker_draw", round=poker.round, dealer=seat_name(names, poker.dealer))
        return t(lang, f"{GAME}.table.poker_show", dealer=seat_name(names, poker.dealer))
    return t(lang, f"{GAME}.table.business_phase", name=seat_name(names, view.turn), direction=direction)


def pot_line(view: FullOfDollarsPerspective, lang: str) -> str:
    fines = view.poker.fines if view.poker is not None else 0
    if fines:
        return t(lang, f"{GAME}.table.pot_fines", pot=money(view.pot, lang), fines=money(fines, lang))
    return t(lang, f"{GAME}.table.pot", pot=money(view.pot, lang))


def piles_line(view: FullOfDollarsPerspective, lang: str) -> str:
    top = card_text(view.discard_top, lang) if view.discard_top is not None else "—"
    return t(lang, f"{GAME}.table.piles", draw=view.draw, discard=view.discard, top=top)


def summary_lines(view: FullOfDollarsPerspective, names: Sequence[str], lang: str) -> list[str]:
    lines = [stage_line(view, names, lang), pot_line(view, lang)]
    if view.caller is not None and view.poker is None and not view.finished:
        lines.append(t(lang, f"{GAME}.table.called", name=seat_name(names, view.caller)))
    lines.append(piles_line(view, lang))
    return lines


def _icons(names: Sequence[str], counts: dict[int, int], lang: str) -> str:
    return list_of(lang, [t(lang, f"{GAME}.table.icons", name=seat_name(names, s), count=n) for s, n in counts.items()])


def holdup_lines(holdup: HoldUpView, names: Sequence[str], lang: str) -> list[str]:
    """A hold-up in progress: the running totals, each side's players (one attacker or several, each with their
    icons), who dropped out, who plays now."""
    attackers = {seat: holdup.uzis[seat] for seat in holdup.attackers if seat in holdup.uzis}
    defenders = {seat: holdup.police[seat] for seat in holdup.defenders if seat in holdup.police}
    lines = [
        t(
            lang,
            f"{GAME}.holdup.score",
            uzis=counted("uzis", holdup.total_uzis, lang),
            police=counted("police", holdup.total_police, lang),
        ),
        t(lang, f"{GAME}.holdup.attackers", count=len(attackers), players=_icons(names, attackers, lang) or "—"),
        t(lang, f"{GAME}.holdup.defenders", count=len(defenders), players=_icons(names, defenders, lang) or "—"),
    ]
    if holdup.out:
        lines.append(t(lang, f"{GAME}.holdup.out", players=_names(names, holdup.out, lang), count=len(holdup.out)))
    if holdup.to_play is not None:
        lines.append(t(lang, f"{GAME}.holdup.to_play", name=seat_name(names, holdup.to_play)))
    lines.append(t(lang, f"{GAME}.holdup.rule_first" if holdup.lap == 1 else f"{GAME}.holdup.rule_later"))
    lines.append(holdup_stakes(holdup, lang))
    return lines


def holdup_stakes(holdup: HoldUpView, lang: str) -> str:
    """What the hold-up would do if it ended now, to one attacker or defender or to several."""
    amount = money(UZI_PRICE * holdup.total_uzis, lang)
    attackers = len(holdup.attackers)
    if holdup.total_uzis > holdup.total_police:
        return t(lang, f"{GAME}.holdup.if_success", amount=amount, attackers=attackers)
    if holdup.total_police > holdup.total_uzis:
        defenders = sum(1 for seat in holdup.defenders if holdup.police.get(seat, 0) > 0)  # as the engine shares it
        return t(
            lang,
            f"{GAME}.holdup.if_failed",
            payers=t(lang, f"{GAME}.holdup.failed_payers", count=attackers),
            amount=amount,
            receivers=t(lang, f"{GAME}.holdup.failed_receivers", count=defenders),
        )
    return t(lang, f"{GAME}.holdup.if_tie")


def window_lines(view: FullOfDollarsPerspective, names: Sequence[str], lang: str) -> list[str]:
    window = view.window
    assert window is not None
    if window.kind == "fbi":
        head = t(
            lang,
            f"{GAME}.window.fbi",
            name=seat_name(names, window.collector),
            payer=seat_name(names, window.payer),
            amount=money(window.amount, lang),
        )
    else:
        head = t(lang, f"{GAME}.window.end", name=seat_name(names, window.ended))
    lines = [head]
    if window.waiting:
        lines.append(
            t(lang, f"{GAME}.window.waiting", players=_names(names, window.waiting, lang), count=len(window.waiting))
        )
    lines.append(t(lang, f"{GAME}.window.secret"))
    return lines


def judgement_lines(view: FullOfDollarsPerspective, names: Sequence[str], lang: str) -> list[str]:
    judgement = view.judgement
    assert judgement is not None
    if judgement.business is None:
        return [t(lang, f"{GAME}.judgement.head", name=seat_name(names, judgement.target))]
    return [
        t(lang, f"{GAME}.judgement.head", name=seat_name(names, judgement.target)),
        t(
            lang,
            f"{GAME}.judgement.now",
            business=business_name(judgement.business.business, lang),
            cost=money(judgement.cost, lang),
            count=judgement.remaining,
        ),
    ]


def shown_hand(poker: PokerView, seat: int, lang: str) -> str:
    """A shown hand, its category, and once accused each two-valued card as low/high."""
    codes = sorted(poker.shown.get(seat, []), key=poker_code_key)
    shown = " ".join(poker_card_face(code, lang=lang) for code in codes)
    hand = category_words(codes, lang) if len(codes) == HAND_SIZE else "?"
    return t(lang, f"{GAME}.poker.shown", cards=shown or "—", hand=hand)


def poker_lines(view: FullOfDollarsPerspective, names: Sequence[str], lang: str) -> list[str]:
    poker = view.poker
    assert poker is not None
    lines: list[str] = []
    if view.stage == "draw":
        price = t(lang, f"{GAME}.poker.free") if poker.free else money(CARD_PRICE, lang)
        lines.append(t(lang, f"{GAME}.poker.draw_rule", price=price))
        if poker.drawing is not None:
            lines.append(t(lang, f"{GAME}.poker.drawing", name=seat_name(names, poker.drawing), round=poker.round))
        return lines
    if view.stage == "reveal":
        waiting = [seat for seat in view.to_act]
        if poker.chosen:
            lines.append(
                t(lang, f"{GAME}.poker.chosen", players=_names(names, poker.chosen, lang), count=len(poker.chosen))
            )
        if waiting:
            lines.append(t(lang, f"{GAME}.poker.choosing", players=_names(names, waiting, lang), count=len(waiting)))
        return lines
    ranked = [*poker.contenders, *[seat for seat in poker.shown if seat not in poker.contenders]]
    for place, seat in enumerate(ranked, 1):
        mark = "❌" if seat in poker.out else f"{place}."
        line = f"{mark} {seat_name(names, seat)} — {shown_hand(poker, seat, lang)}"
        if seat in poker.exposed:
            line += " " + t(lang, f"{GAME}.poker.exposed", values=_exposed(poker.exposed[seat], lang))
        lines.append(line)
    if poker.speaker is not None and len(poker.contenders) >= 2:
        top, second = poker.contenders[:2]
        other = second if poker.speaker == top else top
        key = "speaker_tie" if poker.tie else "speaker"
        lines.append(
            t(
                lang,
                f"{GAME}.poker.{key}",
                name=seat_name(names, poker.speaker),
                other=seat_name(names, other),
                fine=money(poker.fine, lang),
            )
        )
    return lines


def _exposed(values: Sequence[str], lang: str) -> str:
    """An accused hand, every card with its value(s) ("K♦️/A♦️"), in poker order."""
    ordered = sorted(values, key=lambda value: poker_code_key(value.split("/")[0]))
    return " ".join("/".join(poker_card_face(code, lang=lang) for code in value.split("/")) for value in ordered)


def situation_field(view: FullOfDollarsPerspective, names: Sequence[str], lang: str) -> list[Field]:
    """What is in progress, in its own field, so that the turn's events never scroll it away."""
    if view.finished:
        return []
    if view.holdup is not None:
        title = t(lang, f"{GAME}.holdup.title", victim=unbolded_name(names, view.holdup.victim),
                  lap=view.holdup.lap)  # fmt: skip
        return continued_fields(title, holdup_lines(view.holdup, names, lang))
    if view.window is not None:
        return continued_fields(t(lang, f"{GAME}.window.title"), window_lines(view, names, lang))
    if view.judgement is not None:
        return continued_fields(t(lang, f"{GAME}.judgement.title"), judgement_lines(view, names, lang))
    if view.poker is not None:
        return continued_fields(t(lang, f"{GAME}.poker.title"), poker_lines(view, names, lang))
    return []


# ----- the table: the players -----------------------------------------------------------------------------------
def businesses_text(info: SeatView, lang: str) -> str:
    return " · ".join(
        t(lang, f"{GAME}.table.business", business=business_name(b.business, lang), value=money(b.value, lang))
        for b in info.businesses
    )


def seat_title(view: FullOfDollarsPerspective, info: SeatView, names: Sequence[str]) -> str:
    marker = f"{TURN} " if info.seat in view.to_act and not view.finished else ""
    crown = "🏆 " if info.seat in view.winners else ""
    name = display_name(names[info.seat]) if info.seat < len(names) else f"{info.seat + 1}."
    return f"{marker}{crown}{name}"


def seat_value(view: FullOfDollarsPerspective, info: SeatView, lang: str) -> str:
    if info.withdrawn:
        return t(lang, f"{GAME}.table.left", money=money(info.money, lang))
    lines = [t(lang, f"{GAME}.table.seat", money=money(info.money, lang), cards=info.hand)]
    if info.businesses:
        lines.append(businesses_text(info, lang))
        lines.append(t(lang, f"{GAME}.table.collects", amount=money(info.business_total, lang)))
    else:
        lines.append(t(lang, f"{GAME}.table.no_business"))
    if info.ruined:
        lines.append(t(lang, f"{GAME}.table.ruined"))
    elif info.passes and view.poker is None and not view.finished:
        lines.append(t(lang, f"{GAME}.table.passes", count=info.passes))
    return "\n".join(lines)


def other_line(view: FullOfDollarsPerspective, info: SeatView, names: Sequence[str], lang: str) -> str:
    """An opponent in one line, for a hand: money, cards, businesses."""
    businesses = ", ".join(business_name(b.business, lang) for b in info.businesses) or "—"
    return t(
        lang,
        f"{GAME}.hand.other",
        name=seat_name(names, info.seat),
        money=money(info.money, lang),
        cards=info.hand,
        businesses=businesses,
    )


# ----- the hand -------------------------------------------------------------------------------------------------
def playable(view: FullOfDollarsPerspective, card: CardView) -> bool:
    """Whether the viewer can play `card` now (as the engine's rules say, from what they see)."""
    viewer = view.viewer
    if viewer is None or viewer not in view.to_act:
        return False
    me = view.seats[viewer]
    if view.stage == "turn":
        if card.type == "uzi":
            return True
        if card.type == "business":
            owned = {b.business for b in me.businesses}
            return card.business not in owned and me.money >= 2 * card.value
        return False
    holdup = view.holdup
    if view.stage == "holdup" and holdup is not None:
        if card.type == "police":
            return viewer not in holdup.attackers
        if card.type == "uzi":
            may_add = holdup.lap == 1 or holdup.police_last_lap
            return viewer != holdup.victim and viewer not in holdup.defenders and may_add
        return False
    window = view.window
    if window is not None and card.type == "special":
        if window.kind == "fbi":
            return card.special == "fbi"
        if card.special == "jugement":
            return any(not s.withdrawn and s.seat != viewer for s in view.seats)
        if card.special == "bombe":
            return any(s.businesses for s in view.seats if s.seat != viewer and not s.withdrawn)
    return False


POKER_STAGES = ("draw", "reveal", "contest")


SIGNIFICANT = {"pair": 1, "two_pair": 2, "three_of_a_kind": 1, "full_house": 2, "four_of_a_kind": 1}
RANK_LETTERS = {11: "J", 12: "Q", 13: "K", 14: "A"}
FRENCH_LETTERS = {"J": "V", "Q": "D", "K": "R"}


def category_words(codes: Sequence[str], lang: str) -> str:
    """A shown hand's category and the ranks that decide it: "a pair (K)", "two pair (K, 7)", "high card (A)"."""
    category, ranks = describe(hand_value(list(codes)))
    count = SIGNIFICANT.get(category.value, 1)
    letters = [RANK_LETTERS.get(rank, str(rank)) for rank in ranks[:count]]
    if lang == "fr":
        letters = [FRENCH_LETTERS.get(letter, letter) for letter in letters]
    return t(lang, f"{GAME}.hand_ranks", hand=t(lang, f"{GAME}.hand.{category.value}"), ranks=", ".join(letters))


def poker_code_key(code: str) -> tuple[int, int]:
    """Poker order: by rank, then suit (♣ ♦ ♥ ♠)."""
    value = poker_card(code)
    return value.rank, BRIDGE_SUIT_ORDER.index(value.suit)


def poker_key(card: CardView) -> tuple[int, int]:
    """A card in poker order, by its (lower) value."""
    return poker_code_key(card.poker[0])


def hand_words(codes: Sequence[str], lang: str) -> str:
    shown = " ".join(poker_card_face(code, lang=lang) for code in codes)
    if len(codes) != HAND_SIZE:
        return shown or "—"
    return t(lang, f"{GAME}.poker.shown", cards=shown, hand=category_words(codes, lang))


def poker_own_lines(view: FullOfDollarsPerspective, lang: str) -> list[str]:
    """In the Poker phase: the cards by poker value first, what they make honestly, and with every card high."""
    cards = sorted(view.hand, key=poker_key)
    lines = [
        f"{poker_values(card, lang)} — {fullofdollars_face(card.id, lang)} {card_name(card, lang)}" for card in cards
    ]
    if view.stage == "contest":
        return lines  # the hand shown is on the table
    low = [card.poker[0] for card in cards]
    lines.append(t(lang, f"{GAME}.hand.poker_honest", hand=hand_words(low, lang)))
    if any(len(card.poker) == 2 for card in cards):
        high = sorted((card.poker[-1] for card in cards), key=poker_code_key)
        lines.append(t(lang, f"{GAME}.hand.poker_high", hand=hand_words(high, lang)))
    return lines


def own_lines(view: FullOfDollarsPerspective, names: Sequence[str], lang: str) -> list[str]:
    """The viewer's cards, those they can play now apart, each with its poker value(s)."""
    if view.stage in POKER_STAGES and view.hand:
        return poker_own_lines(view, lang)
    cards = sorted(view.hand, key=sort_key)
    now = [card for card in cards if playable(view, card)]
    later = [card for card in cards if card not in now]
    lines: list[str] = []
    if now:
        lines.append(t(lang, f"{GAME}.hand.playable"))
        lines += [card_text(card, lang) for card in now]
        if later:
            lines.append(t(lang, f"{GAME}.hand.not_playable"))
    lines += [card_text(card, lang) for card in later]
    if not cards:
        lines.append(t(lang, f"{GAME}.hand.empty"))
    if any(len(card.poker) == 2 for card in cards):
        lines.append(t(lang, f"{GAME}.hand.two_valued"))
    return lines


def secret_lines(view: FullOfDollarsPerspective, names: Sequence[str], lang: str) -> list[str]:
    """What only the viewer knows: their answer to the open window, the values they chose to show."""
    lines: list[str] = []
    answer = view.window.my_answer if view.window is not None else None
    if answer is not None:
        kind, _, target = answer.partition(":")
        if kind == "judge":
            lines.append(t(lang, f"{GAME}.hand.answer_judge", name=seat_name(names, int(target))))
        elif kind == "bomb":
            lines.append(t(lang, f"{GAME}.hand.answer_bomb", business=_business_of(view, target, names, lang)))
        else:
            lines.append(t(lang, f"{GAME}.hand.answer_{kind}"))
    poker = view.poker
    if poker is not None and poker.my_high is not None and view.stage == "reveal":
        if poker.my_high:
            high = [card for card in view.hand if card.id in poker.my_high]
            values = " ".join(poker_card_face(card.poker[-1], lang=lang) for card in high)
            lines.append(t(lang, f"{GAME}.hand.chose_high", cards=values, count=len(high)))
        else:
            lines.append(t(lang, f"{GAME}.hand.chose_honest"))
    return lines


def _business_of(view: FullOfDollarsPerspective, card: str, names: Sequence[str], lang: str) -> str:
    """A business card on the table, with its owner: "Casino (**bob**)"."""
    for info in view.seats:
        for business in info.businesses:
            if business.card == card:
                return t(
                    lang,
                    f"{GAME}.business_of",
                    business=business_name(business.business, lang),
                    name=seat_name(names, info.seat),
                )
    return "?"


def table_lines(view: FullOfDollarsPerspective, names: Sequence[str], lang: str) -> list[str]:
    """The table as a hand shows it: the phase, the pot, your money, what is in progress, one line per opponent."""
    lines = [stage_line(view, names, lang), pot_line(view, lang)]
    if view.viewer is not None and 0 <= view.viewer < len(view.seats):
        me = view.seats[view.viewer]
        lines.append(t(lang, f"{GAME}.hand.money", money=money(me.money, lang)))
        if me.businesses:
            lines.append(t(lang, f"{GAME}.hand.businesses", businesses=businesses_text(me, lang)))
    if view.holdup is not None:
        holdup = view.holdup
        score, attackers, defenders = holdup_lines(holdup, names, lang)[:3]
        lines += [
            f"{t(lang, f'{GAME}.hand.holdup', victim=seat_name(names, holdup.victim))} {score}",
            attackers,
            defenders,
        ]
    elif view.window is not None:
        lines += window_lines(view, names, lang)[:2]
    elif view.judgement is not None and view.judgement.target != view.viewer:
        lines += judgement_lines(view, names, lang)
    elif view.poker is not None and view.stage == "contest":
        lines += poker_lines(view, names, lang)
    for info in view.seats:
        if info.seat != view.viewer and not info.withdrawn:
            lines.append(other_line(view, info, names, lang))
    return lines


# ----- the decision, in the second person -------------------------------------------------------------------------
def decision_text(view: FullOfDollarsPerspective, names: Sequence[str], lang: str) -> str | None:
    viewer = view.viewer
    if viewer is None or view.finished or viewer not in view.to_act:
        return None
    me = view.seats[viewer]
    stage = view.stage
    if stage == "turn":
        return t(lang, f"{GAME}.decide.turn_again" if me.passes else f"{GAME}.decide.turn")
    if stage == "call":
        return t(lang, f"{GAME}.decide.call")
    if stage == "fbi" and view.window is not None:
        window = view.window
        key = "fbi" if any(card.special == "fbi" for card in view.hand) else "fbi_none"
        if window.payer == viewer:
            key += "_you"
        return t(
            lang,
            f"{GAME}.decide.{key}",
            name=unbolded_name(names, window.collector),
            payer=unbolded_name(names, window.payer),
            amount=money(window.amount, lang),
        )
    if stage == "end" and view.window is not None:
        specials = {card.special for card in view.hand if card.type == "special"} & {"jugement", "bombe"}
        key = "end_both" if len(specials) == 2 else f"end_{specials.pop()}" if specials else "end_none"
        return t(lang, f"{GAME}.decide.{key}", name=unbolded_name(names, view.window.ended))
    if stage == "holdup" and view.holdup is not None:
        return holdup_decision(view, view.holdup, names, lang)
    if stage == "judgement" and view.judgement is not None and view.judgement.business is not None:
        judgement = view.judgement
        return t(
            lang,
            f"{GAME}.decide.judgement",
            business=business_name(judgement.business.business if judgement.business else None, lang),
            cost=money(judgement.cost, lang),
            count=judgement.remaining,
        )
    poker = view.poker
    if stage == "draw" and poker is not None:
        key = "draw_free" if poker.price == 0 else "draw"  # the viewer's own price per card, as the picker says it
        return t(lang, f"{GAME}.decide.{key}", round=poker.round, price=money(poker.price, lang), size=HAND_SIZE)
    if stage == "reveal":
        duals = [card for card in view.hand if len(card.poker) == 2]
        return t(lang, f"{GAME}.decide.reveal" if duals else f"{GAME}.decide.reveal_honest")
    if stage == "contest" and poker is not None and len(poker.contenders) >= 2:
        top, second = poker.contenders[:2]
        other = second if viewer == top else top
        key = "contest_tie" if poker.tie else "contest"
        return t(
            lang,
            f"{GAME}.decide.{key}",
            name=unbolded_name(names, other),
            hand=category_words(poker.shown[other], lang) if len(poker.shown.get(other, [])) == HAND_SIZE else "?",
            fine=money(poker.fine, lang),
        )
    return None


def holdup_decision(view: FullOfDollarsPerspective, holdup: HoldUpView, names: Sequence[str], lang: str) -> str:
    viewer = view.viewer
    params = {
        "name": unbolded_name(names, holdup.initiator),
        "victim": unbolded_name(names, holdup.victim),
        "uzis": counted("uzis", holdup.total_uzis, lang),
        "police": counted("police", holdup.total_police, lang),
    }
    if viewer == holdup.victim:
        return t(lang, f"{GAME}.decide.holdup_victim", **params)
    if viewer in holdup.attackers:
        return t(lang, f"{GAME}.decide.holdup_attacker", **params)
    if viewer in holdup.defenders:
        return t(lang, f"{GAME}.decide.holdup_defender", **params)
    return t(lang, f"{GAME}.decide.holdup_join", **params)


# ----- the card picker -------------------------------------------------------------------------------------------
def pick_text(pick_kind: str, card_id: str, lang: str) -> tuple[str, str | None]:
    """A card in the picker: to discard, the card and its values; to show high, the value it would show."""
    cards = deck()
    if card_id not in cards.by_id:
        return card_id, None
    card = card_view(cards, card_id)
    if pick_kind == "reveal" and len(card.poker) == 2:
        low, high = (poker_card_label(code, lang) for code in card.poker)
        label = t(lang, f"{GAME}.pick.high_label", card=card_name(card, lang), high=high)
        return clip(label, OPTION_TEXT), clip(t(lang, f"{GAME}.pick.high_description", low=low, high=high), OPTION_TEXT)
    return clip(card_label(card, lang), OPTION_TEXT), None


def bomb_target_text(pick: CardPick, card_id: str, names: Sequence[str], lang: str) -> tuple[str, str | None]:
    """A Bombe's target in the picker: the business and its value; its owner's name below."""
    cards = deck()
    owners = str(pick.params.get("owners", "")).split(",")
    if card_id not in cards.by_id or card_id not in pick.cards:
        return card_id, None
    owner = owners[pick.cards.index(card_id)] if len(owners) == len(pick.cards) else ""
    name = names[int(owner)] if owner.isdigit() and int(owner) < len(names) else ""
    label = clip(card_label(card_view(cards, card_id), lang), OPTION_TEXT)
    return label, clip(t(lang, f"{GAME}.pick.bomb_owner", name=name), OPTION_TEXT) if name else None


def draft_text(view: FullOfDollarsPerspective, draft: Sequence[str], lang: str) -> tuple[str, bool] | None:
    """Discarding: how many cards are bought back and for how much. Showing: the hand the chosen values make,
    and whether it cheats."""
    viewer = view.viewer
    poker = view.poker
    if viewer is None or poker is None or viewer not in view.to_act:
        return None
    me = view.seats[viewer]
    if view.stage == "draw":
        buy = max(0, HAND_SIZE - (len(view.hand) - len(draft)))
        cost = buy * poker.price  # the viewer's own price per card (0: free), as the engine charges it
        if not draft:
            return t(lang, f"{GAME}.draft.keep_all", cost=money(cost, lang)), True
        key = "discard_short" if cost > me.money else "discard"
        return t(lang, f"{GAME}.draft.{key}", count=len(draft), buy=buy, cost=money(cost, lang),
                 money=money(me.money, lang)), True  # fmt: skip
    if view.stage == "reveal":
        chosen = set(draft)
        codes = sorted(
            (card.poker[-1] if card.id in chosen else card.poker[0] for card in view.hand), key=poker_code_key
        )
        shown = " ".join(poker_card_face(code, lang=lang) for code in codes)
        hand = category_words(codes, lang) if len(codes) == HAND_SIZE else "?"
        key = "cheat" if chosen else "honest"
        return t(lang, f"{GAME}.draft.{key}", cards=shown, hand=hand, count=len(chosen)), True
    return None


# ----- the renderer -----------------------------------------------------------------------------------------------
class FullOfDollarsRenderer(GameRenderer[FullOfDollarsPerspective, FullOfDollarsAction]):
    def event_param(self, key: str, value: Any, lang: str) -> str | None:
        return words.event_param(key, value, lang)

    def measure(self, value: float, lang: str) -> str | None:
        """The leaderboard's measure is money: "$1,250k"."""
        return money_amount(round(value), lang)

    def table_fields(self, view: FullOfDollarsPerspective, names: Sequence[str], lang: str) -> list[Field]:
        fields = continued_fields(t(lang, f"{GAME}.table.summary"), summary_lines(view, names, lang))
        fields += situation_field(view, names, lang)
        return fields + seat_fields(
            view.seats, lambda info: seat_title(view, info, names), lambda info: seat_value(view, info, lang)
        )

    def hand_fields(self, view: FullOfDollarsPerspective, names: Sequence[str], lang: str) -> list[Field]:
        """The viewer's own cards first (nothing can push them out of the embed), then the table in brief."""
        fields: list[Field] = []
        if own_seat(view) is not None:
            title = t(lang, f"{GAME}.hand.yours", count=len(view.hand))
            fields += continued_fields(title, own_lines(view, names, lang))
            secrets = secret_lines(view, names, lang)
            if secrets:
                fields += continued_fields(t(lang, f"{GAME}.hand.secret"), secrets)
        return fields + continued_fields(t(lang, f"{GAME}.table.summary"), table_lines(view, names, lang))

    def decision(self, view: FullOfDollarsPerspective, names: Sequence[str], lang: str) -> str | None:
        return decision_text(view, names, lang)

    def action_tone(self, action: FullOfDollarsAction, view: FullOfDollarsPerspective) -> Tone:
        """Green the safe answer (pass, play on, no card, play nothing, keep, show, concede); red a move that loses
        a business or risks a fine (closing, accusing); blurple the rest."""
        if isinstance(action, EXPECTED):
            return "expected"
        if isinstance(action, DANGER):
            return "danger"
        return "choice"

    def action_emoji(
        self, action: FullOfDollarsAction, view: FullOfDollarsPerspective, lang: str
    ) -> discord.PartialEmoji | str | None:
        """The card a move plays, as its picture; a special's symbol for a window's answer."""
        if isinstance(action, CARD_KINDS):
            return fullofdollars_emoji(action.card, lang)
        if isinstance(action, Fbi | Judge | Bomb):
            special = SPECIAL_OF[action.kind]
            card = next((c for c in view.hand if c.special == special), None)
            return fullofdollars_emoji(card.id, lang) if card is not None else None
        return None

    def action_label(
        self, action: FullOfDollarsAction, view: FullOfDollarsPerspective, lang: str, names: Sequence[str] = ()
    ) -> str:
        """A button's text, plain (a label shows no emoji markup): what the move plays and on whom."""
        match action:
            case Open() | HoldUp() | Attack() | Defend():
                card = next((c for c in view.hand if c.id == action.card), None)
                if card is None:
                    return t(lang, f"{GAME}.action.{action.kind}")  # never someone else's card
                victim = action.victim if isinstance(action, HoldUp) else None
                params = {
                    "card": card_label(card, lang),
                    "business": business_name(card.business, lang),
                    "cost": money(2 * card.value, lang),
                    "name": label_name(names, victim, lang, GAME),
                    "icons": card.icons,
                    "values": poker_labels(card, lang),
                }
                return t(lang, f"{GAME}.label.{action.kind}", **params)
            case Judge():
                return t(lang, f"{GAME}.label.judge", name=label_name(names, action.target, lang, GAME))
            case Bomb():
                for info in view.seats:
                    for business in info.businesses:
                        if business.card == action.card:
                            return t(lang, f"{GAME}.label.bomb", business=business_name(business.business, lang),
                                     name=label_name(names, info.seat, lang, GAME))  # fmt: skip
            case KeepBusiness() | CloseBusiness() if view.judgement is not None:
                judged = view.judgement.business
                return t(
                    lang,
                    f"{GAME}.label.{action.kind}",
                    cost=money(view.judgement.cost, lang),
                    business=business_name(judged.business if judged is not None else None, lang),
                )
            case Accuse() if view.poker is not None:
                return t(lang, f"{GAME}.label.accuse", fine=money(view.poker.fine, lang))
            case Fbi() if view.window is not None:
                return t(lang, f"{GAME}.label.fbi", amount=money(view.window.amount, lang))
        return t(lang, f"{GAME}.action.{action.kind}")

    def pick_option(self, card_id: str, lang: str) -> tuple[str, str | None]:
        return pick_text("discard", card_id, lang)

    def pick_card_option(
        self, pick: CardPick, card_id: str, lang: str, names: Sequence[str] = ()
    ) -> tuple[str, str | None]:
        if pick.kind == "bomb":
            return bomb_target_text(pick, card_id, names, lang)
        return pick_text(pick.kind, card_id, lang)

    def draft_feedback(
        self, view: FullOfDollarsPerspective, draft: Sequence[str], lang: str
    ) -> tuple[str, bool] | None:
        return draft_text(view, draft, lang)

    def refusal_params(self, refusal: Refusal, lang: str) -> Params:
        """Money in a refusal with its unit: "You need $800k for that"."""
        params = dict(refusal.params)
        amount = params.get("amount")
        if isinstance(amount, int) and not isinstance(amount, bool):
            params["amount"] = money(amount, lang)
        return params

    def seat_lines(self, view: FullOfDollarsPerspective, names: Sequence[str], lang: str) -> list[str]:
        """A seat's hand and its secret pending answer, in the third person (for `/replay`)."""
        if view.viewer is None:
            return []
        lines = [t(lang, f"{GAME}.seat.card", card=card_text(card, lang)) for card in view.hand]
        answer = view.window.my_answer if view.window is not None else None
        if answer is not None:
            kind, _, target = answer.partition(":")
            if kind == "judge":
                lines.append(t(lang, f"{GAME}.seat.judge", name=unbolded_name(names, int(target))))
            else:
                lines.append(t(lang, f"{GAME}.seat.{kind}"))
        if view.poker is not None and view.poker.my_high is not None and view.stage == "reveal":
            lines.append(t(lang, f"{GAME}.seat.shows", count=len(view.poker.my_high)))
        return lines
