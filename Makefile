# fftlab — build, run the tour, test, grade.
#
#   make run        install missing Debian packages, build, run the chapter tour
#   make test       unit tests, every chapter, bad inputs, stubs fail / solutions pass: the
#                   fast set, one case per code path (FFTLAB_SLOW_TESTS=1 adds the slow set)
#                   (TAP on the terminal; JUnit XML in build/junit.xml, or JUNIT=path.xml)
#   make grade      grade your exercises (EX=02_radix2/dif for one, QUICK=1 for a first look:
#                   seed 1, two cases each); TAP + grade.json + grade.xml + progress
#                   (HIDDEN=exercises/hidden.tsv adds an instructor's cases). Builds only the
#                   chapter programs it runs; an edited exercise rebuilds nothing
#   make classroom  regenerate .github/workflows/classroom.yml and .gitlab-ci.yml from
#                   exercises/manifest.tsv (GitHub Classroom / GitLab CI autograding)
#   make student-edition DEST=dir   the repository as students get it, without the answers
#   make grade-submission SUBMISSION=dir   grade a student's checkout with this checkout's
#                   grader, taking only its exercise files; lists the files it changed
#                   (EX=, HIDDEN=, QUICK=1 as for make grade; OUT=dir, default build/grade-submission)
#   make grade-class ROSTER=file   every submission of a roster (URLs or folders) into one
#                   CSV (HIDDEN=, EX=, QUICK=1; CSV=path, default build/grade-class.csv)
#   make 02_radix2  build one chapter (build/02_radix2)
#   make SANITIZE=1 test   the same tests with AddressSanitizer + UBSan (in build-asan/)
#   make valgrind   unit tests and a small run of each chapter under valgrind memcheck
#   make expected   rerun the command of every "Expected output" block of the pages and
#                   write its output there (tools/ci/expected-output.py;
#                   tests/expected_outputs.t checks them)
#   make bench      chapters and peer libraries over a size sweep: results/bench/, plots
#                   (FLUSH_L2=1: each timed call from a cold cache); then chapter 11's
#                   convolutions against the peers': results/11_convolution-<label>/
#   make fuzz       the .npy reader, option parser and exercise-file rules under libFuzzer
#                   (FUZZ_SECONDS=60 each)

# Every core builds, unless -j was given (GNU make 4.3 takes -j from MAKEFLAGS set here):
# the peer program that includes VkFFT's header alone compiles for half a minute.
ifeq ($(filter -j%,$(MAKEFLAGS)),)
MAKEFLAGS += -j$(shell nproc 2>/dev/null || echo 2)
endif

CHAPTERS := 01_dft 02_radix2 03_local_memory 04_coalescing 05_register_radix 06_mixed_radix 07_multidim 08_bluestein 09_real_input 11_convolution

ifeq ($(SANITIZE),1)
BUILD ?= build-asan
SANFLAGS := -fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=undefined
else
BUILD ?= build
SANFLAGS :=
endif

CC ?= cc
CFLAGS ?= -O2 -g
CFLAGS += -std=c11 -Wall -Wextra -Werror $(SANFLAGS)
LDFLAGS += $(SANFLAGS)

# Libraries are found by pkg-config (PKG_CONFIG_PATH for a conda, Homebrew, module or
# source-built prefix); where a .pc file is missing, the plain -l flags of a Debian /usr.
PKG_CONFIG ?= pkg-config
pc_cflags = $(shell $(PKG_CONFIG) --cflags $(1) 2>/dev/null)
pc_libs = $(or $(shell $(PKG_CONFIG) --libs $(1) 2>/dev/null),$(2))
pc_have = $(shell $(PKG_CONFIG) --exists $(1) 2>/dev/null && echo yes)
CFLAGS += $(call pc_cflags,OpenCL) $(call pc_cflags,fftw3)
# FFTW's threads (the host reference, common/reference.c) have no .pc file of their own;
# libfftw3-dev ships libfftw3_threads and libfftw3l_threads next to libfftw3 and libfftw3l.
LDLIBS := $(call pc_libs,OpenCL,-lOpenCL) -lfftw3l_threads $(call pc_libs,fftw3l,-lfftw3l) \
          -lfftw3_threads $(call pc_libs,fftw3,-lfftw3) -lm -lpthread

# common/: the harness (common/*.c) and the FFT building blocks the chapters share
# (common/fft/*.c); an object of each under $(BUILD)/common/ and $(BUILD)/common/fft/.
COMMON_SRC := $(wildcard common/*.c common/fft/*.c)
COMMON_OBJ := $(COMMON_SRC:common/%.c=$(BUILD)/common/%.o)
COMMON_HDR := $(wildcard common/*.h common/fft/*.h)
UNIT_TESTS := $(patsubst tests/unit/%.c,$(BUILD)/tests/%,$(wildcard tests/unit/test_*.c))

.SECONDARY:
.PHONY: all run tour test valgrind bench expected grade classroom deps stubs check-stubs student-edition results stride-plot clean $(CHAPTERS) $(EXTRAS) help

# Programs that are not chapters but belong to one (chapters/NN_slug/<name>.c -> build/NN_<name>).
EXTRAS := 02_plain_host 04_stride 04_tile_probe

# Peer libraries for make bench (FFTW always; clFFT and VkFFT when libclfft-dev and
# libvkfft-dev are installed). PEERS_FIRST: the slowest compile, started first.
include bench/bench.mk
all: $(PEERS_FIRST) $(CHAPTERS:%=$(BUILD)/%) $(EXTRAS:%=$(BUILD)/%) $(UNIT_TESTS) $(PEERS) $(BUILD)/commit.txt
bench: $(PEERS)

help:
	@sed -n '3,/^$$/p' Makefile | sed 's/^# \{0,1\}//'

$(CHAPTERS) $(EXTRAS): %: $(BUILD)/%

# Chapters that run under MPI (10_distributed): built with mpicc from every .c of their
# folder and of its harness/ and going_further/, and common/mpi/ (the harness of ranks
# running together, which needs mpi.h: never in COMMON_OBJ), linked with FFTW-MPI. `make all` builds
# them when mpicc is there; without it, it builds the others and says why (CI=true: an
# error). `make deps` installs Open MPI.
MPI_CHAPTERS := 10_distributed
MPICC ?= mpicc
HAVE_MPICC := $(shell command -v $(MPICC) 2>/dev/null)
ifneq ($(HAVE_MPICC),)
all: $(MPI_CHAPTERS:%=$(BUILD)/%)
else ifeq ($(CI),true)
all: mpi-missing
else
all: mpi-note
endif
.PHONY: $(MPI_CHAPTERS) mpi-note mpi-missing
$(MPI_CHAPTERS): %: $(BUILD)/%
mpi-note:
	@echo "note: $(MPI_CHAPTERS) not built: '$(MPICC)' not found (run 'make deps': Open MPI and FFTW-MPI)"
mpi-missing:
	@echo "error: '$(MPICC)' not found, and CI=true: $(MPI_CHAPTERS) must be built (run tools/install-deps.sh --ci)" >&2; exit 1

CH10_DIRS := chapters/10_distributed chapters/10_distributed/harness chapters/10_distributed/going_further
MPI_COMMON_SRC := $(wildcard common/mpi/*.c common/mpi/*.h)
CH10_SRC := $(wildcard $(addsuffix /*.c,$(CH10_DIRS)) $(addsuffix /*.h,$(CH10_DIRS))) $(MPI_COMMON_SRC)
$(BUILD)/10_distributed: $(CH10_SRC) $(COMMON_OBJ) $(COMMON_HDR) | $(BUILD)/commit.txt
	@command -v $(MPICC) >/dev/null 2>&1 || { echo "error: 10_distributed needs MPI and '$(MPICC)' was not found: run 'make deps' (tools/install-deps.sh installs openmpi-bin libopenmpi-dev libfftw3-mpi-dev)" >&2; exit 1; }
	OMPI_CC="$(CC)" MPICH_CC="$(CC)" $(MPICC) $(CFLAGS) -o $@ $(filter %.c,$^) $(COMMON_OBJ) $(LDFLAGS) -lfftw3_mpi -lfftw3_threads $(LDLIBS)

# 02_plain_host uses OpenCL alone, none of common/: it is the harness's work done by hand.
$(BUILD)/02_plain_host: chapters/02_radix2/plain_host.c | $(BUILD)/commit.txt
	$(CC) $(CFLAGS) -o $@ $< $(LDFLAGS) $(LDLIBS)
$(BUILD)/04_stride: chapters/04_coalescing/stride.c $(COMMON_OBJ) $(COMMON_HDR) | $(BUILD)/commit.txt
	$(CC) $(CFLAGS) -o $@ $< $(COMMON_OBJ) $(LDFLAGS) $(LDLIBS)
$(BUILD)/04_tile_probe: chapters/04_coalescing/tile_probe.c $(COMMON_OBJ) $(COMMON_HDR) | $(BUILD)/commit.txt
	$(CC) $(CFLAGS) -o $@ $< $(COMMON_OBJ) $(LDFLAGS) $(LDLIBS)

$(BUILD)/common/%.o: common/%.c $(COMMON_HDR) | $(BUILD)/common $(BUILD)/common/fft
	$(CC) $(CFLAGS) -c -o $@ $<

# The commit the CSV rows name: build/commit.txt, read at run time by common/report.c and
# rewritten only when `git describe` changes. No program depends on it (order-only), so
# the "-dirty" an edited exercise brings relinks nothing.
$(BUILD)/commit.txt: FORCE | $(BUILD)/common
	@c=$$(git describe --always --dirty 2>/dev/null || echo unknown); \
	[ -f $@ ] && [ "$$(cat $@)" = "$$c" ] || { echo "$$c" >$@.tmp && mv -f $@.tmp $@; }
.PHONY: FORCE
FORCE:

# A chapter program is every .c of its folder (main.c first: the idea; the rest are named
# parts of the host side, e.g. chapters/05_register_radix/plan.c), except the sources of
# EXTRAS, which are programs of their own.
EXTRA_SRC := chapters/02_radix2/plain_host.c chapters/04_coalescing/stride.c chapters/04_coalescing/tile_probe.c
.SECONDEXPANSION:
$(BUILD)/%: chapters/%/main.c $$(filter-out $(EXTRA_SRC),$$(wildcard chapters/$$*/*.c chapters/$$*/*.h)) $(COMMON_OBJ) $(COMMON_HDR) | $(BUILD)/commit.txt
	$(CC) $(CFLAGS) -o $@ $(filter %.c,$^) $(COMMON_OBJ) $(LDFLAGS) $(LDLIBS)

# A unit test of a chapter's part links that part too (UNIT_SRC_test_x: its sources).
UNIT_SRC_test_radix_plan := chapters/08_bluestein/length_search.c
UNIT_SRC_test_conv_blocks := chapters/11_convolution/blocks.c
UNIT_SRC_test_conv_pgm := chapters/11_convolution/pgm.c
UNIT_SRC_test_conv_data := chapters/11_convolution/image_data.c chapters/11_convolution/chirp.c
$(BUILD)/tests/%: tests/unit/%.c tests/unit/tap.c tests/unit/tap.h $$(UNIT_SRC_$$*) $(COMMON_OBJ) $(COMMON_HDR) | $(BUILD)/tests
	$(CC) $(CFLAGS) -o $@ $< tests/unit/tap.c $(UNIT_SRC_$*) $(COMMON_OBJ) $(LDFLAGS) $(LDLIBS)

$(BUILD)/common $(BUILD)/common/fft $(BUILD)/tests:
	mkdir -p $@

# Install what is missing (Debian/Ubuntu), build, and run every chapter at its demo size.
run: deps
	$(MAKE) all
	tools/tour.sh $(BUILD)

tour: all
	tools/tour.sh $(BUILD)

deps:
	tools/install-deps.sh

# Stubs are generated from the solutions' marked regions; never edit exercises/ by hand.
stubs:
	tools/instructor/make-stubs.sh write

check-stubs:
	tools/instructor/make-stubs.sh check

test: all
	BUILD=$(BUILD) JUNIT=$(JUNIT) tools/ci/run-tests.sh

valgrind: all
	BUILD=$(BUILD) tools/ci/run-valgrind.sh

# FFTLAB_DEVICE picks the device; BENCH_ARGS passes options to tools/bench/bench.sh;
# FLUSH_L2=1 times every chapter and peer from a cold cache (tools/bench/bench.sh --flush-l2).
bench: all
	BUILD=$(BUILD) tools/bench/bench.sh $(if $(filter 1,$(FLUSH_L2)),--flush-l2) $(BENCH_ARGS)

# Grading builds only the chapter programs it runs: EX=02_radix2/dif (or ID,ID) needs
# build/02_radix2, no EX every chapter. An edited exercise is read at run time, so after one
# only `git describe`'s build/commit.txt changes, and nothing is rebuilt.
comma := ,
GRADE_CHAPTERS := $(if $(EX),$(filter $(CHAPTERS) $(MPI_CHAPTERS),$(sort $(foreach e,$(subst $(comma), ,$(EX)),$(firstword $(subst /, ,$(e)))))),$(CHAPTERS) $(if $(HAVE_MPICC),$(MPI_CHAPTERS)))
# 04's tile_index is also graded on its access pattern, by build/04_tile_probe.
grade: $(GRADE_CHAPTERS:%=$(BUILD)/%) $(if $(filter 04_coalescing,$(GRADE_CHAPTERS)),$(BUILD)/04_tile_probe) $(BUILD)/commit.txt
	BUILD=$(BUILD) tools/grade.sh $(if $(EX),--only $(EX)) $(if $(SRC),--from $(SRC)) $(if $(QUICK),--quick) $(if $(HIDDEN),--hidden $(HIDDEN))

classroom:
	tools/instructor/make-classroom.sh

# Instructors (tools/instructor/): grade a student's checkout, or a roster of them, with
# this checkout's grader, manifests, programs and kernels; only the submission's
# exercises/<id>.cl files are taken. Builds what make grade would for the same EX.
.PHONY: grade-submission grade-class
ifneq ($(filter grade-submission,$(MAKECMDGOALS)),)
ifeq ($(SUBMISSION),)
$(error usage: make grade-submission SUBMISSION=dir [EX=id,id] [HIDDEN=file] [QUICK=1] [OUT=dir])
endif
endif
ifneq ($(filter grade-class,$(MAKECMDGOALS)),)
ifeq ($(ROSTER),)
$(error usage: make grade-class ROSTER=file [HIDDEN=file] [EX=id,id] [QUICK=1] [CSV=path])
endif
endif
INSTRUCTOR_GRADE_OPTS = $(if $(EX),--only $(EX)) $(if $(HIDDEN),--hidden $(HIDDEN)) $(if $(QUICK),--quick)
grade-submission grade-class: $(GRADE_CHAPTERS:%=$(BUILD)/%) $(if $(filter 04_coalescing,$(GRADE_CHAPTERS)),$(BUILD)/04_tile_probe) $(BUILD)/commit.txt
grade-submission:
	BUILD=$(BUILD) python3 tools/instructor/grade_submission.py --submission "$(SUBMISSION)" $(INSTRUCTOR_GRADE_OPTS) $(if $(OUT),--out "$(OUT)")
grade-class:
	BUILD=$(BUILD) python3 tools/instructor/grade_class.py --roster "$(ROSTER)" $(INSTRUCTOR_GRADE_OPTS) $(if $(CSV),--csv "$(CSV)")

# The repository as students get it, without the answers: make student-edition DEST=dir
# (tools/instructor/student-edition.sh says what it leaves out and cuts).
student-edition:
	@[ -n "$(DEST)" ] || { echo "usage: make student-edition DEST=dir (a folder that does not exist yet)" >&2; exit 2; }
	tools/instructor/student-edition.sh "$(DEST)"

# The access-pattern experiment of chapter 04 on the chosen device, as CSV and SVG.
stride-plot: $(BUILD)/04_stride
	tools/bench/plot-stride.sh $(BUILD)

# Regenerate the pages' "Expected output" blocks from runs of today's code (PAGES=... for
# some pages only; exercise blocks run the answers in solutions/, the grader with --draw 1).
expected: all
	BUILD=$(BUILD) tools/ci/expected-output.py $(PAGES)

# Regenerate the results tables (bench/README.md, the lessons) from results/tour-sizes-*.csv,
# results/bench/*.csv and results/11_convolution-*/ (lesson 11: tools/bench/conv-table.sh).
results:
	tools/bench/results-table.sh

clean:
	rm -rf build build-asan grade.json grade.xml grade-progress.tsv

# libFuzzer targets for the .npy reader, the command line and the rules of an exercise
# file (checked against the preprocessor): make fuzz (tests/fuzz/fuzz.mk).
include tests/fuzz/fuzz.mk
