"""Card emojis: the art the bot uploaded under each emoji name (`bot.emojis`'s upload log)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from bot.storage.records import CardEmojiArt
from bot.storage.repos._base import Repository


class EmojiRepository(Repository):
    async def uploaded(self) -> dict[str, CardEmojiArt]:
        """Emoji name -> the art the bot uploaded under it (`bot.emojis`'s upload log)."""
        async with self._reading() as conn:
            rows = await conn.fetch("SELECT name, emoji_id, hash FROM card_emojis")
        return {str(row[0]): CardEmojiArt(int(row[1]), str(row[2])) for row in rows}

    async def note(self, uploaded: Mapping[str, CardEmojiArt], forgotten: Iterable[str]) -> None:
        """Record the card emojis just uploaded and forget those deleted, in one transaction."""
        gone = [(name,) for name in forgotten if name not in uploaded]
        async with self._transaction() as tx:
            if gone:
                await tx.conn.executemany("DELETE FROM card_emojis WHERE name = ?", gone)
            if uploaded:
                await tx.conn.executemany(
                    "INSERT INTO card_emojis (name, emoji_id, hash) VALUES (?, ?, ?)"
                    " ON CONFLICT (name) DO UPDATE SET emoji_id = excluded.emoji_id, hash = excluded.hash",
                    [(name, art.emoji_id, art.hash) for name, art in uploaded.items()],
                )
