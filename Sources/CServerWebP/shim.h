// Shim for libwebp's encoder and libwebpmux's animation encoder, for the mock server's image zoo
// (decode.h, in the same library, lets the tests read the encoder's stills back). The headers'
// init functions are static inline wrappers over versioned internals, which Swift imports as is.
#ifndef CSERVERWEBP_SHIM_H
#define CSERVERWEBP_SHIM_H
#include <stddef.h>
#include <stdint.h>
#include <webp/decode.h>
#include <webp/encode.h>
#include <webp/mux.h>
#endif
