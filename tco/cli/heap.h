/* heap.h - the heap settings for writing large workbooks (docs/PERFORMANCE.md,
 * The workbook writer in constant_memory mode): the tool's, which the
 * benchmarks take too, so that they measure what the tool does. Not
 * installed. */
#ifndef TCO_CLI_HEAP_H
#define TCO_CLI_HEAP_H

#include <stdlib.h> /* a C library header first: it is what defines __GLIBC__ */
#if defined(__GLIBC__)
#include <malloc.h>
#endif

/* glibc's heap tuned for a process that writes large workbooks, or computes
 * the same results again and again; nothing elsewhere. */
static inline void cli_tune_heap(void)
{
#if defined(__GLIBC__) && defined(M_TOP_PAD)
    /* Without spare room at the top of the heap, glibc serves each sheet's
     * 128 KB cell array from a fresh mapping whose untouched pages cost
     * nothing, instead of carving it from the heap and clearing all of it. */
    mallopt(M_TOP_PAD, 0);
    /* ... and keeps what is freed at the top of the heap (64 MB at most) for
     * the next allocations, instead of returning it and faulting it in again
     * at the next call (a whole Monte Carlo or repeated computation). */
    mallopt(M_TRIM_THRESHOLD, 64 << 20);
#endif
}

#endif /* TCO_CLI_HEAP_H */
