"""This computer's LAN address: one that is really this computer's, or 127.0.0.1."""

from __future__ import annotations

import ipaddress
import socket

from organizer.storage.server.network import lan_address
from organizer.web.address import lan_address as page_lan_address


def test_the_lan_address_is_one_of_this_computers() -> None:
    address = lan_address()
    assert ipaddress.IPv4Address(address)
    with socket.socket() as s:
        s.bind((address, 0))  # only an address of this computer can be bound


def test_the_players_page_and_the_join_code_use_the_same_function() -> None:
    assert page_lan_address is lan_address
