"""The engine's shape (DESIGN.md, "Engine"; STYLE.md): modules follow the rules documents and
stay small, nothing imports in a circle, no engine object carries scratch state between calls,
and no vocabulary is dispatched through ``if do == …`` chains."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

ENGINE = Path(__file__).resolve().parents[1]
MAX_LINES = 800
MODULES = sorted(p for p in ENGINE.rglob("*.py") if "tests" not in p.parts)


def _module_name(path: Path) -> str:
    parts = list(path.relative_to(ENGINE.parent).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _imports(path: Path) -> set[str]:
    """Return the engine modules ``path`` imports, anywhere in it: inside functions and under
    ``if TYPE_CHECKING:`` too (a circle of type hints is still a circle of design)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    package = _module_name(path) if path.name == "__init__.py" else _module_name(path).rsplit(".", 1)[0]
    out = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")
                base = base[: len(base) - (node.level - 1)] if node.level > 1 else base
                target = ".".join(base + ([node.module] if node.module else []))
            else:
                target = node.module or ""
            if target.startswith("engine"):
                named = {f"{target}.{alias.name}" for alias in node.names}
                # ``from . import rules`` imports the module, not the package's face.
                out |= named if node.module is None and named <= set(NAMES) else {target} | named
        elif isinstance(node, ast.Import):
            out |= {alias.name for alias in node.names if alias.name.startswith("engine")}
    return out


NAMES = {_module_name(p): p for p in MODULES}


def _graph() -> dict[str, set[str]]:
    return {name: {t for t in _imports(path) if t in NAMES and t != name} for name, path in NAMES.items()}


@pytest.mark.parametrize("path", MODULES, ids=lambda p: str(p.relative_to(ENGINE.parent)))
def test_no_engine_module_passes_800_lines(path: Path):
    lines = len(path.read_text(encoding="utf-8").splitlines())
    assert lines <= MAX_LINES, f"{lines} lines: split it along its rules document's topics"


def test_no_engine_modules_import_each_other_in_a_circle():
    graph = _graph()
    cycles = []
    state: dict[str, int] = {}

    def visit(node: str, stack: list[str]) -> None:
        state[node] = 1
        stack.append(node)
        for child in sorted(graph[node]):
            if state.get(child) == 1:
                cycle = stack[stack.index(child):] + [child]
                # A package's __init__ importing its own modules is the package's face, not a circle.
                if not all(a.startswith(b + ".") or b.startswith(a + ".") for a, b in zip(cycle, cycle[1:])):
                    cycles.append(" → ".join(cycle))
            elif child not in state:
                visit(child, stack)
        stack.pop()
        state[node] = 2

    for name in sorted(graph):
        if name not in state:
            visit(name, [])
    assert cycles == []


@pytest.mark.parametrize("path", MODULES, ids=lambda p: str(p.relative_to(ENGINE.parent)))
def test_no_vocabulary_is_dispatched_through_if_chains(path: Path):
    text = path.read_text(encoding="utf-8")
    chains = re.findall(r"\bif [\w.\[\]\"']*(?:\bdo|\[\"do\"\]|\.get\(\"do\"\))\s*==", text)
    assert len(chains) <= 2, f"{len(chains)} comparisons of do: register each verb in the vocabulary"


SCRATCH = re.compile(r"^\s+self\.(_\w+)\s*(?::[^=]+)?=", re.MULTILINE)


@pytest.mark.parametrize("path", MODULES, ids=lambda p: str(p.relative_to(ENGINE.parent)))
def test_no_engine_object_keeps_scratch_state_between_calls(path: Path):
    """Private attributes may be set in ``__init__`` only (configuration); what one instruction
    tells the next travels in immutable values (a resolution context, the state)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    offenders = []
    for cls in (n for n in ast.walk(tree) if isinstance(n, ast.ClassDef)):
        for fn in (n for n in cls.body if isinstance(n, ast.FunctionDef) and n.name != "__init__"):
            for node in ast.walk(fn):
                targets = node.targets if isinstance(node, ast.Assign) else [node.target] if isinstance(node, (ast.AugAssign, ast.AnnAssign)) else []
                for target in targets:
                    if (isinstance(target, ast.Attribute) and isinstance(target.value, ast.Name)
                            and target.value.id == "self" and not cls.name.endswith(("Recorder", "Budget", "Vocabulary", "Checker"))):
                        offenders.append(f"{cls.name}.{fn.name} sets self.{target.attr}")
    assert offenders == []


def test_the_engine_never_imports_django():
    assert [str(p) for p in MODULES if re.search(r"^\s*(from|import) django", p.read_text(encoding="utf-8"), re.M)] == []
