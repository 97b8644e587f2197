#!/usr/bin/env bash
# SPDX-License-Identifier: Zlib
# Tests the SDK as a game developer and a player's machine meet it (`make sdk-test`, part of `make check`):
# unpacks the tarball from `make dist` into a temporary folder; checks the library's dependencies,
# soname, run path, exports and size; builds a C program with pkg-config, a C++17 program with CMake
# and the SDL2 shooter with CMake, against the unpacked SDK only; runs them with the Swift toolchain
# hidden (a private mount namespace with an empty tmpfs over the toolchain's folder; without root,
# inside a user namespace; where the kernel allows neither, those checks fail); checks the .deb
# packages, the licence and credits (LICENSE and THIRD-PARTY in the tarball, the packages' DEP-5
# copyright, every component the library links credited in both: Tests/sdk/check-components.py)
# and that lintian finds no error in the packages; builds the SwiftPM example that depends on
# GameSound by path.
#
# Usage: Tests/sdk/run.sh VERSION. Prints one line per check and ends with "N passed, N failed".
set -uo pipefail
cd "$(dirname "$0")/../.."
repo=$PWD
version=${1:?usage: Tests/sdk/run.sh VERSION}
arch=$(uname -m)
debarch=$(dpkg --print-architecture)
tarball="dist/gamesound-$version-linux-$arch.tar.gz"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
. Tests/support/check.sh

[ -f "$tarball" ] || { echo "no $tarball: run make dist first"; echo "0 passed, 1 failed"; exit 1; }
mkdir "$work/unpacked"
tar -C "$work/unpacked" -xzf "$tarball"
sdk="$work/unpacked/gamesound-$version"
lib="$sdk/lib/libgamesound.so.$version"
effect="$repo/assets/sfx/laser.ogg"

layout() {
    local missing=0
    for path in lib/libgamesound.so lib/libgamesound.so.1 "lib/libgamesound.so.$version" include/gamesound.h \
        lib/pkgconfig/gamesound.pc lib/cmake/GameSound/GameSoundConfig.cmake \
        lib/cmake/GameSound/GameSoundConfigVersion.cmake share/doc/gamesound/README.md \
        share/doc/gamesound/LICENSE share/doc/gamesound/THIRD-PARTY share/doc/gamesound/c-api.md \
        share/doc/gamesound/testbed.md bin/gamesound-testbed share/gamesound/testbed/gamesound_testbed/run.py \
        share/gamesound/testbed/script.schema.json examples/testbed/call-and-music.json \
        examples/plain-openal/plain_openal.c examples/sdl-shooter/CMakeLists.txt \
        examples/sdl-shooter/assets/sfx/laser.ogg examples/sdl-shooter/assets/music/theme.ogg \
        examples/sdl-shooter/assets/LICENSE; do
        [ -e "$sdk/$path" ] || { echo "missing: $path"; missing=1; }
    done
    [ "$(ls "$work/unpacked")" = "gamesound-$version" ] || { echo "the tarball holds more than one folder"; missing=1; }
    [ "$(readlink "$sdk/lib/libgamesound.so")" = libgamesound.so.1 ] || { echo "libgamesound.so is not a link to .so.1"; missing=1; }
    [ "$(readlink "$sdk/lib/libgamesound.so.1")" = "libgamesound.so.$version" ] || { echo ".so.1 is not a link to .so.$version"; missing=1; }
    return "$missing"
}
check "the tarball unpacks to gamesound-$version/ with lib, include, pkg-config, CMake, docs, gamesound-testbed and examples" layout

needed() {
    local allowed=" libc.so.6 libm.so.6 libstdc++.so.6 libgcc_s.so.1 libpthread.so.0 libdl.so.2 librt.so.1"
    # Not libpulse or libsystemd: they are opened with dlopen when the desktop is first probed (issue 29).
    allowed+=" ld-linux-x86-64.so.2 ld-linux-aarch64.so.1 libopenal.so.1 libvorbisfile.so.3 libvorbis.so.0 libogg.so.0"
    allowed+=" libopusfile.so.0 libFLAC.so.12 "
    local bad=0
    for library in $(readelf -d "$lib" | sed -n 's/.*(NEEDED).*\[\(.*\)\]/\1/p'); do
        echo "NEEDED $library"
        case "$allowed" in *" $library "*) ;; *) echo "  not allowed: $library"; bad=1 ;; esac
    done
    return "$bad"
}
check "NEEDED lists only libc, libm, libstdc++, libgcc_s, OpenAL Soft, libvorbisfile/libvorbis/libogg, libopusfile and libFLAC (not libpulse, not libsystemd)" needed

runpath() {
    local paths
    paths=$(readelf -d "$lib" | sed -n 's/.*(R\(UN\)\{0,1\}PATH).*\[\(.*\)\]/\2/p')
    echo "run path: ${paths:-none}"
    [ -z "$paths" ] || [ "$paths" = '$ORIGIN' ]
}
check "no RUNPATH into the toolchain (none, or \$ORIGIN)" runpath

soname() { readelf -d "$lib" | grep -q '(SONAME).*\[libgamesound.so.1\]'; }
check "the soname is libgamesound.so.1" soname

exports() {
    local others
    others=$(nm -D --defined-only "$lib" | awk '$2 ~ /[A-Z]/ && $3 !~ /^gs_/ && $3 !~ /^GAMESOUND_1\.[0-9]+$/')
    [ -z "$others" ] || { echo "exported besides gs_* and the version nodes:"; echo "$others" | head -20; return 1; }
    # Each function at the node c/gamesound.map names it in (a later node lists its functions by
    # name); the rest at GAMESOUND_1.0.
    local misplaced
    misplaced=$(objdump -T "$lib" | awk -v map="$repo/c/gamesound.map" '
        BEGIN { while ((getline line < map) > 0) {
                    if (line ~ /^GAMESOUND_1\.[0-9]+ *\{/) { node = line; sub(/ *\{.*/, "", node) }
                    else if (line ~ /^ +gs_[a-z0-9_]+;/) { name = line; gsub(/[ ;]/, "", name); at[name] = node } } }
        $NF ~ /^gs_/ { want = ($NF in at) ? at[$NF] : "GAMESOUND_1.0"
                       if (index($0, " " want " ") == 0) print $NF " is not at " want ": " $0 }')
    [ -z "$misplaced" ] || { echo "$misplaced"; return 1; }
    "$repo/c/check-exports.sh" "$sdk/include/gamesound.h" "$lib"
}
check "only gs_* functions are exported, each at the version node that brought it (GAMESOUND_1.0, GAMESOUND_1.1: c/gamesound.map), exactly those the header declares" exports

size() {
    local bytes
    bytes=$(stat -c %s "$lib")
    echo "$bytes bytes"
    ! readelf -S "$lib" | grep -q '\.symtab' && [ "$bytes" -le $((16 * 1024 * 1024)) ]
}
check "the library is stripped and at most 16 MiB" size

# c/hot-sections.txt names the functions a game runs, which the link gathers (docs/shipping.md):
# as the runtime changes, names vanish and the code they stood for is spread again, silently. The
# linker's map says how many it still placed; below 70 % (78 % when the list was made: the rest sit
# in objects not split per function, or in sections of another name) the list is stale:
# `make hot-sections`.
hot_sections() {
    python3 - "$repo/c/hot-sections.txt" "$repo/.build/sdk-lib/link-map.txt" <<'PY'
import re, sys
names = {line.strip() for line in open(sys.argv[1]) if line.strip()}
text = open(sys.argv[2]).read()
placed = set(re.findall(r"^ (\.text\.\S+)", text[text.find("Memory map"):], re.M))
found = len(names & placed)
print(f"{found} of {len(names)} listed functions placed together")
sys.exit(0 if names and found >= 0.7 * len(names) else 1)
PY
}
check "the hot-code list still matches the library's code (c/hot-sections.txt; make hot-sections when it does not)" hot_sections

header() { "$repo/c/check-header.sh" "$sdk/include"; }
check "the SDK's gamesound.h is clean as C99, C11, C++11 and C++17 (-Wall -Wextra -pedantic -Werror)" header

build_c() {
    PKG_CONFIG_PATH="$sdk/lib/pkgconfig" pkg-config --exists gamesound &&
        cc -std=c99 -Wall -Wextra -Werror "$repo/Tests/sdk/consumer.c" -o "$work/consumer" \
            $(PKG_CONFIG_PATH="$sdk/lib/pkgconfig" pkg-config --cflags --libs gamesound) -Wl,-rpath,"$sdk/lib"
}
check "a C program builds with pkg-config against the unpacked SDK" build_c

build_cpp() {
    cmake -S "$repo/Tests/sdk/cmake-consumer" -B "$work/cmake-consumer" -DCMAKE_PREFIX_PATH="$sdk" &&
        cmake --build "$work/cmake-consumer"
}
check "a C++17 program builds with CMake (find_package, GameSound::gamesound) against the unpacked SDK" build_cpp

build_desktop_game() {
    cc -std=c99 -Wall -Wextra -Werror "$repo/Tests/desktop/desktop_game.c" -o "$work/desktop_game" \
        $(PKG_CONFIG_PATH="$sdk/lib/pkgconfig" pkg-config --cflags --libs gamesound) -Wl,-rpath,"$sdk/lib"
}
check "the desktop C game (Tests/desktop/desktop_game.c) builds with pkg-config against the unpacked SDK" build_desktop_game

build_lazy() {
    cc -std=c99 -Wall -Wextra -Werror "$repo/Tests/sdk/lazy_desktop.c" -o "$work/lazy_desktop" \
        $(PKG_CONFIG_PATH="$sdk/lib/pkgconfig" pkg-config --cflags --libs gamesound) -Wl,-rpath,"$sdk/lib"
}
check "the desktop-libraries probe (Tests/sdk/lazy_desktop.c) builds with pkg-config against the unpacked SDK" build_lazy

# libpulse and libsystemd only when the desktop is used (issue 29). OpenAL Soft's null device in each
# run, so that OpenAL Soft (which opens libpulse itself for its PulseAudio backend) maps neither.
lazy_never() { ALSOFT_DRIVERS=null "$work/lazy_desktop" never "$effect"; }
check "a game that never probes the desktop (simulated system on the null device; headless) maps neither libpulse nor libsystemd" lazy_never
# Where no server can exist: nothing in the environment names one, an empty runtime folder, an
# empty home (so no client.conf of the user's); /etc/pulse/client.conf names none on CI's Debian.
lazy_noserver() {
    mkdir -p "$work/noserver/home" "$work/noserver/run" &&
        printf '; a server that does not exist\ndefault-server = unix:%s/nothing-here\n' "$work/noserver" >"$work/noserver/client.conf" &&
        env -u PULSE_SERVER -u DISPLAY -u PULSE_RUNTIME_PATH -u PULSE_CLIENTCONFIG -u XDG_CONFIG_HOME \
            HOME="$work/noserver/home" XDG_RUNTIME_DIR="$work/noserver/run" ALSOFT_DRIVERS=null \
            "$work/lazy_desktop" noserver "$effect" "$work/noserver/client.conf"
}
check "GS_SYSTEM_AUTO where no server can exist does not map libpulse; with a server in client.conf it probes it" lazy_noserver
lazy_desktop() { ALSOFT_DRIVERS=null "$repo/Tests/desktop/with-server.sh" pulseaudio "$work/lazy_desktop" desktop "$effect"; }
check "a GS_SYSTEM_DESKTOP game on a private PulseAudio maps libpulse and libsystemd, loaded on the first probe" lazy_desktop
# The game's name, icon and role on its stream (issue 39): on PipeWire with an icon the player's
# environment already names (kept), on PulseAudio with the game's own.
identity() {
    local server=$1
    shift
    "$repo/Tests/desktop/with-server.sh" "$server" env ALSOFT_DRIVERS=pulse "$@" "$work/lazy_desktop" identity "$effect"
}
check "gs_config.app_name and app_icon_name name the game's stream in pactl list sink-inputs on a private PulseAudio, with media.role = game" \
    identity pulseaudio
check "the same on a private PipeWire, where the player's environment names an icon already: the player's is kept" \
    identity pipewire "PULSE_PROP_application.icon_name=players-icon"
check "on OpenAL Soft's own output (GAMESOUND_SERVER_OUTPUT=0) the name and icon still reach the stream, the role does not" \
    identity pulseaudio GAMESOUND_SERVER_OUTPUT=0
# libpulse.so.0 covered by /dev/null in a mount namespace of its own (without root, inside a user
# namespace too, as hide-toolchain.sh does): dlopen fails as on a machine without it.
lazy_missing() {
    local file namespace=(-m)
    [ "$(id -u)" = 0 ] || namespace=(-r -m)
    file=$(readlink -f "$(ldconfig -p | sed -n 's/.*libpulse\.so\.0 (libc6,x86-64) => //p;s/.*libpulse\.so\.0 (libc6,AArch64) => //p' | head -1)")
    [ -f "$file" ] || { echo "libpulse.so.0 not found with ldconfig -p"; return 1; }
    echo "hiding $file (unshare ${namespace[*]})"
    ALSOFT_DRIVERS=null unshare "${namespace[@]}" sh -c 'mount --bind /dev/null "$1" && shift && exec "$@"' sh "$file" \
        "$work/lazy_desktop" missing "$effect"
}
check "without a loadable libpulse.so.0: GS_SYSTEM_DESKTOP fails with GS_ERR_NO_SERVER naming it, GS_SYSTEM_AUTO plays on the simulated system" lazy_missing

build_sdl() {
    cmake -S "$sdk/examples/sdl-shooter" -B "$work/sdl-shooter" -DCMAKE_PREFIX_PATH="$sdk" -DCMAKE_BUILD_TYPE=Release &&
        cmake --build "$work/sdl-shooter"
}
check "the SDL2 shooter builds with CMake from the SDK's examples, against the SDK only" build_sdl

# Runs a command with the Swift toolchain's folder covered by an empty tmpfs (Tests/sdk/hide-toolchain.sh).
hidden() { "$repo/Tests/sdk/hide-toolchain.sh" "$@"; }
# The SwiftPM example's build (a debug build of GameSound and all it needs, about a minute of CPU)
# starts here, under SCHED_IDLE (chrt -i 0: only on a core that nothing else wants), so that it uses
# what the desktop checks below, which mostly wait on real time, leave idle; checked at the end.
( status=0
  chrt -i 0 swift build --package-path "$repo/examples/swift-consumer" --scratch-path "$work/swift-consumer" \
      > "$work/swift-consumer.log" 2>&1 < /dev/null || status=$?
  echo "$status" > "$work/swift-consumer.status" ) &
consumer_build=$!
# As root, or without root in a user namespace of its own: the same checks either way. Where neither
# works, each of them fails, saying why, rather than being skipped.
if hide_failure=$(hidden true 2>&1); then
    check "the C program plays, is silent during a call and plays again, with the toolchain hidden" \
        hidden "$work/consumer" "$effect"
    check "the C++ program plays, with the toolchain hidden" hidden "$work/cmake-consumer/cmake-consumer" "$effect"
    sdl() {
        hidden xvfb-run -a "$work/sdl-shooter/sdl-shooter" --assets "$repo/assets" --autoplay 5 \
            --render-audio "$work/shooter.wav" --screenshot "$work/shooter.bmp" &&
            python3 "$repo/Tests/sdk/check-shooter-output.py" "$work/shooter.wav" "$work/shooter.bmp"
    }
    check "the SDL2 shooter plays itself for 5 s under Xvfb with the toolchain hidden: exit 0, audible WAV, drawn screenshot" sdl
    # Side by side from here (each mostly waits on its own timeline, each on a private desktop of its
    # own), checked below in this order: the desktop C game's checks on each server, and
    # gamesound-testbed from the SDK (docs/testbed.md): the example script against the SDL2 shooter
    # under Xvfb on each server (passes) and against the plain OpenAL program (fails where the docs
    # say), and the testbed's bad scripts and bad games (Tests/testbed/check-testbed.py).
    desktop_checks() {  # SERVER: the C game's desktop checks, then its signals checks
        logged "c-game-$1" "$repo/Tests/desktop/with-server.sh" "$1" \
            python3 "$repo/Tests/desktop/check-c-game.py" "$work/desktop_game" "$repo/assets/music/theme.ogg" "$repo/Tests/sdk/hide-toolchain.sh"
        logged "signals-$1" "$repo/Tests/desktop/with-server.sh" "$1" \
            /usr/bin/python3 "$repo/Tests/desktop/check-c-signals.py" "$work/desktop_game" "$repo/assets/music/theme.ogg" "$repo/Tests/sdk/hide-toolchain.sh"
    }
    # The codes of the lines a sandboxed game logged, each at most once, and those it must have.
    logged_once() {  # NAME CODE...: the run's game.log has each CODE exactly once and no code twice
        local log="$work/testbed-$1/game.log" code; shift
        for code in "$@"; do [ "$(grep -c "warning $code:" "$log")" = 1 ] || { echo "$log: $code not exactly once"; return 1; }; done
        ! grep -o 'warning [a-z.-]*:' "$log" | sort | uniq -d | grep . || { echo "$log: a line repeated"; return 1; }
    }
    sandbox_session_bus() { finished testbed-sandbox-session-bus-pipewire && logged_once sandbox-session-bus-pipewire logind.no-bus; }
    sandbox_proxy() {
        finished testbed-sandbox-proxy-pulseaudio && logged_once sandbox-proxy-pulseaudio logind.no-bus &&
            ! grep -E "warning (mpris|portal)\." "$work/testbed-sandbox-proxy-pulseaudio/game.log"
    }
    testbed() {  # NAME SERVER SCRIPT GAME [ARGS...]: a testbed script, its report in $work/testbed-NAME
        logged "testbed-$1" testbed_run "$@"
    }
    # A failed run's report would go with $work: its report.txt and the end of the game's log are
    # shown with the check, and the whole folder is kept in .build/sdk-test-failures/.
    testbed_run() {
        local name=$1 server=$2 script=$3 status
        shift 3
        hidden "$sdk/bin/gamesound-testbed" run --server "$server" --out "$work/testbed-$name" \
            --junit "$work/testbed-$name.xml" "$script" -- "$@" && return 0
        status=$?
        local kept="$repo/.build/sdk-test-failures/testbed-$name-$(date +%Y%m%d-%H%M%S)"
        mkdir -p "$kept" && cp -r "$work/testbed-$name/." "$kept/" 2>/dev/null
        echo "--- report.txt and the end of game.log (the whole report is kept in $kept)"
        cat "$work/testbed-$name/report.txt" 2>/dev/null
        tail -n 40 "$work/testbed-$name/game.log" 2>/dev/null
        return "$status"
    }
    # The shooter, a GameSound game, also gets the example with GameSound's simulated silent switch
    # flipped at its end through the testbed (gamesound.switch): silent while it is on, heard again
    # within 1 s of it going off; on PipeWire with mpv (mpv-mpris) as the music player, on PulseAudio
    # with the testbed's own. The plain OpenAL program keeps the example as the docs show it (the
    # player "auto": mpv, installed here).
    /usr/bin/python3 - "$sdk/examples/testbed/call-and-music.json" "$work/call-and-music-switch" <<'PY'
import json, sys
script = json.load(open(sys.argv[1]))
script["name"] += ", and GameSound's simulated silent switch"
script["duration"] = 30
script["timeline"] += [{"at": 27, "event": "gamesound.switch", "action": "silentSwitch.on", "id": "switch-on"},
                       {"at": 28.5, "event": "gamesound.switch", "action": "silentSwitch.off", "id": "switch-off"}]
script["expect"] += [{"expect": "silent", "from": 27.4, "to": 28.4, "name": "silent while the simulated silent switch is on"},
                     {"expect": "heard_within", "event": "switch-off", "ms": 1000, "name": "heard within 1 s of the switch going off"}]
for player in ("mpv", "builtin"):
    json.dump(dict(script, player=player), open(f"{sys.argv[2]}-{player}.json", "w"), indent=1)
PY
    cc -std=c99 -Wall -Wextra -Werror "$sdk/examples/plain-openal/plain_openal.c" $(pkg-config --cflags --libs openal) -lm \
        -o "$work/plain_openal"
    desktop_checks pulseaudio &
    desktop_checks pipewire &
    # The game's window (issue 40): the example minimises and unfocuses the shooter, run with its
    # "mute when unfocused" setting; a media-playback shooter plays on while minimised. After the
    # shooter's run on the same server, so that no more runs share the two cores at once.
    /usr/bin/python3 - "$sdk/examples/testbed/window.json" "$work/window-playback.json" <<'PY'
import json, sys
script = json.load(open(sys.argv[1]))
script["name"] = "a media-playback game's window: minimised, it plays on"
script["duration"] = 7
script["timeline"] = script["timeline"][:2]
script["expect"] = [{"expect": "heard", "from": 1, "to": 3, "name": "heard with its window focused"},
                    {"expect": "heard", "from": 3.4, "to": 4.9, "name": "plays on while minimised"},
                    {"expect": "heard", "from": 5.2, "to": 6.8, "name": "plays on after the restore"}]
json.dump(script, open(sys.argv[2], "w"), indent=1)
PY
    # Sleep as PipeWire does it (issue 40): the output removed at PrepareForSleep(true) and made
    # again under its name at the wake, at once or 2 s later, or another output the default.
    { testbed shooter-pipewire pipewire "$work/call-and-music-switch-mpv.json" "$work/sdl-shooter/sdl-shooter" --assets "$sdk/examples/sdl-shooter/assets"
      testbed window-pipewire pipewire "$sdk/examples/testbed/window.json" "$work/sdl-shooter/sdl-shooter" \
          --assets "$sdk/examples/sdl-shooter/assets" --mute-unfocused
      testbed window-playback-pipewire pipewire "$work/window-playback.json" "$work/sdl-shooter/sdl-shooter" \
          --assets "$sdk/examples/sdl-shooter/assets" --media-playback
      SANDBOXED_BIND="$sdk:$work" testbed sandbox-both-buses-pipewire pipewire "$repo/Tests/testbed/sandbox.json" \
          "$repo/Tests/desktop/sandboxed.sh" both-buses "$work/sdl-shooter/sdl-shooter" --assets "$sdk/examples/sdl-shooter/assets"; } &
    { testbed shooter-pulseaudio pulseaudio "$work/call-and-music-switch-builtin.json" "$work/sdl-shooter/sdl-shooter" --assets "$sdk/examples/sdl-shooter/assets"
      testbed window-pulseaudio pulseaudio "$sdk/examples/testbed/window.json" "$work/sdl-shooter/sdl-shooter" \
          --assets "$sdk/examples/sdl-shooter/assets" --mute-unfocused
      testbed sleep-pulseaudio pulseaudio "$repo/Tests/testbed/sleep-outputs.json" "$work/sdl-shooter/sdl-shooter" \
          --assets "$sdk/examples/sdl-shooter/assets"; } &
    # Sandboxes (issue 40, Tests/desktop/sandboxed.sh): the shooter under bwrap as Flatpak runs it,
    # behind xdg-dbus-proxy (Debian 12's 0.1.4, which needs the library's authentication relay) with
    # no system bus: the screen lock from the testbed's portal; with the whole session bus and no
    # system bus; and with both buses as pressure-vessel passes them (logind).
    { testbed plain-pipewire pipewire "$sdk/examples/testbed/call-and-music.json" "$work/plain_openal"
      testbed sleep-pipewire pipewire "$repo/Tests/testbed/sleep-outputs.json" "$work/sdl-shooter/sdl-shooter" \
          --assets "$sdk/examples/sdl-shooter/assets"
      SANDBOXED_BIND="$sdk:$work" testbed sandbox-session-bus-pipewire pipewire "$repo/Tests/testbed/sandbox.json" \
          "$repo/Tests/desktop/sandboxed.sh" session-bus "$work/sdl-shooter/sdl-shooter" --assets "$sdk/examples/sdl-shooter/assets"
      SANDBOXED_BIND="$sdk:$work" testbed sandbox-proxy-pulseaudio pulseaudio "$repo/Tests/testbed/sandbox.json" \
          "$repo/Tests/desktop/sandboxed.sh" proxy "$work/sdl-shooter/sdl-shooter" --assets "$sdk/examples/sdl-shooter/assets"; } &
    logged testbed-check hidden /usr/bin/python3 "$repo/Tests/testbed/check-testbed.py" "$sdk/bin/gamesound-testbed" &
    # The desktop, for a C game that sets nothing but gs_config_init: a private server of each kind,
    # mpv's music, a phone-role stream, the sink's monitor (Tests/desktop/check-c-game.py); and MPRIS
    # and logind (issue 28): mpv paused and resumed, the lock and sleep, missing and misbehaving buses.
    for server in pulseaudio pipewire; do
        check "the desktop C game on a private $server, with the toolchain hidden: ambient under mpv's music, heard on a quiet desktop, silent during a call and heard again within 1 s" \
            finished "c-game-$server"
        check "the desktop C game's signals on a private $server, with the toolchain hidden: EFFECTS_PLUS_SOUNDTRACK pauses mpv within 1 s and destroy resumes it; silent while logind says locked, heard within 1 s of the unlock and 1.5 s of the wake" \
            finished "signals-$server"
    done
    shooter_passes() {  # SERVER PLAYER: passed, with that player
        finished "testbed-shooter-$1" && grep -q "^  the player: $2" "$work/testbed-shooter-$1/report.txt"
    }
    check "gamesound-testbed from the SDK, the toolchain hidden: examples/testbed/call-and-music.json, with gamesound.switch silentSwitch.on and .off at its end, passes against the SDL2 shooter (its assets from the SDK) under Xvfb on pipewire, with mpv (mpv-mpris) as the player" \
        shooter_passes pipewire "mpv with mpv-mpris"
    check "the same on pulseaudio, with the testbed's own player" shooter_passes pulseaudio "the testbed's own player"
    for server in pipewire pulseaudio; do
        check "gamesound-testbed from the SDK: examples/testbed/window.json passes against the SDL2 shooter (--mute-unfocused) under Xvfb on $server: silent while minimised and while unfocused, heard within 0.5 s of each return" \
            finished "testbed-window-$server"
    done
    check "gamesound-testbed from the SDK: a media-playback SDL2 shooter plays on while its window is minimised (PipeWire)" \
        finished testbed-window-playback-pipewire
    for server in pipewire pulseaudio; do
        check "gamesound-testbed from the SDK: sleep on $server as PipeWire does it (Tests/testbed/sleep-outputs.json): the output made again under its name at the wake, 2 s later, or another default; the SDL2 shooter on the right sink and heard within 1 s each time" \
            finished "testbed-sleep-$server"
    done
    check "a sandboxed SDL2 shooter with the session bus and no system bus (bwrap): one logind.no-bus line, the player's music held, silent during a call, and silent while the desktop portal says the screen saver is active (PipeWire)" \
        sandbox_session_bus
    check "a sandboxed SDL2 shooter with both buses, as pressure-vessel passes them (bwrap): the player's music, a call and the logind lock (PipeWire)" \
        finished testbed-sandbox-both-buses-pipewire
    check "a sandboxed SDL2 shooter as Flatpak runs it, behind xdg-dbus-proxy (Debian 12's 0.1.4) with no system bus: one logind.no-bus line and no other, the player's music held, silent during a call and while the portal says the screen saver is active (PulseAudio)" \
        sandbox_proxy
    plain_fails() {
        finished testbed-plain-pipewire 1 || return 1
        grep -q "^  the player: mpv with mpv-mpris (org.mpris.MediaPlayer2.mpv) (auto: mpv and mpv-mpris are installed)" \
            "$work/testbed-plain-pipewire/report.txt" || { echo "the player \"auto\" did not choose mpv"; return 1; }
        python3 - "$work/testbed-plain-pipewire.xml" <<'PY'
import sys, xml.etree.ElementTree as ET
failed = sorted(case.get("name").rsplit(" (", 1)[0] for case in ET.parse(sys.argv[1]).iter("testcase")
                if case.find("failure") is not None)
expected = sorted(["silent during the call", "holds its music while the player's plays",
                   "silent while the screen is locked", "heard within 3.5 s of the wake (its output gone and back)",
                   "plays on beside an alarm", "heard within 4 s of the server's restart",
                   "still has its stream at the end"])
print("failed:", failed)
sys.exit(0 if failed == expected else 1)
PY
    }
    check "gamesound-testbed from the SDK: the same script against the plain OpenAL program fails (exit 1) with exactly the 7 expectations docs/testbed.md lists; the player \"auto\" is mpv here" plain_fails
    check "gamesound-testbed from the SDK: bad scripts, bad games and a server that does not start, each with its message and exit status, nothing left behind (Tests/testbed/check-testbed.py)" \
        finished testbed-check
    wait
else
    no_namespace() { echo "$hide_failure"; return 1; }
    check "the C, C++, SDL2 and desktop programs run with the toolchain hidden (they cannot: no mount namespace for $(id -un))" no_namespace
fi

deb() {
    local runtime="dist/libgamesound1_${version}_${debarch}.deb" dev="dist/libgamesound-dev_${version}_${debarch}.deb"
    local depends recommends runtime_files dev_files
    depends=$(dpkg-deb -f "$runtime" Depends)
    recommends=$(dpkg-deb -f "$runtime" Recommends)
    runtime_files=$(dpkg-deb -c "$runtime")
    dev_files=$(dpkg-deb -c "$dev")
    echo "Depends: $depends"
    echo "Recommends: $recommends"
    case ", $depends," in *", libopenal1,"*) ;; *) echo "no libopenal1"; return 1 ;; esac
    case ", $depends," in *", libvorbisfile3,"*) ;; *) echo "no libvorbisfile3"; return 1 ;; esac
    case ", $depends," in *", libopusfile0,"*) ;; *) echo "no libopusfile0"; return 1 ;; esac
    case ", $depends," in *", libflac12,"*) ;; *) echo "no libflac12"; return 1 ;; esac
    # The desktop's libraries are opened on first use, not linked: recommended, not required.
    for package in libpulse0 libsystemd0; do
        case ", $recommends," in *", $package,"*) ;; *) echo "$package not recommended"; return 1 ;; esac
        case ", $depends," in *", $package,"*) echo "$package in Depends"; return 1 ;; esac
    done
    [ "$(dpkg-deb -f "$runtime" Package)" = libgamesound1 ] || return 1
    grep -q "libgamesound.so.$version\$" <<<"$runtime_files" || { echo "no library in the package"; return 1; }
    grep -q 'libgamesound.so.1 -> ' <<<"$runtime_files" || { echo "no .so.1 link in the package"; return 1; }
    ! grep -q 'gamesound.h' <<<"$runtime_files" || { echo "the header belongs in -dev"; return 1; }
    dpkg-deb -f "$dev" Depends | grep -q "libgamesound1 (= $version)" || { echo "-dev does not depend on the library"; return 1; }
    for path in usr/include/gamesound.h 'libgamesound.so -> libgamesound.so.1' pkgconfig/gamesound.pc GameSoundConfig.cmake \
        usr/bin/gamesound-testbed usr/share/gamesound/testbed/gamesound_testbed/run.py \
        usr/share/gamesound/testbed/script.schema.json; do
        grep -q "$path" <<<"$dev_files" || { echo "the -dev package lacks $path"; return 1; }
    done
}
check "the .deb packages: libgamesound1 depends on libopenal1, libvorbisfile3, libopusfile0 and libflac12, recommends libpulse0 and libsystemd0, and holds the library; -dev holds the rest, gamesound-testbed included" deb

# ---- Licence and credits (LICENSE, THIRD-PARTY, the packages' copyright) ----------------------
debs=("dist/libgamesound1_${version}_${debarch}.deb" "dist/libgamesound-dev_${version}_${debarch}.deb")
# Each package's /usr/share/doc/PACKAGE/copyright, extracted into $work/copyright-PACKAGE.
copyright_files=()
for package_file in "${debs[@]}"; do
    package=$(dpkg-deb -f "$package_file" Package)
    dpkg-deb --fsys-tarfile "$package_file" | tar -xO "./usr/share/doc/$package/copyright" > "$work/copyright-$package"
    copyright_files+=("$work/copyright-$package")
done
swift_log_notice="$repo/.build/checkouts/swift-log/NOTICE.txt"
# flat FILE: its words on one line (a DEP-5 field's " ." blank lines and the line breaks gone), so
# that a text can be found in another however each one wraps it.
flat() { sed 's/^ \.$//' "$1" | tr -s ' \n\t' '   ' | sed 's/^ //; s/ $//'; }

notices() {
    local bad=0 copyright
    cmp "$sdk/share/doc/gamesound/LICENSE" "$repo/LICENSE" || { echo "the tarball's LICENSE is not the repository's"; bad=1; }
    cmp "$sdk/share/doc/gamesound/THIRD-PARTY" "$repo/THIRD-PARTY" || { echo "the tarball's THIRD-PARTY is not the repository's"; bad=1; }
    grep -q '^zlib License$' "$sdk/share/doc/gamesound/LICENSE" || { echo "LICENSE is not the zlib licence"; bad=1; }
    [ -f "$swift_log_notice" ] || { echo "no $swift_log_notice (make sdk-lib checks swift-log out)"; return 1; }
    grep -qF -- "$(flat "$swift_log_notice")" <(flat "$sdk/share/doc/gamesound/THIRD-PARTY") ||
        { echo "THIRD-PARTY lacks swift-log's NOTICE.txt"; bad=1; }
    for copyright in "${copyright_files[@]}"; do
        echo "${copyright##*/}: $(head -1 "$copyright")"
        head -1 "$copyright" | grep -qx 'Format: https://www.debian.org/doc/packaging-manuals/copyright-format/1.0/' ||
            { echo "  not machine-readable (DEP-5)"; bad=1; }
        grep -qF -- "$(sed -n '/^Copyright/,$p' "$repo/LICENSE" | flat /dev/stdin)" <(flat "$copyright") ||
            { echo "  lacks the zlib licence of LICENSE"; bad=1; }
        grep -qF -- "$(flat "$swift_log_notice")" <(flat "$copyright") || { echo "  lacks swift-log's NOTICE.txt"; bad=1; }
    done
    return "$bad"
}
check "the tarball ships LICENSE (zlib) and THIRD-PARTY (with swift-log's NOTICE); both packages' copyright is DEP-5 with the zlib text and the NOTICE" notices

components() {
    cmp "$lib" "$repo/.build/sdk-lib/libgamesound.so.$version" ||
        { echo "the SDK's library is not .build/sdk-lib's, whose link map says what went in"; return 1; }
    python3 "$repo/Tests/sdk/check-components.py" "$lib" "$repo/.build/sdk-lib/link-map.txt" \
        "$sdk/share/doc/gamesound/THIRD-PARTY" "${copyright_files[@]}"
}
check "every component the library links (NEEDED, linked static libraries and objects, SwiftPM packages; Tests/sdk/components.txt) has its entry in THIRD-PARTY and is named in both packages' copyright" components

lintian_errors() {
    command -v lintian >/dev/null || { echo "no lintian (apt-get install lintian)"; return 1; }
    local tags
    tags=$(lintian "${debs[@]}" 2>&1 | grep -v '^running with root privileges')
    echo "${tags:-no tags}"
    ! grep -q '^E: ' <<<"$tags"
}
check "lintian finds no error (E:) in either package" lintian_errors

swift_consumer() {
    wait "$consumer_build" 2>/dev/null || true  # (the desktop checks' wait may have waited for it already)
    [ "$(cat "$work/swift-consumer.status" 2>/dev/null)" = 0 ] || { tail -n 40 "$work/swift-consumer.log"; return 1; }
    "$work/swift-consumer/debug/swift-consumer" "$effect"
}
check "examples/swift-consumer (SwiftPM, GameSound by path) builds, plays and renders headlessly" swift_consumer

echo "$passed passed, $failed failed"
[ "$failed" = 0 ]
