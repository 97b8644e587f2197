#!/usr/bin/env python3
# SPDX-License-Identifier: Zlib
"""Checks that the extensible structs only grew at their end, and that no prototype changed
(c/abi/check-abi.sh runs this).

gs_config, gs_play_options and gs_sound_definition begin with struct_size and may gain fields at
their end (gamesound.h, "Extensible structs"). abidiff cannot say "only appended": two fields of
one type swapping places looked to its suppression rules like an insertion at the end. So the
check script keeps those three out of abidiff and this compares them itself, from the two abidw
descriptions: every field of the baseline must still be there, in the same order, at the same
offset, with the same type (spelled out through typedefs, pointers and qualifiers), and a new
field may only come after the last of them. Since abidiff then does not follow those structs, it
also compares every function's prototype, its types spelled by name (a removed function is
abidiff's to report).

Usage: struct-prefix.py BASELINE.abi CURRENT.abi STRUCT...
"""
import sys
import xml.etree.ElementTree as ET


def describe(path):
    """{struct name: [(field, offset in bits, type spelled out)]} of an abidw file."""
    root = ET.parse(path).getroot()
    by_id = {element.get("id"): element for element in root.iter() if element.get("id")}

    def spell(type_id, depth=0):
        element = by_id.get(type_id)
        if element is None or depth > 20:
            return f"?{type_id}"
        tag = element.tag
        if tag == "type-decl":
            return element.get("name")
        if tag == "typedef-decl":
            return f"{element.get('name')}={spell(element.get('type-id'), depth + 1)}"
        if tag == "pointer-type-def":
            return spell(element.get("type-id"), depth + 1) + "*"
        if tag == "qualified-type-def":
            qualifiers = " ".join(q for q in ("const", "volatile") if element.get(q) == "yes")
            return f"{qualifiers} {spell(element.get('type-id'), depth + 1)}"
        if tag == "array-type-def":
            return f"{spell(element.get('type-id'), depth + 1)}[{element.get('size-in-bits')} bits]"
        if tag == "function-type":
            parameters = ", ".join(spell(p.get("type-id"), depth + 1) for p in element.findall("parameter"))
            return f"{spell(element.find('return').get('type-id'), depth + 1)}({parameters})"
        if tag in ("class-decl", "union-decl", "enum-decl"):
            return f"{tag} {element.get('name')}"
        return f"{tag}:{element.get('name')}"

    structs = {}
    for element in root.iter("class-decl"):
        name = element.get("name")
        if not name or element.get("is-declaration-only") == "yes":
            continue
        fields = []
        for member in element.findall("data-member"):
            variable = member.find("var-decl")
            fields.append((variable.get("name"), int(member.get("layout-offset-in-bits")), spell(variable.get("type-id"))))
        structs.setdefault(name, fields)
    # The functions, as the check's description holds them: one pointer abi_<function> each.
    functions = {variable.get("name")[len("abi_"):]: spell(variable.get("type-id"))
                 for variable in root.iter("var-decl") if (variable.get("name") or "").startswith("abi_gs_")}
    return structs, functions


def main(argv):
    (baseline, old_functions), (current, new_functions), names = describe(argv[1]), describe(argv[2]), argv[3:]
    problems = []
    # abidiff does not look inside these structs, nor, then, at a parameter that changes from one of
    # them to another: every function's prototype, types spelled by name, must stay as it was.
    for function, prototype in sorted(old_functions.items()):
        if function in new_functions and new_functions[function] != prototype:
            problems.append(f"{function}: was {prototype}; now {new_functions[function]}")
    for name in names:
        old, new = baseline.get(name), current.get(name)
        if old is None or new is None:
            problems.append(f"{name}: missing from the {'baseline' if old is None else 'header'}")
            continue
        for index, field in enumerate(old):
            if index >= len(new):
                problems.append(f"{name}: field {field[0]} (offset {field[1]} bits) was removed")
            elif new[index] != field:
                problems.append(f"{name}: field {index} was {field[0]} at bit {field[1]}, {field[2]}; "
                                f"now {new[index][0]} at bit {new[index][1]}, {new[index][2]}")
        if not any(p.startswith(name + ":") for p in problems):
            added = [f"{f[0]} at bit {f[1]}" for f in new[len(old):]]
            print(f"{name}: the baseline's {len(old)} fields unchanged" + (f"; added at the end: {', '.join(added)}" if added else ""))
    for problem in problems:
        print(problem)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
