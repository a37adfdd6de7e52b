"""The Compose file (`compose.yaml`): PostgreSQL and two bot processes, one per shard of 2, built from the
repository's Dockerfile, plus an optional rate-limit proxy. Read as YAML (no Docker needed); every setting given to
the bots is a setting of `bot/settings.py`, and the bots' settings are valid ones."""

from __future__ import annotations

import json
import os
import re
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest
import yaml

from bot.settings import Settings

ROOT = Path(__file__).resolve().parent.parent
BOTS = ("cardroom-0", "cardroom-1")
VARIABLE = re.compile(r"\$\{(\w+)(?::([-?])([^}]*))?\}")
TOKEN = "compose-test-token"


def compose() -> dict[str, Any]:
    loaded = yaml.safe_load((ROOT / "compose.yaml").read_text(encoding="utf-8"))
    assert isinstance(loaded, dict)
    return loaded


def interpolated(value: object) -> str:
    """A value as Compose gives it with only DISCORD_TOKEN set: `${X:-default}` is its default."""

    def one(match: re.Match[str]) -> str:
        name, kind, rest = match[1], match[2], match[3]
        if name == "DISCORD_TOKEN":
            return TOKEN
        assert kind == "-", f"${{{name}}} has no default: Compose would fail without it"
        return rest

    return VARIABLE.sub(one, str(value))


def environment(service: str) -> dict[str, str]:
    env = compose()["services"][service]["environment"]
    assert isinstance(env, dict), f"{service}: environment as a mapping"
    return {name: interpolated(value) for name, value in env.items()}


def test_postgres_and_two_bots_from_the_dockerfile_and_an_optional_proxy() -> None:
    services = compose()["services"]
    assert set(services) == {"postgres", *BOTS, "nirn-proxy", "prometheus", "grafana"}
    for bot in BOTS:
        build = services[bot]["build"]
        context = build if isinstance(build, str) else build["context"]
        assert (ROOT / context / "Dockerfile").is_file()
        assert services[bot]["depends_on"]["postgres"]["condition"] == "service_healthy"
        assert "profiles" not in services[bot]
    assert services["postgres"]["image"].startswith("postgres:") and "healthcheck" in services["postgres"]
    proxy = services["nirn-proxy"]
    assert proxy["image"].startswith("ghcr.io/germanoeich/nirn-proxy:") and proxy["profiles"] == ["proxy"]


@pytest.mark.parametrize("bot", BOTS)
def test_every_bot_setting_is_a_setting_and_valid(bot: str, monkeypatch: pytest.MonkeyPatch) -> None:
    env = environment(bot)
    fields = {f"CARDROOM_{name.upper()}" for name in Settings.model_fields} | {"DISCORD_TOKEN"}
    assert set(env) <= fields, set(env) - fields
    for name in list(os.environ):
        if name.startswith("CARDROOM_") or name == "DISCORD_TOKEN":
            monkeypatch.delenv(name)
    for name, value in env.items():
        monkeypatch.setenv(name, value)
    settings = Settings(_env_file=None)  # type: ignore[call-arg]
    assert settings.discord_token is not None and settings.discord_token.get_secret_value() == TOKEN
    assert settings.api_base_url == "https://discord.com"  # the proxy only when asked for


def test_the_bots_split_the_shards_and_share_the_postgres_database() -> None:
    services = compose()["services"]
    postgres = {name: interpolated(value) for name, value in services["postgres"]["environment"].items()}
    counts, ids = set(), []
    for bot in BOTS:
        env = environment(bot)
        counts.add(int(env["CARDROOM_SHARD_COUNT"]))
        ids += [int(part) for part in env["CARDROOM_SHARD_IDS"].split(",")]
        url = urlsplit(env["CARDROOM_DATABASE"])
        assert url.scheme == "postgresql" and url.hostname == "postgres" and url.port == 5432
        assert (url.username, url.password, url.path) == (
            postgres["POSTGRES_USER"],
            postgres["POSTGRES_PASSWORD"],
            "/" + postgres["POSTGRES_DB"],
        )
    assert counts == {2} and sorted(ids) == [0, 1]  # one count; every shard run once


def test_the_bots_serve_their_metrics_log_json_and_are_checked_for_readiness() -> None:
    services = compose()["services"]
    for bot in BOTS:
        env = environment(bot)
        assert env["CARDROOM_METRICS_PORT"] == "9100" and env["CARDROOM_LOG_FORMAT"] == "json"
        assert services[bot]["healthcheck"]["test"] == ["CMD", "python", "-m", "bot.observe.probe", "/readyz"]
    scraped = yaml.safe_load((ROOT / "deploy" / "prometheus.yml").read_text(encoding="utf-8"))
    targets = [
        target
        for config in scraped["scrape_configs"]
        for group in config["static_configs"]
        for target in group["targets"]
    ]
    assert sorted(targets) == [f"{bot}:9100" for bot in BOTS]  # every bot, on its metrics port
    grafana = services["grafana"]
    mounted = {volume.split(":")[0] for volume in grafana["volumes"]}
    assert {"./deploy/grafana/provisioning", "./deploy/grafana/dashboards"} <= mounted
    assert all((ROOT / path).is_dir() for path in mounted)


METRIC = re.compile(r"\b(cardroom_[a-z_]+|process_[a-z_]+)")
SUFFIXES = ("_total", "_bucket", "_count", "_sum", "_created")


def test_every_dashboard_query_names_a_metric_the_bot_exports() -> None:
    from prometheus_client.parser import text_string_to_metric_families

    from bot.observe import metrics

    exported = {family.name for family in text_string_to_metric_families(metrics.exposition().decode())}
    exported |= {collector.name for collector in (metrics.GATEWAY_LATENCY, metrics.SHARD_CONNECTED, metrics.READY)}
    dashboard = json.loads((ROOT / "deploy" / "grafana" / "dashboards" / "cardroom.json").read_text(encoding="utf-8"))
    queries = [target["expr"] for panel in dashboard["panels"] for target in panel["targets"]]
    assert queries
    for query in queries:
        for name in METRIC.findall(query):
            base = next((name[: -len(end)] for end in SUFFIXES if name.endswith(end)), name)
            assert name in exported or base in exported, f"{query}: {name} is not a metric the bot exports"
