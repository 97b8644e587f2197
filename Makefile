# GameSound — common tasks. `make test` and `make demo` install what is missing first.
SHELL := /bin/bash
APT_PACKAGES := $(shell cat .ci/apt-packages)
SWIFT_FLAGS ?=

.PHONY: test build deps assets

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

## test: build and run every test.
test: build
	swift test --skip-build $(SWIFT_FLAGS)

## assets: regenerate the demo's sounds under assets/ (deterministic: the same bytes every run).
assets:
	swift run -c release make-assets --out assets
