"""OpenAPI request-body validation. Without the spec file the tests that need it are skipped with the reason, and
fail in CI (the `openapi_spec` fixture, tests/conftest.py)."""

from __future__ import annotations

from pathlib import Path

import aiohttp
import pytest

from tests.tools.standin.support import RawRest, World
from tools.standin import StandIn
from tools.standin.openapi import default_spec_path, openapi_available, request_body_problems, spec_operation


def test_absent_spec_disables_validation(tmp_path: Path) -> None:
    missing = tmp_path / "nope" / "openapi.json"
    assert openapi_available(missing) is False
    assert request_body_problems("POST", "/channels/1/messages", {"content": 5}, spec_path=missing) == []


def test_default_spec_location_is_outside_the_repo(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("STANDIN_OPENAPI_SPEC", raising=False)
    repo = Path(__file__).resolve().parents[3]
    assert default_spec_path() == repo.parent / "shared" / "discord-api-spec" / "openapi.json"


@pytest.fixture
def spec(openapi_spec: Path) -> Path:
    return openapi_spec


def test_spec_catches_malformed_bodies(spec: Path) -> None:
    assert request_body_problems("POST", "/channels/1/messages", {"content": "hi", "tts": False}, spec_path=spec) == []
    problems = request_body_problems("POST", "/channels/1/messages", {"content": 5}, spec_path=spec)
    assert problems and "content" in problems[0]
    bad_button = {"type": 1, "components": [{"type": 2, "style": 1, "label": "x", "custom_id": "c" * 101}]}
    problems = request_body_problems(
        "POST", "/interactions/1/tok/callback", {"type": 4, "data": {"components": [bad_button]}}
    )
    assert any("custom_id" in p for p in problems), problems


def test_operation_lookup_prefers_literal_segments(spec: Path) -> None:
    assert (
        spec_operation("PATCH", "/webhooks/1/tok/messages/@original", spec_path=spec)
        == "update_original_webhook_message"
    )
    assert spec_operation("PATCH", "/webhooks/1/tok/messages/42", spec_path=spec) == "update_webhook_message"


def test_snowflakes_may_be_integers(spec: Path) -> None:
    body = {"content": "hi", "allowed_mentions": {"parse": [], "users": [1234]}}
    assert request_body_problems("POST", "/channels/1/messages", body, spec_path=spec) == []


async def test_standin_records_spec_violations(spec: Path, standin: StandIn, world: World) -> None:
    async with aiohttp.ClientSession() as http:
        rest = RawRest(standin, http)
        status, _, _ = await rest.request(
            "POST", f"/channels/{world.tables.id}/messages", {"content": "hi", "tts": "yes"}
        )
    assert status == 200  # spec problems are recorded, not enforced
    assert any("openapi" in v and "tts" in v for v in standin.violations), standin.violations
