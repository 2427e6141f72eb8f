"""Asking a hosting folder for its address or its stations writes nothing there (issue 36,
item 13): test runs left `organizer-host-*` folders holding only a `host.json`, written by
a read after the folder was gone."""

from __future__ import annotations

from pathlib import Path

import pytest

from organizer.storage.db_errors import DatabaseUnavailableError
from organizer.storage.server.embedded import HostedServer, HostingError


def test_reads_of_a_folder_with_no_server_write_nothing(tmp_path: Path) -> None:
    gone = tmp_path / "Org Host é" / "host"
    server = HostedServer(gone)
    for read in (server.local_url, server.station_password):
        with pytest.raises(HostingError, match="no event is hosted from"):
            read()
    with pytest.raises(DatabaseUnavailableError, match="Nothing is hosted from"):
        server.connected_stations()  # what a station's status bar asks every few seconds
    assert not server.is_running()
    assert not gone.exists() and list(tmp_path.iterdir()) == []
