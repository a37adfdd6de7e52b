"""The 56 card effects (docs/games/deadmoney.md#card-effects; the rulebook's "TRADUCTION DES CARTES"), one function per
card.

An effect does what it can at once and pushes the decisions it needs onto the
stack; steps are pushed in reverse, so the first to happen ends on top. Where the
rulebook is silent, the house defaults (docs/games/deadmoney.md#house-defaults) apply (noted per card).
"""

from __future__ import annotations

from collections.abc import Callable

from engines.deadmoney.state import (
    AfterPlayStep,
    Arrange,
    BrainPurpose,
    BrainScope,
    ChooseBrain,
    ChooseSeat,
    EffectStep,
    PickCards,
    PickPurpose,
    SeatPurpose,
    Step,
)
from engines.deadmoney.table import FACES, Tabletop, is_brain, rank_of

Effect = Callable[[Tabletop, int, str], None]

ARRANGE_DEPTH = 5


def push(table: Tabletop, *steps: Step) -> None:
    """Push steps so that the first given happens first."""
    table.state.stack.extend(reversed(steps))


def choose_seat(purpose: SeatPurpose, chooser: int, options: list[int], card: str) -> ChooseSeat:
    return ChooseSeat(purpose=purpose, chooser=chooser, options=options, card=card)


def choose_brain(
    purpose: BrainPurpose, chooser: int, scope: BrainScope, card: str, seat: int | None = None
) -> ChooseBrain:
    return ChooseBrain(purpose=purpose, chooser=chooser, scope=scope, card=card, seat=seat)


def pick(
    table: Tabletop,
    purpose: PickPurpose,
    choosers: list[int],
    card: str,
    *,
    count: int = 1,
    source: str = "hand",
    peek_seat: int | None = None,
    ranks: list[str] | None = None,
    optional: bool = False,
) -> PickCards:
    return PickCards.model_validate(
        {
            "purpose": purpose,
            "choosers": choosers,
            "count": count,
            "source": source,
            "peek_seat": peek_seat,
            "ranks": ranks or [],
            "optional": optional,
            "submitted": [None] * table.state.players,
            "card": card,
        }
    )


def with_cards(table: Tabletop, seats: list[int]) -> list[int]:
    return [seat for seat in seats if table.state.hands[seat]]


def with_brain(table: Tabletop, seats: list[int]) -> list[int]:
    return [seat for seat in seats if table.has_brain(seat)]


# ----- ♦ Diamonds --------------------------------------------------------------
def ace_diamonds(table: Tabletop, seat: int, card: str) -> None:
    """Any Brain on the table goes back into the hand of the player it is in front of."""
    push(table, choose_brain("return", seat, "any", card))


def two_diamonds(table: Tabletop, seat: int, card: str) -> None:
    """Everyone puts 1 card into a pool (drawing 1 first with an empty hand); the pool is dealt back 1 each."""
    everyone = table.state.clockwise_from(seat)
    for other in everyone:
        if not table.state.hands[other]:
            table.draw(other, 1)
    push(table, pick(table, "pool", with_cards(table, everyone), card))


def three_diamonds(table: Tabletop, seat: int, card: str) -> None:
    """Everyone passes 1 card to their left neighbour (all at once)."""
    push(table, pick(table, "pass_left", with_cards(table, table.state.clockwise_from(seat)), card))


def four_diamonds(table: Tabletop, seat: int, card: str) -> None:
    """Put 1 card from your hand face down on top of the draw pile."""
    push(table, pick(table, "top_of_deck", with_cards(table, [seat]), card))


def five_diamonds(table: Tabletop, seat: int, card: str) -> None:
    """Look at one player's hand and take 1 card from it."""
    push(table, choose_seat("peek", seat, with_cards(table, table.state.opponents(seat)), card))


def six_diamonds(table: Tabletop, seat: int, card: str) -> None:
    """Draw 1 card, then discard 1."""
    table.draw(seat, 1)
    push(table, pick(table, "discard", with_cards(table, [seat]), card))


def seven_diamonds(table: Tabletop, seat: int, card: str) -> None:
    """Everyone who has a Brain passes 1 card to their right neighbour (all at once)."""
    choosers = with_cards(table, with_brain(table, table.state.clockwise_from(seat)))
    push(table, pick(table, "pass_right", choosers, card))


def brains_left(table: Tabletop, seat: int, card: str) -> None:
    """8♦ and 9♠: every Brain moves to the left neighbour of the player it is in front of."""
    table.brains_move_left()


def right_draws(table: Tabletop, seat: int, card: str) -> None:
    """9♦ and J♠: your right neighbour draws 1."""
    table.draw(table.state.right_of(seat), 1)


def ten_diamonds(table: Tabletop, seat: int, card: str) -> None:
    """Steal 2 Brains from one player; if you can't, draw 2 (house default: a player with 2 or more Brains)."""
    rich = [other for other in table.state.opponents(seat) if len(table.brains_of(other)) >= 2]
    if rich:
        push(table, choose_seat("steal2", seat, rich, card))
    else:
        table.draw(seat, 2)


def drop_any(table: Tabletop, seat: int, card: str) -> None:
    """J♦ and A♥: end of turn; a Brain of your choice is dropped and the showdown starts left of its holder."""
    table.state.turn_over = True
    push(table, choose_brain("drop", seat, "any", card))


def queen_diamonds(table: Tabletop, seat: int, card: str) -> None:
    """End of turn; from you clockwise, players roll until a 6: that player steals 1 Brain and plays next."""
    state = table.state
    state.turn_over = True
    order = state.clockwise_from(seat)
    for throw in range(600):  # a 6 comes long before; the bound only keeps the loop finite
        roller = order[throw % len(order)]
        if table.roll(roller) == 6:
            break
    table.log("rolloff_won", seat=roller)
    state.next_active = roller
    push(table, choose_brain("steal", roller, "others", card))


def draw_one(table: Tabletop, seat: int, card: str) -> None:
    """K♦ and 10♥: draw 1."""
    table.draw(seat, 1)


def play_brain(table: Tabletop, seat: int, card: str) -> None:
    """A Brain: it goes in front of you; draw 2 and play a new turn."""
    state = table.state
    if card in state.in_play:
        state.in_play.remove(card)
    state.brains[seat].append(card)
    table.log("brain_down", seat=seat, card=card)
    table.draw(seat, 2)
    state.hands_left = 2
    state.played = 0
    state.turn += 1
    table.log("new_turn", seat=seat)


# ----- ♣ Clubs -----------------------------------------------------------------
def ace_clubs(table: Tabletop, seat: int, card: str) -> None:
    """A player you choose takes 1 random card from your hand (if it was your last, you draw 2)."""
    if table.state.hands[seat]:
        push(table, choose_seat("take_random", seat, table.state.opponents(seat), card))


def two_clubs(table: Tabletop, seat: int, card: str) -> None:
    """From you clockwise, each player draws 1 card per Brain they have."""
    for other in table.state.clockwise_from(seat):
        count = len(table.brains_of(other))
        if count:
            table.draw(other, count)


def three_clubs(table: Tabletop, seat: int, card: str) -> None:
    """Discard your hand and draw 6."""
    table.discard_cards(seat, list(table.state.hands[seat]))
    table.draw(seat, 6)


def four_clubs(table: Tabletop, seat: int, card: str) -> None:
    """Two players you choose swap N cards, N the smaller hand (house default: you may name yourself)."""
    push(table, choose_seat("swap_first", seat, table.state.clockwise_from(seat), card))


def five_clubs(table: Tabletop, seat: int, card: str) -> None:
    """From you clockwise, each player with at least 1 Brain discards 1 card."""
    choosers = with_cards(table, with_brain(table, table.state.clockwise_from(seat)))
    push(table, *(pick(table, "discard", [chooser], card) for chooser in choosers))


def six_clubs(table: Tabletop, seat: int, card: str) -> None:
    """Roll, count that many players from you (you are 1): that player draws as many cards as the die shows."""
    die = table.roll(seat)
    target = table.state.count_from(seat, die)
    table.log("counted", seat=target, count=die)
    table.draw(target, die)


def seven_clubs(table: Tabletop, seat: int, card: str) -> None:
    """Draw 3, look at them, pass 2 (house default: any 2 cards of your hand, each to an opponent you choose)."""
    table.draw(seat, 3)
    push(table, pick(table, "pass_pick", [seat], card), pick(table, "pass_pick", [seat], card))


def left_draws(table: Tabletop, seat: int, card: str) -> None:
    """8♣: your left neighbour draws 1."""
    table.draw(table.state.left_of(seat), 1)


def nine_clubs(table: Tabletop, seat: int, card: str) -> None:
    """Take 1 random card from an opponent's hand (if it was their last, they draw 2)."""
    push(table, choose_seat("random_from", seat, with_cards(table, table.state.opponents(seat)), card))


def ten_clubs(table: Tabletop, seat: int, card: str) -> None:
    """Resolve the top card of the draw pile as if you had played it, with no Brain needed and no roll."""
    top = table.take_top()
    if top is None:
        return
    table.log("reveal", seat=seat, card=top)
    table.state.in_play.append(top)
    if is_brain(top):
        play_brain(table, seat, top)  # house default: it goes in front of you with its effect
        return
    push(table, EffectStep(card=top, seat=seat, free=True), AfterPlayStep(card=top, seat=seat, free=True))


def draw_two(table: Tabletop, seat: int, card: str) -> None:
    """J♣ and Q♠: draw 2."""
    table.draw(seat, 2)


def queen_clubs(table: Tabletop, seat: int, card: str) -> None:
    """A player you choose discards 1 card."""
    push(table, choose_seat("discard_one", seat, with_cards(table, table.state.clockwise_from(seat)), card))


def king_clubs(table: Tabletop, seat: int, card: str) -> None:
    """Rearrange the top 5 cards of the draw pile (fewer if the pile is shorter)."""
    deck = table.state.deck
    top = list(reversed(deck[-ARRANGE_DEPTH:]))
    if len(top) > 1:
        del deck[-len(top) :]
        push(table, Arrange(chooser=seat, remaining=top, card=card))


# ----- ♥ Hearts ------------------------------------------------------------------
def two_hearts(table: Tabletop, seat: int, card: str) -> None:
    """Every player with fewer cards than you draws 1; every player with more discards 1."""
    state = table.state
    mine = len(state.hands[seat])
    sizes = {other: len(state.hands[other]) for other in state.opponents(seat)}
    for other, size in sizes.items():
        if size < mine:
            table.draw(other, 1)
    more = [other for other, size in sizes.items() if size > mine]
    push(table, pick(table, "discard", more, card))


def three_hearts(table: Tabletop, seat: int, card: str) -> None:
    """Every player with at least one Brain passes 1 card to the left (all at once)."""
    choosers = with_cards(table, with_brain(table, table.state.clockwise_from(seat)))
    push(table, pick(table, "pass_left", choosers, card))


def four_hearts(table: Tabletop, seat: int, card: str) -> None:
    """Draw 1, look at it, and pass it (house default: to an opponent you choose)."""
    top = table.take_top()
    if top is None:
        return
    table.state.held = top
    table.log("draw", seat=seat, count=1)
    table.log("you_draw", audience=(seat,), cards=top)
    push(table, choose_seat("pass_to", seat, table.state.opponents(seat), card))


def five_hearts(table: Tabletop, seat: int, card: str) -> None:
    """Every player without a Brain gives 1 card to their left neighbour (all at once)."""
    everyone = table.state.clockwise_from(seat)
    choosers = with_cards(table, [other for other in everyone if not table.has_brain(other)])
    push(table, pick(table, "pass_left", choosers, card))


def six_hearts(table: Tabletop, seat: int, card: str) -> None:
    """Every player gives you 1 card; then you discard as many cards as you received."""
    push(table, pick(table, "give_active", with_cards(table, table.state.opponents(seat)), card))


def seven_hearts(table: Tabletop, seat: int, card: str) -> None:
    """Steal every Brain on the table."""
    for holder in table.state.opponents(seat):
        for brain in list(table.brains_of(holder)):
            table.steal(seat, holder, brain)


def eight_hearts(table: Tabletop, seat: int, card: str) -> None:
    """A player you choose gives you 1 card (if it was their last, they draw as many cards as you hold)."""
    push(table, choose_seat("gives_me", seat, with_cards(table, table.state.opponents(seat)), card))


def volunteers(rank: str) -> Effect:
    """9♥ (Kings) and 8♠ (Aces): any player holding one may give you one."""

    def effect(table: Tabletop, seat: int, card: str) -> None:
        holders = [
            other
            for other in table.state.opponents(seat)
            if any(rank_of(held) == rank for held in table.state.hands[other])
        ]
        push(table, pick(table, "give_rank", holders, card, ranks=[rank], optional=True))

    return effect


def steal_and_draw(table: Tabletop, seat: int, card: str) -> None:
    """J♥ and A♠: steal 1 Brain and draw 1."""
    push(table, choose_brain("steal", seat, "others", card))
    table.draw(seat, 1)


def queen_hearts(table: Tabletop, seat: int, card: str) -> None:
    """Take a Brain from the discard pile and put it in front of you (if there is none, steal one)."""
    if any(is_brain(discarded) for discarded in table.state.discard):
        push(table, choose_brain("from_discard", seat, "discard", card))
    else:
        push(table, choose_brain("steal", seat, "others", card))


def king_hearts(table: Tabletop, seat: int, card: str) -> None:
    """Choose a Brain on the table and discard it (one of your own only if there is no other)."""
    push(table, choose_brain("discard", seat, "others_else_own", card))


# ----- ♠ Spades ------------------------------------------------------------------
def two_spades(table: Tabletop, seat: int, card: str) -> None:
    """Roll and count from your left neighbour: that player discards a Brain (or the next one left who has one)."""
    state = table.state
    die = table.roll(seat)
    counted = state.count_from(state.left_of(seat), die)
    table.log("counted", seat=counted, count=die)
    for victim in state.clockwise_from(counted):
        if table.has_brain(victim):
            push(table, choose_brain("discard", victim, "own", card))
            return


def three_spades(table: Tabletop, seat: int, card: str) -> None:
    """Turn over the top card: a number 2-10 goes to the player that many from you (you are 1), then again;
    a letter (A, J, Q, K, Brain) you keep, and your turn goes on."""
    state = table.state
    while True:
        top = table.take_top()
        if top is None:
            return
        rank = rank_of(top)
        if rank.isdigit():
            receiver = state.count_from(seat, int(rank))
            table.receive(receiver, [top])
            table.log("chain_give", card=top, seat=receiver)
            continue
        table.receive(seat, [top])
        table.log("chain_keep", card=top, seat=seat)
        return


def four_spades(table: Tabletop, seat: int, card: str) -> None:
    """A player you choose draws 2."""
    push(table, choose_seat("draw2", seat, table.state.clockwise_from(seat), card))


def five_spades(table: Tabletop, seat: int, card: str) -> None:
    """Put this card on top of the draw pile instead of discarding it."""
    if card in table.state.in_play:
        table.state.in_play.remove(card)
        table.state.deck.append(card)
        table.log("on_deck", seat=seat, card=card)


def six_spades(table: Tabletop, seat: int, card: str) -> None:
    """From you clockwise, everyone discards 1 card."""
    choosers = with_cards(table, table.state.clockwise_from(seat))
    push(table, *(pick(table, "discard", [chooser], card) for chooser in choosers))


def seven_spades(table: Tabletop, seat: int, card: str) -> None:
    """Give this card to an opponent (it goes into their hand)."""
    if card in table.state.in_play:
        push(table, choose_seat("give_this", seat, table.state.opponents(seat), card))


def neighbours_draw(table: Tabletop, seat: int, card: str) -> None:
    """10♠: each of your two neighbours draws 1."""
    for neighbour in dict.fromkeys((table.state.left_of(seat), table.state.right_of(seat))):
        if neighbour != seat:
            table.draw(neighbour, 1)


def king_spades(table: Tabletop, seat: int, card: str) -> None:
    """Take 1 face card (J, Q, K) of your choice from the discard pile."""
    push(table, pick(table, "take_face", [seat], card, source="discard", ranks=list(FACES)))


EFFECTS: dict[str, Effect] = {
    # ♦
    "AD": ace_diamonds,
    "2D": two_diamonds,
    "3D": three_diamonds,
    "4D": four_diamonds,
    "5D": five_diamonds,
    "6D": six_diamonds,
    "7D": seven_diamonds,
    "8D": brains_left,
    "9D": right_draws,
    "10D": ten_diamonds,
    "JD": drop_any,
    "QD": queen_diamonds,
    "KD": draw_one,
    # ♣
    "AC": ace_clubs,
    "2C": two_clubs,
    "3C": three_clubs,
    "4C": four_clubs,
    "5C": five_clubs,
    "6C": six_clubs,
    "7C": seven_clubs,
    "8C": left_draws,
    "9C": nine_clubs,
    "10C": ten_clubs,
    "JC": draw_two,
    "QC": queen_clubs,
    "KC": king_clubs,
    # ♥
    "AH": drop_any,
    "2H": two_hearts,
    "3H": three_hearts,
    "4H": four_hearts,
    "5H": five_hearts,
    "6H": six_hearts,
    "7H": seven_hearts,
    "8H": eight_hearts,
    "9H": volunteers("K"),
    "10H": draw_one,
    "JH": steal_and_draw,
    "QH": queen_hearts,
    "KH": king_hearts,
    # ♠
    "AS": steal_and_draw,
    "2S": two_spades,
    "3S": three_spades,
    "4S": four_spades,
    "5S": five_spades,
    "6S": six_spades,
    "7S": seven_spades,
    "8S": volunteers("A"),
    "9S": brains_left,
    "10S": neighbours_draw,
    "JS": right_draws,
    "QS": draw_two,
    "KS": king_spades,
    # Brains
    "BRAIN-C": play_brain,
    "BRAIN-D": play_brain,
    "BRAIN-H": play_brain,
    "BRAIN-S": play_brain,
}
