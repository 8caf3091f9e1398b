// glibc's malloc_trim, which Swift's Glibc module does not import (it lives in <malloc.h>).
#ifndef CMALLOC_SHIM_H
#define CMALLOC_SHIM_H
#if defined(__GLIBC__)
#include <malloc.h>
/// Returns free memory in every malloc arena to the system; 1 if some was released.
static inline int cmalloc_trim(void) { return malloc_trim(0); }
#else
/// Other C libraries return large blocks to the system on free: nothing to do.
static inline int cmalloc_trim(void) { return 0; }
#endif
#endif
