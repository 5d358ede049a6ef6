// The allocation functions of the loop-benchmarks process, counted.
//
// On glibc an executable that defines `malloc` and friends replaces them for the whole
// process, shared libraries included (the Swift runtime, Foundation, Dispatch): these count
// each call with two relaxed atomic additions and forward it to glibc's own allocator through
// its exported `__libc_*` entry points. `free` is glibc's, untouched. Elsewhere nothing is
// replaced and the counts stay 0 — as under a sanitizer, which brings its own malloc.
#include "AllocationCounter.h"

#include <stdatomic.h>
#include <stddef.h>

#if defined(__has_feature)
#if __has_feature(thread_sanitizer) || __has_feature(address_sanitizer)
#define ALLOCATION_COUNTER_SANITIZED 1
#endif
#endif

#if defined(__GLIBC__) && !defined(ALLOCATION_COUNTER_SANITIZED)

#include <malloc.h>

extern void *__libc_malloc(size_t size);
extern void *__libc_calloc(size_t count, size_t size);
extern void *__libc_realloc(void *pointer, size_t size);
extern void *__libc_memalign(size_t alignment, size_t size);

static _Atomic long allocations;
static _Atomic long bytes;

static inline void count(size_t size) {
  atomic_fetch_add_explicit(&allocations, 1, memory_order_relaxed);
  atomic_fetch_add_explicit(&bytes, (long)size, memory_order_relaxed);
}

void *malloc(size_t size) {
  count(size);
  return __libc_malloc(size);
}

void *calloc(size_t count_, size_t size) {
  count(count_ * size);
  return __libc_calloc(count_, size);
}

void *realloc(void *pointer, size_t size) {
  count(size);
  return __libc_realloc(pointer, size);
}

void *memalign(size_t alignment, size_t size) {
  count(size);
  return __libc_memalign(alignment, size);
}

void *aligned_alloc(size_t alignment, size_t size) {
  count(size);
  return __libc_memalign(alignment, size);
}

int posix_memalign(void **result, size_t alignment, size_t size) {
  count(size);
  void *pointer = __libc_memalign(alignment, size);
  if (pointer == NULL) return 12;  // ENOMEM
  *result = pointer;
  return 0;
}

int allocation_counter_is_active(void) { return 1; }
long allocation_counter_count(void) { return atomic_load_explicit(&allocations, memory_order_relaxed); }
long allocation_counter_bytes(void) { return atomic_load_explicit(&bytes, memory_order_relaxed); }

long allocation_counter_in_use(void) {
  struct mallinfo2 info = mallinfo2();
  return (long)(info.uordblks + info.hblkhd);
}

#else

int allocation_counter_is_active(void) { return 0; }
long allocation_counter_count(void) { return 0; }
long allocation_counter_bytes(void) { return 0; }
long allocation_counter_in_use(void) { return -1; }

#endif
