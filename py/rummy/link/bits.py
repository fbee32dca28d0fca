"""Bits: a writer, a bounded reader and a codec for any JSON value (docs/LINKS.md "Format").

The link bodies are bit strings: numbers in as few bits as their range allows (truncated
binary for one of ``n`` equal choices, exp-Golomb for counts), so a turn costs about 6 bits.
The reader never reads past the data and never believes a count the bits left could not hold;
what does not decode raises `Malformed`, which the link's entry points turn into a refusal
with a reason. Imports nothing from the engine.
"""

from __future__ import annotations

from typing import Any


class Malformed(Exception):
    """Bits that do not decode; the link's entry points turn it into a LinkError with a reason."""


class BitWriter:
    __slots__ = ("_acc", "_n", "out")

    def __init__(self) -> None:
        self.out = bytearray()
        self._acc = 0
        self._n = 0

    def bits(self, value: int, count: int) -> None:
        if count <= 0:
            return
        self._acc = (self._acc << count) | (value & ((1 << count) - 1))
        self._n += count
        while self._n >= 8:
            self._n -= 8
            self.out.append((self._acc >> self._n) & 0xFF)
        self._acc &= (1 << self._n) - 1

    def choice(self, value: int, n: int) -> None:
        """One of ``n`` equally likely values (truncated binary: k or k+1 bits)."""
        if not 0 <= value < n:
            raise ValueError(f"value {value} out of range {n}")
        if n <= 1:
            return
        k = n.bit_length() - 1
        short = (1 << (k + 1)) - n
        if value < short:
            self.bits(value, k)
        else:
            self.bits(value + short, k + 1)

    def uint(self, x: int) -> None:
        """A whole number ≥ 0 (exp-Golomb: small numbers take few bits)."""
        x += 1
        length = x.bit_length()
        self.bits(0, length - 1)
        self.bits(x, length)

    def sint(self, x: int) -> None:
        self.uint(2 * x if x >= 0 else -2 * x - 1)

    def flag(self, value: bool) -> None:
        self.bits(1 if value else 0, 1)

    def align(self) -> None:
        if self._n:
            self.bits(0, 8 - self._n)

    def getvalue(self) -> bytes:
        self.align()
        return bytes(self.out)


class BitReader:
    __slots__ = ("_data", "_end", "pos")

    def __init__(self, data: bytes) -> None:
        self._data = data
        self.pos = 0
        self._end = len(data) * 8

    def left(self) -> int:
        return self._end - self.pos

    def bits(self, count: int) -> int:
        if count <= 0:
            return 0
        if self.pos + count > self._end:
            raise Malformed("it ends too early")
        first, last = self.pos >> 3, (self.pos + count + 7) >> 3
        chunk = int.from_bytes(self._data[first:last], "big")
        unused = last * 8 - (self.pos + count)
        self.pos += count
        return (chunk >> unused) & ((1 << count) - 1)

    def choice(self, n: int) -> int:
        if n <= 1:
            return 0
        k = n.bit_length() - 1
        short = (1 << (k + 1)) - n
        value = self.bits(k)
        if value < short:
            return value
        return ((value << 1) | self.bits(1)) - short

    def uint(self, limit: int = 1 << 64) -> int:
        zeros = 0
        while self.bits(1) == 0:
            zeros += 1
            if zeros > 64:
                raise Malformed("a number is too long")
        x = ((1 << zeros) | self.bits(zeros)) - 1
        if x > limit:
            raise Malformed(f"a number is out of range ({x} > {limit})")
        return x

    def count(self, bits_each: int = 1, limit: int = 1 << 20) -> int:
        """A length: never more items than the bits left could hold."""
        n = self.uint(limit)
        if n * bits_each > self.left():
            raise Malformed("a list is longer than the link")
        return n

    def sint(self, limit: int = 1 << 62) -> int:
        x = self.uint(2 * limit + 1)
        return x // 2 if x % 2 == 0 else -(x + 1) // 2

    def flag(self) -> bool:
        return self.bits(1) == 1

    def finish(self) -> None:
        """Nothing may follow the last field but the zero bits that fill its byte."""
        if self.left() >= 8 or (self.left() and self.bits(self.left())):
            raise Malformed("it has bytes after its end")

    def rest_bytes(self) -> bytes:
        self.pos = (self.pos + 7) // 8 * 8
        out = self._data[self.pos // 8 :]
        self.pos = self._end
        return out


# Any JSON value (options, and rare shapes the compact codecs do not cover).
_NONE, _FALSE, _TRUE, _INT, _STR, _LIST, _DICT = range(7)
_MAX_DEPTH = 12


def put_value(w: BitWriter, value: Any, depth: int = 0) -> None:
    if depth > _MAX_DEPTH:
        raise ValueError("nested too deeply")
    if value is None:
        w.choice(_NONE, 7)
    elif value is False:
        w.choice(_FALSE, 7)
    elif value is True:
        w.choice(_TRUE, 7)
    elif isinstance(value, int):
        w.choice(_INT, 7)
        w.sint(value)
    elif isinstance(value, str):
        w.choice(_STR, 7)
        data = value.encode()
        w.uint(len(data))
        for byte in data:
            w.bits(byte, 8)
    elif isinstance(value, list):
        w.choice(_LIST, 7)
        w.uint(len(value))
        for item in value:
            put_value(w, item, depth + 1)
    elif isinstance(value, dict):
        w.choice(_DICT, 7)
        w.uint(len(value))
        for key, item in value.items():
            if not isinstance(key, str):
                raise ValueError("a key is not a string")
            put_value(w, key, depth + 1)
            put_value(w, item, depth + 1)
    else:
        raise ValueError(f"not a JSON value: {type(value).__name__}")


def get_value(r: BitReader, depth: int = 0) -> Any:
    if depth > _MAX_DEPTH:
        raise Malformed("it is nested too deeply")
    tag = r.choice(7)
    if tag == _NONE:
        return None
    if tag in (_FALSE, _TRUE):
        return tag == _TRUE
    if tag == _INT:
        return r.sint()
    if tag == _STR:
        n = r.count(8)
        try:
            return bytes(r.bits(8) for _ in range(n)).decode()
        except UnicodeDecodeError:
            raise Malformed("a text is not UTF-8") from None
    if tag == _LIST:
        return [get_value(r, depth + 1) for _ in range(r.count(2))]
    if tag == _DICT:
        out = {}
        for _ in range(r.count(4)):
            key = get_value(r, depth + 1)
            if not isinstance(key, str):
                raise Malformed("a key is not a string")
            out[key] = get_value(r, depth + 1)
        return out
    raise Malformed("an unknown value type")
