"""Seeded chance: every shuffle in a game comes from the game's seed and what it is for.

A shuffle is keyed by ``(seed, round, purpose)`` through SHA-256, then drawn with SplitMix64 and
a Fisher–Yates shuffle. Nothing depends on Python's ``random`` module, so the same seed deals the
same game on CPython 3.11 and on Pyodide's 3.14, and no generator state has to be saved.
"""

from __future__ import annotations

import hashlib

MAX_SEED = 2**53  # seeds travel through JSON in the browser: keep them exact as JS numbers
_MASK = 2**64 - 1


def normalise_seed(seed: int) -> int:
    """A seed in ``[0, 2**53)``; others are hashed into that range (still deterministic)."""
    if 0 <= seed < MAX_SEED:
        return seed
    digest = hashlib.sha256(f"seed:{seed}".encode()).digest()
    return int.from_bytes(digest[:8], "big") % MAX_SEED


class SplitMix64:
    def __init__(self, state: int) -> None:
        self.state = state & _MASK

    def next(self) -> int:
        self.state = (self.state + 0x9E3779B97F4A7C15) & _MASK
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """Uniform integer in ``[0, n)`` (rejection sampling, no modulo bias)."""
        limit = (_MASK + 1) - ((_MASK + 1) % n)
        while True:
            x = self.next()
            if x < limit:
                return x % n


def generator(seed: int, *purpose: object) -> SplitMix64:
    key = ":".join(str(p) for p in (seed, *purpose)).encode()
    return SplitMix64(int.from_bytes(hashlib.sha256(key).digest()[:8], "big"))


def shuffled(items: list, seed: int, *purpose: object) -> list:
    """A new list: ``items`` shuffled by the generator for ``(seed, *purpose)``."""
    out = list(items)
    rng = generator(seed, *purpose)
    for i in range(len(out) - 1, 0, -1):
        j = rng.below(i + 1)
        out[i], out[j] = out[j], out[i]
    return out
