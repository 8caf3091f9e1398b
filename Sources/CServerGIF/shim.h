// Shim for giflib 5, the mock server's GIF encoder (the image zoo). giflib reports errors by
// return codes (no longjmp), so Swift calls its encoder API directly. Debian ships no .pc file
// for giflib: the module map links `gif` itself.
#ifndef CSERVERGIF_SHIM_H
#define CSERVERGIF_SHIM_H
#include <stdbool.h>
#include <stddef.h>
#include <gif_lib.h>
#endif
