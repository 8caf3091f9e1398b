// Shim for libavif (encoding with aom), for the mock server's image zoo. AVIF is written by
// libavif itself, never through libheif (whose 10-bit AVIF path aborts inside aom).
#ifndef CSERVERAVIF_SHIM_H
#define CSERVERAVIF_SHIM_H
#include <stddef.h>
#include <stdint.h>
#include <avif/avif.h>
#endif
