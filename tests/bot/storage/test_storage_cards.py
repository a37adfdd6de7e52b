"""Version 7: a person's card faces (`players.cards`) and the art of the uploaded card emojis (`card_emojis`)."""

from __future__ import annotations

from dataclasses import replace

from bot.storage import CardEmojiArt, Database, PlayerSettings


async def test_a_person_s_card_faces_are_kept_with_their_other_settings(storage_db: Database) -> None:
    assert (await storage_db.players.get(7)).cards == "emoji" and await storage_db.players.cards_mode(7) == "emoji"
    await storage_db.players.save(PlayerSettings(user_id=7, notify="dm", cards="text"))
    assert await storage_db.players.get(7) == PlayerSettings(user_id=7, notify="dm", cards="text")
    assert await storage_db.players.cards_mode(7) == "text"
    assert (await storage_db.players.many([7, 8]))[7].cards == "text"
    await storage_db.players.save(replace(await storage_db.players.get(7), cards="emoji"))
    assert await storage_db.players.cards_mode(7) == "emoji" and (await storage_db.players.get(7)).notify == "dm"


async def test_the_database_keeps_the_card_emoji_upload_log(storage_db: Database) -> None:
    assert await storage_db.emojis.uploaded() == {}
    first = {"card_1": CardEmojiArt(5, "aaaa0000"), "card_2": CardEmojiArt(6, "b")}
    await storage_db.emojis.note(first, [])
    await storage_db.emojis.note({"card_2": CardEmojiArt(7, "c")}, ["card_1"])
    assert await storage_db.emojis.uploaded() == {"card_2": CardEmojiArt(7, "c")}
