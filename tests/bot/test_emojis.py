"""The card emoji sync (`bot.emojis`): upload the missing ones only, reuse the others, tidy old art, respect the
limit, and keep the text faces on any failure. Discord is a fake `EmojiApi` here; `tests/e2e/test_e2e_emojis.py`
runs the real bot against the stand-in."""

from __future__ import annotations

import asyncio
import json
import logging
from collections.abc import Iterator
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import discord
import pytest

from bot import emojis
from bot.emojis import CardEmoji, Manifest, RemoteEmoji, card_key, load_manifest, sync

BOT_USER = 42
SOMEONE = 7
FACES = {  # name -> (deck, card)
    "cr_n1_aaaa": ("pairs", "1"),
    "cr_n2_bbbb": ("pairs", "2"),
    "cr_KS_cccc": ("poker", "KS"),
    "cr_QH_dddd": ("poker", "QH"),
}


@pytest.fixture(autouse=True)
def text_faces() -> Iterator[None]:
    emojis.reset()
    yield
    emojis.reset()


@pytest.fixture
def art(tmp_path: Path) -> Path:
    """A manifest of two face sets of two faces each, with their (tiny) images."""
    entries = {}
    for name, (deck, card) in FACES.items():
        file = f"{deck}/{card}.png"
        (tmp_path / deck).mkdir(exist_ok=True)
        (tmp_path / file).write_bytes(b"\x89PNG fake " + name.encode())
        entries[name] = {"file": file, "deck": deck, "card": card, "hash": name[-4:] + "0000"}
    manifest = {"version": 1, "size": 128, "emojis": entries}
    (tmp_path / "manifest.json").write_text(json.dumps(manifest), encoding="utf-8")
    return tmp_path


def http_error(status: int, code: int, message: str = "refused") -> discord.HTTPException:
    response = SimpleNamespace(status=status, reason=message)
    kind = discord.Forbidden if status == 403 else discord.HTTPException
    return kind(response, {"code": code, "message": message})  # type: ignore[arg-type]


class FakeDiscord:
    """An application's emojis, as the `EmojiApi` the sync talks to."""

    def __init__(self, held: list[RemoteEmoji] | None = None, failures: dict[str, BaseException] | None = None):
        self.held = list(held or [])
        self.failures = dict(failures or {})
        self.created: list[str] = []
        self.deleted: list[str] = []
        self.stall = False
        self._next_id = 1000

    async def list(self) -> list[RemoteEmoji]:
        return list(self.held)

    async def create(self, name: str, image: bytes) -> RemoteEmoji:
        assert image.startswith(b"\x89PNG")
        if self.stall:
            await asyncio.sleep(3600)
        if name in self.failures:
            raise self.failures[name]
        self._next_id += 1
        emoji = RemoteEmoji(self._next_id, name, BOT_USER)
        self.held.append(emoji)
        self.created.append(name)
        return emoji

    async def delete(self, emoji_id: int) -> None:
        gone = next(emoji for emoji in self.held if emoji.id == emoji_id)
        self.held.remove(gone)
        self.deleted.append(gone.name)


def manifest_of(directory: Path) -> Manifest:
    return load_manifest(directory)


async def test_uploads_only_the_missing_emojis_and_reuses_the_others(art: Path) -> None:
    discord_side = FakeDiscord([RemoteEmoji(5, "cr_n1_aaaa", BOT_USER), RemoteEmoji(6, "cr_KS_cccc", SOMEONE)])
    report = await sync(discord_side, manifest_of(art), art, own_user_id=BOT_USER)
    assert discord_side.created == ["cr_n2_bbbb", "cr_QH_dddd"]
    assert report.reused == 2 and report.uploaded == ["cr_n2_bbbb", "cr_QH_dddd"]
    assert report.emojis[card_key("pairs", "1")] == CardEmoji("cr_n1_aaaa", 5)
    assert report.emojis[card_key("poker", "KS")] == CardEmoji("cr_KS_cccc", 6)  # reused whoever uploaded it
    assert set(report.emojis) == {card_key(deck, card) for deck, card in FACES.values()}
    assert not report.failed and report.stopped is None and not report.incomplete_decks


async def test_a_second_start_uploads_nothing(art: Path) -> None:
    discord_side = FakeDiscord()
    first = await sync(discord_side, manifest_of(art), art, own_user_id=BOT_USER)
    assert len(first.uploaded) == 4
    second = await sync(discord_side, manifest_of(art), art, own_user_id=BOT_USER)
    assert second.uploaded == [] and second.reused == 4 and discord_side.created == first.uploaded
    assert second.emojis == first.emojis


async def test_only_the_bots_own_emojis_of_older_art_are_deleted(art: Path) -> None:
    held = [
        RemoteEmoji(1, "cr_n1_0000", BOT_USER),  # an older drawing of the 1, uploaded by the bot: deleted
        RemoteEmoji(2, "cr_n2_0000", SOMEONE),  # same pattern, uploaded by someone else: kept
        RemoteEmoji(3, "party_parrot", BOT_USER),  # not a card emoji name: kept
        RemoteEmoji(4, "cr_custom", BOT_USER),  # not of the cr_<code>_<hash> pattern: kept
    ]
    discord_side = FakeDiscord(held)
    report = await sync(discord_side, manifest_of(art), art, own_user_id=BOT_USER)
    assert discord_side.deleted == ["cr_n1_0000"] and report.deleted == ["cr_n1_0000"]
    assert {emoji.name for emoji in discord_side.held} >= {"cr_n2_0000", "party_parrot", "cr_custom"}


async def test_nothing_is_deleted_when_the_bot_user_is_unknown(art: Path) -> None:
    discord_side = FakeDiscord([RemoteEmoji(1, "cr_n1_0000", BOT_USER)])
    await sync(discord_side, manifest_of(art), art, own_user_id=None)
    assert discord_side.deleted == []


async def test_a_refusal_stops_the_uploads_is_logged_once_and_leaves_text(
    art: Path, caplog: pytest.LogCaptureFixture
) -> None:
    held = [RemoteEmoji(1, "cr_n1_aaaa", BOT_USER), RemoteEmoji(2, "cr_n2_bbbb", BOT_USER)]
    discord_side = FakeDiscord(held, {"cr_KS_cccc": http_error(403, 50013, "Missing Permissions")})
    with caplog.at_level(logging.WARNING, logger="cardroom.emojis"):
        report = await sync(discord_side, manifest_of(art), art, own_user_id=BOT_USER)
    assert discord_side.created == []  # nothing tried after the refusal
    assert report.stopped is not None and "403 50013" in report.stopped
    assert report.left_out == ["cr_KS_cccc", "cr_QH_dddd"]
    assert set(report.emojis) == {card_key("pairs", "1"), card_key("pairs", "2")}  # the complete set only
    assert report.incomplete_decks == ["poker"]
    assert len([r for r in caplog.records if r.levelno >= logging.WARNING]) == 1


async def test_one_image_refused_fails_alone(art: Path, caplog: pytest.LogCaptureFixture) -> None:
    discord_side = FakeDiscord(failures={"cr_n2_bbbb": http_error(400, 50035, "Invalid Form Body")})
    with caplog.at_level(logging.WARNING, logger="cardroom.emojis"):
        report = await sync(discord_side, manifest_of(art), art, own_user_id=BOT_USER)
    assert discord_side.created == ["cr_n1_aaaa", "cr_KS_cccc", "cr_QH_dddd"]
    assert report.failed == ["cr_n2_bbbb"] and report.stopped is None
    assert set(report.emojis) == {card_key("poker", "KS"), card_key("poker", "QH")}  # no half Pairs deck
    assert len([r for r in caplog.records if r.levelno >= logging.WARNING]) == 1


@pytest.mark.parametrize("error", [http_error(400, 30008, "Maximum number of emojis reached"), OSError("reset")])
async def test_the_limit_error_or_a_lost_connection_stops_the_uploads(art: Path, error: BaseException) -> None:
    discord_side = FakeDiscord(failures={"cr_n1_aaaa": error})
    report = await sync(discord_side, manifest_of(art), art, own_user_id=BOT_USER)
    assert discord_side.created == [] and report.emojis == {}
    assert report.left_out == list(FACES)


async def test_a_rate_limit_that_outlasts_the_patience_stops_the_uploads(art: Path) -> None:
    discord_side = FakeDiscord()
    discord_side.stall = True  # discord.py sleeps through a 429: the sync gives up after `patience`
    report = await sync(discord_side, manifest_of(art), art, own_user_id=BOT_USER, patience=0.05)
    assert report.stopped is not None and "no answer in time" in report.stopped
    assert report.emojis == {} and report.left_out == list(FACES)


async def test_never_more_than_the_limit(art: Path, caplog: pytest.LogCaptureFixture) -> None:
    held = [RemoteEmoji(index, f"someone_{index}", SOMEONE) for index in range(1, 4)]
    discord_side = FakeDiscord(held)
    with caplog.at_level(logging.WARNING, logger="cardroom.emojis"):
        report = await sync(discord_side, manifest_of(art), art, own_user_id=BOT_USER, limit=5)
    assert discord_side.created == ["cr_n1_aaaa", "cr_n2_bbbb"] and len(discord_side.held) == 5
    assert report.left_out == ["cr_KS_cccc", "cr_QH_dddd"]
    assert set(report.emojis) == {card_key("pairs", "1"), card_key("pairs", "2")}
    assert len([r for r in caplog.records if r.levelno >= logging.WARNING]) == 1


async def test_the_limit_counts_the_room_freed_by_old_art(art: Path) -> None:
    held = [RemoteEmoji(1, "cr_n1_0000", BOT_USER), RemoteEmoji(2, "cr_n2_0000", BOT_USER)]
    discord_side = FakeDiscord(held)
    report = await sync(discord_side, manifest_of(art), art, own_user_id=BOT_USER, limit=4)
    assert report.deleted == ["cr_n1_0000", "cr_n2_0000"] and len(report.uploaded) == 4


async def test_an_image_over_256_kib_is_not_sent(art: Path) -> None:
    (art / "pairs" / "1.png").write_bytes(b"\x89PNG" + bytes(256 * 1024))
    discord_side = FakeDiscord()
    report = await sync(discord_side, manifest_of(art), art, own_user_id=BOT_USER)
    assert "cr_n1_aaaa" not in discord_side.created and report.failed == ["cr_n1_aaaa"]


# ----- the runtime: registry, start, failures ------------------------------------------------------------------
def fake_client(discord_side: FakeDiscord, *, list_error: BaseException | None = None) -> Any:
    """What `DiscordEmojiApi` uses of a discord.py client, over `discord_side`."""

    def emoji(remote: RemoteEmoji) -> Any:
        return SimpleNamespace(id=remote.id, name=remote.name, user=SimpleNamespace(id=remote.user_id))

    async def fetch_application_emojis() -> list[Any]:
        if list_error is not None:
            raise list_error
        return [emoji(remote) for remote in await discord_side.list()]

    async def create_application_emoji(*, name: str, image: bytes) -> Any:
        return emoji(await discord_side.create(name, image))

    async def delete_application_emoji(application_id: int, emoji_id: int) -> None:
        await discord_side.delete(emoji_id)

    return SimpleNamespace(
        user=SimpleNamespace(id=BOT_USER),
        application_id=99,
        fetch_application_emojis=fetch_application_emojis,
        create_application_emoji=create_application_emoji,
        http=SimpleNamespace(delete_application_emoji=delete_application_emoji),
    )


async def test_start_syncs_in_the_background_and_installs_the_registry(art: Path) -> None:
    discord_side = FakeDiscord([RemoteEmoji(1, "cr_n1_0000", BOT_USER)])
    task = emojis.start(fake_client(discord_side), enabled=True, directory=art)
    assert task is not None and emojis.registry().get(card_key("pairs", "1")) is None  # not blocking: text first
    report = await task
    assert report is not None and discord_side.deleted == ["cr_n1_0000"]
    emoji = emojis.registry().get(card_key("poker", "QH"))
    assert emoji is not None and emoji.markup == f"<:cr_QH_dddd:{emoji.id}>"
    partial = emojis.registry().partial(card_key("poker", "QH"))
    assert (
        partial is not None and (partial.name, partial.id) == ("cr_QH_dddd", emoji.id) and str(partial) == emoji.markup
    )


async def test_turned_off_nothing_happens(art: Path, caplog: pytest.LogCaptureFixture) -> None:
    with caplog.at_level(logging.INFO, logger="cardroom.emojis"):
        assert emojis.start(fake_client(FakeDiscord()), enabled=False, directory=art) is None
    assert len(emojis.registry()) == 0 and "turned off" in caplog.text


async def test_listing_refused_keeps_the_text_faces(art: Path, caplog: pytest.LogCaptureFixture) -> None:
    client = fake_client(FakeDiscord(), list_error=http_error(403, 50013, "Missing Permissions"))
    with caplog.at_level(logging.WARNING, logger="cardroom.emojis"):
        assert await emojis.run(client, art) is None
    assert len(emojis.registry()) == 0
    assert [r.levelno for r in caplog.records] == [logging.WARNING] and "50013" in caplog.text


async def test_no_manifest_keeps_the_text_faces(tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    discord_side = FakeDiscord()
    with caplog.at_level(logging.WARNING, logger="cardroom.emojis"):
        assert await emojis.run(fake_client(discord_side), tmp_path) is None
    (tmp_path / "manifest.json").write_text("{not json", encoding="utf-8")
    with caplog.at_level(logging.WARNING, logger="cardroom.emojis"):
        assert await emojis.run(fake_client(discord_side), tmp_path) is None
    assert discord_side.created == [] and len(emojis.registry()) == 0
    assert len([r for r in caplog.records if "manifest" in r.getMessage()]) == 2


async def test_a_bug_in_the_sync_never_escapes_the_background_task(art: Path) -> None:
    client = fake_client(FakeDiscord(), list_error=RuntimeError("boom"))
    task = emojis.start(client, enabled=True, directory=art)
    assert task is not None and await task is None and len(emojis.registry()) == 0


def test_install_and_reset() -> None:
    installed = emojis.install({card_key("pairs", "7"): CardEmoji("cr_n7_abcd", 123)})
    assert emojis.registry() is installed and emojis.registry().markup("pairs/7") == "<:cr_n7_abcd:123>"
    assert emojis.registry().markup("pairs/8") is None and emojis.registry().partial("pairs/8") is None
    emojis.reset()
    assert len(emojis.registry()) == 0


def test_the_setting_turns_the_emojis_off(monkeypatch: pytest.MonkeyPatch) -> None:
    from bot.settings import Settings

    assert Settings().emojis is True
    monkeypatch.setenv("CARDROOM_EMOJIS", "0")
    assert Settings().emojis is False


# ----- a process not running shard 0: it follows the uploads of the one that does ---------------------------------
async def test_without_upload_only_what_is_there_is_used(art: Path) -> None:
    old_art = RemoteEmoji(3, "cr_n1_0000", BOT_USER)
    pairs = [RemoteEmoji(5, "cr_n1_aaaa", BOT_USER), RemoteEmoji(6, "cr_n2_bbbb", BOT_USER)]
    discord_side = FakeDiscord([*pairs, old_art])
    report = await sync(discord_side, manifest_of(art), art, own_user_id=BOT_USER, upload=False)
    assert discord_side.created == [] and discord_side.deleted == [] and old_art in discord_side.held
    assert set(report.emojis) == {card_key("pairs", "1"), card_key("pairs", "2")}  # the complete face set only
    assert report.incomplete_decks == ["poker"] and report.left_out == ["cr_KS_cccc", "cr_QH_dddd"]


async def test_a_follower_lists_again_until_the_leader_has_uploaded_everything(art: Path) -> None:
    discord_side = FakeDiscord()
    listings = 0
    listed_twice = asyncio.Event()
    listing = discord_side.list

    async def counted() -> list[RemoteEmoji]:
        nonlocal listings
        listings += 1
        if listings == 2:
            listed_twice.set()
        return await listing()

    discord_side.list = counted  # type: ignore[method-assign]
    task = emojis.start(fake_client(discord_side), enabled=True, directory=art, upload=False, retry=0.01)
    assert task is not None
    await asyncio.wait_for(listed_twice.wait(), 5)
    assert not task.done() and len(emojis.registry()) == 0  # nothing there yet: text faces, and it looks again
    await sync(discord_side, manifest_of(art), art, own_user_id=BOT_USER)  # the process of shard 0 uploads
    report = await asyncio.wait_for(task, 5)
    assert report is not None and not report.incomplete_decks and report.uploaded == [] and report.reused == 4
    assert set(emojis.registry()) == {card_key(deck, card) for deck, card in FACES.values()}
