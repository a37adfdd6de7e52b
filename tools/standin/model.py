"""Data model of the loopback Discord stand-in: snowflakes, clock, guilds, users, messages.

Everything here is plain data plus the JSON shapes Discord sends for it; the HTTP and
gateway layers (``rest.py``, ``gateway.py``) and the test-facing ``StandIn`` build on it.
"""

from __future__ import annotations

import datetime as dt
import itertools
import re
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from enum import IntFlag
from typing import Any

DISCORD_EPOCH_MS = 1_420_070_400_000

JSON = dict[str, Any]


class Clock:
    """Wall clock (seconds since the Unix epoch) with an adjustable offset.

    The stand-in uses it for snowflakes, timestamps, the 3-second acknowledgement rule,
    the 15-minute interaction-token lifetime and rate-limit windows. ``advance()`` moves
    it forward so a test can expire interaction tokens without sleeping.
    """

    def __init__(self, source: Callable[[], float] = time.time) -> None:
        self._source = source
        self._offset = 0.0

    def now(self) -> float:
        return self._source() + self._offset

    def advance(self, seconds: float) -> None:
        self._offset += seconds


class SnowflakeFactory:
    """Generates realistic 64-bit, timestamp-based Discord snowflakes."""

    def __init__(self, clock: Clock, worker: int = 1, process: int = 0) -> None:
        self._clock = clock
        self._worker = worker & 0x1F
        self._process = process & 0x1F
        self._increment = itertools.count()
        self._last = 0

    def __call__(self) -> int:
        ms = int(self._clock.now() * 1000) - DISCORD_EPOCH_MS
        value = (ms << 22) | (self._worker << 17) | (self._process << 12) | (next(self._increment) & 0xFFF)
        # Strictly increasing even if the clock stands still or the counter wraps.
        if value <= self._last:
            value = self._last + 1
        self._last = value
        return value


def snowflake_time(snowflake: int) -> float:
    return ((snowflake >> 22) + DISCORD_EPOCH_MS) / 1000.0


def iso(ts: float | None) -> str | None:
    if ts is None:
        return None
    return dt.datetime.fromtimestamp(ts, dt.UTC).isoformat(timespec="microseconds")


_CODE = re.compile(r"```.*?```|``.*?``|`[^`\n]*`", re.DOTALL)
_MENTION = re.compile(r"<@(!?|&)(\d+)>|@(everyone|here)\b")


def parse_mentions(text: str) -> tuple[list[int], list[int], bool]:
    """User ids and role ids mentioned in ``text`` (first-appearance order, no repeats) and
    whether it says ``@everyone`` / ``@here``. Mentions inside code spans and blocks do not count.
    """
    users: list[int] = []
    roles: list[int] = []
    everyone = False
    for m in _MENTION.finditer(_CODE.sub(" ", text)):
        if m.group(3):
            everyone = True
            continue
        target = roles if m.group(1) == "&" else users
        snowflake = int(m.group(2))
        if snowflake not in target:
            target.append(snowflake)
    return users, roles, everyone


def snowflake_set(values: Any) -> set[int]:
    """Ids of an ``allowed_mentions.users`` / ``roles`` list (strings or integers; junk ignored)."""
    ids: set[int] = set()
    for v in values if isinstance(values, list) else []:
        if isinstance(v, int) and not isinstance(v, bool):
            ids.add(v)
        elif isinstance(v, str) and v.isdigit():
            ids.add(int(v))
    return ids


class Perm(IntFlag):
    """Discord permission bits (subset used by a slash-command/buttons bot)."""

    CREATE_INSTANT_INVITE = 1 << 0
    KICK_MEMBERS = 1 << 1
    BAN_MEMBERS = 1 << 2
    ADMINISTRATOR = 1 << 3
    MANAGE_CHANNELS = 1 << 4
    MANAGE_GUILD = 1 << 5
    ADD_REACTIONS = 1 << 6
    VIEW_AUDIT_LOG = 1 << 7
    VIEW_CHANNEL = 1 << 10
    SEND_MESSAGES = 1 << 11
    MANAGE_MESSAGES = 1 << 13
    EMBED_LINKS = 1 << 14
    ATTACH_FILES = 1 << 15
    READ_MESSAGE_HISTORY = 1 << 16
    MENTION_EVERYONE = 1 << 17
    USE_EXTERNAL_EMOJIS = 1 << 18
    CONNECT = 1 << 20
    SPEAK = 1 << 21
    CHANGE_NICKNAME = 1 << 26
    MANAGE_ROLES = 1 << 28
    USE_APPLICATION_COMMANDS = 1 << 31
    MANAGE_THREADS = 1 << 34
    CREATE_PUBLIC_THREADS = 1 << 35
    CREATE_PRIVATE_THREADS = 1 << 36
    SEND_MESSAGES_IN_THREADS = 1 << 38


ALL_PERMISSIONS = (1 << 51) - 1

#: What @everyone can do in a freshly created guild (close to Discord's defaults).
DEFAULT_EVERYONE_PERMISSIONS = int(
    Perm.CREATE_INSTANT_INVITE
    | Perm.ADD_REACTIONS
    | Perm.VIEW_CHANNEL
    | Perm.SEND_MESSAGES
    | Perm.EMBED_LINKS
    | Perm.ATTACH_FILES
    | Perm.READ_MESSAGE_HISTORY
    | Perm.MENTION_EVERYONE
    | Perm.USE_EXTERNAL_EMOJIS
    | Perm.CONNECT
    | Perm.SPEAK
    | Perm.CHANGE_NICKNAME
    | Perm.USE_APPLICATION_COMMANDS
    | Perm.CREATE_PUBLIC_THREADS
    | Perm.CREATE_PRIVATE_THREADS
    | Perm.SEND_MESSAGES_IN_THREADS
)

#: What the bot's managed role gets by default (an invite with sensible bot scopes).
DEFAULT_BOT_PERMISSIONS = int(
    Perm.VIEW_CHANNEL
    | Perm.SEND_MESSAGES
    | Perm.SEND_MESSAGES_IN_THREADS
    | Perm.EMBED_LINKS
    | Perm.ATTACH_FILES
    | Perm.READ_MESSAGE_HISTORY
    | Perm.USE_EXTERNAL_EMOJIS
    | Perm.ADD_REACTIONS
    | Perm.CREATE_PUBLIC_THREADS
    | Perm.MANAGE_THREADS
    | Perm.USE_APPLICATION_COMMANDS
)


class ChannelType:
    GUILD_TEXT = 0
    DM = 1
    GUILD_ANNOUNCEMENT = 5
    PUBLIC_THREAD = 11
    PRIVATE_THREAD = 12

    THREADS = (PUBLIC_THREAD, PRIVATE_THREAD)


class MessageFlag:
    SUPPRESS_EMBEDS = 1 << 2
    EPHEMERAL = 1 << 6
    LOADING = 1 << 7
    SUPPRESS_NOTIFICATIONS = 1 << 12
    IS_COMPONENTS_V2 = 1 << 15


class InteractionType:
    PING = 1
    APPLICATION_COMMAND = 2
    MESSAGE_COMPONENT = 3
    APPLICATION_COMMAND_AUTOCOMPLETE = 4
    MODAL_SUBMIT = 5


class CallbackType:
    PONG = 1
    CHANNEL_MESSAGE_WITH_SOURCE = 4
    DEFERRED_CHANNEL_MESSAGE_WITH_SOURCE = 5
    DEFERRED_UPDATE_MESSAGE = 6
    UPDATE_MESSAGE = 7
    APPLICATION_COMMAND_AUTOCOMPLETE_RESULT = 8
    MODAL = 9


# --------------------------------------------------------------------------- entities


@dataclass(eq=False)
class User:
    id: int
    name: str
    locale: str = "en-US"
    global_name: str | None = None
    bot: bool = False
    #: False: the user closed their DMs (or blocked the bot) -- the bot's messages in their DM
    #: channel are refused with 403/50007 "Cannot send messages to this user"
    dms_open: bool = True

    def to_payload(self) -> JSON:
        data: JSON = {
            "id": str(self.id),
            "username": self.name,
            "discriminator": "0",
            "global_name": self.global_name if self.global_name is not None else (None if self.bot else self.name),
            "avatar": None,
            "avatar_decoration_data": None,
            "banner": None,
            "accent_color": None,
            "public_flags": 0,
            "flags": 0,
            "collectibles": None,
            "primary_guild": None,
        }
        if self.bot:
            data["bot"] = True
        return data

    def __repr__(self) -> str:
        return f"<User {self.name} {self.id}>"


@dataclass(eq=False)
class Role:
    id: int
    name: str
    permissions: int
    position: int = 0
    managed: bool = False
    bot_id: int | None = None
    #: anyone may ping it (otherwise only with MENTION_EVERYONE)
    mentionable: bool = False

    def to_payload(self) -> JSON:
        data: JSON = {
            "id": str(self.id),
            "name": self.name,
            "description": None,
            "permissions": str(self.permissions),
            "position": self.position,
            "color": 0,
            "colors": {"primary_color": 0, "secondary_color": None, "tertiary_color": None},
            "hoist": False,
            "managed": self.managed,
            "mentionable": self.mentionable,
            "icon": None,
            "unicode_emoji": None,
            "flags": 0,
        }
        if self.bot_id is not None:
            data["tags"] = {"bot_id": str(self.bot_id)}
        return data


@dataclass(eq=False)
class Member:
    user: User
    guild: Guild
    roles: list[Role] = field(default_factory=list)
    joined_at: float = 0.0
    nick: str | None = None

    def to_payload(self, *, with_user: bool = True, permissions: int | None = None) -> JSON:
        data: JSON = {
            "roles": [str(r.id) for r in self.roles],
            "nick": self.nick,
            "avatar": None,
            "banner": None,
            "premium_since": None,
            "joined_at": iso(self.joined_at),
            "deaf": False,
            "mute": False,
            "pending": False,
            "flags": 0,
            "communication_disabled_until": None,
            "unusual_dm_activity_until": None,
        }
        if with_user:
            data["user"] = self.user.to_payload()
        if permissions is not None:
            data["permissions"] = str(permissions)
        return data


@dataclass(eq=False)
class Channel:
    """A guild text/announcement channel, a thread, or the bot's DM channel with one user.

    DM channels (``type == ChannelType.DM``) have no ``guild`` (``None``) and one ``recipient``.
    """

    id: int
    guild: Guild | None
    name: str
    type: int = ChannelType.GUILD_TEXT
    position: int = 0
    topic: str | None = None
    parent_id: int | None = None
    # threads only
    owner_id: int | None = None
    archived: bool = False
    locked: bool = False
    auto_archive_duration: int = 1440
    created_at: float = 0.0
    last_message_id: int | None = None
    message_count: int = 0
    # DM channels only: the user at the other end
    recipient: User | None = None

    @property
    def is_thread(self) -> bool:
        return self.type in ChannelType.THREADS

    @property
    def is_dm(self) -> bool:
        return self.type == ChannelType.DM

    def require_guild(self) -> Guild:
        """The channel's guild; ValueError for a DM channel."""
        if self.guild is None:
            raise ValueError(f"{self!r} is a DM channel, it belongs to no guild")
        return self.guild

    def to_payload(self, *, permissions: int | None = None) -> JSON:
        if self.guild is None:  # DM channel (Discord's PrivateChannelResponse)
            return {
                "id": str(self.id),
                "type": self.type,
                "last_message_id": str(self.last_message_id) if self.last_message_id else None,
                "flags": 0,
                "last_pin_timestamp": None,
                "recipients": [self.recipient.to_payload()] if self.recipient is not None else [],
            }
        data: JSON = {
            "id": str(self.id),
            "type": self.type,
            "guild_id": str(self.guild.id),
            "name": self.name,
            "last_message_id": str(self.last_message_id) if self.last_message_id else None,
            "rate_limit_per_user": 0,
            "flags": 0,
            "nsfw": False,
        }
        if self.is_thread:
            data.update(
                {
                    "parent_id": str(self.parent_id),
                    "owner_id": str(self.owner_id),
                    "message_count": self.message_count,
                    "member_count": 1,
                    "total_message_sent": self.message_count,
                    "thread_metadata": {
                        "archived": self.archived,
                        "auto_archive_duration": self.auto_archive_duration,
                        "archive_timestamp": iso(self.created_at),
                        "locked": self.locked,
                        "create_timestamp": iso(self.created_at),
                        **({"invitable": True} if self.type == ChannelType.PRIVATE_THREAD else {}),
                    },
                    "applied_tags": [],
                }
            )
        else:
            data.update(
                {
                    "position": self.position,
                    "permission_overwrites": [],
                    "parent_id": str(self.parent_id) if self.parent_id else None,
                    "topic": self.topic,
                    "default_auto_archive_duration": 1440,
                    "default_thread_rate_limit_per_user": 0,
                    "icon_emoji": None,
                    "theme_color": None,
                }
            )
        if permissions is not None:
            data["permissions"] = str(permissions)
        return data

    def __repr__(self) -> str:
        if self.is_dm:
            return f"<Channel DM {self.name} {self.id}>"
        return f"<Channel #{self.name} {self.id} type={self.type}>"


@dataclass(eq=False)
class Guild:
    id: int
    name: str
    owner_id: int
    locale: str = "en-US"
    roles: list[Role] = field(default_factory=list)
    channels: list[Channel] = field(default_factory=list)
    members: dict[int, Member] = field(default_factory=dict)
    created_at: float = 0.0

    @property
    def everyone(self) -> Role:
        return self.roles[0]

    @property
    def text_channels(self) -> list[Channel]:
        return [c for c in self.channels if not c.is_thread]

    @property
    def threads(self) -> list[Channel]:
        return [c for c in self.channels if c.is_thread]

    def role(self, role_id: int) -> Role | None:
        """The guild's role with that id (``None``: no such role here)."""
        return next((r for r in self.roles if r.id == role_id), None)

    def top_position(self, user: User | int) -> int:
        """The position of the member's highest role (0, @everyone's, for a member without roles or a stranger):
        a member manages only the roles below it (the owner every role)."""
        uid = user if isinstance(user, int) else user.id
        member = self.members.get(uid)
        return max((r.position for r in member.roles), default=0) if member is not None else 0

    def permissions_of(self, user: User | int) -> int:
        uid = user if isinstance(user, int) else user.id
        if uid == self.owner_id:
            return ALL_PERMISSIONS
        member = self.members.get(uid)
        perms = self.everyone.permissions
        if member is not None:
            for role in member.roles:
                perms |= role.permissions
        if perms & Perm.ADMINISTRATOR:
            return ALL_PERMISSIONS
        return perms

    def to_payload(self, *, full: bool, me: int | None = None) -> JSON:
        data: JSON = {
            "id": str(self.id),
            "name": self.name,
            "icon": None,
            "icon_hash": None,
            "splash": None,
            "discovery_splash": None,
            "banner": None,
            "description": None,
            "owner_id": str(self.owner_id),
            "region": "deprecated",
            "afk_channel_id": None,
            "afk_timeout": 300,
            "widget_enabled": False,
            "widget_channel_id": None,
            "verification_level": 0,
            "default_message_notifications": 0,
            "explicit_content_filter": 0,
            "roles": [r.to_payload() for r in self.roles],
            "emojis": [],
            "stickers": [],
            "features": [],
            "mfa_level": 0,
            "application_id": None,
            "system_channel_id": None,
            "system_channel_flags": 0,
            "rules_channel_id": None,
            "public_updates_channel_id": None,
            "safety_alerts_channel_id": None,
            "max_presences": None,
            "max_members": 500000,
            "max_video_channel_users": 25,
            "max_stage_video_channel_users": 50,
            "vanity_url_code": None,
            "premium_tier": 0,
            "premium_subscription_count": 0,
            "premium_progress_bar_enabled": False,
            "preferred_locale": self.locale,
            "nsfw_level": 0,
            "nsfw": False,
            "incidents_data": None,
        }
        if full:  # GUILD_CREATE shape
            data.update(
                {
                    "unavailable": False,
                    "joined_at": iso(self.created_at),
                    "large": False,
                    "lazy": True,
                    "member_count": len(self.members),
                    "channels": [c.to_payload() for c in self.channels if not c.is_thread],
                    "threads": [c.to_payload() for c in self.channels if c.is_thread and not c.archived],
                    # Without the GUILD_MEMBERS intent Discord only sends the bot's own member.
                    "members": [self.members[me].to_payload()] if me is not None and me in self.members else [],
                    "presences": [],
                    "voice_states": [],
                    "stage_instances": [],
                    "guild_scheduled_events": [],
                    "soundboard_sounds": [],
                    "embedded_activities": [],
                    "activity_instances": [],
                    "application_command_counts": {},
                    "version": int(self.created_at * 1000),
                    "home_header": None,
                    "latest_onboarding_question_id": None,
                    "hub_type": None,
                }
            )
        return data

    def __repr__(self) -> str:
        return f"<Guild {self.name} {self.id}>"


@dataclass(eq=False)
class Message:
    """A message as stored by the stand-in (public or ephemeral)."""

    id: int
    channel: Channel
    author: User
    content: str = ""
    embeds: list[JSON] = field(default_factory=list)
    components: list[JSON] = field(default_factory=list)
    attachments: list[JSON] = field(default_factory=list)
    flags: int = 0
    type: int = 0
    timestamp: float = 0.0
    edited_timestamp: float | None = None
    #: user id this ephemeral message is visible to (``None`` = public)
    visible_to: int | None = None
    webhook_id: int | None = None
    application_id: int | None = None
    interaction_metadata: JSON | None = None
    legacy_interaction: JSON | None = None
    poll: JSON | None = None
    tts: bool = False
    deleted: bool = False
    #: ``allowed_mentions`` as last sent (create or edit); ``None`` = never sent, Discord parses every mention
    allowed_mentions: JSON | None = None
    #: the message's ``mentions``: users mentioned in the content/text displays whose mention is allowed
    mentions: list[User] = field(default_factory=list)
    #: the message's ``mention_roles`` (allowed role mentions)
    mention_roles: list[int] = field(default_factory=list)
    #: the message's ``mention_everyone`` (an allowed ``@everyone``/``@here``)
    mention_everyone: bool = False
    #: users notified when the message appeared (creation, or a deferred response's completion);
    #: edits never notify, so this does not change afterwards. Empty for ephemeral messages and
    #: for SUPPRESS_NOTIFICATIONS ("@silent") messages.
    pinged_user_ids: list[int] = field(default_factory=list)
    #: every state the message went through (payload snapshots, oldest first)
    history: list[JSON] = field(default_factory=list)
    #: event-loop time of the last create/edit (for the stand-in's human reaction time)
    changed_at: float = 0.0
    #: the message this one replies to (a user's reply: ``message_reference`` and ``referenced_message``)
    reference: Message | None = None

    @property
    def ephemeral(self) -> bool:
        return bool(self.flags & MessageFlag.EPHEMERAL)

    @property
    def loading(self) -> bool:
        return bool(self.flags & MessageFlag.LOADING)

    @property
    def edit_count(self) -> int:
        return max(0, len(self.history) - 1)

    @property
    def guild_id(self) -> int | None:
        """The guild's id; ``None`` in a DM."""
        return self.channel.guild.id if self.channel.guild is not None else None

    @property
    def mention_ids(self) -> list[int]:
        """Ids of ``mentions`` (allowed user mentions, current state: edits re-parse them)."""
        return [u.id for u in self.mentions]

    @property
    def mention_text(self) -> str:
        """Where Discord looks for mentions: the content and text displays (never embeds)."""
        parts = [self.content]
        parts += [c.get("content") or "" for c in self.iter_components() if c.get("type") == 10]
        return "\n".join(p for p in parts if p)

    def iter_components(self) -> Iterator[JSON]:
        """All components, depth first (rows, buttons, selects, v2 containers...)."""

        def walk(items: list[JSON]) -> Iterator[JSON]:
            for c in items:
                yield c
                if isinstance(c.get("components"), list):
                    yield from walk(c["components"])
                if isinstance(c.get("component"), dict):
                    yield from walk([c["component"]])
                if isinstance(c.get("accessory"), dict):
                    yield from walk([c["accessory"]])

        return walk(self.components)

    @property
    def buttons(self) -> list[JSON]:
        return [c for c in self.iter_components() if c.get("type") == 2]

    @property
    def selects(self) -> list[JSON]:
        return [c for c in self.iter_components() if c.get("type") in (3, 5, 6, 7, 8)]

    @property
    def custom_ids(self) -> list[str]:
        return [c["custom_id"] for c in self.iter_components() if isinstance(c.get("custom_id"), str)]

    def component(self, custom_id: str | None = None, *, label: str | None = None) -> JSON:
        """Find a component by custom_id or by (button) label; raises LookupError."""
        for c in self.iter_components():
            if custom_id is not None and c.get("custom_id") == custom_id:
                return c
            if label is not None and c.get("label") == label:
                return c
        wanted = custom_id if custom_id is not None else f"label={label!r}"
        raise LookupError(f"no component {wanted} in message {self.id}; custom_ids: {self.custom_ids}")

    @property
    def text(self) -> str:
        """Content plus embed and text-display text, handy for assertions."""
        parts = [self.content]
        for e in self.embeds:
            parts += [e.get("title") or "", e.get("description") or ""]
            for f in e.get("fields") or []:
                parts += [f.get("name") or "", f.get("value") or ""]
            parts.append((e.get("footer") or {}).get("text") or "")
            parts.append((e.get("author") or {}).get("name") or "")
        parts += [c.get("content") or "" for c in self.iter_components() if c.get("type") == 10]
        return "\n".join(p for p in parts if p)

    def to_payload(self, *, gateway: bool = False, member: JSON | None = None) -> JSON:
        data: JSON = {
            "id": str(self.id),
            "type": self.type,
            "channel_id": str(self.channel.id),
            "author": self.author.to_payload(),
            "content": self.content,
            "embeds": self.embeds,
            "components": self.components,
            "attachments": self.attachments,
            "mentions": [u.to_payload() for u in self.mentions],
            "mention_roles": [str(r) for r in self.mention_roles],
            "mention_everyone": self.mention_everyone,
            "pinned": False,
            "tts": self.tts,
            "timestamp": iso(self.timestamp),
            "edited_timestamp": iso(self.edited_timestamp),
            "flags": self.flags,
        }
        if self.webhook_id is not None:
            data["webhook_id"] = str(self.webhook_id)
        if self.application_id is not None:
            data["application_id"] = str(self.application_id)
        if self.interaction_metadata is not None:
            data["interaction_metadata"] = self.interaction_metadata
        if self.legacy_interaction is not None:
            data["interaction"] = self.legacy_interaction
        if self.poll is not None:
            data["poll"] = self.poll
        if self.reference is not None:
            ref = self.reference
            data["message_reference"] = {"type": 0, "message_id": str(ref.id), "channel_id": str(ref.channel.id)}
            if ref.channel.guild is not None:
                data["message_reference"]["guild_id"] = str(ref.channel.guild.id)
            # Discord gives the replied-to message one level deep (null once it is deleted).
            data["referenced_message"] = None if ref.deleted else {**ref.to_payload(), "referenced_message": None}
        if self.channel.is_thread and self.channel.parent_id is not None:
            data["position"] = 0
        if gateway and self.channel.guild is not None:  # DM messages carry no guild_id nor member
            data["guild_id"] = str(self.channel.guild.id)
            if member is not None:
                data["member"] = member
        return data

    def __repr__(self) -> str:
        kind = "ephemeral" if self.ephemeral else "public"
        where = f"DM {self.channel.name}" if self.channel.is_dm else f"#{self.channel.name}"
        return f"<Message {self.id} {kind} in {where}: {self.text[:60]!r}>"


@dataclass(frozen=True, eq=False)
class RefusedDM:
    """A message the bot tried to send in a DM, refused with 403/50007 (``StandIn.refused_dms``)."""

    user: User
    channel: Channel
    #: the request body (the message that was not sent)
    body: Any
    #: stand-in clock time of the request
    at: float


@dataclass(eq=False)
class Command:
    """An application command as registered by the bot."""

    id: int
    application_id: int
    guild_id: int | None
    version: int
    payload: JSON

    @property
    def name(self) -> str:
        return str(self.payload.get("name", ""))

    @property
    def type(self) -> int:
        return int(self.payload.get("type", 1) or 1)

    def to_payload(self) -> JSON:
        data: JSON = {
            "type": 1,
            "description": "",
            "options": [],
            "default_member_permissions": None,
            "dm_permission": True,
            "contexts": None,
            "integration_types": [0],
            "nsfw": False,
            "name_localizations": None,
            "description_localizations": None,
            **self.payload,
            "id": str(self.id),
            "application_id": str(self.application_id),
            "version": str(self.version),
        }
        if self.guild_id is not None:
            data["guild_id"] = str(self.guild_id)
        if data.get("type") != 1:
            data.pop("options", None)
        return data


@dataclass(eq=False)
class AppEmoji:
    """An emoji of the application (``/applications/{id}/emojis``): uploaded by the bot, or seeded by a test."""

    id: int
    name: str
    #: who uploaded it: the bot user for an upload through the API, a team member for one from the portal
    user: User
    #: the decoded image bytes (empty for an emoji a test seeded without an image)
    image: bytes = b""
    #: the image's MIME type, from the data URI
    content_type: str = "image/png"

    def to_payload(self) -> JSON:
        return {
            "id": str(self.id),
            "name": self.name,
            "roles": [],
            "user": self.user.to_payload(),
            "require_colons": True,
            "managed": False,
            "animated": self.content_type == "image/gif",
            "available": True,
        }
