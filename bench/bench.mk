# Peer benchmarks: other FFT libraries timed on the chapters' data, one CSV row each in
# the chapters' schema (bench/peer.h says how they differ in what they time).
#
# Include this from the top Makefile AFTER its variables (BUILD, CC, CFLAGS, LDFLAGS,
# LDLIBS, COMMON_OBJ, COMMON_HDR) are set — prerequisites are expanded when read — and
# before its `all:` rule, which lists $(PEERS_FIRST) first.
# It does not change the default goal, wherever it is included.
#
#   make peers                 build every peer this machine can build ($(PEERS))
#   build/peer_fftw            FFTW fftwf + threads (libfftw3-dev has fftw3f and fftw3f_threads)
#   build/peer_clfft           clFFT, when pkg-config knows clFFT or /usr/include/clFFT.h exists (libclfft-dev)
#   build/peer_vkfft           VkFFT's OpenCL backend, when $(VKFFT_INCLUDE)/vkFFT.h exists
#                              (libvkfft-dev: one C header, nothing to link but libOpenCL, -lm)

bench_saved_goal := $(.DEFAULT_GOAL)

# Peers are found like the chapters' libraries: pkg-config first (clFFT ships clFFT.pc),
# then the header in /usr/include. VkFFT is one header without a .pc file: VKFFT_INCLUDE
# names its folder when it is not /usr/include.
VKFFT_INCLUDE ?= /usr/include
HAVE_CLFFT := $(or $(call pc_have,clFFT),$(if $(wildcard /usr/include/clFFT.h),yes))
HAVE_VKFFT := $(if $(wildcard $(VKFFT_INCLUDE)/vkFFT.h),yes)
CLFFT_CFLAGS := $(call pc_cflags,clFFT)
CLFFT_LIBS := $(call pc_libs,clFFT,-lclFFT)
FFTW3F_LIBS := $(call pc_libs,fftw3f,-lfftw3f)

PEERS := $(BUILD)/peer_fftw
ifeq ($(HAVE_CLFFT),yes)
PEERS += $(BUILD)/peer_clfft
endif
ifeq ($(HAVE_VKFFT),yes)
PEERS += $(BUILD)/peer_vkfft
endif

BENCH_HDR := bench/peer.h bench/peer_conv.h bench/peer_events.h $(COMMON_HDR)
BENCH_OBJ := $(BUILD)/bench/peer.o $(BUILD)/bench/peer_conv.o $(BUILD)/bench/peer_events.o
# The peers export their symbols (-rdynamic) so that the clEnqueueNDRangeKernel and
# clEnqueueCopyBuffer of bench/peer_events.c are the ones a library like libclFFT.so
# calls: that is how every kernel a library enqueues gets a profiling event.
PEER_LDFLAGS := -rdynamic

.PHONY: peers
peers: $(PEERS)

$(BUILD)/bench:
	mkdir -p $@

$(BUILD)/bench/%.o: bench/%.c $(BENCH_HDR) | $(BUILD)/bench
	$(CC) $(CFLAGS) -c -o $@ $<

$(BUILD)/peer_fftw: bench/peer_fftw.c $(BENCH_OBJ) $(COMMON_OBJ) $(BENCH_HDR)
	$(CC) $(CFLAGS) -o $@ $< $(BENCH_OBJ) $(COMMON_OBJ) $(LDFLAGS) $(PEER_LDFLAGS) -lfftw3f_threads $(FFTW3F_LIBS) $(LDLIBS) -lpthread -ldl

ifeq ($(HAVE_CLFFT),yes)
$(BUILD)/peer_clfft: bench/peer_clfft.c $(BENCH_OBJ) $(COMMON_OBJ) $(BENCH_HDR)
	$(CC) $(CFLAGS) $(CLFFT_CFLAGS) -o $@ $< $(BENCH_OBJ) $(COMMON_OBJ) $(LDFLAGS) $(PEER_LDFLAGS) $(CLFFT_LIBS) $(LDLIBS) -ldl
else
$(BUILD)/peer_clfft:
	@echo "peer_clfft needs clFFT: apt-get install libclfft-dev (header /usr/include/clFFT.h)" >&2; exit 2
endif

ifeq ($(HAVE_VKFFT),yes)
# VkFFT's header takes about 20 s of one core to compile, longer than the rest of the
# build: its object is a target of its own, which the top Makefile lists first in `all`
# (PEERS_FIRST), so that under make -j it starts at once, beside everything else.
PEERS_FIRST := $(BUILD)/bench/peer_vkfft.o
# (It makes its own folder: an order-only folder prerequisite would make it wait, and
# make would start other jobs first.)
$(BUILD)/bench/peer_vkfft.o: bench/peer_vkfft.c $(BENCH_HDR)
	@mkdir -p $(@D)
	$(CC) $(CFLAGS) $(if $(filter-out /usr/include,$(VKFFT_INCLUDE)),-I$(VKFFT_INCLUDE)) -c -o $@ $<
$(BUILD)/peer_vkfft: $(BUILD)/bench/peer_vkfft.o $(BENCH_OBJ) $(COMMON_OBJ)
	$(CC) $(CFLAGS) -o $@ $< $(BENCH_OBJ) $(COMMON_OBJ) $(LDFLAGS) $(PEER_LDFLAGS) $(LDLIBS) -ldl
else
$(BUILD)/peer_vkfft:
	@echo "peer_vkfft needs VkFFT: apt-get install libvkfft-dev (header /usr/include/vkFFT.h)" >&2; exit 2
endif

# Keep the top Makefile's first target (all) as the default goal.
.DEFAULT_GOAL := $(bench_saved_goal)
