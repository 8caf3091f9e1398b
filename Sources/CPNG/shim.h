// Shim for libpng 1.6. Decoding uses the simplified API (png_image_*) from Swift directly.
#ifndef CPNG_SHIM_H
#define CPNG_SHIM_H
#include <stddef.h>
#include <stdint.h>
#include <png.h>
#endif
