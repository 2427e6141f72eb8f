"""Join codes: what the host shows is what the station reads, and a typo is caught."""

from __future__ import annotations

import pytest

from organizer.storage.server.join_code import (
    JoinCodeError,
    decode,
    encode,
    make_code,
    password_text,
    read_code,
)

RAW = bytes.fromhex("0123456789abcdef")


def test_a_code_gives_back_the_host_port_and_password() -> None:
    code = make_code("192.168.1.20", 5433, RAW)
    assert len(code.replace("-", "")) == 24 and code.count("-") == 5
    address = read_code(code)
    assert (address.host, address.port, address.password) == (
        "192.168.1.20",
        5433,
        password_text(RAW),
    )
    assert address.url == (
        f"postgresql+psycopg://organizer_station:{password_text(RAW)}@192.168.1.20:5433/organizer"
    )


def test_case_dashes_and_look_alike_letters_do_not_matter() -> None:
    code = make_code("10.0.0.7", 6000, RAW)
    sloppy = code.lower().replace("-", " ").replace("0", "o").replace("1", "l")
    assert read_code(sloppy) == read_code(code)


def test_a_typo_is_caught_before_anything_is_tried() -> None:
    code = make_code("10.0.0.7", 6000, RAW)
    wrong = ("X" if code[0] != "X" else "Y") + code[1:]
    with pytest.raises(JoinCodeError, match="typo"):
        read_code(wrong)
    with pytest.raises(JoinCodeError, match="24 letters"):
        read_code(code[:-5])
    with pytest.raises(JoinCodeError, match="cannot be in"):
        read_code(code[:-1] + "!")


def test_base32_round_trips() -> None:
    for data in (b"", b"\x00", b"\xff" * 7, RAW):
        assert decode(encode(data)) == data
