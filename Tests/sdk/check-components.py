# SPDX-License-Identifier: Zlib
"""Checks that every component libgamesound.so.1 contains or loads is credited: it derives the
components from the built library itself and checks that THIRD-PARTY has an entry for each (a line
that is exactly its name) and that each copyright file given names it.

What it derives, each mapped to a component by the table Tests/sdk/components.txt:
  - the sonames of the library's NEEDED entries (readelf -d LIBRARY);
  - the static libraries the linker took members from, and the object files on the link line, as
    the linker's map records them (LINK_MAP, written by c/build-sdk-library.sh beside the library);
  - the SwiftPM packages the linked Swift modules were compiled from: each module's objects sit in
    <bin>/<Module>.build, whose output-file-map.json gives their sources; a source under
    .../checkouts/<package>/ belongs to that package, one in this repository to GameSound (a C
    target has no such map: its Sources/<Module> folder, here or in a checkout, says whose it is).
A thing that matches no row of the table fails, as does a component missing from a notice.

Usage: check-components.py LIBRARY LINK_MAP THIRD_PARTY COPYRIGHT... [--table TABLE]
"""
import fnmatch
import json
import os
import re
import subprocess
import sys

REPO = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))


def read_table(path):
    rows = []
    for number, line in enumerate(open(path), 1):
        line = line.split("#", 1)[0].strip()
        if not line:
            continue
        kind, pattern, component = re.match(r"(\S+)\s+(\S+)\s+(.+)$", line).groups()
        assert kind in ("needed", "archive", "object", "package"), f"{path}:{number}: unknown kind {kind}"
        rows.append((kind, pattern, component.strip()))
    return rows


def needed(library):
    dynamic = subprocess.run(["readelf", "-d", library], check=True, capture_output=True, text=True).stdout
    return sorted(set(re.findall(r"\(NEEDED\)\s+Shared library: \[(.+?)\]", dynamic)))


def linked(link_map):
    """The static libraries members were taken from, and the object files linked whole."""
    text = open(link_map, errors="replace").read()
    archives = set(re.findall(r"(/[^\s()]+\.a)\(", text))
    objects = set(re.findall(r"(?:^|\s)(/[^\s()]+\.o)(?=\s|$)", text, re.MULTILINE))
    assert archives and objects, f"{link_map} names no static library or object: not a linker map?"
    return sorted(archives), sorted(objects)


def package_of_module(build_dir):
    """The packages whose sources the SwiftPM module built in BUILD_DIR came from."""
    file_map = os.path.join(build_dir, "output-file-map.json")
    if not os.path.exists(file_map):
        # A C target has no output-file-map: its module's folder says whose it is.
        module = os.path.basename(build_dir.rstrip("/"))[: -len(".build")]
        if os.path.isdir(os.path.join(REPO, "Sources", module)):
            return {"GameSound"}
        checkouts = os.path.join(os.path.dirname(os.path.dirname(os.path.dirname(build_dir.rstrip("/")))), "checkouts")
        owners = {name for name in (os.listdir(checkouts) if os.path.isdir(checkouts) else [])
                  if os.path.isdir(os.path.join(checkouts, name, "Sources", module))}
        return owners or {f"? (no {file_map}, and no Sources/{module} here or in a checkout)"}
    packages = set()
    for source in json.load(open(file_map)):
        if not source:
            continue
        checkout = re.search(r"/checkouts/([^/]+)/", source)
        if checkout:
            packages.add(checkout.group(1))
        elif os.path.abspath(source).startswith(REPO + os.sep) and "/.build" not in source:
            packages.add("GameSound")
        else:
            packages.add(f"? ({source})")
    return packages


def found_things(library, link_map):
    """(kind, name, where) for everything the library is made of."""
    things = [("needed", soname, "NEEDED") for soname in needed(library)]
    archives, objects = linked(link_map)
    things += [("archive", os.path.basename(a), a) for a in archives]
    modules = set()
    for obj in objects:
        module_dir = re.match(r"(.*/[^/]+\.build)/[^/]+$", obj)
        if module_dir:
            modules.add(module_dir.group(1))
        else:
            things.append(("object", os.path.basename(obj), obj))
    for module_dir in sorted(modules):
        for package in sorted(package_of_module(module_dir)):
            things.append(("package", package, os.path.basename(module_dir)))
    return sorted(set(things))


def flat(path):
    """A notice's words on one line: DEP-5 continuation marks and line breaks gone."""
    text = open(path, errors="replace").read()
    text = re.sub(r"(?m)^ \.$", " ", text)
    return " ".join(text.split())


def main(argv):
    table_path = os.path.join(REPO, "Tests", "sdk", "components.txt")
    if "--table" in argv:
        at = argv.index("--table")
        table_path = argv[at + 1]
        del argv[at:at + 2]
    if len(argv) < 4:
        sys.exit(__doc__)
    library, link_map, third_party, copyrights = argv[0], argv[1], argv[2], argv[3:]
    absent = [path for path in argv[:3] + copyrights if not os.path.isfile(path)]
    if absent:
        print("no such file: " + ", ".join(absent))
        return 1
    table = read_table(table_path)
    headings = {line.rstrip("\n") for line in open(third_party)}
    flat_copyrights = {path: flat(path) for path in copyrights}

    problems = []
    components = {}
    for kind, name, where in found_things(library, link_map):
        matches = [c for k, p, c in table if k == kind and fnmatch.fnmatchcase(name, p)]
        if not matches:
            problems.append(f"{kind} {name} ({where}) matches no row of {table_path}")
            continue
        components.setdefault(matches[0], set()).add(f"{kind} {name}")
    for component, found in sorted(components.items()):
        sources = sorted(found)
        if component == "-":
            print(f"GameSound's own code: {', '.join(sources)}")
            continue
        print(f"{component}: {', '.join(sources)}")
        if component not in headings:
            problems.append(f"{component} ({', '.join(sources)}) has no entry in {third_party}")
        for path, text in flat_copyrights.items():
            if component not in text:
                problems.append(f"{component} ({', '.join(sources)}) is not named in {path}")
    for problem in problems:
        print("MISSING: " + problem)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
