// glibc's malloc_trim, which Swift's Glibc module does not import (it lives in <malloc.h>).
#ifndef CMALLOC_SHIM_H
#define CMALLOC_SHIM_H
#include <stdlib.h>  /* defines __GLIBC__ (through features.h) on glibc */
#if defined(__GLIBC__)
#include <malloc.h>
/// Returns free memory in every malloc arena to the system; 1 if some was released.
static inline int cmalloc_trim(void) { return malloc_trim(0); }
/// Fixes the size from which malloc maps blocks on their own (and unmaps them on free); glibc
/// otherwise raises it to the largest block freed. 1 on success.
static inline int cmalloc_set_mmap_threshold(int bytes) { return mallopt(M_MMAP_THRESHOLD, bytes); }
#else
static inline int cmalloc_set_mmap_threshold(int bytes) { (void)bytes; return 1; }
/// Other C libraries return large blocks to the system on free: nothing to do.
static inline int cmalloc_trim(void) { return 0; }
#endif
#endif
