// Counts the heap allocations of the loop-benchmarks process, so each workload can report
// allocations and bytes per operation. See AllocationCounter.c.
#ifndef ALLOCATION_COUNTER_H
#define ALLOCATION_COUNTER_H

/// Whether allocations are being counted (glibc, no sanitizer; elsewhere the counts stay 0).
int allocation_counter_is_active(void);
/// Calls to malloc, calloc, realloc, posix_memalign, aligned_alloc and memalign so far.
long allocation_counter_count(void);
/// Bytes those calls asked for so far.
long allocation_counter_bytes(void);
/// Bytes of the heap in use now (glibc's `mallinfo2`), or -1 where allocations are not counted.
long allocation_counter_in_use(void);

#endif
