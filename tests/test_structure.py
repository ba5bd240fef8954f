"""The house's shape: no import cycle among m3desk's modules, no module over 800 lines and no
function over 100 (docs/architecture.md, "Imports point down only").

A cycle is read from the imports that run (grimp, import-linter's own graph, counts an import
inside a function too, where a cycle likes to hide; those under ``TYPE_CHECKING`` never run
and are left out). Each strongly connected set of modules is one cycle, named with the lines
that import each other, so the message says where to cut.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator, Mapping, Set
from pathlib import Path

import grimp

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "m3desk"
MODULE_LINES = 800
FUNCTION_LINES = 100


def strongly_connected(graph: Mapping[str, Set[str]]) -> list[list[str]]:
    """Tarjan's strongly connected components of more than one module (or a module that
    imports itself), each sorted; iterative, so a long chain of imports cannot overflow."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []
    for root in sorted(graph):
        if root in index:
            continue
        work: list[tuple[str, Iterator[str]]] = [(root, iter(sorted(graph[root])))]
        index[root] = low[root] = len(index)
        stack.append(root)
        on_stack.add(root)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is not None:
                if child not in index:
                    index[child] = low[child] = len(index)
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(graph.get(child, ())))))
                elif child in on_stack:
                    low[node] = min(low[node], index[child])
                continue
            work.pop()
            if work:
                parent = work[-1][0]
                low[parent] = min(low[parent], low[node])
            if low[node] == index[node]:
                component = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    component.append(member)
                    if member == node:
                        break
                if len(component) > 1 or node in graph.get(node, ()):
                    found.append(sorted(component))
    return found


def test_the_cycle_finder_finds_cycles() -> None:
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}, "e": {"e"}, "f": set()}
    assert strongly_connected(graph) == [["a", "b", "c"], ["e"]]
    assert strongly_connected({"a": {"b"}, "b": set()}) == []


def _import_graph() -> tuple[grimp.ImportGraph, dict[str, set[str]]]:
    graph = grimp.build_graph("m3desk", exclude_type_checking_imports=True)
    return graph, {
        module: set(graph.find_modules_directly_imported_by(module)) for module in graph.modules
    }


def _cycle_text(graph: grimp.ImportGraph, component: list[str]) -> str:
    members = set(component)
    lines = []
    for importer in component:
        for imported in sorted(graph.find_modules_directly_imported_by(importer) & members):
            for detail in graph.get_import_details(importer=importer, imported=imported):
                lines.append(
                    f"    {importer}:{detail['line_number']} {detail['line_contents'].strip()}"
                )
    return " <-> ".join(component) + "\n" + "\n".join(lines)


def test_no_import_cycles() -> None:
    """No two modules import each other, however far round: a module's imports are the
    modules below it, and a part two modules share is a module both import."""
    graph, edges = _import_graph()
    cycles = strongly_connected(edges)
    assert not cycles, f"{len(cycles)} import cycle(s):\n" + "\n".join(
        _cycle_text(graph, c) for c in cycles
    )


def _modules() -> list[Path]:
    return sorted(PACKAGE.rglob("*.py"))


def test_no_module_is_over_800_lines() -> None:
    long = {
        str(path.relative_to(ROOT)): count
        for path in _modules()
        if (count := len(path.read_text(encoding="utf-8").splitlines())) > MODULE_LINES
    }
    assert not long, f"modules over {MODULE_LINES} lines: {long}"


def long_functions(source: str) -> list[tuple[str, int]]:
    """Every function or method over :data:`FUNCTION_LINES` lines (its ``def`` line to its
    last, nested functions included), by qualified name."""
    found: list[tuple[str, int]] = []

    def visit(node: ast.AST, prefix: str) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
                name = f"{prefix}{child.name}"
                if not isinstance(child, ast.ClassDef):
                    lines = (child.end_lineno or child.lineno) - child.lineno + 1
                    if lines > FUNCTION_LINES:
                        found.append((name, lines))
                visit(child, name + ".")
            else:
                visit(child, prefix)

    visit(ast.parse(source), "")
    return found


def test_the_function_measure_counts_def_to_last_line() -> None:
    body = "".join(f"    x{n} = {n}\n" for n in range(FUNCTION_LINES - 1))
    assert long_functions(f"def fits():\n{body}") == []
    inner = "".join(f"        x{n} = {n}\n" for n in range(FUNCTION_LINES))
    assert long_functions(f"class A:\n    def long(self):\n{inner}") == [
        ("A.long", FUNCTION_LINES + 1)
    ]


def test_no_function_is_over_100_lines() -> None:
    long = [
        f"{path.relative_to(ROOT)}::{name} {lines}"
        for path in _modules()
        for name, lines in long_functions(path.read_text(encoding="utf-8"))
    ]
    assert not long, f"functions over {FUNCTION_LINES} lines:\n" + "\n".join(long)
