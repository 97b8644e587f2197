# GameSound — common tasks. `make test` and `make demo` install what is missing first.
SHELL := /bin/bash
APT_PACKAGES := $(shell cat .ci/apt-packages)
SWIFT_FLAGS ?=

.PHONY: test build deps demo bench bench-c bench-smoke

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

## test: build and run every test, then the benchmarks at smoke size.
test: build
	swift test --skip-build $(SWIFT_FLAGS)
	$(MAKE) bench-smoke

## bench-c: build the C mixing baseline that drives OpenAL Soft directly.
bench-c: .build/bench/mix_baseline
.build/bench/mix_baseline: bench/c/mix_baseline.c
	mkdir -p .build/bench
	cc -O2 -Wall -Wextra -o $@ $< $$(pkg-config --cflags --libs openal) -lm

## bench-smoke: every benchmark case at a tiny size (seconds, no thresholds), so they keep working.
bench-smoke: bench-c
	swift build --product gamesound-bench $(SWIFT_FLAGS)
	.build/debug/gamesound-bench --smoke

## bench: the full benchmark suite in a release build; prints a table (see docs/performance.md).
bench: deps bench-c
	swift build -c release --product gamesound-bench
	.build/release/gamesound-bench

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
