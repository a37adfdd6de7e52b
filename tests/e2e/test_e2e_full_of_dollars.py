"""Full of Dollars end to end, through the real bot process and the loopback stand-in: three people play to the end.

The players act only through what Discord shows them: the table's "My hand", the buttons of their private hand,
and the card picker (a select of cards, then Confirm) for the Poker phase's discards and the values they show.
The database is read only to choose their moves (the committed state) and to check outcomes; every sight the test
asks for is then confirmed in the table's log, read through `/log`.

The deal is random, so the players steer toward what the test must see and play on until each was seen: a hold-up
that succeeds (the others join as Uzi, the victim stays out) and one that fails (the victim and the others join as
Police), an FBI played on a collection, a Bombe on a business (each player opens one cheap business; in the draw
rounds they throw back what does not help, to find an FBI and a Bombe), a Poker phase with a cheat caught (players
show their two-valued cards high; the second-best hand accuses a cheat) and an honest hand wrongly accused. Nobody
risks a fine or a purchase that could ruin them meanwhile. Once all were seen, the poorest player is made to pay
(held up, collected from, buying five cards each draw round, never accusing) until they cannot, which ends the
game. A rematch follows in the rare game that ends before everything was seen (about 2 % of games).
"""

from __future__ import annotations

import random
import re
from pathlib import Path
from typing import Any

import pytest

from bot import i18n
from engines import registry
from engines.fullofdollars import FullOfDollarsEngine, FullOfDollarsState
from engines.fullofdollars.actions import (
    Abstain,
    Accuse,
    Attack,
    Bomb,
    CallPoker,
    CloseBusiness,
    Concede,
    Decline,
    Defend,
    Discard,
    Fbi,
    FullOfDollarsAction,
    HoldUp,
    KeepBusiness,
    Open,
    Pass,
    Reveal,
)
from tests.e2e.e2e_support import CONFIRM, OVER, World, answered, footer, in_step, open_lobby, read_log, world
from tests.standin.model import Message, User

MAX_GAMES = 3
MAX_MOVES = 700  # per game
# What the test must see, by the engine's event keys (each confirmed in the log through its catalogue line).
WANTED = ("holdup_success", "holdup_failed", "fbi", "bomb", "cheat_caught", "honest")
RESERVE = 900  # while steering, a player keeps this much out of fines and fishing: a collection must not ruin them
PLACEHOLDER = re.compile(r"\{[a-z_]+\}")


def engine() -> FullOfDollarsEngine:
    found = registry.get("fullofdollars")
    assert isinstance(found, FullOfDollarsEngine)
    return found


def kind_of(engine: FullOfDollarsEngine, card: str) -> str:
    spec = engine.deck.card(card)
    return str(spec.special or spec.type)


def icons(engine: FullOfDollarsEngine, card: str) -> int:
    return int(engine.deck.card(card).icons or 0)


class Policy:
    """The players' moves, from the committed state: steer toward what was not seen yet, then end the game."""

    def __init__(self, seen: set[str]) -> None:
        self.seen = seen
        self.burner: int | None = None  # once everything was seen, the poorest player: made to pay until ruined

    def done(self) -> bool:
        return all(key in self.seen for key in WANTED)

    def useless(self, state: FullOfDollarsState, seat: int) -> tuple[str, ...]:
        """The cards a player throws back in a draw round while steering: they keep an FBI and a Bombe, one
        business card while they have no business, and a few Uzis and Police while the hold-ups were not seen."""
        e = engine()
        holdups = not {"holdup_success", "holdup_failed"} <= self.seen
        quota = {
            "fbi": 5 if "fbi" not in self.seen else 0,
            "bombe": 5 if "bomb" not in self.seen else 0,
            "business": 0 if state.businesses[seat] else 1,
            "uzi": 1 if holdups else 0,
            "police": 2 if holdups else 0,
        }
        thrown = []
        for card in sorted(state.hands[seat], key=lambda card: -icons(e, card)):
            kind = kind_of(e, card)
            if quota.get(kind, 0) > 0:
                quota[kind] -= 1
            else:
                thrown.append(card)
        return tuple(thrown)

    def choose(self, state: FullOfDollarsState, seat: int) -> FullOfDollarsAction:
        e = engine()
        legal = e.legal_actions(state, seat)
        hand = state.hands[seat]
        stage = state.stage

        def first(*kinds: type[Any]) -> FullOfDollarsAction | None:
            return next((action for action in legal if isinstance(action, kinds)), None)

        if self.done() and self.burner is None:
            self.burner = min(state.live(), key=lambda s: state.money[s])
        if stage == "turn":
            holdups = [a for a in legal if isinstance(a, HoldUp)]
            if self.burner is not None:  # the end: hold the burner up, with the biggest Uzi
                holdups = [a for a in holdups if a.victim == self.burner]
            if holdups and (self.burner is not None or not {"holdup_success", "holdup_failed"} <= self.seen):
                return max(holdups, key=lambda a: icons(e, a.card) if "holdup_failed" in self.seen else 0)
            # One cheap business each (something to collect for, and to bomb); at the end, the burner's collector
            # opens all they can.
            opens = [a for a in legal if isinstance(a, Open)]
            if self.burner is not None:
                wanted = state.next_seat(seat) == self.burner
            else:
                wanted = not state.businesses[seat] and state.money[seat] > RESERVE
            if opens and wanted:
                return min(opens, key=lambda a: e.deck.value(a.card))
            return first(Pass) or legal[0]
        if stage == "call":
            return first(CallPoker) or legal[0]
        if stage == "fbi":
            if "fbi" not in self.seen and (fbi := first(Fbi)):
                return fbi
            return first(Decline) or legal[0]
        if stage == "end":
            bombs = [a for a in legal if isinstance(a, Bomb)]
            if "bomb" not in self.seen and bombs:
                return bombs[0]
            return first(Decline) or legal[0]
        if stage == "holdup":
            holdup = state.holdup
            assert holdup is not None
            want_success = "holdup_success" not in self.seen or holdup.victim == self.burner
            if want_success:
                # Everyone but the victim joins the attackers (Uzi); the victim stays out.
                attacks = [a for a in legal if isinstance(a, Attack)]
                if attacks:
                    return max(attacks, key=lambda a: icons(e, a.card))
                return first(Abstain) or legal[0]
            if holdup.total_police() <= holdup.total_uzis():
                defends = [a for a in legal if isinstance(a, Defend)]
                if defends:
                    return max(defends, key=lambda a: icons(e, a.card))
            return first(Abstain) or legal[0]
        if stage == "judgement":
            return first(KeepBusiness) or first(CloseBusiness) or legal[0]
        if stage == "draw":
            if self.burner is not None:
                if seat == self.burner:
                    return Discard(cards=tuple(hand))
                if state.money[seat] > RESERVE:  # the others look for Uzis to hold the burner up with
                    return Discard(cards=tuple(card for card in hand if kind_of(e, card) != "uzi"))
                return Discard(cards=())
            # Fish for an FBI and a Bombe while they were not seen: throw back what does not help.
            if state.money[seat] > 2 * RESERVE:
                return Discard(cards=self.useless(state, seat))
            return Discard(cards=())
        if stage == "reveal":
            # Cheat (show every two-valued card high) while no cheat was caught, if the fine cannot ruin them; at
            # the end, to beat the burner, who never accuses.
            duals = e.card_pick(state, seat)
            fine = (state.pot + 1) // 2 + 50
            cheat = "cheat_caught" not in self.seen or (self.burner is not None and seat != self.burner)
            if cheat and duals is not None and state.money[seat] > fine + RESERVE:
                return Reveal(cards=tuple(duals.cards))
            return Reveal(cards=())
        if stage == "contest":
            # The oracle knows who cheated: accuse a cheat until one was caught, an honest hand until one was
            # wrongly accused (if its fine cannot ruin the accuser); else concede.
            poker = state.poker
            assert poker is not None
            top, second = poker.contenders[:2]
            other = second if seat == top else top
            cheated = bool(poker.high.get(other))
            sight = "cheat_caught" if cheated else "honest"
            affordable = cheated or state.money[seat] > poker.fine + RESERVE
            if sight not in self.seen and affordable and seat != self.burner:
                return first(Accuse) or legal[0]
            return first(Concede) or legal[0]
        return legal[0]


def simulate(seed: int, players: int = 3) -> tuple[int, set[str], bool]:
    """The policy on the engine alone (for tuning): moves, what was seen, whether it ended."""
    e = engine()
    rng = random.Random(seed)
    seen: set[str] = set()
    state = e.new(players, e.options_model(), seed)
    policy = Policy(seen)
    for move in range(MAX_MOVES):
        if state.finished:
            return move, seen, True
        seat = rng.choice(e.to_act(state))
        state = e.apply(state, seat, policy.choose(state, seat))
        seen.update(event.key.rsplit(".", 1)[-1] for event in state.events)
    return MAX_MOVES, seen, state.finished


def logged(key: str) -> re.Pattern[str]:
    """A log line of the event `key`, in English or French, from the catalogues: its words up to its second
    placeholder, anything for the first (a name), any spacing (a long line is clipped further on)."""
    catalogue = i18n.catalogue()
    patterns = []
    for lang in ("en", "fr"):
        for form in i18n.forms(catalogue.message(lang, f"fullofdollars.event.{key}")):
            words = [piece.strip() for piece in PLACEHOLDER.split(form)[:2] if piece.strip()]
            spaced = [r"\s+".join(re.escape(word) for word in piece.split()) for piece in words]
            patterns.append(r".+?".join(spaced))
    return re.compile("|".join(f"(?:{pattern})" for pattern in patterns))


class Game:
    """One game as the players see it, and the oracle the test reads: its committed state."""

    def __init__(self, w: World, game_id: int, message: Message, players: list[User]) -> None:
        self.w = w
        self.game_id = game_id
        self.message = message
        self.players = players  # in seat order

    def state(self) -> FullOfDollarsState:
        ((text,),) = self.w.query("SELECT state FROM games WHERE id = ?", self.game_id)
        state = engine().load_state(text)
        assert isinstance(state, FullOfDollarsState)
        return state

    async def act(self, seat: int, action: FullOfDollarsAction) -> None:
        """`seat` opens their hand from the table and makes `action`: a button, or the card picker (the cards in
        its select, then Confirm); a move that costs its player asks first, and they say yes."""
        w, game_id, e = self.w, self.game_id, engine()
        state = self.state()
        version = w.version(game_id)
        user = self.players[seat]
        hand = await answered(await w.discord.click(user, self.message, f"cr:h:{game_id}"))
        assert hand.ephemeral and hand.visible_to == user.id, hand.text
        pick = e.card_pick(state, seat)
        # The picker shows a pick with cards; with none (who called poker by playing their last card discards
        # nothing) its one move is a button, as for any other move.
        if pick is not None and pick.cards and action.kind == pick.kind:
            cards = set(getattr(action, pick.field))
            if cards:
                assert len(hand.selects) == 1, (action, pick, hand.text, hand.custom_ids)
                (select,) = hand.selects
                values = [o["value"] for o in select["options"] if str(o["value"]).split("~")[0] in cards]
                assert len(values) == len(cards), (cards, select["options"])
                hand = await answered(await w.discord.select(user, hand, select["custom_id"], values))
            confirm = [c for c in hand.buttons if str(c.get("custom_id", "")).startswith("cr:P:")]
            assert confirm and not confirm[0].get("disabled"), hand.text
            answer = await answered(await w.discord.click(user, hand, confirm[0]["custom_id"]))
        else:
            index = list(e.candidate_actions(state, seat)).index(action)
            (pressed,) = [
                c
                for c in hand.buttons
                if str(c.get("custom_id", "")).startswith("cr:a:") and str(c["custom_id"]).split(":")[4] == str(index)
            ]
            assert not pressed.get("disabled"), (action, hand.text)
            answer = await answered(await w.discord.click(user, hand, pressed["custom_id"]))
        if w.version(game_id) == version:
            yes = [c for c in answer.buttons if str(c.get("custom_id", "")).endswith(":y")]
            assert yes and CONFIRM in answer.text, answer.text
            await answered(await w.discord.click(user, answer, yes[0]["custom_id"]))
        assert w.version(game_id) == version + 1, (action, answer.text)

    async def read_log(self) -> str:
        """The whole public log, through `/log` and its ◀ button, oldest page first."""
        return await read_log(self.w, self.w.alice)


async def seated(w: World, players: list[User]) -> tuple[int, Message]:
    lobby = await open_lobby(w, players[0], "fullofdollars", {})
    game_id, _ = footer(lobby)
    for user in players[1:]:
        lobby = await answered(await w.discord.click(user, lobby, f"cr:l:{game_id}:join"))
    table = await answered(await w.discord.click(players[0], lobby, f"cr:l:{game_id}:start"))
    return game_id, table


async def play_to_the_end(game: Game, policy: Policy, rng: random.Random) -> FullOfDollarsState:
    """Play until the game is over (one of the players the table waits for moves each time)."""
    e = engine()
    for _ in range(MAX_MOVES):
        state = game.state()
        if state.finished:
            return state
        seat = rng.choice(e.to_act(state))
        await game.act(seat, policy.choose(state, seat))
        policy.seen.update(event.key.rsplit(".", 1)[-1] for event in game.state().events)
    raise AssertionError(f"the game did not end in {MAX_MOVES} moves")


@pytest.mark.rules_only
async def test_a_whole_game_of_full_of_dollars_with_hold_ups_tricks_and_cheats(tmp_path: Path) -> None:
    async with world(tmp_path) as w, w.running():
        players = [w.alice, w.bob, w.carol]
        rng = random.Random(13)
        seen: set[str] = set()
        confirmed: set[str] = set()
        game_id, message = await seated(w, players)
        for _ in range(MAX_GAMES):
            game = Game(w, game_id, message, players)
            state = await play_to_the_end(game, Policy(seen), rng)
            final = await in_step(w, game.message)
            assert any(marker in final.text for marker in OVER), final.text
            log = await game.read_log()
            assert logged("game_over").search(log), log[-2000:]
            confirmed |= {key for key in WANTED if logged(key).search(log)}
            # What the committed states said happened is what the log tells.
            assert confirmed == {key for key in WANTED if key in seen}, (seen, confirmed)
            if confirmed >= set(WANTED):
                break
            rematch = await answered(await w.discord.click(w.alice, final, f"cr:R:{game_id}"))
            game_id, _ = footer(rematch)
            message = await answered(await w.discord.click(w.alice, rematch, f"cr:l:{game_id}:start"))
        assert confirmed >= set(WANTED), set(WANTED) - confirmed
        assert state.winners

        board = await answered(await w.discord.slash(w.alice, w.channel, "leaderboard", {"game": "fullofdollars"}))
        assert all(name in board.text for name in ("alice", "bob", "carol")), board.text
        by_money = await answered(
            await w.discord.slash(
                w.bob, w.channel, "leaderboard", {"game": "fullofdollars", "by": "measure"}, locale="fr"
            )
        )
        assert "fortune" in by_money.text and re.search(r"\d\u00a0k\$ par partie", by_money.text), by_money.text
        rules = await answered(
            await w.discord.slash(w.carol, w.channel, "rules", {"game": "fullofdollars"}, locale="fr")
        )
        assert rules.ephemeral and "Braquage" in rules.text and "Bombe" in rules.text
        rules = await answered(await w.discord.slash(w.alice, w.channel, "rules", {"game": "fullofdollars"}))
        assert "Hold-up" in rules.text and "Poker phase" in rules.text
        w.discord.assert_clean()


@pytest.mark.no_database
def test_the_players_policy_sees_everything_and_ends_games_on_the_engine_alone() -> None:
    """The policy the e2e players follow, on the engine alone (no Discord; fast): games end, nearly every one after
    everything was seen, so a rematch or two is a rare fallback."""
    games = [simulate(seed) for seed in range(30)]
    assert all(ended for _, _, ended in games)
    assert sum(set(WANTED) <= seen for _, seen, _ in games) >= 27
