/* 04_stride — the access-pattern experiment behind chapter 04.
 *
 * Every work-item copies one element, and every element is read exactly once; only the
 * ORDER changes with the stride s. Think of x as a matrix of n/s rows by s columns:
 * work-item i reads row (i mod n/s), column (i / (n/s)), i.e. consecutive work-items read
 * addresses s elements apart (a column walk), and write y[i] in order.
 *
 *   s = 1:  items 0 1 2 3 ... read x[0] x[1] x[2] x[3] ...      (a plain copy)
 *   s = 4:  items 0 1 2 3 ... read x[0] x[4] x[8] x[12] ...
 *
 * The bytes moved are the same for every s, so any change in time is the memory
 * system's answer to the pattern: on a GPU neighbouring work-items' accesses are merged
 * into one transaction only when their addresses are neighbours too.
 *
 * Contract
 *   work-items : global n (a multiple of s), any local size
 *   reads      : x[(i mod (n/s)) * s + i / (n/s)]  (each element of x once)
 *   writes     : y[i]
 *   host calls : once per stride; chapters/04_coalescing/stride.c
 *
 * Notation: docs/notation.md */
__kernel void read_strided(__global const real2_t *x, __global real2_t *y, int s)
{
    int i = get_global_id(0);
    int rows = get_global_size(0) / s;
    y[i] = x[(size_t)(i % rows) * s + i / rows];
}
