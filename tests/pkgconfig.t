#!/usr/bin/env bash
# Libraries are found by pkg-config, so a prefix other than /usr works: OpenCL's and
# FFTW's headers, libraries and .pc files copied under a temporary prefix, with
# PKG_CONFIG_PATH set, give compile lines with that prefix's -I and -L, and a chapter
# built and linked that way runs. Without pkg-config (PKG_CONFIG=false) the Debian
# fallback flags are used.
. "$(dirname "$0")/lib.sh"
command -v pkg-config >/dev/null || { skip "prefix build" "pkg-config is not installed"; done_testing; exit 0; }
pkg-config --exists OpenCL fftw3 || { skip "prefix build" "no OpenCL.pc / fftw3.pc on this machine"; done_testing; exit 0; }

P=$TMP/prefix
mkdir -p "$P/include" "$P/lib/pkgconfig"
cp -r "$(pkg-config --variable=includedir OpenCL)/CL" "$P/include/"
cp "$(pkg-config --variable=includedir fftw3)/fftw3.h" "$P/include/"
for lib in OpenCL fftw3; do
    src=$(pkg-config --variable=libdir "$lib")/lib$lib.so
    ln -s "$(readlink -f "$src")" "$P/lib/lib$lib.so"
    sed -e "s|^prefix=.*|prefix=$P|" -e "s|^libdir=.*|libdir=\${prefix}/lib|" \
        -e "s|^includedir=.*|includedir=\${prefix}/include|" \
        "$(pkg-config --variable=pcfiledir "$lib")/$lib.pc" >"$P/lib/pkgconfig/$lib.pc"
done
B=$TMP/build
run_case "make -n under the prefix: compile lines carry -I$P/include" 0 '' --has "-I$P/include" \
    -- env PKG_CONFIG_PATH="$P/lib/pkgconfig" PKG_CONFIG_LIBDIR="$P/lib/pkgconfig" make -n BUILD="$B" "$B/common/npy.o"
run_case "make -n under the prefix: link lines carry -L$P/lib" 0 '' --has "-L$P/lib" \
    -- env PKG_CONFIG_PATH="$P/lib/pkgconfig" PKG_CONFIG_LIBDIR="$P/lib/pkgconfig" make -n BUILD="$B" "$B/02_radix2"
run_case "without pkg-config: the plain -lOpenCL -lfftw3 (and FFTW's threads)" 0 '' \
    --has ' -lOpenCL -lfftw3l_threads -lfftw3l -lfftw3_threads -lfftw3 -lm -lpthread' \
    -- make -n PKG_CONFIG=false BUILD="$B" "$B/02_radix2"
# Link a chapter against the prefix (the objects already built are reused: only the link).
mkdir -p "$B" && cp -r "$BUILD/common" "$B/"
san=()
nm "$B/common/npy.o" 2>/dev/null | grep -q __asan && san=(SANITIZE=1)   # the objects of make SANITIZE=1
run_case "02_radix2 linked from the prefix's libraries" 0 '' \
    -- env PKG_CONFIG_PATH="$P/lib/pkgconfig" PKG_CONFIG_LIBDIR="$P/lib/pkgconfig" make "${san[@]}" BUILD="$B" "$B/02_radix2"
mkdir -p "$TMP/kernels" && cp kernels/* "$TMP/kernels/"
run_case "and it runs" 0 '^PASS$' -- env LD_LIBRARY_PATH="$P/lib" "$B/02_radix2" --size 64 --repeat 0
done_testing
