"""The engine's module layout (README "Modules"): no import cycle in py/rummy, and the link
codec's modules use only public names of the modules they import. And every module is named
in the table a newcomer reads to find it.

Imports are read from the source with `ast`, those inside functions included (an import kept
inside a function only hides a cycle, it does not break it), and importing a module of a
subpackage counts as importing the subpackage too (Python runs its ``__init__`` first).
"""

from __future__ import annotations

import ast
import pathlib

ROOT = pathlib.Path(__file__).resolve().parent.parent / "py"
PACKAGE = ROOT / "rummy"


def module_name(path: pathlib.Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


MODULES = {module_name(path): path for path in sorted(PACKAGE.rglob("*.py"))}


def imported(name: str, path: pathlib.Path) -> set[str]:
    """The engine modules ``name`` imports anywhere in its source."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")[: len(package.split(".")) - (node.level - 1)]
                source = ".".join(base + ([node.module] if node.module else []))
            else:
                source = node.module or ""
            for alias in node.names:  # `from . import game` names a module, not a value
                child = f"{source}.{alias.name}"
                found.add(child if child in MODULES else source)
    for module in list(found):  # `rummy.link.full` runs `rummy/link/__init__.py` first
        parts = module.split(".")
        for cut in range(2, len(parts)):
            parent = ".".join(parts[:cut])
            if not name.startswith(parent + "."):  # a sibling's import runs no __init__ again
                found.add(parent)
    return {module for module in found if module in MODULES and module != name}


GRAPH = {name: imported(name, path) for name, path in MODULES.items()}


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """Every strongly connected group of more than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    groups: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for nxt in sorted(graph[node]):
            if nxt not in index:
                visit(nxt)
                low[node] = min(low[node], low[nxt])
            elif nxt in on_stack:
                low[node] = min(low[node], index[nxt])
        if low[node] == index[node]:
            group = []
            while True:
                member = stack.pop()
                on_stack.discard(member)
                group.append(member)
                if member == node:
                    break
            if len(group) > 1:
                groups.append(sorted(group))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return groups


def test_the_import_walk_sees_imports_inside_functions():
    assert "rummy.link" in GRAPH["rummy.game"]  # `Game.to_link` imports it on use
    assert "rummy.validate" in GRAPH["rummy.rules"]  # so does `checked_copy`
    assert "rummy.link.full" in GRAPH["rummy.link"]
    assert "rummy.link" in GRAPH["rummy.bots.review"]  # it imports the package
    assert cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]


def test_the_walk_counts_a_subpackage_s_init(tmp_path):
    probe = tmp_path / "probe.py"
    probe.write_text("from .link import full\n")
    assert imported("rummy.probe", probe) == {"rummy.link.full", "rummy.link"}
    assert "rummy.link.full" in GRAPH["rummy.link.moves"]
    assert "rummy.link" not in GRAPH["rummy.link.moves"]  # a sibling: __init__ already runs


def test_no_module_of_the_engine_imports_itself_round_a_cycle():
    assert cycles(GRAPH) == []


def test_constants_and_the_bits_import_nothing_from_the_engine():
    assert GRAPH["rummy.constants"] == set()
    assert GRAPH["rummy.link.bits"] == set()


def test_the_link_codec_uses_no_private_name_of_another_module():
    found = []
    for name, path in MODULES.items():
        if not name.startswith("rummy.link"):
            continue
        for node in ast.walk(ast.parse(path.read_text(), str(path))):
            if isinstance(node, ast.ImportFrom):
                names = [alias.name for alias in node.names]
            elif isinstance(node, ast.Attribute) and not (
                isinstance(node.value, ast.Name) and node.value.id in ("self", "cls")
            ):
                names = [node.attr]
            else:
                continue
            found += [
                f"{path.name}:{node.lineno} {n}"
                for n in names
                if n.startswith("_") and not n.startswith("__")
            ]
    assert found == []


REPO = ROOT.parent
# Where each folder's modules are listed: by file name in backquotes, or by their whole path.
MODULE_TABLES = {
    "py/rummy": "README.md",
    "py/rummy/link": "README.md",
    "py/rummy/bots": "docs/BOTS.md",
    "web": "README.md",
    "web/ui": "web/ui/README.md",
    "web/storage": "web/ui/README.md",
}


def test_every_module_is_named_where_a_newcomer_looks_for_it():
    missing = []
    for folder, doc in MODULE_TABLES.items():
        text = (REPO / doc).read_text()
        for path in sorted((REPO / folder).iterdir()):
            if path.suffix not in (".py", ".js") or path.name == "__init__.py":
                continue
            short = (f"`{path.name}`", f"`{path.parent.name}/{path.name}`")
            if not any(name in text for name in (*short, f"{folder}/{path.name}")):
                missing.append(f"{folder}/{path.name} (in {doc})")
    assert missing == []


def test_every_bench_is_named_in_the_docs():
    docs = "".join(
        p.read_text() for p in [REPO / "README.md", *sorted((REPO / "docs").glob("*.md"))]
    )
    assert [p.name for p in sorted((REPO / "bench").glob("*.py")) if p.name not in docs] == []
