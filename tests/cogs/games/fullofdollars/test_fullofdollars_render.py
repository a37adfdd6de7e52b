"""Full of Dollars on Discord: the decision in the second person, buttons that name the card and the victim in the
colours of the convention, a hold-up's running totals and sides on the table, reaction windows that show nobody's
cards or answers, the Poker phase (the card picker's options and draft, the shown hands, the accusation and its
fine), business names and money in event lines, text faces, and every message within Discord's limits in both
languages with five players and the longest names."""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence

import discord
import pytest

from bot import emojis
from bot.emojis import load_manifest
from bot.i18n import LANGUAGES
from cogs.games.fullofdollars.deck import fullofdollars_text
from cogs.games.fullofdollars.render import FullOfDollarsRenderer
from cogs.games.fullofdollars.words import money_amount
from cogs.render.frame import hand_embed, recent_lines, standings, table_embed
from cogs.render.games import Field, draft_feedback, pick_option, renderer_for
from cogs.render.text import event_line
from cogs.tables._views import hand_view
from engines.core import Event
from engines.fullofdollars import Accuse, Attack, Decline, Defend, FullOfDollarsState, HoldUp, Judge, Pass, Reveal
from tests.cogs.render_support import (
    buttons,
    limit_problems_in_playouts,
    lines,
    longest_card_emojis,
    moves,
    payload,
    plain,
    table_of,
)
from tests.conformance.playout import sampled_states
from tests.engines.fullofdollars.fod_rig import (
    CHEAT_AD,
    ENGINE,
    act,
    biz,
    decline_all,
    keep_all,
    many_bombe_targets,
    poker,
    police,
    revealed,
    rig,
    special,
    three_hands,
    uzi,
    valued,
)
from tools.standin.limits import message_problems

NAMES = ["Ann", "Bob", "Cyd", "Dov", "Eli"]
LONG = ["W" * 32] * 5
RENDERER = FullOfDollarsRenderer()


@pytest.fixture(autouse=True)
def text_faces() -> Iterator[None]:
    emojis.reset()
    yield
    emojis.reset()


def text_of(fields: Sequence[Field]) -> str:
    return "\n".join(f"{field.name}\n{field.value}" for field in fields)


def public(state: FullOfDollarsState, lang: str = "en") -> str:
    return plain("\n".join(lines(table_embed(table_of(ENGINE, state, table_id=1, locale=lang), lang))))


def hand(state: FullOfDollarsState, seat: int, lang: str = "en") -> str:
    return plain("\n".join(lines(hand_embed(table_of(ENGINE, state, table_id=1, locale=lang), seat, lang))))


def four_players() -> FullOfDollarsState:
    """Ann's turn begins: she claims $300k from Bob for her Drug Trafficking (the FBI window is open)."""
    return rig(
        4,
        hands={
            0: [uzi(3), uzi(2), biz("casino"), police(2), special("fbi")],
            1: [police(4), police(1), uzi(1), biz("casse"), special("bombe")],
            2: [uzi(4), police(3), biz("video"), special("jugement"), special("fbi", 1)],
            3: [uzi(5), police(5), biz("massage"), valued("8H"), valued("9H")],
        },
        businesses={0: [biz("drogue")], 1: [biz("casino", 1), biz("video", 1)], 3: [biz("cercle")]},
        turn=0,
        pot=600,
    )


def test_the_renderer_is_registered() -> None:
    assert isinstance(renderer_for("fullofdollars"), FullOfDollarsRenderer)


@pytest.mark.parametrize(
    ("lang", "decision", "labels"),
    [
        (
            "en",
            "Your turn: open a business, hold someone up, or pass.",
            ["Pass", "Open Casino ($800k)", "Hold up Bob: Uzi ×3 (6♥)", "Hold up Cyd: Uzi ×3 (6♥)"],
        ),
        (
            "fr",
            "À vous : implantez un business, braquez quelqu’un, ou passez.",
            ["Passer", "Implanter Casino (800 k$)", "Braquer Bob : Uzis ×3 (6♥)", "Braquer Cyd : Uzis ×3 (6♥)"],
        ),
    ],
)
def test_the_turn_offers_the_businesses_and_the_hold_ups_of_the_hand(
    lang: str, decision: str, labels: list[str]
) -> None:
    state = decline_all(four_players())
    tbl = table_of(ENGINE, state, table_id=2, locale=lang, names=NAMES)
    shown = moves(tbl, 0, lang)
    assert [label for label, _ in shown][:4] == labels
    assert len(shown) == 1 + 1 + 2 * 3  # pass, one business, two Uzi cards on three victims: nothing else
    assert shown[0][1] == discord.ButtonStyle.success and shown[1][1] == discord.ButtonStyle.primary
    assert hand(state, 0, lang).startswith(f"**{decision}**")
    mine = hand(state, 0, lang)
    assert ("▸ Playable now:" if lang == "en" else "▸ Jouables maintenant :") in mine


def test_a_hold_up_shows_each_side_its_totals_and_who_plays_now() -> None:
    state = decline_all(four_players())
    state = act(state, 0, HoldUp(card=uzi(3), victim=1))
    assert hand(state, 1).startswith(
        "**Ann holds you up (3 uzis against 0 police): defend with Police, or play nothing."
    )
    victim = [label for label, _ in moves(table_of(ENGINE, state, table_id=3, names=NAMES), 1, "en")]
    assert victim == ["Play nothing", "Uzi ×1 (2♣)", "Police ×4 (9♠)", "Police ×1 (6♣)"]
    state = act(state, 1, Defend(card=police(4)))
    state = act(state, 2, Attack(card=uzi(4)))
    table = public(state)
    assert "🔫 Hold-up on Bob · lap 1" in table
    assert "**7 uzis** against **4 police**" in table
    assert "🔫 Attackers: **Ann** 3 and **Cyd** 4" in table
    assert "🚓 Defender: **Bob** 4" in table
    assert "Now: **Dov**" in table
    assert "it succeeds, the victim pays $700k to the attackers" in table
    assert hand(state, 3).startswith("**Join the hold-up on Bob (7 uzis against 4 police): Uzi, Police, or stay out.")
    state = act(state, 3, Defend(card=police(5)))
    table = public(state)
    assert "lap 2" in table and "🚓 Defenders: **Bob** 4 and **Dov** 5" in table
    assert "it fails, the attackers pay $700k to the defenders, who share it" in table


def test_money_is_always_on_the_table_with_businesses_and_what_they_collect() -> None:
    table = public(decline_all(four_players()))
    assert "💵 **$2,800k** · ✋ 5" in table  # Bob paid $300k
    assert "🏢 Casino $400k · 🏢 Home Videos $150k" in table and "Collects $550k a turn" in table
    assert "💰 Pot: $600k" in table
    french = public(decline_all(four_players()), "fr")
    assert "💵 **2 800 k$**" in french.replace("\u202f", " ")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_reaction_window_asks_everyone_and_shows_no_card_and_no_answer(lang: str) -> None:
    state = four_players()  # the FBI window after Ann's claim: Bob, Cyd and Dov answer
    table = public(state, lang)
    for card in ("FBI ·", "Jugement ·", "Bombe ·", "Uzi", "Police ×"):
        assert card not in table
    assert hand(state, 2, "en").startswith("**React: Ann collects $300k from Bob. Play the FBI to cancel it, or pass.")
    assert "You hold no FBI: pass" in hand(state, 3, "en")
    assert hand(state, 1, "en").startswith("**React: Ann collects $300k from you.")
    labels = moves(table_of(ENGINE, state, table_id=4, names=NAMES), 2, "en")
    assert labels == [("Pass", discord.ButtonStyle.success), ("FBI: cancel the $300k", discord.ButtonStyle.primary)]
    # The end of the turn: Cyd answers with a Jugement on Bob; only Cyd's own hand says so.
    state = decline_all(state)
    state = act(state, 0, Pass())
    assert state.stage == "end"
    before = public(state)
    state = act(state, 2, Judge(target=1))
    after = public(state)
    assert "Jugement on" not in after and "Cyd" not in after.split("Still to answer:")[1].split("\n")[0]
    assert before.count("Jugement") == after.count("Jugement")
    assert "Your answer: a Jugement on **Bob**." in hand(state, 2)
    assert "Your answer" not in hand(state, 3)
    judge_labels = [label for label, _ in moves(table_of(ENGINE, state, table_id=5, names=NAMES), 3, "en")]
    assert judge_labels == ["Pass"]  # Dov holds neither a Jugement nor a Bombe


def test_the_poker_reveal_picks_the_cards_shown_high_and_says_what_they_make() -> None:
    state = keep_all(poker(3, three_hands(), dealer=0, pot=700))
    assert state.stage == "reveal"
    mine = hand(state, 0)
    assert mine.startswith(
        "**Show your hand: choose which two-valued cards show their higher value (a cheat), or none."
    )
    assert "Shown honestly: 4♥️ 7♦️ 9♣️ K♦️ A♠️ · high card (A)" in mine
    assert "Every two-valued card high (a cheat): 4♥️ 7♦️ 9♣️ A♦️ A♠️ · a pair (A)" in mine
    view = hand_view(table_of(ENGINE, state, table_id=6, names=NAMES), 0, "en")
    select = next(item for item in view.children if isinstance(item, discord.ui.Select))
    assert [(o.label, o.description) for o in select.options] == [
        ("Uzi ×2: show A♦", "Picked: shows A♦ (a cheat). Not picked: K♦."),
    ]
    perspective = ENGINE.perspective(state, 0)
    honest = draft_feedback("fullofdollars", perspective, [], "en")
    cheat = draft_feedback("fullofdollars", perspective, [CHEAT_AD], "en")
    assert honest == ("You show 4♥️ 7♦️ 9♣️ K♦️ A♠️: high card (A), honestly.", True)
    assert cheat == ("You show 4♥️ 7♦️ 9♣️ A♦️ A♠️: a pair (A), with 1 card high (a cheat).", True)
    # Nothing of a choice shows before everyone has chosen.
    chosen = act(state, 0, Reveal(cards=(CHEAT_AD,)))
    table = public(chosen)
    assert "✅ Ready to show: **Ann**" in table and "A♦" not in table
    assert "You show high: A♦️ (a cheat)." in hand(chosen, 0)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_comparison_asks_to_concede_or_accuse_with_the_fine(lang: str) -> None:
    state = revealed(keep_all(poker(3, three_hands(), dealer=0, pot=700)), {0: [CHEAT_AD]})
    assert state.stage == "contest"
    seat = ENGINE.to_act(state)[0]
    assert seat == 1
    decision = {
        "en": "**Ann shows a pair (A), better than yours: concede, or accuse them of cheating (fine: $350k,",
        "fr": "**Ann montre une paire (A), mieux que vous : couchez-vous, ou accusez de triche (amende : 350 k$,",
    }[lang]
    assert hand(state, seat, lang).replace("\u202f", " ").startswith(decision)
    shown = moves(table_of(ENGINE, state, table_id=7, locale=lang, names=NAMES), seat, lang)
    assert shown[0][1] == discord.ButtonStyle.success and shown[1][1] == discord.ButtonStyle.danger
    assert ("350" in shown[1][0]) and ("Accuse" in shown[1][0] or "Accuser" in shown[1][0])
    caught = act(state, seat, Accuse())
    table = public(caught, lang)
    assert "❌ **Ann**" in table  # out of the comparison
    accused = ("accused: " if lang == "en" else "accusé·e : ").replace(" :", "\u00a0:")
    both = "K♦️/A♦️" if lang == "en" else "R♦️/A♦️"
    assert accused.replace("\u00a0", " ") in table and both in table  # the accused card shows both values


@pytest.mark.parametrize(
    ("lang", "line"),
    [
        ("en", "**Ann** opens a business (Casino) for $800k."),
        ("fr", "**Ann** implante un business (Casino) pour 800 k$."),
    ],
)
def test_events_name_the_business_and_count_the_money(lang: str, line: str) -> None:
    event = Event(key="fullofdollars.event.open", params={"seat": 0, "business": "casino", "amount": 800})
    assert plain(event_line(event, NAMES, lang)) == line
    bomb = Event(key="fullofdollars.event.bomb", params={"seat": 1, "target_seat": 0, "business": "trafic_voitures"})
    assert ("Car Smuggling" if lang == "en" else "Trafic de voitures") in event_line(bomb, NAMES, lang)
    big = Event(key="fullofdollars.event.game_start", params={"money": 3100, "seat": 0})
    assert ("$3,100k" if lang == "en" else "3\u202f100\u00a0k$") in event_line(big, NAMES, lang)
    assert recent_lines([event], NAMES, lang)[0].startswith("▶")  # the newest move first


def test_text_faces_and_pick_options_name_the_card() -> None:
    assert fullofdollars_text(uzi(3)) == "🔫" and fullofdollars_text(police(2)) == "🚓"
    assert fullofdollars_text(biz("casino")) == "🏢" and fullofdollars_text(special("bombe")) == "💣"
    assert fullofdollars_text("nope") == "nope"
    label, description = pick_option("fullofdollars", biz("casino"), "fr")
    assert plain(label) == "Casino (400 k$) · V♥/D♥" and description is None


def install_all() -> None:
    emojis.install(longest_card_emojis())


def test_card_emojis_show_every_card_in_text_on_buttons_and_in_the_picker() -> None:
    install_all()
    state = decline_all(four_players())
    mine = hand(state, 0)
    fod_names = {name for name, entry in load_manifest().emojis.items() if entry.deck == "fullofdollars"}
    assert sum(mine.count(f"<:{name}:") for name in fod_names) == 5  # the five cards of the hand
    assert "<:casino_400_J_hearts_Q_hearts:" in mine  # the Casino that shows J♥ or, cheating, Q♥
    view = hand_view(table_of(ENGINE, state, table_id=9, names=NAMES), 0, "en")
    pictures = [button["emoji"] for button in buttons(view) if "emoji" in button]
    assert any(str(emoji.get("name", "")).startswith("uzi_3_") for emoji in pictures)
    reveal = keep_all(poker(3, three_hands(), dealer=0, pot=700))
    select = next(
        item
        for item in hand_view(table_of(ENGINE, reveal, table_id=10, names=NAMES), 0, "en").children
        if isinstance(item, discord.ui.Select)
    )
    assert all(option.emoji is not None for option in select.options)


@pytest.mark.parametrize("with_emojis", [False, True])
def test_every_message_fits_discords_limits_in_both_languages(with_emojis: bool) -> None:
    if with_emojis:
        install_all()
    problems, checked = limit_problems_in_playouts(ENGINE, random.Random(13), playouts=8, per_playout=4, players=5)
    assert problems == []
    assert checked > 30


def test_a_decline_button_is_offered_to_everyone_in_a_window() -> None:
    state = four_players()
    for seat in ENGINE.to_act(state):
        labels = [label for label, _ in moves(table_of(ENGINE, state, table_id=8, names=NAMES), seat, "en")]
        assert labels[0] == "Pass"
    assert isinstance(ENGINE.candidate_actions(state, 3)[0], Decline)


def test_five_uzis_at_five_players_offer_every_hold_up() -> None:
    """Pass and 5 Uzi cards on 4 victims: 21 moves, the last ones beside Refresh."""
    state = rig(5, hands={0: [uzi(1), uzi(2), uzi(3), uzi(4), uzi(5)]}, turn=0)
    assert state.stage == "turn"
    labels = [label for label, _ in moves(table_of(ENGINE, state, table_id=11, names=NAMES), 0, "en")]
    assert len(labels) == 21 and labels[-1] == "Hold up Eli: Uzi ×5 (K♠)"
    view = hand_view(table_of(ENGINE, state, table_id=11, names=NAMES), 0, "en")
    assert message_problems(payload(hand_embed(table_of(ENGINE, state, table_id=11), 0, "en"), view)) == []


def test_a_name_with_markdown_is_escaped_once_in_the_hold_up_title() -> None:
    state = act(decline_all(four_players()), 0, HoldUp(card=uzi(3), victim=1))
    view = ENGINE.perspective(state, None)
    titles = [field.name for field in RENDERER.table_fields(view, ["Ann", "B_o_b", "Cyd", "Dov"], "en")]
    assert "🔫 Hold-up on B\\_o\\_b · lap 1" in titles


@pytest.mark.parametrize(("lang", "owner"), [("en", "Bob’s business"), ("fr", "Business de Bob")])
def test_many_bombe_targets_are_a_menu_naming_each_owner(lang: str, owner: str) -> None:
    tbl = table_of(ENGINE, many_bombe_targets(), table_id=12, names=NAMES, locale=lang)
    view = hand_view(tbl, 3, lang)
    options = [option for item in view.children if isinstance(item, discord.ui.Select) for option in item.options]
    assert len(options) == 10
    assert [option.description for option in options].count(owner) == 4
    labels = [button.get("label", "") for button in buttons(view)]
    assert labels and not any("Bomb" in label for label in labels)  # the targets are in the menu, not on buttons
    assert message_problems(payload(hand_embed(tbl, 3, lang), view)) == []


@pytest.mark.parametrize(("lang", "unit"), [("en", "$"), ("fr", "k$")])
def test_the_final_standings_count_money_with_its_unit(lang: str, unit: str) -> None:
    playout, step = next(
        (playout, step)
        for playout, step in sampled_states(ENGINE, random.Random(5), playouts=4, per_playout=1, ends=True, players=3)
        if step == len(playout.log)
    )
    state = playout.states[step]
    result = ENGINE.result(state)
    assert result is not None
    lines = standings(table_of(ENGINE, state, table_id=13, names=NAMES, status="finished", locale=lang), lang)
    for seat in range(3):
        assert money_amount(state.money[seat], lang) in lines
    assert unit in lines and "thousands" not in lines and "milliers" not in lines
