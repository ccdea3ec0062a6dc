"""The store's schema (SQLAlchemy 2 Core): a table is its facts (game, players, options, seed,
status), its seats (a person with a token, or a bot) and its moves, numbered from 0. Chance is
never stored: the seed and the moves give it back, so the moves are the whole game. Move `n` of
a table can be stored once only (the primary key), which is what keeps two servers sharing one
database from applying a move twice, and only after move `n - 1` (a trigger, `CONTIGUOUS`): a
server whose memory is ahead of the store (PostgreSQL lost the last moments' commits in a crash)
can never leave a gap in a table's moves; it is refused (`MissingMove`) and reloads the table.

The schema carries its version (`lama_meta`): a store is created or migrated on open
(`migrate`), and a store written by a newer lama is refused rather than misread. A table read
back is a `TableRow` with its `SeatRow`s.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass, field

from sqlalchemy import Column, Float, ForeignKey, Index, Integer, MetaData, String, Table, Text, insert, select, update

SCHEMA_VERSION = 6
SCHEMA_LOCK = 0x6C616D61  # PostgreSQL's advisory lock held while a store is created or migrated ("lama")

metadata = MetaData()
meta_t = Table(
    "lama_meta", metadata,
    Column("key", String(32), primary_key=True),
    Column("value", String(200), nullable=False),
)
tables_t = Table(
    "lama_tables", metadata,
    Column("id", String(32), primary_key=True),
    Column("game", String(16), nullable=False),
    Column("players", Integer, nullable=False),
    Column("options", Text, nullable=False),  # JSON
    Column("seed", String(24), nullable=False),  # 64 bits do not fit a signed BIGINT
    Column("status", String(10), nullable=False),  # waiting, running, finished
    Column("created", Float, nullable=False),
    Column("finished", Float),
    Column("record", Text),  # the lama-record/1 of a finished table, JSON
    Column("result", Text),  # a finished table's winners and points, JSON (what the lobby shows of it)
    Column("hints", Integer, nullable=False, default=1),  # whether seats may ask for hints
    Column("rematch_id", String(32)),  # the table of the next game with the same seats ("play again")
    Column("visibility", String(10), nullable=False, server_default="private"),  # private, public (listed)
    # the invitation secret that takes a free seat of a private table; kept as it is (unlike the
    # tokens) because every seated person is shown it, to invite others
    Column("invite", String(64)),
    Column("turn_seconds", Integer),  # a person's time per move; null: no clock
    Column("stand_in_level", String(16), nullable=False, server_default="medium"),  # who plays for a person away
    Column("clock_start", Float),  # a clock (re)started here, after the last move: the table began, a person came back
    Column("broken", Text),  # why the table cannot be rebuilt from its stored moves (null: it can)
    Column("rated", Integer, nullable=False, server_default="0"),  # its result updates its players' ratings
    Column("chat", Integer, nullable=False, server_default="1"),  # its seated people may chat (web.chat)
    Column("review", Text),  # a finished table's game review (lama.review), JSON, made once when first asked for
)
# the lobby's pages, newest first, read from the index however many tables there are
LOBBY_INDEX = Index("lama_tables_lobby", tables_t.c.visibility, tables_t.c.status, tables_t.c.created)
seats_t = Table(
    "lama_seats", metadata,
    Column("table_id", String(32), ForeignKey("lama_tables.id"), primary_key=True),
    Column("seat", Integer, primary_key=True),
    Column("kind", String(8), nullable=False),  # human, bot
    Column("bot", String(40)),  # the bot of a bot seat
    Column("name", String(100)),
    Column("token_hash", String(64), unique=True),  # sha256 of the seat's token; null: free or a bot
    Column("stand_in", String(40)),  # the bot playing for a person who left, at the creator's choice
    Column("creator", Integer, nullable=False, default=0),
    Column("reserved", String(64)),  # a rematch seat: sha256 of the previous table's token of the seat; only it claims
    Column("player", String(20)),  # the signed-in player who holds the seat (their handle), null: nobody's
)
PLAYER_SEATS = Index("lama_seats_player", seats_t.c.player)
moves_t = Table(
    "lama_moves", metadata,
    Column("table_id", String(32), ForeignKey("lama_tables.id"), primary_key=True),
    Column("n", Integer, primary_key=True),
    Column("seat", Integer, nullable=False),
    Column("action", Text, nullable=False),  # the action's JSON form
    Column("at", Float, nullable=False),
)
# players (web.players): the store keeps each key's and code's digest, and the player's master
# secret wrapped with it, never a key, a code or the master
players_t = Table(
    "lama_players", metadata,
    Column("handle", String(20), primary_key=True),
    Column("skeleton", String(20), nullable=False, unique=True),  # case and look-alike letters aside
    Column("name", String(100), nullable=False),
    Column("created", Float, nullable=False),
)
keys_t = Table(
    "lama_player_keys", metadata,
    Column("digest", String(64), primary_key=True),
    Column("handle", String(20), ForeignKey("lama_players.handle"), nullable=False, index=True),
    Column("wrap", String(64), nullable=False),
    Column("device", String(100), nullable=False),  # what the device said it is, to tell keys apart
    Column("created", Float, nullable=False),
    Column("used", Float, nullable=False),  # last seen
)
codes_t = Table(
    "lama_signin_codes", metadata,
    Column("digest", String(64), primary_key=True),
    Column("handle", String(20), ForeignKey("lama_players.handle"), nullable=False, index=True),
    Column("wrap", String(64), nullable=False),
    Column("expires", Float, nullable=False),
)
# ratings per game: each player's and each bot level's ("bot:hard"), and their history (a point
# per rated game)
ratings_t = Table(
    "lama_ratings", metadata,
    Column("handle", String(24), primary_key=True),
    Column("game", String(16), primary_key=True),
    Column("mu", Float, nullable=False),
    Column("sigma", Float, nullable=False),
    Column("games", Integer, nullable=False),
    Column("updated", Float, nullable=False),
)
LEADERBOARD_INDEX = Index("lama_ratings_game", ratings_t.c.game)
history_t = Table(
    "lama_rating_history", metadata,
    Column("handle", String(24), primary_key=True),
    Column("game", String(16), primary_key=True),
    Column("table_id", String(32), primary_key=True),
    Column("at", Float, nullable=False),
    Column("mu", Float, nullable=False),
    Column("sigma", Float, nullable=False),
    Column("rank", Integer, nullable=False),  # the player's place in that game (1: a winner)
    Column("seats", Integer, nullable=False),  # how many seats played it
)

# Move n only after move n - 1, whoever inserts it, however many rows a statement inserts (each
# row sees the rows inserted before it). The error names GAP, which is how the store tells it
# from a move stored twice (both are integrity errors).
GAP = "lama_moves_gap"
CONTIGUOUS = {
    "sqlite": [
        "CREATE TRIGGER IF NOT EXISTS lama_moves_contiguous BEFORE INSERT ON lama_moves "
        "WHEN NEW.n > 0 AND NOT EXISTS (SELECT 1 FROM lama_moves WHERE table_id = NEW.table_id AND n = NEW.n - 1) "
        f"BEGIN SELECT RAISE(ABORT, '{GAP}'); END",
    ],
    "postgresql": [
        "CREATE OR REPLACE FUNCTION lama_moves_contiguous() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN "
        "IF NEW.n > 0 AND NOT EXISTS (SELECT 1 FROM lama_moves WHERE table_id = NEW.table_id AND n = NEW.n - 1) "
        f"THEN RAISE EXCEPTION '{GAP}' USING ERRCODE = 'foreign_key_violation'; END IF; RETURN NEW; END $$",
        "DROP TRIGGER IF EXISTS lama_moves_contiguous ON lama_moves",
        "CREATE TRIGGER lama_moves_contiguous BEFORE INSERT ON lama_moves FOR EACH ROW "
        "EXECUTE FUNCTION lama_moves_contiguous()",
    ],
}

# version -> the statements that bring a store from the version before to it (a dict: by dialect)
MIGRATIONS: dict[int, list[str | dict[str, list[str]]]] = {
    2: [  # private tables, invitations, clocks and stand-ins, reserved rematch seats
        "ALTER TABLE lama_tables ADD COLUMN visibility VARCHAR(10) NOT NULL DEFAULT 'public'",  # all were listed
        "ALTER TABLE lama_tables ADD COLUMN invite VARCHAR(64)",
        "ALTER TABLE lama_tables ADD COLUMN turn_seconds INTEGER",
        "ALTER TABLE lama_tables ADD COLUMN stand_in_level VARCHAR(16) NOT NULL DEFAULT 'medium'",
        "ALTER TABLE lama_tables ADD COLUMN clock_start FLOAT",
        "ALTER TABLE lama_seats ADD COLUMN reserved VARCHAR(64)",
        "ALTER TABLE lama_tables ADD COLUMN result TEXT",
    ],
    3: [  # the lobby in pages
        "CREATE INDEX IF NOT EXISTS lama_tables_lobby ON lama_tables (visibility, status, created)",
    ],
    4: [  # one name for the rematch
        "ALTER TABLE lama_tables RENAME COLUMN next_id TO rematch_id",
    ],
    5: [  # the store is the truth: no gap in a table's moves; a table that cannot be rebuilt is marked
        "ALTER TABLE lama_tables ADD COLUMN broken TEXT",
        CONTIGUOUS,
    ],
    6: [  # players who sign in, their seats, rated tables, table chat (the new tables themselves: create_all)
        "ALTER TABLE lama_tables ADD COLUMN rated INTEGER NOT NULL DEFAULT 0",
        "ALTER TABLE lama_tables ADD COLUMN chat INTEGER NOT NULL DEFAULT 1",
        "ALTER TABLE lama_tables ADD COLUMN review TEXT",
        "ALTER TABLE lama_seats ADD COLUMN player VARCHAR(20)",
        "CREATE INDEX IF NOT EXISTS lama_seats_player ON lama_seats (player)",
    ],
}


class StoreError(Exception):
    """A store that cannot be used: the message says why."""


class MissingMove(Exception):  # noqa: N818 - what it is, as the store says it
    """Move `n` of a table was refused: the store holds no move `n - 1` (it lost moves this
    server applied, or another server's), so the table must be reloaded from the store."""

    def __init__(self, table_id: str, n: int):
        self.table_id, self.n = table_id, n
        super().__init__(f"table {table_id}: move {n} refused, the store holds no move {n - 1}")


def token_hash(token: str) -> str:
    """Tokens are kept hashed: a copy of the database holds no working token."""
    return hashlib.sha256(token.encode()).hexdigest()


@dataclass
class SeatRow:
    seat: int
    kind: str
    bot: str | None = None
    name: str | None = None
    token_hash: str | None = None
    stand_in: str | None = None
    creator: bool = False
    reserved: str | None = None
    player: str | None = None  # the signed-in player's handle


@dataclass
class TableRow:
    id: str
    game: str
    players: int
    options: dict
    seed: int
    status: str
    created: float
    finished: float | None = None
    seats: list[SeatRow] = field(default_factory=list)
    hints: bool = True
    rematch_id: str | None = None
    visibility: str = "private"
    invite: str | None = None
    turn_seconds: int | None = None
    stand_in_level: str = "medium"
    clock_start: float | None = None
    result: dict | None = None  # a finished table's {"winners", "points"}
    broken: str | None = None  # why it cannot be rebuilt from its stored moves
    rated: bool = False
    chat: bool = True  # the seated people may chat


def migrate(engine, url: str) -> None:
    """Create the schema of a new store, or bring an older one to SCHEMA_VERSION; StoreError
    for a store that cannot be opened, or was written by a newer lama."""
    sqlite = url.startswith("sqlite")
    dialect = "sqlite" if sqlite else "postgresql"
    try:
        with engine.begin() as db:
            if not sqlite:  # servers started together on a new database: one makes the schema
                db.exec_driver_sql(f"SELECT pg_advisory_xact_lock({SCHEMA_LOCK})")
            metadata.create_all(db)
            row = db.execute(select(meta_t.c.value).where(meta_t.c.key == "schema")).first()
            version = int(row[0]) if row else 0
            if version > SCHEMA_VERSION:
                raise StoreError(f"the database holds schema version {version}; this lama knows up to "
                                 f"{SCHEMA_VERSION}: upgrade lama")
            # (a new store was just made at the latest version: nothing to migrate)
            for v in range(version + 1, SCHEMA_VERSION + 1) if row is not None else ():
                for step in MIGRATIONS.get(v, []):
                    for statement in step[dialect] if isinstance(step, dict) else [step]:
                        db.exec_driver_sql(statement)
            if row is None:
                for statement in CONTIGUOUS[dialect]:
                    db.exec_driver_sql(statement)
                db.execute(insert(meta_t).values(key="schema", value=str(SCHEMA_VERSION)))
            elif version < SCHEMA_VERSION:
                db.execute(update(meta_t).where(meta_t.c.key == "schema").values(value=str(SCHEMA_VERSION)))
    except StoreError:
        raise
    except Exception as e:  # noqa: BLE001 - cannot connect, no permission, ...
        raise StoreError(f"cannot open the database {url!r}: {one_line(e)}") from None


def table_row(t, seats) -> TableRow:
    return TableRow(
        id=t.id, game=t.game, players=t.players, options=json.loads(t.options), seed=int(t.seed),
        status=t.status, created=t.created, finished=t.finished,
        seats=[SeatRow(s.seat, s.kind, s.bot, s.name, s.token_hash, s.stand_in, bool(s.creator), s.reserved, s.player)
               for s in seats],
        hints=bool(t.hints), rematch_id=t.rematch_id, visibility=t.visibility, invite=t.invite,
        turn_seconds=t.turn_seconds, stand_in_level=t.stand_in_level, clock_start=t.clock_start,
        result=json.loads(t.result) if t.result else None, broken=t.broken, rated=bool(t.rated),
        chat=bool(t.chat))


def one_line(e: Exception) -> str:
    text = " ".join(str(e).split())
    return text if len(text) < 300 else text[:297] + "..."
