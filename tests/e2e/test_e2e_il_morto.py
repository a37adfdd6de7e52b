"""Il Morto's dead on Discord, through the real bot process and the loopback stand-in: six people play until the
dead have been spoken to in every way the game's extension hears it.

The players act only through what Discord shows them (the table's "My hand", the buttons of their private hand,
messages in the channel, `/accuse`); the database is read only to choose their moves and to check outcomes.
They play until someone dies (announced in the channel), then a living player gives a life back by a mention of a
dead player, the dealer by `/accuse` (after its refusals), another by a reply to one; the table's log, read through
`/log`, tells each of those. A rematch follows in the rare game that ends before all were seen. The rules of the
game itself (the knock, early looks, a swap a face-up Re blocks, a Cavallo jumped, the end) are the engine's tests',
the engine golden's and the in-process flow golden's (tests/cogs/test_game_flows.py): this test does not play the
game to its end.
Their policy: one early look, then swap whenever they may (the dealer tries the deck half the time); once the Re
and the Cavallo were seen, everyone looks early, which ends the game fast.
"""

from __future__ import annotations

import random
from pathlib import Path

from bot.i18n import language_of, t
from engines.ilmorto import ENGINE, IlMortoState
from engines.ilmorto import table as rules
from tests.e2e.e2e_support import (
    CONFIRM,
    OVER,
    World,
    answered,
    footer,
    in_step,
    open_lobby,
    read_log,
    start_game,
    world,
)
from tools.standin.model import Message, User

MAX_GAMES = 3  # a rematch when a game ended before everything was seen
MAX_MOVES = 200  # per game: a game of six takes 40 to 90 moves with this policy
RARE = {"re_block", "cavallo_jump"}
SPOKEN = {"mention", "accuse", "reply"}
EVERYTHING = {"death_announced", *SPOKEN}  # what the test plays until

# What the table's log (in the host's English) says of each sight.
LOGGED = {
    "knock": "knocks: everyone sees their card",
    "look_early": "looks at their card before the knock and loses a life",
    "cavallo_jump": "jumps the face-up Cavallo of",
    "death": "is dead. The living must not speak to them.",
    "gift": "spoke to the dead",
    "accuse": "rules that",
}
BLOCKED = {"en": "shows a Re: you cannot swap", "fr": "montre un Re\u00a0: vous ne pouvez pas échanger"}


class Game:
    """One game as the players see it, and the oracle the test reads: its committed state."""

    def __init__(self, w: World, table_id: int, message: Message, players: list[User], seen: set[str]) -> None:
        self.w = w
        self.table_id = table_id
        self.message = message
        self.players = players  # in seat order (the order they sat down)
        self.seen = seen
        self.spoken: list[str] = []  # how lives went back to the dead this game: "mention", "accuse", "reply"
        self.looked = False  # someone looked early this game

    def state(self) -> IlMortoState:
        ((text,),) = self.w.query("SELECT state FROM tables WHERE id = ?", self.table_id)
        state = ENGINE.load_state(text)
        assert isinstance(state, IlMortoState)
        return state

    def over(self) -> bool:
        ((status,),) = self.w.query("SELECT status FROM tables WHERE id = ?", self.table_id)
        return str(status) == "finished"

    def user(self, seat: int) -> User:
        return self.players[seat]

    async def act(self, seat: int, kind: str) -> None:
        """`seat` opens their hand from the table and presses the button of `kind` (saying yes to a costly move's
        question)."""
        w, table_id = self.w, self.table_id
        version = w.version(table_id)
        state = self.state()
        user = self.user(seat)
        hand = await answered(await w.discord.click(user, self.message, f"hand:{table_id}"))
        assert hand.ephemeral and hand.visible_to == user.id, hand.text
        self.check_swap(state, seat, hand)
        index = [action.kind for action in ENGINE.candidate_actions(state, seat)].index(kind)
        (pressed,) = [c for c in hand.buttons if str(c.get("custom_id", "")).split(":")[3:4] == [str(index)]]
        assert not pressed.get("disabled"), (kind, hand.text)
        updated = await answered(await w.discord.click(user, hand, pressed["custom_id"]))
        assert updated.id == hand.id, "the hand is updated in place"
        if w.version(table_id) == version:
            yes = [c for c in updated.buttons if str(c.get("custom_id", "")).endswith(":y")]
            assert yes and CONFIRM in updated.text, updated.text
            await answered(await w.discord.click(user, updated, yes[0]["custom_id"]))
        assert w.version(table_id) == version + 1

    def check_swap(self, state: IlMortoState, seat: int, hand: Message) -> None:
        """On their turn after the knock, a player whose swap a face-up Re blocks is told so, and cannot swap."""
        if not state.knocked or state.to_move != seat or seat == state.dealer or state.face_up[seat]:
            return
        blocked = rules.swap_target(state, seat).blocker is not None
        said = BLOCKED[language_of(self.user(seat).locale)] in hand.text
        assert said == blocked, hand.text
        if blocked:
            index = [action.kind for action in ENGINE.candidate_actions(state, seat)].index("swap")
            (swap,) = [c for c in hand.buttons if str(c.get("custom_id", "")).split(":")[3:4] == [str(index)]]
            assert swap.get("disabled"), hand.text
            self.seen.add("re_block")

    async def read_log(self) -> str:
        """The whole public log, through `/log` and its ◀ button, oldest page first."""
        return await read_log(self.w, self.w.carol)


async def seated(w: World, players: list[User]) -> tuple[int, Message]:
    lobby = await open_lobby(w, players[0], "ilmorto", {})
    table_id, _ = footer(lobby)
    for user in players[1:]:
        lobby = await answered(await w.discord.click(user, lobby, f"lobby:{table_id}:join"))
    table = await start_game(w, players[0], lobby)
    return table_id, table


def announced(w: World, start: str) -> list[Message]:
    return [m for m in w.discord.channel_messages(w.channel) if m.content.startswith(start)]


async def next_move(game: Game, rng: random.Random) -> None:
    """The next move of the players' policy."""
    state = game.state()
    if not state.knocked:
        # Before the knock: one early look in the game, then (once the rare sights were seen) every one of them.
        hurry = game.seen >= RARE or not game.looked
        lookers = [
            seat for seat in state.living() if seat != state.dealer and state.holds(seat) and not state.looked[seat]
        ]
        if hurry and lookers:
            await game.act(min(lookers, key=lambda seat: state.lives[seat]), "look")
            game.looked = True
        else:
            await game.act(state.dealer, "knock")
        return
    seat = state.to_move
    assert seat is not None
    legal = [action.kind for action in ENGINE.legal_actions(state, seat)]
    if "swap" in legal:
        await game.act(seat, "swap")
    elif "swap_deck" in legal and rng.random() < 0.5:
        await game.act(seat, "swap_deck")
    else:
        await game.act(seat, "keep")


async def speak_to_the_dead(game: Game) -> None:
    """Someone died: once the channel says so, a living player other than the dealer mentions them (the first
    time), the dealer accuses someone of having spoken to them (the second), a living player replies to them (the
    third). Each gives the dead one of the living one's lives."""
    w = game.w
    state = game.state()
    dead = state.dead()
    if not dead or state.finished or game.seen >= SPOKEN:
        return
    ghost = dead[0]
    # Players who die at the same time are announced in one line ("💀 <@a> and <@b> …"): the ghost is named in one.
    mark = f"<@{game.user(ghost).id}>"
    await w.discord.wait_for(
        lambda: any(mark in m.content for m in announced(w, "💀")), timeout=15, what="the death announced"
    )
    game.seen.add("death_announced")
    living = [seat for seat in state.living() if seat != state.dealer]
    speaker = max(living, key=lambda seat: state.lives[seat])
    lives = list(state.lives)
    version = w.version(game.table_id)
    gifts = len(announced(w, "👻"))
    if "mention" not in game.seen:
        kind = "mention"
        await w.discord.post(game.user(speaker), w.channel, f"<@{game.user(ghost).id}> can you hear me?")
        line = (await w.discord.wait_for(lambda: announced(w, "👻")[gifts:] or None, timeout=10, what="gift"))[0]
    elif "accuse" not in game.seen:
        kind = "accuse"
        await refused_accusations(game, state, speaker, ghost)
        dealer = game.user(state.dealer)
        options = {"accused": game.user(speaker), "dead": game.user(ghost)}
        line = await answered(await w.discord.slash(dealer, w.channel, "accuse", options))
        assert not line.ephemeral and line.content.startswith("⚖️ The dealer "), line.content
    else:
        kind = "reply"
        said = await w.discord.post(game.user(ghost), w.channel, "boo")  # the dead may speak: nothing happens
        await w.discord.post(game.user(speaker), w.channel, "who said that?", reply_to=said, ping_reply=False)
        line = (await w.discord.wait_for(lambda: announced(w, "👻")[gifts:] or None, timeout=10, what="gift"))[0]
    assert f"<@{game.user(ghost).id}>" in line.content and f"<@{game.user(speaker).id}>" in line.content
    assert set(line.pinged_user_ids) == {game.user(speaker).id, game.user(ghost).id}  # the two, nobody else
    assert w.version(game.table_id) == version + 1
    after = game.state()
    assert after.lives[ghost] == 1 and after.lives[speaker] == lives[speaker] - 1 and ghost not in after.dead()
    game.seen.add(kind)
    game.spoken.append(kind)


async def refused_accusations(game: Game, state: IlMortoState, speaker: int, ghost: int) -> None:
    """`/accuse` is the dealer's, names a living player and a dead one, and needs an Il Morto table here."""
    w = game.w
    dealer, living, dead = game.user(state.dealer), game.user(speaker), game.user(ghost)
    cases = [
        (living, w.channel, living, dead, "not_dealer"),
        (dealer, w.channel, living, living, "not_dead"),
        (dealer, w.channel, dead, dead, "not_living"),
        (dealer, w.other_channel, living, dead, "no_table"),
    ]
    for user, channel, accused, named, reason in cases:
        version = w.version(game.table_id)
        refusal = await answered(await w.discord.slash(user, channel, "accuse", {"accused": accused, "dead": named}))
        expected = t(language_of(user.locale), f"ilmorto_discord.accuse.{reason}", name=named.name)
        assert refusal.ephemeral and refusal.content == f"⚠️ {expected}", refusal.content
        assert w.version(game.table_id) == version


async def play_until_everything_is_seen(game: Game, rng: random.Random) -> Message:
    """Play until everything the test asks for was seen, or the game is over; returns the table in step."""
    for _ in range(MAX_MOVES):
        await speak_to_the_dead(game)
        if game.over() or game.seen >= EVERYTHING:
            break
        await next_move(game, rng)
        if game.over():
            break
    else:
        raise AssertionError(f"the game did not end in {MAX_MOVES} moves")
    game.message = await in_step(game.w, game.message)
    return game.message


def check_log(game: Game, log: str) -> None:
    """The log tells each sight the game had, and each life given back."""
    for sight in ("knock", "look_early", "cavallo_jump", "death"):
        if LOGGED[sight] in log:
            game.seen.add(sight)
    assert log.count(LOGGED["gift"]) == len(game.spoken), log  # "… spoke to the dead …", an accusation's too
    assert log.count(LOGGED["accuse"]) == game.spoken.count("accuse"), log


async def test_the_dead_are_spoken_to_by_mention_accusation_and_reply(tmp_path: Path) -> None:
    async with world(tmp_path) as w:
        erin = w.discord.add_user("erin", locale="en-US")
        fay = w.discord.add_user("fay", locale="fr")
        players = [w.alice, w.bob, w.carol, w.dan, erin, fay]
        async with w.running():
            nothing = await answered(
                await w.discord.slash(w.alice, w.channel, "accuse", {"accused": w.bob, "dead": w.carol})
            )
            assert nothing.ephemeral and "no Il Morto game" in nothing.content
            table_id, message = await seated(w, players)
            seen: set[str] = set()
            rng = random.Random(12)
            for _ in range(MAX_GAMES):
                game = Game(w, table_id, message, players, seen)
                table = await play_until_everything_is_seen(game, rng)
                check_log(game, await game.read_log())
                if seen >= EVERYTHING:
                    break
                assert any(marker in table.text for marker in OVER), table.text
                rematch = await answered(await w.discord.click(w.alice, table, f"rematch:{table_id}"))
                table_id, _ = footer(rematch)
                message = await answered(await w.discord.click(w.alice, rematch, f"lobby:{table_id}:start"))
            assert seen >= EVERYTHING, EVERYTHING - seen
            # The bot heard the people's messages without reading them: no privileged intent.
            assert w.discord.privileged_intents_requested == []
            w.discord.assert_clean()
