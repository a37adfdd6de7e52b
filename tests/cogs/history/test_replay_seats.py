"""`/replay` seat fields from the renderers' `seat_lines` hook: what each seat alone saw, in the third person.

For every game whose renderer has the hook, at sampled steps of seeded random games, in both languages: no seat
field speaks to the reader ("your", "vous" ...), and each seat's field holds its hidden cards and secret choices
as the game state had them then (Pairs hides nothing: no seat fields at all).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from typing import Any

import pytest

from bot import emojis
from bot.i18n import LANGUAGES, t
from bot.services.replay import ReplayStep
from cogs.games.fullofdollars.render import card_text as fod_card_text
from cogs.games.ilmorto.deck import italian_face
from cogs.games.ohmybrain.deck import ohmybrain_face
from cogs.render.games import renderer_for, seat_lines
from cogs.render.replay import HAND_MARK, replay_embed
from cogs.render.text import card_face, poker_card_face
from engines import registry
from engines.deadmoney.state import Arrange, PickCards
from engines.fullofdollars.perspective import card_view
from tests.cogs.history.test_history import finished_table, sampled

pytestmark = pytest.mark.long_unit  # handed out before the other modules (tests/conftest.py)

SECOND_PERSON = re.compile(r"\b(?:your|yours|you|vous|votre|vos|tu)\b", re.IGNORECASE)
WITH_HOOK = sorted(game for game in registry.names() if hasattr(renderer_for(game), "seat_lines"))
PLAYERS = {"deadmoney": 4}  # at most 3 otherwise: a seat's share of the embed holds its whole hand


@pytest.fixture(autouse=True)
def text_faces() -> Iterator[None]:
    emojis.reset()
    yield
    emojis.reset()


def _deadmoney(state: Any, seat: int, lang: str) -> list[str]:
    """A Dead Money seat's hand, the card it is passing, its secret pick, the cards it puts back."""
    cards = list(state.hands[seat])
    if state.held is not None and state.active == seat:
        cards.append(state.held)
    decision = state.top_decision()
    picked = decision.submitted[seat] if isinstance(decision, PickCards) and seat in decision.choosers else None
    cards += picked or []
    if isinstance(decision, Arrange) and decision.chooser == seat:
        cards += [*decision.remaining, *decision.placed]
    return [poker_card_face(card, lang=lang) for card in cards]


def _hawthorn(state: Any, seat: int, lang: str) -> list[str]:
    """A Hawthorn seat's hand, secret starting card, face-down cards and pending vote."""
    cards = [*state.hands[seat], *state.face_down[seat]]
    if state.choices[seat] is not None:
        cards.append(state.choices[seat])
    texts = [card_face(card) for card in cards]
    if state.phase == "vote" and state.votes[seat] is not None:
        texts.append(t(lang, f"replay_seat.vote.{state.votes[seat]}"))
    return texts


def _zombie(state: Any, seat: int, lang: str) -> list[str]:
    """A Zombie Life seat's face-down Refuge cards."""
    return [card_face(card) for card in state.face_down[seat]]


def _blackstone(state: Any, seat: int, lang: str) -> list[str]:
    """A Blackstone seat's vote between hands, while it is secret."""
    choice = state.choices[seat]
    if state.phase != "decide" or choice is None:
        return []
    return [t(lang, "replay_seat.vote.next" if choice == "next_hand" else "replay_seat.vote.stop")]


def _pairs(state: Any, seat: int, lang: str) -> list[str]:
    return []  # every card face up


def _ohmybrain(state: Any, seat: int, lang: str) -> list[str]:
    """An Oh My Brain seat's hand and Cemetery; during the deal its lot and its secret choice; a draw to split."""
    cards = [*state.hands[seat], *state.cemeteries[seat], *state.lots[seat]]
    if state.lots[seat] and state.buried[seat] is not None:
        cards.append(state.buried[seat])
    drawn = getattr(state.step, "drawn", None)
    if drawn and state.active == seat:
        cards += drawn
    return [ohmybrain_face(card) for card in cards]


def _ilmorto(state: Any, seat: int, lang: str) -> list[str]:
    """An Il Morto seat's face-down card once its player knows it, else that it was not looked at yet."""
    card = state.hands[seat]
    if card is None or state.face_up[seat]:
        return []
    return [italian_face(card, lang) if state.sees(seat, seat) else t(lang, "replay_seat.card_unseen")]


def _fullofdollars(state: Any, seat: int, lang: str) -> list[str]:
    """A Full of Dollars seat's hand, each card with its Business face and poker values."""
    deck = registry.get("fullofdollars").deck  # type: ignore[attr-defined]
    return [fod_card_text(card_view(deck, card), lang) for card in state.hands[seat]]


HIDDEN: dict[str, Callable[[Any, int, str], list[str]]] = {
    "fullofdollars": _fullofdollars,
    "ohmybrain": _ohmybrain,
    "ilmorto": _ilmorto,
    "deadmoney": _deadmoney,
    "hawthorn": _hawthorn,
    "zombie": _zombie,
    "blackstone": _blackstone,
    "pairs": _pairs,
}


def seat_fields(embed: Any) -> list[Any]:
    return [field for field in embed.fields if (field.name or "").startswith(HAND_MARK)]


# (game, seed, step, language) -> that step's seat fields: each step drawn once for both checks of its seat fields.
_SEAT_FIELDS: dict[tuple[str, int, int, str], list[Any]] = {}


def seat_fields_at(game: str, seed: int, number: int, lang: str, step: ReplayStep | None = None) -> list[Any]:
    """The seat fields of step `number` of the seeded game (`finished_table`), in `lang`; `step`: that step, if the
    caller has it already."""
    key = (game, seed, number, lang)
    if key not in _SEAT_FIELDS:
        table, replay = finished_table(game, seed, players=PLAYERS.get(game, 3))
        _SEAT_FIELDS[key] = seat_fields(replay_embed(table, replay.step(number) if step is None else step, lang))
    return _SEAT_FIELDS[key]


def test_every_game_has_the_hook() -> None:
    assert set(HIDDEN) == set(WITH_HOOK) == set(registry.names())


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("game", WITH_HOOK)
def test_seat_fields_never_speak_to_the_reader(game: str, lang: str) -> None:
    """Every seat field of every sampled step is in the third person (or neutral), in both languages."""
    for seed in (4, 21):
        _, replay = finished_table(game, seed, players=PLAYERS.get(game, 3))
        for number in sampled(replay.steps):
            for field in seat_fields_at(game, seed, number, lang):
                found = SECOND_PERSON.search(field.value or "")
                assert found is None, (game, seed, number, field.value)


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("game", sorted(HIDDEN))
def test_seat_fields_hold_each_seats_hidden_cards(game: str, lang: str) -> None:
    """Each seat's field shows what it alone had at that step; when no seat hides anything there is no seat field."""
    hidden_of = HIDDEN[game]
    shown = 0
    for seed in (4, 21):
        _, replay = finished_table(game, seed, players=PLAYERS.get(game, 3))
        for number in range(replay.steps + 1) if replay.steps <= 120 else sampled(replay.steps):
            step = replay.step(number)
            fields = seat_fields_at(game, seed, number, lang, step)
            hidden = [hidden_of(step.state, seat, lang) for seat in range(step.state.players)]
            if not any(hidden):
                assert fields == [], (game, seed, number)
                continue
            assert len(fields) == step.state.players, (game, seed, number)
            for seat, texts in enumerate(hidden):
                value = fields[seat].value or ""
                assert all(text in value for text in texts), (game, seed, number, seat, texts, value)
                if not texts:
                    assert value == t(lang, "replay_seat.nothing"), (game, seed, number, seat, value)
                shown += len(texts)
    if game == "pairs":
        assert shown == 0
    else:
        assert shown > 0, game


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_hook_gives_nothing_to_a_spectator(lang: str) -> None:
    """`seat_lines` words one seat's own view: a spectator's view (viewer None) hides nothing of its own."""
    for game in WITH_HOOK:
        table, replay = finished_table(game, 4, players=3)
        state = replay.step(replay.steps // 2).state
        assert seat_lines(game, table.engine.perspective(state, None), table.names, lang) == [], game


@pytest.mark.parametrize("lang", LANGUAGES)
def test_dead_money_seats_show_their_passing_card_pick_and_cards_put_back(lang: str) -> None:
    """The secrets of a Dead Money seat besides its hand, each on its own line, as the seat saw them."""
    seen: set[str] = set()
    for seed in (1, 2, 3):
        table, replay = finished_table("deadmoney", seed, players=4)
        for number in range(replay.steps + 1):
            step = replay.step(number)
            state: Any = step.state
            fields = seat_fields(replay_embed(table, step, lang))
            decision = state.top_decision()
            expected: list[tuple[int, str, str]] = []
            if state.held is not None:
                card = poker_card_face(state.held, lang=lang)
                expected.append((state.active, "held", t(lang, "replay_seat.passing", card=card)))
            if isinstance(decision, PickCards):
                for seat in decision.choosers:
                    picked = decision.submitted[seat]
                    if picked is None:
                        continue
                    faces = " ".join(poker_card_face(card, lang=lang) for card in picked)
                    line = t(lang, "replay_seat.pick", cards=faces) if picked else t(lang, "replay_seat.pick_none")
                    expected.append((seat, "pick", line))
            if isinstance(decision, Arrange) and decision.remaining:
                faces = " ".join(poker_card_face(card, lang=lang) for card in decision.remaining)
                expected.append((decision.chooser, "arrange", t(lang, "replay_seat.arrange", cards=faces)))
            for seat, kind, line in expected:
                assert line in (fields[seat].value or "").split("\n"), (seed, number, kind, fields[seat].value)
                seen.add(kind)
    assert seen == {"held", "pick", "arrange"}
