/*
 * _accel.c - the optional compiled accelerator of the libshogi package.
 *
 * A CPython extension written against the limited API (abi3, CPython >= 3.8)
 * that calls the C ABI of include/shogi.h directly for the per-call hot
 * paths of Board: push/pop, the legal move list, SFEN set/get, hcp and
 * PackedSfen records in place, perft, batched legal moves.
 *
 * It links nothing: the package's ctypes loader has already loaded the one
 * libshogi library, and bind() receives the addresses of its functions from
 * there, so both paths use the same copy. Without this module (not built,
 * or LIBSHOGI_NO_ACCEL=1) the package runs on ctypes alone, with the same
 * results.
 *
 * Core is the base type of libshogi.Board on this path: it holds the
 * position handle and the move history; board.py's _PyCore is its ctypes
 * twin, method for method.
 */
#define PY_SSIZE_T_CLEAN
#ifndef Py_LIMITED_API
#define Py_LIMITED_API 0x03080000
#endif
#include <Python.h>
#include <structmember.h>

#include <stdint.h>
#include <string.h>

/* ---- the C ABI, as include/shogi.h declares it (bound at run time) ----- */

typedef int32_t shogi_rc_t;
typedef void *shogi_handle_t;
typedef struct {
    int32_t code;
    char message[256];
} shogi_err_t;

#define E_BUFFER_TOO_SMALL (-4)
#define MAX_MOVES 600
#define MOVE_NULL 0x0081u

static struct {
    shogi_rc_t (*do_move)(shogi_handle_t, uint32_t, shogi_err_t *);
    shogi_rc_t (*undo_move)(shogi_handle_t, shogi_err_t *);
    shogi_rc_t (*do_move_usi)(shogi_handle_t, const char *, uint32_t *, shogi_err_t *);
    shogi_rc_t (*legal_moves)(shogi_handle_t, uint32_t *, size_t, size_t *, shogi_err_t *);
    shogi_rc_t (*set_sfen)(shogi_handle_t, const char *, shogi_err_t *);
    shogi_rc_t (*sfen)(shogi_handle_t, char *, size_t, size_t *, shogi_err_t *);
    shogi_rc_t (*side_to_move)(shogi_handle_t, int32_t *, shogi_err_t *);
    shogi_rc_t (*in_check)(shogi_handle_t, int32_t *, shogi_err_t *);
    shogi_rc_t (*perft)(shogi_handle_t, int32_t, uint64_t *, shogi_err_t *);
    shogi_rc_t (*set_hcp)(shogi_handle_t, const void *, shogi_err_t *);
    shogi_rc_t (*hcp)(shogi_handle_t, void *, shogi_err_t *);
    shogi_rc_t (*set_psfen)(shogi_handle_t, const void *, shogi_err_t *);
    shogi_rc_t (*psfen)(shogi_handle_t, void *, shogi_err_t *);
    shogi_rc_t (*do_null_move)(shogi_handle_t, shogi_err_t *);
    shogi_rc_t (*legal_moves_after)(shogi_handle_t, uint32_t, uint32_t *, size_t, size_t *, shogi_err_t *);
    shogi_rc_t (*legal_moves_after_each)(shogi_handle_t, const uint32_t *, size_t, uint32_t *, size_t, size_t *,
                                         size_t *, shogi_err_t *);
} api;

static const char *const api_names[] = {
    "shogi_position_do_move",     "shogi_position_undo_move", "shogi_position_do_move_usi",
    "shogi_position_legal_moves", "shogi_position_set_sfen",  "shogi_position_sfen",
    "shogi_position_side_to_move", "shogi_position_in_check", "shogi_position_perft",
    "shogi_position_set_hcp",     "shogi_position_hcp",       "shogi_position_set_psfen",
    "shogi_position_psfen",       "shogi_position_do_null_move", "shogi_position_legal_moves_after",
    "shogi_position_legal_moves_after_each",
};

static PyObject *raise_error; /* Python callable(code, message bytes): raises */
static int bound;

/* ---- Py_buffer for the limited API before 3.11 ------------------------- */
/* PyObject_GetBuffer and Py_buffer joined the limited API in 3.11 with the
 * layout they have had since 3.3; every CPython 3.x exports the functions.
 * Building for 3.8 we declare that same layout ourselves. */
#if Py_LIMITED_API + 0 < 0x030b0000
typedef struct {
    void *buf;
    PyObject *obj;
    Py_ssize_t len;
    Py_ssize_t itemsize;
    int readonly;
    int ndim;
    char *format;
    Py_ssize_t *shape;
    Py_ssize_t *strides;
    Py_ssize_t *suboffsets;
    void *internal;
} Py_buffer;
#define PyBUF_SIMPLE 0
#define PyBUF_WRITABLE 0x0001
PyAPI_FUNC(int) PyObject_GetBuffer(PyObject *obj, Py_buffer *view, int flags);
PyAPI_FUNC(void) PyBuffer_Release(Py_buffer *view);
#endif

/* ---- errors -------------------------------------------------------------- */

/* Raises the package's exception for a failed call; returns NULL. */
static PyObject *fail(shogi_rc_t rc, const shogi_err_t *e) {
    const char *msg = e ? e->message : "";
    size_t n = strnlen(msg, sizeof e->message);
    PyObject *r = PyObject_CallFunction(raise_error, "iy#", (int)rc, msg, (Py_ssize_t)n);
    Py_XDECREF(r);
    if (!PyErr_Occurred()) PyErr_SetString(PyExc_RuntimeError, "libshogi: error not raised");
    return NULL;
}

/* PyListObject as every CPython 3 lays it out (the default build; an abi3
 * module does not load into a free-threaded one). The limited API has no
 * PyList_SET_ITEM, and PyList_SetItem per move cost a third of a list's
 * making; list_layout_ok says the layout was checked at import, otherwise
 * list_of keeps to PyList_SetItem. */
typedef struct {
    PyVarObject ob_base;
    PyObject **ob_item;
    Py_ssize_t allocated;
} list_head;
static int list_layout_ok;

static int check_list_layout(void) {
    PyObject *a = PyLong_FromLong(12345), *b = PyTuple_New(0), *l = PyList_New(0);
    int ok = 0;
    if (a && b && l && PyList_Append(l, a) == 0 && PyList_Append(l, b) == 0) {
        list_head *h = (list_head *)l;
        ok = h->ob_base.ob_size == 2 && h->allocated >= 2 && h->ob_item && h->ob_item[0] == a && h->ob_item[1] == b;
    }
    Py_XDECREF(a);
    Py_XDECREF(b);
    Py_XDECREF(l);
    if (PyErr_Occurred()) return -1;
    list_layout_ok = ok;
    return 0;
}

/* Removes the last item of the history list l and returns it (the
 * list's reference); NULL with an exception set when l is empty. */
static PyObject *list_pop_last(PyObject *l) {
    if (list_layout_ok && PyList_CheckExact(l)) {
        list_head *h = (list_head *)l;
        Py_ssize_t n = h->ob_base.ob_size;
        if (n > 0) { /* ob_size <= allocated still holds; no resize needed */
            PyObject *v = h->ob_item[n - 1];
            h->ob_item[n - 1] = NULL;
            h->ob_base.ob_size = n - 1;
            return v;
        }
    }
    Py_ssize_t n = PyList_Size(l);
    if (n < 0) return NULL;
    PyObject *v = PyList_GetItem(l, n - 1);
    if (!v) return NULL;
    Py_INCREF(v);
    if (PyList_SetSlice(l, n - 1, n, NULL) < 0) {
        Py_DECREF(v);
        return NULL;
    }
    return v;
}

/* ---- Core ----------------------------------------------------------------- */

/* Deferred moves. A push of a move found in the legal move list that
 * legal_moves last returned for this position is legal without asking the
 * library, so it is only noted (pending); legal_moves then asks for the
 * moves after it in one call (legal_moves_after) and pop just forgets it.
 * A tree walk (push, legal_moves, pop) thus costs one library call per
 * node instead of three. The pending move is played (flushed) before any
 * other use of the handle: every other method, the _h attribute through
 * which the Python code reaches the library, and a push from the
 * position after it. The lists are those of the library, so the answers
 * are the same.
 *
 * Siblings. When a deferred move whose list was read is popped and the
 * next move of here[] is pushed (a loop over the legal moves, as in
 * perft), the lists after every remaining move of here[] are asked for in
 * one call (legal_moves_after_each) and kept in kids[]: the rest of the
 * loop costs no library call. Any change of here[] drops them. */
typedef struct {
    PyObject_HEAD
    shogi_handle_t h;         /* 0 once closed */
    PyObject *history;  /* list of the moves pushed (ints) */
    int has_pending;    /* pending is pushed but not played in the library */
    uint32_t pending;
    Py_ssize_t here_n;  /* legal moves of the library's position in here[]; -1: unknown */
    Py_ssize_t next_n;  /* legal moves after pending in next[]; -1: unknown */
    uint32_t *here, *next; /* MAX_MOVES each */
    Py_ssize_t pending_ix; /* pending's index in here[] */
    Py_ssize_t walk_ix;    /* the last call popped here[walk_ix], deferred, its list read; else -1 */
    Py_ssize_t kids_from;  /* kids[] holds the lists after here[kids_from:here_n]; -1: none */
    uint32_t *kids;        /* those lists one after another (kids_cap moves) */
    size_t kids_cap;
    size_t *kid_n, *kid_at; /* MAX_MOVES each: list i's length and start, i from kids_from */
    int popped;            /* the last call was a pop of a played move */
    int spec;              /* the pending move was deferred on a speculative here[] */
    int spec_backoff;      /* pops to wait after the next wasted speculation (1..64) */
    int spec_wait;         /* pops still to wait before speculating again */
} Core;

static PyTypeObject *CoreType;

static inline PyObject *move_int(uint32_t m);

static shogi_handle_t handle_of(Core *self) {
    if (!self->h) PyErr_SetString(PyExc_ValueError, "the board was closed");
    return self->h;
}

/* Plays the pending move, if any (its list of moves becomes here[]). */
static int flush(Core *self) {
    if (!self->has_pending) return 0;
    if (self->spec) { /* the speculation did not pay: back off */
        self->spec = 0;
        self->spec_wait = self->spec_backoff;
        if (self->spec_backoff < 64) self->spec_backoff *= 2;
    }
    shogi_err_t e;
    shogi_rc_t rc = api.do_move(self->h, self->pending, &e);
    if (rc) {
        fail(rc, &e);
        return -1;
    }
    self->has_pending = 0;
    uint32_t *t = self->here;
    self->here = self->next;
    self->next = t;
    self->here_n = self->next_n;
    self->next_n = -1;
    self->kids_from = -1;
    return 0;
}

/* The handle for any use but push/pop/legal_moves: the pending move
 * played and the lists forgotten (the caller may change the position). */
static shogi_handle_t handle_sync(Core *self) {
    shogi_handle_t h = handle_of(self);
    if (!h || (self->has_pending && flush(self) < 0)) return NULL; /* the test here: no call per record */
    self->popped = 0;
    self->here_n = self->next_n = -1;
    self->kids_from = self->walk_ix = -1;
    return h;
}

/* m's index in moves[0:n], or -1. */
static Py_ssize_t list_index(const uint32_t *moves, Py_ssize_t n, uint32_t m) {
    for (Py_ssize_t i = 0; i < n; i++)
        if (moves[i] == m) return i;
    return -1;
}

/* Fills kids[] with the lists after here[from:here_n] (one library call;
 * kids[] grows to what the call says it needs). */
static int fetch_kids(Core *self, Py_ssize_t from) {
    size_t n = (size_t)(self->here_n - from), total = 0;
    for (;;) {
        shogi_err_t e;
        shogi_rc_t rc = api.legal_moves_after_each(self->h, self->here + from, n, self->kids, self->kids_cap,
                                                   self->kid_n, &total, &e);
        /* with no buffer yet (kids NULL) the call only counts: rc 0 */
        if ((rc == E_BUFFER_TOO_SMALL || (rc == 0 && !self->kids)) && total > self->kids_cap) {
            uint32_t *k = PyMem_Realloc(self->kids, total * sizeof *k);
            if (!k) {
                PyErr_NoMemory();
                return -1;
            }
            self->kids = k;
            self->kids_cap = total;
            continue;
        }
        if (rc) {
            fail(rc, &e);
            return -1;
        }
        break;
    }
    size_t at = 0;
    for (size_t i = 0; i < n; i++) {
        self->kid_at[i] = at;
        at += self->kid_n[i];
    }
    self->kids_from = from;
    return 0;
}

/* An unsigned 32-bit integer argument: TypeError for non-integers,
 * ValueError when out of range (ctypes would wrap it). */
static int uint32_arg(PyObject *o, const char *name, uint32_t *out) {
    if (PyLong_CheckExact(o)) { /* the usual case: no conversion object */
        int overflow = 0;
        long long x = PyLong_AsLongLongAndOverflow(o, &overflow);
        if (!overflow && x >= 0 && x <= 0xFFFFFFFFLL) {
            *out = (uint32_t)x;
            return 0;
        }
        if (x == -1 && PyErr_Occurred()) return -1;
    }
    PyObject *v = PyNumber_Index(o);
    if (!v) {
        PyErr_Format(PyExc_TypeError, "%s must be an integer", name);
        return -1;
    }
    int overflow = 0;
    long long x = PyLong_AsLongLongAndOverflow(v, &overflow);
    Py_DECREF(v);
    if (x == -1 && PyErr_Occurred()) return -1;
    if (overflow || x < 0 || x > 0xFFFFFFFFLL) {
        PyErr_Format(PyExc_ValueError, "%s is outside 0..4294967295", name);
        return -1;
    }
    *out = (uint32_t)x;
    return 0;
}

static int int32_arg(PyObject *o, const char *name, int32_t *out) {
    PyObject *v = PyNumber_Index(o);
    if (!v) {
        PyErr_Format(PyExc_TypeError, "%s must be an integer", name);
        return -1;
    }
    int overflow = 0;
    long long x = PyLong_AsLongLongAndOverflow(v, &overflow);
    Py_DECREF(v);
    if (x == -1 && PyErr_Occurred()) return -1;
    if (overflow || x < INT32_MIN || x > INT32_MAX) {
        PyErr_Format(PyExc_ValueError, "%s is outside the int32 range", name);
        return -1;
    }
    *out = (int32_t)x;
    return 0;
}

/* UTF-8 bytes of a str or bytes argument without NUL (new reference). */
static PyObject *text_arg(PyObject *o, const char *name) {
    PyObject *b;
    if (PyUnicode_Check(o)) {
        b = PyUnicode_AsUTF8String(o);
        if (!b) return NULL;
    } else if (PyBytes_Check(o)) {
        Py_INCREF(o);
        b = o;
    } else {
        PyErr_Format(PyExc_TypeError, "%s must be str", name);
        return NULL;
    }
    char *s;
    Py_ssize_t n;
    if (PyBytes_AsStringAndSize(b, &s, &n) < 0) {
        Py_DECREF(b);
        return NULL;
    }
    if ((Py_ssize_t)strlen(s) != n) {
        Py_DECREF(b);
        PyErr_Format(PyExc_ValueError, "%s contains a NUL character", name);
        return NULL;
    }
    return b;
}

static PyObject *Core_new(PyTypeObject *type, PyObject *args, PyObject *kwds) {
    (void)args;
    (void)kwds;
    allocfunc alloc = (allocfunc)PyType_GetSlot(type, Py_tp_alloc);
    Core *self = (Core *)alloc(type, 0);
    if (!self) return NULL;
    self->h = NULL;
    self->has_pending = 0;
    self->here_n = self->next_n = -1;
    self->pending_ix = self->walk_ix = self->kids_from = -1;
    self->popped = self->spec = self->spec_wait = 0;
    self->spec_backoff = 1;
    self->kids = NULL;
    self->kids_cap = 0;
    self->here = PyMem_Malloc(2 * MAX_MOVES * sizeof(uint32_t));
    self->next = self->here ? self->here + MAX_MOVES : NULL;
    self->kid_n = PyMem_Malloc(2 * MAX_MOVES * sizeof(size_t));
    self->kid_at = self->kid_n ? self->kid_n + MAX_MOVES : NULL;
    self->history = PyList_New(0);
    if (!self->history || !self->here || !self->kid_n) {
        int no_memory = !self->here || !self->kid_n;
        Py_DECREF(self);
        return no_memory ? PyErr_NoMemory() : NULL;
    }
    return (PyObject *)self;
}

static void Core_dealloc(Core *self) {
    PyTypeObject *tp = Py_TYPE(self);
    Py_CLEAR(self->history);
    PyMem_Free(self->here < self->next ? self->here : self->next); /* the block holds both */
    PyMem_Free(self->kid_n); /* and kid_at */
    PyMem_Free(self->kids);
    freefunc f = (freefunc)PyType_GetSlot(tp, Py_tp_free);
    f(self);
    Py_DECREF(tp);
}

/* The Python code reaches the library through _h: the pending move is
 * played first. */
static PyObject *Core_get_h(Core *self, void *closure) {
    (void)closure;
    if (!self->h) Py_RETURN_NONE;
    if (!handle_sync(self)) return NULL;
    return PyLong_FromVoidPtr(self->h);
}

static int Core_set_h(Core *self, PyObject *v, void *closure) {
    (void)closure;
    self->has_pending = self->popped = self->spec = 0; /* a new handle (or none): nothing carries over */
    self->here_n = self->next_n = -1;
    self->kids_from = self->walk_ix = -1;
    if (v == NULL || v == Py_None) {
        self->h = NULL;
        return 0;
    }
    void *p = PyLong_AsVoidPtr(v);
    if (!p && PyErr_Occurred()) return -1;
    self->h = p;
    return 0;
}

static PyObject *Core_push(Core *self, PyObject *arg) {
    uint32_t m;
    if (uint32_arg(arg, "move", &m) < 0) return NULL;
    if (!handle_of(self)) return NULL;
    Py_ssize_t walked = self->walk_ix, ix;
    int popped = self->popped, speculative = 0;
    self->walk_ix = -1;
    self->popped = 0;
    if (self->has_pending) {
        ix = self->next_n >= 0 ? list_index(self->next, self->next_n, m) : -1;
        if (flush(self) < 0) return NULL;
        if (ix >= 0) goto defer;
    } else if (self->here_n >= 0) {
        /* a walk pushes here[] in order: the move after the one just popped
         * is the likely one (a legal list holds each move once) */
        if (walked >= 0 && walked + 1 < self->here_n && self->here[walked + 1] == m)
            ix = walked + 1;
        else
            ix = list_index(self->here, self->here_n, m);
        if (ix >= 0) goto defer;
    } else if (popped && self->spec_wait == 0) {
        /* Speculation: a push right after taking a move back is likely
         * a walk (push, pop, push another), where a known list lets every
         * push and pop of this position stay here. The list costs the
         * one call the move would; on failure the move is played below. */
        size_t n = 0;
        if (api.legal_moves(self->h, self->here, MAX_MOVES, &n, NULL) == 0) {
            self->here_n = (Py_ssize_t)n;
            if ((ix = list_index(self->here, self->here_n, m)) >= 0) {
                speculative = 1;
                goto defer;
            }
        }
    }
    self->here_n = self->next_n = -1;
    self->kids_from = -1;
    if (api.do_move(self->h, m, NULL)) {
        shogi_err_t e;
        shogi_rc_t rc = api.do_move(self->h, m, &e);
        if (rc) return fail(rc, &e);
    }
    if (PyList_Append(self->history, arg) < 0) return NULL;
    Py_RETURN_NONE;
defer:
    /* the next sibling of a deferred move just walked: the rest of the
     * loop's lists in one call */
    if (walked >= 0 && ix == walked + 1 && self->kids_from < 0 && ix + 1 < self->here_n && fetch_kids(self, ix) < 0)
        return NULL;
    if (PyList_Append(self->history, arg) < 0) return NULL;
    self->has_pending = 1;
    self->spec = speculative;
    self->pending = m;
    self->pending_ix = ix;
    self->next_n = -1;
    Py_RETURN_NONE;
}

static PyObject *Core_pop(Core *self, PyObject *unused) {
    (void)unused;
    if (self->has_pending) { /* never played: forget it; here[] still holds */
        PyObject *m = list_pop_last(self->history);
        if (!m) return NULL;
        self->has_pending = 0;
        if (self->spec) { /* the speculation paid: no waiting next time */
            self->spec = 0;
            self->spec_backoff = 1;
        }
        self->walk_ix = self->next_n >= 0 ? self->pending_ix : -1;
        self->next_n = -1;
        return m;
    }
    self->here_n = self->next_n = -1;
    self->kids_from = self->walk_ix = -1;
    if (api.undo_move(self->h, NULL)) {
        shogi_err_t e;
        shogi_handle_t h = handle_sync(self);
        if (!h) return NULL;
        shogi_rc_t rc = api.undo_move(h, &e);
        if (rc) return fail(rc, &e);
    }
    self->popped = 1;
    if (self->spec_wait > 0) self->spec_wait--;
    if (PyList_Size(self->history) <= 0) { /* undone, but not pushed here */
        if (PyErr_Occurred()) return NULL;
        return PyLong_FromLong(0);
    }
    return list_pop_last(self->history);
}

static PyObject *Core_push_usi(Core *self, PyObject *arg) {
    shogi_handle_t h = handle_sync(self);
    if (!h) return NULL;
    PyObject *b = text_arg(arg, "usi");
    if (!b) return NULL;
    uint32_t m = 0;
    shogi_err_t e;
    shogi_rc_t rc = api.do_move_usi(h, PyBytes_AsString(b), &m, &e);
    Py_DECREF(b);
    if (rc) return fail(rc, &e);
    PyObject *mv = move_int(m);
    if (!mv) return NULL;
    if (PyList_Append(self->history, mv) < 0) {
        Py_DECREF(mv);
        return NULL;
    }
    return mv;
}

/* Move ints, cached: a legal move list would otherwise create one int
 * object per move per call, which costs more than generating the moves.
 * A move is the moving piece (5 bits) << 16 | move16, so one table of
 * 65536 entries per piece value, made when first needed, holds every move
 * ever returned (a few thousand in practice). The GIL guards the tables;
 * they live as long as the module. */
static PyObject **move_cache[32];

static PyObject *move_int_slow(uint32_t m) {
    uint32_t hi = m >> 16;
    if (hi >= 32) return PyLong_FromUnsignedLong(m);
    PyObject **t = move_cache[hi];
    if (!t) {
        t = (PyObject **)PyMem_Calloc(65536, sizeof *t);
        if (!t) return PyLong_FromUnsignedLong(m);
        move_cache[hi] = t;
    }
    PyObject *v = t[m & 0xFFFF];
    if (!v) {
        v = PyLong_FromUnsignedLong(m);
        if (!v) return NULL;
        t[m & 0xFFFF] = v; /* the table's reference */
    }
    Py_INCREF(v);
    return v;
}

/* The int of move m (a new reference): a table read once it is cached. */
static inline PyObject *move_int(uint32_t m) {
    PyObject **t = m >> 21 ? NULL : move_cache[m >> 16];
    PyObject *v = t ? t[m & 0xFFFF] : NULL;
    if (!v) return move_int_slow(m);
    Py_INCREF(v);
    return v;
}

/* push_usi for every move of a sequence or a space-separated str: one C
 * loop for a whole game; the moves done before an error stay done. */
static PyObject *Core_push_usi_moves(Core *self, PyObject *arg) {
    PyObject *items;
    if (PyUnicode_Check(arg)) {
        items = PyUnicode_Split(arg, NULL, -1);
    } else if (PyBytes_Check(arg)) {
        PyErr_SetString(PyExc_TypeError, "usis must be str or a sequence of str");
        return NULL;
    } else {
        items = PySequence_List(arg);
    }
    if (!items) return NULL;
    Py_ssize_t n = PyList_Size(items);
    PyObject *out = PyList_New(0);
    if (!out) {
        Py_DECREF(items);
        return NULL;
    }
    for (Py_ssize_t i = 0; i < n; i++) {
        PyObject *m = Core_push_usi(self, PyList_GetItem(items, i));
        if (!m || PyList_Append(out, m) < 0) {
            Py_XDECREF(m);
            Py_DECREF(out);
            Py_DECREF(items);
            return NULL;
        }
        Py_DECREF(m);
    }
    Py_DECREF(items);
    return out;
}

/* moves[0:n] as a new list. */
static PyObject *list_of(const uint32_t *moves, Py_ssize_t n) {
    PyObject *list = PyList_New(n);
    if (!list) return NULL;
    if (list_layout_ok) { /* PyList_New left n NULL items to fill */
        PyObject **items = ((list_head *)list)->ob_item;
        for (Py_ssize_t i = 0; i < n; i++) {
            if (!(items[i] = move_int(moves[i]))) {
                Py_DECREF(list); /* NULL items are allowed there */
                return NULL;
            }
        }
        return list;
    }
    for (Py_ssize_t i = 0; i < n; i++) {
        PyObject *v = move_int(moves[i]);
        if (!v) {
            Py_DECREF(list);
            return NULL;
        }
        PyList_SetItem(list, i, v); /* steals v */
    }
    return list;
}

/* ---- MoveList: the legal moves as a read-only sequence ------------------ */

/* What legal_moves returns: the moves as 32-bit values, with no int object
 * made until one is read (len() and `in` need none; iteration and indexing
 * give the cached move ints). A list of n moves cost n reference count
 * changes to build and n to free, about a seventh of a node of a Python
 * tree walk. It reads like the list it replaces (len, iteration, indexing,
 * slices as lists, `in`, index/count, ==/< against lists and MoveLists,
 * list's repr, + gives a list, pickles as a list) but cannot be changed:
 * list(moves) for a list. movelist.py is the ctypes path's twin. */
typedef struct {
    PyVarObject ob_base; /* ob_size: the number of moves */
    uint32_t m[1];       /* ob_size of them */
} MoveList;

typedef struct {
    PyObject_HEAD
    MoveList *list;
    Py_ssize_t i;
} MoveListIter;

static PyTypeObject *MoveListType, *MoveListIterType;

#define ML_N(o) (((PyVarObject *)(o))->ob_size)

/* moves[0:n] as a new MoveList (PyObject_InitVar takes the heap type's
 * reference that dealloc gives back). */
static PyObject *movelist_of(const uint32_t *moves, Py_ssize_t n) {
    size_t size = offsetof(MoveList, m) + (size_t)(n > 0 ? n : 1) * sizeof(uint32_t);
    MoveList *ml = (MoveList *)PyObject_Malloc(size);
    if (!ml) return PyErr_NoMemory();
    PyObject_InitVar((PyVarObject *)ml, MoveListType, n);
    if (n) memcpy(ml->m, moves, (size_t)n * sizeof(uint32_t));
    return (PyObject *)ml;
}

static void MoveList_dealloc(PyObject *self) {
    PyTypeObject *tp = Py_TYPE(self);
    PyObject_Free(self);
    Py_DECREF(tp);
}

static Py_ssize_t MoveList_len(PyObject *self) { return ML_N(self); }

static PyObject *MoveList_item(PyObject *self, Py_ssize_t i) {
    if (i < 0 || i >= ML_N(self)) {
        PyErr_SetString(PyExc_IndexError, "list index out of range");
        return NULL;
    }
    return move_int(((MoveList *)self)->m[i]);
}

static PyObject *MoveList_list(PyObject *self) { return list_of(((MoveList *)self)->m, ML_N(self)); }

static PyObject *MoveList_subscript(PyObject *self, PyObject *key) {
    if (PyIndex_Check(key)) {
        Py_ssize_t i = PyNumber_AsSsize_t(key, PyExc_IndexError);
        if (i == -1 && PyErr_Occurred()) return NULL;
        if (i < 0) i += ML_N(self);
        return MoveList_item(self, i);
    }
    if (PySlice_Check(key)) {
        Py_ssize_t start, stop, step;
        if (PySlice_Unpack(key, &start, &stop, &step) < 0) return NULL;
        Py_ssize_t n = PySlice_AdjustIndices(ML_N(self), &start, &stop, step);
        PyObject *l = PyList_New(n);
        if (!l) return NULL;
        for (Py_ssize_t k = 0, i = start; k < n; k++, i += step) {
            PyObject *v = move_int(((MoveList *)self)->m[i]);
            if (!v) {
                Py_DECREF(l);
                return NULL;
            }
            PyList_SetItem(l, k, v); /* steals v */
        }
        return l;
    }
    PyErr_SetString(PyExc_TypeError, "MoveList indices must be integers or slices");
    return NULL;
}

/* 1 if the int object x equals the move m, 0 if not, -1 on error (any
 * object: compared as list.__contains__ and list == would). */
static int move_equals(uint32_t m, PyObject *x) {
    if (PyLong_CheckExact(x)) {
        int overflow = 0;
        long long v = PyLong_AsLongLongAndOverflow(x, &overflow);
        if (v == -1 && PyErr_Occurred()) return -1;
        return !overflow && v == (long long)m;
    }
    PyObject *o = move_int(m);
    if (!o) return -1;
    int r = PyObject_RichCompareBool(o, x, Py_EQ);
    Py_DECREF(o);
    return r;
}

/* The index of the first move equal to x, -1 if none, -2 on error. */
static Py_ssize_t MoveList_find(PyObject *self, PyObject *x) {
    MoveList *ml = (MoveList *)self;
    for (Py_ssize_t i = 0; i < ML_N(self); i++) {
        int r = move_equals(ml->m[i], x);
        if (r) return r < 0 ? -2 : i;
    }
    return -1;
}

static int MoveList_contains(PyObject *self, PyObject *x) {
    Py_ssize_t i = MoveList_find(self, x);
    return i == -2 ? -1 : i >= 0;
}

static PyObject *MoveList_index(PyObject *self, PyObject *x) {
    Py_ssize_t i = MoveList_find(self, x);
    if (i == -2) return NULL;
    if (i < 0) {
        PyErr_SetString(PyExc_ValueError, "move is not in list");
        return NULL;
    }
    return PyLong_FromSsize_t(i);
}

static PyObject *MoveList_count(PyObject *self, PyObject *x) {
    Py_ssize_t k = 0;
    for (Py_ssize_t i = 0; i < ML_N(self); i++) {
        int r = move_equals(((MoveList *)self)->m[i], x);
        if (r < 0) return NULL;
        k += r;
    }
    return PyLong_FromSsize_t(k);
}

/* A MoveList or a list as a list (a new reference); NULL without an
 * exception for anything else. */
static PyObject *as_list(PyObject *o) {
    if (Py_TYPE(o) == MoveListType) return MoveList_list(o);
    if (PyList_Check(o)) {
        Py_INCREF(o);
        return o;
    }
    return NULL;
}

static PyObject *MoveList_richcompare(PyObject *self, PyObject *other, int op) {
    if ((op == Py_EQ || op == Py_NE) && Py_TYPE(other) == MoveListType) {
        int eq = ML_N(self) == ML_N(other) &&
                 !memcmp(((MoveList *)self)->m, ((MoveList *)other)->m, (size_t)ML_N(self) * sizeof(uint32_t));
        return PyBool_FromLong(op == Py_EQ ? eq : !eq);
    }
    if ((op == Py_EQ || op == Py_NE) && PyList_CheckExact(other)) { /* item by item, no list made */
        Py_ssize_t n = PyList_Size(other);
        int eq = n == ML_N(self);
        for (Py_ssize_t i = 0; eq && i < n; i++) {
            int r = move_equals(((MoveList *)self)->m[i], PyList_GetItem(other, i)); /* borrowed */
            if (r < 0) return NULL;
            eq = r;
        }
        return PyBool_FromLong(op == Py_EQ ? eq : !eq);
    }
    PyObject *b = as_list(other);
    if (!b) {
        if (PyErr_Occurred()) return NULL;
        Py_RETURN_NOTIMPLEMENTED;
    }
    PyObject *a = MoveList_list(self);
    PyObject *r = a ? PyObject_RichCompare(a, b, op) : NULL;
    Py_XDECREF(a);
    Py_DECREF(b);
    return r;
}

/* moves + list and list + moves: a list, as with a list. */
static PyObject *MoveList_add(PyObject *x, PyObject *y) {
    PyObject *a = as_list(x), *b = a ? as_list(y) : NULL;
    if (!a || !b) {
        Py_XDECREF(a);
        if (PyErr_Occurred()) return NULL;
        Py_RETURN_NOTIMPLEMENTED;
    }
    PyObject *r = PyNumber_Add(a, b);
    Py_DECREF(a);
    Py_DECREF(b);
    return r;
}

static PyObject *MoveList_repr(PyObject *self) {
    PyObject *l = MoveList_list(self);
    if (!l) return NULL;
    PyObject *r = PyObject_Repr(l);
    Py_DECREF(l);
    return r;
}

static PyObject *MoveList_reduce(PyObject *self, PyObject *unused) {
    (void)unused;
    PyObject *l = MoveList_list(self);
    if (!l) return NULL;
    return Py_BuildValue("(O(N))", (PyObject *)&PyList_Type, l);
}

static PyObject *MoveList_iter(PyObject *self) {
    MoveListIter *it = (MoveListIter *)PyObject_Malloc(sizeof *it);
    if (!it) return PyErr_NoMemory();
    PyObject_Init((PyObject *)it, MoveListIterType);
    Py_INCREF(self);
    it->list = (MoveList *)self;
    it->i = 0;
    return (PyObject *)it;
}

static PyObject *MoveListIter_next(PyObject *self) {
    MoveListIter *it = (MoveListIter *)self;
    if (!it->list) return NULL;
    if (it->i < ML_N(it->list)) return move_int(it->list->m[it->i++]);
    Py_CLEAR(it->list); /* exhausted: stays so */
    return NULL;
}

static PyObject *MoveListIter_length_hint(PyObject *self, PyObject *unused) {
    (void)unused;
    MoveListIter *it = (MoveListIter *)self;
    return PyLong_FromSsize_t(it->list ? ML_N(it->list) - it->i : 0);
}

static void MoveListIter_dealloc(PyObject *self) {
    PyTypeObject *tp = Py_TYPE(self);
    Py_XDECREF(((MoveListIter *)self)->list);
    PyObject_Free(self);
    Py_DECREF(tp);
}

/* Made by legal_moves only (a heap type would otherwise inherit object's
 * constructor and make an empty one of no use). */
static PyObject *MoveList_new(PyTypeObject *type, PyObject *args, PyObject *kwds) {
    (void)type;
    (void)args;
    (void)kwds;
    PyErr_SetString(PyExc_TypeError, "cannot create 'libshogi.MoveList' instances");
    return NULL;
}

static PyMethodDef MoveList_methods[] = {
    {"index", (PyCFunction)MoveList_index, METH_O, "The position of the first move equal to the argument (ValueError if none)."},
    {"count", (PyCFunction)MoveList_count, METH_O, "How many moves equal the argument."},
    {"tolist", (PyCFunction)MoveList_list, METH_NOARGS,
     "The moves as a new list of ints (faster than list(moves), which goes through the iterator)."},
    {"__reduce__", (PyCFunction)MoveList_reduce, METH_NOARGS, "Pickles (and copies) as a list."},
    {NULL, NULL, 0, NULL},
};

static PyType_Slot MoveList_slots[] = {
    {Py_tp_doc, "The legal moves (ints) as a read-only sequence that compares equal to the list of them; "
                "list(moves) for a list."},
    {Py_tp_new, MoveList_new},
    {Py_tp_dealloc, MoveList_dealloc},
    {Py_tp_repr, MoveList_repr},
    {Py_tp_hash, PyObject_HashNotImplemented},
    {Py_tp_richcompare, MoveList_richcompare},
    {Py_tp_iter, MoveList_iter},
    {Py_tp_methods, MoveList_methods},
    {Py_sq_length, MoveList_len},
    {Py_sq_item, MoveList_item},
    {Py_sq_contains, MoveList_contains},
    {Py_mp_length, MoveList_len},
    {Py_mp_subscript, MoveList_subscript},
    {Py_nb_add, MoveList_add},
    {0, NULL},
};

static PyType_Spec MoveList_spec = {
    "libshogi.MoveList", offsetof(MoveList, m), sizeof(uint32_t), Py_TPFLAGS_DEFAULT, MoveList_slots,
};

static PyMethodDef MoveListIter_methods[] = {
    {"__length_hint__", (PyCFunction)MoveListIter_length_hint, METH_NOARGS, "Moves left."},
    {NULL, NULL, 0, NULL},
};

static PyType_Slot MoveListIter_slots[] = {
    {Py_tp_new, MoveList_new}, /* made by iter() of a MoveList only */
    {Py_tp_dealloc, MoveListIter_dealloc},
    {Py_tp_iter, PyObject_SelfIter},
    {Py_tp_iternext, MoveListIter_next},
    {Py_tp_methods, MoveListIter_methods},
    {0, NULL},
};

static PyType_Spec MoveListIter_spec = {
    "libshogi.MoveListIterator", sizeof(MoveListIter), 0, Py_TPFLAGS_DEFAULT, MoveListIter_slots,
};

/* The legal moves (of the position after the pending move, if any), kept
 * for the pushes that follow. */
static PyObject *Core_legal_moves(Core *self, void *closure) {
    (void)closure;
    shogi_handle_t h = handle_of(self);
    if (!h) return NULL;
    size_t n = 0;
    shogi_err_t e;
    shogi_rc_t rc;
    if (self->has_pending) {
        Py_ssize_t k = self->pending_ix - self->kids_from;
        if (self->next_n < 0 && self->kids_from >= 0 && k >= 0) { /* fetched with its siblings */
            if (self->kid_n[k]) memcpy(self->next, self->kids + self->kid_at[k], self->kid_n[k] * sizeof(uint32_t));
            self->next_n = (Py_ssize_t)self->kid_n[k];
        } else if (self->next_n < 0) {
            rc = api.legal_moves_after(h, self->pending, self->next, MAX_MOVES, &n, &e);
            if (rc) return fail(rc, &e);
            self->next_n = (Py_ssize_t)n;
        }
        return movelist_of(self->next, self->next_n);
    }
    if (self->here_n < 0) {
        rc = api.legal_moves(h, self->here, MAX_MOVES, &n, &e);
        if (rc) return fail(rc, &e);
        self->here_n = (Py_ssize_t)n;
    }
    return movelist_of(self->here, self->here_n);
}

static PyObject *Core_sfen(Core *self, PyObject *unused) {
    (void)unused;
    shogi_handle_t h = handle_sync(self);
    if (!h) return NULL;
    char buf[256];
    size_t needed = 0;
    shogi_err_t e;
    shogi_rc_t rc = api.sfen(h, buf, sizeof buf, &needed, &e);
    if (rc == E_BUFFER_TOO_SMALL) { /* not for any real position; kept correct */
        char *big = PyMem_Malloc(needed);
        if (!big) return PyErr_NoMemory();
        rc = api.sfen(h, big, needed, &needed, &e);
        PyObject *s = rc ? fail(rc, &e) : PyUnicode_FromString(big);
        PyMem_Free(big);
        return s;
    }
    if (rc) return fail(rc, &e);
    return PyUnicode_FromStringAndSize(buf, (Py_ssize_t)(needed ? needed - 1 : 0));
}

static int clear_history(Core *self) {
    Py_ssize_t n = PyList_Size(self->history);
    return n > 0 ? PyList_SetSlice(self->history, 0, n, NULL) : 0;
}

static PyObject *Core_set_sfen(Core *self, PyObject *arg) {
    shogi_handle_t h = handle_sync(self);
    if (!h) return NULL;
    PyObject *b = text_arg(arg, "sfen");
    if (!b) return NULL;
    shogi_err_t e;
    shogi_rc_t rc = api.set_sfen(h, PyBytes_AsString(b), &e);
    Py_DECREF(b);
    if (rc) return fail(rc, &e);
    if (clear_history(self) < 0) return NULL;
    Py_RETURN_NONE;
}

static PyObject *Core_turn(Core *self, void *closure) {
    (void)closure;
    shogi_handle_t h = handle_sync(self);
    if (!h) return NULL;
    int32_t v = 0;
    shogi_err_t e;
    shogi_rc_t rc = api.side_to_move(h, &v, &e);
    if (rc) return fail(rc, &e);
    return PyLong_FromLong(v);
}

static PyObject *Core_is_check(Core *self, PyObject *unused) {
    (void)unused;
    shogi_handle_t h = handle_sync(self);
    if (!h) return NULL;
    int32_t v = 0;
    shogi_err_t e;
    shogi_rc_t rc = api.in_check(h, &v, &e);
    if (rc) return fail(rc, &e);
    return PyBool_FromLong(v);
}

static PyObject *Core_perft(Core *self, PyObject *arg) {
    int32_t depth;
    if (int32_arg(arg, "depth", &depth) < 0) return NULL;
    shogi_handle_t h = handle_sync(self);
    if (!h) return NULL;
    uint64_t n = 0;
    shogi_err_t e;
    shogi_rc_t rc;
    Py_BEGIN_ALLOW_THREADS
    rc = api.perft(h, depth, &n, &e);
    Py_END_ALLOW_THREADS
    if (rc) return fail(rc, &e);
    return PyLong_FromUnsignedLongLong(n);
}

/* ---- position records in caller buffers ------------------------------- */

/* numpy's array object begins with these fields (PyArrayObject_fields,
 * unchanged since numpy 1.7 and kept by numpy 2). Reading them directly
 * costs a few nanoseconds where the buffer protocol costs 0.3-0.4 us a
 * call (numpy builds its buffer description each time), which is most of
 * a set_hcp. Only an exact numpy.ndarray of one dimension, C-contiguous,
 * stride 1 and the right length takes this path; anything else goes
 * through PyObject_GetBuffer. */
typedef struct {
    PyObject ob_base;
    char *data;
    int nd;
    Py_ssize_t *dimensions;
    Py_ssize_t *strides;
    PyObject *base;
    void *descr;
    int flags;
} np_array_head;
#define NP_C_CONTIGUOUS 0x0001
#define NP_WRITEABLE 0x0400

static PyObject *ndarray_type; /* numpy.ndarray once numpy is imported */

/* numpy.ndarray if numpy has been imported (a caller passing an array has
 * imported it); NULL otherwise. */
static PyObject *numpy_ndarray(void) {
    if (ndarray_type) return ndarray_type;
    PyObject *np = PyDict_GetItemString(PyImport_GetModuleDict(), "numpy"); /* borrowed */
    if (!np) return NULL;
    PyObject *t = PyObject_GetAttrString(np, "ndarray");
    if (!t) {
        PyErr_Clear();
        return NULL;
    }
    ndarray_type = t; /* kept for the module's life */
    return t;
}

/* A 32-byte position record argument: exactly 32 bytes, or a whole record
 * of `whole` bytes whose first 32 bytes are the position. */
typedef struct {
    void *p;
    Py_buffer view;
    int viewed; /* view must be released */
} record_arg;

static int record_get(PyObject *o, int writable, Py_ssize_t whole, record_arg *r) {
    r->viewed = 0;
    PyObject *nd = numpy_ndarray();
    if (nd && (PyObject *)Py_TYPE(o) == nd) {
        np_array_head *a = (np_array_head *)o;
        int need = NP_C_CONTIGUOUS | (writable ? NP_WRITEABLE : 0);
        if (a->nd == 1 && a->strides[0] == 1 && (a->dimensions[0] == 32 || a->dimensions[0] == whole) &&
            (a->flags & need) == need) {
            r->p = a->data;
            return 0;
        }
    }
    if (!writable && PyBytes_CheckExact(o)) { /* bytes: no buffer view to make and release */
        Py_ssize_t n = PyBytes_Size(o);
        if (n == 32 || n == whole) {
            r->p = PyBytes_AsString(o);
            return r->p ? 0 : -1;
        }
    }
    if (PyObject_GetBuffer(o, &r->view, writable ? PyBUF_WRITABLE : PyBUF_SIMPLE) < 0) {
        /* numpy refuses a non-contiguous array with ValueError; the ctypes
         * path reports every unusable object as TypeError */
        if (PyErr_ExceptionMatches(PyExc_TypeError) || PyErr_ExceptionMatches(PyExc_BufferError) ||
            PyErr_ExceptionMatches(PyExc_ValueError)) {
            PyErr_Clear();
            PyErr_SetString(PyExc_TypeError, writable ? "expected a writable contiguous buffer (a numpy uint8 row)"
                                                      : "expected a contiguous buffer (bytes or a numpy uint8 row)");
        }
        return -1;
    }
    if (r->view.len != 32 && r->view.len != whole) {
        PyErr_Format(PyExc_ValueError, "expected 32 bytes (or a %zd-byte record), got %zd", whole, r->view.len);
        PyBuffer_Release(&r->view);
        return -1;
    }
    r->p = r->view.buf;
    r->viewed = 1;
    return 0;
}

/* fn(h, record) with the record of arg; a set (writable 0) clears the
 * history, a get writes the record. */
typedef shogi_rc_t (*record_fn)(shogi_handle_t, void *, shogi_err_t *);

static PyObject *record_call(Core *self, PyObject *arg, Py_ssize_t whole, int writable, record_fn fn) {
    shogi_handle_t h = handle_sync(self);
    if (!h) return NULL;
    record_arg r;
    if (record_get(arg, writable, whole, &r) < 0) return NULL;
    shogi_rc_t rc = fn(h, r.p, NULL); /* the error text only on failure */
    if (rc) {
        shogi_err_t e;
        rc = fn(h, r.p, &e);
        if (r.viewed) PyBuffer_Release(&r.view);
        return fail(rc, &e);
    }
    if (r.viewed) PyBuffer_Release(&r.view);
    if (!writable && clear_history(self) < 0) return NULL;
    Py_RETURN_NONE;
}

static PyObject *Core_set_hcp(Core *self, PyObject *arg) { return record_call(self, arg, 38, 0, (record_fn)api.set_hcp); }
static PyObject *Core_to_hcp(Core *self, PyObject *arg) { return record_call(self, arg, 38, 1, api.hcp); }
static PyObject *Core_set_psfen(Core *self, PyObject *arg) { return record_call(self, arg, 40, 0, (record_fn)api.set_psfen); }
static PyObject *Core_to_psfen(Core *self, PyObject *arg) { return record_call(self, arg, 40, 1, api.psfen); }

static PyObject *Core_push_pass(Core *self, PyObject *unused) {
    (void)unused;
    shogi_handle_t h = handle_sync(self);
    if (!h) return NULL;
    shogi_err_t e;
    shogi_rc_t rc = api.do_null_move(h, &e);
    if (rc) return fail(rc, &e);
    PyObject *mv = PyLong_FromUnsignedLong(MOVE_NULL);
    if (!mv) return NULL;
    int r = PyList_Append(self->history, mv);
    Py_DECREF(mv);
    if (r < 0) return NULL;
    Py_RETURN_NONE;
}

static PyMethodDef Core_methods[] = {
    {"push", (PyCFunction)Core_push, METH_O, "Does a legal move (IllegalMoveError otherwise; board unchanged)."},
    {"pop", (PyCFunction)Core_pop, METH_NOARGS, "Undoes the last move; returns it (StateError if there is none)."},
    {"push_usi", (PyCFunction)Core_push_usi, METH_O, "Does a legal move given as USI text; returns the move."},
    {"push_usi_moves", (PyCFunction)Core_push_usi_moves, METH_O,
     "push_usi for each move of an iterable (or a space-separated string); returns the moves. On an error the moves "
     "before it stay."},
    {"sfen", (PyCFunction)Core_sfen, METH_NOARGS, "Canonical SFEN (without the \"sfen \" prefix)."},
    {"set_sfen", (PyCFunction)Core_set_sfen, METH_O, "Replaces the position with SFEN text and clears the history."},
    {"is_check", (PyCFunction)Core_is_check, METH_NOARGS, "True if the side to move is in check."},
    {"perft", (PyCFunction)Core_perft, METH_O, "Leaf count of the legal move tree of the given depth."},
    {"set_hcp", (PyCFunction)Core_set_hcp, METH_O,
     "Sets the position from a 32-byte HuffmanCodedPos (a numpy uint8 row, bytes, or a whole hcpe record); "
     "history cleared, move number 1."},
    {"to_hcp", (PyCFunction)Core_to_hcp, METH_O, "Writes the position as HuffmanCodedPos into a writable 32-byte buffer."},
    {"set_psfen", (PyCFunction)Core_set_psfen, METH_O,
     "Sets the position from a 32-byte PackedSfen (or a whole PackedSfenValue record); history cleared."},
    {"to_psfen", (PyCFunction)Core_to_psfen, METH_O, "Writes the position as PackedSfen into a writable 32-byte buffer."},
    {"push_pass", (PyCFunction)Core_push_pass, METH_NOARGS,
     "Passes the turn (the null move; StateError in check). pop() or pop_pass() takes it back."},
    {NULL, NULL, 0, NULL},
};

static PyGetSetDef Core_getset[] = {
    {"_h", (getter)Core_get_h, (setter)Core_set_h, "The position handle (None once closed).", NULL},
    {"legal_moves", (getter)Core_legal_moves, NULL,
     "The legal moves (ints) as a MoveList: a read-only sequence equal to the list of them.", NULL},
    {"turn", (getter)Core_turn, NULL, "BLACK (0) or WHITE (1): the side to move.", NULL},
    {NULL, NULL, NULL, NULL, NULL},
};

static PyMemberDef Core_members[] = {
    {"_history", T_OBJECT_EX, offsetof(Core, history), 0, "Moves pushed since the position was set."},
    {NULL, 0, 0, 0, NULL},
};

static PyType_Slot Core_slots[] = {
    {Py_tp_doc, "The accelerated base of libshogi.Board (position handle and history)."},
    {Py_tp_new, Core_new},
    {Py_tp_dealloc, Core_dealloc},
    {Py_tp_methods, Core_methods},
    {Py_tp_getset, Core_getset},
    {Py_tp_members, Core_members},
    {0, NULL},
};

static PyType_Spec Core_spec = {
    "libshogi._accel.Core", sizeof(Core), 0, Py_TPFLAGS_DEFAULT | Py_TPFLAGS_BASETYPE, Core_slots,
};

/* ---- module functions ----------------------------------------------------- */

static PyObject *accel_bind(PyObject *mod, PyObject *args) {
    (void)mod;
    PyObject *addresses, *raiser;
    if (!PyArg_ParseTuple(args, "OO:bind", &addresses, &raiser)) return NULL;
    if (!PyDict_Check(addresses) || !PyCallable_Check(raiser)) {
        PyErr_SetString(PyExc_TypeError, "bind(addresses: dict, raise_error: callable)");
        return NULL;
    }
    void **slots = (void **)&api;
    size_t count = sizeof api_names / sizeof api_names[0];
    if (count * sizeof(void *) != sizeof api) {
        PyErr_SetString(PyExc_SystemError, "_accel: function table out of step");
        return NULL;
    }
    void *found[sizeof api_names / sizeof api_names[0]];
    for (size_t i = 0; i < count; i++) {
        PyObject *v = PyDict_GetItemString(addresses, api_names[i]); /* borrowed */
        if (!v) {
            PyErr_Format(PyExc_LookupError, "bind: no address for %s", api_names[i]);
            return NULL;
        }
        found[i] = PyLong_AsVoidPtr(v);
        if (!found[i]) {
            if (!PyErr_Occurred()) PyErr_Format(PyExc_ValueError, "bind: %s is NULL", api_names[i]);
            return NULL;
        }
    }
    memcpy(slots, found, sizeof api);
    Py_INCREF(raiser);
    PyObject *old = raise_error;
    raise_error = raiser;
    Py_XDECREF(old);
    bound = 1;
    Py_RETURN_NONE;
}

static PyObject *accel_names(PyObject *mod, PyObject *unused) {
    (void)mod;
    (void)unused;
    size_t count = sizeof api_names / sizeof api_names[0];
    PyObject *t = PyTuple_New((Py_ssize_t)count);
    if (!t) return NULL;
    for (size_t i = 0; i < count; i++) {
        PyObject *s = PyUnicode_FromString(api_names[i]);
        if (!s) {
            Py_DECREF(t);
            return NULL;
        }
        PyTuple_SetItem(t, (Py_ssize_t)i, s);
    }
    return t;
}

static PyObject *accel_legal_moves_many(PyObject *mod, PyObject *arg) {
    (void)mod;
    PyObject *seq = PySequence_Fast(arg, "legal_moves_many needs a sequence of Boards");
    if (!seq) return NULL;
    Py_ssize_t n = PySequence_Size(seq);
    PyObject *out = PyList_New(n);
    if (!out) goto fail;
    for (Py_ssize_t i = 0; i < n; i++) {
        PyObject *b = PySequence_GetItem(seq, i);
        if (!b) goto fail;
        if (!PyObject_TypeCheck(b, CoreType)) {
            Py_DECREF(b);
            PyErr_Format(PyExc_TypeError, "item %zd is not a Board", i);
            goto fail;
        }
        Py_DECREF(b); /* the sequence keeps it alive */
        PyObject *moves = Core_legal_moves((Core *)b, NULL);
        if (!moves) goto fail;
        PyList_SetItem(out, i, moves);
    }
    Py_DECREF(seq);
    return out;
fail:
    Py_XDECREF(out);
    Py_DECREF(seq);
    return NULL;
}

static PyMethodDef accel_methods[] = {
    {"bind", accel_bind, METH_VARARGS,
     "bind(addresses, raise_error): the C functions' addresses (a dict of name -> int, from the library the "
     "ctypes loader opened) and the callable that raises the package's exception for (code, message)."},
    {"names", accel_names, METH_NOARGS, "The C functions bind() needs."},
    {"legal_moves_many", accel_legal_moves_many, METH_O, "The legal moves (a MoveList each, as Board.legal_moves) of a sequence of Boards."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef accel_module = {
    PyModuleDef_HEAD_INIT, "libshogi._accel", "Compiled accelerator of the libshogi package (abi3).", -1,
    accel_methods, NULL, NULL, NULL, NULL,
};

PyMODINIT_FUNC PyInit__accel(void) {
    if (check_list_layout() < 0) return NULL;
    PyObject *m = PyModule_Create(&accel_module);
    if (!m) return NULL;
    CoreType = (PyTypeObject *)PyType_FromSpec(&Core_spec);
    if (!CoreType) {
        Py_DECREF(m);
        return NULL;
    }
    Py_INCREF(CoreType);
    if (PyModule_AddObject(m, "Core", (PyObject *)CoreType) < 0) {
        Py_DECREF(CoreType);
        Py_DECREF(m);
        return NULL;
    }
    MoveListType = (PyTypeObject *)PyType_FromSpec(&MoveList_spec);
    MoveListIterType = MoveListType ? (PyTypeObject *)PyType_FromSpec(&MoveListIter_spec) : NULL;
    if (!MoveListIterType) {
        Py_DECREF(m);
        return NULL;
    }
    Py_INCREF(MoveListType); /* the module's reference; the static one stays */
    if (PyModule_AddObject(m, "MoveList", (PyObject *)MoveListType) < 0) {
        Py_DECREF(MoveListType);
        Py_DECREF(m);
        return NULL;
    }
    return m;
}
