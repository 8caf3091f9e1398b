# Testbed: the two commands a fresh machine needs are `make run` and `make test`.
.PHONY: run test deps build clean

ARGS ?=

## deps: install the system libraries (apt or Homebrew) that are missing
deps:
	@bash ci/install-deps.sh

## run: start the mock server on 127.0.0.1:8080 (admin on 8081); pass options with ARGS="--port 9000"
run: deps
	swift run mockserver $(ARGS)

## test: build everything (zero warnings in our sources) and run every test
test: deps
	bash ci/test.sh

## build: build every target
build: deps
	swift build

clean:
	rm -rf .build
