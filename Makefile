# SPDX-License-Identifier: Zlib
# GameSound — common tasks. `make test` and `make demo` install what is missing first.
SHELL := /bin/bash
APT_PACKAGES := $(shell cat .ci/apt-packages)
SWIFT_FLAGS ?=
# Every release build: the flags c/build-sdk-library.sh builds the SDK library with (one section per
# function, which its link needs), so that the release modules are compiled once, the same way, for
# the library, the benchmarks and the tools (other flags recompile some of them, or leave stale ones).
RELEASE := $(shell c/build-sdk-library.sh --release-flags)

.PHONY: test build deps demo lib c-abi-test signals-test c-example install assets bench bench-c bench-smoke pulse-test soak-desktop docs doc-test callgrind-guard callgrind-record hot-sections

## deps: install the Debian packages the build needs (as root), or say which are missing.
deps:
	@missing=$$(for p in $(APT_PACKAGES); do dpkg-query -W -f='$${Status}\n' $$p 2>/dev/null | grep -q "install ok installed" || echo $$p; done); \
	if [ -n "$$missing" ]; then \
	  if [ "$$(id -u)" = 0 ]; then \
	    echo "Installing: $$missing"; apt-get update && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends $$missing; \
	  else \
	    echo "GameSound needs these Debian packages: $$missing"; echo "Install them with: sudo apt-get install $$missing"; exit 1; \
	  fi; \
	fi

## build: compile everything; Package.swift treats our warnings as errors.
build: deps
	swift build --build-tests $(SWIFT_FLAGS)

## test: build and run every test (the C ABI's, the real-server ones on private PulseAudio and PipeWire, then
## the Swift suites), the scenarios' render fingerprints, then the benchmarks at smoke size.
test: build c-abi-test pulse-test io-buffer-test signals-test
	# The null backend for every test in the process: OpenAL Soft reads this once, when it starts,
	# and the tests that need a real-time device expect its silent null device.
	ALSOFT_DRIVERS=null swift test --skip-build $(SWIFT_FLAGS)
	$(MAKE) renders
	$(MAKE) bench-smoke

## renders: every built-in scenario rendered (debug build) and compared, WAV and event log, byte for
## byte with Tests/renders/fingerprints.txt; `make renders-record` records them anew (on purpose only).
.PHONY: renders renders-record
renders:
	swift build --product shooter-soundboard $(SWIFT_FLAGS)
	Tests/renders/check.sh .build/debug/shooter-soundboard
renders-record:
	swift build --product shooter-soundboard $(SWIFT_FLAGS)
	Tests/renders/check.sh .build/debug/shooter-soundboard --record

## bench-c: build the C baselines that drive OpenAL Soft directly (mixing, and 3-D with HRTF and reverb).
bench-c: .build/bench/mix_baseline .build/bench/space_baseline
.build/bench/%: bench/c/%.c
	mkdir -p .build/bench
	cc -O2 -Wall -Wextra -o $@ $< $$(pkg-config --cflags --libs openal) -lm

## bench-smoke: every benchmark case at a tiny size (seconds, no thresholds), so they keep working.
bench-smoke: bench-c
	swift build --product gamesound-bench $(SWIFT_FLAGS)
	.build/debug/gamesound-bench --smoke

## callgrind-guard: GameSound's instructions per audio second at 1 and 64 voices against raw OpenAL
## Soft, under callgrind; fails when a ratio rises more than 3 % over bench/callgrind-ratios.txt.
callgrind-guard: deps bench-c
	swift build $(RELEASE) --product gamesound-bench
	bench/callgrind-guard.sh .build/release/gamesound-bench .build/bench/mix_baseline

## callgrind-guard-ci: the guard as make check runs it: valgrind keeps one core for about 20 s, so the SDK
## library's release build (sdk-lib, which realtime-check and sdk-test need next) runs beside it.
.PHONY: callgrind-guard-ci
callgrind-guard-ci: deps bench-c
	swift build $(RELEASE) --product gamesound-bench
	@bench/callgrind-guard.sh .build/release/gamesound-bench .build/bench/mix_baseline > .build/callgrind-guard.log 2>&1 & guard=$$!; \
	c/build-sdk-library.sh $(SDK_LIB) $(GAMESOUND_VERSION); library=$$?; \
	wait $$guard; status=$$?; echo "== callgrind-guard (beside the SDK library's build)"; cat .build/callgrind-guard.log; \
	[ $$library = 0 ] || echo "sdk-lib failed"; [ $$status = 0 ] || echo "callgrind-guard failed"; \
	[ $$library = 0 ] && [ $$status = 0 ]

## callgrind-record: measure the ratios again and write them into bench/callgrind-ratios.txt (on purpose only).
callgrind-record: deps bench-c
	swift build $(RELEASE) --product gamesound-bench
	bench/callgrind-guard.sh .build/release/gamesound-bench .build/bench/mix_baseline --record

## hot-sections: write c/hot-sections.txt again, the functions a real-time C game runs, which the SDK
## library's link places together (c/make-hot-sections.sh; docs/shipping.md). On purpose only, after
## large changes to the runtime: a few minutes, private PulseAudio and PipeWire servers, callgrind.
hot-sections: deps
	c/make-hot-sections.sh

## bench: the full benchmark suite in a release build; prints a table (see docs/performance.md), then
## bench-calls (the cost of a call through the C SDK, its own table, about 6 min).
## BENCH_FLAGS passes more to gamesound-bench (--only mixing,render; --smoke for every case at a tiny size)
## and leaves bench-calls out (the docs' test runs `make bench BENCH_FLAGS=--smoke` in `make check`).
BENCH_FLAGS ?=
bench: deps bench-c
	swift build $(RELEASE) --product gamesound-bench
	swift build $(RELEASE) --product shooter-soundboard
	.build/release/gamesound-bench $(BENCH_FLAGS)
	@if [ -z "$(BENCH_FLAGS)" ]; then $(MAKE) bench-calls; else echo "bench-calls left out (BENCH_FLAGS is set); make bench-calls runs it"; fi

## pulse-test: PulseSystemTests against a private PulseAudio daemon and, at the same time, a private PipeWire
## (pipewire, wireplumber, pipewire-pulse), each under Tests/desktop/with-server.sh; both must pass.
pulse-test: build
	Tests/pulse/run.sh $(SWIFT_FLAGS)

## soak-desktop: by hand: the sound server SIGKILLed and restarted 100 times under a playing game, on a
## private PulseAudio and a private PipeWire (SOAK_ROUNDS=N for another count); figures in docs/reliability.md.
SOAK_ROUNDS ?= 100
soak-desktop: build
	for kind in pulseaudio pipewire; do \
	  GAMESOUND_SOAK_ROUNDS=$(SOAK_ROUNDS) Tests/desktop/with-server.sh $$kind \
	    swift test --skip-build --filter 'PulseSystemTests/soak' $(SWIFT_FLAGS) || exit 1; \
	done

## doc-test: run the shell blocks of README.md and docs/*.md (Tests/docs/run-doc-commands.py: a block
## that must not run here carries a `<!-- doc-test: skip — reason -->` line, a long one runs a smaller
## stand-in), then compile every step of the DocC tutorial and run its final program and tests
## (Tests/docs/check-tutorial.sh). The blocks use the debug build and the SDK from `make dist`; in
## `make check` it comes after sdk-test, which built both.
doc-test: build dist
	Tests/docs/run-doc-commands.py
	@$(MAKE) --no-print-directory -o build tutorial-check IN_BACKGROUND=$(IN_BACKGROUND)
	Tests/docs/figures.py --check

## tutorial-check: the DocC tutorial's code compiled and run against the debug build (Tests/docs/check-tutorial.sh;
## swiftc only, no SwiftPM), part of doc-test; make check runs it in the background (background-builds).
.PHONY: tutorial-check
tutorial-check: build
	$(call run_or_wait_in_background,Tests/docs/check-tutorial.sh)

## doc-figures: write the figures the docs state about the SDK (exported functions, the library's and
## the packages' sizes: `<!-- figure: NAME -->` in the Markdown) from the build (Tests/docs/figures.py).
.PHONY: doc-figures
doc-figures: dist
	Tests/docs/figures.py --write

## demo: build and run the shooter soundboard; with no audio device, render the tour headlessly.
demo: deps
	swift build --product shooter-soundboard
	@if [ -t 0 ] && .build/debug/shooter-soundboard check-device; then \
	  .build/debug/shooter-soundboard; \
	else \
	  mkdir -p out; \
	  echo "No audio device (or no terminal) here: rendering the tour scenario headlessly instead."; \
	  .build/debug/shooter-soundboard render tour --out out/tour.wav --events out/tour.jsonl --timeline out/tour.svg; \
	  echo "Listen to out/tour.wav and open out/tour.svg to see where the sound stopped and came back."; \
	  echo "Try the live panel without sound: .build/debug/shooter-soundboard --output null"; \
	fi

## docs: the API reference: a DocC archive for GameSound, AudioSession and GameSoundTesting, in
## .build/docs/<Target>.doccarchive; any DocC warning (a broken ``Symbol`` link) fails it. The symbol graphs come
## from the debug build in .build, which `make check` has made by then (19 s; in a scratch path of its own, 66 s).
DOCS_TARGETS := GameSound AudioSession GameSoundTesting
DOCS_OUT := .build/docs
docs: deps
	mkdir -p $(DOCS_OUT)
	swift package --allow-writing-to-directory $(DOCS_OUT) generate-documentation \
	    $(DOCS_TARGETS:%=--target %) --output-path $(DOCS_OUT) --warnings-as-errors

# ---- The C ABI (docs/c-api.md) ---------------------------------------------------------------
C_OUT := .build/c
CC ?= cc
CXX ?= g++
C_FLAGS := -std=c99 -Wall -Wextra -Werror -Ic/include
C_LINK := -L$(C_OUT) -lgamesound -Wl,-rpath,$(abspath $(C_OUT)) -lpthread -lm
PREFIX ?= /usr/local
GAMESOUND_VERSION := 1.1.0

## lib: build libgamesound.so (the C interface) into .build/c.
lib: deps
	c/build-library.sh $(C_OUT)

## c-abi-test: the C tests against the header and the built library, the header as C99, C11, C++11 and C++17
## (c/check-header.sh), and exports versus header.
c-abi-test: lib
	$(CC) $(C_FLAGS) Tests/c/c_abi_test.c $(C_LINK) -o $(C_OUT)/c_abi_test
	c/check-header.sh c/include
	c/check-exports.sh c/include/gamesound.h $(C_OUT)/libgamesound.so
	$(C_OUT)/c_abi_test

## io-buffer-test: the I/O buffer a C game asks for (5, 10 and 40 ms) is the one the session reports, read back
## from OpenAL Soft, and the server's own latency figures for the game's stream agree with it
## (Tests/desktop/check-io-buffer.py), on a private PulseAudio and a private PipeWire.
.PHONY: io-buffer-test
io-buffer-test: lib
	$(CC) $(C_FLAGS) Tests/desktop/io_buffer_game.c $(C_LINK) -o $(C_OUT)/io_buffer_game
	@# Both servers at once (each run waits on real time), each one's output printed whole after.
	@for kind in pulseaudio pipewire; do \
	  Tests/desktop/with-server.sh $$kind python3 Tests/desktop/check-io-buffer.py $(C_OUT)/io_buffer_game assets/music/theme.ogg \
	      > $(C_OUT)/io-buffer-$$kind.log 2>&1 & eval "pid_$$kind=$$!"; \
	done; failed=""; \
	for kind in pulseaudio pipewire; do eval "wait \$$pid_$$kind" || failed="$$failed $$kind"; \
	  echo "== io-buffer-test on $$kind"; cat $(C_OUT)/io-buffer-$$kind.log; done; \
	[ -z "$$failed" ] || { echo "io-buffer-test failed on:$$failed"; exit 1; }

## signals-test: the C game and the desktop's signals (MPRIS players with mpv, logind from python3-dbusmock,
## Now Playing with playerctl) on a private PulseAudio and a private PipeWire, heard on the sink's monitor
## (Tests/desktop/signals-run.sh). Within `make check`, where the SDK test runs the same checks on the
## SDK's library with the toolchain hidden, this debug-library run is left to it.
signals-test: lib
	@if [ -n "$(DESKTOP_CHECKS_IN_SDK)" ] && Tests/sdk/hide-toolchain.sh true 2>/dev/null; then \
	  echo "signals-test: make check runs these checks in sdk-test, on the SDK's library with the toolchain hidden"; \
	else \
	  Tests/desktop/signals-run.sh; \
	fi

## testbed-test: gamesound-testbed's bad scripts, bad games and a server that does not start, each with its
## message, exit status and JUnit failure, nothing left behind; every kind of expectation judged on a known
## recording; output.switch on PipeWire, and gamesound.switch against a game that is no GameSound game; both
## music players (the testbed's own, mpv with mpv-mpris); the scripts' JSON Schema against the testbed's own checks
## (Tests/testbed/check-testbed.py, about 70 s; needs python3-jsonschema;
## `make sdk-test` runs it on the SDK's copy, with the example script against the SDL2 shooter and plain OpenAL).
.PHONY: testbed-test testbed-twenty testbed-fresh
testbed-test:
	/usr/bin/python3 Tests/testbed/check-testbed.py c/testbed/gamesound-testbed

## testbed-twenty: by hand: twenty testbed runs in a row (a call and a server restart under Xvfb, the servers
## alternating) against the plain OpenAL example; each must leave no process, socket or runtime folder behind.
testbed-twenty:
	mkdir -p $(C_OUT)
	$(CC) -std=c99 -Wall -Wextra -Werror examples/plain-openal/plain_openal.c $$(pkg-config --cflags --libs openal) -lm \
	    -o $(C_OUT)/plain_openal
	/usr/bin/python3 Tests/testbed/twenty-runs.py c/testbed/gamesound-testbed $(C_OUT)/plain_openal

## testbed-fresh: by hand (downloads Debian 12, about 400 MB the first time; as root): a fresh Debian 12 root
## (debootstrap, cached in .build/fresh-debian) with only the packages docs/shipping.md lists, the SDK unpacked in
## it, and docs/testbed.md's commands run there: the example passes against the SDL2 shooter under Xvfb on PipeWire
## and on PulseAudio, and fails against the plain OpenAL program (Tests/testbed/fresh-debian.sh).
testbed-fresh: dist
	Tests/testbed/fresh-debian.sh $(GAMESOUND_VERSION)

## c-example: build and run the C example game; SFX=folder of effects (default assets/sfx, else generated ones).
c-example: lib
	$(CC) $(C_FLAGS) demo/c-example/game.c $(C_LINK) -o $(C_OUT)/c-example
	@mkdir -p out
	@sfx=$${SFX:-assets/sfx}; \
	if [ ! -d "$$sfx" ]; then \
	  echo "No $$sfx here: generating placeholder effects into out/c-example-sfx."; \
	  $(CC) $(C_FLAGS) demo/c-example/make-sounds.c -lm -o $(C_OUT)/make-sounds && \
	  mkdir -p out/c-example-sfx && $(C_OUT)/make-sounds out/c-example-sfx && sfx=out/c-example-sfx; \
	fi; \
	$(C_OUT)/c-example "$$sfx" out/c-example.wav

# ---- The SDK a game ships (docs/shipping.md) -----------------------------------------------------
SDK_LIB := .build/sdk-lib
SDK_UNPACKED := .build/sdk-unpacked/gamesound-$(GAMESOUND_VERSION)
.PHONY: sdk-lib dist sdk-test sdl-shooter

## sdk-lib: the release libgamesound.so.1 with the Swift runtime inside, into .build/sdk-lib.
sdk-lib: deps
	c/build-sdk-library.sh $(SDK_LIB) $(GAMESOUND_VERSION)

## dist: the SDK tarball and the two .deb packages, into dist/.
dist: sdk-lib
	c/make-dist.sh $(SDK_LIB) $(GAMESOUND_VERSION)

## sdk-test: unpack the SDK and test it as a game and a player's machine would (Tests/sdk/run.sh).
sdk-test: dist
	Tests/sdk/run.sh $(GAMESOUND_VERSION)

## sdl-shooter: the SDL2 game, built with CMake against the unpacked SDK only, into .build/c/sdl-shooter.
sdl-shooter: dist
	rm -rf .build/sdk-unpacked && mkdir -p .build/sdk-unpacked $(C_OUT)
	tar -C .build/sdk-unpacked -xzf dist/gamesound-$(GAMESOUND_VERSION)-linux-$$(uname -m).tar.gz
	cmake -S $(SDK_UNPACKED)/examples/sdl-shooter -B .build/sdl-shooter -DCMAKE_BUILD_TYPE=Release \
	    -DCMAKE_PREFIX_PATH=$(abspath $(SDK_UNPACKED))
	cmake --build .build/sdl-shooter
	cp .build/sdl-shooter/sdl-shooter $(C_OUT)/sdl-shooter
	@echo "Play: $(C_OUT)/sdl-shooter (ALSOFT_DRIVERS=null without a sound card), or"
	@echo "      $(C_OUT)/sdl-shooter --autoplay 10 --render-audio out/shooter.wav --screenshot out/shooter.bmp"

## install: install the SDK's libgamesound (Swift runtime inside), gamesound.h, gamesound.pc and the
## CMake package under PREFIX (default /usr/local).
install: sdk-lib
	install -d $(DESTDIR)$(PREFIX)/lib/pkgconfig $(DESTDIR)$(PREFIX)/lib/cmake/GameSound $(DESTDIR)$(PREFIX)/include
	install -m 755 $(SDK_LIB)/libgamesound.so.$(GAMESOUND_VERSION) $(DESTDIR)$(PREFIX)/lib/
	ln -sf libgamesound.so.$(GAMESOUND_VERSION) $(DESTDIR)$(PREFIX)/lib/libgamesound.so.1
	ln -sf libgamesound.so.1 $(DESTDIR)$(PREFIX)/lib/libgamesound.so
	install -m 644 c/include/gamesound.h $(DESTDIR)$(PREFIX)/include/gamesound.h
	for template in gamesound.pc:pkgconfig GameSoundConfig.cmake:cmake/GameSound GameSoundConfigVersion.cmake:cmake/GameSound; do \
	  sed -e 's|@VERSION@|$(GAMESOUND_VERSION)|g' -e 's|@LIBDIR@|lib|g' c/sdk/$${template%%:*}.in \
	    > $(DESTDIR)$(PREFIX)/lib/$${template#*:}/$${template%%:*}; \
	done

## assets: regenerate the demo's sounds under assets/ (deterministic: the same bytes every run).
assets:
	swift run $(RELEASE) make-assets --out assets

# ---- Reliability (docs/reliability.md) -------------------------------------------------------
STORMS ?= 10000
SECONDS ?= 30
FUZZ_SEED ?=
FUZZ_OUT := .build/fuzz
RUNS ?= 10000000
FUZZ_JOBS ?= $(shell nproc)
# Every harness, the slowest first (scenario ≈ 1 300 exec/s, WAV ≈ 3 500, Vorbis ≈ 5 700 on a shared
# 2-core machine), so that with 2 at a time the others run one after the other beside it. `make fuzz`,
# fuzz-corpus and fuzz-long all run this list.
FUZZ_HARNESSES ?= scenario wav vorbis opus flac
# The sanitizer runtimes make gold print a "Cannot export local symbol" warning per symbol; lld
# (shipped with the toolchain) links the same binaries quietly.
SANITIZE_FLAGS := -Xswiftc -use-ld=lld
.PHONY: check storms sanitize sanitize-ci fuzz fuzz-run fuzz-ci fuzz-build fuzz-corpus fuzz-long fuzz-coverage endurance
.PHONY: endurance-ci endurance-cycles leaks-c

## check: everything CI runs (.ci/run): `make test`, the ABI check against c/abi, the API reference with
## warnings as errors (so a doc comment cannot break a link unnoticed), the callgrind guard on the
## per-block cost, the real-time check (CPU against the game by hand, gaps under load), the SDK's tests (docs/shipping.md),
## the docs' shell blocks and the tutorial's code (after the SDK's tests: they reuse its build), each fuzzer for
## 30 s from a fixed seed (two at a time), 60 s of real-time endurance with the slope tests, the C ABI tests on
## the shipped library under valgrind memcheck (docs/reliability.md), and last the concurrency tests under
## ThreadSanitizer. What does not need SwiftPM's lock on .build (the fuzz and ThreadSanitizer builds, the SPDX and
## ABI checks, the tutorial's code against the debug build) runs in the background from right after the debug
## build, on idle CPU only (background-builds); the real-time parts run side by side where they wait more than they compute.
check: build background-builds test spdx-check abi-check docs callgrind-guard-ci realtime-check sdk-test doc-test fuzz-and-endurance-ci sanitize-ci
check: DESKTOP_CHECKS_IN_SDK = 1
check: BESIDE_FUZZERS = leaks-c
check: IN_BACKGROUND = 1

## spdx-check: every source file of ours (Swift, C, C++, headers, shell, Python, CMake, Makefile) carries
## `SPDX-License-Identifier: Zlib` in its first lines (scripts/spdx.sh --check lists those that do not;
## scripts/spdx.sh --apply adds the line). Part of `make check`.
.PHONY: spdx-check
spdx-check:
	$(call run_or_wait_in_background,scripts/spdx.sh --check)

## abi-check: gamesound.h against the ABI 1.0 baseline in c/abi (abidiff from abigail-tools, and the constants):
## an incompatible change fails with the report, an addition passes; then c/abi/self-test.sh shows it can fail.
## `make abi-record` writes the baseline anew: only when a new major version (libgamesound.so.2) begins.
.PHONY: abi-check abi-record
abi-check: deps
	$(call run_or_wait_in_background,c/abi/check-abi.sh && c/abi/self-test.sh)
abi-record: deps
	c/abi/check-abi.sh --record

## storms: N random storms (10 000 unless N= or STORMS= says) in parallel worker processes of the release
## gamesound-storms, resumable: a rerun skips the chunks done. STORMS_FLAGS passes more (--first-seed S, --jobs J,
## --no-environments); failures land in .build/storms/failures (replay: gamesound-storms --replay FILE).
N ?= $(STORMS)
storms: deps
	swift build $(RELEASE) --product gamesound-storms
	.build/release/gamesound-storms --count $(N) $(STORMS_FLAGS)

## sanitize: the concurrency tests under ThreadSanitizer, then the whole suite and the 1 000-reset /
## 10 000-interruption endurance runs under AddressSanitizer with LeakSanitizer (any leak not suppressed
## in fuzz/lsan.supp makes `swift test` exit non-zero), then the C ABI tests under valgrind (leaks-c).
ASAN_ENV := ASAN_OPTIONS=detect_leaks=1 LSAN_OPTIONS=suppressions=$$PWD/fuzz/lsan.supp
sanitize: sanitize-ci
	swift build --build-tests --sanitize=address --scratch-path .build-asan $(SANITIZE_FLAGS)
	$(ASAN_ENV) swift test --skip-build --sanitize=address --scratch-path .build-asan $(SANITIZE_FLAGS)
	GAMESOUND_ENDURANCE=1 $(ASAN_ENV) swift test --skip-build --sanitize=address --scratch-path .build-asan $(SANITIZE_FLAGS) \
	    --filter 'ReliabilityTests.EnduranceTests'
	$(MAKE) leaks-c

## leaks-c: the C ABI tests linked against the shipped library (sdk-lib: libgamesound.so.1 with the
## Swift runtime inside) under valgrind memcheck; any memory error or definite/indirect leak not
## suppressed in Tests/c/valgrind.supp fails it. The tests' 120 s alarm is ignored (SIG_IGN survives
## exec; under valgrind on a busy machine the run can take longer); `timeout` guards against a deadlock.
leaks-c: sdk-lib
	mkdir -p $(C_OUT)
	$(CC) $(C_FLAGS) -g Tests/c/c_abi_test.c -L$(SDK_LIB) -lgamesound -Wl,-rpath,$(abspath $(SDK_LIB)) -lpthread -lm \
	    -o $(C_OUT)/c_abi_test_sdk
	timeout 900 sh -c 'trap "" ALRM; exec "$$@"' memcheck valgrind --tool=memcheck --leak-check=full --show-leak-kinds=definite,indirect \
	    --errors-for-leak-kinds=definite,indirect --error-exitcode=99 --num-callers=40 \
	    --suppressions=Tests/c/valgrind.supp $(C_OUT)/c_abi_test_sdk

## sanitize-ci: the concurrency tests and OpenAL's process lock under ThreadSanitizer (slow; not part of `make test`).
## Only their two test targets and what those depend on are built (GAMESOUND_ONLY_TESTS, Package.swift).
TSAN_ONLY := GAMESOUND_ONLY_TESTS=ReliabilityTests,OpenALTests
sanitize-ci: sanitize-build
	$(TSAN_ONLY) swift test --skip-build --sanitize=thread --scratch-path .build-tsan $(SANITIZE_FLAGS) \
	    --filter 'ReliabilityTests.ConcurrencyTests|OpenALTests.ExclusiveAccessTests'

## fuzz-build: the libFuzzer harnesses (fuzz/*.swift) with AddressSanitizer, into .build/fuzz.
fuzz-build: deps
	$(call run_or_wait_in_background,fuzz/build.sh $(FUZZ_OUT))

## sanitize-build: the ThreadSanitizer build sanitize-ci runs (only its two test targets and what they need).
.PHONY: sanitize-build
sanitize-build: deps
	$(call run_or_wait_in_background,$(TSAN_ONLY) swift build --build-tests --sanitize=thread --scratch-path .build-tsan $(SANITIZE_FLAGS))

## background-builds: make check's fuzz and ThreadSanitizer builds, the SPDX and ABI checks and the tutorial's
## code (none of them takes SwiftPM's lock on .build), started right after the debug build at the lowest CPU
## priority (scripts/background.sh); check's fuzz-build, sanitize-build, spdx-check, abi-check and tutorial-check
## wait for them (IN_BACKGROUND) instead of running them.
# A recipe that runs COMMAND, or, with IN_BACKGROUND set, waits for the target's background run instead.
run_or_wait_in_background = @if [ -n "$(IN_BACKGROUND)" ]; then scripts/background.sh wait $@; else echo "$(1)"; $(1); fi
.PHONY: background-builds
background-builds: deps
	scripts/background.sh start fuzz-build sanitize-build spdx-check abi-check tutorial-check

## fuzz-corpus: write the seed inputs (fuzz/make-corpus.py) into .build/fuzz/seeds and merge them into the
## kept corpus fuzz/corpus/<harness>, minimised (fuzz/merge.sh: only inputs that add coverage stay), with
## the harnesses built as fuzz-long builds them (-O), so that both merge by the same coverage.
fuzz-corpus: deps
	FUZZ_OPTIMIZE=-O fuzz/build.sh $(FUZZ_OUT)
	fuzz/make-corpus.py $(FUZZ_OUT)/seeds
	for h in $(FUZZ_HARNESSES); do fuzz/merge.sh $(FUZZ_OUT) $$h $(FUZZ_OUT)/seeds/$$h || exit 1; done

## fuzz-long: each harness until it has done RUNS executions (10 000 000 by default), FUZZ_JOBS at a time
## (the number of cores), at nice 10, from fuzz/corpus; crashes in .build/fuzz/crashes-<harness>; then
## what it found is merged back into fuzz/corpus, minimised. Summary in .build/fuzz/long-summary.txt.
## FUZZ_HARNESSES=wav (for instance) runs only some. Built with -O (3.6 times the scenario harness's
## executions per second at -Onone, bounds and overflow checks kept), which fuzz-build does not use.
fuzz-long: deps
	FUZZ_OPTIMIZE=-O fuzz/build.sh $(FUZZ_OUT)
	nice -n 10 fuzz/long.sh $(FUZZ_OUT) $(RUNS) $(FUZZ_JOBS) $(FUZZ_HARNESSES)

## fuzz-coverage: the harnesses built with source-based coverage, run over fuzz/corpus and
## fuzz/regressions; prints llvm-cov's line, function and region coverage of the files each one targets.
fuzz-coverage: deps
	fuzz/coverage.sh $(FUZZ_OUT)/coverage

## fuzz-ci: each harness for 30 s from seed 1, so CI mutates the same way every run and a finding reproduces;
## two harnesses at a time (one core each), so the five take three rounds, about 95 s.
fuzz-ci: fuzz-build
	$(MAKE) --no-print-directory fuzz-run SECONDS=30 FUZZ_SEED=1

## fuzz-and-endurance-ci: fuzz-ci and endurance-ci side by side (in `make check`). The endurance run is a
## minute of real time that mostly waits and judges growth (RSS, descriptors, OpenAL objects), not speed;
## the fuzzers run at nice 10 beside it, so together they take the time of the fuzzers alone. BESIDE_FUZZERS
## names more targets to run at nice 10 at the same time (make check: leaks-c, valgrind on one core for about
## 20 s of CPU): the fuzzers run for a fixed time, so sharing their cores costs them executions, not time.
## The sub-makes take the builds this target's prerequisites made as done (-o): run again, SwiftPM planned the
## whole build anew at times (17 s for the debug build, 27 s with a relink for the library, on a fresh clone).
BESIDE_FUZZERS ?=
.PHONY: fuzz-and-endurance-ci
fuzz-and-endurance-ci: fuzz-build build $(if $(filter leaks-c,$(BESIDE_FUZZERS)),sdk-lib)
	@mkdir -p .build; \
	$(MAKE) --no-print-directory -o build endurance-ci > .build/endurance-ci.log 2>&1 & endurance=$$!; \
	beside=0; for target in $(BESIDE_FUZZERS); do nice -n 10 $(MAKE) --no-print-directory -o build -o sdk-lib $$target > .build/$$target.log 2>&1 & \
	    eval "pid_$$beside=$$!"; beside=$$((beside + 1)); done; \
	nice -n 10 $(MAKE) --no-print-directory fuzz-run SECONDS=30 FUZZ_SEED=1; fuzz=$$?; \
	wait $$endurance; status=$$?; failed=""; i=0; \
	for target in $(BESIDE_FUZZERS); do eval "wait \$$pid_$$i" || failed="$$failed $$target"; i=$$((i + 1)); done; \
	echo "== endurance-ci (beside the fuzzers)"; cat .build/endurance-ci.log; \
	for target in $(BESIDE_FUZZERS); do echo "== $$target (beside the fuzzers)"; cat .build/$$target.log; done; \
	[ $$fuzz = 0 ] || echo "fuzz-ci failed"; [ $$status = 0 ] || echo "endurance-ci failed"; \
	[ -z "$$failed" ] || echo "failed beside the fuzzers:$$failed"; \
	[ $$fuzz = 0 ] && [ $$status = 0 ] && [ -z "$$failed" ]

## fuzz: run each harness for SECONDS seconds (30 by default; FUZZ_SEED=N for a fixed seed), FUZZ_RUN_JOBS
## at a time (2); crashes land in .build/fuzz/crashes-<harness> (fuzz/run.sh runs one).
FUZZ_RUN_JOBS ?= 2
fuzz: fuzz-build
	$(MAKE) --no-print-directory fuzz-run

## fuzz-run: the same with the harnesses already built (fuzz/build.sh builds them all anew each time:
## about 65 s, which fuzz-and-endurance-ci once paid twice).
fuzz-run:
	printf '%s\n' $(FUZZ_HARNESSES) | xargs -P $(FUZZ_RUN_JOBS) -I '{}' fuzz/run.sh $(FUZZ_OUT) '{}' $(SECONDS) $(FUZZ_SEED)

## endurance: the real-time runtime on OpenAL Soft's null device for HOURS hours (1 by default; 0.25 is
## 15 min) under a seeded random stream of game and system events; fails if RSS, open descriptors or
## live OpenAL objects grow (a least-squares slope test). Samples in .build/endurance.csv.
HOURS ?= 1
endurance: build
	ALSOFT_DRIVERS=null GAMESOUND_ENDURANCE_SECONDS=$$(awk 'BEGIN { printf "%d", $(HOURS) * 3600 }') \
	  GAMESOUND_ENDURANCE_CSV=$(abspath .build/endurance.csv) swift test --skip-build --filter 'ReliabilityTests.RealtimeEnduranceTests'

## endurance-ci: the same for 60 s (part of `make check`).
endurance-ci: build
	ALSOFT_DRIVERS=null GAMESOUND_ENDURANCE_SECONDS=60 swift test --skip-build --filter 'ReliabilityTests.RealtimeEnduranceTests'

## endurance-cycles: 1 000 media-services resets and 10 000 interruptions per strategy, headless (minutes).
endurance-cycles: build
	GAMESOUND_ENDURANCE=1 swift test --skip-build --filter 'ReliabilityTests.EnduranceTests'

# ---- Real time (docs/performance.md, "Real time") -------------------------------------------
RT_OUT := .build/realtime
.PHONY: bench-realtime realtime-check

## realtime-check: the real-time cost and gaps, short, in `make check` (bench/realtime/check.py): GameSound's
## C SDK against the same game by hand on the null device (fails above 1.5x the CPU while playing), then
## the soundtrack on a private PulseAudio beside stress-ng at twice the cores (fails on a gap of 2 ms in
## each of two tries), then the real-time priority of the audio threads (Tests/desktop/check-realtime-priority.py:
## set directly as root, granted by rtkit-daemon on the private system bus, refused with one log line while
## the soundtrack plays on; about 15 s, needs root and the rtkit package). About a minute and a quarter.
realtime-check: sdk-lib
	@command -v stress-ng >/dev/null || { echo "realtime-check needs stress-ng: apt-get install stress-ng"; exit 1; }
	mkdir -p $(RT_OUT)
	cc -O2 -Wall -Wextra -Werror -o $(RT_OUT)/rt_gamesound bench/realtime/rt_gamesound.c -Ic/include \
	    -L$(SDK_LIB) -lgamesound -Wl,-rpath,$(abspath $(SDK_LIB))
	cc -O2 -Wall -Wextra -Werror -o $(RT_OUT)/rt_openal bench/realtime/rt_openal.c $$(pkg-config --cflags --libs openal vorbisfile)
	python3 bench/realtime/check.py cpu
	Tests/desktop/with-server.sh pulseaudio python3 bench/realtime/check.py gaps
	Tests/desktop/with-server.sh pulseaudio /usr/bin/python3 Tests/desktop/check-realtime-priority.py $(RT_OUT)/rt_gamesound assets

## bench-calls: what a game thread pays per call into the C SDK (gs_effect_play, gs_voice_stop), in real
## time on the null device, while streams decode, during media-services resets (with a small and a 25 MB
## bank), while a sound loads (with queries), from 4 threads (also with an event callback that writes a
## log), while 24 sounds move and while calls ring and are declined, beside raw alSourcePlay/alSourceStop;
## prints a table with the goals of issue 37 (bench/calls/run.sh; about 6 min; CALLS_SECONDS=1 for a
## quick try). Part of `make bench`, not of `make check`.
CALLS_OUT := .build/calls
.PHONY: bench-calls
bench-calls: sdk-lib $(CALLS_OUT)/loop.opus
	cc -O2 -Wall -Wextra -Werror -pthread -o $(CALLS_OUT)/calls_gamesound bench/calls/calls_gamesound.c -Ic/include \
	    -L$(SDK_LIB) -lgamesound -Wl,-rpath,$(abspath $(SDK_LIB)) -lm
	cc -O2 -Wall -Wextra -Werror -pthread -o $(CALLS_OUT)/calls_openal bench/calls/calls_openal.c \
	    $$(pkg-config --cflags --libs openal) -lm
	cc -O2 -Wall -Wextra -Werror -pthread -o $(CALLS_OUT)/calls_fixed bench/calls/calls_fixed.c
	bench/calls/run.sh $(CALLS_OUT)
$(CALLS_OUT)/loop.opus: bench/calls/make-opus-loop.sh
	bench/calls/make-opus-loop.sh $@

## bench-realtime: GameSound's C SDK against the same game written by hand on OpenAL Soft and
## libvorbisfile, and on SDL_mixer 2, in real time: CPU, peak memory, start, play latency and gaps
## under stress-ng, on the null device and on private PulseAudio and PipeWire servers (about 30 min;
## RT_SECONDS, RT_REPS, RT_BACKENDS... shorten it, see bench/realtime/run.py). Not part of `make check`.
bench-realtime: sdk-lib
	@pkg-config --exists SDL2_mixer || { echo "bench-realtime needs SDL_mixer 2: apt-get install libsdl2-mixer-dev stress-ng"; exit 1; }
	mkdir -p $(RT_OUT)
	cc -O2 -Wall -Wextra -Werror -o $(RT_OUT)/rt_gamesound bench/realtime/rt_gamesound.c -Ic/include \
	    -L$(SDK_LIB) -lgamesound -Wl,-rpath,$(abspath $(SDK_LIB))
	cc -O2 -Wall -Wextra -Werror -o $(RT_OUT)/rt_openal bench/realtime/rt_openal.c $$(pkg-config --cflags --libs openal vorbisfile)
	cc -O2 -Wall -Wextra -Werror -o $(RT_OUT)/rt_sdlmixer bench/realtime/rt_sdlmixer.c $$(pkg-config --cflags --libs SDL2_mixer sdl2)
	@# The hand-written program mixing OpenAL Soft's loopback on its own output thread (RT_SIDES=ownout; servers only).
	cc -O2 -Wall -Wextra -Werror -DRT_OWN_OUTPUT -o $(RT_OUT)/rt_ownout bench/realtime/rt_openal.c \
	    $$(pkg-config --cflags --libs openal vorbisfile libpulse) -lpthread
	bench/realtime/run.sh
