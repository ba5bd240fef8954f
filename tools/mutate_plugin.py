"""The in-process runner of ``tools/mutate_rules.py --in-process``: a pytest plugin that
collects the given tests once, then for each mutant swaps the mutated code into the live
function and runs the collected tests in this very process until one fails (a mutant
killed) or all pass (a survivor). No process per mutant, no import per mutant: the whole
set of a game's rules runs in seconds, so the suite can run it (tests/test_rule_mutants.py).

Only the function object's code changes (``__code__``); every module that imported it by
name holds the same object, so the tracker, the dialog and the forecast all see the mutant.
A nested function is mutated inside its outer function's code.
"""

from __future__ import annotations

import ast
import importlib
import json
import time
import types
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from _pytest.runner import runtestprotocol

from tools.mutate_rules import ROOT, Mutant, _find, mutants


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption(
        "--mutate",
        action="append",
        default=[],
        help="path::function to mutate (repeat); '@tests,…' after it: only "
        "the collected tests whose ids start so",
    )
    parser.addoption("--mutate-report", default="", help="write the results here as JSON")


def _codes(code: types.CodeType) -> Iterator[types.CodeType]:
    yield code
    for constant in code.co_consts:
        if isinstance(constant, types.CodeType):
            yield from _codes(constant)


def _live(target: str) -> tuple[Any, str]:
    """The live function a mutant of ``target`` is swapped into, and its qualified name: the
    deepest of module → class → function the name reaches (an inner function's outer)."""
    path, qualified = target.split("::")
    module = importlib.import_module(path.removesuffix(".py").replace("/", "."))
    owner: Any = module
    reached: list[str] = []
    for part in qualified.split("."):
        found = getattr(owner, part, None)
        if found is None:
            break
        owner = found
        reached.append(part)
        if not isinstance(found, type):
            break
    function = getattr(owner, "__wrapped__", owner)  # an lru_cache: its function
    if not isinstance(function, types.FunctionType):
        raise SystemExit(f"{target}: {'.'.join(reached)} is not a function")
    return owner, ".".join(reached)


def _mutated_code(mutant: Mutant, qualname: str, path: str) -> types.CodeType:
    module_code = compile(mutant.source, str(ROOT / path), "exec")
    for code in _codes(module_code):
        if code.co_qualname == qualname:
            return code
    raise SystemExit(f"{mutant.target}: no code for {qualname}")


def _mutated_defaults(
    mutant: Mutant, qualname: str, function: Any
) -> tuple[tuple[object, ...] | None, dict[str, object] | None]:
    """The mutant's default arguments: they are evaluated where the function is defined, not
    in its code, so a changed default (``multiplier: int = 1`` → ``2``) is applied here."""
    node = _find(ast.parse(mutant.source), qualname)
    assert isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef)
    scope = function.__globals__

    def value(expression: ast.expr) -> object:
        return eval(compile(ast.Expression(expression), "<default>", "eval"), scope)

    defaults = tuple(value(d) for d in node.args.defaults) or None
    keywords = {
        a.arg: value(d)
        for a, d in zip(node.args.kwonlyargs, node.args.kw_defaults, strict=True)
        if d is not None
    } or None
    return defaults, keywords


def _fails(items: list[pytest.Item]) -> str:
    """The first test that fails ("" when all pass)."""
    for item in items:
        reports = runtestprotocol(item, log=False, nextitem=None)
        if any(report.failed for report in reports):
            return item.nodeid
    return ""


@pytest.hookimpl(tryfirst=True)
def pytest_runtestloop(session: pytest.Session) -> bool | None:
    targets: list[str] = session.config.getoption("--mutate")
    if not targets:
        return None
    items = list(session.items)
    results: list[dict[str, object]] = []
    unmutated: dict[str, str] = {}
    """Each set of tests' first failure on the code as it is: a test failing already would
    "kill" every mutant given to it."""
    began = time.process_time()
    for given in targets:
        target, _, only = given.partition("@")
        chosen = [
            item
            for item in items
            if not only or any(item.nodeid.startswith(t) for t in only.split(","))
        ]
        if only not in unmutated:
            unmutated[only] = _fails(chosen)
        if unmutated[only]:
            continue
        owner, qualname = _live(target)
        function = getattr(owner, "__wrapped__", owner)
        original = function.__code__
        original_defaults = function.__defaults__, function.__kwdefaults__
        path = target.split("::")[0]
        try:
            for mutant in mutants(target):
                function.__code__ = _mutated_code(mutant, qualname, path)
                function.__defaults__, function.__kwdefaults__ = _mutated_defaults(
                    mutant, qualname, function
                )
                if hasattr(owner, "cache_clear"):
                    owner.cache_clear()
                killer = _fails(chosen)
                results.append(
                    {
                        "target": target,
                        "line": mutant.line,
                        "change": mutant.change,
                        "killed_by": killer,
                    }
                )
                word = "killed  " if killer else "SURVIVED"
                print(f"{word} {target}:{mutant.line} {mutant.change}", flush=True)
        finally:
            function.__code__ = original
            function.__defaults__, function.__kwdefaults__ = original_defaults
            if hasattr(owner, "cache_clear"):
                owner.cache_clear()
    survived = [r for r in results if not r["killed_by"]]
    seconds = time.process_time() - began
    print(
        f"{len(results)} mutants of {len(targets)} functions, "
        f"{len(results) - len(survived)} killed, {len(survived)} survived "
        f"({seconds:.1f} s of CPU)",
        flush=True,
    )
    report = session.config.getoption("--mutate-report")
    if report:
        Path(report).write_text(
            json.dumps(
                {
                    "mutants": results,
                    "cpu_seconds": seconds,
                    "failing_unmutated": sorted({f for f in unmutated.values() if f}),
                },
                indent=1,
            ),
            encoding="utf-8",
        )
    for failure in sorted({f for f in unmutated.values() if f}):
        print(f"FAILS UNMUTATED {failure}: its targets were not mutated", flush=True)
    session.testsfailed = len(survived) + sum(1 for f in unmutated.values() if f)
    return True
