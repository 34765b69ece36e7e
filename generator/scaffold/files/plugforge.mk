# plugforge targets for a Claude Code plugin kept in plugin-src/.
# Use it from your Makefile with `include plugforge.mk`, or copy the rules.
# Pin a release instead of @latest for reproducible builds.
PLUGFORGE ?= go run github.com/plugforge/plugforge/cmd/plugforge@latest

.PHONY: plugin check

## plugin: render plugin-src/ into dist/<variant>/
plugin:
	$(PLUGFORGE) build --src plugin-src --dist dist

## check: fail when dist/ is out of step with plugin-src/ (run it in CI)
check:
	$(PLUGFORGE) check --src plugin-src --dist dist
