"""Shared by the tests of the cogs: every card face as an emoji (`card_emojis`)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from bot import emojis
from tests.cogs.render_support import longest_card_emojis


@pytest.fixture
def card_emojis() -> Iterator[None]:
    """Every face as an emoji, with the longest ids Discord gives: the longest text a face takes."""
    emojis.install(longest_card_emojis())
    yield
    emojis.reset()
