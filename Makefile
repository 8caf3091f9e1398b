# Testbed: the two commands a fresh machine needs are `make run` and `make test`.
.PHONY: run test api-breaks adopter conformance bench fuzz sanitize mac-check deps build clean

ARGS ?=
# `make run` serves HTTPS too (TLS on 8443, the certificate faults on 8444-8450); RUN_TLS= turns it off.
RUN_TLS ?= --tls-port 8443

## deps: install the system libraries (apt or Homebrew) that are missing
deps:
	@bash ci/install-deps.sh

## run: start the mock server on 127.0.0.1:8080 (admin on 8081, HTTPS on 8443); pass options with ARGS="--port 9000"
run: deps
	swift run mockserver $(RUN_TLS) $(ARGS)

## test: build everything (zero warnings in our sources) and run every test
test: deps
	bash ci/test.sh

## api-breaks: compare the public API of the library products adopters import with the last
## release (ci/api-baseline.txt); a break fails unless CHANGELOG.md names it under a version that
## may break the API (CI runs it after `make test`; on a fresh clone two more builds of the
## package, one of this tree and one of the baseline, under .build-api; then about 1.5 minutes)
api-breaks: deps
	bash ci/api-breaks.sh

## adopter: build and test Examples/ContractAdopter, an outside package adopting two contract
## suites by path, then rebuild it with a scratch rule that must compile and be reported (about
## 3 minutes, the rebuild about 30 s; CI runs it after `make test`)
adopter: deps
	bash ci/adopter.sh

## conformance: run every contract suite against every implementation (ours, the URLSession
## adapter, AsyncHTTPClient through ThirdPartyConformance, the broken twins), rewrite the matrix in
## docs/CONFORMANCE.md and the rule list in docs/CONTRACTS.md (about 10 minutes, plus a first
## build of swift-nio for ThirdPartyConformance)
conformance: deps
	swift build --build-tests
	swift build --package-path ThirdPartyConformance
	ThirdPartyConformance/.build/debug/third-party-conformance $(CURDIR)/.build/third-party-conformance.json
	CONFORMANCE_THIRD_PARTY=$(CURDIR)/.build/third-party-conformance.json CONFORMANCE_OUTPUT=$(CURDIR)/docs/CONFORMANCE.md \
		swift test --skip-build --filter ConformanceMatrixTests/test_generate

## bench: our modules against nginx, the curl CLI, URLSession, libpng and sqlite3 in one run
## (installs nginx-light, wrk and curl when missing; about 8 minutes plus a release build);
## prints the table and rewrites the figures in docs/PERFORMANCE.md. ARGS="--quick" for a smoke run.
bench:
	bash ci/bench.sh $(ARGS)

## fuzz: libFuzzer (with ASan) on the Twitter parsers, ImageCodec (and each of its GIF, WebP, AVIF,
## HEIC decoders), the zoo's bomb headers, MockServer's query parsing, its admin JSON, stubs and
## templates, FUZZ_SECONDS each (default 60; about 16 minutes with the build); new inputs are
## merged into Fuzz/Corpus/<target>/, findings saved in .build-fuzz/findings/. FUZZ_TARGETS="image"
fuzz: deps
	bash ci/fuzz.sh

## sanitize: the suites of Networking, MockServer, ImageCache, Storage and the screens under
## ThreadSanitizer, then AddressSanitizer (own scratch paths; about 20 minutes); any report fails
sanitize: deps
	bash ci/sanitize.sh

## mac-check: on a Mac, what a first Mac run must measure (this project's CI runs Linux): the
## build, the URLSession tests, URLSession's HTTP conformance and each certificate fault through
## URLSession; writes .build/mac-check/report.md to send back (docs/APPLE.md). Elsewhere it
## says it is for macOS and exits 2.
mac-check:
	bash ci/mac-check.sh

## build: build every target
build: deps
	swift build

clean:
	rm -rf .build .build-tsan .build-asan .build-fuzz .build-wiremock .build-api Benchmarks/.build ThirdPartyConformance/.build
