/* evalc: the evaluation stack of HalfKP L1x2-32-32 nets in C (issue 24,
 * phase 1). The Go side of the package builds every table (feature
 * indices, promotions, hand slots, blocked weights) from libshogi/nnue and
 * libshogi/board; this code only executes them. All memory here is C's:
 * nothing keeps a Go pointer after a call returns. */
#ifndef LIBSHOGI_EVALC_H
#define LIBSHOGI_EVALC_H

#include <stddef.h>
#include <stdint.h>

#define EC_SQUARES 81
#define EC_CODES 32      /* piece codes: type 1..14, +16 for White */
#define EC_HAND_TYPES 8  /* index 1..7: pawn..gold */
#define EC_MAX_ACTIVE 38 /* non-king pieces: features per perspective */
#define EC_H1 32         /* hidden layer sizes this stack runs */
#define EC_H2 32
#define EC_MAX_PLIES 16384 /* as evalbackend.MaxPlies */

/* Kernel levels; a level the CPU lacks is never chosen by Go. */
enum { EC_LEVEL_PORTABLE = 0, EC_LEVEL_AVX2 = 1, EC_LEVEL_AVX512 = 2 };

/* Results of the stack's calls: 0 ok, else the reason (the order and the
 * meaning of evalbackend's errors; Go turns them into the same texts). */
enum {
    EC_OK = 0,
    EC_ERR_NO_ROOT,         /* no position set */
    EC_ERR_DEPTH_PUSH,      /* push with EC_MAX_PLIES plies pushed */
    EC_ERR_DEPTH_POP,       /* pop at the root */
    EC_ERR_DEPTH_POP_TO,    /* pop_to a ply outside 0..ply */
    EC_ERR_TO_SQUARE,       /* to-square is not a square */
    EC_ERR_DROP_TYPE,       /* drop of a type outside pawn..gold */
    EC_ERR_DROP_PROMOTES,   /* a drop with the promotion bit */
    EC_ERR_DROP_NO_HAND,    /* none of that type in hand */
    EC_ERR_DROP_OCCUPIED,   /* drop on an occupied square */
    EC_ERR_FROM_SQUARE,     /* from not a square, or from == to */
    EC_ERR_FROM_NOT_OWN,    /* no piece of the side to move on from */
    EC_ERR_CAPTURES_OWN,    /* to holds a piece of the side to move */
    EC_ERR_CAPTURES_KING,   /* to holds a king */
    EC_ERR_CANNOT_PROMOTE,  /* promotion of a type that does not promote */
    EC_ERR_MEMORY,          /* out of memory growing the plies */
    EC_ERR_COUNT
};

/* Feature tables of HalfKP, per perspective p (0 Black, 1 White). */
typedef struct ec_tables {
    uint16_t board_bona[2][EC_CODES][EC_SQUARES]; /* BonaPiece of (code, square); 0 for empty and kings */
    uint16_t hand_bona[2][2][EC_HAND_TYPES];      /* [p][owner][type]: first hand BonaPiece */
    int32_t king_offset[2][EC_SQUARES];           /* [p][p's king square]: K_p * stride */
    uint8_t color_of[EC_CODES];                   /* 0, 1; 2 for empty and non-codes */
    uint8_t is_king[EC_CODES];
    uint8_t promoted[EC_CODES];                   /* promoted code; 0: does not promote */
    uint8_t hand_type[EC_CODES];                  /* a captured code's hand type; 0: none */
    uint8_t drop_code[2][EC_HAND_TYPES];          /* [colour][type] the dropped code; 0: not droppable */
    uint16_t zero_bona;                           /* feature of an empty piece slot (BonaZero) */
} ec_tables;

/* A net: weights in the kernels' layouts. */
typedef struct ec_net {
    int32_t half;          /* L1, a multiple of 16 */
    int32_t dims;          /* features per perspective */
    int32_t level;         /* kernel level stacks start with */
    int16_t *ft_bias;      /* half */
    int16_t *ft_weight;    /* dims * half, feature-major */
    int8_t *l1_weight;     /* blocked: [2*half/4][32][4] */
    int32_t *l1_bias;      /* 32 */
    int32_t l1_group, l2_group; /* AVX2: groups summed in int16 before widening (asm.GroupLimit) */
    int8_t *l2_weight;     /* blocked: [8][32][4] */
    int32_t *l2_bias;      /* 32 */
    int8_t *out_weight;    /* 32 */
    int32_t *out_lanes;    /* 32: out_weight[i] in the low byte of lane i (VPDPBUSD on lanes) */
    int32_t out_bias;
    ec_tables *tables;
    void *block;           /* the one allocation behind the pointers above */
} ec_net;

/* One ply: the move's feature changes for both perspectives (made with
 * the king squares before it), what to recompute, and its undo. */
typedef struct ec_ply {
    int32_t rem[2][2], add[2][2];
    uint8_t n[2];
    uint8_t computed[2]; /* accumulator of that perspective is current */
    uint8_t refresh[2];  /* that perspective's king moved: rebuild it */
    uint8_t from, to, moved, captured, drop_type;
    uint8_t null; /* a null move: the side to move passes */
} ec_ply;

typedef struct ec_stack {
    const ec_net *net;
    int32_t level;
    int32_t fv_scale, fv_shift; /* shift >= 0 when fv_scale is a power of two */
    int32_t root;
    int32_t sp;                 /* plies pushed above the root */
    int32_t cap;                /* plies allocated (root included) */
    ec_ply *plies;
    int16_t *acc;               /* cap * 2 * half_pad: [ply][perspective] */
    int32_t half_pad;
    /* the mirror of the top ply's position */
    uint8_t squares[EC_SQUARES];
    uint8_t hands[2][EC_HAND_TYPES];
    uint8_t side;
    uint8_t kings[2];
} ec_stack;

/* Nets (Go fills the buffers after ec_net_new). */
ec_net *ec_net_new(int32_t half, int32_t dims);
void ec_net_free(ec_net *net);

/* Stacks. */
ec_stack *ec_stack_new(const ec_net *net, int32_t fv_scale);
void ec_stack_free(ec_stack *s);
/* set_root: squares 81 codes, hands [2][8] counts (index 1..7), side;
 * checked by Go (both kings). */
int ec_stack_set_root(ec_stack *s, const uint8_t *squares, const uint8_t *hands, int32_t side);
int ec_stack_push(ec_stack *s, uint16_t move);
int ec_stack_push_null(ec_stack *s);
int ec_stack_pop(ec_stack *s);
int ec_stack_pop_to(ec_stack *s, int32_t ply);
int ec_stack_evaluate(ec_stack *s, int32_t *value);
int ec_stack_push_evaluate_at(ec_stack *s, int32_t ply, uint16_t move, int32_t *value);
/* make, evaluate and unmake in one (a leaf) */
int ec_stack_evaluate_move(ec_stack *s, uint16_t move, int32_t *value);

/* The engine's loop, for the proof of speed: n calls of push_evaluate_at
 * (plies[i], moves[i]), reps times; returns the first error (0 if none)
 * and the sum of the values in *sum. */
int ec_bench_push_evaluate_at(ec_stack *s, const int32_t *plies, const uint16_t *moves, int32_t n, int32_t reps,
                              int64_t *sum);

/* Kernels, by level (tests drive them directly). update: dst = src - the
 * removed columns + the added ones (int16, wrapping). forward: the raw
 * output of the layers after the transformer, from the side to move's
 * accumulator us and the other's them. */
void ec_update(int32_t level, const ec_net *net, int16_t *dst, const int16_t *src, const int32_t *rem, int32_t nrem,
               const int32_t *add, int32_t nadd);
int32_t ec_forward(int32_t level, const ec_net *net, const int16_t *us, const int16_t *them);
/* A push's step: both perspectives' updates (n changes each, 0..2) and the
 * forward pass from the results (us: the side to move's), the accumulators
 * stored; at AVX-512 with L1 a multiple of 32 one fused kernel. */
int32_t ec_update_forward(int32_t level, const ec_net *net, int16_t *dst_us, const int16_t *src_us,
                          const int32_t *rem_us, const int32_t *add_us, int32_t n_us, int16_t *dst_them,
                          const int16_t *src_them, const int32_t *rem_them, const int32_t *add_them, int32_t n_them);
/* The highest level compiled in (x86-64: AVX-512; elsewhere portable). */
int32_t ec_max_level(void);

/* Kernel implementations. */
void ec_update_portable(const ec_net *net, int16_t *dst, const int16_t *src, const int32_t *rem, int32_t nrem,
                        const int32_t *add, int32_t nadd);
int32_t ec_forward_portable(const ec_net *net, const int16_t *us, const int16_t *them);
#if defined(__x86_64__) || defined(_M_X64)
#define EC_X86_64 1
void ec_update_avx2(const ec_net *net, int16_t *dst, const int16_t *src, const int32_t *rem, int32_t nrem,
                    const int32_t *add, int32_t nadd);
int32_t ec_forward_avx2(const ec_net *net, const int16_t *us, const int16_t *them);
void ec_update_avx512(const ec_net *net, int16_t *dst, const int16_t *src, const int32_t *rem, int32_t nrem,
                      const int32_t *add, int32_t nadd);
int32_t ec_forward_avx512(const ec_net *net, const int16_t *us, const int16_t *them);
/* both perspectives' updates (n changes each, 0..2) and the forward pass
 * in one, the accumulators stored; half a multiple of 32 */
int32_t ec_update_forward_avx512(const ec_net *net, int16_t *dst_us, const int16_t *src_us, const int32_t *rem_us,
                                 const int32_t *add_us, int32_t n_us, int16_t *dst_them, const int16_t *src_them,
                                 const int32_t *rem_them, const int32_t *add_them, int32_t n_them);
#endif

/* 64-byte aligned allocation (free with ec_free_aligned). */
void *ec_alloc_aligned(size_t n);
void ec_free_aligned(void *p);

#endif
