"""An embedded PostgreSQL server that other stations on the LAN join with a code.

Why: a second station needs a database server, and nobody at a game store can
install and configure one. The `pgserver` wheel carries PostgreSQL 16; this
module runs its programs (`storage.server.programs`) with the data in one folder
(the user data folder's `host/`), listening on the LAN with scram-sha-256.

Two roles, both with generated passwords kept in `host.json` (mode 0600):
`organizer_admin`, the superuser, reachable only from this machine; and
`organizer_station`, which owns the one database `organizer` and can reach
nothing else (pg_hba.conf lists no other database for it, and CONNECT on the
others is revoked from PUBLIC). Only a station that has the join code knows
that password, so only such a station can read or write.

Durability is PostgreSQL's own: fsync stays on, so a result committed before a
power cut or a killed server is there after the restart (crash recovery).
Start is idempotent: a server already running from this folder is reused.
"""

from __future__ import annotations

import json
import os
import secrets
import subprocess
import time
from dataclasses import dataclass
from pathlib import Path

import platformdirs
import psycopg
from psycopg import sql

from organizer.storage.database import Database
from organizer.storage.db_errors import DatabaseError, DatabaseUnavailableError
from organizer.storage.server.guard import STATION_CONNECTIONS, guard_settings
from organizer.storage.server.join_code import (
    DATABASE_NAME,
    DRIVER,
    PASSWORD_BYTES,
    STATION_USER,
    JoinAddress,
    JoinCodeError,
    make_code,
    password_text,
)
from organizer.storage.server.network import lan_address
from organizer.storage.server.programs import (
    FolderClosedError,
    RunAs,
    programs_for,
    running_as_root,
)
from organizer.storage.server.sockets_and_log import (
    ALL_INTERFACES,
    EVERY_ADDRESS,
    address_here,
    complaints,
    free_port,
    port_free,
)

ADMIN_USER = "organizer_admin"
HIDDEN_FROM_STATIONS = (
    "pg_catalog.pg_stat_activity",
    "FUNCTION pg_catalog.pg_stat_get_activity(integer)",
    "FUNCTION pg_catalog.pg_stat_get_backend_activity(integer)",
)
"""What would show a station the other sessions' queries (and their results in them)."""
JOURNAL_UPDATABLE = "undone"
"""The one journal column a station updates (undo marks the entry it took back)."""
UNDONE_STAYS = (
    "CREATE OR REPLACE FUNCTION organizer_undone_stays() RETURNS trigger LANGUAGE plpgsql"
    " AS $$ BEGIN RAISE EXCEPTION 'an undone journal entry stays undone'"
    " USING ERRCODE = 'insufficient_privilege'; END $$",
    "CREATE OR REPLACE TRIGGER undone_stays BEFORE UPDATE OF undone ON journal FOR EACH ROW"
    " WHEN (OLD.undone AND NOT NEW.undone) EXECUTE FUNCTION organizer_undone_stays()",
)
"""What keeps that column going one way only: an entry taken back is never revived."""
DEFAULT_PORT = 5433
START_TIMEOUT_S = 60

HBA = f"""\
# Written by Organizer (storage/server/embedded.py): the stations reach only their database.
local   all            {ADMIN_USER}                     scram-sha-256
host    all            {ADMIN_USER}      127.0.0.1/32   scram-sha-256
host    all            {ADMIN_USER}      ::1/128        scram-sha-256
host    {DATABASE_NAME}  {STATION_USER}  0.0.0.0/0      scram-sha-256
host    {DATABASE_NAME}  {STATION_USER}  ::/0           scram-sha-256
"""


class HostingError(RuntimeError):
    """The server could not be set up, started or stopped; the message is for the TO."""


FOLDER_ENV_VAR = "ORGANIZER_HOST_DIR"


def default_folder() -> Path:
    """Where the hosted database lives: `ORGANIZER_HOST_DIR`, else the user data folder.

    PostgreSQL will not run as root; as root its data must sit where the system user
    that runs it can reach, and root's home is closed to it: /var/lib/organizer/host.
    """
    if os.environ.get(FOLDER_ENV_VAR):
        return Path(os.environ[FOLDER_ENV_VAR])
    if running_as_root():
        return Path("/var/lib/organizer/host")
    return Path(platformdirs.user_data_dir("Organizer", appauthor=False)) / "host"


@dataclass(frozen=True, slots=True)
class Hosted:
    """A running server: where stations find it, and how."""

    address: JoinAddress
    code: str | None
    """The short join code; None when the address is not IPv4 (use the URL)."""

    @property
    def url(self) -> str:
        return self.address.url


class HostedServer:
    """The server kept in `folder`: set up on first start, reused afterwards."""

    def __init__(self, folder: Path | None = None) -> None:
        self.folder = (folder or default_folder()).resolve()
        self.data = self.folder / "pgdata"
        self.secrets_file = self.folder / "host.json"

    # --- secrets ---------------------------------------------------------------

    def _saved(self) -> dict[str, str | int] | None:
        """The saved secrets, or None when this folder never hosted (nothing is written)."""
        if not self.secrets_file.exists():
            return None
        loaded: dict[str, str | int] = json.loads(self.secrets_file.read_text("utf-8"))
        return loaded

    def _secrets(self, *, create: bool = False) -> dict[str, str | int]:
        """The saved passwords (and port); made only when the server is set up (`create`).

        Why: a read (a station count, an address) that made them would leave a folder
        with a `host.json` wherever it was asked, a hosting folder long deleted too."""
        saved = self._saved()
        if saved is not None:
            return saved
        if not create:
            raise HostingError(f"no event is hosted from {self.folder}")
        values: dict[str, str | int] = {
            "admin_password": secrets.token_urlsafe(24),
            "station_password": secrets.token_bytes(PASSWORD_BYTES).hex(),
        }
        self._save_secrets(values)
        return values

    def _save_secrets(self, values: dict[str, str | int]) -> None:
        self.folder.mkdir(parents=True, exist_ok=True)
        fd = os.open(self.secrets_file, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            json.dump(values, f)

    def _port(self, values: dict[str, str | int] | None = None) -> int:
        """The port the server uses (or used last), from `values` or the saved secrets.

        Only reads: asking about a folder that never hosted (or was removed under a
        watcher's timer) must not make it again with fresh secrets in it."""
        known = self._saved() if values is None else values
        return int((known or {}).get("port", DEFAULT_PORT))

    def station_password(self) -> str:
        return password_text(bytes.fromhex(str(self._secrets()["station_password"])))

    # --- the programs --------------------------------------------------------

    def _programs(self) -> tuple[Path, RunAs]:
        self.folder.mkdir(parents=True, exist_ok=True)
        try:
            return programs_for(self.folder)
        except FolderClosedError as exc:
            raise HostingError(str(exc)) from None

    def _run(self, who: RunAs, *args: str | Path, timeout: float = 120) -> str:
        try:
            return who.run(*args, cwd=self.folder, timeout=timeout)
        except subprocess.CalledProcessError as exc:
            detail = (exc.stderr or exc.stdout or "").strip().splitlines()[-1:] or ["failed"]
            raise HostingError(
                f"PostgreSQL's {Path(str(args[0])).name} failed: {detail[0]}"
            ) from None
        except (OSError, subprocess.TimeoutExpired) as exc:
            raise HostingError(f"PostgreSQL could not be run: {exc}") from None

    def _initdb(self, bindir: Path, who: RunAs) -> None:
        self.data.mkdir(mode=0o700, parents=True)
        who.own(self.data)
        pwfile = self.folder / "initdb.pw"
        pwfile.write_text(str(self._secrets()["admin_password"]) + "\n", "utf-8")
        pwfile.chmod(0o600)
        who.own(pwfile)
        try:
            self._run(
                who,
                bindir / "initdb",
                "-D", self.data,
                "-U", ADMIN_USER,
                "--pwfile", pwfile,
                "--auth-local=scram-sha-256",
                "--auth-host=scram-sha-256",
                "-E", "UTF8",
                "--locale=C",
            )  # fmt: skip
        finally:
            pwfile.unlink(missing_ok=True)
        hba = self.data / "pg_hba.conf"
        hba.write_text(HBA, "utf-8")
        who.own(hba)

    def is_running(self) -> bool:
        if not (self.data / "PG_VERSION").exists():
            return False
        bindir, who = self._programs()
        try:
            who.run(bindir / "pg_ctl", "-D", self.data, "status", cwd=self.folder, timeout=30)
        except subprocess.CalledProcessError:
            return False
        return True

    def start(self, *, bind: str = ALL_INTERFACES, port: int | None = None) -> Hosted:
        """Start the server (set it up the first time); where stations find it.

        `bind` is the address to listen on (`*`: every interface, the LAN);
        the port is `port`, else the one used last time, else 5433 when free.
        """
        values = self._secrets(create=True)
        bindir, who = self._programs()
        if not (self.data / "PG_VERSION").exists():
            self._initdb(bindir, who)
        if self.is_running():
            port = self._port(values)
            bind = str(values.get("bind", bind))
        else:
            chosen = self._choose_port(port, values)
            try:
                self._start_server(bindir, who, bind, chosen)
            except HostingError:
                if port or port_free(chosen):
                    raise
                chosen = free_port()  # taken between the look and the start: another one
                self._start_server(bindir, who, bind, chosen)
            port = chosen
            values |= {"port": port, "bind": bind}
            self._save_secrets(values)
        self._set_up_roles(port)
        return self.hosted(bind=bind)

    def _choose_port(self, port: int | None, values: dict[str, str | int]) -> int:
        """The port asked for (refused when taken), else last time's or 5433, else any free one."""
        if port:
            if not port_free(port):
                raise HostingError(
                    f"port {port} is used by another program: choose another port, or none "
                    "(Organizer then finds a free one)"
                )
            return port
        for candidate in (self._port(values), DEFAULT_PORT):
            if port_free(candidate):
                return candidate
        return free_port()

    def _settings(self, bind: str, port: int) -> list[str]:
        """The server's settings as `-c name=value` arguments (no shell ever reads them)."""
        local = bind in (ALL_INTERFACES, "0.0.0.0", "127.0.0.1", "localhost")
        settings = {
            "listen_addresses": bind if local else f"{bind},127.0.0.1",
            "port": str(port),
            # No Unix socket: everything connects over TCP (the admin on 127.0.0.1), so
            # the folder's path (a space, an "é", its length) never matters to a socket.
            "unix_socket_directories": "",
            **guard_settings(),
        }
        return [arg for name, value in settings.items() for arg in ("-c", f"{name}={value}")]

    @property
    def log(self) -> Path:
        """The server's own log (what it says when it cannot start)."""
        return self.folder / "server.log"

    def _start_server(self, bindir: Path, who: RunAs, bind: str, port: int) -> None:
        if not address_here(bind):
            raise HostingError(
                f"this computer has no network address {bind}: choose one of its own, "
                "or none (every network this computer is on)"
            )
        log = self.log
        if not log.exists():
            log.touch()
        who.own(log)
        said_before = log.stat().st_size
        settings = self._settings(bind, port)
        if os.name == "nt":
            # pg_ctl gives the server a restricted token on Windows; no /bin/sh there.
            options = subprocess.list2cmdline(settings)
            try:
                self._run(
                    who,
                    bindir / "pg_ctl", "-D", self.data, "-o", options, "-w", "-t", "60",
                    "-l", log, "start",
                )  # fmt: skip
            except HostingError:
                raise HostingError(self._why_not_started(said_before, bind, port)) from None
            return
        try:
            proc = who.start(
                bindir / "postgres", "-D", self.data, *settings, cwd=self.folder, log=log
            )
        except OSError as exc:
            raise HostingError(f"PostgreSQL could not be run: {exc}") from None
        deadline = time.monotonic() + START_TIMEOUT_S
        while time.monotonic() < deadline:
            if proc.poll() is not None:
                raise HostingError(self._why_not_started(said_before, bind, port))
            if self._ready(proc.pid):
                self._check_reachable(bindir, who, said_before, port)
                return
            time.sleep(0.1)
        proc.terminate()
        raise HostingError(
            f"the shared database did not get ready within {START_TIMEOUT_S} seconds. "
            f"{self._log_note()}"
        )

    def _check_reachable(self, bindir: Path, who: RunAs, said_before: int, port: int) -> None:
        """Stop a server that started without its IPv4 address (another program has the port).

        PostgreSQL runs as long as one of its addresses works, say IPv6 only, where no
        station (nor this app, on 127.0.0.1) would find it.
        """
        if "could not bind ipv4" not in self._said_since(said_before).lower():
            return
        self._run(who, bindir / "pg_ctl", "-D", self.data, "-m", "fast", "-w", "stop")
        raise HostingError(f"port {port} is used by another program. {self._log_note()}")

    def _said_since(self, offset: int) -> str:
        try:
            with self.log.open("rb") as f:
                f.seek(offset)
                return f.read().decode("utf-8", "replace")
        except OSError:
            return ""

    def _ready(self, pid: int) -> bool:
        """The server `pid` accepts connections (its postmaster.pid says "ready")."""
        try:
            lines = (self.data / "postmaster.pid").read_text("utf-8").splitlines()
        except (OSError, UnicodeDecodeError):
            return False
        return len(lines) >= 8 and lines[0].strip() == str(pid) and lines[7].strip() == "ready"

    def _log_note(self) -> str:
        return f"The server's log is {self.log}"

    def _why_not_started(self, said_before: int, bind: str, port: int) -> str:
        """Why the server stopped as it started, in a TO's words, from what it logged."""
        said = self._said_since(said_before)
        lower = said.lower()
        reasons = (
            ("address already in use", f"port {port} is used by another program"),
            ("cannot assign requested address", f"this computer has no address {bind}"),
            ("no space left on device", "the disk is full"),
            ("lock file", "another shared database is already running from this folder"),
            ("permission denied", f"the shared database may not write in {self.folder}"),
        )
        for clue, why in reasons:
            if clue in lower:
                return f"{why}. {self._log_note()}"
        detail = "; ".join(complaints(said)[-3:]) or "it stopped as it started"
        return f"the server said: {detail}. {self._log_note()}"

    def stop(self) -> None:
        """Stop the server cleanly (every committed write is kept); nothing if not running."""
        if not self.is_running():
            return
        bindir, who = self._programs()
        self._run(who, bindir / "pg_ctl", "-D", self.data, "-m", "fast", "-w", "stop")

    # --- inside the server -------------------------------------------------------

    def _admin(self, port: int, dbname: str = "postgres") -> psycopg.Connection[tuple[object, ...]]:
        try:
            return psycopg.connect(
                host="127.0.0.1",
                port=port,
                user=ADMIN_USER,
                password=str(self._secrets()["admin_password"]),
                dbname=dbname,
                autocommit=True,
                connect_timeout=10,
            )
        except psycopg.OperationalError as exc:
            raise HostingError(f"the hosted server does not answer: {exc}") from None

    def _set_up_roles(self, port: int) -> None:
        """The stations' role and database, the same whatever was there before.

        The host's own role owns the database, its schema and every table, and runs
        the migrations; the stations' role may read and write rows of the
        organizer's tables and nothing else: no DDL, no TRUNCATE, no database or
        role settings, no other sessions' queries. A host set up by an older
        version, where the stations' role owned everything, is handed over here.
        The door opens last (LOGIN), once everything is in place.
        """
        station, admin = sql.Identifier(STATION_USER), sql.Identifier(ADMIN_USER)
        database = sql.Identifier(DATABASE_NAME)
        with self._admin(port) as conn:
            role = conn.execute(
                "SELECT 1 FROM pg_roles WHERE rolname = %s", (STATION_USER,)
            ).fetchone()
            if role is None:
                conn.execute(sql.SQL("CREATE ROLE {} NOLOGIN").format(station))
            found = conn.execute(
                "SELECT 1 FROM pg_database WHERE datname = %s", (DATABASE_NAME,)
            ).fetchone()
            if found is None:
                conn.execute(sql.SQL("CREATE DATABASE {} OWNER {}").format(database, admin))
            else:
                conn.execute(sql.SQL("ALTER DATABASE {} OWNER TO {}").format(database, admin))
                conn.execute(sql.SQL("ALTER DATABASE {} CONNECTION LIMIT -1").format(database))
                conn.execute(sql.SQL("ALTER DATABASE {} RESET ALL").format(database))
            for other in ("postgres", "template1"):
                conn.execute(
                    sql.SQL("REVOKE CONNECT ON DATABASE {} FROM PUBLIC").format(
                        sql.Identifier(other)
                    )
                )
            conn.execute(sql.SQL("REVOKE ALL ON DATABASE {} FROM PUBLIC").format(database))
            conn.execute(sql.SQL("GRANT CONNECT ON DATABASE {} TO {}").format(database, station))
        with self._admin(port, DATABASE_NAME) as conn:
            conn.execute(sql.SQL("REASSIGN OWNED BY {} TO {}").format(station, admin))
            conn.execute("REVOKE ALL ON SCHEMA public FROM PUBLIC")
            conn.execute(sql.SQL("GRANT USAGE ON SCHEMA public TO {}").format(station))
            for hidden in HIDDEN_FROM_STATIONS:
                conn.execute(f"REVOKE ALL ON {hidden} FROM PUBLIC")
        self._migrate()
        with self._admin(port, DATABASE_NAME) as conn:
            conn.execute(
                sql.SQL("REVOKE ALL ON ALL TABLES IN SCHEMA public FROM {}").format(station)
            )
            conn.execute(
                sql.SQL(
                    "GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO {}"
                ).format(station)
            )
            conn.execute(
                sql.SQL("REVOKE INSERT, UPDATE, DELETE ON TABLE alembic_version FROM {}").format(
                    station
                )
            )
            # The journal is what undo and audits read: a station adds to it and marks an
            # entry undone (`journal_repo.mark_undone`, its one UPDATE), never rewrites or
            # removes one (deleting an event removes its entries through the foreign key,
            # which runs as the tables' owner). Revoking UPDATE on the table takes its
            # column grants too, so a later start grants the one column afresh.
            conn.execute(
                sql.SQL("REVOKE UPDATE, DELETE, TRUNCATE ON TABLE journal FROM {}").format(station)
            )
            conn.execute(
                sql.SQL("GRANT UPDATE ({}) ON TABLE journal TO {}").format(
                    sql.Identifier(JOURNAL_UPDATABLE), station
                )
            )
            for statement in UNDONE_STAYS:
                conn.execute(statement)
            conn.execute(
                sql.SQL("GRANT USAGE, SELECT ON ALL SEQUENCES IN SCHEMA public TO {}").format(
                    station
                )
            )
        with self._admin(port) as conn:
            conn.execute(
                sql.SQL(
                    "ALTER ROLE {} WITH LOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE NOREPLICATION "
                    "NOBYPASSRLS NOINHERIT CONNECTION LIMIT {} PASSWORD {}"
                ).format(
                    station, sql.Literal(STATION_CONNECTIONS), sql.Literal(self.station_password())
                )
            )
            conn.execute(sql.SQL("ALTER ROLE {} RESET ALL").format(station))

    def _migrate(self) -> None:
        """Bring the schema up to date as the host's own role (the stations' may not)."""
        try:
            Database(self.admin_url()).close()
        except DatabaseError as exc:
            raise HostingError(str(exc)) from None

    def admin_url(self) -> str:
        """The URL of the stations' database as the host's own role (owner of the schema)."""
        port = self._port()
        password = str(self._secrets()["admin_password"])
        return f"{DRIVER}://{ADMIN_USER}:{password}@127.0.0.1:{port}/{DATABASE_NAME}"

    def close_to_stations(self) -> None:
        """From now on no station writes: none may connect, and every one connected is let go.

        Their writes under way are rolled back (the station hears "the host stopped
        sharing"); what they committed before is in the database. The next `start`
        opens the door again (`_set_up_roles`).
        """
        port = self._port()
        role = sql.Identifier(STATION_USER)
        with self._admin(port) as conn:
            conn.execute(sql.SQL("ALTER ROLE {} NOLOGIN").format(role))
        with self._admin(port, DATABASE_NAME) as conn:
            conn.execute(
                sql.SQL(
                    "REVOKE INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public FROM {}"
                ).format(role)
            )
            # A station that had passed the login check a moment before may show up
            # only now: look until none is left (they cannot write, either way).
            deadline = time.monotonic() + 5
            while time.monotonic() < deadline:
                ended = conn.execute(
                    "SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity "
                    "WHERE usename = %s AND pid <> pg_backend_pid()",
                    (STATION_USER,),
                ).fetchone()
                if not ended or not ended[0]:
                    break
                time.sleep(0.05)

    def open_to_stations(self) -> None:
        """Let stations in again (after a move back that did not happen)."""
        self._set_up_roles(self._port())

    def hosted(self, *, bind: str = ALL_INTERFACES, host: str | None = None) -> Hosted:
        """The join address and code of the running server."""
        values = self._secrets()
        port = self._port(values)
        if host is None:
            local = bind in EVERY_ADDRESS
            host = lan_address() if local else ("127.0.0.1" if bind == "localhost" else bind)
        address = JoinAddress(host, port, self.station_password())
        raw = bytes.fromhex(str(values["station_password"]))
        try:
            code: str | None = make_code(host, port, raw)
        except JoinCodeError:
            code = None
        return Hosted(address, code)

    def local_url(self) -> str:
        """The stations' URL as this machine reaches its own server."""
        return self.hosted(host="127.0.0.1").url

    def connected_stations(self) -> int:
        """How many stations (apps and commands) are connected now, this one included."""
        if self._saved() is None:
            raise DatabaseUnavailableError(f"Nothing is hosted from {self.folder}.")
        port = self._port()
        try:
            with self._admin(port) as conn:
                row = conn.execute(
                    "SELECT count(DISTINCT coalesce(nullif(application_name, ''),"
                    " client_addr::text || ':' || client_port::text))"
                    " FROM pg_stat_activity WHERE usename = %s AND datname = %s",
                    (STATION_USER, DATABASE_NAME),
                ).fetchone()
        except HostingError as exc:
            raise DatabaseUnavailableError(str(exc)) from None
        return int(row[0]) if row else 0  # type: ignore[call-overload]
