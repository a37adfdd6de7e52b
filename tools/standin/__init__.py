"""Loopback Discord stand-in (REST + gateway) for end-to-end tests of the real bot process.

See ``StandIn`` for the test-facing API, ``limits.message_problems`` for the reusable
Discord-limits checker and ``openapi.request_body_problems`` for spec validation.
"""

from .faults import FaultRule, InjectedFault
from .interactions import CommandNotAvailable, CommandNotFound, Interaction, InteractionResponse, LateCallback
from .limits import callback_problems, command_problems, commands_problems, message_problems
from .model import (
    ALL_PERMISSIONS,
    DEFAULT_BOT_PERMISSIONS,
    DEFAULT_EVERYONE_PERMISSIONS,
    CallbackType,
    Channel,
    ChannelType,
    Clock,
    Command,
    Guild,
    InteractionType,
    Member,
    Message,
    MessageFlag,
    Perm,
    RefusedDM,
    Role,
    User,
    parse_mentions,
)
from .openapi import openapi_available
from .process import BotProcess
from .ratelimit import RateLimitHit
from .rest import RequestRecord
from .server import BotExited, StandIn

__all__ = [
    "ALL_PERMISSIONS",
    "DEFAULT_BOT_PERMISSIONS",
    "DEFAULT_EVERYONE_PERMISSIONS",
    "BotExited",
    "BotProcess",
    "CallbackType",
    "Channel",
    "ChannelType",
    "Clock",
    "Command",
    "CommandNotAvailable",
    "CommandNotFound",
    "FaultRule",
    "Guild",
    "InjectedFault",
    "Interaction",
    "InteractionResponse",
    "InteractionType",
    "LateCallback",
    "Member",
    "Message",
    "MessageFlag",
    "Perm",
    "RateLimitHit",
    "RefusedDM",
    "RequestRecord",
    "Role",
    "StandIn",
    "User",
    "callback_problems",
    "command_problems",
    "commands_problems",
    "message_problems",
    "openapi_available",
    "parse_mentions",
]
