"""Interaction handles (what ``StandIn.slash/click/select/...`` return) and option building."""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, NamedTuple

from .model import JSON, CallbackType, Channel, Command, Message, User

if TYPE_CHECKING:
    from .faults import InjectedFault
    from .server import StandIn

ACK_DEADLINE_S = 3.0
TOKEN_LIFETIME_S = 15 * 60.0


class CommandNotFound(LookupError):
    """The named command (or subcommand) was never registered by the bot."""


class CommandNotAvailable(PermissionError):
    """Discord's client would not let this user run the command (default_member_permissions)."""


class InteractionResponse(NamedTuple):
    """The first (and only) callback the bot sent for an interaction."""

    type: int
    #: the message created/updated by the callback (type 4, 5, 6, 7), else None
    message: Message | None
    #: the callback's ``data`` (choices for type 8, modal for type 9, message body for 4/7)
    data: JSON | None


@dataclass(frozen=True, eq=False)
class LateCallback:
    """A callback refused with 404/10062 because the acknowledgement window had passed."""

    interaction: Interaction
    #: stand-in clock time of the refused callback
    at: float
    #: seconds since the interaction was created
    elapsed: float
    #: the callback type the bot tried (``None`` if the body had none)
    type: int | None


class Interaction:
    """Test-side handle of one interaction dispatched to the bot."""

    def __init__(
        self,
        standin: StandIn,
        *,
        id: int,
        token: str,
        type: int,
        user: User,
        channel: Channel,
        payload: JSON,
        created_at: float,
        message: Message | None = None,
        command: Command | None = None,
        parent: Interaction | None = None,
    ) -> None:
        self._standin = standin
        self.id = id
        self.token = token
        self.type = type
        self.user = user
        self.channel = channel
        self.payload = payload
        self.created_at = created_at
        #: the message a component was clicked on (component / modal-from-component)
        self.source_message = message
        self.command = command
        #: the interaction whose MODAL callback this modal submit answers
        self.parent = parent
        self.callback: JSON | None = None
        self.callback_type: int | None = None
        self.acked_at: float | None = None
        self.original_message_id: int | None = None
        self.followup_ids: list[int] = []
        #: True after a type 5 callback until the loading message is filled in
        self.loading = False
        #: the acknowledgement window passed without an accepted callback (or a callback came too late)
        self.late = False
        self.timer: asyncio.TimerHandle | None = None
        #: seconds between creation and the INTERACTION_CREATE dispatch that was asked for
        self.deliver_after = 0.0
        #: stand-in clock time the INTERACTION_CREATE frame was (last) written to the bot's websocket;
        #: ``None`` while it waits (delayed delivery, gateway cut) or if it was never delivered
        self.delivered_at: float | None = None
        #: requests about this interaction failed on purpose by ``StandIn.fail_next``
        self.injected_failures: list[InjectedFault] = []
        #: callbacks refused with 404/10062 because they came after the window
        self.late_callbacks: list[LateCallback] = []

    # ------------------------------------------------------------------ state
    @property
    def acknowledged(self) -> bool:
        return self.callback_type is not None

    @property
    def ack_latency(self) -> float | None:
        return None if self.acked_at is None else self.acked_at - self.created_at

    @property
    def delivery_delay(self) -> float | None:
        """Seconds between creation and delivery to the bot (``None`` while undelivered)."""
        return None if self.delivered_at is None else self.delivered_at - self.created_at

    @property
    def delivered_late(self) -> bool:
        """Delivered with less than ``StandIn.late_delivery_margin`` of the window left (or after it)."""
        delay = self.delivery_delay
        standin = self._standin
        return delay is not None and delay > standin.ack_deadline - standin.late_delivery_margin

    @property
    def delivered_in_time(self) -> bool:
        """Delivered while the bot still had a fair part of the window to acknowledge it."""
        return self.delivered_at is not None and not self.delivered_late

    @property
    def callback_refused(self) -> bool:
        """The bot tried to acknowledge after the window and Discord answered 404/10062."""
        return bool(self.late_callbacks)

    @property
    def violations(self) -> list[str]:
        """The stand-in's violations that name this interaction."""
        return [v for v in self._standin.violations if str(self.id) in v]

    @property
    def expires_at(self) -> float:
        return self.created_at + TOKEN_LIFETIME_S

    @property
    def message(self) -> Message | None:
        """The current state of the interaction's original response message."""
        if self.original_message_id is None:
            return None
        return self._standin.get_message(self.original_message_id)

    @property
    def followups(self) -> list[Message]:
        found = (self._standin.get_message(mid) for mid in self.followup_ids)
        return [m for m in found if m is not None]

    @property
    def choices(self) -> list[JSON] | None:
        """Autocomplete choices the bot answered with (type 8)."""
        if self.callback_type != CallbackType.APPLICATION_COMMAND_AUTOCOMPLETE_RESULT or self.callback is None:
            return None
        return list((self.callback.get("data") or {}).get("choices") or [])

    @property
    def modal(self) -> JSON | None:
        """The modal the bot opened (type 9 callback data)."""
        if self.callback_type != CallbackType.MODAL or self.callback is None:
            return None
        return self.callback.get("data")

    # ------------------------------------------------------------------ waiting
    async def response(self, timeout: float = 5.0) -> InteractionResponse:  # noqa: ASYNC109
        """Wait for the bot's callback; returns (type, message, data)."""
        await self._standin.wait_for(
            lambda: self.acknowledged, timeout=timeout, what=f"a callback for interaction {self.describe()}"
        )
        assert self.callback_type is not None
        data = self.callback.get("data") if self.callback else None
        return InteractionResponse(self.callback_type, self.message, data)

    async def wait_delivered(self, timeout: float = 10.0) -> float:  # noqa: ASYNC109
        """Wait until the INTERACTION_CREATE reached the bot's websocket; returns ``delivered_at``."""
        return await self._standin.wait_for(
            lambda: self.delivered_at, timeout=timeout, what=f"delivery of interaction {self.describe()}"
        )

    async def wait_message(
        self,
        predicate: Callable[[Message], bool] | None = None,
        *,
        timeout: float = 5.0,  # noqa: ASYNC109
    ) -> Message:
        """Wait until the original response exists, is no longer loading and matches ``predicate``."""

        def ready() -> Message | None:
            msg = self.message
            if msg is None or msg.loading or msg.deleted:
                return None
            return msg if predicate is None or predicate(msg) else None

        return await self._standin.wait_for(ready, timeout=timeout, what=f"the response message of {self.describe()}")

    async def wait_followup(
        self,
        index: int = 0,
        predicate: Callable[[Message], bool] | None = None,
        *,
        timeout: float = 5.0,  # noqa: ASYNC109
    ) -> Message:
        """Wait for the ``index``-th followup message (0 = first)."""

        def ready() -> Message | None:
            msgs = self.followups
            if len(msgs) <= index:
                return None
            msg = msgs[index]
            return msg if predicate is None or predicate(msg) else None

        return await self._standin.wait_for(ready, timeout=timeout, what=f"followup #{index} of {self.describe()}")

    def describe(self) -> str:
        data = self.payload.get("data") or {}
        what = data.get("name") or data.get("custom_id") or "?"
        return f"{self.id} (type {self.type} {what!r} by {self.user.name})"

    def __repr__(self) -> str:
        return f"<Interaction {self.describe()} callback={self.callback_type}>"


# --------------------------------------------------------------------------- commands & options


def _names(obj: Mapping[str, Any]) -> set[str]:
    names = {str(obj.get("name"))}
    names.update(str(v) for v in (obj.get("name_localizations") or {}).values())
    return names


def resolve_command(commands: Sequence[Command], name: str) -> tuple[Command, list[str], list[JSON]]:
    """Find ``"cmd"``, ``"cmd sub"`` or ``"cmd group sub"`` (default or localized names).

    Returns the command, the canonical path and the leaf's option definitions.
    """
    tokens = name.strip().lstrip("/").split()
    if not tokens:
        raise CommandNotFound("empty command name")
    chat = [c for c in commands if c.type == 1]
    matches = [c for c in chat if tokens[0] in _names(c.payload)]
    if not matches:
        registered = sorted(c.name for c in chat)
        raise CommandNotFound(f"/{tokens[0]} is not registered by the bot (registered: {registered})")
    command = matches[0]
    path = [command.name]
    options: list[JSON] = list(command.payload.get("options") or [])
    for token in tokens[1:]:
        sub = next((o for o in options if o.get("type") in (1, 2) and token in _names(o)), None)
        if sub is None:
            subs = [o.get("name") for o in options if o.get("type") in (1, 2)]
            raise CommandNotFound(f"/{' '.join(path)} has no subcommand {token!r} (has {subs})")
        path.append(str(sub["name"]))
        options = list(sub.get("options") or [])
    if any(o.get("type") in (1, 2) for o in options):
        subs = [o.get("name") for o in options if o.get("type") in (1, 2)]
        raise CommandNotFound(f"/{' '.join(path)} is a group; name one of its subcommands {subs}")
    return command, path, options


class OptionBuilder:
    """Turns ``{"name": python value}`` into interaction option payloads plus ``resolved``."""

    def __init__(self, standin: StandIn, channel: Channel) -> None:
        self.standin = standin
        self.channel = channel
        self.resolved: dict[str, dict[str, JSON]] = {}

    def build(
        self,
        definitions: Sequence[JSON],
        values: Mapping[str, Any],
        *,
        focused: str | None = None,
        focused_value: str = "",
    ) -> list[JSON]:
        by_name: dict[str, JSON] = {}
        for d in definitions:
            for n in _names(d):
                by_name.setdefault(n, d)
        given: dict[str, Any] = {}
        for key, value in values.items():
            found = by_name.get(key)
            if found is None:
                raise ValueError(f"unknown option {key!r}; the command has {[x.get('name') for x in definitions]}")
            given[str(found["name"])] = value
        if focused is not None:
            target = by_name.get(focused)
            if target is None:
                raise ValueError(f"unknown focused option {focused!r}")
            if not target.get("autocomplete"):
                raise ValueError(f"option {target['name']!r} does not have autocomplete enabled")
            focused = str(target["name"])
        out: list[JSON] = []
        for d in definitions:
            name = str(d["name"])
            if name == focused:
                out.append({"name": name, "type": d["type"], "value": str(focused_value), "focused": True})
                continue
            if name not in given:
                if d.get("required") and focused is None:
                    raise ValueError(f"required option {name!r} missing")
                continue
            out.append({"name": name, "type": d["type"], "value": self._value(d, given[name])})
        return out

    def _value(self, d: JSON, value: Any) -> Any:
        otype = d.get("type")
        name = d.get("name")
        if otype == 3:
            value = str(value)
            lo, hi = d.get("min_length"), d.get("max_length")
            if (lo is not None and len(value) < lo) or (hi is not None and len(value) > hi):
                raise ValueError(f"option {name!r}: length {len(value)} outside {lo}..{hi}")
        elif otype == 4:
            if isinstance(value, bool) or not isinstance(value, int):
                raise ValueError(f"option {name!r} is an INTEGER, got {value!r}")
        elif otype == 10:
            if isinstance(value, bool) or not isinstance(value, int | float):
                raise ValueError(f"option {name!r} is a NUMBER, got {value!r}")
        elif otype == 5:
            if not isinstance(value, bool):
                raise ValueError(f"option {name!r} is a BOOLEAN, got {value!r}")
        elif otype in (6, 9):
            return self._user(d, value)
        elif otype in (7, 8, 11):  # channel, role, attachment: the bot's commands take none (pruned)
            raise ValueError(f"option {name!r}: the stand-in does not build options of type {otype}")
        if otype in (4, 10):
            lo, hi = d.get("min_value"), d.get("max_value")
            if (lo is not None and value < lo) or (hi is not None and value > hi):
                raise ValueError(f"option {name!r}: {value} outside {lo}..{hi}")
        choices = d.get("choices")
        if choices and value not in [c.get("value") for c in choices]:
            allowed = [c.get("value") for c in choices]
            raise ValueError(f"option {name!r}: {value!r} is not one of the choices {allowed}")
        return value

    def _user(self, d: JSON, value: Any) -> str:
        if isinstance(value, User):
            self.add_user(value)
            return str(value.id)
        raise ValueError(f"option {d.get('name')!r} (type {d.get('type')}) cannot take {value!r}")

    def add_user(self, user: User) -> None:
        self.resolved.setdefault("users", {})[str(user.id)] = user.to_payload()
        guild = self.channel.require_guild()
        member = guild.members.get(user.id)
        if member is not None:
            perms = guild.permissions_of(user)
            payload = member.to_payload(with_user=False, permissions=perms)
            self.resolved.setdefault("members", {})[str(user.id)] = payload
