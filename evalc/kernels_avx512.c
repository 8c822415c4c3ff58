/* AVX-512 kernels (F, BW, VL, VNNI; x86-64 only, per-function target). */
#include "evalc.h"

#ifdef EC_X86_64
#include <immintrin.h>

#define EC_AVX512 __attribute__((target("avx2,avx512f,avx512bw,avx512vl,avx512vnni")))

EC_AVX512 void ec_update_avx512(const ec_net *net, int16_t *dst, const int16_t *src, const int32_t *rem, int32_t nrem,
                                const int32_t *add, int32_t nadd) {
    int32_t half = net->half, j, k;
    const int16_t *w = net->ft_weight;
    for (j = 0; j + 32 <= half; j += 32) {
        __m512i v = _mm512_loadu_si512(src + j);
        for (k = 0; k < nrem; k++) v = _mm512_sub_epi16(v, _mm512_loadu_si512(w + (size_t)rem[k] * half + j));
        for (k = 0; k < nadd; k++) v = _mm512_add_epi16(v, _mm512_loadu_si512(w + (size_t)add[k] * half + j));
        _mm512_storeu_si512(dst + j, v);
    }
    if (j < half) { /* half = 32n + 16 */
        __m256i v = _mm256_loadu_si256((const __m256i *)(src + j));
        for (k = 0; k < nrem; k++)
            v = _mm256_sub_epi16(v, _mm256_loadu_si256((const __m256i *)(w + (size_t)rem[k] * half + j)));
        for (k = 0; k < nadd; k++)
            v = _mm256_add_epi16(v, _mm256_loadu_si256((const __m256i *)(w + (size_t)add[k] * half + j)));
        _mm256_storeu_si256((__m256i *)(dst + j), v);
    }
}

/* clip writes n (a multiple of 16) accumulator values as bytes clipped to
 * 0..127: a saturating narrow, then the negatives to 0. */
EC_AVX512 static inline void clip(uint8_t *x, const int16_t *a, int32_t n) {
    int32_t j;
    for (j = 0; j + 32 <= n; j += 32) {
        __m256i b = _mm512_cvtsepi16_epi8(_mm512_loadu_si512(a + j));
        _mm256_storeu_si256((__m256i *)(x + j), _mm256_max_epi8(b, _mm256_setzero_si256()));
    }
    if (j < n) {
        __m128i b = _mm256_cvtsepi16_epi8(_mm256_loadu_si256((const __m256i *)(a + j)));
        _mm_storeu_si128((__m128i *)(x + j), _mm_max_epi8(b, _mm_setzero_si128()));
    }
}

/* one group of 4 inputs into the sums a (outputs 0-15) and b (16-31) */
#define EC_GROUP(a, b, g)                                                    \
    do {                                                                     \
        const int8_t *wb_ = w + (size_t)(g) * 128;                           \
        int32_t x4_;                                                         \
        __m512i x_;                                                          \
        __builtin_memcpy(&x4_, in + 4 * (g), 4);                             \
        x_ = _mm512_set1_epi32(x4_);                                         \
        a = _mm512_dpbusd_epi32(a, x_, _mm512_loadu_si512(wb_));             \
        b = _mm512_dpbusd_epi32(b, x_, _mm512_loadu_si512(wb_ + 64));        \
    } while (0)

/* layer1 is the first hidden layer: per group of 4 inputs one VPDPBUSD
 * per 16 outputs (exact in int32), eight groups a step each into its own
 * pair of sums (VPDPBUSD's latency is ~5 cycles: fewer chains would wait
 * on each other); the outputs come back clipped, one per 32-bit lane (*ra
 * 0-15, *rb 16-31). */
EC_AVX512 static inline void layer1(__m512i *ra, __m512i *rb, const uint8_t *in, int32_t n_in, const int8_t *w,
                                    const int32_t *bias) {
    const __m512i lo = _mm512_setzero_si512(), hi = _mm512_set1_epi32(127);
    __m512i a0 = _mm512_loadu_si512(bias), b0 = _mm512_loadu_si512(bias + 16);
    __m512i a1 = lo, b1 = lo, a2 = lo, b2 = lo, a3 = lo, b3 = lo;
    __m512i a4 = lo, b4 = lo, a5 = lo, b5 = lo, a6 = lo, b6 = lo, a7 = lo, b7 = lo;
    int32_t g, groups = n_in / 4;
    for (g = 0; g + 8 <= groups; g += 8) {
        EC_GROUP(a0, b0, g);
        EC_GROUP(a1, b1, g + 1);
        EC_GROUP(a2, b2, g + 2);
        EC_GROUP(a3, b3, g + 3);
        EC_GROUP(a4, b4, g + 4);
        EC_GROUP(a5, b5, g + 5);
        EC_GROUP(a6, b6, g + 6);
        EC_GROUP(a7, b7, g + 7);
    }
    a0 = _mm512_add_epi32(_mm512_add_epi32(a0, a4), _mm512_add_epi32(a5, a6));
    b0 = _mm512_add_epi32(_mm512_add_epi32(b0, b4), _mm512_add_epi32(b5, b6));
    a1 = _mm512_add_epi32(a1, a7);
    b1 = _mm512_add_epi32(b1, b7);
    for (; g < groups; g++) EC_GROUP(a0, b0, g); /* n_in = 16 (mod 32): two groups */
    a0 = _mm512_add_epi32(_mm512_add_epi32(a0, a1), _mm512_add_epi32(a2, a3));
    b0 = _mm512_add_epi32(_mm512_add_epi32(b0, b1), _mm512_add_epi32(b2, b3));
    a0 = _mm512_min_epi32(_mm512_max_epi32(_mm512_srai_epi32(a0, 6), lo), hi);
    b0 = _mm512_min_epi32(_mm512_max_epi32(_mm512_srai_epi32(b0, 6), lo), hi);
    *ra = a0;
    *rb = b0;
}

/* tail runs the 32-32-1 layers from the first layer's clipped outputs
 * (one per lane) without leaving the registers: the bytes of the 32 inputs
 * by a narrowing and in-lane shuffles for the second layer, and the output
 * layer as VPDPBUSD of each lane's value (its low byte) by a lane of the
 * weight (out_lanes: the weight in the low byte), then a sum of the lanes.
 * The chain of dependent steps is what remains of a step's latency after
 * the first layer. */
EC_AVX512 static inline int32_t tail(const ec_net *net, __m512i a, __m512i b) {
    const __m512i lo = _mm512_setzero_si512(), hi = _mm512_set1_epi32(127);
    const int8_t *w = net->l2_weight;
    const __m512i xa = _mm512_broadcast_i32x4(_mm512_cvtepi32_epi8(a));
    const __m512i xb = _mm512_broadcast_i32x4(_mm512_cvtepi32_epi8(b));
    __m512i a0, a1, a2, a3, a4, a5, a6, a7, b0, b1, b2, b3, b4, b5, b6, b7;
    /* group k's 4 inputs in every lane (an immediate shuffle), times its
     * weight block, into its own pair of sums */
#define EC_L2(k, src, imm, s0, s1, init0, init1)                                                          \
    do {                                                                                                  \
        __m512i x_ = _mm512_shuffle_epi32(src, imm);                                                      \
        s0 = _mm512_dpbusd_epi32(init0, x_, _mm512_loadu_si512(w + (k) * 128));                          \
        s1 = _mm512_dpbusd_epi32(init1, x_, _mm512_loadu_si512(w + (k) * 128 + 64));                     \
    } while (0)
    EC_L2(0, xa, _MM_PERM_AAAA, a0, b0, _mm512_loadu_si512(net->l2_bias), _mm512_loadu_si512(net->l2_bias + 16));
    EC_L2(1, xa, _MM_PERM_BBBB, a1, b1, lo, lo);
    EC_L2(2, xa, _MM_PERM_CCCC, a2, b2, lo, lo);
    EC_L2(3, xa, _MM_PERM_DDDD, a3, b3, lo, lo);
    EC_L2(4, xb, _MM_PERM_AAAA, a4, b4, lo, lo);
    EC_L2(5, xb, _MM_PERM_BBBB, a5, b5, lo, lo);
    EC_L2(6, xb, _MM_PERM_CCCC, a6, b6, lo, lo);
    EC_L2(7, xb, _MM_PERM_DDDD, a7, b7, lo, lo);
#undef EC_L2
    a = _mm512_add_epi32(_mm512_add_epi32(_mm512_add_epi32(a0, a1), _mm512_add_epi32(a2, a3)),
                         _mm512_add_epi32(_mm512_add_epi32(a4, a5), _mm512_add_epi32(a6, a7)));
    b = _mm512_add_epi32(_mm512_add_epi32(_mm512_add_epi32(b0, b1), _mm512_add_epi32(b2, b3)),
                         _mm512_add_epi32(_mm512_add_epi32(b4, b5), _mm512_add_epi32(b6, b7)));
    a = _mm512_min_epi32(_mm512_max_epi32(_mm512_srai_epi32(a, 6), lo), hi);
    b = _mm512_min_epi32(_mm512_max_epi32(_mm512_srai_epi32(b, 6), lo), hi);
    a = _mm512_add_epi32(_mm512_dpbusd_epi32(lo, a, _mm512_loadu_si512(net->out_lanes)),
                         _mm512_dpbusd_epi32(lo, b, _mm512_loadu_si512(net->out_lanes + 16)));
    return net->out_bias + _mm512_reduce_add_epi32(a);
}

EC_AVX512 int32_t ec_forward_avx512(const ec_net *net, const int16_t *us, const int16_t *them) {
    _Alignas(64) uint8_t x[2 * 4096];
    int32_t half = net->half;
    __m512i a, b;
    clip(x, us, half);
    clip(x + half, them, half);
    layer1(&a, &b, x, 2 * half, net->l1_weight, net->l1_bias);
    return tail(net, a, b);
}
/* update_clip is one perspective of a move in registers: dst = src - the
 * n (0..2) removed columns + the n added ones, stored (the next ply builds
 * on it) and clipped into x as it goes; half a multiple of 32. */
EC_AVX512 static inline void update_clip(uint8_t *x, int16_t *dst, const int16_t *src, const ec_net *net,
                                         const int32_t *rem, const int32_t *add, int32_t n) {
    const int32_t half = net->half;
    const int16_t *w = net->ft_weight;
    const __m256i zero = _mm256_setzero_si256();
    int32_t j;
#define EC_STORE_CLIP(v)                                                                    \
    do {                                                                                    \
        _mm512_storeu_si512(dst + j, v);                                                    \
        _mm256_storeu_si256((__m256i *)(x + j), _mm256_max_epi8(_mm512_cvtsepi16_epi8(v), zero)); \
    } while (0)
    if (n == 2) {
        const int16_t *r0 = w + (size_t)rem[0] * half, *r1 = w + (size_t)rem[1] * half;
        const int16_t *a0 = w + (size_t)add[0] * half, *a1 = w + (size_t)add[1] * half;
        for (j = 0; j < half; j += 32) {
            __m512i v = _mm512_sub_epi16(_mm512_loadu_si512(src + j),
                                         _mm512_add_epi16(_mm512_loadu_si512(r0 + j), _mm512_loadu_si512(r1 + j)));
            v = _mm512_add_epi16(v, _mm512_add_epi16(_mm512_loadu_si512(a0 + j), _mm512_loadu_si512(a1 + j)));
            EC_STORE_CLIP(v);
        }
    } else if (n == 1) {
        const int16_t *r0 = w + (size_t)rem[0] * half, *a0 = w + (size_t)add[0] * half;
        for (j = 0; j < half; j += 32) {
            __m512i v = _mm512_add_epi16(_mm512_loadu_si512(src + j),
                                         _mm512_sub_epi16(_mm512_loadu_si512(a0 + j), _mm512_loadu_si512(r0 + j)));
            EC_STORE_CLIP(v);
        }
    } else {
        for (j = 0; j < half; j += 32) {
            __m512i v = _mm512_loadu_si512(src + j);
            EC_STORE_CLIP(v);
        }
    }
#undef EC_STORE_CLIP
}

EC_AVX512 int32_t ec_update_forward_avx512(const ec_net *net, int16_t *dst_us, const int16_t *src_us,
                                           const int32_t *rem_us, const int32_t *add_us, int32_t n_us,
                                           int16_t *dst_them, const int16_t *src_them, const int32_t *rem_them,
                                           const int32_t *add_them, int32_t n_them) {
    _Alignas(64) uint8_t x[2 * 4096];
    int32_t half = net->half;
    __m512i a, b;
    update_clip(x, dst_us, src_us, net, rem_us, add_us, n_us);
    update_clip(x + half, dst_them, src_them, net, rem_them, add_them, n_them);
    layer1(&a, &b, x, 2 * half, net->l1_weight, net->l1_bias);
    return tail(net, a, b);
}
#endif
