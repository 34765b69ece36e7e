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

.PHONY: plugin test check ci lint bench fuzz fuzz-smoke tools validate clean

## plugin: build every variant into dist/<variant>/ (fails on lint errors)
plugin:
	$(PLUGFORGE) build

## test: run every Go test with the race detector
test:
	$(GO) test -race ./...

## check: fail if dist/ is out of step with plugin-src/ and templates/
check:
	$(PLUGFORGE) check

## ci: what CI runs
ci: test check

## lint: lint every variant in dist/ at every severity
lint:
	$(PLUGFORGE) lint --fail-on info

## bench: run the benchmarks (figures in README.md)
bench:
	$(GO) test -run '^$$' -bench . -benchmem ./...

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
	./generator/render:FuzzNewEngine

## fuzz: run each fuzz target for FUZZTIME (default 10s; the long run is `make fuzz FUZZTIME=5m`)
fuzz:
	@set -e; for t in $(FUZZ_TARGETS); do \
	  echo "fuzz $${t%%:*} $${t##*:} for $(FUZZTIME)"; \
	  $(GO) test "$${t%%:*}" -run '^$$' -fuzz "^$${t##*:}\$$" -fuzztime $(FUZZTIME) -fuzzminimizetime 3s; \
	done

## fuzz-smoke: each fuzz target for 2s, for CI beside `make test` (which only replays the seed corpora)
fuzz-smoke:
	@$(MAKE) --no-print-directory fuzz FUZZTIME=2s

## tools: install Claude Code's validator into .tools/ (used by make validate and the tests)
tools: $(CLAUDE_STAMP)

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

clean:
	rm -rf .tools .plugforge-staging-*
