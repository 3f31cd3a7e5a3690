/* Copy kernel: the speed limit every FFT chapter is compared against.
 *
 * Work-items: one per element (n in all). Each reads x[i] and writes y[i], so
 * consecutive work-items touch consecutive addresses: the best a memory-bound kernel
 * can do. An FFT must read and write its data at least once, so its time can't beat
 * this copy's on the same number of bytes. Host: common/timing.c, once per run.
 *
 * Notation: docs/notation.md */
__kernel void copy(__global const real2_t *x, __global real2_t *y)
{
    size_t i = get_global_id(0);
    y[i] = x[i];
}
