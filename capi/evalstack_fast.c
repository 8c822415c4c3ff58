/*
 * evalstack_fast.c - the evaluation stack's per-move calls without
 * entering Go (issue 24, phase 2). A stack of a net evalc runs is
 * registered here by shogi_evalstack_new (Go); these definitions find it
 * by its handle with no lock and call evalc. Everything else goes to the
 * Go definitions (shogiint_*): stacks of other nets and stacks forced to
 * Go (LIBSHOGI_EVALSTACK=go), bad, stale and NULL handles, handles of
 * other kinds, NULL pointers, and every refusal (a refused call leaves the
 * stack as it was, so Go meets the same refusal and says it in its
 * words). Only dispatch and marshalling here: the shogi work is evalc's.
 *
 * The prototypes come from shogi.h as capi.h includes it, with const
 * defined away, hence no const below.
 */
#include <string.h>

#include "_cgo_export.h"
#include "evalstack_fast.h"
#include "../evalc/evalc.h"

#ifdef _WIN32
#include <windows.h>
#define FAST_API __declspec(dllexport) /* listed in shogi.dll's exports and shogi.def */
#define fast_yield() SwitchToThread()
#else
#include <sched.h>
#define FAST_API __attribute__((visibility("default")))
#define fast_yield() sched_yield()
#endif

/* The registry mirrors capi/handles.go's layout: slot index in bits
 * 0-21, chunks of 4096 slots allocated when a C stack first lands in one
 * and never freed. */
#define FAST_INDEX_BITS 22
#define FAST_CHUNK_BITS 12
#define FAST_CHUNK_SIZE (1u << FAST_CHUNK_BITS)
#define FAST_CHUNKS (1u << (FAST_INDEX_BITS - FAST_CHUNK_BITS))
#define FAST_TAG ((uint64_t)1 << 63)

/* One slot: the handle it answers to (0: none), the calls running on it,
 * the stack. A line of its own: stacks of different threads do not share
 * the counter's line. */
typedef struct fast_entry {
    uint64_t handle;
    int32_t users;
    ec_stack *stack;
    char pad[64 - 2 * sizeof(uint64_t) - sizeof(void *)];
} fast_entry;

static fast_entry *fast_chunks[FAST_CHUNKS];

static fast_entry *fast_slot(uint64_t h) {
    uint32_t index = (uint32_t)(h & ((1u << FAST_INDEX_BITS) - 1));
    fast_entry *c = __atomic_load_n(&fast_chunks[index >> FAST_CHUNK_BITS], __ATOMIC_ACQUIRE);
    return c == NULL ? NULL : &c[index & (FAST_CHUNK_SIZE - 1)];
}

/* fast_acquire returns h's entry with its user count raised, or NULL. The
 * count is raised before the handle is compared and unregister clears
 * the handle before it reads the count (both sequentially consistent): a
 * call either sees the handle cleared or is waited for. */
static inline fast_entry *fast_acquire(uint64_t h) {
    fast_entry *e;
    if (!(h & FAST_TAG) || (e = fast_slot(h)) == NULL) return NULL;
    __atomic_add_fetch(&e->users, 1, __ATOMIC_SEQ_CST);
    if (__atomic_load_n(&e->handle, __ATOMIC_SEQ_CST) != h) {
        __atomic_sub_fetch(&e->users, 1, __ATOMIC_RELEASE);
        return NULL;
    }
    return e;
}

static inline void fast_release(fast_entry *e) { __atomic_sub_fetch(&e->users, 1, __ATOMIC_RELEASE); }

int evalstack_fast_register(uint64_t h, void *stack) {
    uint32_t index = (uint32_t)(h & ((1u << FAST_INDEX_BITS) - 1));
    fast_entry *e;
    if (fast_chunks[index >> FAST_CHUNK_BITS] == NULL) {
        fast_entry *c = ec_alloc_aligned(FAST_CHUNK_SIZE * sizeof(fast_entry));
        if (c == NULL) return -1;
        memset(c, 0, FAST_CHUNK_SIZE * sizeof(fast_entry));
        __atomic_store_n(&fast_chunks[index >> FAST_CHUNK_BITS], c, __ATOMIC_RELEASE);
    }
    e = fast_slot(h);
    e->stack = stack;
    __atomic_store_n(&e->handle, h, __ATOMIC_SEQ_CST);
    return 0;
}

void evalstack_fast_unregister(uint64_t h) {
    fast_entry *e = fast_slot(h);
    if (e == NULL) return;
    if (__atomic_load_n(&e->handle, __ATOMIC_SEQ_CST) == h) __atomic_store_n(&e->handle, 0, __ATOMIC_SEQ_CST);
    while (__atomic_load_n(&e->users, __ATOMIC_SEQ_CST) != 0) fast_yield();
}

void *evalstack_fast_acquire(uint64_t h) {
    fast_entry *e = fast_acquire(h);
    return e == NULL ? NULL : e->stack;
}

void evalstack_fast_release(uint64_t h) {
    fast_entry *e = fast_slot(h);
    if (e != NULL) fast_release(e);
}

int evalstack_fast_forced_go(void) {
    const char *v = getenv("LIBSHOGI_EVALSTACK");
    return v != NULL && strcmp(v, "go") == 0;
}

static inline shogi_status_t fast_ok(shogi_error_t *err) {
    if (err != NULL) {
        err->code = SHOGI_OK;
        err->message[0] = 0;
    }
    return SHOGI_OK;
}

#define HANDLE(stack) ((uint64_t)(uintptr_t)(stack))

FAST_API shogi_status_t shogi_evalstack_push_evaluate_at(shogi_evalstack_t stack, int32_t ply, uint32_t move,
                                                         int32_t *value, shogi_error_t *err) {
    fast_entry *e = fast_acquire(HANDLE(stack));
    if (e != NULL) {
        int32_t v;
        int r = value == NULL ? -1 : ec_stack_push_evaluate_at(e->stack, ply, (uint16_t)move, &v);
        fast_release(e);
        if (r == EC_OK) {
            *value = v;
            return fast_ok(err);
        }
    }
    return shogiint_evalstack_push_evaluate_at(stack, ply, move, value, err);
}

FAST_API shogi_status_t shogi_evalstack_evaluate_move(shogi_evalstack_t stack, uint32_t move, int32_t *value,
                                                      shogi_error_t *err) {
    fast_entry *e = fast_acquire(HANDLE(stack));
    if (e != NULL) {
        int32_t v;
        int r = value == NULL ? -1 : ec_stack_evaluate_move(e->stack, (uint16_t)move, &v);
        fast_release(e);
        if (r == EC_OK) {
            *value = v;
            return fast_ok(err);
        }
    }
    return shogiint_evalstack_evaluate_move(stack, move, value, err);
}

/* push then evaluate: a refused push changes nothing, and the evaluation
 * of a stack that took the push cannot be refused (it has a root). */
FAST_API shogi_status_t shogi_evalstack_push_evaluate(shogi_evalstack_t stack, uint32_t move, int32_t *value,
                                                      shogi_error_t *err) {
    fast_entry *e = fast_acquire(HANDLE(stack));
    if (e != NULL) {
        int32_t v;
        int r = value == NULL ? -1 : ec_stack_push(e->stack, (uint16_t)move);
        if (r == EC_OK) r = ec_stack_evaluate(e->stack, &v);
        fast_release(e);
        if (r == EC_OK) {
            *value = v;
            return fast_ok(err);
        }
    }
    return shogiint_evalstack_push_evaluate(stack, move, value, err);
}

FAST_API shogi_status_t shogi_evalstack_evaluate(shogi_evalstack_t stack, int32_t *value, shogi_error_t *err) {
    fast_entry *e = fast_acquire(HANDLE(stack));
    if (e != NULL) {
        int32_t v;
        int r = value == NULL ? -1 : ec_stack_evaluate(e->stack, &v);
        fast_release(e);
        if (r == EC_OK) {
            *value = v;
            return fast_ok(err);
        }
    }
    return shogiint_evalstack_evaluate(stack, value, err);
}

/* evaluate_move over a list; any refusal hands the whole list to Go
 * (nothing was changed, and Go fills every value and names the first
 * refused move). */
FAST_API shogi_status_t shogi_evalstack_evaluate_moves(shogi_evalstack_t stack, uint32_t *moves, size_t n,
                                                       int32_t *values, shogi_error_t *err) {
    fast_entry *e = fast_acquire(HANDLE(stack));
    if (e != NULL) {
        int r = (n == 0 || moves == NULL || values == NULL || n > ((size_t)1 << 24)) ? -1 : EC_OK;
        size_t i;
        for (i = 0; r == EC_OK && i < n; i++) r = ec_stack_evaluate_move(e->stack, (uint16_t)moves[i], &values[i]);
        fast_release(e);
        if (r == EC_OK) return fast_ok(err);
    }
    return shogiint_evalstack_evaluate_moves(stack, moves, n, values, err);
}

FAST_API shogi_status_t shogi_evalstack_push(shogi_evalstack_t stack, uint32_t move, shogi_error_t *err) {
    fast_entry *e = fast_acquire(HANDLE(stack));
    if (e != NULL) {
        int r = ec_stack_push(e->stack, (uint16_t)move);
        fast_release(e);
        if (r == EC_OK) return fast_ok(err);
    }
    return shogiint_evalstack_push(stack, move, err);
}

FAST_API shogi_status_t shogi_evalstack_push_null(shogi_evalstack_t stack, shogi_error_t *err) {
    fast_entry *e = fast_acquire(HANDLE(stack));
    if (e != NULL) {
        int r = ec_stack_push_null(e->stack);
        fast_release(e);
        if (r == EC_OK) return fast_ok(err);
    }
    return shogiint_evalstack_push_null(stack, err);
}

FAST_API shogi_status_t shogi_evalstack_pop(shogi_evalstack_t stack, shogi_error_t *err) {
    fast_entry *e = fast_acquire(HANDLE(stack));
    if (e != NULL) {
        int r = ec_stack_pop(e->stack);
        fast_release(e);
        if (r == EC_OK) return fast_ok(err);
    }
    return shogiint_evalstack_pop(stack, err);
}

FAST_API shogi_status_t shogi_evalstack_pop_to(shogi_evalstack_t stack, int32_t ply, shogi_error_t *err) {
    fast_entry *e = fast_acquire(HANDLE(stack));
    if (e != NULL) {
        int r = ec_stack_pop_to(e->stack, ply);
        fast_release(e);
        if (r == EC_OK) return fast_ok(err);
    }
    return shogiint_evalstack_pop_to(stack, ply, err);
}

FAST_API shogi_status_t shogi_evalstack_ply(shogi_evalstack_t stack, int32_t *ply, shogi_error_t *err) {
    fast_entry *e = fast_acquire(HANDLE(stack));
    if (e != NULL) {
        int32_t sp = e->stack->sp;
        fast_release(e);
        if (ply != NULL) {
            *ply = sp;
            return fast_ok(err);
        }
    }
    return shogiint_evalstack_ply(stack, ply, err);
}
