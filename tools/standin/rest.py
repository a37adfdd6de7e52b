"""REST API emulation (``/api/v10/...``): routing, auth, bodies, validation, rate-limit headers."""

from __future__ import annotations

import base64
import binascii
import json
import re
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from aiohttp import BodyPartReader, web

from . import limits, openapi
from .faults import FaultRule, InjectedFault
from .interactions import Interaction
from .model import (
    JSON,
    AppEmoji,
    CallbackType,
    Channel,
    ChannelType,
    InteractionType,
    Member,
    Message,
    MessageFlag,
    Perm,
    Role,
)

if TYPE_CHECKING:
    from .server import StandIn

API_PREFIX = "/api/v10"

#: Discord's limits on application emojis
MAX_APP_EMOJIS = 2000
MAX_EMOJI_BYTES = 256 * 1024
_EMOJI_NAME = re.compile(r"^[A-Za-z0-9_]{2,32}$")
_IMAGE_DATA = re.compile(r"^data:(image/(?:png|jpeg|gif|webp|avif));base64,(.*)$", re.DOTALL)

#: what the bot may do in its DM channels (anything else is 403/50003)
_DM_PERMISSIONS = int(
    Perm.VIEW_CHANNEL
    | Perm.SEND_MESSAGES
    | Perm.READ_MESSAGE_HISTORY
    | Perm.EMBED_LINKS
    | Perm.ATTACH_FILES
    | Perm.ADD_REACTIONS
    | Perm.USE_EXTERNAL_EMOJIS
)


class ApiError(Exception):
    def __init__(self, status: int, code: int, message: str, errors: JSON | None = None) -> None:
        super().__init__(message)
        self.status = status
        self.code = code
        self.message = message
        self.errors = errors

    def body(self) -> JSON:
        data: JSON = {"message": self.message, "code": self.code}
        if self.errors:
            data["errors"] = self.errors
        return data


def unknown(what: str, code: int) -> ApiError:
    return ApiError(404, code, f"Unknown {what}")


def form_error(problems: list[str]) -> ApiError:
    errors: JSON = {}
    for problem in problems:
        where, _, text = problem.partition(": ")
        key = re.sub(r"[\[\]]+", ".", where).strip(".") or "_body"
        node = errors.setdefault(key, {"_errors": []})
        node["_errors"].append({"code": "STANDIN_LIMIT", "message": text or problem})
    return ApiError(400, 50035, "Invalid Form Body", errors)


@dataclass
class RequestRecord:
    method: str
    path: str
    query: dict[str, str]
    body: Any
    status: int = 0
    at: float = 0.0
    files: list[JSON] = field(default_factory=list)


@dataclass
class Ctx:
    request: web.Request
    method: str
    path: str
    shown_path: str
    body: Any
    files: list[JSON]
    query: dict[str, str]

    def flag(self, name: str) -> bool:
        return self.query.get(name, "").lower() in ("1", "true")


Handler = Callable[..., Awaitable[tuple[int, Any]]]


@dataclass
class Route:
    method: str
    template: str
    handler: str
    auth: bool = True
    regex: re.Pattern[str] = field(init=False)
    literal: int = field(init=False)

    def __post_init__(self) -> None:
        parts = re.split(r"(\{[^}]+\})", self.template)
        self.regex = re.compile("".join(f"(?P<{p[1:-1]}>[^/]+)" if p.startswith("{") else re.escape(p) for p in parts))
        self.literal = sum(len(p) for p in parts if not p.startswith("{"))


ROUTES = [
    Route("GET", "/gateway/bot", "get_gateway_bot"),
    Route("GET", "/users/@me", "get_me"),
    Route("POST", "/users/@me/channels", "create_dm"),
    Route("GET", "/oauth2/applications/@me", "get_application"),
    Route("GET", "/applications/@me", "get_application"),
    Route("GET", "/applications/{application_id}/commands", "list_commands"),
    Route("PUT", "/applications/{application_id}/commands", "put_commands"),
    Route("GET", "/applications/{application_id}/emojis", "list_app_emojis"),
    Route("POST", "/applications/{application_id}/emojis", "create_app_emoji"),
    Route("GET", "/applications/{application_id}/emojis/{emoji_id}", "get_app_emoji"),
    Route("DELETE", "/applications/{application_id}/emojis/{emoji_id}", "delete_app_emoji"),
    Route("GET", "/applications/{application_id}/guilds/{guild_id}/commands", "list_commands"),
    Route("PUT", "/applications/{application_id}/guilds/{guild_id}/commands", "put_commands"),
    Route("POST", "/interactions/{interaction_id}/{interaction_token}/callback", "callback", auth=False),
    Route("POST", "/webhooks/{webhook_id}/{webhook_token}", "execute_webhook", auth=False),
    Route("GET", "/webhooks/{webhook_id}/{webhook_token}/messages/{message_id}", "get_webhook_message", auth=False),
    Route("PATCH", "/webhooks/{webhook_id}/{webhook_token}/messages/{message_id}", "edit_webhook_message", auth=False),
    Route(
        "DELETE", "/webhooks/{webhook_id}/{webhook_token}/messages/{message_id}", "delete_webhook_message", auth=False
    ),
    Route("GET", "/channels/{channel_id}", "get_channel"),
    Route("PATCH", "/channels/{channel_id}", "patch_channel"),
    Route("DELETE", "/channels/{channel_id}", "delete_channel"),
    Route("GET", "/channels/{channel_id}/messages", "list_messages"),
    Route("POST", "/channels/{channel_id}/messages", "create_message"),
    Route("GET", "/channels/{channel_id}/messages/{message_id}", "get_message"),
    Route("PATCH", "/channels/{channel_id}/messages/{message_id}", "edit_message"),
    Route("DELETE", "/channels/{channel_id}/messages/{message_id}", "delete_message"),
    Route("POST", "/channels/{channel_id}/threads", "create_thread"),
    Route("POST", "/channels/{channel_id}/messages/{message_id}/threads", "create_thread"),
    Route("GET", "/guilds/{guild_id}/members/{user_id}", "get_member"),
    Route("PUT", "/guilds/{guild_id}/members/{user_id}/roles/{role_id}", "add_member_role"),
    Route("DELETE", "/guilds/{guild_id}/members/{user_id}/roles/{role_id}", "remove_member_role"),
]
ROUTES.sort(key=lambda r: -r.literal)

_TOKEN_PARAMS = ("interaction_token", "webhook_token")


def _json_response(status: int, body: Any, headers: dict[str, str]) -> web.Response:
    if status == 204 or body is None:
        return web.Response(status=204, headers=headers)
    raw = json.dumps(body, separators=(",", ":"), ensure_ascii=False).encode("utf-8")
    return web.Response(status=status, body=raw, headers={**headers, "Content-Type": "application/json"})


class RestApi:
    def __init__(self, standin: StandIn, *, validate_openapi: bool) -> None:
        self.s = standin
        self.validate_openapi = validate_openapi
        self.openapi_checked = 0  # request bodies validated against the spec (0 when it is absent)

    # ------------------------------------------------------------------ plumbing
    async def handle(self, request: web.Request) -> web.StreamResponse:
        s = self.s
        full = request.path
        if not full.startswith(API_PREFIX + "/"):
            s.violation(request.method, full, "request outside /api/v10 (is Route.BASE set to <base>/api/v10?)")
            return _json_response(404, {"message": "404: Not Found", "code": 0}, {})
        path = full[len(API_PREFIX) :]
        method = request.method.upper()
        route, params = self._match(method, path)
        shown = path
        for key in _TOKEN_PARAMS:
            if key in params:
                shown = shown.replace(params[key], "<token>")
        record = RequestRecord(method, shown, dict(request.query), None, at=s.clock.now())
        s.requests.append(record)
        headers: dict[str, str] = {}
        try:
            if route is None:
                known = [r.template for r in ROUTES if r.regex.fullmatch(path)]
                if known:
                    s.violation(method, shown, f"method not allowed (routes: {known})")
                    raise ApiError(405, 0, "405: Method Not Allowed")
                s.violation(method, shown, "endpoint not emulated by the stand-in")
                raise ApiError(404, 0, "404: Not Found")
            if route.auth and request.headers.get("Authorization") != f"Bot {s.token}":
                s.auth_failures.append(f"{method} {shown}: bad or missing Authorization header")
                raise ApiError(401, 0, "401: Unauthorized")
            body, files = await self._read_body(request, method, shown)
            record.body, record.files = body, files
            if self.validate_openapi and method in ("POST", "PUT", "PATCH") and body is not None:
                for problem in openapi.request_body_problems(method, path, body, spec_path=s.spec_path):
                    s.violation(method, shown, problem)
                if openapi.openapi_available(s.spec_path):
                    self.openapi_checked += 1
            rule = s.take_fault(method, path)
            if rule is not None:
                status, payload, extra = self._inject(rule, method, shown, params)
                record.status = status
                return _json_response(status, payload, {**headers, **extra})
            keys = ("channel_id", "guild_id", "webhook_token", "interaction_token")
            major = next((params[k] for k in keys if k in params), "")
            decision = s.rate_limiter.check(method, shown, route.template, major)
            headers.update(decision.headers)
            if decision.retry_after is not None:
                record.status = 429
                return _json_response(
                    429,
                    {"message": "You are being rate limited.", "retry_after": decision.retry_after, "global": False},
                    headers,
                )
            ctx = Ctx(request, method, path, shown, body, files, dict(request.query))
            status, payload = await getattr(self, route.handler)(ctx, **params)
        except ApiError as err:
            status, payload = err.status, err.body()
        except Exception as exc:  # keep serving; report as a stand-in problem
            s.violation(method, shown, f"stand-in internal error: {exc!r}")
            s.log.exception("handler failed for %s %s", method, shown)
            status, payload = 500, {"message": "500: Internal Server Error", "code": 0}
        finally:
            s.notify()
        record.status = status
        return _json_response(status, payload, headers)

    def _inject(
        self, rule: FaultRule, method: str, shown: str, params: dict[str, str]
    ) -> tuple[int, Any, dict[str, str]]:
        s = self.s
        inter: Interaction | None = None
        if "interaction_id" in params:
            inter = s.interaction_by_id(params["interaction_id"])
        elif "webhook_token" in params and params.get("webhook_id") == str(s.app_id):
            inter = s.interaction_by_token(params["webhook_token"])
        fault = InjectedFault(method, shown, rule.route, rule.status, rule.code, rule.message, s.clock.now(), inter)
        s.injected.append(fault)
        if inter is not None:
            inter.injected_failures.append(fault)
        s.log.info("injected %s/%s for %s %s", rule.status, rule.code, method, shown)
        extra: dict[str, str] = {}
        if rule.status == 429:
            extra = {
                "Retry-After": str(max(1, round(rule.retry_after))),
                "X-RateLimit-Scope": "user",
                "Via": "1.1 google",
            }
        return rule.status, rule.body(), extra

    def _match(self, method: str, path: str) -> tuple[Route | None, dict[str, str]]:
        for route in ROUTES:
            if route.method == method:
                m = route.regex.fullmatch(path)
                if m:
                    return route, m.groupdict()
        return None, {}

    async def _read_body(self, request: web.Request, method: str, shown: str) -> tuple[Any, list[JSON]]:
        if method in ("GET", "DELETE") or not request.can_read_body:
            return None, []
        ctype = request.content_type
        files: list[JSON] = []
        if ctype == "multipart/form-data":
            body: Any = None
            reader = await request.multipart()
            while True:
                part = await reader.next()
                if part is None:
                    break
                if not isinstance(part, BodyPartReader):
                    continue
                name = getattr(part, "name", None)
                raw = await part.read()
                if name == "payload_json":
                    body = self._parse_json(raw, method, shown)
                elif name and name.startswith("files["):
                    files.append(
                        {
                            "field": name,
                            "index": int(name[6:-1]) if name[6:-1].isdigit() else len(files),
                            "filename": getattr(part, "filename", None) or "file",
                            "size": len(raw),
                            "content_type": part.headers.get("Content-Type"),
                        }
                    )
            return body, files
        raw = await request.read()
        if not raw:
            return None, []
        if ctype != "application/json":
            self.s.violation(method, shown, f"body sent with Content-Type {ctype!r}")
        return self._parse_json(raw, method, shown), files

    def _parse_json(self, raw: bytes, method: str, shown: str) -> Any:
        try:
            return json.loads(raw)
        except ValueError as exc:
            self.s.violation(method, shown, "request body is not valid JSON")
            raise ApiError(400, 50109, "The request body contains invalid JSON.") from exc

    def _problems(self, ctx: Ctx, problems: list[str]) -> None:
        if problems:
            for p in problems:
                self.s.violation(ctx.method, ctx.shown_path, p)
            raise form_error(problems)

    def _body(self, ctx: Ctx) -> JSON:
        if not isinstance(ctx.body, dict):
            self._problems(ctx, ["body: must be a JSON object"])
        return ctx.body  # type: ignore[no-any-return]

    # ------------------------------------------------------------------ identity
    async def get_gateway_bot(self, ctx: Ctx) -> tuple[int, Any]:
        return 200, {
            "url": self.s.gateway_url,
            "shards": self.s.gateway.shards,
            "session_start_limit": {"total": 1000, "remaining": 999, "reset_after": 14_400_000, "max_concurrency": 1},
        }

    async def get_me(self, ctx: Ctx) -> tuple[int, Any]:
        return 200, {
            **self.s.bot_user.to_payload(),
            "bot": True,
            "verified": True,
            "mfa_enabled": False,
            "email": None,
            "locale": "en-US",
            "premium_type": 0,
            "bio": "",
        }

    async def create_dm(self, ctx: Ctx) -> tuple[int, Any]:
        body = self._body(ctx)
        if "access_tokens" in body or "nicks" in body:
            self.s.violation(ctx.method, ctx.shown_path, "group DMs (access_tokens, nicks) are not emulated")
        recipient_id = body.get("recipient_id")
        if recipient_id is None:
            self._problems(ctx, ["recipient_id: required"])
        user = self.s.find_user(recipient_id)
        if user is None:
            raise unknown("User", 10013)
        # Opening the channel always works; sending in it is what fails when DMs are closed.
        return 200, self.s.open_dm_channel(user).to_payload()

    async def get_application(self, ctx: Ctx) -> tuple[int, Any]:
        s = self.s
        bot = s.bot_user.to_payload()
        return 200, {
            "id": str(s.app_id),
            "name": s.bot_user.name,
            "icon": None,
            "description": "",
            "summary": "",
            "type": None,
            "hook": True,
            "bot_public": True,
            "bot_require_code_grant": False,
            "verify_key": "0" * 64,
            "flags": s.application_flags,
            "owner": s.owner.to_payload(),
            "team": None,
            "bot": bot,
            "rpc_origins": [],
            "redirect_uris": [],
            "interactions_endpoint_url": None,
            "role_connections_verification_url": None,
            "tags": [],
            "install_params": {"scopes": ["bot", "applications.commands"], "permissions": "0"},
            "integration_types_config": {"0": {}},
            "approximate_guild_count": len(s.guilds),
            "approximate_user_install_count": 0,
        }

    # ------------------------------------------------------------------ commands
    def _command_scope(self, application_id: str, guild_id: str | None) -> int | None:
        if application_id != str(self.s.app_id):
            raise unknown("Application", 10002)
        if guild_id is None:
            return None
        guild = self.s.find_guild(guild_id)
        if guild is None:
            raise ApiError(403, 50001, "Missing Access")
        return guild.id

    async def list_commands(self, ctx: Ctx, application_id: str, guild_id: str | None = None) -> tuple[int, Any]:
        scope = self._command_scope(application_id, guild_id)
        return 200, [c.to_payload() for c in self.s.registered_commands(scope)]

    async def put_commands(self, ctx: Ctx, application_id: str, guild_id: str | None = None) -> tuple[int, Any]:
        scope = self._command_scope(application_id, guild_id)
        body = ctx.body if ctx.body is not None else []
        self._problems(ctx, limits.commands_problems(body, guild=scope is not None))
        commands = self.s.set_commands(scope, body)
        return 200, [c.to_payload() for c in commands]

    # ------------------------------------------------------------------ application emojis
    def _application(self, application_id: str) -> None:
        if application_id != str(self.s.app_id):
            raise unknown("Application", 10002)

    def _app_emoji(self, emoji_id: str) -> AppEmoji:
        for emoji in self.s.app_emojis:
            if str(emoji.id) == emoji_id:
                return emoji
        raise unknown("Emoji", 10014)

    async def list_app_emojis(self, ctx: Ctx, application_id: str) -> tuple[int, Any]:
        self._application(application_id)
        return 200, {"items": [emoji.to_payload() for emoji in self.s.app_emojis]}

    async def get_app_emoji(self, ctx: Ctx, application_id: str, emoji_id: str) -> tuple[int, Any]:
        self._application(application_id)
        return 200, self._app_emoji(emoji_id).to_payload()

    async def create_app_emoji(self, ctx: Ctx, application_id: str) -> tuple[int, Any]:
        """Like Discord: a name of 2-32 [A-Za-z0-9_] not yet taken, a base64 data-URI image of at most 256 KiB,
        at most 2,000 emojis per application (400/30008 beyond)."""
        self._application(application_id)
        s = self.s
        body = self._body(ctx)
        name, image = body.get("name"), body.get("image")
        if not isinstance(name, str) or not _EMOJI_NAME.match(name):
            self._problems(ctx, ["name: emoji names are 2-32 characters of A-Z, a-z, 0-9 and _"])
        match = _IMAGE_DATA.match(image) if isinstance(image, str) else None
        data = b""
        if match is not None:
            try:
                data = base64.b64decode(match[2], validate=True)
            except (binascii.Error, ValueError):
                match = None
        if match is None or not data:
            self._problems(ctx, ["image: Invalid image data (a data:image/...;base64, URI)"])
            raise AssertionError("unreachable")
        if len(data) > MAX_EMOJI_BYTES:
            self._problems(ctx, [f"image: {len(data)} bytes, the maximum is {MAX_EMOJI_BYTES} (256 KiB)"])
        if s.app_emoji(str(name)) is not None:  # refused like Discord, not a violation: the bot may not know
            raise form_error(["name: Application emoji name already taken"])
        if len(s.app_emojis) >= MAX_APP_EMOJIS:
            raise ApiError(400, 30008, f"Maximum number of emojis reached ({MAX_APP_EMOJIS})")
        emoji = AppEmoji(s.snowflake(), str(name), s.bot_user, data, match[1])
        s.app_emojis.append(emoji)
        s.emoji_uploads.append(emoji.name)
        return 201, emoji.to_payload()

    async def delete_app_emoji(self, ctx: Ctx, application_id: str, emoji_id: str) -> tuple[int, Any]:
        self._application(application_id)
        self.s.app_emojis.remove(self._app_emoji(emoji_id))
        return 204, None

    # ------------------------------------------------------------------ interactions
    def _interaction_by_token(self, webhook_id: str, token: str) -> Interaction:
        s = self.s
        if webhook_id != str(s.app_id):
            raise unknown("Webhook", 10015)
        inter = s.interaction_by_token(token)
        if inter is None:
            raise unknown("Webhook", 10015)
        if s.clock.now() > inter.expires_at:
            raise ApiError(401, 50027, "Invalid Webhook Token")
        return inter

    async def callback(self, ctx: Ctx, interaction_id: str, interaction_token: str) -> tuple[int, Any]:
        s = self.s
        inter = s.interaction_by_id(interaction_id)
        if inter is None or inter.token != interaction_token:
            s.violation(ctx.method, ctx.shown_path, "callback for an unknown interaction")
            raise unknown("interaction", 10062)
        body = self._body(ctx)
        now = s.clock.now()
        if inter.acknowledged:
            s.violation(ctx.method, ctx.shown_path, f"interaction {inter.describe()} acknowledged twice")
            raise ApiError(400, 40060, "Interaction has already been acknowledged.")
        elapsed = now - inter.created_at
        if inter.late or elapsed > s.ack_deadline:
            ctype = body.get("type")
            s.record_late_callback(inter, ctx.method, ctx.shown_path, ctype if isinstance(ctype, int) else None)
            raise unknown("interaction", 10062)
        problems = limits.callback_problems(body, inter.type)
        ctype = body.get("type")
        updates = (CallbackType.DEFERRED_UPDATE_MESSAGE, CallbackType.UPDATE_MESSAGE)
        if ctype in updates and inter.type == InteractionType.MODAL_SUBMIT and inter.source_message is None:
            problems.append(f"type: callback type {ctype} needs a message (modal was not opened from a component)")
        self._problems(ctx, problems)
        data = body.get("data") or {}
        inter.callback, inter.callback_type, inter.acked_at = body, ctype, now
        msg: Message | None = None
        if ctype == CallbackType.CHANNEL_MESSAGE_WITH_SOURCE:
            msg = await s.create_message(
                inter.channel, data, interaction=inter, ephemeral=bool((data.get("flags") or 0) & MessageFlag.EPHEMERAL)
            )
            inter.original_message_id = msg.id
        elif ctype == CallbackType.DEFERRED_CHANNEL_MESSAGE_WITH_SOURCE:
            msg = await s.create_message(
                inter.channel,
                {"flags": data.get("flags") or 0},
                interaction=inter,
                ephemeral=bool((data.get("flags") or 0) & MessageFlag.EPHEMERAL),
                loading=True,
            )
            inter.original_message_id = msg.id
            inter.loading = True
        elif ctype == CallbackType.DEFERRED_UPDATE_MESSAGE:
            msg = inter.source_message
            inter.original_message_id = msg.id if msg else None
        elif ctype == CallbackType.UPDATE_MESSAGE:
            msg = inter.source_message
            assert msg is not None
            self._check_not_empty(ctx, msg, data)
            await s.edit_message(msg, data)
            inter.original_message_id = msg.id
        s.notify()
        if not ctx.flag("with_response"):
            return 204, None
        info: JSON = {"id": str(inter.id), "type": inter.type}
        if msg is not None:
            info.update(
                {
                    "response_message_id": str(msg.id),
                    "response_message_loading": msg.loading,
                    "response_message_ephemeral": msg.ephemeral,
                }
            )
        result: JSON = {"interaction": info}
        if msg is not None and ctype in (CallbackType.CHANNEL_MESSAGE_WITH_SOURCE, CallbackType.UPDATE_MESSAGE):
            result["resource"] = {"type": ctype, "message": msg.to_payload()}
        return 200, result

    def _check_not_empty(self, ctx: Ctx, msg: Message, body: JSON, new_files: int = 0) -> None:
        def has(key: str, current: Any) -> bool:
            return bool(body[key]) if key in body else bool(current)

        if not (
            has("content", msg.content)
            or has("embeds", msg.embeds)
            or has("components", msg.components)
            or has("attachments", msg.attachments)
            or new_files
            or msg.poll
        ):
            self.s.violation(ctx.method, ctx.shown_path, "edit would leave the message empty")
            raise ApiError(400, 50006, "Cannot send an empty message")

    async def execute_webhook(self, ctx: Ctx, webhook_id: str, webhook_token: str) -> tuple[int, Any]:
        s = self.s
        inter = self._interaction_by_token(webhook_id, webhook_token)
        body = self._body(ctx)
        if not inter.acknowledged:
            s.violation(ctx.method, ctx.shown_path, f"followup for {inter.describe()} before acknowledging it")
            raise unknown("Webhook", 10015)
        problems = limits.message_problems(body, require_content=not ctx.files)
        self._problems(ctx, problems)
        original = inter.message
        if inter.loading and original is not None and original.loading:
            # The first followup after a "thinking" defer fills in the loading message.
            await s.edit_message(original, body, files=ctx.files)
            inter.loading = False
            msg = original
        else:
            msg = await s.create_message(
                inter.channel,
                body,
                interaction=inter,
                ephemeral=bool((body.get("flags") or 0) & MessageFlag.EPHEMERAL),
                files=ctx.files,
                followup=True,
            )
            inter.followup_ids.append(msg.id)
        if not ctx.flag("wait"):
            return 204, None
        return 200, msg.to_payload()

    def _webhook_message(self, inter: Interaction, message_id: str) -> Message:
        if message_id == "@original":
            msg = inter.message
        else:
            msg = self.s.get_message(int(message_id)) if message_id.isdigit() else None
            if msg is not None and msg.id != inter.original_message_id and msg.id not in inter.followup_ids:
                foreign_ephemeral = msg.ephemeral
                if foreign_ephemeral or msg.webhook_id != self.s.app_id or msg.channel is not inter.channel:
                    msg = None
        if msg is None or msg.deleted:
            raise unknown("Message", 10008)
        return msg

    async def get_webhook_message(
        self, ctx: Ctx, webhook_id: str, webhook_token: str, message_id: str
    ) -> tuple[int, Any]:
        inter = self._interaction_by_token(webhook_id, webhook_token)
        return 200, self._webhook_message(inter, message_id).to_payload()

    async def edit_webhook_message(
        self, ctx: Ctx, webhook_id: str, webhook_token: str, message_id: str
    ) -> tuple[int, Any]:
        inter = self._interaction_by_token(webhook_id, webhook_token)
        msg = self._webhook_message(inter, message_id)
        body = self._body(ctx)
        self._problems(ctx, limits.message_problems(body))
        self._check_not_empty(ctx, msg, body, len(ctx.files))
        await self.s.edit_message(msg, body, files=ctx.files)
        if msg.id == inter.original_message_id:
            inter.loading = False
        return 200, msg.to_payload()

    async def delete_webhook_message(
        self, ctx: Ctx, webhook_id: str, webhook_token: str, message_id: str
    ) -> tuple[int, Any]:
        inter = self._interaction_by_token(webhook_id, webhook_token)
        msg = self._webhook_message(inter, message_id)
        await self.s.delete_message(msg)
        return 204, None

    # ------------------------------------------------------------------ channels & messages
    def _channel(self, channel_id: str) -> Channel:
        channel = self.s.find_channel(channel_id)
        if channel is None:
            raise unknown("Channel", 10003)
        return channel

    def _require(self, channel: Channel, perms: int) -> None:
        if channel.guild is None:  # the bot's own DM: only messaging actions make sense there
            if perms & ~_DM_PERMISSIONS:
                raise ApiError(403, 50003, "Cannot execute action on a DM channel")
            return
        have = channel.guild.permissions_of(self.s.bot_user)
        if have & perms != perms:
            raise ApiError(403, 50013, "Missing Permissions")

    def _public_message(self, channel: Channel, message_id: str) -> Message:
        msg = self.s.get_message(int(message_id)) if message_id.isdigit() else None
        # Ephemeral messages do not exist as far as the channel endpoints are concerned.
        if msg is None or msg.deleted or msg.ephemeral or msg.channel is not channel:
            raise unknown("Message", 10008)
        return msg

    async def get_channel(self, ctx: Ctx, channel_id: str) -> tuple[int, Any]:
        channel = self._channel(channel_id)
        return 200, channel.to_payload()

    async def patch_channel(self, ctx: Ctx, channel_id: str) -> tuple[int, Any]:
        channel = self._channel(channel_id)
        body = self._body(ctx)
        if channel.is_dm:
            raise ApiError(400, 50024, "Cannot execute action on this channel type")
        if channel.is_thread:
            if channel.owner_id != self.s.bot_user.id:
                self._require(channel, Perm.MANAGE_THREADS)
        else:
            self._require(channel, Perm.MANAGE_CHANNELS)
        if "name" in body:
            name = body["name"]
            if not isinstance(name, str) or not 1 <= len(name) <= 100:
                self._problems(ctx, ["name: channel names are 1..100 characters"])
            channel.name = name
        for key in ("archived", "locked"):
            if key in body:
                setattr(channel, key, bool(body[key]))
        if "auto_archive_duration" in body:
            channel.auto_archive_duration = int(body["auto_archive_duration"])
        if "topic" in body and not channel.is_thread:
            channel.topic = body["topic"]
        event = "THREAD_UPDATE" if channel.is_thread else "CHANNEL_UPDATE"
        await self.s.gateway.dispatch(event, channel.to_payload())
        return 200, channel.to_payload()

    async def delete_channel(self, ctx: Ctx, channel_id: str) -> tuple[int, Any]:
        channel = self._channel(channel_id)
        if channel.is_dm:  # "closes" the DM: it stays the same channel, reopened by the next create_dm
            return 200, channel.to_payload()
        self._require(channel, Perm.MANAGE_THREADS if channel.is_thread else Perm.MANAGE_CHANNELS)
        payload = channel.to_payload()
        await self.s.remove_channel(channel)
        return 200, payload

    async def list_messages(self, ctx: Ctx, channel_id: str) -> tuple[int, Any]:
        channel = self._channel(channel_id)
        self._require(channel, Perm.VIEW_CHANNEL | Perm.READ_MESSAGE_HISTORY)
        msgs = self.s.channel_messages(channel)
        limit = max(1, min(int(ctx.query.get("limit", 50)), 100))
        if "before" in ctx.query:
            msgs = [m for m in msgs if m.id < int(ctx.query["before"])]
        if "after" in ctx.query:
            msgs = [m for m in msgs if m.id > int(ctx.query["after"])][:limit]
        if "around" in ctx.query:
            pivot = int(ctx.query["around"])
            older = [m for m in msgs if m.id <= pivot][-(limit // 2 + limit % 2) :]
            newer = [m for m in msgs if m.id > pivot][: limit // 2]
            msgs = older + newer
        reads = self.s.reads_content
        return 200, [self.s.app_view(m, m.to_payload(), reads_content=reads) for m in reversed(msgs[-limit:])]

    async def create_message(self, ctx: Ctx, channel_id: str) -> tuple[int, Any]:
        s = self.s
        channel = self._channel(channel_id)
        send = Perm.SEND_MESSAGES_IN_THREADS if channel.is_thread else Perm.SEND_MESSAGES
        self._require(channel, Perm.VIEW_CHANNEL | send)
        body = self._body(ctx)
        problems = limits.message_problems(body, require_content=not ctx.files)
        if (body.get("flags") or 0) & MessageFlag.EPHEMERAL:
            problems.append("flags: EPHEMERAL only exists for interaction responses")
        self._problems(ctx, problems)
        if channel.is_dm and (channel.recipient is None or not s.can_dm(channel.recipient)):
            # Checked after the body so that a bad body is a violation even when DMs are closed.
            s.record_refused_dm(channel, body)
            raise ApiError(403, 50007, "Cannot send messages to this user")
        if channel.is_thread and channel.archived:
            if channel.locked:
                raise ApiError(400, 50083, "Thread is archived")
            channel.archived = False
            await s.gateway.dispatch("THREAD_UPDATE", channel.to_payload())
        msg = await s.create_message(channel, body, files=ctx.files)
        return 200, msg.to_payload()

    async def get_message(self, ctx: Ctx, channel_id: str, message_id: str) -> tuple[int, Any]:
        channel = self._channel(channel_id)
        self._require(channel, Perm.VIEW_CHANNEL | Perm.READ_MESSAGE_HISTORY)
        msg = self._public_message(channel, message_id)
        return 200, self.s.app_view(msg, msg.to_payload(), reads_content=self.s.reads_content)

    async def edit_message(self, ctx: Ctx, channel_id: str, message_id: str) -> tuple[int, Any]:
        channel = self._channel(channel_id)
        msg = self._public_message(channel, message_id)
        body = self._body(ctx)
        if msg.author is not self.s.bot_user:
            raise ApiError(403, 50005, "Cannot edit a message authored by another user")
        self._problems(ctx, limits.message_problems(body))
        self._check_not_empty(ctx, msg, body, len(ctx.files))
        await self.s.edit_message(msg, body, files=ctx.files)
        return 200, msg.to_payload()

    async def delete_message(self, ctx: Ctx, channel_id: str, message_id: str) -> tuple[int, Any]:
        channel = self._channel(channel_id)
        msg = self._public_message(channel, message_id)
        if msg.author is not self.s.bot_user:
            self._require(channel, Perm.MANAGE_MESSAGES)
        await self.s.delete_message(msg)
        return 204, None

    async def create_thread(self, ctx: Ctx, channel_id: str, message_id: str | None = None) -> tuple[int, Any]:
        parent = self._channel(channel_id)
        if parent.is_dm:
            raise ApiError(403, 50003, "Cannot execute action on a DM channel")
        if parent.is_thread:
            raise ApiError(400, 50024, "Cannot execute action on this channel type")
        body = self._body(ctx)
        name = body.get("name")
        if not isinstance(name, str) or not 1 <= len(name) <= 100:
            self._problems(ctx, ["name: thread names are 1..100 characters"])
            raise AssertionError("unreachable")
        ttype = ChannelType.PUBLIC_THREAD if message_id else int(body.get("type") or ChannelType.PRIVATE_THREAD)
        needed = Perm.CREATE_PRIVATE_THREADS if ttype == ChannelType.PRIVATE_THREAD else Perm.CREATE_PUBLIC_THREADS
        self._require(parent, Perm.VIEW_CHANNEL | needed)
        if message_id is not None:
            self._public_message(parent, message_id)
        thread = self.s.add_thread(
            parent,
            name,
            owner=self.s.bot_user,
            private=ttype == ChannelType.PRIVATE_THREAD,
            thread_id=int(message_id) if message_id else None,
            auto_archive_duration=int(body.get("auto_archive_duration") or 1440),
        )
        await self.s.flush_dispatches()
        return 201, thread.to_payload()

    # ------------------------------------------------------------------ guilds
    def _guild(self, guild_id: str) -> Any:
        guild = self.s.find_guild(guild_id)
        if guild is None:
            raise unknown("Guild", 10004)
        return guild

    async def get_member(self, ctx: Ctx, guild_id: str, user_id: str) -> tuple[int, Any]:
        guild = self._guild(guild_id)
        uid = self.s.bot_user.id if user_id == "@me" else int(user_id) if user_id.isdigit() else -1
        member = guild.members.get(uid)
        if member is None:
            raise unknown("Member", 10007)
        return 200, member.to_payload()

    def _member_and_role(self, guild_id: str, user_id: str, role_id: str) -> tuple[Any, Member, Role]:
        """The guild, member and role a member-role call names, if the bot may manage that role: Manage Roles (or
        Administrator), and the role below the bot's highest one, neither @everyone nor a managed role (the guild's
        owner may manage any); 404 for an unknown one, 403/50013 otherwise, as Discord answers."""
        guild = self._guild(guild_id)
        member = guild.members.get(int(user_id)) if user_id.isdigit() else None
        if member is None:
            raise unknown("Member", 10007)
        role = guild.role(int(role_id)) if role_id.isdigit() else None
        if role is None:
            raise unknown("Role", 10011)
        bot = self.s.bot_user
        if not guild.permissions_of(bot) & Perm.MANAGE_ROLES:
            raise ApiError(403, 50013, "Missing Permissions")
        if role is guild.everyone or role.managed:
            raise ApiError(403, 50013, "Missing Permissions")
        if bot.id != guild.owner_id and role.position >= guild.top_position(bot):
            raise ApiError(403, 50013, "Missing Permissions")
        return guild, member, role

    async def add_member_role(self, ctx: Ctx, guild_id: str, user_id: str, role_id: str) -> tuple[int, Any]:
        guild, member, role = self._member_and_role(guild_id, user_id, role_id)
        if role not in member.roles:
            member.roles.append(role)
            await self.s.gateway.dispatch("GUILD_MEMBER_UPDATE", {**member.to_payload(), "guild_id": str(guild.id)})
        return 204, None

    async def remove_member_role(self, ctx: Ctx, guild_id: str, user_id: str, role_id: str) -> tuple[int, Any]:
        guild, member, role = self._member_and_role(guild_id, user_id, role_id)
        if role in member.roles:
            member.roles.remove(role)
            await self.s.gateway.dispatch("GUILD_MEMBER_UPDATE", {**member.to_payload(), "guild_id": str(guild.id)})
        return 204, None
