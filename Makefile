# benchreport - benchmark results into evidence.
#
# User-overridable variables
# --------------------------
# PREFIX, DESTDIR   install location (make install PREFIX=/usr DESTDIR=pkg)
# CC, PKG_CONFIG    tools
# EXTRA_CFLAGS      added to every compile
# SANITIZE=1        build and test under AddressSanitizer + UBSan (in build-san/)
# FUZZ_CC           compiler of the libFuzzer harnesses (make fuzz, in build-fuzz/)
# FUZZ_SECONDS      how long `make fuzz-run` runs each harness
PREFIX		?= /usr/local
DESTDIR		?=
CC		?= cc
PKG_CONFIG	?= pkg-config
EXTRA_CFLAGS	?=
SANITIZE	?=
FUZZ_CC		?= clang
FUZZ_SECONDS	?= 600

# Libraries, all through pkg-config, and the Debian packages that provide
# them (deps). Tests need a few programs more (test-deps): `make check`
# installs those, `make demo` does not.
PKGS		= libxml-2.0 sqlite3 json-c glib-2.0 libpcre2-8 cairo pango pangocairo harfbuzz liburing gsl nettle libpng libpq libmicrohttpd
DEB_PKGS	= build-essential pkg-config libxml2-dev libsqlite3-dev \
		  libjson-c-dev libglib2.0-dev libpcre2-dev libcairo2-dev libpango1.0-dev libharfbuzz-dev \
		  liburing-dev libgsl-dev nettle-dev libpng-dev libpq-dev libmicrohttpd-dev \
		  fonts-dejavu-core
# command:package pairs the test suite calls.
TEST_TOOLS	= xmllint:libxml2-utils mandoc:mandoc sqlite3:sqlite3 \
		  /usr/bin/time:time fio:fio chromium:chromium python3:python3 pdfinfo:poppler-utils \
		  valgrind:valgrind clang:clang clang:libclang-rt-dev \
		  /usr/lib/locale/uk_UA.utf8/LC_CTYPE:locales-all \
		  /usr/lib/python3/dist-packages/scipy/__init__.py:python3-scipy \
		  /usr/lib/python3/dist-packages/statsmodels/__init__.py:python3-statsmodels \
		  curl:curl ab:apache2-utils wrk:wrk
# The PostgreSQL pass of the store tests needs a server. Installed apart:
# where it cannot be, those tests are skipped with a notice, not failed.
PG_TEST_TOOLS	= /usr/lib/postgresql/15/bin/initdb:postgresql

ifeq ($(FUZZ),1)
# Internal: the harness build (make fuzz). Warnings are the gcc build's job;
# another compiler's new warnings must not stop fuzzing.
BUILD		?= build-fuzz
override CC	:= $(FUZZ_CC)
SANFLAGS	= -fsanitize=fuzzer-no-link,address,undefined \
		  -fno-omit-frame-pointer -fno-sanitize-recover=undefined -Wno-error
else ifeq ($(SANITIZE),1)
BUILD		?= build-san
SANFLAGS	= -fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=undefined
else
BUILD		?= build
SANFLAGS	=
endif

PKG_CFLAGS	= $(shell $(PKG_CONFIG) --cflags $(PKGS) 2>/dev/null)
# libpq is loaded when a PostgreSQL store is opened (src/store-pg.c), so
# it is not linked: only its headers are needed to build.
# The drawing libraries are loaded by the commands that draw
# (src/canvas-dl.h), so they are not linked into the program either; the
# test programs that call them directly link them (DRAW_LIBS).
DRAW_LIBS	= -lpangocairo-1.0 -lpango-1.0 -lgobject-2.0 -lcairo -lharfbuzz -lpng16
PKG_LIBS	= $(filter-out -lpq $(DRAW_LIBS),$(shell $(PKG_CONFIG) --libs $(PKGS) 2>/dev/null))

CFLAGS		?= -O2 -g
CFLAGS		+= -std=c11 -D_POSIX_C_SOURCE=200809L -D_DEFAULT_SOURCE \
		   -Wall -Wextra -Werror -Wshadow -Wstrict-prototypes \
		   -Wmissing-prototypes -Wno-unused-parameter \
		   $(SANFLAGS) $(EXTRA_CFLAGS) $(PKG_CFLAGS) -Isrc -I$(BUILD)
LDFLAGS		+= $(SANFLAGS)
LDLIBS		+= $(PKG_LIBS) -lm -lpthread

SRCS		= $(wildcard src/*.c)
LIB_SRCS	= $(filter-out src/main.c,$(SRCS))
LIB_OBJS	= $(LIB_SRCS:src/%.c=$(BUILD)/%.o) $(BUILD)/templates.o
TEMPLATES	= $(wildcard templates/*.html templates/*.css)
TEST_SRCS	= $(wildcard tests/unit/test-*.c)
TEST_BINS	= $(TEST_SRCS:tests/unit/%.c=$(BUILD)/tests/%)
DEPS		= $(SRCS:src/%.c=$(BUILD)/%.d) $(TEST_SRCS:tests/unit/%.c=$(BUILD)/tests/%.d)

BIN		= $(BUILD)/benchreport

.PHONY: all check demo bench install clean deps test-deps lint-man tests regen-fixtures fuzz fuzz-smoke coverage \
	fuzz-run fuzz-harnesses check-valgrind

all: $(BIN)
	@ln -sf $(BIN) benchreport 2>/dev/null || true

$(BUILD)/%.o: src/%.c | $(BUILD)
	$(CC) $(CFLAGS) -MMD -MP -c -o $@ $<

# Every call of a drawing library goes through canvas-dl.c's table: one
# redirection per function listed in canvas-dl.def.
$(BUILD)/canvas-dl-calls.h: src/canvas-dl.def | $(BUILD)
	sed -n 's/^CANVAS_DL_FN([a-z]*, *\([A-Za-z0-9_]*\))$$/#undef \1\n#define \1 (canvas_dl.\1)/p' \
	    src/canvas-dl.def > $@.tmp && mv $@.tmp $@

$(LIB_OBJS) $(BUILD)/main.o: | $(BUILD)/canvas-dl-calls.h

# The page's skeleton and style sheet are compiled in (templates.h).
$(BUILD)/templates.c: $(TEMPLATES) tools/embed.sh | $(BUILD)
	{ for t in $(TEMPLATES); do \
		sh tools/embed.sh template_$$(basename $$t | tr -c 'a-z0-9\n' '_') $$t; \
	done; } | grep -v '^#include' | { echo '#include "templates.h"'; cat; } > $@

$(BUILD)/templates.o: $(BUILD)/templates.c
	$(CC) $(CFLAGS) -c -o $@ $<

$(BUILD)/libbenchreport.a: $(LIB_OBJS)
	rm -f $@
	ar rcs $@ $^

$(BIN): $(BUILD)/main.o $(BUILD)/libbenchreport.a
	$(CC) $(LDFLAGS) -o $@ $(BUILD)/main.o $(BUILD)/libbenchreport.a $(LDLIBS)

$(BUILD)/tests/%: tests/unit/%.c tests/tap.h $(BUILD)/libbenchreport.a | $(BUILD)/tests
	$(CC) $(CFLAGS) -Itests -MMD -MP -o $@ $< $(BUILD)/libbenchreport.a $(LDFLAGS) $(LDLIBS) $(DRAW_LIBS)

$(BUILD) $(BUILD)/tests:
	mkdir -p $@

# Small programs the test scripts call (not tests themselves).
TOOL_SRCS	= $(wildcard tests/tools/*.c)
TOOL_BINS	= $(TOOL_SRCS:tests/tools/%.c=$(BUILD)/tests/%)

$(BUILD)/tests/%: tests/tools/%.c | $(BUILD)/tests
	$(CC) $(CFLAGS) -o $@ $< $(LDFLAGS) $(LDLIBS) $(DRAW_LIBS)

tests: $(BIN) $(TEST_BINS) $(TOOL_BINS)

# The libFuzzer harnesses: one per reader (fuzz-NAME) and one for the whole
# import path, detection included (fuzz-import). docs/hardening.md.
FUZZ_READERS	= $(shell sed -n 's/^READER(\([A-Za-z0-9_]*\)).*/\1/p' src/readers.def)
FUZZ_BINS	= $(FUZZ_READERS:%=$(BUILD)/fuzz-%) $(BUILD)/fuzz-import

FUZZ_SRCS	= tests/fuzz/fuzz-reader.c
# serve's URL router (tests/fuzz/fuzz-serve-route.c).
FUZZ_BINS	+= $(BUILD)/fuzz-serve_route

$(BUILD)/fuzz-serve_route: tests/fuzz/fuzz-serve-route.c $(BUILD)/libbenchreport.a
	$(CC) $(CFLAGS) -fsanitize=fuzzer -o $@ $< $(BUILD)/libbenchreport.a $(LDFLAGS) $(LDLIBS)

$(BUILD)/fuzz-import: $(FUZZ_SRCS) $(BUILD)/libbenchreport.a
	$(CC) $(CFLAGS) -fsanitize=fuzzer -o $@ $(FUZZ_SRCS) $(BUILD)/libbenchreport.a $(LDFLAGS) $(LDLIBS)

$(BUILD)/fuzz-%: $(FUZZ_SRCS) $(BUILD)/libbenchreport.a
	$(CC) $(CFLAGS) -DFUZZ_READER=$* -fsanitize=fuzzer -o $@ $(FUZZ_SRCS) $(BUILD)/libbenchreport.a $(LDFLAGS) $(LDLIBS)

fuzz-harnesses: $(FUZZ_BINS)

# "yes" when FUZZ_CC can link a libFuzzer program with the sanitizers.
FUZZ_OK		= $(shell printf 'int LLVMFuzzerTestOneInput(const unsigned char *d, unsigned long n) { return 0; }\n' | \
		  $(FUZZ_CC) -fsanitize=fuzzer,address,undefined -x c - -o /dev/null 2>/dev/null && echo yes)

# fuzz: build the harnesses with clang's libFuzzer (needs clang and
# libclang-rt-dev; `make test-deps` installs them).
fuzz: deps
	@$(MAKE) --no-print-directory all
	@$(MAKE) --no-print-directory FUZZ=1 fuzz-harnesses

# fuzz-smoke: each harness for a few seconds over its seeds (part of check).
fuzz-smoke: deps
	@$(MAKE) --no-print-directory all
	@$(MAKE) --no-print-directory FUZZ=1 fuzz-harnesses
	@sh tests/fuzz/smoke.sh

# fuzz-run: each harness for FUZZ_SECONDS, two at a time, keeping a corpus
# in build-fuzz/corpus and printing executions and coverage.
fuzz-run: deps
	@$(MAKE) --no-print-directory all
	@$(MAKE) --no-print-directory FUZZ=1 fuzz-harnesses
	@FUZZ_SECONDS=$(FUZZ_SECONDS) sh tests/fuzz/run.sh

-include $(DEPS)

# deps: install what the build needs on Debian when pkg-config cannot find
# it. As root it runs apt-get; otherwise it prints the command and fails.
deps:
	@missing=""; \
	command -v $(PKG_CONFIG) >/dev/null 2>&1 || missing="pkg-config"; \
	for p in $(PKGS); do $(PKG_CONFIG) --exists $$p 2>/dev/null || missing="$$missing $$p"; done; \
	command -v $(CC) >/dev/null 2>&1 || missing="$$missing $(CC)"; \
	if [ -n "$$missing" ]; then \
		echo "deps: missing:$$missing"; \
		if [ "$$(id -u)" = 0 ]; then \
			DEBIAN_FRONTEND=noninteractive apt-get update -qq && \
			DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends $(DEB_PKGS) || exit 1; \
		else \
			echo "deps: run as root: apt-get install -y $(DEB_PKGS)"; exit 1; \
		fi; \
	fi

# test-deps: the programs the test suite runs (a browser, PDF and XML
# tools, fio, valgrind), installed the same way.
test-deps: deps
	@missing=""; \
	for tp in $(TEST_TOOLS); do t=$${tp%%:*}; p=$${tp#*:}; \
		command -v $$t >/dev/null 2>&1 || missing="$$missing $$p"; done; \
	if [ -n "$$missing" ]; then \
		echo "test-deps: missing:$$missing"; \
		if [ "$$(id -u)" = 0 ]; then \
			DEBIAN_FRONTEND=noninteractive apt-get update -qq && \
			DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $$missing || exit 1; \
		else \
			echo "test-deps: run as root: apt-get install -y$$missing"; exit 1; \
		fi; \
	fi
	@missing=""; \
	for tp in $(PG_TEST_TOOLS); do t=$${tp%%:*}; p=$${tp#*:}; \
		command -v $$t >/dev/null 2>&1 || missing="$$missing $$p"; done; \
	if [ -n "$$missing" ] && [ "$$(id -u)" = 0 ]; then \
		{ DEBIAN_FRONTEND=noninteractive apt-get update -qq && \
		DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $$missing; } || \
		echo "test-deps: could not install$$missing: the PostgreSQL tests will be skipped"; \
	elif [ -n "$$missing" ]; then \
		echo "test-deps: missing$$missing: the PostgreSQL tests will be skipped"; \
	fi

# check: every test. The sub-make re-reads pkg-config after deps installed
# what was missing. The last line is "N passed, N failed".
check: test-deps
	@$(MAKE) --no-print-directory tests SANITIZE=$(SANITIZE)
	@if [ "$(FUZZ_OK)" = yes ]; then $(MAKE) --no-print-directory FUZZ=1 fuzz-harnesses; \
	else echo "check: $(FUZZ_CC) cannot build libFuzzer programs: the fuzz smoke test will be skipped"; fi
	@BUILD=$(BUILD) SANITIZE=$(SANITIZE) sh tests/run.sh

# coverage: build with gcov in build-cov/, run the whole suite as a clone
# without ../shared would, and print "lines: NN.N%" for src/ (target 85 %).
coverage: test-deps
	@$(MAKE) --no-print-directory BUILD=build-cov EXTRA_CFLAGS="--coverage -O0" \
	    LDFLAGS=--coverage tests
	@find build-cov -name '*.gcda' -delete
	@NO_SHARED=1 BUILD=build-cov sh tests/run.sh | tail -2
	@cd build-cov && gcov -n $$(ls *.gcda | grep -v '^test-') 2>/dev/null | \
	    awk '/^File .src\//{ f = 1; next } /^File /{ f = 0; next } \
	    f && /^Lines executed:/{ split($$2, a, ":"); sub("%", "", a[2]); \
	    n = $$4; done += a[2] * n / 100; all += n } \
	    END { if (all) printf "lines: %.1f%% of %d in src/\n", 100 * done / all, all }'

# check-valgrind: the unit and CLI tests with every run under valgrind;
# zero errors and zero definite leaks (slow: not part of check).
check-valgrind: test-deps
	@$(MAKE) --no-print-directory tests
	@sh tests/valgrind.sh

# regen-fixtures: rewrite every reader fixture's expected export and
# diagnostics (NAME.expected.json, NAME.expected.err) from this build, after
# an intended change; the diff is reviewed in the commit.
regen-fixtures: all
	@REGEN=1 BR=$(CURDIR)/$(BIN) ROOT=$(CURDIR) sh tests/cli/fixtures.sh | grep -c rewritten | \
	    sed 's/$$/ expected files checked or rewritten/'

lint-man:
	mandoc -Tlint -W warning man/*.1

demo: deps
	@$(MAKE) --no-print-directory all SANITIZE=$(SANITIZE)
	@sh tests/demo.sh $(BIN)

# bench: every tests/bench*.sh, each printing its figures next to a peer's.
# QUICK=1: every bench at a small size, about a minute in all (.ci/run runs
# it, so the benches cannot rot unseen).
bench: test-deps
	@$(MAKE) --no-print-directory all
	@for b in tests/bench*.sh; do [ -f "$$b" ] && QUICK="$(QUICK)" sh "$$b" $(BIN) || exit 1; done

# bench-runner: the io_uring runner against fio alone (tests/bench-run.sh).
.PHONY: bench-runner
bench-runner: deps
	@$(MAKE) --no-print-directory all
	@sh tests/bench-run.sh $(BIN)

install: $(BIN)
	install -d $(DESTDIR)$(PREFIX)/bin $(DESTDIR)$(PREFIX)/share/man/man1 \
	    $(DESTDIR)$(PREFIX)/share/benchreport/templates
	install -m 755 $(BIN) $(DESTDIR)$(PREFIX)/bin/benchreport
	install -m 644 man/*.1 $(DESTDIR)$(PREFIX)/share/man/man1/
	if [ -n "$$(ls templates 2>/dev/null)" ]; then \
	    install -m 644 templates/* $(DESTDIR)$(PREFIX)/share/benchreport/templates/; fi

clean:
	rm -rf build build-san build-fuzz build-vg build-cov benchreport demo-out bench-out
