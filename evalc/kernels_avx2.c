/* AVX2 kernels (x86-64 only; per-function target: the rest of the library
 * is built for the baseline CPU). */
#include "evalc.h"

#ifdef EC_X86_64
#include <immintrin.h>

#define EC_AVX2 __attribute__((target("avx2")))

EC_AVX2 void ec_update_avx2(const ec_net *net, int16_t *dst, const int16_t *src, const int32_t *rem, int32_t nrem,
                            const int32_t *add, int32_t nadd) {
    int32_t half = net->half, j, k;
    const int16_t *w = net->ft_weight;
    if (nrem == 1 && nadd == 1) { /* a move's common cases without the inner loops */
        const int16_t *r0 = w + (size_t)rem[0] * half, *a0 = w + (size_t)add[0] * half;
        for (j = 0; j < half; j += 16) {
            __m256i d = _mm256_sub_epi16(_mm256_loadu_si256((const __m256i *)(a0 + j)),
                                         _mm256_loadu_si256((const __m256i *)(r0 + j)));
            _mm256_storeu_si256((__m256i *)(dst + j), _mm256_add_epi16(_mm256_loadu_si256((const __m256i *)(src + j)), d));
        }
        return;
    }
    if (nrem == 2 && nadd == 2) {
        const int16_t *r0 = w + (size_t)rem[0] * half, *r1 = w + (size_t)rem[1] * half;
        const int16_t *a0 = w + (size_t)add[0] * half, *a1 = w + (size_t)add[1] * half;
        for (j = 0; j < half; j += 16) {
            __m256i d = _mm256_sub_epi16(_mm256_add_epi16(_mm256_loadu_si256((const __m256i *)(a0 + j)),
                                                          _mm256_loadu_si256((const __m256i *)(a1 + j))),
                                         _mm256_add_epi16(_mm256_loadu_si256((const __m256i *)(r0 + j)),
                                                          _mm256_loadu_si256((const __m256i *)(r1 + j))));
            _mm256_storeu_si256((__m256i *)(dst + j), _mm256_add_epi16(_mm256_loadu_si256((const __m256i *)(src + j)), d));
        }
        return;
    }
    for (j = 0; j < half; j += 16) {
        __m256i v = _mm256_loadu_si256((const __m256i *)(src + j));
        for (k = 0; k < nrem; k++)
            v = _mm256_sub_epi16(v, _mm256_loadu_si256((const __m256i *)(net->ft_weight + (size_t)rem[k] * half + j)));
        for (k = 0; k < nadd; k++)
            v = _mm256_add_epi16(v, _mm256_loadu_si256((const __m256i *)(net->ft_weight + (size_t)add[k] * half + j)));
        _mm256_storeu_si256((__m256i *)(dst + j), v);
    }
}

/* clip16 narrows 16 accumulator values to bytes clipped to 0..127. */
EC_AVX2 static inline __m128i clip16(const int16_t *a) {
    __m256i v = _mm256_loadu_si256((const __m256i *)a);
    __m128i p = _mm_packs_epi16(_mm256_castsi256_si128(v), _mm256_extracti128_si256(v, 1));
    return _mm_max_epi8(p, _mm_setzero_si128());
}

/* affine32 as the portable one: per group of 4 inputs, maddubs (exact:
 * two products of 0..127 and int8 fit int16), summed in int16 over up to
 * k groups (k: what the layer's largest weight allows without overflow,
 * from Go's asm.GroupLimit), then madd into int32. */
EC_AVX2 static inline void affine32(uint8_t *out, const uint8_t *in, int32_t n_in, const int8_t *w,
                                    const int32_t *bias, int32_t k) {
    const __m256i ones = _mm256_set1_epi16(1);
    __m256i s0 = _mm256_loadu_si256((const __m256i *)bias), s1 = _mm256_loadu_si256((const __m256i *)(bias + 8));
    __m256i s2 = _mm256_loadu_si256((const __m256i *)(bias + 16)), s3 = _mm256_loadu_si256((const __m256i *)(bias + 24));
    int32_t g = 0, groups = n_in / 4;
    __m256i lo, hi, packed;
    if (k < 1) k = 1;
    while (g < groups) {
        __m256i t0 = _mm256_setzero_si256(), t1 = t0, t2 = t0, t3 = t0;
        int32_t end = g + k < groups ? g + k : groups;
        for (; g < end; g++) {
            int32_t x4;
            __m256i x;
            const __m256i *wb = (const __m256i *)(w + (size_t)g * 128);
            __builtin_memcpy(&x4, in + 4 * g, 4);
            if (x4 == 0) continue;
            x = _mm256_set1_epi32(x4);
            t0 = _mm256_add_epi16(t0, _mm256_maddubs_epi16(x, _mm256_loadu_si256(wb)));
            t1 = _mm256_add_epi16(t1, _mm256_maddubs_epi16(x, _mm256_loadu_si256(wb + 1)));
            t2 = _mm256_add_epi16(t2, _mm256_maddubs_epi16(x, _mm256_loadu_si256(wb + 2)));
            t3 = _mm256_add_epi16(t3, _mm256_maddubs_epi16(x, _mm256_loadu_si256(wb + 3)));
        }
        s0 = _mm256_add_epi32(s0, _mm256_madd_epi16(t0, ones));
        s1 = _mm256_add_epi32(s1, _mm256_madd_epi16(t1, ones));
        s2 = _mm256_add_epi32(s2, _mm256_madd_epi16(t2, ones));
        s3 = _mm256_add_epi32(s3, _mm256_madd_epi16(t3, ones));
    }
    s0 = _mm256_srai_epi32(s0, 6);
    s1 = _mm256_srai_epi32(s1, 6);
    s2 = _mm256_srai_epi32(s2, 6);
    s3 = _mm256_srai_epi32(s3, 6);
    /* packs work per 128-bit lane: undo the interleave with a dword permute */
    lo = _mm256_packs_epi32(s0, s1);
    hi = _mm256_packs_epi32(s2, s3);
    packed = _mm256_packs_epi16(lo, hi);
    packed = _mm256_max_epi8(packed, _mm256_setzero_si256());
    packed = _mm256_permutevar8x32_epi32(packed, _mm256_setr_epi32(0, 4, 1, 5, 2, 6, 3, 7));
    _mm256_storeu_si256((__m256i *)out, packed);
}

EC_AVX2 int32_t ec_forward_avx2(const ec_net *net, const int16_t *us, const int16_t *them) {
    _Alignas(32) uint8_t x[2 * 4096];
    _Alignas(32) uint8_t h1[32], h2[32];
    int32_t half = net->half, j;
    __m256i d;
    __m128i s;
    for (j = 0; j < half; j += 16) {
        _mm_storeu_si128((__m128i *)(x + j), clip16(us + j));
        _mm_storeu_si128((__m128i *)(x + half + j), clip16(them + j));
    }
    affine32(h1, x, 2 * half, net->l1_weight, net->l1_bias, net->l1_group);
    affine32(h2, h1, 32, net->l2_weight, net->l2_bias, net->l2_group);
    d = _mm256_madd_epi16(_mm256_maddubs_epi16(_mm256_loadu_si256((const __m256i *)h2),
                                               _mm256_loadu_si256((const __m256i *)net->out_weight)),
                          _mm256_set1_epi16(1));
    s = _mm_add_epi32(_mm256_castsi256_si128(d), _mm256_extracti128_si256(d, 1));
    s = _mm_add_epi32(s, _mm_shuffle_epi32(s, 0x4e));
    s = _mm_add_epi32(s, _mm_shuffle_epi32(s, 0xb1));
    return net->out_bias + _mm_cvtsi128_si32(s);
}
#endif
