# plugforge: render the iflow Claude Code plugin from plugin-src/ into dist/.
# Two commands set up and verify a fresh clone: `make plugin` and `make test`.

GO        ?= go
PLUGFORGE := $(GO) run ./cmd/plugforge
# The official validator, installed on demand by `make validate`. Pinned, so
# every machine and CI run checks against the same release (an unpinned
# install can resolve to a stale cached one).
CLAUDE_VERSION ?= 2.1.330
CLAUDE_DIR     := .tools/claude
CLAUDE         := $(CLAUDE_DIR)/node_modules/@anthropic-ai/claude-code-linux-x64/claude
CLAUDE_STAMP   := $(CLAUDE_DIR)/.installed-$(CLAUDE_VERSION)
# iflow-classic speaks Task with resume, which Claude Code dropped after
# 2.1.76: its end-to-end suite runs on the newest release that still has it.
CLASSIC_VERSION ?= 2.1.76
CLASSIC_STAMP   := .tools/claude-$(CLASSIC_VERSION)/.installed
# The release matrix: the Claude Code releases the end-to-end suite and the
# result-form recordings run on (the pinned one and npm's newest when last
# recorded), each installed side by side in .tools/claude-<version>/.
CLAUDE_E2E_VERSIONS ?= 2.1.330 2.1.332
claude_bin = .tools/claude-$(1)/node_modules/@anthropic-ai/claude-code-linux-x64/claude
E2E_STAMPS := $(foreach v,$(CLAUDE_E2E_VERSIONS),.tools/claude-$(v)/.installed)
FORMREC    := $(GO) run ./generator/formrec/cmd
# make e2e E2E_PLUGIN=DIR runs the suite against another copy of a built variant.
E2E_PLUGIN ?=

.PHONY: plugin test check ci lint bench corpus names-corpus fuzz fuzz-smoke tools e2e record-forms forms-check validate cross release-check clean

## plugin: build every variant into dist/<variant>/ (fails on lint errors)
plugin:
	$(PLUGFORGE) build

## test: run every Go test with the race detector
test:
	$(GO) test -race -timeout 30m ./...

## check: fail if dist/ is out of step with plugin-src/ and templates/
check:
	$(PLUGFORGE) check

## ci: what CI runs
ci: test check cross

## lint: lint every variant in dist/ at every severity
lint:
	$(PLUGFORGE) lint --fail-on info

## bench: run the benchmarks (figures in README.md)
bench:
	$(GO) test -run '^$$' -bench . -benchmem ./...

# A directory of public plugin repositories checked out side by side, one
# subdirectory per repository named owner+name (docs/real-plugins.md says
# which repositories and commits, and how to fetch them). Not in the repo:
# third-party plugin files are never committed.
CORPUS          ?= .corpus
CORPUS_VERDICTS ?= docs/real-plugins-verdicts.tsv
CORPUS_FINDINGS ?=
CORPUS_ARGS     ?=

## corpus: lint every plugin under CORPUS, compare with Claude Code's validator, print the figures (skips without CORPUS)
corpus:
	@if [ ! -d "$(CORPUS)" ]; then echo "corpus: skipped: no directory $(CORPUS) (set CORPUS to a directory of plugin checkouts)"; exit 0; fi; \
	$(GO) run ./generator/lint/corpus/cmd -corpus "$(CORPUS)" -claude "$(CLAUDE)" \
	  $(if $(wildcard $(CORPUS_VERDICTS)),-verdicts "$(CORPUS_VERDICTS)") $(if $(CORPUS_FINDINGS),-findings "$(CORPUS_FINDINGS)") $(CORPUS_ARGS)

## names-corpus: compare lint's names with the CLI's listing on every plugin under CORPUS (skips without CORPUS or the CLI)
names-corpus:
	@if [ ! -d "$(CORPUS)" ]; then echo "names-corpus: skipped: no directory $(CORPUS) (set CORPUS to a directory of plugin checkouts)"; exit 0; fi; \
	$(GO) test ./generator/lint/snapshot -run TestNamesCorpus -names-corpus "$(abspath $(CORPUS))" -timeout 60m -v

# Fuzz targets as <package>:<target>; go test fuzzes one target at a time.
# New coverage is minimized for at most 3s (go's default of 60s stalls the
# large YAML seeds for most of a short run).
FUZZTIME ?= 10s
FUZZ_TARGETS := \
	./generator/source:FuzzParseDoc \
	./generator/source:FuzzDecodeManifest \
	./generator/source:FuzzDecodeHooks \
	./generator/source:FuzzDecodeRoles \
	./generator/source:FuzzLoad \
	./generator/render:FuzzNewEngine \
	./generator/lint/snapshot:FuzzFrontmatter \
	./generator/lint/snapshot:FuzzJSON \
	./generator/lint/baseline:FuzzParse \
	./generator/lint/config:FuzzParse \
	./generator/lint/suppress:FuzzParse \
	./generator/lint/rules:FuzzRules \
	./generator/importer:FuzzPassages

## fuzz: run each fuzz target for FUZZTIME (default 10s; the long run is `make fuzz FUZZTIME=5m`)
fuzz:
	@set -e; for t in $(FUZZ_TARGETS); do \
	  echo "fuzz $${t%%:*} $${t##*:} for $(FUZZTIME)"; \
	  $(GO) test "$${t%%:*}" -run '^$$' -fuzz "^$${t##*:}\$$" -fuzztime $(FUZZTIME) -fuzzminimizetime 3s; \
	done

## fuzz-smoke: each fuzz target for 2s, for CI beside `make test` (which only replays the seed corpora)
fuzz-smoke:
	@$(MAKE) --no-print-directory fuzz FUZZTIME=2s

## tools: install Claude Code into .tools/: the validator (make validate, the tests), every CLAUDE_E2E_VERSIONS release, and 2.1.76 for iflow-classic's suite
tools: $(CLAUDE_STAMP) $(E2E_STAMPS) $(CLASSIC_STAMP)

## e2e: run iflow's own suite (plugin-src/scenarios/) in the real CLI: every variant on its oldest claimed release, iflow on every CLAUDE_E2E_VERSIONS release; or E2E_PLUGIN=DIR on each
e2e: $(E2E_STAMPS) $(CLASSIC_STAMP)
	@set -e; first=1; for v in $(CLAUDE_E2E_VERSIONS); do \
	  plugin="$(E2E_PLUGIN)"; \
	  if [ -z "$$plugin" ] && [ $$first = 0 ]; then plugin=dist/iflow; fi; \
	  echo "e2e: Claude Code $$v $${plugin:-(every variant)}"; \
	  PLUGFORGE_E2E=1 E2E_PLUGIN="$$plugin" CLAUDE="$(call claude_bin,$$v)" \
	    $(GO) test -count=1 -timeout 20m ./generator/e2e/; \
	  first=0; \
	done
## record-forms: record how each CLAUDE_E2E_VERSIONS release returns a subagent's result (claude -p and interactive), then redraw the README's table
record-forms: $(E2E_STAMPS)
	@set -e; for v in $(CLAUDE_E2E_VERSIONS); do for m in print interactive; do \
	  echo "record-forms: Claude Code $$v, $$m"; \
	  $(FORMREC) -mode $$m -claude $(call claude_bin,$$v); \
	done; done
	$(FORMREC) -readme README.md

## forms-check: fail, with the difference, if a CLAUDE_E2E_VERSIONS release prints a result form otherwise than its recording
forms-check: $(E2E_STAMPS)
	@set -e; for v in $(CLAUDE_E2E_VERSIONS); do for m in print interactive; do \
	  $(FORMREC) -check -mode $$m -claude $(call claude_bin,$$v); \
	done; done

## validate: run Claude Code's own validator, strictly, on every variant and the marketplace
validate: $(CLAUDE_STAMP)
	@for d in dist/*/ .; do \
	  echo "claude plugin validate --strict $$d"; \
	  DISABLE_AUTOUPDATER=1 CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC=1 $(CLAUDE) plugin validate --strict "$$d" || exit 1; \
	done

$(CLAUDE_STAMP):
	mkdir -p $(CLAUDE_DIR)
	cd $(CLAUDE_DIR) && npm install --no-fund --no-audit @anthropic-ai/claude-code@$(CLAUDE_VERSION)
	touch $@

# One release of the matrix, in a directory of its own.
.tools/claude-%/.installed:
	mkdir -p $(@D)
	cd $(@D) && npm install --no-fund --no-audit @anthropic-ai/claude-code@$*
	touch $@

# Release builds. The six targets of .goreleaser.yaml, built the way it
# builds them (cmd/plugforge/release_test.go keeps the two lists and the
# flags equal).
RELEASE_TARGETS := linux/amd64 linux/arm64 darwin/amd64 darwin/arm64 windows/amd64 windows/arm64
RELEASE_FLAGS   := -trimpath -buildvcs=true -ldflags '-s -w'

## cross: cross-compile plugforge for every release target into bin/cross/
# This, not GoReleaser, is what .ci/run checks. Measured on the 2-core CI
# machine (busy at the time): installing GoReleaser from source downloads and
# compiles 325 modules, 20 minutes from cold caches; a cold snapshot release
# took 8.5 minutes and `make release-check` 30 seconds warm. `make cross`
# takes 1.5 to 2.5 minutes a target on a cold build cache and 4 seconds for
# all six on a warm one. It catches what breaks a release or a go install
# on macOS or Windows: code that only compiles on Linux (generator/outtree
# has per-OS files).
cross:
	@set -e; for t in $(RELEASE_TARGETS); do \
	  echo "go build $$t"; \
	  CGO_ENABLED=0 GOOS=$${t%/*} GOARCH=$${t#*/} $(GO) build $(RELEASE_FLAGS) -o bin/cross/$${t%/*}_$${t#*/}/ ./cmd/plugforge; \
	done

# GoReleaser, pinned: the newest release known to build with Go 1.26 (later
# ones need a newer Go). A goreleaser on PATH is used instead when there is
# one: CI installs this same version as a prebuilt binary, and
# cmd/plugforge/release_test.go keeps the workflows' pins equal to this.
GORELEASER_VERSION ?= v2.15.1
GORELEASER_DIR     := .tools/goreleaser-$(GORELEASER_VERSION)
GORELEASER         ?= $(shell command -v goreleaser 2>/dev/null || echo $(GORELEASER_DIR)/goreleaser)

## release-check: validate .goreleaser.yaml, build a snapshot release twice and check archives, checksums and reproducibility
# Not in .ci/run (see `cross` for the figures); the GitHub workflow's
# release job runs it.
release-check: $(GORELEASER)
	GORELEASER=$(GORELEASER) bash scripts/release-check.sh

$(GORELEASER_DIR)/goreleaser:
	GOBIN=$(abspath $(GORELEASER_DIR)) $(GO) install github.com/goreleaser/goreleaser/v2@$(GORELEASER_VERSION)

clean:
	rm -rf .tools .plugforge-staging-* bin
