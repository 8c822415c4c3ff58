/*
 * capi.h - what the cgo preambles of package capi include.
 *
 * It includes the public header with `const` defined away, so that the
 * prototypes cgo generates for the //export functions (cgo cannot spell
 * const) are checked against the public prototypes by the C compiler every
 * time the library is built: a parameter of the wrong type is a
 * "conflicting types" error, not a silent ABI break.
 */
#ifndef SHOGI_CAPI_H
#define SHOGI_CAPI_H

#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>

#define SHOGI_BUILDING_LIBRARY 1
#define const
#include "shogi.h"
#undef const

#endif
