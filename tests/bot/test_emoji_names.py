"""Card emojis read as their cards (a screen reader reads an emoji by its name), and the sync replaces the
emojis of older installs and of redrawn art, which keeps its name (the upload log, `db.emojis`)."""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Iterator, Mapping
from pathlib import Path

import pytest

from bot import emojis
from bot.emojis import RemoteEmoji, card_key, load_manifest, sync
from bot.storage import CardEmojiArt
from cogs.emojis.cards import all_faces
from tests.bot.test_emojis import BOT_USER, SOMEONE, FakeDiscord

DISCORD_NAME = re.compile(r"^[A-Za-z0-9_]{2,32}$")


@pytest.fixture(autouse=True)
def text_faces() -> Iterator[None]:
    emojis.reset()
    yield
    emojis.reset()


def names() -> dict[tuple[str, str], str]:
    """(face set, card id) -> emoji name, from the committed manifest."""
    return {(entry.deck, entry.card): name for name, entry in load_manifest().emojis.items()}


def test_every_name_is_valid_for_discord_unique_and_carries_no_hash() -> None:
    manifest = load_manifest()
    assert len(manifest.emojis) == len(all_faces()) == len(set(manifest.emojis))
    for name, entry in manifest.emojis.items():
        assert DISCORD_NAME.match(name), name
        assert not name.startswith("cr_") and entry.hash[:4] not in name.split("_"), name


@pytest.mark.parametrize(
    ("deck", "card", "words"),
    [
        ("poker", "QH", ["queen", "of", "hearts"]),
        ("poker", "AS", ["ace", "of", "spades"]),
        ("poker", "10D", ["10", "of", "diamonds"]),
        ("poker", "BRAIN-S", ["brain", "of", "spades"]),
        ("poker_fr", "QH", ["dame", "de", "coeur"]),
        ("poker_fr", "JC", ["valet", "de", "trefle"]),
        ("poker_fr", "KS", ["roi", "de", "pique"]),
        ("pairs", "7", ["card", "7"]),
        ("blackstone", "7", ["white", "stone", "7"]),
        ("blackstone", "10", ["black", "stone"]),
        ("italian", "7C", ["7", "di", "coppe"]),
        ("italian", "1D", ["asso", "di", "denari"]),
        ("italian", "9S", ["cavallo", "di", "spade"]),
        ("italian", "10B", ["re", "di", "bastoni"]),
        ("ohmybrain", "7", ["ohmybrain", "7"]),
        ("ohmybrain", "8", ["ohmybrain", "8", "spider"]),
        ("ohmybrain", "17m", ["ohmybrain", "17", "marshmallow"]),
    ],
)
def test_a_name_reads_as_its_card(deck: str, card: str, words: list[str]) -> None:
    assert names()[deck, card].split("_") == words


def test_every_poker_and_italian_name_holds_its_rank_and_suit() -> None:
    ranks = {"A": "ace", "J": "jack", "Q": "queen", "K": "king"}
    suits = {"C": "clubs", "D": "diamonds", "H": "hearts", "S": "spades"}
    italian = {"C": "coppe", "D": "denari", "S": "spade", "B": "bastoni"}
    for (deck, card), name in names().items():
        words = name.split("_")
        if deck == "poker":
            rank = "brain" if card.startswith("BRAIN-") else ranks.get(card[:-1], card[:-1])
            assert words == [rank, "of", suits[card[-1]]], name
        elif deck == "italian":
            assert words[-1] == italian[card[-1]] and words[1] == "di", name


def test_full_of_dollars_names_say_what_the_card_shows() -> None:
    shown = {card: name for (deck, card), name in names().items() if deck == "fullofdollars"}
    assert shown and all(DISCORD_NAME.match(name) for name in shown.values())
    for card, name in shown.items():
        head = card.split("-")[0]
        kind = head.rstrip("0123456789")
        assert name.startswith(kind + "_" if head != kind else kind), (card, name)
        if len(name) < 32:
            assert all(value[:-1] in name.split("_") for value in card.split("-")[1:]), (card, name)
    uzi = next(name for card, name in shown.items() if card.startswith("uzi3-"))
    assert uzi.startswith("uzi_3_") and uzi.split("_")[-1] in ("clubs", "diamonds", "hearts", "spades")


# ----- the sync ---------------------------------------------------------------------------------------------------
FACES = {"card_1": ("pairs", "1", "aaaa0000"), "queen_of_hearts": ("poker", "QH", "bbbb0000")}


@pytest.fixture
def art(tmp_path: Path) -> Path:
    entries = {}
    for name, (deck, card, digest) in FACES.items():
        file = f"{deck}/{card}.png"
        (tmp_path / deck).mkdir(exist_ok=True)
        (tmp_path / file).write_bytes(b"\x89PNG fake " + name.encode())
        entries[name] = {"file": file, "deck": deck, "card": card, "hash": digest}
    manifest = {"version": 1, "size": 128, "emojis": entries}
    (tmp_path / "manifest.json").write_text(json.dumps(manifest), encoding="utf-8")
    return tmp_path


class Log:
    """The upload log, in memory."""

    def __init__(self, art: Mapping[str, CardEmojiArt] | None = None) -> None:
        self.art = dict(art or {})

    async def uploaded(self) -> dict[str, CardEmojiArt]:
        return dict(self.art)

    async def note(self, uploaded: Mapping[str, CardEmojiArt], forgotten: Iterable[str]) -> None:
        for name in forgotten:
            self.art.pop(name, None)
        self.art.update(uploaded)


async def test_an_older_install_s_names_are_replaced_by_readable_ones(art: Path) -> None:
    held = [RemoteEmoji(1, "cr_n1_6744", BOT_USER), RemoteEmoji(2, "cr_QH_1234", BOT_USER)]
    discord_side, log = FakeDiscord(held), Log()
    report = await sync(discord_side, load_manifest(art), art, own_user_id=BOT_USER, uploads=log)
    assert sorted(discord_side.deleted) == ["cr_QH_1234", "cr_n1_6744"]
    assert sorted(emoji.name for emoji in discord_side.held) == ["card_1", "queen_of_hearts"]
    assert report.emojis[card_key("poker", "QH")].name == "queen_of_hearts"
    assert {name: art.hash for name, art in log.art.items()} == {"card_1": "aaaa0000", "queen_of_hearts": "bbbb0000"}
    again = await sync(discord_side, load_manifest(art), art, own_user_id=BOT_USER, uploads=log)
    assert again.uploaded == [] and again.deleted == [] and again.reused == 2


async def test_redrawn_art_keeps_its_name_and_replaces_the_old_upload(art: Path) -> None:
    held = [RemoteEmoji(5, "card_1", BOT_USER), RemoteEmoji(6, "queen_of_hearts", BOT_USER)]
    log = Log({"card_1": CardEmojiArt(5, "aaaa0000"), "queen_of_hearts": CardEmojiArt(6, "0ld00000")})
    discord_side = FakeDiscord(held)
    report = await sync(discord_side, load_manifest(art), art, own_user_id=BOT_USER, uploads=log)
    assert discord_side.deleted == ["queen_of_hearts"] and discord_side.created == ["queen_of_hearts"]
    new_id = report.emojis[card_key("poker", "QH")].id
    assert new_id != 6 and log.art["queen_of_hearts"] == CardEmojiArt(new_id, "bbbb0000")
    assert report.emojis[card_key("pairs", "1")].id == 5  # current art: reused


async def test_someone_else_s_emoji_of_a_card_name_is_reused_never_deleted(art: Path) -> None:
    discord_side = FakeDiscord([RemoteEmoji(5, "card_1", SOMEONE)])
    report = await sync(discord_side, load_manifest(art), art, own_user_id=BOT_USER, uploads=Log())
    assert discord_side.deleted == [] and report.emojis[card_key("pairs", "1")].id == 5


async def test_a_follower_waits_for_the_art_the_log_has(art: Path) -> None:
    """A process that does not upload installs a face set once its emojis are the manifest's art."""
    held = [RemoteEmoji(5, "card_1", BOT_USER), RemoteEmoji(6, "queen_of_hearts", BOT_USER)]
    log = Log({"card_1": CardEmojiArt(5, "aaaa0000"), "queen_of_hearts": CardEmojiArt(6, "0ld00000")})
    report = await sync(FakeDiscord(held), load_manifest(art), art, own_user_id=BOT_USER, upload=False, uploads=log)
    assert set(report.emojis) == {card_key("pairs", "1")} and report.incomplete_decks == ["poker"]
