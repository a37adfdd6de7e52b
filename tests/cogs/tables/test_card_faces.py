"""Card faces (`cogs.render.faces`, the face functions of `cogs.render.text`): the card's application emoji when the
bot has one, the text face otherwise, in English and French, in embeds, select options and labels."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from typing import Any

import discord
import pytest

from bot import emojis
from bot.emojis import CardEmoji, card_key
from bot.i18n import LANGUAGES, t
from bot.services.tables import Table
from bot.storage import Seat, TableRecord
from cogs.emojis.cards import all_faces
from cogs.games.blackstone.deck import stone_face
from cogs.games.deadmoney.render import _discard_lines
from cogs.games.ilmorto.deck import italian_face
from cogs.render import faces
from cogs.render.frame import hand_embed, table_embed
from cogs.render.text import (
    card_face,
    card_faces,
    event_line,
    is_poker_card_id,
    message,
    poker_card_face,
    poker_card_faces,
    render_params,
)
from cogs.tables._views import hand_view
from engines import registry
from engines.core import Event
from tests.cogs.pick_states import sized
from tests.cogs.pick_states import table as picker_table
from tests.cogs.render_support import longest_card_emojis
from tools.standin.limits import message_problems

MARKUP = re.compile(r"<:([A-Za-z0-9_]{2,32}):(\d{17,20})>")
NAMES = ["Ada", "Bea", "Cyd"]


@pytest.fixture(autouse=True)
def text_faces() -> Iterator[None]:
    emojis.reset()
    yield
    emojis.reset()


def install_all(*, without: tuple[str, ...] = ()) -> dict[str, CardEmoji]:
    """Install an emoji for every face of the committed manifest (but the face sets in `without`)."""
    installed = longest_card_emojis(without=without)
    emojis.install(installed)
    return installed


def markup(deck: str, card: str) -> str:
    emoji = emojis.registry().get(card_key(deck, card))
    assert emoji is not None
    return emoji.markup


# ----- text faces -------------------------------------------------------------------------------------------------
def test_text_faces() -> None:
    assert poker_card_face("KS") == "K♠️" and poker_card_face("KS", lang="fr") == "R♠️"
    assert poker_card_face("QH", lang="fr") == "D♥️" and poker_card_face("JC", lang="fr") == "V♣️"
    assert poker_card_face("10D") == poker_card_face("10D", lang="fr") == "10♦️"
    assert poker_card_face("AC", lang="fr") == "A♣️"
    assert poker_card_face("BRAIN-H") == "🧠♥️" and poker_card_face("hello") == "hello"
    assert poker_card_faces(["KS", "9H"], lang="fr") == "R♠️ 9♥️" and poker_card_faces([]) == "—"
    assert card_face(7) == "`7`" and card_faces([1, 10]) == "`1` `10`" and card_faces([]) == "—"
    assert stone_face(3) == "`3`" and stone_face(10) == "⚫"
    assert italian_face("1C") == "A🏆" and italian_face("9S") == "C🗡️" and italian_face("7B") == "7🪵"
    assert italian_face("10D") == "R🪙"


def test_red_and_black_suits_use_emoji_presentation() -> None:
    for card in ("AH", "AD", "AS", "AC"):
        assert poker_card_face(card).endswith("\ufe0f")  # Discord then shows ♥️ ♦️ red, ♠️ ♣️ black
    assert "️⃣" not in card_faces(list(range(1, 11))) and "🔟" not in card_faces([10])  # no phone keys


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_face_of_every_deck_has_its_emoji_and_a_text_fallback(lang: str) -> None:
    for face in all_faces():
        fallback = faces.text(face.deck, face.card, lang)
        assert fallback and "<:" not in fallback and fallback != face.card, face
        assert faces.face(face.deck, face.card, lang) == fallback
        assert faces.emoji_for(face.deck, face.card, lang) is None
    install_all()
    for face in all_faces():
        deck = "poker" if face.deck == "poker_fr" else face.deck
        shown = faces.face(deck, face.card, lang)
        assert MARKUP.fullmatch(shown), face
        emoji = faces.emoji_for(deck, face.card, lang)
        assert emoji is not None and str(emoji) == shown
        with faces.plain_faces():
            assert faces.face(deck, face.card, lang) == faces.text(deck, face.card, lang)


def test_french_court_cards_use_their_french_drawing() -> None:
    install_all()
    assert poker_card_face("KS", lang="fr") == markup("poker_fr", "KS") != markup("poker", "KS")
    assert poker_card_face("KS") == markup("poker", "KS")
    assert poker_card_face("10S", lang="fr") == markup("poker", "10S")  # no French drawing: the same card
    install_all(without=("poker_fr",))  # no French drawings: the English ones rather than text
    assert poker_card_face("KS", lang="fr") == markup("poker", "KS")


def test_markup_in_events_and_both_languages() -> None:
    install_all()
    params = render_params({"card": "QH", "cards": "KS,9H,BRAIN-C"}, NAMES, "fr")
    assert params["card"] == markup("poker_fr", "QH")
    assert params["cards"] == " ".join([markup("poker_fr", "KS"), markup("poker", "9H"), markup("poker", "BRAIN-C")])
    line = message("en", "deadmoney.event.bid", {"seat": 0, "cards": "KS,KH,9D", "hand": "pair"}, NAMES)
    assert line.startswith("**Ada** ") and line.count("<:") == 3
    emojis.reset()
    line = message("fr", "deadmoney.event.bid", {"seat": 0, "cards": "KS,KH,9D", "hand": "two_pair"}, NAMES)
    assert "R♠️ R♥️ 9♦️" in line and "<:" not in line


def test_strip_markup_gives_the_text_back() -> None:
    install_all()
    shown = f"Play {poker_card_face('KS', lang='fr')} or {card_face(7)}, not <:other:123>"
    assert faces.strip_markup(shown) == "Play R♠️ or `7`, not <:other:123>"
    assert faces.strip_markup("no emoji here") == "no emoji here"


def test_emojis_for_components_by_game() -> None:
    assert faces.card_emoji("deadmoney", "KS") is None
    install_all()
    emoji = faces.card_emoji("deadmoney", "KS", "fr")
    assert isinstance(emoji, discord.PartialEmoji) and str(emoji) == markup("poker_fr", "KS")
    assert faces.card_emoji("zombie", "7") is not None and str(faces.card_emoji("pairs", "7")) == markup("pairs", "7")
    assert str(faces.card_emoji("blackstone", "10")) == markup("blackstone", "10")
    assert faces.card_emoji("deadmoney", "ZZ") is None and faces.card_emoji("chess", "KS") is None
    assert faces.emoji_for("pairs", "11") is None


# ----- in the embeds --------------------------------------------------------------------------------------------------
def table_for(game: str, state: Any, players: int, lang: str = "en") -> Table:
    engine: Any = registry.get(game)
    record = TableRecord(
        id=5,
        guild_id=1,
        channel_id=2,
        game=game,
        status="active",
        host_id=1000,
        options=state.options.model_dump(mode="json"),
        seats=[Seat(1000 + seat, NAMES[seat]) for seat in range(players)],
        seed=1,
        state=engine.dump_state(state),
        version=3,
        table_message_id=3,
        locale=lang,
        created_at=0.0,
        updated_at=0.0,
    )
    return Table(record=record, engine=engine, state=state)


def embed_text(embed: discord.Embed) -> str:
    return "\n".join([embed.description or "", *(f"{field.name}\n{field.value}" for field in embed.fields)])


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_pairs_table_shows_its_cards_as_emojis_or_tiles(lang: str) -> None:
    engine: Any = registry.get("pairs")
    state = engine.new(3, engine.options_model(), 4)
    in_play = [card for seat in engine.perspective(state, None).seats for card in seat.in_play]
    assert in_play
    text = embed_text(table_embed(table_for("pairs", state, 3, lang), lang))
    assert "<:" not in text and f"`{in_play[0]}`" in text
    install_all()
    text = embed_text(table_embed(table_for("pairs", state, 3, lang), lang))
    assert markup("pairs", str(in_play[0])) in text
    assert {match[0] for match in MARKUP.findall(text)} <= set(emojis.registry().by_name())


def test_blackstones_middle_shows_white_stones() -> None:
    engine: Any = registry.get("blackstone")
    for seed in range(50):
        state = engine.new(3, engine.options_model(), seed)
        middle = engine.perspective(state, None).middle
        if middle:
            break
    assert middle
    text = embed_text(table_embed(table_for("blackstone", state, 3), "en"))
    assert " ".join(f"`{stone}`" for stone in sorted(middle)) in text
    install_all()
    text = embed_text(table_embed(table_for("blackstone", state, 3), "en"))
    assert " ".join(markup("blackstone", str(stone)) for stone in sorted(middle)) in text


def test_a_huge_dead_money_hand_with_emojis_is_whole_and_within_discords_limits() -> None:
    install_all()
    state, seat, _ = sized("bid", 120)
    hand = state.hands[seat]
    for lang in LANGUAGES:
        embed = hand_embed(picker_table(state), seat, lang)
        payload = json.loads(json.dumps({"embeds": [embed.to_dict()]}))
        assert message_problems(payload) == []
        text = embed_text(embed)
        assert text.count("<:") == len(MARKUP.findall(text)), "an emoji's markup was cut"
        first = next(i for i, field in enumerate(embed.fields) if (field.value or "").startswith(("<:", "**<:")))
        fields = [embed.fields[first]]
        fields += [field for field in embed.fields[first + 1 :] if field.name == "\u200b"][: len(embed.fields)]
        shown = len(MARKUP.findall("\n".join(field.value or "" for field in fields)))
        assert len(hand) <= shown <= len(hand) + len(state.brains[seat]), "the hand is not shown whole"


def test_picker_options_carry_the_emoji_and_plain_labels() -> None:
    state, seat, pick = sized("play", 25)
    install_all()
    for lang in LANGUAGES:
        view = hand_view(picker_table(state), seat, lang)
        options = [
            option
            for row in view.to_components()
            for child in row["components"]
            if child["type"] == 3
            for option in child["options"]
        ]
        assert len(options) == len(pick.cards) == 25
        courts = [o for o, card in zip(options, pick.cards, strict=True) if card[0] in "JQK"]
        assert courts and all(
            "_de_" in o["emoji"]["name"] if lang == "fr" else "_of_" in o["emoji"]["name"] for o in courts
        )
        for option, card in zip(options, pick.cards, strict=True):
            assert "<:" not in option["label"] and "<:" not in (option.get("description") or "")
            expected = faces.emoji_for("poker", card, lang)  # in French, R D V for the court cards
            assert expected is not None and int(option["emoji"]["id"]) == expected.id
    emojis.reset()
    view = hand_view(picker_table(state), seat, "en")
    options = [o for row in view.to_components() for c in row["components"] if c["type"] == 3 for o in c["options"]]
    assert all("emoji" not in option for option in options)


# ----- faces and event lines worked out once, per emoji registry -----------------------------------------------------
def test_a_face_kept_follows_the_registry_in_use() -> None:
    assert poker_card_face("KS") == "K♠️"
    install_all()
    assert poker_card_face("KS") == markup("poker", "KS")  # a new registry: faces worked out anew
    with faces.plain_faces():
        assert poker_card_face("KS") == "K♠️"  # labels: text even with emojis
    emojis.reset()
    assert poker_card_face("KS") == "K♠️"
    assert poker_card_face("not-a-card") == "not-a-card"


def test_an_event_line_kept_follows_the_registry_and_the_names() -> None:
    event = Event(key="deadmoney.event.play", params={"seat": 0, "card": "KS"})
    before = event_line(event, NAMES, "en")
    assert "K♠️" in before and "Ada" in before
    install_all()
    assert markup("poker", "KS") in event_line(event, NAMES, "en")
    assert "Zed" in event_line(event, ["Zed", "Bea", "Cyd"], "en")
    emojis.reset()
    assert event_line(event, NAMES, "en") == before


def test_many_faces_at_once_are_each_face_in_the_style_in_use() -> None:
    hand = ["KS", "10D", "BRAIN-H", "2C", "KS"]
    for deck, cards, lang in (("poker", hand, "en"), ("poker", hand, "fr"), ("pairs", ["1", "7", "10"], "en")):
        assert faces.faces(deck, cards, lang) == [faces.face(deck, card, lang) for card in cards]
    assert poker_card_faces(hand, lang="fr") == "R♠️ 10♦️ 🧠♥️ 2♣️ R♠️"
    install_all()
    assert poker_card_faces(hand) == " ".join(markup("poker", card) for card in hand)
    with faces.plain_faces():
        assert poker_card_faces(hand) == "K♠️ 10♦️ 🧠♥️ 2♣️ K♠️"
    assert poker_card_faces(["KS", "not-a-card"]) == f"{markup('poker', 'KS')} not-a-card"  # passed through
    assert poker_card_faces([]) == "—"


@pytest.mark.parametrize(
    ("value", "is_card"),
    [
        ("KS", True),
        ("10D", True),
        ("AH", True),
        ("2C", True),
        ("BRAIN-S", True),
        ("1S", False),
        ("11H", False),
        ("KX", False),
        ("BRAIN", False),
        ("BRAIN-", False),
        ("ks", False),
        ("KSS", False),
        ("", False),
    ],
)
def test_poker_card_ids(value: str, is_card: bool) -> None:
    assert is_poker_card_id(value) is is_card


def test_dead_moneys_discard_lines_follow_the_discard_and_the_faces_style() -> None:
    """The Brains and face cards of the discard are worded once per discard: a new card shows at once, and the
    same discard drawn with emojis, as text, or in plain faces is drawn in each style."""
    discard = ("KS", "4H", "BRAIN-C")
    text = _discard_lines(discard, "en", faces.style())
    assert text == (
        t("en", "deadmoney.table.discard_brains", cards=poker_card_face("BRAIN-C")),
        t("en", "deadmoney.table.discard_faces", cards=poker_card_face("KS")),
    )
    more = _discard_lines((*discard, "QD"), "en", faces.style())
    assert "Q♦️" in more[1] and "Q♦️" not in text[1]
    install_all()
    drawn = _discard_lines(discard, "en", faces.style())
    assert markup("poker", "KS") in drawn[1] and markup("poker", "BRAIN-C") in drawn[0]
    with faces.plain_faces():
        plain = _discard_lines(discard, "en", faces.style())
    assert "<:" not in "".join(plain) and "K♠️" in plain[1]
