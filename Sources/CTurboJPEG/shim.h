// Shim for the TurboJPEG API of libjpeg-turbo (no variadic calls; the header is imported as is).
#ifndef CTURBOJPEG_SHIM_H
#define CTURBOJPEG_SHIM_H
#include <stddef.h>
#include <turbojpeg.h>
#include "turned.h"
#endif
