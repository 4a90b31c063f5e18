#!/usr/bin/env python3
"""core/'s libraries form the DAG core/CMakeLists.txt declares (issue 43).

Each rr_core_library(NAME DEPS ...) may include headers of its own folder and of the libraries it reaches
through its declared DEPS; anything else is an undeclared dependency (the shared include root would let it
compile). Also: the declared graph has no cycle, core/ never includes ui/ or app/, and every folder of core/
is a declared library. Prints one line per problem; exit 1 when there is any.
"""
import pathlib
import re
import sys


def declared_libraries(cmake_text):
    """{name: [deps on other core libraries]} from the rr_core_library calls (DEPS may span lines)."""
    libraries = {}
    for match in re.finditer(r"rr_core_library\((\w+)([^)]*)\)", cmake_text):
        name, rest = match.group(1), match.group(2)
        if name == "name":  # the function's own definition
            continue
        deps = re.findall(r"\brr_(\w+)", rest.split("DEPS", 1)[1]) if "DEPS" in rest else []
        libraries[name] = deps
    return libraries


def cycle_in(libraries):
    """A cycle of the declared graph as a list of names, or None."""
    state = {}

    def visit(name, path):
        state[name] = "open"
        for dep in libraries.get(name, []):
            if state.get(dep) == "open":
                return path + [name, dep]
            if dep not in state:
                found = visit(dep, path + [name])
                if found:
                    return found
        state[name] = "done"
        return None

    for name in libraries:
        if name not in state:
            found = visit(name, [])
            if found:
                return found
    return None


def reachable(libraries, name):
    seen, todo = set(), [name]
    while todo:
        for dep in libraries.get(todo.pop(), []):
            if dep not in seen:
                seen.add(dep)
                todo.append(dep)
    return seen


def problems(root):
    core = root / "core"
    libraries = declared_libraries((core / "CMakeLists.txt").read_text())
    out = []
    cycle = cycle_in(libraries)
    if cycle:
        out.append("core/CMakeLists.txt: the libraries' dependencies form a cycle: " + " -> ".join(cycle))
    for folder in sorted(p.name for p in core.iterdir() if p.is_dir()):
        if folder not in libraries:
            out.append(f"core/{folder}: a folder that is no declared library (rr_core_library({folder} ...))")
    include = re.compile(r'^\s*#\s*include\s*"((?:core|ui|app)/[^"]+)"', re.M)
    for name in sorted(libraries):
        allowed = reachable(libraries, name) | {name}
        for path in sorted((core / name).glob("*")):
            if path.suffix not in (".h", ".cpp"):
                continue
            for header in include.findall(path.read_text(errors="replace")):
                parts = header.split("/")
                where = path.relative_to(root)
                if parts[0] != "core":
                    out.append(f"{where}: includes {header} (core/ never includes ui/ or app/)")
                elif len(parts) > 2 and parts[1] not in allowed:
                    out.append(f"{where}: includes {header}, but rr_{name} does not depend on rr_{parts[1]} "
                               f"(declare it in core/CMakeLists.txt, or move the code)")
    return out


def main():
    root = pathlib.Path(sys.argv[1] if len(sys.argv) > 1 else ".").resolve()
    found = problems(root)
    for line in found:
        print(line)
    if found:
        print(f"{len(found)} problem(s) with core/'s dependency graph")
        return 1
    print("core/: every include follows the declared dependencies; no cycle")
    return 0


if __name__ == "__main__":
    sys.exit(main())
