"""The schema, as an ordered list of versioned migrations.

Schema (version 1)
------------------
`schema_migrations(version, applied_at)`
    One row per applied migration. Created by the runner itself, not by a migration.

`games`
    One row per table, from lobby to its end. Scalar columns plus JSON stored as
    TEXT: `options` (engine options, an object), `seats` (a list of
    `{"user_id", "name"}` in seat order), `state` (the engine's pydantic dump,
    NULL while in lobby). `version` starts at 0 and is incremented by every
    change of the row; every write says which version it expects
    (`UPDATE ... WHERE id = ? AND version = ?`), so of two writers that read the
    same version only the first can apply. `status` is lobby -> active ->
    finished, or lobby/active -> aborted. `ended_at`/`ended_by` record the end.

    `games_open_channel` is a partial UNIQUE index on `channel_id` over the rows
    whose status is lobby or active: the schema itself refuses a second open
    table in a channel, whichever process tries. A finished or aborted game
    leaves the index, so the channel is free again. The same small index serves
    the start-up scan for open games.

    `shown_version` is the version the table's channel message shows; a table
    whose message is behind its row (the bot stopped between a commit and the
    edit) is brought up to date at the next start.
`actions`
    Append-only log of accepted actions, keyed `(game_id, seq)` where `seq` is
    the game version the action produced (so gaps are lobby edits / start, and
    the latest action's seq equals the version of the state it produced).
    Written in the same statement as the state it produced: a committed action
    sets `games.last_seat` and `games.last_action` in its UPDATE, and the trigger
    `actions_append` appends the row, so an ordinary move is one atomic
    statement (one round trip to the database thread). No other write sets
    `last_action`, so no other write can add to the log.

`results`
    One row per seat when a game ends (finished, or aborted with results),
    written in the same transaction as the game's last change. `guild_id` and
    `game` are copied from the game so leaderboards read one indexed table
    (`results_board` on `(guild_id, game, user_id)`); the leaderboard only
    counts games whose status is finished.

Version 2
---------
`games.ping_message_id` is the channel message that last mentioned the players
who must act ("your turn"), so that one posted before a crash is found and
deleted after the restart; the partial index `games_pinged` lists those rows.

Version 3
---------
`deadlines(game_id, seat, kind, due_at)`: what must happen to a table at a
time, whatever the process is doing then; `seat` is -1 for the whole table.
Kinds so far: `lobby`, a lobby that closes itself if not started in time. One
scheduler reads the earliest `due_at` through the index `deadlines_due`; firing
a deadline deletes its row in the same transaction as its effect, so after a
crash an overdue deadline fires once, late, but never twice and never lost.

Version 4
---------
Clocks and people. `games.clock` is the table's clock (JSON, see
`bot.services.clock`; NULL for tables older than clocks), written in the same
transaction as the move that changed it, together with its deadlines (kinds
`remind` and `expire`, one row per seat that must decide).
`games.notified` maps each seat to the decision (the game version at which
it began) it was last told about, so a notification is sent once per decision
even across a restart. `results.clocked_out` marks a player the clock
withdrew. `table_seats(game_id, seat, user_id, since, due_at)` lists the
seats of every running game, `since` set while the seat must decide: the
turns inbox reads one user's rows through `table_seats_user`. `guild_settings`
holds a server's defaults (NULL: the bot's), `players` a person's notification
choice and their away time. `games_open_guild` lists a server's open tables.

Version 6
---------
Ratings (`bot.ratings`, OpenSkill Plackett-Luce). `ratings(guild_id, game,
player, mu, sigma, games, updated_at)`: one rating per server (`guild_id` 0
outside any server), game and holder (`player`: a user id as text, later a
computer level such as `cpu:normal`). `results.mu_before`, `sigma_before`,
`mu_after`, `sigma_after` are the seat's rating around that game, NULL when the
game changed no rating (aborted, ended by the clock with no winner, or older
than ratings until `cardroom ratings --rebuild`). Both are written in the
transaction that stores the finished game's results.

Version 7
---------
`players.cards` is how a person's own hands show cards: `emoji` (the card
pictures, the default) or `text` (text faces, for a screen reader or a taste).
`card_emojis(name, emoji_id, hash)` is the art the bot uploaded as each card
emoji (`bot.emojis`): the content hash of the drawing uploaded under that name
and id, so that redrawn art, which keeps its readable name, replaces the old.

Version 8
---------
One word for one thing: a row from lobby to end is a *table*, and a *game* is
what it plays (Pairs, Hawthorn ...). `games` becomes `tables`, every
`game_id` column `table_id`, and the indexes `tables_open_channel`,
`tables_pinged`, `tables_open_guild`. `results.game` and `ratings.game` keep
their name: they say which game. SQLite rewrites the trigger's body with the
renamed column; PostgreSQL's function body is text, so it is replaced.

Version 9
---------
A player's day (issue 31). `players.notify` also takes `digest` (SQLite
rebuilds the table for its CHECK; PostgreSQL replaces the constraint).
`players.zone` (an IANA time zone), `quiet_start`/`quiet_end` (minutes of
the day in that zone; NULL: no quiet hours), `held_since` (when the first
notification held back by quiet hours was due; NULL: none held),
`auto_away` (spend the yearly away allowance instead of a timeout),
`auto_next` (move on to the next waiting table after a move), the digest's
`digest_at` (minute of the day, local; NULL: when the number of waiting
tables changes), `digest_hours` (at most one digest every so many hours),
`digest_channel_id`/`digest_message_id` (the last digest, replaced by the
next), `digest_sent_at`, `digest_count` (tables listed in it), and
`due_at`, when something is next due for the player (quiet hours ending,
a digest), read through the partial index `players_due`.
`guild_settings.quiet_cap` caps a member's quiet hours (hours; NULL: the
bot's own cap). `premoves(table_id, seat, decision, action, standing,
set_at)`: the move a seat chose ahead for its next decision (`decision`
names the decision it was chosen for; `standing` keeps it for every such
decision at the table).

Version 10
----------
`deadlines.fell_due`: while a process holds a deadline it claimed (`claim`),
the time it fell due (NULL otherwise). A restarted process takes its own
shards' claims back at once (`release_claims`: `due_at = fell_due`) instead of
waiting out their lease; every other write of a deadline's `due_at` clears it.

Version 11
----------
Leagues and seasons (issue 32). `leagues` is a server's competition: its
`game`, `format` (`swiss` or `round_robin`), `rounds`, `round_seconds` (each
round's length), `pace` (its tables' clock), `table_size`, `status` (open ->
running -> finished, or cancelled), the current `round` and when it ends
(`round_ends_at`), its message (Join / Leave) and standings message, and
`due_at`, when it must next be handled (a round's end), read through
`leagues_due` and claimed as a deadline is. `league_players` are its entrants
(`left_at` set once one leaves: they are paired no more). `league_tables`
are the seatings of each round (`players`: user ids as JSON, in seat order;
one player for a bye), the table opened for it (`table_id`, in `thread_id`)
and, once decided, its `outcome` and `points` (JSON, user id -> points).
`guild_settings.league_role_id` is the role that may organise leagues besides
Manage Server. `season_settings(guild_id, game, period, channel_id, role_id,
role_refused, due_at)`: seasons turned on for a game (`monthly` or
`quarterly`), where a season's end is posted, the champion role, whether the
server was told once that the bot may not manage it, and when the current
season ends. `seasons` archives each ended season's final standings (JSON)
and champion; its key makes a season's end happen once. `results_season`
reads a season's results.

PostgreSQL
----------
The same list builds the same schema there. A statement is written once, in
SQLite's text; PostgreSQL runs it with its own column types (INTEGER is BIGINT,
for user ids and Discord snowflakes; REAL is DOUBLE PRECISION; the AUTOINCREMENT
id an identity column; WITHOUT ROWID dropped: `bot.storage._driver.postgres_ddl`).
A statement PostgreSQL spells otherwise is `Spelled`, with both texts: so far
the trigger `actions_append`, a PL/pgSQL function there. The partial indexes
are the same in both. A migration holds a lock on `schema_migrations` while it
runs, so two processes starting at once apply it once.

Rules for new migrations: append, never edit a released one; versions are
1, 2, 3 ... in order. Each migration runs in its own transaction together with
its `schema_migrations` row, so it applies entirely or not at all (in both
databases: PostgreSQL's DDL is transactional too). Write SQL both databases
take, or a `Spelled` statement; the storage tests run every migration on both.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from bot.storage._driver import Connection, Driver
from bot.storage.errors import SchemaTooNewError, StorageError


class Spelled(str):
    """A migration statement PostgreSQL spells differently beyond the column types.

    The string itself is SQLite's text (what runs there, unchanged); `postgresql` is PostgreSQL's.
    Every other statement is written once: PostgreSQL runs it with its own column types
    (`bot.storage._driver.postgres_ddl`).
    """

    postgresql: str

    def __new__(cls, sqlite: str, *, postgresql: str) -> Spelled:
        spelled = super().__new__(cls, sqlite)
        spelled.postgresql = postgresql
        return spelled


@dataclass(frozen=True, slots=True)
class Migration:
    version: int
    description: str
    statements: tuple[str, ...]


MIGRATIONS: tuple[Migration, ...] = (
    Migration(
        1,
        "games, action log, results",
        (
            """
            CREATE TABLE games (
                id               INTEGER PRIMARY KEY AUTOINCREMENT,
                guild_id         INTEGER,
                channel_id       INTEGER NOT NULL,
                game             TEXT    NOT NULL,
                status           TEXT    NOT NULL
                                 CHECK (status IN ('lobby', 'active', 'finished', 'aborted')),
                host_id          INTEGER NOT NULL,
                options          TEXT    NOT NULL DEFAULT '{}',
                seats            TEXT    NOT NULL DEFAULT '[]',
                seed             INTEGER NOT NULL,
                state            TEXT,
                version          INTEGER NOT NULL DEFAULT 0 CHECK (version >= 0),
                table_message_id INTEGER,
                locale           TEXT    NOT NULL,
                created_at       REAL    NOT NULL,
                updated_at       REAL    NOT NULL,
                ended_at         REAL,
                ended_by         INTEGER,
                last_seat        INTEGER,
                last_action      TEXT,
                shown_version    INTEGER NOT NULL DEFAULT 0,
                CHECK (status = 'lobby' OR status = 'aborted' OR state IS NOT NULL)
            )
            """,
            """
            CREATE UNIQUE INDEX games_open_channel ON games (channel_id)
            WHERE status IN ('lobby', 'active')
            """,
            """
            CREATE TABLE actions (
                game_id    INTEGER NOT NULL REFERENCES games (id),
                seq        INTEGER NOT NULL,
                seat       INTEGER NOT NULL CHECK (seat >= 0),
                action     TEXT    NOT NULL,
                created_at REAL    NOT NULL,
                PRIMARY KEY (game_id, seq)
            ) WITHOUT ROWID
            """,
            """
            CREATE TABLE results (
                game_id     INTEGER NOT NULL REFERENCES games (id),
                seat        INTEGER NOT NULL CHECK (seat >= 0),
                guild_id    INTEGER,
                game        TEXT    NOT NULL,
                user_id     INTEGER NOT NULL,
                name        TEXT    NOT NULL,
                place       INTEGER NOT NULL CHECK (place >= 1),
                won         INTEGER NOT NULL CHECK (won IN (0, 1)),
                measure     INTEGER NOT NULL,
                finished_at REAL    NOT NULL,
                PRIMARY KEY (game_id, seat)
            )
            """,
            Spelled(
                """
            CREATE TRIGGER actions_append AFTER UPDATE OF last_action ON games
            WHEN NEW.last_action IS NOT NULL
            BEGIN
                INSERT INTO actions (game_id, seq, seat, action, created_at)
                VALUES (NEW.id, NEW.version, NEW.last_seat, NEW.last_action, NEW.updated_at);
            END
            """,
                postgresql="""
            CREATE FUNCTION actions_append() RETURNS trigger LANGUAGE plpgsql AS $$
            BEGIN
                INSERT INTO actions (game_id, seq, seat, action, created_at)
                VALUES (NEW.id, NEW.version, NEW.last_seat, NEW.last_action, NEW.updated_at);
                RETURN NULL;
            END
            $$;
            CREATE TRIGGER actions_append AFTER UPDATE OF last_action ON games
            FOR EACH ROW WHEN (NEW.last_action IS NOT NULL)
            EXECUTE FUNCTION actions_append();
            """,
            ),
            "CREATE INDEX results_board ON results (guild_id, game, user_id)",
            "CREATE INDEX results_user ON results (user_id, finished_at)",
        ),
    ),
    Migration(
        2,
        "the last turn notification of each table",
        (
            "ALTER TABLE games ADD COLUMN ping_message_id INTEGER",
            "CREATE INDEX games_pinged ON games (id) WHERE ping_message_id IS NOT NULL",
        ),
    ),
    Migration(
        3,
        "deadlines",
        (
            """
            CREATE TABLE deadlines (
                game_id INTEGER NOT NULL REFERENCES games (id),
                seat    INTEGER NOT NULL CHECK (seat >= -1),
                kind    TEXT    NOT NULL,
                due_at  REAL    NOT NULL,
                PRIMARY KEY (game_id, seat, kind)
            ) WITHOUT ROWID
            """,
            "CREATE INDEX deadlines_due ON deadlines (due_at)",
        ),
    ),
    Migration(
        4,
        "clocks, turns, server defaults, players",
        (
            "ALTER TABLE games ADD COLUMN clock TEXT",
            "ALTER TABLE games ADD COLUMN notified TEXT NOT NULL DEFAULT '{}'",
            "ALTER TABLE results ADD COLUMN clocked_out INTEGER NOT NULL DEFAULT 0 CHECK (clocked_out IN (0, 1))",
            """
            CREATE TABLE table_seats (
                game_id INTEGER NOT NULL REFERENCES games (id),
                seat    INTEGER NOT NULL CHECK (seat >= 0),
                user_id INTEGER NOT NULL,
                since   REAL,
                due_at  REAL,
                PRIMARY KEY (game_id, seat)
            ) WITHOUT ROWID
            """,
            "CREATE INDEX table_seats_user ON table_seats (user_id)",
            """
            CREATE TABLE guild_settings (
                guild_id          INTEGER PRIMARY KEY,
                pace              TEXT,
                timeouts          INTEGER CHECK (timeouts >= 1),
                lobby_expiry      REAL CHECK (lobby_expiry > 0),
                notify_channel_id INTEGER
            )
            """,
            """
            CREATE TABLE players (
                user_id    INTEGER PRIMARY KEY,
                notify     TEXT    NOT NULL DEFAULT 'channel' CHECK (notify IN ('channel', 'dm', 'both')),
                away_until REAL,
                away_year  INTEGER NOT NULL DEFAULT 0,
                away_used  REAL    NOT NULL DEFAULT 0,
                dm_refused INTEGER NOT NULL DEFAULT 0 CHECK (dm_refused IN (0, 1))
            )
            """,
            "CREATE INDEX games_open_guild ON games (guild_id, id) WHERE status IN ('lobby', 'active')",
        ),
    ),
    Migration(
        5,
        "the secret salt of each game's seed commitment",
        ("ALTER TABLE games ADD COLUMN salt TEXT",),
    ),
    Migration(
        6,
        "ratings",
        (
            """
            CREATE TABLE ratings (
                guild_id   INTEGER NOT NULL,
                game       TEXT    NOT NULL,
                player     TEXT    NOT NULL,
                mu         REAL    NOT NULL,
                sigma      REAL    NOT NULL CHECK (sigma > 0),
                games      INTEGER NOT NULL CHECK (games >= 0),
                updated_at REAL    NOT NULL,
                PRIMARY KEY (guild_id, game, player)
            ) WITHOUT ROWID
            """,
            "ALTER TABLE results ADD COLUMN mu_before REAL",
            "ALTER TABLE results ADD COLUMN sigma_before REAL",
            "ALTER TABLE results ADD COLUMN mu_after REAL",
            "ALTER TABLE results ADD COLUMN sigma_after REAL",
        ),
    ),
    Migration(
        7,
        "text cards, the art of the uploaded card emojis",
        (
            "ALTER TABLE players ADD COLUMN cards TEXT NOT NULL DEFAULT 'emoji' CHECK (cards IN ('emoji', 'text'))",
            """
            CREATE TABLE card_emojis (
                name     TEXT    PRIMARY KEY,
                emoji_id INTEGER NOT NULL,
                hash     TEXT    NOT NULL
            ) WITHOUT ROWID
            """,
        ),
    ),
    Migration(
        8,
        "one word for a table: games becomes tables, game_id table_id",
        (
            "ALTER TABLE games RENAME TO tables",
            "ALTER TABLE actions RENAME COLUMN game_id TO table_id",
            "ALTER TABLE results RENAME COLUMN game_id TO table_id",
            "ALTER TABLE deadlines RENAME COLUMN game_id TO table_id",
            "ALTER TABLE table_seats RENAME COLUMN game_id TO table_id",
            "DROP INDEX games_open_channel",
            "CREATE UNIQUE INDEX tables_open_channel ON tables (channel_id) WHERE status IN ('lobby', 'active')",
            "DROP INDEX games_pinged",
            "CREATE INDEX tables_pinged ON tables (id) WHERE ping_message_id IS NOT NULL",
            "DROP INDEX games_open_guild",
            "CREATE INDEX tables_open_guild ON tables (guild_id, id) WHERE status IN ('lobby', 'active')",
            Spelled(
                "SELECT 1",  # SQLite renamed the column inside the trigger itself
                postgresql="""
            CREATE OR REPLACE FUNCTION actions_append() RETURNS trigger LANGUAGE plpgsql AS $$
            BEGIN
                INSERT INTO actions (table_id, seq, seat, action, created_at)
                VALUES (NEW.id, NEW.version, NEW.last_seat, NEW.last_action, NEW.updated_at);
                RETURN NULL;
            END
            $$
            """,
            ),
        ),
    ),
    Migration(
        9,
        "a player's day: quiet hours, digests, automatic away time, next table, pre-moves",
        (
            Spelled(
                """
            CREATE TABLE players_v9 (
                user_id    INTEGER PRIMARY KEY,
                notify     TEXT    NOT NULL DEFAULT 'channel'
                           CHECK (notify IN ('channel', 'dm', 'both', 'digest')),
                away_until REAL,
                away_year  INTEGER NOT NULL DEFAULT 0,
                away_used  REAL    NOT NULL DEFAULT 0,
                dm_refused INTEGER NOT NULL DEFAULT 0 CHECK (dm_refused IN (0, 1)),
                cards      TEXT    NOT NULL DEFAULT 'emoji' CHECK (cards IN ('emoji', 'text'))
            )
            """,
                postgresql="ALTER TABLE players DROP CONSTRAINT players_notify_check",
            ),
            Spelled(
                "INSERT INTO players_v9 (user_id, notify, away_until, away_year, away_used, dm_refused, cards)"
                " SELECT user_id, notify, away_until, away_year, away_used, dm_refused, cards FROM players",
                postgresql="ALTER TABLE players ADD CONSTRAINT players_notify_check"
                " CHECK (notify IN ('channel', 'dm', 'both', 'digest'))",
            ),
            Spelled("DROP TABLE players", postgresql="SELECT 1"),
            Spelled("ALTER TABLE players_v9 RENAME TO players", postgresql="SELECT 1"),
            "ALTER TABLE players ADD COLUMN zone TEXT",
            "ALTER TABLE players ADD COLUMN quiet_start INTEGER CHECK (quiet_start BETWEEN 0 AND 1439)",
            "ALTER TABLE players ADD COLUMN quiet_end INTEGER CHECK (quiet_end BETWEEN 0 AND 1439)",
            "ALTER TABLE players ADD COLUMN held_since REAL",
            "ALTER TABLE players ADD COLUMN auto_away INTEGER NOT NULL DEFAULT 1 CHECK (auto_away IN (0, 1))",
            "ALTER TABLE players ADD COLUMN auto_next INTEGER NOT NULL DEFAULT 0 CHECK (auto_next IN (0, 1))",
            "ALTER TABLE players ADD COLUMN digest_at INTEGER CHECK (digest_at BETWEEN 0 AND 1439)",
            "ALTER TABLE players ADD COLUMN digest_hours REAL CHECK (digest_hours > 0)",
            "ALTER TABLE players ADD COLUMN digest_channel_id INTEGER",
            "ALTER TABLE players ADD COLUMN digest_message_id INTEGER",
            "ALTER TABLE players ADD COLUMN digest_sent_at REAL",
            "ALTER TABLE players ADD COLUMN digest_count INTEGER NOT NULL DEFAULT 0",
            "ALTER TABLE players ADD COLUMN due_at REAL",
            "CREATE INDEX players_due ON players (due_at) WHERE due_at IS NOT NULL",
            "ALTER TABLE guild_settings ADD COLUMN quiet_cap REAL CHECK (quiet_cap > 0)",
            """
            CREATE TABLE premoves (
                table_id INTEGER NOT NULL REFERENCES tables (id),
                seat     INTEGER NOT NULL CHECK (seat >= 0),
                decision TEXT    NOT NULL,
                action   TEXT    NOT NULL,
                standing INTEGER NOT NULL DEFAULT 0 CHECK (standing IN (0, 1)),
                set_at   REAL    NOT NULL,
                PRIMARY KEY (table_id, seat)
            ) WITHOUT ROWID
            """,
        ),
    ),
    Migration(
        10,
        "a claimed deadline remembers when it fell due",
        ("ALTER TABLE deadlines ADD COLUMN fell_due REAL",),
    ),
    Migration(
        11,
        "leagues and seasons",
        (
            """
            CREATE TABLE leagues (
                id                   INTEGER PRIMARY KEY AUTOINCREMENT,
                guild_id             INTEGER NOT NULL,
                channel_id           INTEGER NOT NULL,
                message_id           INTEGER,
                standings_message_id INTEGER,
                game                 TEXT    NOT NULL,
                format               TEXT    NOT NULL CHECK (format IN ('swiss', 'round_robin')),
                rounds               INTEGER NOT NULL CHECK (rounds >= 1),
                round_seconds        REAL    NOT NULL CHECK (round_seconds > 0),
                pace                 TEXT    NOT NULL,
                table_size           INTEGER NOT NULL CHECK (table_size >= 2),
                status               TEXT    NOT NULL
                                     CHECK (status IN ('open', 'running', 'finished', 'cancelled')),
                round                INTEGER NOT NULL DEFAULT 0 CHECK (round >= 0),
                round_ends_at        REAL,
                organiser_id         INTEGER NOT NULL,
                locale               TEXT    NOT NULL,
                created_at           REAL    NOT NULL,
                due_at               REAL,
                version              INTEGER NOT NULL DEFAULT 0 CHECK (version >= 0)
            )
            """,
            "CREATE INDEX leagues_due ON leagues (due_at) WHERE due_at IS NOT NULL",
            "CREATE INDEX leagues_guild ON leagues (guild_id, id)",
            """
            CREATE TABLE league_players (
                league_id INTEGER NOT NULL REFERENCES leagues (id),
                user_id   INTEGER NOT NULL,
                name      TEXT    NOT NULL,
                joined_at REAL    NOT NULL,
                left_at   REAL,
                PRIMARY KEY (league_id, user_id)
            ) WITHOUT ROWID
            """,
            """
            CREATE TABLE league_tables (
                league_id INTEGER NOT NULL REFERENCES leagues (id),
                round     INTEGER NOT NULL CHECK (round >= 1),
                slot      INTEGER NOT NULL CHECK (slot >= 0),
                players   TEXT    NOT NULL,
                table_id  INTEGER REFERENCES tables (id),
                thread_id INTEGER,
                outcome   TEXT    NOT NULL DEFAULT 'pending'
                          CHECK (outcome IN ('pending', 'played', 'bye', 'double_forfeit')),
                points    TEXT,
                PRIMARY KEY (league_id, round, slot)
            ) WITHOUT ROWID
            """,
            "CREATE UNIQUE INDEX league_tables_table ON league_tables (table_id) WHERE table_id IS NOT NULL",
            "ALTER TABLE guild_settings ADD COLUMN league_role_id INTEGER",
            """
            CREATE TABLE season_settings (
                guild_id      INTEGER NOT NULL,
                game          TEXT    NOT NULL,
                period        TEXT    NOT NULL CHECK (period IN ('monthly', 'quarterly')),
                channel_id    INTEGER,
                role_id       INTEGER,
                role_refused  INTEGER NOT NULL DEFAULT 0 CHECK (role_refused IN (0, 1)),
                due_at        REAL,
                PRIMARY KEY (guild_id, game)
            ) WITHOUT ROWID
            """,
            "CREATE INDEX season_settings_due ON season_settings (due_at) WHERE due_at IS NOT NULL",
            """
            CREATE TABLE seasons (
                guild_id  INTEGER NOT NULL,
                game      TEXT    NOT NULL,
                season    TEXT    NOT NULL,
                starts_at REAL    NOT NULL,
                ends_at   REAL    NOT NULL,
                standings TEXT    NOT NULL,
                champion  TEXT,
                closed_at REAL    NOT NULL,
                PRIMARY KEY (guild_id, game, season)
            ) WITHOUT ROWID
            """,
            "CREATE INDEX results_season ON results (guild_id, game, finished_at)",
        ),
    ),
)

_BOOTSTRAP = """
CREATE TABLE IF NOT EXISTS schema_migrations (
    version    INTEGER PRIMARY KEY,
    applied_at REAL    NOT NULL
)
"""


def check_migrations(migrations: Sequence[Migration]) -> None:
    """Versions must be exactly 1, 2, ..., n in order."""
    for expected, migration in enumerate(migrations, start=1):
        if migration.version != expected:
            raise ValueError(f"migration #{expected} has version {migration.version}; versions must be 1, 2, 3 ...")


async def _current_version(conn: Connection) -> int:
    rows = await conn.fetch("SELECT COALESCE(MAX(version), 0) FROM schema_migrations")
    return int(rows[0][0])


_BOOTSTRAP_TRIES = 3  # two PostgreSQL sessions creating the table at once: one fails, and finds it next time


async def apply_migrations(driver: Driver, migrations: Sequence[Migration], now: Callable[[], float]) -> int:
    """Apply the pending migrations in order, each in its own transaction; return the schema version.

    Safe against another process migrating the same database at the same time:
    the version is re-read once the transaction holds the write lock (SQLite's
    `BEGIN IMMEDIATE`, PostgreSQL's lock on `schema_migrations`).
    Raises `SchemaTooNewError` if the database is newer than the code (a downgrade).
    """
    check_migrations(migrations)
    dialect = driver.dialect
    target = len(migrations)
    for attempt in range(1, _BOOTSTRAP_TRIES + 1):
        try:
            async with driver.transaction() as conn:
                await conn.execute(dialect.ddl(_BOOTSTRAP))
                current = await _current_version(conn)
            break
        except StorageError:
            if attempt == _BOOTSTRAP_TRIES or dialect.name == "sqlite":  # SQLite's writers wait for each other
                raise
    if current > target:
        raise SchemaTooNewError(current, target)
    for migration in migrations[current:]:
        async with driver.transaction() as conn:
            if dialect.lock_table is not None:
                await conn.execute(dialect.lock_table.format("schema_migrations"))
            if await _current_version(conn) >= migration.version:  # another process got there first
                continue
            for statement in migration.statements:
                await conn.execute(dialect.ddl(statement))
            await conn.execute(
                "INSERT INTO schema_migrations (version, applied_at) VALUES (?, ?)", (migration.version, now())
            )
    async with driver.connection() as conn:
        return await _current_version(conn)
