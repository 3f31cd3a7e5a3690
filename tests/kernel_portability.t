#!/usr/bin/env bash
# Kernels must build on every OpenCL 1.2 device, not only on pocl, which is more lenient
# than the specification in places. Each check is a construct that pocl accepts and a
# driver we measure on refused; they are plain text checks, so they run without a GPU.
. "$(dirname "$0")/lib.sh"
files=(kernels/*.cl kernels/*.clh exercises/*/*.cl solutions/*/*.cl)

# Variadic macros (`#define F(x, ...)`, __VA_ARGS__): OpenCL C 1.2 has none, and NVIDIA's
# compiler (driver 580.159.04) stops with "variadic macros not supported in OpenCL";
# pocl 3.1 compiles them.
hits=$(grep -nE '__VA_ARGS__|#[[:space:]]*define[[:space:]]+[A-Za-z_0-9]+\([^)]*\.\.\.' "${files[@]}")
[ -z "$hits" ]
ok $? "no variadic macros in kernels, exercises or solutions" || note "$hits"

# The check itself must catch one.
printf '#define F(a, ...) a\n' >"$TMP/variadic.cl"
grep -qE '__VA_ARGS__|#[[:space:]]*define[[:space:]]+[A-Za-z_0-9]+\([^)]*\.\.\.' "$TMP/variadic.cl"
ok $? "the check finds a variadic macro in a planted file"
done_testing
