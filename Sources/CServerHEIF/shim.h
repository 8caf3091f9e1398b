// Shim for libheif (HEVC encoding through its x265 plugin), for the mock server's image zoo.
#ifndef CSERVERHEIF_SHIM_H
#define CSERVERHEIF_SHIM_H
#include <stddef.h>
#include <stdint.h>
#include <libheif/heif.h>
#endif
