/*
 * evalstack_fast.h - capi's internal C: the registry from evaluation-stack
 * handles to evalc's C stacks (capi/evalstack_fast.c). Go registers and
 * unregisters under its own lock (capi/evalstack_native.go); the public
 * calls look up lock-free.
 */
#ifndef SHOGI_EVALSTACK_FAST_H
#define SHOGI_EVALSTACK_FAST_H

#include <stdint.h>

/* register: handle h (a live evaluation-stack handle) runs the C stack
 * stack (an ec_stack *). 0 on success, -1 out of memory. */
int evalstack_fast_register(uint64_t h, void *stack);
/* unregister: h no longer reaches its C stack; returns when no call that
 * found it is still running (the stack may then be freed). */
void evalstack_fast_unregister(uint64_t h);
/* acquire: the C stack of h, held until evalstack_fast_release(h); NULL
 * if h is not registered. For Go's own calls on a C stack. */
void *evalstack_fast_acquire(uint64_t h);
void evalstack_fast_release(uint64_t h);

/* 1 if the environment variable LIBSHOGI_EVALSTACK is "go" now. */
int evalstack_fast_forced_go(void);

#endif
