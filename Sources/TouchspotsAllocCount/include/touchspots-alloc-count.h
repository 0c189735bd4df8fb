#ifndef TOUCHSPOTS_ALLOC_COUNT_H
#define TOUCHSPOTS_ALLOC_COUNT_H

/* An LD_PRELOAD library for `touchspots-harness bench`: it counts the heap allocations
 * of the process it is loaded into (malloc, calloc, realloc, posix_memalign,
 * aligned_alloc, memalign) and, on every SIGUSR2, appends the count so far as one line
 * to the file named by $TOUCHSPOTS_ALLOC_COUNT_FILE. Nothing here is called directly. */

#endif
