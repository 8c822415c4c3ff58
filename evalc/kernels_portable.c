/* Portable kernels: the reference the SIMD ones are checked against, and
 * the path of LIBSHOGI_SIMD=go and of CPUs without AVX2. */
#include "evalc.h"

void ec_update_portable(const ec_net *net, int16_t *dst, const int16_t *src, const int32_t *rem, int32_t nrem,
                        const int32_t *add, int32_t nadd) {
    int32_t half = net->half, j, k;
    for (j = 0; j < half; j++) {
        uint16_t v = (uint16_t)src[j]; /* unsigned: int16 arithmetic wraps */
        for (k = 0; k < nrem; k++) v = (uint16_t)(v - (uint16_t)net->ft_weight[(size_t)rem[k] * half + j]);
        for (k = 0; k < nadd; k++) v = (uint16_t)(v + (uint16_t)net->ft_weight[(size_t)add[k] * half + j]);
        dst[j] = (int16_t)v;
    }
}

static uint8_t clip8(int32_t v) { return (uint8_t)(v < 0 ? 0 : v > 127 ? 127 : v); }

/* affine32 is one 32-output layer on blocked weights ([in/4][32][4]),
 * clipped: (bias + Σ w*x) >> 6 into 0..127. Per input, the 32 products
 * go into 32 sums in one loop the compiler vectorizes (the weights of an
 * input are 4 bytes apart: gathered first into a row). */
static void affine32(uint8_t *out, const uint8_t *in, int32_t n_in, const int8_t *w, const int32_t *bias) {
    int32_t s[32], g, o, j;
    for (o = 0; o < 32; o++) s[o] = bias[o];
    for (g = 0; g < n_in / 4; g++) {
        const int8_t *blk = w + (size_t)g * 128;
        for (j = 0; j < 4; j++) {
            int32_t x = in[4 * g + j];
            int8_t row[32];
            if (x == 0) continue; /* clipped inputs are often 0 */
            for (o = 0; o < 32; o++) row[o] = blk[4 * o + j];
            for (o = 0; o < 32; o++) s[o] += x * row[o];
        }
    }
    for (o = 0; o < 32; o++) out[o] = clip8(s[o] >> 6); /* arithmetic shift, as nnue's */
}

int32_t ec_forward_portable(const ec_net *net, const int16_t *us, const int16_t *them) {
    uint8_t x[2 * 4096], h1[32], h2[32];
    int32_t half = net->half, j, out = net->out_bias;
    for (j = 0; j < half; j++) {
        x[j] = clip8(us[j]);
        x[half + j] = clip8(them[j]);
    }
    affine32(h1, x, 2 * half, net->l1_weight, net->l1_bias);
    affine32(h2, h1, 32, net->l2_weight, net->l2_bias);
    for (j = 0; j < 32; j++) out += (int32_t)h2[j] * net->out_weight[j];
    return out;
}
