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
static void irr_split(const irr_poly *p, double t, double *f, int *below, int *above)
{
    const double n = (double)(p->hi - p->lo), mid = n / 2;
    if (fabs(t) * (mid + 1) > 600) {
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

/* 1 when irr_sign_fn has no zero in [t1, t2], a side of t = 0, given its
 * value f1 at t1: f1 is further from 0 than the interval's width times a
 * bound on its slope there (the slope of each term is largest at the end
 * where x = e^-t, or y = e^t, is largest). */
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
    return isfinite(slope) && fabs(f1) > slope * (t2 - t1) * (1 + 1e-9);
}

/* The root isolation of tci_irr: the rates strictly between t1 and t2, where
 * irr_sign_fn is f1 and f2, given `above` (a bound on the rates above t1)
 * and `below` (on those below t2): 0, 1 or 2 (at least two), the first
 * bracketed in *ra, *rb. At most one root can lie there when either bound is
 * 1 or less, and then the signs at the ends tell whether it does; else the
 * interval is halved. -1 when the budget of halvings runs out or the interval
 * narrows below 1e-4 with more than one root possible: the caller scans
 * instead. */
static int irr_isolate(const irr_poly *p, double t1, double t2, double f1, double f2, int above,
                       int below, double *ra, double *rb, int *budget)
{
    int bound = above < below ? above : below;
    if (bound == 0)
        return 0;
    int s1 = sign_of(f1), s2 = sign_of(f2);
    if (bound == 1 && s1 != 0 && s2 != 0) {
        *ra = t1;
        *rb = t2;
        return s1 != s2;
    }
    if (s1 == s2 && irr_no_root(p, t1, t2, f1))
        return 0;
    if (t2 - t1 < 1e-4) { /* the scan's resolution: a change of sign is a rate */
        *ra = t1;
        *rb = t2;
        return s1 == 0 || s2 == 0 ? -1 : s1 != s2;
    }
    if (--*budget < 0)
        return -1;
    double m = t1 + (t2 - t1) / 2, fm;
    int below_m, above_m;
    irr_split(p, m, &fm, &below_m, &above_m);
    if (sign_of(fm) == 0)
        return -1; /* a rate on the grid: the scan counts it */
    double la = 0, lb = 0;
    int left = irr_isolate(p, t1, m, f1, fm, above, below_m, &la, &lb, budget);
    if (left < 0 || left > 1)
        return left;
    int right = irr_isolate(p, m, t2, fm, f2, above_m, below, ra, rb, budget);
    if (right < 0)
        return right;
    if (left == 1) {
        *ra = la;
        *rb = lb;
    }
    return left + right > 1 ? 2 : left + right;
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
 * as the processor's vectors hold. Each lane's coefficients sit in its column
 * of q, so that a row of q is one load per vector. */

#define IRR_L TCI_IRR_LANES

/* What a lane evaluates next: the lower bound a, then the upper bound b (one
 * sign change), the lower end of an isolated bracket, or a refinement step. */
enum { IRR_AT_A, IRR_AT_B, IRR_AT_SA, IRR_REFINE, IRR_IDLE };

typedef tci_irr_lane irr_lane;

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
    l->up = -1; /* its column is another's */
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
     * 1e-4 (1,024 to 65,536 of them). */
    int budget = 4096;
    double ra = a, rb = b;
    found = irr_isolate(&l->p, a, b, irr_sign_fn(&l->p, a), irr_sign_fn(&l->p, b), IRR_UNBOUNDED,
                        IRR_UNBOUNDED, &ra, &rb, &budget);
    if (found < 0)
        found = irr_scan(&l->p, a, b, fmin(fmax(ceil((b - a) / 1e-4), 1024), 65536), &ra, &rb);
    if (found != 1) {
        st->done(st->ctx, id, -1, NAN,
                 found == 0 ? "more than one sign change and no rate with NPV 0"
                            : "more than one sign change and more than one rate with NPV 0");
        return 0;
    }
    if (ra == rb) {
        st->done(st->ctx, id, 0, expm1(ra), NULL);
        return 0;
    }
    l->a = ra;
    l->b = rb;
    l->stage = IRR_AT_SA;
    l->t = ra;
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

/* Lane i's coefficients into its column of q, in the order its Horner sum
 * takes them at a point t >= 0 (up: in x, s[lo + n - 1] first, s[lo]
 * last) or t < 0 (in y, s[hi - n + 1] first, s[hi] last); 0 outside lo..hi.
 * Every sum runs n steps: the zeros before a shorter sum's first flow leave
 * its value and derivative 0, as they start. */
static void irr_column(tci_irr_stream *st, size_t i, int up)
{
    irr_lane *l = &st->lane[i];
    const size_t n = st->n, lo = l->p.lo, hi = l->p.hi, zeros = n - 1 - (hi - lo);
    const double *s = l->p.s;
    double *q = st->q + i;
    size_t k = 0;
    for (; k < zeros; k++) /* past hi (up), before lo (not up) */
        q[k * IRR_L] = 0;
    if (up) {
        for (; k < n; k++)
            q[k * IRR_L] = s[hi - (k - zeros)];
    } else {
        for (; k < n; k++)
            q[k * IRR_L] = s[lo + (k - zeros)];
    }
    l->up = up;
}

/* The kernels: for each block of lanes whose busy[] is set, the Horner sums
 * of the coefficients in q (n rows) at z[] in v[] and of their derivatives in
 * z in d[], four vectors of `w` lanes to a block, each lane with the
 * operations of one lane alone: d = d z + v, then v = v z + q. Each element
 * of a vector operation is the scalar operation, rounded alike (and never
 * fused: see CMakeLists.txt), so every width gives the same doubles. */
typedef void irr_kernel(const double *q, size_t n, const double *z, double *v, double *d,
                        const unsigned char *busy);

static void irr_kernel_1(const double *q, size_t n, const double *z, double *v, double *d,
                         const unsigned char *busy)
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
                vv[j] = vv[j] * zz[j] + q[k * IRR_L + o + j];
            }
        for (int j = 0; j < 4; j++) {
            v[o + j] = vv[j];
            d[o + j] = dd[j];
        }
    }
}

#if defined(__GNUC__)
/* The kernel of width W, with the target attribute attr (empty for the
 * compiler's own). */
#define IRR_KERNEL(name, W, attr)                                                                  \
    attr static void name(const double *q, size_t n, const double *z, double *v, double *d,        \
                          const unsigned char *busy)                                               \
    {                                                                                              \
        typedef double vec __attribute__((vector_size((W) * sizeof(double))));                     \
        for (size_t b = 0; b < IRR_L / (4 * (W)); b++) {                                           \
            if (!busy[b])                                                                          \
                continue;                                                                          \
            const size_t o = 4 * (W)*b;                                                            \
            vec zz[4], vv[4], dd[4];                                                               \
            for (int j = 0; j < 4; j++) {                                                          \
                memcpy(&zz[j], z + o + (size_t)j * (W), sizeof zz[j]);                             \
                vv[j] = dd[j] = (vec){0};                                                          \
            }                                                                                      \
            for (size_t k = 0; k < n; k++) {                                                       \
                const double *row = q + k * IRR_L + o;                                             \
                for (int j = 0; j < 4; j++) {                                                      \
                    vec x;                                                                         \
                    memcpy(&x, row + (size_t)j * (W), sizeof x);                                   \
                    dd[j] = dd[j] * zz[j] + vv[j];                                                 \
                    vv[j] = vv[j] * zz[j] + x;                                                     \
                }                                                                                  \
            }                                                                                      \
            for (int j = 0; j < 4; j++) {                                                          \
                memcpy(v + o + (size_t)j * (W), &vv[j], sizeof vv[j]);                             \
                memcpy(d + o + (size_t)j * (W), &dd[j], sizeof dd[j]);                             \
            }                                                                                      \
        }                                                                                          \
    }

IRR_KERNEL(irr_kernel_2, 2, )
#if defined(__x86_64__) || defined(__i386__)
#define IRR_X86 1
IRR_KERNEL(irr_kernel_4, 4, __attribute__((target("avx"))))
IRR_KERNEL(irr_kernel_8, 8, __attribute__((target("avx512f"))))
#endif
#endif

static atomic_int irr_width_asked;

/* The kernel of width w when the processor has it, else NULL. */
static irr_kernel *irr_kernel_of(int w)
{
    switch (w) {
    case 1:
        return irr_kernel_1;
#if defined(__GNUC__)
    case 2:
        return irr_kernel_2;
#endif
#if defined(IRR_X86)
    case 4:
        return __builtin_cpu_supports("avx") ? irr_kernel_4 : NULL;
    case 8:
        return __builtin_cpu_supports("avx512f") ? irr_kernel_8 : NULL;
#endif
    default:
        return NULL;
    }
}

/* The width in use, and its kernel in *k. */
static int irr_width(irr_kernel **k)
{
    int w = atomic_load(&irr_width_asked);
    if (w > 0 && (*k = irr_kernel_of(w)))
        return w;
    for (w = 8; w > 1 && !(*k = irr_kernel_of(w)); w /= 2)
        ;
    *k = irr_kernel_of(w);
    return w;
}

/* See documentation in header file. */
int tci_irr_width_use(int w)
{
    irr_kernel *k;
    atomic_store(&irr_width_asked, w > 0 && irr_kernel_of(w) ? w : 0);
    return irr_width(&k);
}

/* One evaluation of every busy lane of st at its point t: irr_sign_fn there
 * and its derivative in t, then the lane's next step. */
static void irr_round(tci_irr_stream *st)
{
    irr_kernel *kernel;
    const int w = irr_width(&kernel);
    double z[IRR_L], v[IRR_L], d[IRR_L];
    unsigned char busy[IRR_L / 4] = {0};
    for (size_t i = 0; i < IRR_L; i++) {
        irr_lane *l = &st->lane[i];
        z[i] = 0; /* an idle lane's sums are not used */
        if (l->stage == IRR_IDLE)
            continue;
        const int up = l->t >= 0;
        if (l->up != up)
            irr_column(st, i, up);
        z[i] = up ? exp(-l->t) : exp(l->t);
        busy[i / (4 * (size_t)w)] = 1;
    }
    kernel(st->q, st->n, z, v, d, busy);
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

/* See documentation in header file. */
int tci_irr_stream_init(tci_irr_stream *st, size_t n, tci_irr_done *done, void *ctx)
{
    st->n = n;
    st->busy = 0;
    st->done = done;
    st->ctx = ctx;
    st->heap = NULL;
    double *mem = st->store;
    if (n > TCI_IRR_MAX_FLOWS) {
        if (n > SIZE_MAX / (2 * IRR_L * sizeof *mem) ||
            !(mem = st->heap = malloc(2 * IRR_L * n * sizeof *mem))) {
            st->q = st->s = NULL;
            return -1;
        }
    }
    st->q = mem;
    st->s = mem + IRR_L * n;
    memset(st->q, 0, IRR_L * n * sizeof *st->q);
    for (size_t i = 0; i < IRR_L; i++) {
        st->lane[i].stage = IRR_IDLE;
        st->lane[i].up = -1;
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
    while (st->busy == IRR_L)
        irr_round(st);
    size_t i = 0;
    while (st->lane[i].stage != IRR_IDLE) /* the first idle lane: busy ones stay in few blocks */
        i++;
    if (irr_begin(st, &st->lane[i], st->s + i * st->n, flows, id))
        st->busy++;
    else
        st->lane[i].stage = IRR_IDLE;
}

/* See documentation in header file. */
void tci_irr_stream_finish(tci_irr_stream *st)
{
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
