"""Card faces as application emojis at run time: upload the missing ones at start, keep a registry of them.

The art is drawn by `cardroom emojis draw` (`tools/emojis`, with Pillow) into `data/emojis/<deck>/*.png`,
listed in `data/emojis/manifest.json` (emoji name -> file, face set, card id, content hash); the bot
itself only reads that manifest and uploads the committed PNGs, so it never needs Pillow.

An emoji is named as its card reads ("queen_of_hearts", `cogs.emojis.cards`), for screen readers, so a name
says nothing of the drawing: the database keeps, for each card emoji the bot uploaded, its id and the content
hash of the art uploaded (`db.emojis`, the `UploadLog`), which the sync compares with the manifest.

At start `start()` runs `sync()` in a background task (it never delays or breaks the start): it lists
the application's emojis (one request), reuses those whose names the manifest has and whose art is the
manifest's, uploads the missing ones, and deletes the emojis of older art that the bot itself uploaded: a
manifest name whose uploaded art (id and hash, as the log has it) is not the manifest's, and the names of older
installs (the `cr_<code>_<hash>` pattern, `OLD_NAME`), whose uploader is the bot user (nothing anyone else
uploaded is ever touched); it notes in the log what it uploaded and deleted. Without a log (`uploads=None`) the
names alone decide. At most `MAX_APPLICATION_EMOJIS` (Discord's 2,000 per application) are ever held. A failure
(a refusal such as 403/50013, the limit, a rate limit or a stall past `UPLOAD_TIMEOUT`) is logged once and
stops the uploads; the faces without an emoji keep their text.

The result is a module-level registry (`registry()`), card key (`card_key("poker", "KS")`) ->
`CardEmoji`, which the render functions read. Only complete face sets are installed, so a hand never
mixes emoji and text faces of one deck. `CARDROOM_EMOJIS=0` turns all of it off.

A bot run as several processes (shards) uploads from one of them only, the one running shard 0; the others
follow (`upload=False`): they list the application's emojis and install the complete face sets found, and list
again every `FOLLOW_RETRY` seconds (at most `FOLLOW_TRIES` times) while some are still missing.
"""

from __future__ import annotations

import asyncio
import logging
import re
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Protocol

import discord
from pydantic import BaseModel, ConfigDict, ValidationError

from bot.settings import DATA_DIR
from bot.storage.records import CardEmojiArt

log = logging.getLogger("cardroom.emojis")

EMOJI_DIR = DATA_DIR / "emojis"
MANIFEST_NAME = "manifest.json"
MAX_APPLICATION_EMOJIS = 2000  # Discord's limit per application
MAX_IMAGE_BYTES = 256 * 1024  # Discord's limit on an emoji image
UPLOAD_TIMEOUT = 30.0  # seconds a request may take, rate-limit waits included, before the sync gives up
OLD_NAME = re.compile(r"^cr_[A-Za-z0-9]+_[0-9a-f]{4}$")  # the names older installs gave their card emojis
LIMIT_CODES = (30008, 30018)  # Discord's "maximum number of emojis reached"
FOLLOW_RETRY = 30.0  # seconds between two listings of a process that does not upload, while faces are missing
FOLLOW_TRIES = 20  # listings at most (10 minutes: the uploading process is done by then or has given up)


def card_key(deck: str, card: str) -> str:
    """The registry key of a card face: `card_key("poker", "KS") == "poker/KS"`."""
    return f"{deck}/{card}"


# ----- the registry -----------------------------------------------------------------------------------------
@dataclass(frozen=True)
class CardEmoji:
    """An application emoji of a card face."""

    name: str
    id: int

    @property
    def markup(self) -> str:
        """The text that shows the emoji in a message or an embed: `<:king_of_spades:123…>`."""
        return f"<:{self.name}:{self.id}>"

    def partial(self) -> discord.PartialEmoji:
        """For a button's or a select option's `emoji=`."""
        return discord.PartialEmoji(name=self.name, id=self.id)


class EmojiRegistry:
    """Card key -> its emoji, for the faces that have one."""

    def __init__(self, emojis: Mapping[str, CardEmoji] | None = None) -> None:
        self._emojis = dict(emojis or {})

    def get(self, key: str) -> CardEmoji | None:
        return self._emojis.get(key)

    def markup(self, key: str) -> str | None:
        emoji = self._emojis.get(key)
        return None if emoji is None else emoji.markup

    def partial(self, key: str) -> discord.PartialEmoji | None:
        emoji = self._emojis.get(key)
        return None if emoji is None else emoji.partial()

    def by_name(self) -> dict[str, CardEmoji]:
        return {emoji.name: emoji for emoji in self._emojis.values()}

    def __contains__(self, key: object) -> bool:
        return key in self._emojis

    def __iter__(self) -> Iterator[str]:
        return iter(self._emojis)

    def __len__(self) -> int:
        return len(self._emojis)


_current = EmojiRegistry()


def registry() -> EmojiRegistry:
    """The card emojis in use (empty until a sync installs some, and always empty in unit tests)."""
    return _current


_watchers: list[Callable[[EmojiRegistry], None]] = []


def watch(watcher: Callable[[EmojiRegistry], None]) -> None:
    """Call `watcher` with each registry installed from now on (the tables drawn with text faces meanwhile are
    drawn again with the emojis: `cogs.tables._refresher`)."""
    _watchers.append(watcher)


def unwatch(watcher: Callable[[EmojiRegistry], None]) -> None:
    if watcher in _watchers:
        _watchers.remove(watcher)


def install(emojis: Mapping[str, CardEmoji] | EmojiRegistry) -> EmojiRegistry:
    """Use `emojis` from now on (the sync, or a test), and tell the watchers; returns the new registry."""
    global _current
    _current = emojis if isinstance(emojis, EmojiRegistry) else EmojiRegistry(emojis)
    for watcher in list(_watchers):
        try:
            watcher(_current)
        except Exception:  # a watcher's failure must not undo the install
            log.exception("A watcher of the card emojis failed")
    return _current


def reset() -> None:
    """Back to text faces everywhere."""
    install({})


# ----- the manifest -------------------------------------------------------------------------------------------
class ManifestEntry(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    file: str  # the PNG, relative to the manifest's directory
    deck: str  # the face set ("pairs", "poker", "poker_fr", "blackstone", "italian")
    card: str  # the card id in that set ("7", "KS", "BRAIN-H", "10B")
    hash: str  # the start of the sha256 of the drawing's pixels


class Manifest(BaseModel):
    model_config = ConfigDict(frozen=True, extra="ignore")

    version: int
    size: int
    emojis: dict[str, ManifestEntry]  # emoji name -> entry

    def decks(self) -> dict[str, list[str]]:
        """Face set -> the emoji names of its faces."""
        decks: dict[str, list[str]] = {}
        for name, entry in self.emojis.items():
            decks.setdefault(entry.deck, []).append(name)
        return decks


def load_manifest(directory: Path = EMOJI_DIR) -> Manifest:
    """The manifest in `directory`; OSError or ValueError (pydantic's ValidationError) when it cannot be read."""
    return Manifest.model_validate_json((directory / MANIFEST_NAME).read_bytes())


# ----- Discord's side -----------------------------------------------------------------------------------------
@dataclass(frozen=True)
class RemoteEmoji:
    """An emoji of the application as Discord lists it."""

    id: int
    name: str
    user_id: int | None  # who uploaded it: the bot user for an upload through the API


class UploadLog(Protocol):
    """Where the bot notes the art of each card emoji it uploaded (the database: `db.emojis`)."""

    async def uploaded(self) -> dict[str, CardEmojiArt]: ...

    async def note(self, uploaded: Mapping[str, CardEmojiArt], forgotten: Iterable[str]) -> None: ...


class EmojiApi(Protocol):
    """The application-emoji calls the sync needs (discord.py's through `DiscordEmojiApi`, or a test's fake)."""

    async def list(self) -> list[RemoteEmoji]: ...

    async def create(self, name: str, image: bytes) -> RemoteEmoji: ...

    async def delete(self, emoji_id: int) -> None: ...


class DiscordEmojiApi:
    """`EmojiApi` over discord.py's client (`fetch_application_emojis`, `create_application_emoji`)."""

    def __init__(self, client: discord.Client) -> None:
        self.client = client

    @staticmethod
    def _remote(emoji: discord.Emoji) -> RemoteEmoji:
        return RemoteEmoji(emoji.id, emoji.name, emoji.user.id if emoji.user is not None else None)

    async def list(self) -> list[RemoteEmoji]:
        return [self._remote(emoji) for emoji in await self.client.fetch_application_emojis()]

    async def create(self, name: str, image: bytes) -> RemoteEmoji:
        return self._remote(await self.client.create_application_emoji(name=name, image=image))

    async def delete(self, emoji_id: int) -> None:
        application_id = self.client.application_id
        if application_id is None:
            raise discord.MissingApplicationID
        await self.client.http.delete_application_emoji(application_id, emoji_id)


# ----- the sync ---------------------------------------------------------------------------------------------------
@dataclass
class SyncReport:
    """What one sync did, and the emojis to install (complete face sets only)."""

    emojis: dict[str, CardEmoji] = field(default_factory=dict)
    reused: int = 0
    uploaded: list[str] = field(default_factory=list)
    deleted: list[str] = field(default_factory=list)
    failed: list[str] = field(default_factory=list)  # uploads Discord refused one by one (bad image...)
    left_out: list[str] = field(default_factory=list)  # not uploaded: no room under the limit, or the sync stopped
    stopped: str | None = None  # why the uploads stopped early, if they did
    incomplete_decks: list[str] = field(default_factory=list)


def _describe(error: BaseException) -> str:
    if isinstance(error, discord.HTTPException):
        return f"{error.status} {error.code} {error.text}".strip()
    if isinstance(error, TimeoutError):
        return "no answer in time (rate limited or Discord unavailable)"
    return f"{type(error).__name__}: {error}"


def _stops_everything(error: BaseException) -> bool:
    """A failure after which no other upload can succeed now: a refusal, the limit, a rate limit, a stall."""
    if isinstance(error, discord.HTTPException):
        return error.status in (401, 403, 429) or error.code in LIMIT_CODES or error.status >= 500
    return True


async def _delete_stale(api: EmojiApi, stale: list[RemoteEmoji], report: SyncReport, patience: float) -> None:
    for emoji in stale:
        try:
            await asyncio.wait_for(api.delete(emoji.id), patience)
        except (discord.DiscordException, TimeoutError, OSError) as error:
            log.warning("Could not delete the card emoji %s of older art (%s); it stays", emoji.name, _describe(error))
            return
        report.deleted.append(emoji.name)


async def _upload(
    api: EmojiApi, names: list[str], manifest: Manifest, directory: Path, report: SyncReport, patience: float
) -> dict[str, int]:
    """Upload `names` in order; returns name -> id of those Discord took. Stops at the first general failure."""
    created: dict[str, int] = {}
    first_failure = ""
    for position, name in enumerate(names):
        path = directory / manifest.emojis[name].file
        try:
            image = path.read_bytes()
        except OSError as error:
            report.failed.append(name)
            first_failure = first_failure or f"{name}: {error}"
            continue
        if len(image) > MAX_IMAGE_BYTES:
            report.failed.append(name)
            first_failure = first_failure or f"{name}: {len(image)} bytes, over Discord's 256 KiB"
            continue
        try:
            emoji = await asyncio.wait_for(api.create(name, image), patience)
        except (discord.DiscordException, TimeoutError, OSError) as error:
            if _stops_everything(error):
                report.stopped = f"{name}: {_describe(error)}"
                report.left_out += names[position:]
                break
            report.failed.append(name)
            first_failure = first_failure or f"{name}: {_describe(error)}"
            continue
        created[name] = emoji.id
        report.uploaded.append(name)
    if report.failed:
        log.warning(
            "Could not upload %d card emoji(s) (first: %s); those cards are shown as text",
            len(report.failed),
            first_failure,
        )
    if report.stopped is not None:
        log.warning(
            "Stopped uploading card emojis (%s); %d card(s) are shown as text until the next start",
            report.stopped,
            len(report.left_out),
        )
    return created


async def sync(
    api: EmojiApi,
    manifest: Manifest,
    directory: Path,
    *,
    own_user_id: int | None,
    limit: int = MAX_APPLICATION_EMOJIS,
    patience: float = UPLOAD_TIMEOUT,
    upload: bool = True,
    uploads: UploadLog | None = None,
) -> SyncReport:
    """Reuse, upload and tidy the application's card emojis; the report holds the emojis to install.

    With `upload` False only the emojis already there are reused (nothing is uploaded or deleted): another
    process uploads them. `uploads` is the log of the art uploaded under each name (None: the names alone
    decide). Listing the application's emojis may raise (discord.DiscordException, TimeoutError): then nothing
    is known and the caller keeps the text faces.
    """
    report = SyncReport()
    remote = await asyncio.wait_for(api.list(), patience)
    wanted = manifest.emojis
    known = await _read_log(uploads)

    def current(emoji: RemoteEmoji) -> bool:
        """Whether a held emoji of a manifest name shows the manifest's art (as far as the log tells)."""
        if known is None or own_user_id is None or emoji.user_id != own_user_id:
            return True  # no log, or not the bot's upload: its name is all there is to go by
        art = known.get(emoji.name)
        return art is not None and art.emoji_id == emoji.id and art.hash == wanted[emoji.name].hash

    if not upload:
        held = {emoji.name: emoji.id for emoji in remote if emoji.name in wanted and current(emoji)}
        report.reused = len(held)
        report.left_out = [name for name in wanted if name not in held]
        _install_complete(manifest, held, report)
        return report
    stale = [  # the bot's own card emojis of older art, or of an older install's names: only those are ever deleted
        emoji
        for emoji in remote
        if own_user_id is not None
        and emoji.user_id == own_user_id
        and ((emoji.name in wanted and not current(emoji)) or (OLD_NAME.match(emoji.name) and emoji.name not in wanted))
    ]
    await _delete_stale(api, stale, report, patience)
    gone = {emoji.id for emoji in stale[: len(report.deleted)]}  # deleted in order, up to a first failure
    held = {emoji.name: emoji.id for emoji in remote if emoji.id not in gone}
    report.reused = sum(1 for name in wanted if name in held)
    missing = [name for name in wanted if name not in held]
    room = max(0, limit - len(held))
    if len(missing) > room:
        report.left_out = missing[room:]
        missing = missing[:room]
        log.warning(
            "The application holds %d emojis, Discord's limit is %d: %d card emoji(s) not uploaded, shown as text",
            len(held),
            limit,
            len(report.left_out),
        )
    created = await _upload(api, missing, manifest, directory, report, patience)
    held.update(created)
    if known is not None and uploads is not None:
        await _note_log(uploads, {name: CardEmojiArt(created[name], wanted[name].hash) for name in created}, report)
    _install_complete(manifest, held, report)
    return report


async def _read_log(uploads: UploadLog | None) -> dict[str, CardEmojiArt] | None:
    """The art uploaded under each name, or None without a log (or when it cannot be read: the names decide)."""
    if uploads is None:
        return None
    try:
        return dict(await uploads.uploaded())
    except Exception as error:  # a storage failure must not keep the faces from showing
        log.warning("Could not read which card emoji art was uploaded (%s): going by the names alone", error)
        return None


async def _note_log(uploads: UploadLog, created: dict[str, CardEmojiArt], report: SyncReport) -> None:
    try:
        await uploads.note(created, report.deleted)
    except Exception as error:  # the emojis are there: they are checked again at the next start
        log.warning("Could not note the card emoji art uploaded (%s)", error)


def _install_complete(manifest: Manifest, held: Mapping[str, int], report: SyncReport) -> None:
    """Put in `report.emojis` the face sets whose every emoji is `held` (name -> id); note the others."""
    for deck, names in manifest.decks().items():
        if all(name in held for name in names):
            for name in names:
                entry = manifest.emojis[name]
                report.emojis[card_key(entry.deck, entry.card)] = CardEmoji(name, held[name])
        else:
            report.incomplete_decks.append(deck)


async def run(
    client: discord.Client, directory: Path = EMOJI_DIR, *, upload: bool = True, uploads: UploadLog | None = None
) -> SyncReport | None:
    """Sync the card emojis with Discord and install them; logs and keeps the text faces on any failure.

    `upload` False: reuse what is there only (another process uploads).
    """
    try:
        manifest = load_manifest(directory)
    except (OSError, ValueError, ValidationError) as error:
        log.warning("No usable card emoji manifest in %s (%s): card faces are shown as text", directory, error)
        return None
    own_user_id = client.user.id if client.user is not None else None
    try:
        report = await sync(
            DiscordEmojiApi(client), manifest, directory, own_user_id=own_user_id, upload=upload, uploads=uploads
        )
    except (discord.DiscordException, TimeoutError, OSError) as error:
        log.warning("Could not list the application's emojis (%s): card faces are shown as text", _describe(error))
        return None
    install(report.emojis)
    log.info(
        "Card emojis: %d in use (%d reused, %d uploaded, %d of older art deleted)%s%s",
        len(report.emojis),
        report.reused,
        len(report.uploaded),
        len(report.deleted),
        f"; shown as text: {', '.join(report.incomplete_decks)}" if report.incomplete_decks else "",
        "" if upload else "; the process running shard 0 uploads them",
    )
    return report


def start(
    client: discord.Client,
    *,
    enabled: bool,
    directory: Path = EMOJI_DIR,
    upload: bool = True,
    retry: float = FOLLOW_RETRY,
    uploads: UploadLog | None = None,
) -> asyncio.Task[SyncReport | None] | None:
    """Start the sync in the background (None when turned off): the bot starts and plays with text faces meanwhile.

    `upload` False (a process not running shard 0): only follow the uploads of the process that does, listing
    again every `retry` seconds while face sets are missing. `uploads`: the log of the art uploaded (the database).
    """
    if not enabled:
        log.info("Card emojis are turned off (CARDROOM_EMOJIS=0): card faces are shown as text")
        return None
    work = _guarded(client, directory, uploads=uploads) if upload else _follow(client, directory, retry, uploads)
    return asyncio.create_task(work, name="card-emojis")


async def _guarded(
    client: discord.Client, directory: Path, *, upload: bool = True, uploads: UploadLog | None = None
) -> SyncReport | None:
    try:
        return await run(client, directory, upload=upload, uploads=uploads)
    except Exception:  # a bug here must never take the bot down: the faces stay text
        log.exception("The card emoji sync failed; card faces are shown as text")
        return None


async def _follow(
    client: discord.Client, directory: Path, retry: float, uploads: UploadLog | None = None
) -> SyncReport | None:
    """Install the emojis another process uploads: list until every face set is there (or `FOLLOW_TRIES`)."""
    try:
        load_manifest(directory)
    except (OSError, ValueError, ValidationError):
        return await _guarded(client, directory, upload=False, uploads=uploads)  # says so once; no point listing again
    report = None
    for attempt in range(FOLLOW_TRIES):
        if attempt:
            await asyncio.sleep(retry)
        report = await _guarded(client, directory, upload=False, uploads=uploads)
        if report is not None and not report.incomplete_decks:
            break
    return report
