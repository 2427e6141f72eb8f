"""`Setting`: one event setting as a declaration, and as the forms and the command line use it.

A setting is declared as a field of a settings dataclass whose default is
`setting(default, help, ...)`: the field gives its name and type, the call its
default, its help and what the type does not say (bounds, a reader for a list,
an example). `declared_settings` completes each declaration from its field:
the name, the default, how it is stored as JSON and, where the declaration
names no reader, the reader its type implies: `bool` is yes or no, a `Literal`
one of its words, an `int` a whole number within its bounds.

What the completed `Setting` offers is all anyone needs of one: `parse` what a
TO typed, `text` a value as typed, `describe` it for the command line and the
tooltips, and read or write it as stored JSON.

Pure Python: no Qt, no SQL.
"""

from __future__ import annotations

import types
from collections.abc import Mapping
from dataclasses import dataclass, field, fields, replace
from typing import Any, Literal, TypeVar, Union, get_args, get_origin, get_type_hints

from organizer.core.setting_readers import Reader, one_of, shown, whole_number, yes_no

T = TypeVar("T")


@dataclass(frozen=True, slots=True)
class Setting:
    help: str
    """What the setting does, in a few words: the dialog's label ("paper size for printouts")."""
    reader: Reader | None = None
    """How the value is typed; declared where its type does not tell (a list, a time of day)."""
    bounds: tuple[int, int] | None = None
    """Lowest and highest value, for a whole-number setting."""
    unset: tuple[int, str] | None = None
    """A value outside the bounds that means none, and what it means: (0, "the rulebook's")."""
    rule: str = ""
    """Where the bounds come from, said when a value is refused."""
    note: str = ""
    example: str = ""
    # Completed from the field by `declared_settings`:
    key: str = ""
    default: Any = None
    stored_as: type = object
    """The JSON type it is stored as: bool, int, str or list."""
    choices: tuple[str, ...] = ()
    """The values allowed, for a setting that is one of a few words (its `Literal`)."""

    @property
    def yes_no(self) -> bool:
        return self.stored_as is bool

    def parse(self, text: str) -> Any:
        """The typed value of what a TO typed; ValueError says what is wrong with it."""
        return self._reader().parse(text)

    def text(self, value: Any) -> str:
        """`value` as it is typed, so `parse` reads it back: "3, 1, 0", "yes", "A; B"."""
        return shown(value, self._reader().joiner)

    def value_in(self, values: object) -> Any:
        """This setting's value in a settings dataclass."""
        return getattr(values, self.key)

    def allowed(self) -> str:
        """The values allowed, in words: "A4 or Letter", "3 to 5", "yes or no"."""
        if self.yes_no:
            return "yes or no"
        if self.choices:
            return " or ".join(self.choices)
        if self.bounds is None:
            return ""
        low, high = self.bounds
        allowed = f"{low} to {high}" + (f" ({self.rule})" if self.rule else "")
        return f"{self.unset[0]} ({self.unset[1]}) or {allowed}" if self.unset else allowed

    def describe(self) -> str:
        """The whole help: what it does, what it takes, an example (the CLI, the tooltips)."""
        tail = "; ".join(part for part in (self.allowed(), self.note) if part)
        return (
            self.help
            + (f": {tail}" if tail else "")
            + (f", e.g. {self.example}" if self.example else "")
        )

    def to_json(self, value: Any) -> Any:
        return list(value) if isinstance(value, tuple) else value

    def from_json(self, stored: Any) -> Any:
        """A stored value read as if typed again; the default if it is not one."""
        if stored is None or type(stored) is not self.stored_as:
            return self.default
        if stored == self.to_json(self.default):  # as most are: nothing to read
            return self.default
        if isinstance(stored, list) and not all(type(v) in (str, int) for v in stored):
            return self.default
        try:
            return self.parse(self.text(stored))
        except ValueError:
            return self.default

    def _reader(self) -> Reader:
        assert self.reader is not None, f"setting {self.key!r} is not completed"
        return self.reader


def setting(
    default: T,
    help: str,
    reader: Reader | None = None,
    *,
    bounds: tuple[int, int] | None = None,
    unset: tuple[int, str] | None = None,
    rule: str = "",
    note: str = "",
    example: str = "",
) -> T:
    """One setting's declaration, as the default of its field in a settings dataclass."""
    declared = Setting(help, reader, bounds, unset, rule, note, example)
    found: T = field(default=default, metadata={"setting": declared})
    return found


def declared_settings(cls: type) -> Mapping[str, Setting]:
    """Every setting of the dataclass `cls` by name, completed from its field, in field order."""
    hints = get_type_hints(cls)
    completed: dict[str, Setting] = {}
    for f in fields(cls):
        declared: Setting = f.metadata["setting"]
        hint = hints[f.name]
        choices: tuple[str, ...] = get_args(hint) if get_origin(hint) is Literal else ()
        stored_as = _stored_as(hint)
        reader = declared.reader or _reader_of(stored_as, choices, declared)
        assert reader is not None, f"setting {f.name}: say how it is typed (a Reader)"
        completed[f.name] = replace(
            declared,
            reader=reader,
            key=f.name,
            default=f.default,
            stored_as=stored_as,
            choices=choices,
        )
    return types.MappingProxyType(completed)


def _reader_of(stored_as: type, choices: tuple[str, ...], declared: Setting) -> Reader | None:
    """The reader a setting's type implies: yes or no, one of its words, a bounded number."""
    if stored_as is bool:
        return Reader(yes_no)
    if choices:
        return Reader(one_of(choices))
    if declared.bounds is not None:
        return Reader(whole_number(declared.bounds, unset=declared.unset, rule=declared.rule))
    return None


def _stored_as(hint: Any) -> type:
    """The JSON type a field of type `hint` is stored as."""
    if get_origin(hint) in (Union, types.UnionType):  # X | None
        hint = next(a for a in get_args(hint) if a is not type(None))
    if get_origin(hint) is tuple:
        return list
    if get_origin(hint) is Literal:
        return str
    assert hint in (bool, int, str), f"no JSON type for a setting of type {hint}"
    return hint  # type: ignore[no-any-return]
