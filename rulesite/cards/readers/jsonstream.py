"""Stream a large JSON file one value at a time with the standard library.

A Scryfall bulk file is one array of cards, MTGJSON's ``AtomicCards.json`` one object whose
``data`` member maps each name to its faces: both are well over 100 MB, and each card is a few
kilobytes. :func:`array_items` and :func:`object_members` read the file in chunks and decode one
item (one card) at a time with :meth:`json.JSONDecoder.raw_decode`, so memory stays bounded by
the largest single item (:data:`MAX_ITEM`), never by the file.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import IO, Any

from . import CardFileError

CHUNK = 1 << 16
MAX_ITEM = 8 << 20
"""The largest single value (one card, or a top-level member skipped whole) read into memory;
an MTGJSON card with every language and ruling is some tens of kilobytes."""
_SPACE = " \t\r\n"


class _Buffer:
    """Text read so far from ``stream`` and not yet consumed."""

    def __init__(self, stream: IO[str], where: str) -> None:
        self.stream = stream
        self.where = where
        self.text = ""
        self.pos = 0
        self.eof = False

    def more(self) -> bool:
        """Read one more chunk; return ``False`` at the end of the file."""
        if self.eof:
            return False
        chunk = self.stream.read(CHUNK)
        if not chunk:
            self.eof = True
            return False
        self.text = self.text[self.pos:] + chunk
        self.pos = 0
        return True

    def peek(self) -> str:
        """Return the next character that is not white space ("" at the end), without consuming it."""
        while True:
            while self.pos < len(self.text) and self.text[self.pos] in _SPACE:
                self.pos += 1
            if self.pos < len(self.text):
                return self.text[self.pos]
            if not self.more():
                return ""

    def expect(self, chars: str, what: str) -> str:
        """Consume and return the next character, one of ``chars``; else raise :class:`CardFileError`."""
        char = self.peek()
        if not char or char not in chars:
            found = repr(char) if char else "the end of the file"
            raise CardFileError(f"{self.where}: not valid JSON of this format: expected {what}, found {found}")
        self.pos += 1
        return char

    def value(self, decoder: json.JSONDecoder) -> Any:
        """Decode and consume one JSON value, reading more of the file until it is complete."""
        self.peek()
        while True:
            try:
                value, end = decoder.raw_decode(self.text, self.pos)
            except json.JSONDecodeError as exc:
                if len(self.text) - self.pos > MAX_ITEM:
                    raise CardFileError(f"{self.where}: a value over {MAX_ITEM >> 20} MB: not a card file of this format") from exc
                if not self.more():
                    raise CardFileError(f"{self.where}: corrupt JSON: {exc.msg} near character {exc.pos}") from exc
                continue
            # A number at the end of a chunk may continue in the next one.
            if end == len(self.text) and not self.eof and self.more():
                continue
            self.pos = end
            return value


def _open(stream: IO[str], where: str, opening: str, what: str) -> _Buffer:
    buffer = _Buffer(stream, where)
    if buffer.peek() == "\ufeff":
        buffer.pos += 1
    buffer.expect(opening, what)
    return buffer


def array_items(stream: IO[str], where: str) -> Iterator[Any]:
    """Yield each item of the JSON array that is the whole of ``stream``; raise
    :class:`CardFileError` when it is not one or is corrupt."""
    buffer = _open(stream, where, "[", "a JSON array ('[')")
    decoder = json.JSONDecoder()
    if buffer.peek() == "]":
        buffer.pos += 1
    else:
        while True:
            yield buffer.value(decoder)
            if buffer.expect(",]", "',' or ']'") == "]":
                break
    _end(buffer)


def object_members(stream: IO[str], where: str, descend: str) -> Iterator[tuple[str, Any]]:
    """Yield ``(key, value)`` for each member of the object under the top-level key ``descend``
    of the JSON object that is ``stream``; other top-level members are decoded and dropped.
    Raise :class:`CardFileError` when the file is not such an object or is corrupt."""
    buffer = _open(stream, where, "{", "a JSON object ('{')")
    decoder = json.JSONDecoder()
    found = False
    if buffer.peek() == "}":
        buffer.pos += 1
    else:
        while True:
            key = _key(buffer, decoder)
            if key == descend and buffer.peek() == "{":
                found = True
                buffer.pos += 1
                if buffer.peek() == "}":
                    buffer.pos += 1
                else:
                    while True:
                        name = _key(buffer, decoder)
                        yield name, buffer.value(decoder)
                        if buffer.expect(",}", "',' or '}'") == "}":
                            break
            else:
                buffer.value(decoder)
            if buffer.expect(",}", "',' or '}'") == "}":
                break
    _end(buffer)
    if not found:
        raise CardFileError(f"{where}: no {descend!r} object at the top level")


def _key(buffer: _Buffer, decoder: json.JSONDecoder) -> str:
    if buffer.peek() != '"':
        buffer.expect('"', "a member name")
    key = buffer.value(decoder)
    buffer.expect(":", "':'")
    return key


def _end(buffer: _Buffer) -> None:
    if buffer.peek():
        raise CardFileError(f"{buffer.where}: corrupt JSON: text after the end of the top-level value")
