#!/usr/bin/env python3
# SPDX-License-Identifier: Zlib
"""Keeps the figures the docs state about the shipped library equal to what the build produces.

A figure in README.md or docs/*.md is written between two markers, with its name:

    the <!-- figure: exported-functions -->62<!-- /figure --> `gs_*` functions

This script computes each figure from the repository and the build, then either checks the docs
(`--check`, part of `make doc-test`: it fails on a figure that differs, names one it does not
know, or cannot compute one a doc uses) or writes the figures into them (`make doc-figures`).
Sizes are rounded to 0.1 MiB, and --check accepts a size within 5 % of the build's, so that a
rebuild, or a change of a few lines, does not fail it while a doc that is really out of date does.

The figures: version (the Makefile's GAMESOUND_VERSION), arch (`uname -m`), symbol-versions (each
version node of the SDK's library with how many `gs_*` functions it exports), exported-functions (c/header-functions.sh on gamesound.h),
library-size and library-headroom (the SDK's libgamesound.so.VERSION in .build/sdk-lib, and what is
left of the 16 MiB that Tests/sdk/run.sh allows), tarball-size and runtime-deb-size (dist/, from
`make dist`).

Usage: Tests/docs/figures.py --check | --write
"""

import argparse
import platform
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
FIGURE = re.compile(r"<!-- figure: (?P<name>[a-z0-9-]+) -->(?P<value>.*?)<!-- /figure -->")
LIBRARY_LIMIT_MIB = 16  # Tests/sdk/run.sh: "the library is stripped and at most 16 MiB"


def version():
    match = re.search(r"^GAMESOUND_VERSION := (\S+)$", (ROOT / "Makefile").read_text(), re.M)
    return match.group(1)


def debian_arch():
    return subprocess.run(["dpkg", "--print-architecture"], capture_output=True, text=True, check=True).stdout.strip()


def mib(path):
    if not path.exists():
        raise FileNotFoundError(f"{path.relative_to(ROOT)} (run make dist)")
    return path.stat().st_size / (1024 * 1024)


def library():
    return ROOT / ".build/sdk-lib" / f"libgamesound.so.{version()}"


def symbol_versions():
    """`GAMESOUND_1.0` (62), `GAMESOUND_1.1` (2): the library's exported gs_* functions by version node."""
    if not library().exists():
        raise FileNotFoundError(f"{library().relative_to(ROOT)} (run make dist)")
    dump = subprocess.run(["objdump", "-T", str(library())], capture_output=True, text=True, check=True).stdout
    counts = {}
    for line in dump.splitlines():
        fields = line.split()
        if fields and fields[-1].startswith("gs_") and "DF" in fields:
            node = next((f for f in fields if f.startswith("GAMESOUND_")), "unversioned")
            counts[node] = counts.get(node, 0) + 1
    return ", ".join(f"`{node}` ({counts[node]})" for node in sorted(counts))


FIGURES = {
    "version": version,
    "arch": platform.machine,
    "symbol-versions": symbol_versions,
    "exported-functions": lambda: str(len(subprocess.run(
        [str(ROOT / "c/header-functions.sh"), str(ROOT / "c/include/gamesound.h")],
        capture_output=True, text=True, check=True).stdout.split())),
    "library-size": lambda: f"{mib(library()):.1f} MiB",
    "library-headroom": lambda: f"{LIBRARY_LIMIT_MIB - float(f'{mib(library()):.1f}'):.1f} MiB",
    "tarball-size": lambda: f"{mib(ROOT / 'dist' / f'gamesound-{version()}-linux-{platform.machine()}.tar.gz'):.1f} MiB",
    "runtime-deb-size": lambda: f"{mib(ROOT / 'dist' / f'libgamesound1_{version()}_{debian_arch()}.deb'):.1f} MiB",
}


def agrees(shown, value):
    """Whether a figure in a doc still says what the build gives: exactly, or for a size within 5 %
    (a rebuild, a licence file or a few lines of code move a package by a rounding step; a doc
    that is really out of date is further off)."""
    if shown == value:
        return True
    if shown.endswith(" MiB") and value.endswith(" MiB"):
        try:
            return abs(float(shown[:-4]) - float(value[:-4])) <= 0.05 * float(value[:-4])
        except ValueError:
            return False
    return False


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    mode = parser.add_mutually_exclusive_group(required=True)
    mode.add_argument("--check", action="store_true", help="fail if a figure in the docs is not what the build gives")
    mode.add_argument("--write", action="store_true", help="write the figures into the docs")
    arguments = parser.parse_args()

    values, problems, checked = {}, [], 0
    for path in [ROOT / "README.md"] + sorted((ROOT / "docs").glob("*.md")):
        text = path.read_text(encoding="utf-8")
        where = path.relative_to(ROOT)

        def replace(match):
            nonlocal checked
            name, shown = match.group("name"), match.group("value")
            line = text.count("\n", 0, match.start()) + 1
            if name not in FIGURES:
                problems.append(f"{where}:{line}: no figure named '{name}' (known: {', '.join(FIGURES)})")
                return match.group(0)
            if name not in values:
                try:
                    values[name] = FIGURES[name]()
                except (OSError, subprocess.CalledProcessError, AttributeError) as error:
                    values[name] = error
            value = values[name]
            if isinstance(value, Exception):
                problems.append(f"{where}:{line}: cannot compute {name}: {value}")
                return match.group(0)
            checked += 1
            if not agrees(shown, value) and arguments.check:
                problems.append(f"{where}:{line}: {name} is {value}, the doc says {shown} (make doc-figures writes it)")
            return f"<!-- figure: {name} -->{value}<!-- /figure -->"

        new = FIGURE.sub(replace, text)
        if arguments.write and new != text:
            path.write_text(new, encoding="utf-8")
            print(f"wrote the figures of {where}")
    for problem in problems:
        print(problem)
    print(f"{checked} figures {'checked' if arguments.check else 'computed'}, {len(problems)} problems")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
