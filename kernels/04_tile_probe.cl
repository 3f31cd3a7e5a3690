/* 04_tile_probe.cl — the instrumented build of exercise 04_coalescing/tile_index
 * (build/04_tile_probe): it records where the student's tile_at puts each tile entry.
 *
 * Contract
 *   work-items : global (R, T), one per tile entry (row m, column c)
 *   writes     : addr[m*T + c] = tile_at(m, c, T), the entry's position in the local tile
 * tile_at is the exercise's function, defined in the exercise file built after this one.
 *
 * Notation: docs/notation.md */
int tile_at(int m, int c, int T);

__kernel void probe_tile_at(__global int *addr, int T)
{
    const int m = get_global_id(0), c = get_global_id(1);
    addr[m * T + c] = tile_at(m, c, T);
}
