"""Building blocks of the card data files (`data/cards/*.json`) that a person can correct: strict models, so a
misspelt field or a wrong type is refused with the card named, and texts in both languages."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict, field_validator


class StrictData(BaseModel):
    """A part of a card data file: frozen, no unknown field, no type coercion."""

    model_config = ConfigDict(frozen=True, extra="forbid", strict=True)


class Bilingual(StrictData):
    """A text in French and English, neither of them blank."""

    fr: str
    en: str

    @field_validator("fr", "en")
    @classmethod
    def _not_blank(cls, value: str) -> str:
        if not value.strip():
            raise ValueError("must not be empty")
        return value
