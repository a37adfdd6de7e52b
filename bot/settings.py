"""Runtime settings, read from the environment or a `.env` file (pydantic-settings).

Every setting is listed in the README's settings table.
"""

from __future__ import annotations

from pathlib import Path
from typing import Literal

from pydantic import AliasChoices, Field, SecretStr
from pydantic_settings import BaseSettings, SettingsConfigDict

ROOT = Path(__file__).resolve().parent.parent
DATA_DIR = ROOT / "data"


class Settings(BaseSettings):
    model_config = SettingsConfigDict(env_prefix="CARDROOM_", env_file=".env", extra="ignore")

    discord_token: SecretStr | None = Field(
        default=None, validation_alias=AliasChoices("DISCORD_TOKEN", "CARDROOM_DISCORD_TOKEN")
    )
    database: Path = DATA_DIR / "cardroom.sqlite3"
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
    computer_budget: float = Field(default=1.0, gt=0, le=10)  # seconds a computer player thinks per move
    computer_workers: int = Field(default=1, ge=0, le=64)  # processes for computer players (0: a thread of the bot)
    computer_floor: float = Field(default=2.0, ge=0, le=60)  # seconds between two computer moves at a table
    emojis: bool = True  # card faces as application emojis, uploaded at start (0: text faces only)
    table_cache: int = Field(default=5000, ge=1)  # open tables held in memory (least recently used out first)
    repair_rate: float = Field(default=5.0, gt=0, le=40)  # tables per second brought up to date after a restart
