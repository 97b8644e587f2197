#!/usr/bin/env bash
# SPDX-License-Identifier: Zlib
# c/make-hot-sections.sh [OUTPUT]: writes c/hot-sections.txt (or OUTPUT), the code a real-time C game
# runs in libgamesound, which c/build-sdk-library.sh asks the linker to place together
# (`--section-ordering-file`). `make hot-sections` runs it; run it again after large changes to the
# runtime (a stale list still links: a name that no longer exists is ignored, the code it stood for
# is just not gathered).
#
# Why: the library is ~10 MB of machine code, mostly the Swift standard library and runtime that
# -static-stdlib links in, and a game runs well under 1 MB of it, spread all over. The kernel maps
# code around every page a program touches (fault-around, and whole large folios of the page cache),
# so scattered code costs resident memory far beyond its size (docs/performance.md, "Hot code
# together").
#
# How: the SDK library is linked with its symbols kept (only the debug information stripped:
# valgrind 3.19 cannot read the toolchain's DWARF 5), and bench/realtime/rt_gamesound (a C game:
# effects, looping voices, the soundtrack, plays on demand) runs under callgrind on OpenAL Soft's
# null device and on private PulseAudio and PipeWire servers (Tests/desktop/with-server.sh). Every
# function callgrind saw run inside libgamesound becomes a line `.text.NAME`: the section the compiler
# put it in when it emits one section per function (the standard library's archives do; our modules
# do when built with -function-sections, see the Makefile's RELEASE). Sorted by name, so that a new
# list reads as a diff.
set -euo pipefail
cd "$(dirname "$0")/.."
out=${1:-c/hot-sections.txt}
command -v valgrind >/dev/null || { echo "make-hot-sections: valgrind is missing (apt-get install valgrind)" >&2; exit 1; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

GAMESOUND_SDK_SYMBOLS=1 c/build-sdk-library.sh "$work/lib" 0.0.0 >/dev/null
cc -O2 -o "$work/rt_gamesound" bench/realtime/rt_gamesound.c -Ic/include -L"$work/lib" -lgamesound -Wl,-rpath,"$work/lib"

# One workload, on the output named by $1 (null, or the private server it runs under): 16 looping
# voices and the soundtrack for 6 s, then 12 plays on demand. Callgrind writes one file per run.
cat > "$work/profile.sh" <<EOF
#!/usr/bin/env bash
set -euo pipefail
cd "$PWD"
for args in "run 16 6" "plays 12 250 0"; do
    valgrind --tool=callgrind --callgrind-out-file="$work/cg.\$1.\${args%% *}.out" --compress-strings=no \\
        --compress-pos=no --demangle=no "$work/rt_gamesound" assets \$args >"$work/\$1.log" 2>&1 \\
        || { echo "make-hot-sections: rt_gamesound \$args on \$1 failed:" >&2; tail -5 "$work/\$1.log" >&2; exit 1; }
done
EOF
chmod +x "$work/profile.sh"
env -u PULSE_SERVER -u DISPLAY ALSOFT_DRIVERS=null XDG_RUNTIME_DIR="$work" "$work/profile.sh" null
Tests/desktop/with-server.sh pulseaudio "$work/profile.sh" pulseaudio
Tests/desktop/with-server.sh pipewire "$work/profile.sh" pipewire

# The functions each run entered in libgamesound: callgrind names a function's object (ob=, or cob=
# for a call's target) before it (fn=, cfn=).
python3 - "$out" "$work"/cg.*.out <<'EOF'
import sys
names = set()
for path in sys.argv[2:]:
    ob = cob = None
    for line in open(path, errors="replace"):
        if line.startswith("ob="):
            ob = line[3:].strip()
        elif line.startswith("cob="):
            cob = line[4:].strip()
        elif line.startswith("fn="):
            if ob and "libgamesound" in ob:
                names.add(line[3:].strip())
        elif line.startswith("cfn="):
            if (cob or ob) and "libgamesound" in (cob or ob):
                names.add(line[4:].strip())
            cob = None
# Callgrind names what it has no symbol for by its address: not a section.
sections = sorted(".text." + name for name in names if not name.startswith("0x"))
with open(sys.argv[1], "w") as f:
    f.write("".join(line + "\n" for line in sections))
print(f"{sys.argv[1]}: {len(sections)} functions")
EOF
