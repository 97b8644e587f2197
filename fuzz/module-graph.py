#!/usr/bin/env python3
# SPDX-License-Identifier: Zlib
"""The modules the fuzz harnesses need, in build order, as SwiftPM describes the package (fuzz/build.sh).

Each harness (fuzz/NAME.swift) says what it needs by its `import` lines; the modules it needs are those
targets and everything they depend on in Package.swift (their target and product dependencies, the
products found in the packages SwiftPM resolved), sorted so that every module comes after the ones it
imports. So a dependency added to a target in Package.swift is all the fuzz build needs to follow it.

Prints the plan, one line each, its fields separated by tabs:

    include DIR                    a system-library target's folder (its module.modulemap), for -I
    cinclude DIR                   a header folder its pkg-config names (libopusfile's /usr/include/opus),
                                   for the C compiler (-Xcc -I)
    link LIBRARY                   a library that module map links, for -l
    module NAME ORIGIN FILE...     a Swift module to compile, after every module it imports;
                                   ORIGIN is "package" (ours) or "dependency" (another package's)
    stage N NAME                   the Swift module NAME imports only Swift modules of stages below N
                                   (stage 0 imports none): the modules of one stage can be compiled at once
    harness NAME MODULE...         a harness and the Swift modules it links, in build order

Usage: fuzz/module-graph.py HARNESS.swift...   (run from the repository root; fuzz/build.sh does)
"""
import json
import os
import re
import subprocess
import sys

IMPORT = re.compile(r"^\s*(?:@\w+\s+)*import\s+(?:(?:typealias|struct|class|enum|protocol|let|var|func)\s+)?(\w+)")
LINK = re.compile(r'^\s*link\s+"([^"]+)"')


def swift_package(*arguments, path="."):
    """The JSON that `swift package --package-path PATH ARGUMENTS...` prints."""
    result = subprocess.run(["swift", "package", "--package-path", path, *arguments], check=True,
                            stdout=subprocess.PIPE, text=True)
    return json.loads(result.stdout)


class Target:
    def __init__(self, description, package):
        self.name = description["name"]
        self.kind = description["module_type"]  # SwiftTarget, SystemLibraryTarget, ClangTarget, ...
        self.package = package  # the package's folder: "." for ours
        self.path = os.path.relpath(os.path.join(package, description["path"]))
        self.sources = [os.path.join(self.path, source) for source in description.get("sources", [])]
        self.target_dependencies = description.get("target_dependencies") or []
        self.product_dependencies = description.get("product_dependencies") or []

    @property
    def origin(self):
        return "package" if self.package == "." else "dependency"


class Graph:
    """Our package's targets, and those of the packages it depends on (described when first needed)."""

    def __init__(self):
        self.packages = {}  # folder -> (targets by name, products by name)
        self.children = {}  # folder -> the folders of the packages it depends on directly
        self._add_children(".", swift_package("show-dependencies", "--format", "json")["dependencies"])
        self.root = self._package(".")[0]

    def _add_children(self, folder, dependencies):
        self.children[folder] = [dependency["path"] for dependency in dependencies]
        for dependency in dependencies:
            self._add_children(dependency["path"], dependency.get("dependencies", []))

    def _package(self, folder):
        if folder not in self.packages:
            description = swift_package("describe", "--type", "json", path=folder)
            self.packages[folder] = ({target["name"]: Target(target, folder) for target in description["targets"]},
                                     {product["name"]: product["targets"] for product in description["products"]})
        return self.packages[folder]

    def _product(self, name, folder):
        """The targets of the product `name`, from the one package that `folder`'s package depends on that has it."""
        found = [(targets, products[name]) for targets, products in map(self._package, self.children[folder])
                 if name in products]
        if len(found) != 1:
            sys.exit(f"fuzz/module-graph.py: {len(found)} of the packages {folder} depends on have a product {name}")
        targets, names = found[0]
        return [targets[target] for target in names]

    def dependencies(self, target):
        """What `target` depends on: targets of its own package, then the targets of the products it uses."""
        siblings = self._package(target.package)[0]
        return [siblings[name] for name in target.target_dependencies] + \
            [each for product in target.product_dependencies for each in self._product(product, target.package)]


def build_order(graph, roots):
    """`roots` and everything they depend on, each after its dependencies (a depth-first post-order)."""
    order, visiting = [], set()

    def visit(target):
        if target in order:
            return
        if target.name in visiting:
            sys.exit(f"fuzz/module-graph.py: a dependency cycle through {target.name}")
        visiting.add(target.name)
        for dependency in graph.dependencies(target):
            visit(dependency)
        visiting.discard(target.name)
        order.append(target)

    for root in roots:
        visit(root)
    return order


def imports(harness):
    with open(harness, encoding="utf-8") as source:
        return [match.group(1) for match in map(IMPORT.match, source) if match]


def main(harnesses):
    graph = Graph()
    plans = []
    for harness in harnesses:
        # Modules that are no target here (Foundation, Glibc) come with the toolchain.
        roots = [graph.root[name] for name in imports(harness) if name in graph.root]
        plans.append((os.path.splitext(os.path.basename(harness))[0], build_order(graph, roots)))
    everything = build_order(graph, [target for _, order in plans for target in order])

    libraries = []
    pkg_configs = {target["name"]: target.get("pkgConfig") for target in swift_package("dump-package")["targets"]}
    for target in everything:
        if target.kind == "SystemLibraryTarget":
            print(f"include\t{target.path}")
            if pkg_configs.get(target.name):
                flags = subprocess.run(["pkg-config", "--cflags-only-I", pkg_configs[target.name]], check=True,
                                       stdout=subprocess.PIPE, text=True).stdout.split()
                for flag in flags:
                    print(f"cinclude\t{flag[2:]}")
            with open(os.path.join(target.path, "module.modulemap"), encoding="utf-8") as module_map:
                libraries += [match.group(1) for match in map(LINK.match, module_map) if match]
        elif target.kind == "SwiftTarget":
            print("\t".join(["module", target.name, target.origin, *target.sources]))
        elif target.kind == "ClangTarget":
            # A C target (CSDBus): its sources compiled by clang, its public headers in include/.
            print("\t".join(["ctarget", target.name, target.path, *target.sources]))
        else:
            sys.exit(f"fuzz/module-graph.py: {target.name} is a {target.kind}; the fuzz build compiles Swift and C targets only")
    stages = {}
    for target in everything:  # dependencies first, so each one's stage is known when it is needed
        if target.kind == "SwiftTarget":
            below = [stages[dependency.name] for dependency in graph.dependencies(target) if dependency.name in stages]
            stages[target.name] = 1 + max(below, default=-1)
            print(f"stage\t{stages[target.name]}\t{target.name}")
    for library in dict.fromkeys(libraries):
        print(f"link\t{library}")
    for name, order in plans:
        print("\t".join(["harness", name, *(target.name for target in order if target.kind in ("SwiftTarget", "ClangTarget"))]))


if __name__ == "__main__":
    main(sys.argv[1:])
