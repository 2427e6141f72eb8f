"""A seeded mutator over the four parsers, driven through the command line's entry point.

Why: issue 18 found tracebacks in 263 of 8,000 mutated files. This module makes such
files from valid seeds (a byte flipped, a span cut or doubled, a hostile token put in:
a 25- or 4,400-digit number, a lone surrogate, 40 brackets, a 5,000-character line,
invalid UTF-8, ...) and runs each through `organizer.cli.main.run` in-process, recording
anything but a clean exit 0, 1 or 2 with short output. Used by tests/cli/test_fuzz_parsers.py
(500 inputs per parser) and tests/benchmarks/test_fuzz_bench.py (many more).
"""

from __future__ import annotations

import io
import json
import random
import re
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from organizer.cli.main import run

ROOT = Path(__file__).resolve().parents[2]
TIME_LIMIT_S = 2.0
"""A hang guard, far above the ~1 ms an input takes: not a speed target."""
OUTPUT_LIMIT = 64_000
"""Characters an unreadable file may cause on stdout and stderr together."""

TOKENS: tuple[bytes, ...] = (
    b"9" * 20,
    b"9" * 25,
    b"9" * 4400,
    b"-1",
    b"0",
    b"1e999",
    b"NaN",
    b"-0.5",
    b'"\\ud800"',
    b"\\ud800",
    b"\\udfff\\ud800",
    b"[" * 40,
    b"[" * 600,
    b"{" * 40,
    b'{"a": ' * 30,
    b'"',
    b",",
    b",,,,,,,,,,",
    b"\n",
    b"\r",
    b"\r\n",
    b"\t",
    b"\x00",
    b"\xff\xfe",
    b"\xed\xa0\x80",
    b"\xc3",
    b"\xef\xbb\xbf",
    b"x" * 5000,
    b":",
    b"#",
    b"//",
    b" (Bold)",
    b" x3",
    b"\xc3\x97",
    b"\xf0\x9f\x90\x89",
    b"null",
    b"true",
    b"{}",
    b"[]",
    b'"p1"',
    b'"table": 1',
    b'"number": 1',
    b'"seats": ["p1", "p2", "p3"]',
    b'"winner": "p1"',
    b"Sideboard:",
    b"unlimited",
    b"Bold 9999",
)


def _mutate_once(rng: random.Random, data: bytes) -> bytes:
    size = len(data)
    pos = rng.randrange(size + 1)
    op = rng.randrange(8)
    if op == 0 and size:  # flip one byte
        return data[:pos] + bytes([rng.randrange(256)]) + data[pos + 1 :]
    if op in (1, 2):  # a hostile token
        return data[:pos] + rng.choice(TOKENS) + data[pos:]
    if op == 3 and size:  # cut a span
        end = min(size, pos + rng.randrange(1, 64))
        return data[:pos] + data[end:]
    if op == 4 and size:  # double a span (a line, a match, a row)
        end = min(size, pos + rng.randrange(1, 200))
        return data[:end] + data[pos:end] + data[end:]
    if op == 5:  # a number replaced by a hostile one
        numbers = list(re.finditer(rb"\d+", data))
        if numbers:
            m = rng.choice(numbers)
            token = rng.choice((b"9" * 20, b"9" * 4400, b"0", b"-7", b"10000", b"1.5"))
            return data[: m.start()] + token + data[m.end() :]
    if op == 6:  # lines swapped or repeated
        lines = data.split(b"\n")
        if len(lines) > 1:
            i, j = rng.randrange(len(lines)), rng.randrange(len(lines))
            lines[i] = lines[j] if rng.random() < 0.5 else lines[i]
            lines[i], lines[j] = lines[j], lines[i]
            return b"\n".join(lines)
    return data[:pos] + rng.choice(TOKENS) + data[pos:]


HOSTILE_VALUES: tuple[object, ...] = (
    10**19,
    10**30,
    -1,
    0,
    2**63,
    1.5,
    1e308,
    "\ud800",
    "x" * 2000,
    "",
    None,
    True,
    [],
    {},
    json.loads("[" * 20 + "]" * 20),
    "p1",
    "p2",
    "\U0001f409",
)


def _nodes(doc: object, path: tuple[object, ...] = ()) -> list[tuple[object, ...]]:
    """The path of every value in a decoded JSON document."""
    out: list[tuple[object, ...]] = [path]
    if isinstance(doc, dict):
        for k, v in doc.items():
            out.extend(_nodes(v, (*path, k)))
    elif isinstance(doc, list):
        for i, v in enumerate(doc):
            out.extend(_nodes(v, (*path, i)))
    return out


def _json_mutate(rng: random.Random, data: bytes) -> bytes:
    """A valid document with one value replaced, or one list entry doubled or dropped."""
    doc = json.loads(data)
    path = rng.choice(_nodes(doc)[1:])
    parent: Any = doc
    for key in path[:-1]:
        parent = parent[key]
    last: Any = path[-1]
    op = rng.randrange(3)
    if op == 1 and isinstance(parent, list):
        parent.insert(last, json.loads(json.dumps(parent[last])))  # a match or player twice
    elif op == 2 and isinstance(parent, list):
        del parent[last]
    else:
        parent[last] = rng.choice(HOSTILE_VALUES)
    return json.dumps(doc, indent=2).encode("utf-8", "surrogatepass")


def json_mutants(seeds: list[bytes], count: int, seed: int) -> list[bytes]:
    """`count` documents: half mutated as JSON values (1 to 3 times), half as bytes."""
    rng = random.Random(seed)
    out = mutants(seeds, count - count // 2, seed)
    for i in range(count // 2):
        data = seeds[i % len(seeds)]
        for _ in range(rng.randrange(1, 4)):
            data = _json_mutate(rng, data)
        out.append(data)
    return out


def mutants(seeds: list[bytes], count: int, seed: int) -> list[bytes]:
    """`count` inputs: each a seed with 1 to 4 mutations (the first few unmutated)."""
    rng = random.Random(seed)
    out: list[bytes] = []
    for i in range(count):
        data = seeds[i % len(seeds)]
        if i >= len(seeds):
            for _ in range(rng.randrange(1, 5)):
                data = _mutate_once(rng, data)
        out.append(data)
    return out


@dataclass
class Finding:
    index: int
    argv: list[str]
    problem: str
    path: Path


@dataclass
class FuzzRun:
    """What a run of many inputs through one command found."""

    inputs: int = 0
    statuses: dict[int, int] = field(default_factory=dict)
    findings: list[Finding] = field(default_factory=list)
    slowest_s: float = 0.0


Check = Callable[[int, str, str], str | None]
"""An extra check after each input: (status, out, err) -> a problem, or None."""


def fuzz(
    inputs: list[bytes],
    argv_for: Callable[[Path], list[str]],
    folder: Path,
    *,
    suffix: str,
    check: Check | None = None,
) -> FuzzRun:
    """Run each input (written to a file) through `run(argv_for(file))`."""
    result = FuzzRun()
    folder.mkdir(parents=True, exist_ok=True)
    for index, data in enumerate(inputs):
        path = folder / f"input{suffix}"
        path.write_bytes(data)
        argv = argv_for(path)
        out, err = io.StringIO(), io.StringIO()
        started = time.perf_counter()
        problem: str | None = None
        try:
            status = run(argv, out=out, err=err)
        except BaseException as exc:  # anything escaping run() would be a traceback
            status, problem = -1, f"{type(exc).__name__}: {str(exc)[:200]}"
        elapsed = time.perf_counter() - started
        result.slowest_s = max(result.slowest_s, elapsed)
        result.inputs += 1
        result.statuses[status] = result.statuses.get(status, 0) + 1
        texts = out.getvalue() + err.getvalue()
        if problem is None and status not in (0, 1, 2):
            problem = f"exit status {status}"
        if problem is None and elapsed > TIME_LIMIT_S:
            problem = f"took {elapsed:.1f} s"
        if problem is None and len(texts) > OUTPUT_LIMIT:
            problem = f"printed {len(texts):,} characters"
        if problem is None and "Traceback" in texts:
            problem = "printed a traceback"
        if problem is None and check is not None:
            problem = check(status, out.getvalue(), err.getvalue())
        if problem is not None:
            kept = folder / f"failure-{index}{suffix}"
            kept.write_bytes(data)
            result.findings.append(Finding(index, argv, problem, kept))
    return result


# Seeds: valid files of each kind.

_EVENT = {
    "schema": "organizer-event/1",
    "name": "Friday Night Skirmish",
    "date": "2026-11-20",
    "format": "castle-wars",
    "best_of": 3,
    "points": {"win": 3, "draw": 1, "loss": 0},
    "players": [
        {"id": "p1", "name": "Ada Byrne"},
        {"id": "p2", "name": "Bo Chen", "dropped_after_round": 2},
        {"id": "p3", "name": "Cy Diaz", "awarded_byes": 1},
        {"id": "p4", "name": "Łucja Żółć", "email": "l@example.org"},
        {"id": "p5", "name": "李小龍", "missed_round_losses": 1},
    ],
    "rounds": [
        {
            "number": 1,
            "seed": 7,
            "matches": [
                {"table": 1, "a": "p1", "b": "p2", "a_wins": 2, "b_wins": 1, "draws": 0},
                {"table": 2, "a": "p4", "b": "p5", "a_wins": 0, "b_wins": 2, "draws": 0},
                {"table": None, "a": "p3", "b": None},
            ],
        },
        {
            "number": 2,
            "matches": [
                {"table": 1, "a": "p1", "b": "p3", "a_wins": 1, "b_wins": 1, "draws": 1},
                {"table": 2, "a": "p2", "b": "p5"},
                {"table": None, "a": "p4", "b": None},
            ],
        },
    ],
}
_CONQUEST = {
    "schema": "organizer-event/1",
    "name": "Conquest",
    "format": "warcaste-conquest",
    "players": [{"id": f"p{i}", "name": f"Player {i}"} for i in range(1, 9)],
    "rounds": [
        {
            "number": 1,
            "matches": [
                {"table": 1, "seats": ["p1", "p2", "p3", "p4"], "winner": "p2"},
                {"table": 2, "seats": ["p5", "p6", "p7", "p8"], "winner": None, "drawn": ["p5"]},
            ],
        }
    ],
}


def event_seeds() -> list[bytes]:
    complete = dict(_EVENT, rounds=_EVENT["rounds"][:1])  # type: ignore[index]
    return [
        json.dumps(doc, indent=2, ensure_ascii=False).encode()
        for doc in (_EVENT, complete, _CONQUEST)
    ]


def players_seeds() -> list[bytes]:
    return [
        "name,id,email,awarded_byes\nAda Byrne,a1,ada@example.org,1\n"
        '"Chen, Bo",b2,,0\nŁucja Żółć,,,\n김민준,k9,,2\n'.encode(),
        b"\xef\xbb\xbfName;ID\nAda\n\tBo\n",
    ]


def pool_seed() -> bytes:
    lines = (ROOT / "resources" / "cardpools" / "sample-castle-wars.csv").read_bytes()
    return b"\n".join(lines.split(b"\n")[:40]) + b"\n"


def pool_seeds() -> list[bytes]:
    warcaste = (ROOT / "resources" / "cardpools" / "sample-warcaste.csv").read_bytes()
    return [pool_seed(), b"\n".join(warcaste.split(b"\n")[:30]) + b"\n"]


def deck_seeds() -> list[bytes]:
    text = (ROOT / "resources" / "decklists" / "sample-castle-wars.txt").read_bytes()
    csv_deck = (ROOT / "resources" / "decklists" / "sample-castle-wars-decrees.csv").read_bytes()
    return [
        text,
        csv_deck,
        b"Castle:\n1 Greywater Keep\nDeck:\n3x Bearclaw Pikeman\nRidge Lancer x2\n",
    ]
