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

/* affine32: per group of 4 inputs one VPDPBUSD per 16 outputs (exact in
 * int32); two pairs of sums so that consecutive groups do not wait on
 * each other. */
EC_AVX512 static inline void affine32(uint8_t *out, const uint8_t *in, int32_t n_in, const int8_t *w,
                                      const int32_t *bias) {
    __m512i a0 = _mm512_loadu_si512(bias), a1 = _mm512_loadu_si512(bias + 16);
    __m512i b0 = _mm512_setzero_si512(), b1 = _mm512_setzero_si512();
    const __m512i lo = _mm512_setzero_si512(), hi = _mm512_set1_epi32(127);
    int32_t g, groups = n_in / 4, x4;
    for (g = 0; g + 2 <= groups; g += 2) {
        const int8_t *wb = w + (size_t)g * 128;
        __m512i x, y;
        __builtin_memcpy(&x4, in + 4 * g, 4);
        x = _mm512_set1_epi32(x4);
        __builtin_memcpy(&x4, in + 4 * g + 4, 4);
        y = _mm512_set1_epi32(x4);
        a0 = _mm512_dpbusd_epi32(a0, x, _mm512_loadu_si512(wb));
        a1 = _mm512_dpbusd_epi32(a1, x, _mm512_loadu_si512(wb + 64));
        b0 = _mm512_dpbusd_epi32(b0, y, _mm512_loadu_si512(wb + 128));
        b1 = _mm512_dpbusd_epi32(b1, y, _mm512_loadu_si512(wb + 192));
    }
    if (g < groups) {
        const int8_t *wb = w + (size_t)g * 128;
        __m512i x;
        __builtin_memcpy(&x4, in + 4 * g, 4);
        x = _mm512_set1_epi32(x4);
        a0 = _mm512_dpbusd_epi32(a0, x, _mm512_loadu_si512(wb));
        a1 = _mm512_dpbusd_epi32(a1, x, _mm512_loadu_si512(wb + 64));
    }
    a0 = _mm512_srai_epi32(_mm512_add_epi32(a0, b0), 6);
    a1 = _mm512_srai_epi32(_mm512_add_epi32(a1, b1), 6);
    a0 = _mm512_min_epi32(_mm512_max_epi32(a0, lo), hi);
    a1 = _mm512_min_epi32(_mm512_max_epi32(a1, lo), hi);
    _mm_storeu_si128((__m128i *)out, _mm512_cvtepi32_epi8(a0));
    _mm_storeu_si128((__m128i *)(out + 16), _mm512_cvtepi32_epi8(a1));
}

/* out32 is the output layer: 32 bytes by 32 int8 weights, summed. */
EC_AVX512 static inline int32_t out32(const uint8_t *h2, const ec_net *net) {
    __m256i d = _mm256_dpbusd_epi32(_mm256_setzero_si256(), _mm256_loadu_si256((const __m256i *)h2),
                                    _mm256_loadu_si256((const __m256i *)net->out_weight));
    __m128i s = _mm_add_epi32(_mm256_castsi256_si128(d), _mm256_extracti128_si256(d, 1));
    s = _mm_add_epi32(s, _mm_shuffle_epi32(s, 0x4e));
    s = _mm_add_epi32(s, _mm_shuffle_epi32(s, 0xb1));
    return net->out_bias + _mm_cvtsi128_si32(s);
}

EC_AVX512 int32_t ec_forward_avx512(const ec_net *net, const int16_t *us, const int16_t *them) {
    _Alignas(64) uint8_t x[2 * 4096];
    _Alignas(32) uint8_t h1[32], h2[32];
    int32_t half = net->half;
    clip(x, us, half);
    clip(x + half, them, half);
    affine32(h1, x, 2 * half, net->l1_weight, net->l1_bias);
    affine32(h2, h1, 32, net->l2_weight, net->l2_bias);
    return out32(h2, net);
}
#endif
