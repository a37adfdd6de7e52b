"""The stand-in's application emojis (`/applications/{id}/emojis`): Discord's rules on names, images, duplicates and
the 2,000 limit, and answers in Discord's shapes."""

from __future__ import annotations

import base64

import aiohttp

from tests.tools.standin.support import RawRest
from tools.standin import StandIn, openapi_available
from tools.standin.openapi import response_body_problems
from tools.standin.rest import MAX_APP_EMOJIS

PNG = b"\x89PNG\r\n\x1a\n" + bytes(64)


def image(data: bytes = PNG, kind: str = "png") -> str:
    return f"data:image/{kind};base64," + base64.b64encode(data).decode()


def shape_problems(method: str, path: str, body: object, status: int) -> list[str]:
    return response_body_problems(method, path, body, status=status) if openapi_available() else []


async def test_create_list_get_delete(standin: StandIn) -> None:
    base = f"/applications/{standin.app_id}/emojis"
    async with aiohttp.ClientSession() as http:
        rest = RawRest(standin, http)
        status, created, _ = await rest.request("POST", base, {"name": "cr_KS_a1b2", "image": image()})
        assert status == 201 and created["name"] == "cr_KS_a1b2" and created["user"]["id"] == str(standin.bot_user.id)
        assert shape_problems("POST", base, created, 201) == []
        status, listed, _ = await rest.request("GET", base)
        assert status == 200 and [e["id"] for e in listed["items"]] == [created["id"]]
        assert shape_problems("GET", base, listed, 200) == []
        status, one, _ = await rest.request("GET", f"{base}/{created['id']}")
        assert status == 200 and one == created
        assert (await rest.request("DELETE", f"{base}/{created['id']}"))[0] == 204
        status, gone, _ = await rest.request("DELETE", f"{base}/{created['id']}")
        assert (status, gone["code"]) == (404, 10014)
        assert (await rest.request("GET", "/applications/1/emojis"))[1]["code"] == 10002
    assert standin.emoji_uploads == ["cr_KS_a1b2"] and standin.app_emojis == [] and standin.violations == []


async def test_bad_names_and_images_are_refused_as_violations(standin: StandIn) -> None:
    base = f"/applications/{standin.app_id}/emojis"
    async with aiohttp.ClientSession() as http:
        rest = RawRest(standin, http)
        for body in (
            {"name": "x", "image": image()},  # too short
            {"name": "card-KS", "image": image()},  # a character Discord refuses
            {"name": "cr_KS", "image": "not a data uri"},
            {"name": "cr_KS", "image": "data:image/png;base64,@@@"},
            {"name": "cr_KS", "image": image(kind="bmp")},
            {"name": "cr_KS", "image": image(PNG + bytes(256 * 1024))},  # over 256 KiB
        ):
            status, answer, _ = await rest.request("POST", base, body)
            assert (status, answer["code"]) == (400, 50035), body["name"]
    assert standin.app_emojis == [] and len(standin.violations) >= 6


async def test_a_taken_name_and_the_limit_are_refused_like_discord(standin: StandIn) -> None:
    base = f"/applications/{standin.app_id}/emojis"
    standin.add_app_emoji("cr_KS_a1b2")
    async with aiohttp.ClientSession() as http:
        rest = RawRest(standin, http)
        status, answer, _ = await rest.request("POST", base, {"name": "cr_KS_a1b2", "image": image()})
        assert (status, answer["code"]) == (400, 50035) and "already taken" in str(answer["errors"])
        for index in range(MAX_APP_EMOJIS - 1):
            standin.add_app_emoji(f"seeded_{index}")
        status, answer, _ = await rest.request("POST", base, {"name": "one_too_many", "image": image()})
        assert (status, answer["code"]) == (400, 30008)
    assert standin.violations == [] and len(standin.app_emojis) == MAX_APP_EMOJIS
