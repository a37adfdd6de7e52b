"""Oh My Brain on Discord: button labels and colours, the deal's secret choice, the refill's card picker, the die,
the public table without anyone's hand or Cemetery, and every message within Discord's limits in both languages
(with card emojis and without)."""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence

import discord
import pytest
from PIL import Image

from bot import emojis
from bot.emojis import EMOJI_DIR
from bot.i18n import LANGUAGES
from cogs.games.ohmybrain.deck import ohmybrain_face
from cogs.games.ohmybrain.render import OhMyBrainRenderer
from cogs.render.faces import text
from cogs.render.frame import hand_embed, table_embed
from cogs.render.games import Field, renderer_for
from cogs.tables._views import hand_view
from engines.ohmybrain import Bury, OhMyBrainState, Play
from tests.cogs.render_support import (
    limit_problems_in_playouts,
    lines,
    longest_card_emojis,
    moves,
    payload,
    plain,
    table_of,
)
from tests.engines.family_support import without
from tests.engines.ohmybrain.ohmybrain_rig import ENGINE, FACE, act, arrange, new_rigged, rig_die, table
from tools.emojis.art import MARSHMALLOW_EDGE, OMB_BLUE_PAPER, OMB_PINK_PAPER
from tools.standin.limits import message_problems

NAMES = ["Ann", "Bob", "Cyd", "Dov", "Eli"]
LONG = ["W" * 32] * 5


@pytest.fixture(autouse=True)
def text_faces() -> Iterator[None]:
    emojis.reset()
    yield
    emojis.reset()


def install_all() -> None:
    emojis.install(longest_card_emojis())


def text_of(fields: Sequence[Field]) -> str:
    return "\n".join(f"{field.name}\n{field.value}" for field in fields)


def mid_game() -> OhMyBrainState:
    """Seat 0 to play on a 7: two 9s, a 5, a 12 and the marshmallow 17; Cemeteries kept secret."""
    return arrange(table(3), hands=[[5, 9, 9, 12, 17], [4, 6], [10, 13]], cemeteries=[[2, 16], [8], [11, 14]],
                   horde=[3, 7], brains=[9, 7, 4])  # fmt: skip


def test_the_renderer_is_registered() -> None:
    assert isinstance(renderer_for("ohmybrain"), OhMyBrainRenderer)


@pytest.mark.parametrize(
    ("lang", "labels"),
    [
        ("en", ["Play 5", "Play 9", "Play 2 × 9", "Play 12", "Play 17 🎲", "Do not play (you lose a brain)"]),
        (
            "fr",
            ["Jouer 5", "Jouer 9", "Jouer 2 × 9", "Jouer 12", "Jouer 17 🎲", "Ne pas jouer (vous perdez un cerveau)"],
        ),
    ],
)
def test_play_buttons_grey_what_cannot_go_and_red_the_brain_it_costs(lang: str, labels: list[str]) -> None:
    shown = moves(table_of(ENGINE, mid_game(), table_id=1, locale=lang), 0, lang)
    assert [label for label, _ in shown] == labels
    styles = [style for _, style in shown]
    assert styles[0] == discord.ButtonStyle.secondary  # a 5 does not beat the 7
    assert styles[1:5] == [discord.ButtonStyle.primary] * 4
    assert styles[5] == discord.ButtonStyle.danger


def test_the_hand_shows_its_own_cards_and_the_table_shows_none() -> None:
    state = mid_game()
    renderer = renderer_for("ohmybrain")
    own = text_of(renderer.hand_fields(ENGINE.perspective(state, 0), NAMES, "en"))
    assert "Playable now: `9` `9` `12` `17`🎲" in own and "Not now: `5`" in own
    assert "Cemetery: `2`🎲 `16`" in own and "Your brains: 9" in own
    assert "Bob: 🧠 7 · ✋ 2 · 🪦 1" in own
    public = text_of(renderer.table_fields(ENGINE.perspective(state, None), NAMES, "en"))
    assert "Horde (top last): `3`🎲 `7`" in public and "🧠 4 · ✋ 2 · 🪦 2" in public
    for secret in ("`9`", "`12`", "`16`", "`2`", "`13`", "🐭"):
        assert secret not in public, secret
    assert isinstance(renderer, OhMyBrainRenderer)
    decision = renderer.decision(ENGINE.perspective(state, 0), NAMES, "en")
    assert decision == "Play a card, or several of one number, higher than `7`; or do not play."


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_deal_asks_for_the_buried_card_with_a_button_per_card_and_keeps_it_secret(lang: str) -> None:
    state = new_rigged(3, [9, 9, 12, 4, 5, 6, 7, 10, 13])
    tbl = table_of(ENGINE, state, table_id=2, locale=lang)
    labels = [label for label, _ in moves(tbl, 0, lang)]
    assert labels == (
        ["9 to my Cemetery", "12 to my Cemetery"] if lang == "en" else ["9 dans mon Cimetière", "12 dans mon Cimetière"]
    )
    chosen = act(state, Bury(card=12), 0)
    tbl = table_of(ENGINE, chosen, table_id=2, locale=lang)
    public = "\n".join(lines(table_embed(tbl, lang)))
    assert ("✅ has chosen" if lang == "en" else "✅ a choisi") in plain(public)
    assert "12" not in public.replace("Table #2", "")
    other = "\n".join(lines(hand_embed(tbl, 1, lang)))
    assert "`12`" not in other and "`9`" not in other
    mine = plain("\n".join(lines(hand_embed(tbl, 0, lang))))
    assert ("To your Cemetery: `12`" if lang == "en" else "Pour votre Cimetière : `12`") in mine
    assert [label for label, _ in moves(tbl, 0, lang)] == []  # chosen: nothing more to click until the next lot


def test_the_refill_is_a_card_picker_one_card_at_a_time() -> None:
    state = arrange(table(2), hands=[[14], [4, 5, 6]], cemeteries=[[2, 9, 9, 11, 16], [7]], horde=[10])
    state = act(state, Play(card=14))
    view = hand_view(table_of(ENGINE, state, table_id=3), 0, "en")
    selects = [item for item in view.children if isinstance(item, discord.ui.Select)]
    assert len(selects) == 1 and selects[0].max_values == 1
    options = [(option.label, option.description) for option in selects[0].options]
    assert options == [
        ("2 🎲", "Marshmallow: roll the die"),
        ("9", None),
        ("11", "Mouse: clears the Horde, refill, play again"),
        ("16", None),
    ]
    assert selects[0].placeholder == "Take a card from your Cemetery (3 to take)"
    assert moves(table_of(ENGINE, state, table_id=3), 0, "en") == []  # no Take buttons beside the picker
    install_all()
    view = hand_view(table_of(ENGINE, state, table_id=3), 0, "en")
    select = next(item for item in view.children if isinstance(item, discord.ui.Select))
    assert all(option.emoji is not None for option in select.options)
    marked = select.options[0].emoji
    assert marked is not None and str(marked.name) == "ohmybrain_2_marshmallow"  # the marshmallow's face


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_die_is_shown_on_the_table_and_asks_the_right_choice(lang: str) -> None:
    state = act(rig_die(mid_game(), FACE["steal"]), Play(card=17))
    tbl = table_of(ENGINE, state, table_id=4, locale=lang)
    public = plain("\n".join(lines(table_embed(tbl, lang))))
    expected = {
        "en": "🎲 **Ann** rolled a 3 for `17`🎲: steal a brain from an opponent",
        "fr": "🎲 **Ann** a fait 3 pour `17`🎲 : voler un cerveau à un adversaire",
    }[lang]
    assert expected in public
    hand = plain("\n".join(lines(hand_embed(tbl, 0, lang))))
    assert hand.startswith(
        {"en": "**🎲 3: choose the opponent you steal a brain from.", "fr": "**🎲 3 : choisissez l’adversaire"}[lang]
    )
    labels = [label for label, _ in moves(tbl, 0, lang)]
    assert labels == (["Steal from Bob", "Steal from Cyd"] if lang == "en" else ["Voler Bob", "Voler Cyd"])


def test_sharing_extras_is_one_button_per_opponent() -> None:
    state = act(mid_game(), Play(card=9, count=2))
    assert [label for label, _ in moves(table_of(ENGINE, state, table_id=5), 0, "en")] == ["9 to Bob", "9 to Cyd"]


def test_text_faces_show_the_specials_and_the_marshmallow() -> None:
    assert [ohmybrain_face(card) for card in (0, 8, 11, 17, 7)] == ["🦟`0`", "🕷️`8`", "🐭`11`", "`17`🎲", "`7`"]
    assert text("ohmybrain", "17m") == "`17`🎲"
    install_all()
    assert ohmybrain_face(17).startswith("<:ohmybrain_17_marshmallow:") and ohmybrain_face(7).startswith(
        "<:ohmybrain_7:"
    )


@pytest.mark.parametrize("with_emojis", [False, True])
def test_every_message_fits_discords_limits_in_both_languages(with_emojis: bool) -> None:
    if with_emojis:
        install_all()
    problems, checked = limit_problems_in_playouts(ENGINE, random.Random(44), playouts=12, per_playout=4, players=5)
    assert problems == []
    assert checked > 40


def test_a_huge_cemetery_is_shown_whole_with_emojis() -> None:
    install_all()
    cemetery = without(ENGINE.deck.full_deck(), [14, 4, 5, 6, 10])[:40]
    state = arrange(table(2), hands=[[14, 4, 5], [6]], cemeteries=[cemetery, []], horde=[10])
    for lang in LANGUAGES:
        embed = hand_embed(table_of(ENGINE, state, table_id=6, locale=lang), 0, lang)
        assert message_problems(payload(embed, None)) == []
        shown = "\n".join(field.value or "" for field in embed.fields)
        assert shown.count("<:ohmybrain_") >= 40 + 3


def test_the_pictures_pink_specials_blue_numbers_and_the_marshmallows_die() -> None:
    """At a glance: a special's card is mostly pink paper, the others' blue; a marshmallow face has the die's pink
    rim under its number, the plain face of the same number none."""

    def share(card: str, colour: tuple[int, int, int], box: tuple[int, int, int, int] = (0, 0, 128, 128)) -> float:
        with Image.open(EMOJI_DIR / "ohmybrain" / f"{card}.png") as image:
            rgba = image.convert("RGBA")
        pixels = [rgba.getpixel((x, y)) for x in range(box[0], box[2]) for y in range(box[1], box[3])]
        near = [p for p in pixels if isinstance(p, tuple) and sum(abs(p[i] - colour[i]) for i in range(3)) < 30]
        return len(near) / len(pixels)

    for card in ("0", "8", "11"):
        assert share(card, OMB_PINK_PAPER) > 0.3 and share(card, OMB_BLUE_PAPER) < 0.01, card
    for card in ("1", "7", "10", "19", "17m"):
        assert share(card, OMB_BLUE_PAPER) > 0.3 and share(card, OMB_PINK_PAPER) < 0.01, card
    die = (40, 80, 88, 124)
    assert share("17m", MARSHMALLOW_EDGE, die) > 0.05 and share("17", MARSHMALLOW_EDGE, die) == 0
