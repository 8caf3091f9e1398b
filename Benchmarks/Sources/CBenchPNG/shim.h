// libpng's simplified API, called directly as the peer of ImageCodec's decoder.
#ifndef CBENCHPNG_SHIM_H
#define CBENCHPNG_SHIM_H
#include <stdint.h>
#include <png.h>

/// PNG_FORMAT_RGBA: Swift cannot import the macro (it ORs other macros).
static const uint32_t cbenchpng_format_rgba = PNG_FORMAT_RGBA;
#endif
