"""Rules engine for three Rummy rule sets — `basic`, `rummy200`, `rummy101` (see RULES.md).

The public boundary is described in ENGINE_API.md: `new_game`, `load`, `Game`, `IllegalMove`,
`VARIANTS`, `from_link`, and the submodules `solver` and `bots`. Imports are kept light (Pyodide
imports are about twice as slow as CPython's): the solver, bots and link codec load on first use.
"""

from __future__ import annotations

from .errors import IllegalMove
from .game import Game, from_link, load, new_game
from .variants import VARIANTS

__all__ = ["VARIANTS", "Game", "IllegalMove", "from_link", "load", "new_game"]
__version__ = "0.1.0"


def __getattr__(name: str):
    # `rummy.solver` and `rummy.bots` without importing them up front.
    if name in ("solver", "bots", "link", "webapi"):
        import importlib

        return importlib.import_module(f".{name}", __name__)
    raise AttributeError(f"module 'rummy' has no attribute {name!r}")
