/* irr.c - IRR as docs/MODEL.md defines it (finance.h): the rule of signs,
 * the isolation of the rates and their refinement, worked on many sets of
 * flows side by side. */
#include "core/finance.h"

#include <math.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* ===== IRR ===== */

/* The flows c[lo..hi] (the first and last that are not 0), scaled by their
 * largest magnitude so that no sum overflows (finance.h). */
typedef tci_irr_poly irr_poly;

/* A function with the sign and the zeros of NPV at the rate expm1(t), t =
 * ln(1+r): for r >= 0, sum c[k] x^(k-lo) with x = 1/(1+r) <= 1, NPV times
 * (1+r)^lo; for r < 0, sum c[k] y^(hi-k) with y = 1+r < 1, NPV times
 * (1+r)^hi. Both by Horner with x, y <= 1, so nothing overflows. */
static double irr_sign_fn(const irr_poly *p, double t)
{
    double acc = 0;
    if (t >= 0) {
        double x = exp(-t);
        for (size_t k = p->hi + 1; k-- > p->lo;)
            acc = acc * x + p->s[k];
    } else {
        double y = exp(t);
        for (size_t k = p->lo; k <= p->hi; k++)
            acc = acc * y + p->s[k];
    }
    return acc;
}

static int sign_of(double v)
{
    return (v > 0) - (v < 0);
}

/* The largest t that a root can lie at, and the smallest: t = ln(1+r) is
 * held to [-700, 700], where exp() of it is a normal number. */
#define IRR_T_MAX 700.0

/* The scan of MODEL.md: irr_sign_fn at evenly spaced t from a to b, steps of
 * 1e-4 (1,024 to 65,536 of them). Returns the number of rates found (0, 1
 * or 2 meaning "at least 2"), the bracket of the first in *ra, *rb. */
static int irr_scan(const irr_poly *p, double a, double b, double steps, double *ra, double *rb)
{
    double span = b - a;
    int found = 0, last = 0;
    double prev_t = a;
    for (long i = 0; i <= (long)steps; i++) {
        double t = i == (long)steps ? b : a + span * (double)i / steps;
        int s = sign_of(irr_sign_fn(p, t));
        if (s == 0 || (last != 0 && s != last)) {
            if (++found == 1) {
                *ra = s == 0 ? t : prev_t;
                *rb = t;
            } else {
                return 2;
            }
        }
        if (s != 0)
            last = s;
        else
            last = 0; /* the rate is the grid point; the next sign is no new rate */
        prev_t = t;
    }
    return found;
}

/* The flows' scan for tci_irr: the first and last flow that are not 0, the
 * largest magnitude and the number of sign changes (Descartes' count); a
 * reason when the flows have no rate at all. */
static const char *irr_flows(const double *flows, size_t n, irr_poly *p, int *changes)
{
    /* The running values are locals: through *p, each would wait on the
     * store of the one before. */
    int last = 0, ch = 0;
    size_t lo = n, hi = 0;
    double scale = 0;
    *changes = 0;
    for (size_t k = 0; k < n; k++) {
        if (!isfinite(flows[k]))
            return "a flow is not a finite number";
        int s = sign_of(flows[k]);
        if (s == 0)
            continue;
        if (lo == n)
            lo = k;
        hi = k;
        /* fmax's value: both are finite and not negative. */
        const double mag = fabs(flows[k]);
        scale = mag > scale ? mag : scale;
        if (last != 0 && s != last)
            ch++;
        last = s;
    }
    /* Any positive factor keeps the signs and the roots; 1 / scale overflows
     * for flows below 2^-1024, which 2^1000 still lifts without overflow. */
    *p = (irr_poly){.lo = lo, .hi = hi, .scale = scale};
    p->inv = isfinite(1 / scale) ? 1 / scale : 0x1p1000;
    *changes = ch;
    return ch == 0 ? "no sign change" : NULL;
}

/* ln 2: the factor of safety on Cauchy's bounds. */
#define IRR_LN2 0.69314718055994530942

/* The bounds of the isolation (irr_split works them out): a bound on the
 * rates on one side of the rate at t = ln(1+r) is the number of sign
 * changes of the running sums of the flows discounted at that rate, from the
 * first (dir 1: the rates above it) or from the last (dir -1: the rates
 * below it). With x = 1/(1+r) and the flows discounted at the pivot, P(x) /
 * (1 - x) is the power series whose coefficients are the running sums from
 * the first, so by Descartes' rule (which holds for power series) P has at
 * most that many roots in 0 < x < 1; the running sums from the last bound the
 * roots in x > 1 the same way (Norstrom's criterion, and its mirror).
 * IRR_UNBOUNDED when the discounting would leave the range of doubles. The
 * flows are discounted with weights e^(-t (k - mid)): a positive factor away
 * from e^(-t k). */
#define IRR_UNBOUNDED 1000000

/* A change of sign of the running sum *sum into *changes (*last: the last
 * sign that was not 0). */
static void irr_count_change(double sum, int *last, int *changes)
{
    int s = sign_of(sum);
    if (s != 0 && *last != 0 && s != *last)
        ++*changes;
    if (s != 0)
        *last = s;
}

/* What the isolation needs at the point t where it halves an interval:
 * irr_sign_fn there in *f, the bound on the rates below t (the running sums
 * from the last) in *below and on those above (from the first) in *above;
 * the three sums in one pass, each with the operations it would have alone. */
/* 1 when irr_split at t would leave the range of doubles: there it gives
 * irr_sign_fn alone, and IRR_UNBOUNDED for both bounds. */
static int irr_unbounded(const irr_poly *p, double t)
{
    const double mid = (double)(p->hi - p->lo) / 2;
    return fabs(t) * (mid + 1) > 600;
}

static void irr_split(const irr_poly *p, double t, double *f, int *below, int *above)
{
    const double n = (double)(p->hi - p->lo), mid = n / 2;
    if (irr_unbounded(p, t)) {
        *f = irr_sign_fn(p, t);
        *below = *above = IRR_UNBOUNDED;
        return;
    }
    const int up = t >= 0;
    const double x = exp(-t), y = exp(t), z = up ? x : y;
    double acc = 0, sum_a = 0, w_a = exp(t * mid), sum_b = 0, w_b = exp(-t * (n - mid));
    int ch_a = 0, last_a = 0, ch_b = 0, last_b = 0;
    for (size_t i = 0; i <= p->hi - p->lo; i++, w_a *= x, w_b *= y) {
        acc = acc * z + p->s[up ? p->hi - i : p->lo + i];
        sum_a += p->s[p->lo + i] * w_a;
        irr_count_change(sum_a, &last_a, &ch_a);
        sum_b += p->s[p->hi - i] * w_b;
        irr_count_change(sum_b, &last_b, &ch_b);
    }
    *f = acc;
    *below = ch_b;
    *above = ch_a;
}

/* 1 when f1, irr_sign_fn at t1, is further from 0 than the width of [t1,
 * t2] times `slope`, a bound on its slope there: no zero in between. */
static int irr_slope_clears(double slope, double t1, double t2, double f1)
{
    return isfinite(slope) && fabs(f1) > slope * (t2 - t1) * (1 + 1e-9);
}

/* 1 when irr_sign_fn has no zero in [t1, t2], a side of t = 0, given its
 * value f1 at t1 (irr_slope_clears; the slope of each term is largest at
 * the end where x = e^-t, or y = e^t, is largest). */
static int irr_no_root(const irr_poly *p, double t1, double t2, double f1)
{
    if (t1 < 0 && t2 > 0)
        return 0;
    double slope = 0;
    if (t1 >= 0) {
        double x = exp(-t1), w = 1;
        for (size_t k = p->lo; k <= p->hi; k++, w *= x)
            slope += fabs(p->s[k]) * (double)(k - p->lo) * w;
    } else {
        double y = exp(t2), w = 1;
        for (size_t k = p->hi + 1; k-- > p->lo; w *= y)
            slope += fabs(p->s[k]) * (double)(p->hi - k) * w;
    }
    return irr_slope_clears(slope, t1, t2, f1);
}

/* The refinement of tci_irr: the rate in [a, b], where irr_sign_fn changes
 * sign (sa its sign at a), to 1e-15 in t. Newton's steps, each evaluation
 * narrowing the bracket; a step that would leave the bracket, or every third
 * step when the bracket did not halve in the two before, is a bisection
 * instead. At most 200 evaluations. */
typedef tci_irr_refiner irr_refiner;

static irr_refiner irr_refine_start(double a, double b, int sa)
{
    return (irr_refiner){.a = a, .b = b, .t = a + (b - a) / 2, .width = b - a, .sa = sa};
}

/* One step of the refinement with irr_sign_fn f and its derivative df at
 * r->t: 1 with the rate's t in *out when it is found, else 0 and the next t
 * to evaluate in r->t. */
static int irr_refine_step(irr_refiner *r, double f, double df, double *out)
{
    int st = sign_of(f);
    if (st == 0) {
        *out = r->t;
        return 1;
    }
    if (st == r->sa)
        r->a = r->t;
    else
        r->b = r->t;
    if (r->b - r->a <= 1e-15 * fmax(1, fabs(r->t))) {
        *out = r->a + (r->b - r->a) / 2;
        return 1;
    }
    double next = df != 0 ? r->t - f / df : NAN;
    int bisect = !(isfinite(next) && next > r->a && next < r->b);
    if (r->i % 3 == 2) {
        bisect |= r->b - r->a > r->width / 2;
        r->width = r->b - r->a;
    }
    if (!bisect && fabs(next - r->t) <= 1e-15 * fmax(1, fabs(r->t))) {
        *out = next;
        return 1;
    }
    r->t = bisect ? r->a + (r->b - r->a) / 2 : next;
    if (++r->i == 200) {
        *out = r->a + (r->b - r->a) / 2;
        return 1;
    }
    return 0;
}

/* ===== The stream: many sets of flows side by side =====
 *
 * A lane's evaluations are chains of dependent multiplications and
 * additions; TCI_IRR_LANES lanes run side by side, as many to an instruction
 * as the processor's vectors hold. Each lane's coefficients sit in its two
 * columns of q (irr_columns), so that a row of q is a load per vector. */

#define IRR_L TCI_IRR_LANES

/* What a lane evaluates next: the lower bound a, then the upper bound b (one
 * sign change), the lower end of an isolated bracket, or a refinement step. */
enum { IRR_AT_A, IRR_AT_B, IRR_AT_SA, IRR_REFINE, IRR_IDLE };

typedef tci_irr_lane irr_lane;

/* What the isolation of flows id on [a, b] found (irr_isolate's count;
 * -1: scan instead) with its bracket [*ra, *rb]: 1 when that bracket is to
 * be refined, else 0 with the result handed to st->done. */
static int irr_isolated(tci_irr_stream *st, const irr_poly *p, size_t id, int found, double a,
                        double b, double *ra, double *rb)
{
    if (found < 0)
        found = irr_scan(p, a, b, fmin(fmax(ceil((b - a) / 1e-4), 1024), 65536), ra, rb);
    if (found != 1) {
        st->done(st->ctx, id, -1, NAN,
                 found == 0 ? "more than one sign change and no rate with NPV 0"
                            : "more than one sign change and more than one rate with NPV 0");
        return 0;
    }
    if (*ra == *rb) {
        st->done(st->ctx, id, 0, expm1(*ra), NULL);
        return 0;
    }
    return 1;
}

static void iso_add(tci_irr_stream *st, const irr_poly *p, size_t id, double a, double b);
static int irr_isolate(const irr_poly *p, double a, double b, double *ra, double *rb);

/* Lane l to refine the rate in its isolated bracket [a, b]. */
static void irr_lane_refine(irr_lane *l, double a, double b)
{
    l->a = a;
    l->b = b;
    l->stage = IRR_AT_SA;
    l->t = a;
}

/* Set flows `id` up in lane l, its scaled flows to go in s: the bounds, then
 * the rule of signs, or the isolation. 0 when its result is known (handed to
 * st->done); else 1, with the point to evaluate in l->t. */
static int irr_begin(tci_irr_stream *st, irr_lane *l, double *s, const double *flows, size_t id)
{
    int changes, found;
    const size_t n = st->n;
    const char *reason = irr_flows(flows, n, &l->p, &changes);
    l->id = id;
    if (reason) {
        st->done(st->ctx, id, -1, NAN, reason);
        return 0;
    }
    for (size_t k = l->p.lo; k <= l->p.hi; k++)
        s[k] = flows[k] * l->p.inv;
    l->p.s = s;
    /* Cauchy's bounds on the roots x = 1/(1+r) of sum c[k] x^(k-lo), each
     * doubled: x < 2 (1 + max|c[k]| / |c[hi]|) and 1/x < 2 (1 + max|c[k]|
     * / |c[lo]|); in t = -ln x, held to +-IRR_T_MAX. */
    double a = fmax(-(log1p(l->p.scale / fabs(flows[l->p.hi])) + IRR_LN2), -IRR_T_MAX);
    double b = fmin(log1p(l->p.scale / fabs(flows[l->p.lo])) + IRR_LN2, IRR_T_MAX);
    l->a = a;
    l->b = b;
    if (changes == 1) {
        /* One sign change: exactly one rate (Descartes), inside the bounds,
         * where the two ends' signs differ unless a bound was held. */
        l->stage = IRR_AT_A;
        l->t = a;
        return 1;
    }
    /* Isolate the rates by halving [a, b] while more than one can lie in a
     * part (irr_split's bounds); where that cannot decide, the scan, in steps of
     * 1e-4 (1,024 to 65,536 of them). Flows that span all n periods are
     * isolated with others, side by side (iso_add); the others here. */
    if (l->p.hi - l->p.lo + 1 == n && n <= TCI_IRR_MAX_FLOWS) {
        iso_add(st, &l->p, id, a, b);
        return 0;
    }
    double ra = a, rb = b;
    found = irr_isolate(&l->p, a, b, &ra, &rb);
    if (!irr_isolated(st, &l->p, id, found, a, b, &ra, &rb))
        return 0;
    irr_lane_refine(l, ra, rb);
    return 1;
}

/* Lane l after its evaluation at l->t, f and df: 0 when its result is
 * handed to st->done, else 1 with the next point in l->t. */
static int irr_advance(tci_irr_stream *st, irr_lane *l, double f, double df)
{
    double out;
    switch (l->stage) {
    case IRR_AT_A:
        l->fa = f;
        l->stage = IRR_AT_B;
        l->t = l->b;
        return 1;
    case IRR_AT_B:
        if (sign_of(l->fa) * sign_of(f) >= 0) {
            st->done(st->ctx, l->id, -1, NAN, "the rate is beyond the range of numbers");
            return 0;
        }
        l->r = irr_refine_start(l->a, l->b, sign_of(l->fa));
        break;
    case IRR_AT_SA:
        l->r = irr_refine_start(l->a, l->b, sign_of(f));
        break;
    default:
        if (irr_refine_step(&l->r, f, df, &out)) {
            st->done(st->ctx, l->id, 0, expm1(out), NULL);
            return 0;
        }
        break;
    }
    l->stage = IRR_REFINE;
    l->t = l->r.t;
    return 1;
}

/* Lane i's coefficients into its two columns of q, in the order its Horner
 * sum takes them at a point t >= 0 (up, column i: in x, s[lo + n - 1] first,
 * s[lo] last) and t < 0 (column IRR_L + i: in y, s[hi - n + 1] first, s[hi]
 * last); 0 outside lo..hi. Every sum runs n steps: the zeros before a shorter
 * sum's first flow leave its value and derivative 0, as they start. */
static void irr_columns(tci_irr_stream *st, size_t i)
{
    const irr_lane *l = &st->lane[i];
    const size_t n = st->n, lo = l->p.lo, hi = l->p.hi, zeros = n - 1 - (hi - lo);
    const double *s = l->p.s;
    double *up = st->q + i, *down = st->q + IRR_L + i;
    size_t k = 0;
    for (; k < zeros; k++) /* past hi (up), before lo (down) */
        up[2 * IRR_L * k] = down[2 * IRR_L * k] = 0;
    for (; k < n; k++) {
        up[2 * IRR_L * k] = s[hi - (k - zeros)];
        down[2 * IRR_L * k] = s[lo + (k - zeros)];
    }
}

/* The kernels, each with the operations of one lane (or set) alone, side by
 * side. Each element of a vector operation is the scalar operation, rounded
 * alike (and never fused: see CMakeLists.txt), so every width gives the
 * same doubles.
 *
 * refine: for each block of lanes whose busy[] is set, the Horner sums of
 * the coefficients in q (n rows of 2 IRR_L: lane i's column i where up[i] is
 * set, else IRR_L + i) at z[] in v[] and of their derivatives in z in d[],
 * four vectors of w lanes to a block: d = d z + v, then v = v z + c.
 *
 * split: irr_split of each set i of the isolation whose vector is busy,
 * from its flows forward (fwd: s[lo + k] in row k) and back (back: s[hi -
 * k]): f[i] = the Horner sum in z[i] of back (up[i] set) or fwd, and the sign
 * changes of the running sums of fwd weighted wa[i] x[i]^k (above[i]) and of
 * back weighted wb[i] y[i]^k (below[i]).
 *
 * no_root: irr_no_root's slope of each busy set i, the sum of |c| k m[i]^k
 * over fwd (fwd[i] set) or back. */
typedef void irr_refine_fn(const double *q, size_t n, const double *z, const long long *up,
                           double *v, double *d, const unsigned char *busy);
typedef void irr_split_fn(const double *fwd, const double *back, size_t n, const double *z,
                          const double *x, const double *y, const double *wa, const double *wb,
                          const long long *up, const unsigned char *busy, double *f, int *below,
                          int *above);
typedef void irr_no_root_fn(const double *fwd, const double *back, size_t n, const double *m,
                            const long long *use_fwd, const unsigned char *busy, double *slope);

typedef struct irr_kernels {
    int width;
    irr_refine_fn *refine;
    irr_split_fn *split;
    irr_no_root_fn *no_root;
} irr_kernels;

#define IRR_I TCI_IRR_ISO

static void irr_refine_1(const double *q, size_t n, const double *z, const long long *up, double *v,
                         double *d, const unsigned char *busy)
{
    for (size_t b = 0; b < IRR_L / 4; b++) {
        if (!busy[b])
            continue;
        const size_t o = 4 * b;
        double zz[4], vv[4] = {0}, dd[4] = {0};
        for (int j = 0; j < 4; j++)
            zz[j] = z[o + j];
        for (size_t k = 0; k < n; k++)
            for (int j = 0; j < 4; j++) {
                dd[j] = dd[j] * zz[j] + vv[j];
                vv[j] = vv[j] * zz[j] + q[2 * IRR_L * k + (up[o + j] ? 0 : IRR_L) + o + j];
            }
        for (int j = 0; j < 4; j++) {
            v[o + j] = vv[j];
            d[o + j] = dd[j];
        }
    }
}

static void irr_split_1(const double *fwd, const double *back, size_t n, const double *z,
                        const double *x, const double *y, const double *wa, const double *wb,
                        const long long *up, const unsigned char *busy, double *f, int *below,
                        int *above)
{
    for (size_t i = 0; i < IRR_I; i++) {
        if (!busy[i])
            continue;
        double acc = 0, sum_a = 0, w_a = wa[i], sum_b = 0, w_b = wb[i];
        int ch_a = 0, last_a = 0, ch_b = 0, last_b = 0;
        for (size_t k = 0; k < n; k++, w_a *= x[i], w_b *= y[i]) {
            acc = acc * z[i] + (up[i] ? back : fwd)[k * IRR_I + i];
            sum_a += fwd[k * IRR_I + i] * w_a;
            irr_count_change(sum_a, &last_a, &ch_a);
            sum_b += back[k * IRR_I + i] * w_b;
            irr_count_change(sum_b, &last_b, &ch_b);
        }
        f[i] = acc;
        below[i] = ch_b;
        above[i] = ch_a;
    }
}

static void irr_no_root_1(const double *fwd, const double *back, size_t n, const double *m,
                          const long long *use_fwd, const unsigned char *busy, double *slope)
{
    for (size_t i = 0; i < IRR_I; i++) {
        if (!busy[i])
            continue;
        double sum = 0, w = 1;
        for (size_t k = 0; k < n; k++, w *= m[i])
            sum += fabs((use_fwd[i] ? fwd : back)[k * IRR_I + i]) * (double)k * w;
        slope[i] = sum;
    }
}

#if defined(__GNUC__)
/* The kernels of width W, with the target attribute attr (empty for the
 * compiler's own). A comparison of vectors gives -1 where it holds, 0 where
 * not; a choice between two vectors is by the bits. */
#define IRR_KERNELS(W, attr)                                                                       \
    typedef double irr_vec##W __attribute__((vector_size((W) * sizeof(double))));                  \
    typedef int64_t irr_mask##W __attribute__((vector_size((W) * sizeof(int64_t))));               \
    attr static void irr_refine_##W(const double *q, size_t n, const double *z,                    \
                                    const long long *up, double *v, double *d,                     \
                                    const unsigned char *busy)                                     \
    {                                                                                              \
        typedef irr_vec##W vec;                                                                    \
        for (size_t b = 0; b < IRR_L / (4 * (W)); b++) {                                           \
            if (!busy[b])                                                                          \
                continue;                                                                          \
            const size_t o = 4 * (W)*b;                                                            \
            vec zz[4], vv[4], dd[4];                                                               \
            irr_mask##W upm[4];                                                                    \
            for (int j = 0; j < 4; j++) {                                                          \
                memcpy(&zz[j], z + o + (size_t)j * (W), sizeof zz[j]);                             \
                memcpy(&upm[j], up + o + (size_t)j * (W), sizeof upm[j]);                          \
                vv[j] = dd[j] = (vec){0};                                                          \
            }                                                                                      \
            for (size_t k = 0; k < n; k++) {                                                       \
                const double *row = q + 2 * IRR_L * k + o;                                         \
                for (int j = 0; j < 4; j++) {                                                      \
                    vec cu, cd;                                                                    \
                    memcpy(&cu, row + (size_t)j * (W), sizeof cu);                                 \
                    memcpy(&cd, row + IRR_L + (size_t)j * (W), sizeof cd);                         \
                    const vec c = (vec)(((irr_mask##W)cu & upm[j]) | ((irr_mask##W)cd & ~upm[j])); \
                    dd[j] = dd[j] * zz[j] + vv[j];                                                 \
                    vv[j] = vv[j] * zz[j] + c;                                                     \
                }                                                                                  \
            }                                                                                      \
            for (int j = 0; j < 4; j++) {                                                          \
                memcpy(v + o + (size_t)j * (W), &vv[j], sizeof vv[j]);                             \
                memcpy(d + o + (size_t)j * (W), &dd[j], sizeof dd[j]);                             \
            }                                                                                      \
        }                                                                                          \
    }                                                                                              \
    attr static void irr_split_##W(const double *fwd, const double *back, size_t n,                \
                                   const double *z, const double *x, const double *y,              \
                                   const double *wa, const double *wb, const long long *up,        \
                                   const unsigned char *busy, double *f, int *below, int *above)   \
    {                                                                                              \
        typedef irr_vec##W vec;                                                                    \
        typedef irr_mask##W mask;                                                                  \
        const vec zero = {0};                                                                      \
        for (size_t b = 0; b < IRR_I / (W); b++) {                                                 \
            if (!busy[b])                                                                          \
                continue;                                                                          \
            const size_t o = (W)*b;                                                                \
            vec zz, xx, yy, w_a, w_b, acc = zero, sum_a = zero, sum_b = zero;                      \
            mask upm, ch_a = {0}, last_a = {0}, ch_b = {0}, last_b = {0};                          \
            memcpy(&zz, z + o, sizeof zz);                                                         \
            memcpy(&xx, x + o, sizeof xx);                                                         \
            memcpy(&yy, y + o, sizeof yy);                                                         \
            memcpy(&w_a, wa + o, sizeof w_a);                                                      \
            memcpy(&w_b, wb + o, sizeof w_b);                                                      \
            memcpy(&upm, up + o, sizeof upm);                                                      \
            for (size_t k = 0; k < n; k++, w_a = w_a * xx, w_b = w_b * yy) {                       \
                vec cf, cb;                                                                        \
                memcpy(&cf, fwd + k * IRR_I + o, sizeof cf);                                       \
                memcpy(&cb, back + k * IRR_I + o, sizeof cb);                                      \
                acc = acc * zz + (vec)(((mask)cb & upm) | ((mask)cf & ~upm));                      \
                sum_a = sum_a + cf * w_a;                                                          \
                mask s_a = (sum_a < zero) - (sum_a > zero), nz_a = s_a != 0;                       \
                ch_a -= nz_a & (last_a != 0) & (s_a != last_a);                                    \
                last_a = (s_a & nz_a) | (last_a & ~nz_a);                                          \
                sum_b = sum_b + cb * w_b;                                                          \
                mask s_b = (sum_b < zero) - (sum_b > zero), nz_b = s_b != 0;                       \
                ch_b -= nz_b & (last_b != 0) & (s_b != last_b);                                    \
                last_b = (s_b & nz_b) | (last_b & ~nz_b);                                          \
            }                                                                                      \
            for (int j = 0; j < (W); j++) {                                                        \
                f[o + j] = acc[j];                                                                 \
                below[o + j] = (int)ch_b[j];                                                       \
                above[o + j] = (int)ch_a[j];                                                       \
            }                                                                                      \
        }                                                                                          \
    }                                                                                              \
    attr static void irr_no_root_##W(const double *fwd, const double *back, size_t n,              \
                                     const double *m, const long long *use_fwd,                    \
                                     const unsigned char *busy, double *slope)                     \
    {                                                                                              \
        typedef irr_vec##W vec;                                                                    \
        typedef irr_mask##W mask;                                                                  \
        const vec zero = {0};                                                                      \
        const mask magnitude = ~(mask)(zero * -1.0); /* all bits but the sign's */                 \
        for (size_t b = 0; b < IRR_I / (W); b++) {                                                 \
            if (!busy[b])                                                                          \
                continue;                                                                          \
            const size_t o = (W)*b;                                                                \
            vec mm, sum = zero, w = zero + 1, k_of = zero;                                         \
            mask fm;                                                                               \
            memcpy(&mm, m + o, sizeof mm);                                                         \
            memcpy(&fm, use_fwd + o, sizeof fm);                                                   \
            for (size_t k = 0; k < n; k++, w = w * mm, k_of = k_of + 1) {                          \
                vec cf, cb;                                                                        \
                memcpy(&cf, fwd + k * IRR_I + o, sizeof cf);                                       \
                memcpy(&cb, back + k * IRR_I + o, sizeof cb);                                      \
                vec c = (vec)((((mask)cf & fm) | ((mask)cb & ~fm)) & magnitude);                   \
                sum = sum + c * k_of * w;                                                          \
            }                                                                                      \
            memcpy(slope + o, &sum, sizeof sum);                                                   \
        }                                                                                          \
    }

IRR_KERNELS(2, )
#if defined(__x86_64__) || defined(__i386__)
#define IRR_X86 1
IRR_KERNELS(4, __attribute__((target("avx2"))))
IRR_KERNELS(8, __attribute__((target("avx512f"))))
#endif
#endif

static const irr_kernels irr_kernels_of[] = {
    {1, irr_refine_1, irr_split_1, irr_no_root_1},
#if defined(__GNUC__)
    {2, irr_refine_2, irr_split_2, irr_no_root_2},
#endif
#if defined(IRR_X86)
    {4, irr_refine_4, irr_split_4, irr_no_root_4},
    {8, irr_refine_8, irr_split_8, irr_no_root_8},
#endif
};

static atomic_int irr_width_asked;

/* The kernels of width w when the processor has them, else NULL. */
static const irr_kernels *irr_kernels_at(int w)
{
#if defined(IRR_X86)
    if ((w == 4 && !__builtin_cpu_supports("avx2")) ||
        (w == 8 && !__builtin_cpu_supports("avx512f")))
        return NULL;
#endif
    for (size_t i = 0; i < sizeof irr_kernels_of / sizeof irr_kernels_of[0]; i++)
        if (irr_kernels_of[i].width == w)
            return &irr_kernels_of[i];
    return NULL;
}

/* The kernels in use: the width asked for, else the widest the processor
 * has. */
static const irr_kernels *irr_kernels_used(void)
{
    const irr_kernels *k = irr_kernels_at(atomic_load(&irr_width_asked));
    for (int w = 8; !k; w /= 2)
        k = irr_kernels_at(w);
    return k;
}

/* See documentation in header file. */
int tci_irr_width_use(int w)
{
    atomic_store(&irr_width_asked, w > 0 && irr_kernels_at(w) ? w : 0);
    return irr_kernels_used()->width;
}

/* One evaluation of every busy lane of st at its point t: irr_sign_fn there
 * and its derivative in t, then the lane's next step. */
static void irr_round(tci_irr_stream *st)
{
    const irr_kernels *kernels = irr_kernels_used();
    const int w = kernels->width;
    double z[IRR_L], v[IRR_L], d[IRR_L];
    long long up[IRR_L];
    unsigned char busy[IRR_L / 4] = {0};
    for (size_t i = 0; i < IRR_L; i++) {
        irr_lane *l = &st->lane[i];
        z[i] = 0; /* an idle lane's sums are not used */
        up[i] = 0;
        if (l->stage == IRR_IDLE)
            continue;
        up[i] = l->t >= 0 ? -1 : 0;
        z[i] = l->t >= 0 ? exp(-l->t) : exp(l->t);
        busy[i / (4 * (size_t)w)] = 1;
    }
    kernels->refine(st->q, st->n, z, up, v, d, busy);
    for (size_t i = 0; i < IRR_L; i++) {
        irr_lane *l = &st->lane[i];
        if (l->stage == IRR_IDLE)
            continue;
        /* dx/dt = -x, dy/dt = y */
        const double df = l->t >= 0 ? d[i] * -z[i] : d[i] * z[i];
        if (!irr_advance(st, l, v[i], df)) {
            l->stage = IRR_IDLE;
            st->busy--;
        }
    }
}

/* ===== The isolation, side by side =====
 *
 * Each set in isolation runs irr_isolate's halvings as a machine of frames
 * (iso_run), which stops where it needs an evaluation: the sign function at
 * a point (IRR_ASK_SIGN), irr_split there (IRR_ASK_SPLIT) or irr_no_root on
 * an interval (IRR_ASK_NO_ROOT). The evaluations that TCI_IRR_ISO sets wait
 * on are made side by side (iso_step); each set takes the same steps,
 * with the same numbers, as irr_isolate. */

enum { IRR_ASK_NONE, IRR_ASK_SIGN, IRR_ASK_SPLIT, IRR_ASK_NO_ROOT };
enum { IRR_FR_ENTER, IRR_FR_NO_ROOT, IRR_FR_SPLIT, IRR_FR_LEFT, IRR_FR_RIGHT };
enum { IRR_ISO_FREE, IRR_ISO_AT_A, IRR_ISO_AT_B, IRR_ISO_HALVING };

typedef tci_irr_iso irr_iso;
typedef tci_irr_frame irr_frame;

/* Push the frame of irr_isolate(t1, t2, f1, f2, above, below) of q, its
 * result to *ret and its bracket to *ra, *rb; 0 when the frames run out
 * (which halvings down to 1e-4 from 1,400 never reach). */
static int iso_push(irr_iso *q, double t1, double t2, double f1, double f2, int above, int below,
                    int *ret, double *ra, double *rb)
{
    if (q->depth + 1 >= TCI_IRR_DEPTH)
        return 0;
    q->fr[++q->depth] = (irr_frame){.t1 = t1,
                                    .t2 = t2,
                                    .f1 = f1,
                                    .f2 = f2,
                                    .above = above,
                                    .below = below,
                                    .ret = ret,
                                    .ra = ra,
                                    .rb = rb};
    return 1;
}

/* Return r from q's top frame. */
static void iso_return(irr_iso *q, int r)
{
    *q->fr[q->depth--].ret = r;
}

/* Run q until it waits on an evaluation (q->ask) or its isolation is done
 * (IRR_ASK_NONE, the count in q->found, the bracket in q->ra, q->rb). */
static void iso_run(irr_iso *q)
{
    q->ask = IRR_ASK_NONE;
    if (q->stage == IRR_ISO_AT_A) { /* irr_sign_fn at a, then at b */
        q->ask = IRR_ASK_SIGN;
        q->at = q->a;
        return;
    }
    if (q->stage == IRR_ISO_AT_B) {
        q->ask = IRR_ASK_SIGN;
        q->at = q->b;
        return;
    }
    while (q->depth >= 0) {
        irr_frame *fr = &q->fr[q->depth];
        const int s1 = sign_of(fr->f1), s2 = sign_of(fr->f2);
        switch (fr->phase) {
        case IRR_FR_ENTER: {
            const int bound = fr->above < fr->below ? fr->above : fr->below;
            if (bound == 0) {
                iso_return(q, 0);
                continue;
            }
            if (bound == 1 && s1 != 0 && s2 != 0) {
                *fr->ra = fr->t1;
                *fr->rb = fr->t2;
                iso_return(q, s1 != s2);
                continue;
            }
            fr->phase = IRR_FR_NO_ROOT;
            fr->no_root = 0;
            if (s1 == s2 && !(fr->t1 < 0 && fr->t2 > 0)) {
                q->ask = IRR_ASK_NO_ROOT;
                q->at = fr->t1;
                q->at2 = fr->t2;
                q->at_f = fr->f1;
                return;
            }
            continue;
        }
        case IRR_FR_NO_ROOT:
            if (s1 == s2 && fr->no_root) {
                iso_return(q, 0);
                continue;
            }
            if (fr->t2 - fr->t1 < 1e-4) { /* the scan's resolution: a change of sign is a rate */
                *fr->ra = fr->t1;
                *fr->rb = fr->t2;
                iso_return(q, s1 == 0 || s2 == 0 ? -1 : s1 != s2);
                continue;
            }
            if (--q->budget < 0) {
                iso_return(q, -1);
                continue;
            }
            fr->m = fr->t1 + (fr->t2 - fr->t1) / 2;
            fr->phase = IRR_FR_SPLIT;
            q->ask = IRR_ASK_SPLIT;
            q->at = fr->m;
            return;
        case IRR_FR_SPLIT:
            if (sign_of(fr->fm) == 0) {
                iso_return(q, -1); /* a rate on the grid: the scan counts it */
                continue;
            }
            fr->la = fr->lb = 0;
            fr->phase = IRR_FR_LEFT;
            if (!iso_push(q, fr->t1, fr->m, fr->f1, fr->fm, fr->above, fr->below_m, &fr->left,
                          &fr->la, &fr->lb))
                iso_return(q, -1);
            continue;
        case IRR_FR_LEFT:
            if (fr->left < 0 || fr->left > 1) {
                iso_return(q, fr->left);
                continue;
            }
            fr->phase = IRR_FR_RIGHT;
            if (!iso_push(q, fr->m, fr->t2, fr->fm, fr->f2, fr->above_m, fr->below, &fr->right,
                          fr->ra, fr->rb))
                iso_return(q, -1);
            continue;
        default: /* IRR_FR_RIGHT */
            if (fr->right < 0) {
                iso_return(q, fr->right);
                continue;
            }
            if (fr->left == 1) {
                *fr->ra = fr->la;
                *fr->rb = fr->lb;
            }
            iso_return(q, fr->left + fr->right > 1 ? 2 : fr->left + fr->right);
            continue;
        }
    }
}

/* q with its evaluation made: the answer into its machine. */
static void iso_answer(irr_iso *q)
{
    if (q->ask == IRR_ASK_SIGN && q->stage == IRR_ISO_AT_A) {
        q->fr[0].f1 = q->f;
        q->stage = IRR_ISO_AT_B;
    } else if (q->ask == IRR_ASK_SIGN) {
        q->depth = -1;
        q->stage = IRR_ISO_HALVING;
        iso_push(q, q->a, q->b, q->fr[0].f1, q->f, IRR_UNBOUNDED, IRR_UNBOUNDED, &q->found, &q->ra,
                 &q->rb);
    } else if (q->ask == IRR_ASK_SPLIT) {
        irr_frame *fr = &q->fr[q->depth];
        fr->fm = q->f;
        fr->below_m = q->below;
        fr->above_m = q->above;
    } else {
        q->fr[q->depth].no_root = q->no_root;
    }
}

/* q's evaluation, made here for q alone. */
static void iso_evaluate(irr_iso *q)
{
    if (q->ask == IRR_ASK_SIGN)
        q->f = irr_sign_fn(&q->p, q->at);
    else if (q->ask == IRR_ASK_SPLIT)
        irr_split(&q->p, q->at, &q->f, &q->below, &q->above);
    else
        q->no_root = irr_no_root(&q->p, q->at, q->at2, q->at_f);
}

/* The root isolation of tci_irr for flows p alone: the rates strictly
 * between a and b, 0, 1 or 2 (at least two), the first bracketed in *ra,
 * *rb; -1 when the caller is to scan instead. The halvings of iso_run, each
 * evaluation made as it is asked for. */
static int irr_isolate(const irr_poly *p, double a, double b, double *ra, double *rb)
{
    irr_iso q = {.p = *p,
                 .a = a,
                 .b = b,
                 .ra = *ra,
                 .rb = *rb,
                 .budget = 4096,
                 .depth = -1,
                 .stage = IRR_ISO_AT_A};
    for (iso_run(&q); q.ask != IRR_ASK_NONE; iso_run(&q)) {
        iso_evaluate(&q);
        iso_answer(&q);
    }
    *ra = q.ra;
    *rb = q.rb;
    return q.found;
}

/* An idle lane of st, after rounds that free one when none is. */
static size_t irr_idle_lane(tci_irr_stream *st)
{
    while (st->busy == IRR_L)
        irr_round(st);
    size_t i = 0;
    while (st->lane[i].stage != IRR_IDLE) /* the first: busy ones stay in few blocks */
        i++;
    return i;
}

/* The refinement of flows p (scaled in p->s) on [a, b] into an idle lane of
 * st. */
static void irr_lane_take(tci_irr_stream *st, const irr_poly *p, size_t id, double a, double b)
{
    const size_t i = irr_idle_lane(st);
    irr_lane *l = &st->lane[i];
    double *s = st->s + i * st->n;
    for (size_t k = p->lo; k <= p->hi; k++)
        s[k] = p->s[k];
    l->p = *p;
    l->p.s = s;
    l->id = id;
    irr_lane_refine(l, a, b);
    irr_columns(st, i);
    st->busy++;
}

/* q, whose isolation is done: to its result or its refinement; its place
 * free. */
static void iso_retire(tci_irr_stream *st, irr_iso *q)
{
    if (irr_isolated(st, &q->p, q->id, q->found, q->a, q->b, &q->ra, &q->rb))
        irr_lane_take(st, &q->p, q->id, q->ra, q->rb);
    q->stage = IRR_ISO_FREE;
    st->isos--;
}

/* One evaluation of every set in st's isolation, side by side; the sets
 * done retire. */
static void iso_step(tci_irr_stream *st)
{
    const irr_kernels *kernels = irr_kernels_used();
    const size_t w = (size_t)kernels->width;
    double z[IRR_I], x[IRR_I], y[IRR_I], wa[IRR_I], wb[IRR_I], m[IRR_I], f[IRR_I], slope[IRR_I];
    long long up[IRR_I], use_fwd[IRR_I];
    int below[IRR_I], above[IRR_I];
    unsigned char split[IRR_I] = {0}, no_root[IRR_I] = {0};
    for (size_t i = 0; i < IRR_I; i++) {
        irr_iso *q = &st->iso[i];
        z[i] = x[i] = y[i] = wa[i] = wb[i] = m[i] = 0;
        up[i] = use_fwd[i] = 0;
        if (q->stage == IRR_ISO_FREE)
            continue;
        while (q->ask == IRR_ASK_SPLIT && irr_unbounded(&q->p, q->at)) {
            iso_evaluate(q); /* irr_split's unbounded case, here */
            iso_answer(q);
            iso_run(q);
        }
        const double len = (double)(q->p.hi - q->p.lo), mid = len / 2;
        const double t = q->at;
        if (q->ask == IRR_ASK_NONE) {
            iso_retire(st, q);
        } else if (q->ask == IRR_ASK_NO_ROOT) {
            use_fwd[i] = t >= 0 ? -1 : 0;
            m[i] = t >= 0 ? exp(-t) : exp(q->at2);
            no_root[i / w] = 1;
        } else {
            x[i] = exp(-t);
            y[i] = exp(t);
            z[i] = t >= 0 ? x[i] : y[i];
            up[i] = t >= 0 ? -1 : 0;
            wa[i] = exp(t * mid);
            wb[i] = exp(-t * (len - mid));
            split[i / w] = 1;
        }
    }
    kernels->split(st->iso_fwd, st->iso_back, st->n, z, x, y, wa, wb, up, split, f, below, above);
    kernels->no_root(st->iso_fwd, st->iso_back, st->n, m, use_fwd, no_root, slope);
    for (size_t i = 0; i < IRR_I; i++) {
        irr_iso *q = &st->iso[i];
        if (q->stage == IRR_ISO_FREE)
            continue;
        if (q->ask == IRR_ASK_NO_ROOT) {
            q->no_root = irr_slope_clears(slope[i], q->at, q->at2, q->at_f);
        } else {
            q->f = f[i];
            q->below = below[i];
            q->above = above[i];
        }
        iso_answer(q);
        iso_run(q);
        if (q->ask == IRR_ASK_NONE)
            iso_retire(st, q);
    }
}

/* Flows id (p, scaled in p->s), with more than one sign change, into a
 * free place of st's isolation (tci_irr_stream_add makes one) on [a, b]. */
static void iso_add(tci_irr_stream *st, const irr_poly *p, size_t id, double a, double b)
{
    size_t i = 0;
    while (st->iso[i].stage != IRR_ISO_FREE)
        i++;
    const size_t n = st->n;
    irr_iso *q = &st->iso[i];
    double *s = st->iso_s + i * n;
    *q = (irr_iso){.p = *p,
                   .id = id,
                   .a = a,
                   .b = b,
                   .ra = a,
                   .rb = b,
                   .budget = 4096,
                   .depth = -1,
                   .stage = IRR_ISO_AT_A};
    for (size_t k = 0; k < n; k++) {
        s[k] = p->s[k];
        st->iso_fwd[k * IRR_I + i] = p->s[p->lo + k];
        st->iso_back[k * IRR_I + i] = p->s[p->hi - k];
    }
    q->p.s = s;
    st->isos++;
    iso_run(q);
}

/* See documentation in header file. */
int tci_irr_stream_init(tci_irr_stream *st, size_t n, tci_irr_done *done, void *ctx)
{
    st->n = n;
    st->busy = st->isos = 0;
    for (size_t i = 0; i < TCI_IRR_ISO; i++)
        st->iso[i].stage = IRR_ISO_FREE;
    st->done = done;
    st->ctx = ctx;
    st->heap = NULL;
    double *mem = st->store;
    if (n > TCI_IRR_MAX_FLOWS) {
        if (n > SIZE_MAX / (3 * IRR_L * sizeof *mem) ||
            !(mem = st->heap = malloc(3 * IRR_L * n * sizeof *mem))) {
            st->q = st->s = NULL;
            return -1;
        }
    }
    st->q = mem;
    st->s = mem + 2 * IRR_L * n;
    memset(st->q, 0, 2 * IRR_L * n * sizeof *st->q);
    for (size_t i = 0; i < IRR_L; i++) {
        st->lane[i].stage = IRR_IDLE;
        st->lane[i].t = 0;
    }
    return 0;
}

/* See documentation in header file. */
void tci_irr_stream_add(tci_irr_stream *st, const double *flows, size_t id)
{
    if (!st->q) {
        st->done(st->ctx, id, -1, NAN, "out of memory");
        return;
    }
    /* A free place in the isolation, then an idle lane (the isolation's
     * steps may fill the lanes; the lanes' rounds leave the isolation be). */
    while (st->isos == IRR_I)
        iso_step(st);
    const size_t i = irr_idle_lane(st);
    if (irr_begin(st, &st->lane[i], st->s + i * st->n, flows, id)) {
        irr_columns(st, i);
        st->busy++;
    }
}

/* See documentation in header file. */
void tci_irr_stream_finish(tci_irr_stream *st)
{
    while (st->isos > 0)
        iso_step(st);
    while (st->busy > 0)
        irr_round(st);
    free(st->heap);
    st->heap = st->q = st->s = NULL;
}

/* tci_irr_many's results, where its stream hands them. */
typedef struct irr_many_out {
    double *rate;
    const char **why;
    int *status;
} irr_many_out;

static void irr_many_done(void *ctx, size_t id, int status, double rate, const char *why)
{
    irr_many_out *out = ctx;
    out->rate[id] = rate;
    out->why[id] = why;
    out->status[id] = status;
}

/* See documentation in header file. */
void tci_irr_many(const double *const *flows, size_t count, size_t n, double *rate,
                  const char **why, int *status)
{
    tci_irr_stream st;
    irr_many_out out = {rate, why, status};
    tci_irr_stream_init(&st, n, irr_many_done, &out);
    for (size_t j = 0; j < count; j++)
        tci_irr_stream_add(&st, flows[j], j);
    tci_irr_stream_finish(&st);
}

/* See documentation in header file. */
int tci_irr(const double *flows, size_t n, double *rate_out, const char **why)
{
    const char *reason = NULL;
    int status;
    tci_irr_many(&flows, 1, n, rate_out, &reason, &status);
    if (status != 0 && why)
        *why = reason;
    return status;
}
