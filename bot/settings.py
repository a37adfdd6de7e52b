"""Runtime settings, read from the environment or a `.env` file (pydantic-settings).

Every setting is listed in the settings table of docs/operating.md.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated, Any, Literal

from pydantic import AliasChoices, BeforeValidator, Field, SecretStr, ValidationInfo, field_validator
from pydantic_settings import BaseSettings, NoDecode, SettingsConfigDict

from bot.storage import is_postgres

ROOT = Path(__file__).resolve().parent.parent
DATA_DIR = ROOT / "data"


def _database(value: object) -> object:
    """A `postgresql://` URL stays text (a path would fold its `//`); anything else is a SQLite file path."""
    if isinstance(value, str) and not is_postgres(value):
        return Path(value)
    return value


DatabaseLocation = Annotated[Path | str, BeforeValidator(_database)]  # `bot.storage.Database.open` takes either


class Settings(BaseSettings):
    model_config = SettingsConfigDict(env_prefix="CARDROOM_", env_file=".env", extra="ignore")

    discord_token: SecretStr | None = Field(
        default=None, validation_alias=AliasChoices("DISCORD_TOKEN", "CARDROOM_DISCORD_TOKEN")
    )
    database: DatabaseLocation = DATA_DIR / "cardroom.sqlite3"  # a SQLite file, or a postgresql:// URL
    api_base_url: str = "https://discord.com"
    application_id: int | None = None
    dev_guild_id: int | None = None
    table_edit_delay: float = Field(default=1.2, ge=0.0, le=10.0)  # 5 edits per 5 s per channel at most
    durability: Literal["full", "normal"] = "full"
    lobby_expiry: float = Field(default=86_400.0, gt=0)  # seconds before a lobby nobody started closes itself
    time_scale: float = Field(default=1.0, gt=0, le=1)  # every duration is multiplied by it (tests: 0.001)
    watching: float = Field(default=60.0, ge=0, le=3600)  # seconds: who acted this recently is not pinged again
    integrity_check: Literal["auto", "full", "quick", "off"] = "auto"  # SQLite's check of the file at start
    log_level: str = "INFO"
    log_format: Literal["plain", "json"] = "plain"  # json: one object a line, for a log collector
    metrics_port: int | None = Field(default=None, ge=0, le=65535)  # /metrics, /healthz, /readyz (None: off)
    metrics_host: str = "0.0.0.0"  # the interface the operator's port listens on
    computer_budget: float = Field(default=1.0, gt=0, le=10)  # seconds a computer player thinks per move
    computer_workers: int = Field(default=1, ge=0, le=64)  # processes for computer players (0: a thread of the bot)
    computer_floor: float = Field(default=2.0, ge=0, le=60)  # seconds between two computer moves at a table
    emojis: bool = True  # card faces as application emojis, uploaded at start (0: text faces only)
    table_cache: int = Field(default=5000, ge=1)  # open tables held in memory (least recently used out first)
    repair_rate: float = Field(default=5.0, gt=0, le=40)  # tables per second brought up to date after a restart
    # Discord's shards: how many the whole bot runs (None: Discord's recommended count, all in this process)...
    shard_count: int | None = Field(default=None, ge=1)
    # ...and which of them this process runs (None: all); "0,2" or "[0, 2]" in the environment.
    shard_ids: Annotated[list[int] | None, NoDecode] = None

    @field_validator("shard_ids", mode="before")
    @classmethod
    def _shard_id_list(cls, value: Any) -> Any:
        """`CARDROOM_SHARD_IDS` as a JSON list or as comma-separated numbers ("0,2"); blank: None."""
        if not isinstance(value, str):
            return value
        text = value.strip()
        if not text:
            return None
        if text.startswith("["):
            return json.loads(text)  # a ValueError is reported as the setting's error
        return [part.strip() for part in text.split(",")]

    @field_validator("shard_ids")
    @classmethod
    def _shards_fit(cls, ids: list[int] | None, info: ValidationInfo) -> list[int] | None:
        count = info.data.get("shard_count")  # validated before (declared before)
        if ids is None:
            return None
        if count is None:
            raise ValueError("needs shard_count (CARDROOM_SHARD_COUNT): the ids are shards out of that count")
        if not ids:
            raise ValueError("is empty: a process runs at least one shard")
        outside = sorted(i for i in ids if not 0 <= i < count)
        if outside:
            raise ValueError(f"{outside} not within 0..{count - 1} (shard_count {count})")
        if len(set(ids)) != len(ids):
            raise ValueError("lists a shard twice")
        return ids
