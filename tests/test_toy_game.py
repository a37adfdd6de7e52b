"""A game is one unit: a toy game made of its own files (`tests/toy_game/`: its declaration, its renderer; its
engine and catalogues are the conformance suite's toy's) and one line declaring it becomes playable to the end
through the real handlers, with nothing else changed: the lobby, its hands, its moves, its end, `/rules`."""

from __future__ import annotations

import secrets
from collections.abc import AsyncIterator, Iterator
from pathlib import Path

import pytest

from bot import games
from bot.i18n import catalogue
from bot.services.tables import Tables
from cogs.games import catalog
from engines import registry
from tests.bot.services.clocks import Clock
from tests.cogs.test_game_flows import PEOPLE, SEED, Flow, Table, seen
from tests.support.databases import open_new_sqlite
from tests.toy_game import SPEC


@pytest.fixture
def declared(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """The toy declared for this test only (the process's declarations, engines and catalogues as they were after)."""
    monkeypatch.setattr(games, "_sources", dict(games._sources))
    monkeypatch.setattr(registry, "_ENGINES", dict(registry._ENGINES))
    monkeypatch.setattr(games, "_generation", games.generation())
    monkeypatch.setattr(catalog, "_specs", {})
    monkeypatch.setattr(catalog, "_generation", -1)
    catalogue.cache_clear()
    games.add(SPEC)  # the one line
    yield
    catalogue.cache_clear()


@pytest.fixture
async def service(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> AsyncIterator[Tables]:
    monkeypatch.setattr(secrets, "randbits", lambda bits: SEED % 2**bits)
    db = await open_new_sqlite(tmp_path / "cardroom.sqlite3")
    yield Tables(db, clock=Clock())
    await db.close()


def test_the_platform_knows_the_toy_from_its_declaration_alone(declared: None) -> None:
    games.install()
    assert "toy" in registry.names() and catalog.spec("toy") is SPEC
    assert catalog.renderer_for("toy") is SPEC.renderer and SPEC.renderer.game == "toy"
    assert catalog.cards_deck("toy") is not None
    assert catalogue().has("fr", "toy.rules")  # its catalogues, from its own folder


def test_without_its_line_the_toy_is_unknown() -> None:
    assert "toy" not in {source.name for source in games.sources()}
    assert catalog.spec("toy") is None


async def test_a_toy_game_is_played_to_the_end_through_the_real_handlers(declared: None, service: Tables) -> None:
    games.install()
    players = PEOPLE[:2]
    table = Table(service, "toy")
    await table.open(Flow(2, {"pass_round": "false"}, 3), players)
    assert "Toy" in seen(table.channel_message())
    await table.play(Flow(2, {}, 3), players)
    assert (await table.version())[0] == "finished", "\n".join(table.golden[-40:])
    await table.the_end(players)
    shown = "\n".join(table.golden)
    end = shown[shown.index("=== the table at the end") :]
    assert "field Final standings: 1. 🏆 Ada" in end and "\n2. Bea" in end
    assert "=== Bea's last hand\ntitle: Jouet — Bea\ndescription: Partie terminée." in end  # in her language
    assert "title: How to play Toy\ndescription: Everyone gets one secret card." in end  # /rules, its catalogue
    assert "toy.measure.name" not in end  # every text it shows is in its own catalogue
