# Fuzzing the untrusted inputs with libFuzzer, under AddressSanitizer + UBSan (issue 27):
#
#   $(BUILD)/fuzz/fuzz_npy      the .npy reader: fl_npy_read, fl_npy_read_any
#   $(BUILD)/fuzz/fuzz_options  the command line: fl_parse_options, and fl_parse_size,
#                               fl_parse_count, fl_parse_shapes on every word
#   $(BUILD)/fuzz/fuzz_exercise the rules of an exercise file (fl_check_exercise_text),
#                               checked against GCC's preprocessor: what they accept
#                               opens and names no other file there (FUZZ_CPP=clang: clang's)
#
#   make fuzz                   each target for FUZZ_SECONDS (default 60) in turn, on a
#                               copy of its seed corpus tests/fuzz/corpus/<target>/
#   make fuzz FUZZ_SECONDS=10 FUZZ_TARGETS=npy
#   make fuzz-build             only build them
#
# The committed corpus is never written: what libFuzzer finds stays in a temporary
# folder, removed at the end. A crash (or leak, timeout, out-of-memory) ends that target;
# make fuzz goes on with the others, then exits 1 naming each crashing input, kept under
# $(BUILD)/fuzz/crashes/, and the command that replays it. Once fixed, add the input to
# the corpus (tests/fuzz_corpus.t replays the whole corpus in make test). Corpus names say
# what the reader must do: ok-* is accepted, real-* (npy) accepted by fl_npy_read_any only,
# bad-* refused with a message; crash-* inputs once crashed and must now be refused.
#
# Needs clang with its fuzzer runtime: Debian 12 clang-14 and libclang-rt-14-dev, Debian 13
# clang-19 and libclang-rt-19-dev (tools/install-deps.sh --ci). FUZZ_CC is the first of
# FUZZ_CLANGS on PATH: plain clang, then the newest versioned one. Include from the top
# Makefile after BUILD is set.

FUZZ_SECONDS ?= 60
FUZZ_TARGETS ?= npy options exercise
FUZZ_DIR ?= $(BUILD)/fuzz
FUZZ_CLANGS ?= clang clang-19 clang-18 clang-17 clang-16 clang-15 clang-14
ifndef FUZZ_CC
# (one name per `command -v`: dash, Debian's /bin/sh, looks up only the first it is given)
FUZZ_CC := $(firstword $(shell for c in $(FUZZ_CLANGS); do command -v $$c && break; done 2>/dev/null) clang)
endif
FUZZ_CFLAGS ?= -g -O1 -fno-omit-frame-pointer
FUZZ_FLAGS = -std=c11 -Wall -Wextra -Werror $(FUZZ_CFLAGS) \
             -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=undefined

.PHONY: fuzz fuzz-build

fuzz-build: $(FUZZ_TARGETS:%=$(FUZZ_DIR)/fuzz_%)

fuzz: fuzz-build
	tests/fuzz/run.sh "$(FUZZ_DIR)" "$(FUZZ_SECONDS)" $(FUZZ_TARGETS)

fuzz_build_hint = || { echo "fuzz: building $@ with $(FUZZ_CC) failed; libFuzzer needs clang and its runtime (Debian 12: apt-get install clang-14 libclang-rt-14-dev; Debian 13: clang-19 libclang-rt-19-dev)" >&2; exit 1; }

$(FUZZ_DIR)/fuzz_npy: tests/fuzz/fuzz_npy.c common/npy.c common/npy.h
	@mkdir -p $(@D)
	$(FUZZ_CC) $(FUZZ_FLAGS) -o $@ $(filter %.c,$^) $(fuzz_build_hint)

$(FUZZ_DIR)/fuzz_options: tests/fuzz/fuzz_options.c common/options.c common/options.h common/fft/radix_plan.h
	@mkdir -p $(@D)
	$(FUZZ_CC) $(FUZZ_FLAGS) -o $@ $(filter %.c,$^) $(fuzz_build_hint)

$(FUZZ_DIR)/fuzz_exercise: tests/fuzz/fuzz_exercise.c common/exercise_check.c common/exercise_check.h
	@mkdir -p $(@D)
	$(FUZZ_CC) $(FUZZ_FLAGS) -o $@ $(filter %.c,$^) $(fuzz_build_hint)
