// Atomic operations on a machine word, for Loop's effect tokens and in-flight counts.
//
// NB: Swift's `Synchronization.Atomic` needs macOS 15 / iOS 18, above Loop's floor (the
// Observation floor: macOS 14 / iOS 17). These are the same compiler builtins `Atomic` lowers
// to, with the same orderings, and ThreadSanitizer understands them.
#ifndef LOOP_ATOMICS_H
#define LOOP_ATOMICS_H

#include <stdbool.h>
#include <stdint.h>

static inline intptr_t loop_atomic_load(const intptr_t *_Nonnull word) {
  return __atomic_load_n(word, __ATOMIC_ACQUIRE);
}

static inline void loop_atomic_store(intptr_t *_Nonnull word, intptr_t value) {
  __atomic_store_n(word, value, __ATOMIC_RELEASE);
}

/// Stores `desired` if the word holds `*expected`; otherwise writes what it holds into
/// `*expected`. Returns whether it stored.
static inline bool loop_atomic_compare_exchange(
    intptr_t *_Nonnull word, intptr_t *_Nonnull expected, intptr_t desired) {
  return __atomic_compare_exchange_n(
      word, expected, desired, false, __ATOMIC_ACQ_REL, __ATOMIC_ACQUIRE);
}

/// Adds `delta` and returns the new value.
static inline intptr_t loop_atomic_add(intptr_t *_Nonnull word, intptr_t delta) {
  return __atomic_add_fetch(word, delta, __ATOMIC_ACQ_REL);
}

#endif
