"""Which servers this process serves: Discord's shard rule and the shards the process runs.

Discord sends a server's events (its interactions included) to the gateway session of shard
`(guild_id >> 22) % shard_count`, and direct messages to shard 0. N processes each running some of the
shards therefore split the servers between them; what a process does for the tables of every server at
start (repairs, pings) it does only for the servers of its own shards. Work that must happen once for the
whole bot (registering the slash commands, uploading the card emojis) is done by the process that runs
shard 0.
"""

from __future__ import annotations

from dataclasses import dataclass


def shard_of(guild_id: int | None, shard_count: int) -> int:
    """The shard Discord sends a server's events to; direct messages (no server) go to shard 0."""
    if shard_count < 1:
        raise ValueError(f"shard_count must be at least 1, not {shard_count}")
    if guild_id is None:
        return 0
    return (guild_id >> 22) % shard_count


@dataclass(frozen=True)
class ProcessShards:
    """The shards this process runs.

    `count` None: Discord's recommended count, every shard in this process. `ids` None: every shard of
    `count` in this process. Either way the process serves every server.
    """

    count: int | None = None
    ids: tuple[int, ...] | None = None

    def __post_init__(self) -> None:
        if self.count is not None and self.count < 1:
            raise ValueError(f"shard count must be at least 1, not {self.count}")
        if self.ids is not None:
            if self.count is None:
                raise ValueError("shard ids need a shard count")
            if not self.ids or any(not 0 <= shard < self.count for shard in self.ids):
                raise ValueError(f"shard ids {list(self.ids)} are not within 0..{self.count - 1}")

    @classmethod
    def of(cls, count: int | None, ids: list[int] | None) -> ProcessShards:
        """From the settings `shard_count` and `shard_ids`."""
        return cls(count, None if ids is None else tuple(sorted(set(ids))))

    @property
    def serves_all(self) -> bool:
        """This process runs every shard (one process for the whole bot)."""
        return self.count is None or self.ids is None or len(self.ids) == self.count

    @property
    def leads(self) -> bool:
        """This process runs shard 0: it does what must happen once for the whole bot."""
        return self.ids is None or 0 in self.ids

    def serves(self, guild_id: int | None) -> bool:
        """Whether the events of this server (None: a direct message) come to this process."""
        if self.serves_all:
            return True
        assert self.count is not None and self.ids is not None
        return shard_of(guild_id, self.count) in self.ids

    def describe(self) -> str:
        if self.count is None:
            return "every shard (Discord's recommended count)"
        if self.ids is None:
            return f"every shard of {self.count}"
        return f"shard{'s' if len(self.ids) > 1 else ''} {', '.join(map(str, self.ids))} of {self.count}"
