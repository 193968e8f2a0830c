/* finance.c - the spreadsheet's financial functions (PMT, IPMT, PPMT, NPV,
 * IRR, MIRR) and the payback period, as docs/MODEL.md defines them. */
#include "core/finance.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* (1+rate)^nper as q and q - 1 as qm1, accurate for a small rate. */
static void growth(double rate, double nper, double *q, double *qm1)
{
    double lq = nper * log1p(rate);
    *q = exp(lq);
    *qm1 = expm1(lq);
}

static int bad_rate(double rate)
{
    return !isfinite(rate) || rate <= -1;
}

static int bad_args(double rate, double nper, double pv, double fv, int type)
{
    return bad_rate(rate) || !isfinite(nper) || nper <= 0 || !isfinite(pv) || !isfinite(fv) ||
           (type != 0 && type != 1);
}

/* See documentation in header file. */
double tci_pmt(double rate, double nper, double pv, double fv, int type)
{
    if (bad_args(rate, nper, pv, fv, type))
        return NAN;
    double q, qm1;
    growth(rate, nper, &q, &qm1);
    if (rate == 0 || qm1 == 0)
        return -(pv + fv) / nper;
    if (isinf(q)) /* fv / q and 1 / q are 0 */
        return -(rate * pv) / (1 + rate * type);
    return -(rate * (pv * q + fv)) / ((1 + rate * type) * qm1);
}

/* FV(rate, nper, pmt, pv, type): the balance after nper periods. */
static double fv_of(double rate, double nper, double pmt, double pv, int type)
{
    double q, qm1;
    growth(rate, nper, &q, &qm1);
    if (rate == 0 || qm1 == 0)
        return -(pv + pmt * nper);
    return -(pv * q + pmt * (1 + rate * type) * qm1 / rate);
}

/* See documentation in header file. The interest of period `per` is the rate
 * times the balance that period starts from: after per-1 payments at the end
 * of each period, after per-2 (and the payment just made) at the beginning. */
double tci_ipmt(double rate, double per, double nper, double pv, double fv, int type)
{
    if (bad_args(rate, nper, pv, fv, type) || !isfinite(per) || per < 1 || per > nper)
        return NAN;
    double pmt = tci_pmt(rate, nper, pv, fv, type), balance;
    if (per == 1)
        balance = type ? 0 : -pv;
    else if (type)
        balance = fv_of(rate, per - 2, pmt, pv, 1) - pmt;
    else
        balance = fv_of(rate, per - 1, pmt, pv, 0);
    return balance * rate;
}

/* See documentation in header file. */
double tci_ppmt(double rate, double per, double nper, double pv, double fv, int type)
{
    return tci_pmt(rate, nper, pv, fv, type) - tci_ipmt(rate, per, nper, pv, fv, type);
}

/* See documentation in header file. */
double tci_npv(double rate, const double *flows, size_t n)
{
    if (bad_rate(rate))
        return NAN;
    double sum = 0;
    for (size_t i = 0; i < n; i++) {
        if (!isfinite(flows[i]))
            return NAN;
        sum += flows[i] / pow(1 + rate, (double)(i + 1));
    }
    return sum;
}

/* See documentation in header file. */
double tci_rate_annual(double monthly)
{
    if (bad_rate(monthly))
        return NAN;
    return expm1(12 * log1p(monthly));
}

/* ===== IRR ===== */

/* The flows c[lo..hi] (the first and last that are not 0), scaled by their
 * largest magnitude so that no sum overflows: s[k] = c[k] * inv. */
typedef struct irr_poly {
    const double *c;
    const double *s; /* the scaled flows, s[lo..hi] */
    size_t lo, hi;
    double scale, inv; /* the largest magnitude, and 1 / it */
} irr_poly;

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
    int last = 0;
    *p = (irr_poly){.c = flows, .lo = n, .hi = 0, .scale = 0};
    *changes = 0;
    for (size_t k = 0; k < n; k++) {
        if (!isfinite(flows[k]))
            return "a flow is not a finite number";
        int s = sign_of(flows[k]);
        if (s == 0)
            continue;
        if (p->lo == n)
            p->lo = k;
        p->hi = k;
        /* fmax's value: both are finite and not negative. */
        const double mag = fabs(flows[k]);
        p->scale = mag > p->scale ? mag : p->scale;
        if (last != 0 && s != last)
            ++*changes;
        last = s;
    }
    /* Any positive factor keeps the signs and the roots; 1 / scale overflows
     * for flows below 2^-1024, which 2^1000 still lifts without overflow. */
    p->inv = isfinite(1 / p->scale) ? 1 / p->scale : 0x1p1000;
    return *changes == 0 ? "no sign change" : NULL;
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
typedef struct irr_refiner {
    double a, b, t, width;
    int sa, i;
} irr_refiner;

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

/* tci_irr_many works on IRR_LANES sets of flows at once: their evaluations
 * are independent chains of multiplications and additions, which the
 * processor runs side by side, two lanes to an instruction where the compiler
 * has vectors of two doubles. */
#define IRR_LANES 8

/* What a lane evaluates next: the lower bound a, then the upper bound b (one
 * sign change), the lower end of an isolated bracket, or a refinement step. */
enum { IRR_AT_A, IRR_AT_B, IRR_AT_SA, IRR_REFINE, IRR_IDLE };

/* One set of flows in work. Its scaled flows s[k] are buf[n + k], with n
 * zeros on either side, so that every lane's Horner sum runs n steps: the
 * zeros before a shorter sum's first flow leave its value and derivative 0,
 * as they start. buf[3 n..6 n) holds the same backwards, for the sums that
 * run from s[hi] down. */
typedef struct irr_lane {
    irr_poly p;
    double *buf;             /* 6 n values */
    size_t held_lo, held_hi; /* the flows buf holds, none when held_lo > held_hi */
    size_t j;                /* the index of the flows */
    int stage;
    double a, b, fa, t; /* the bounds, irr_sign_fn at a, the point evaluated */
    irr_refiner r;
} irr_lane;

/* Set flows j up in lane l: the bounds, then the rule of signs, or the
 * isolation. 0 when its result is known (written to rate[j], why[j],
 * status[j]); else 1, with the point to evaluate in l->t. */
static int irr_begin(irr_lane *l, const double *flows, size_t n, size_t j, double *rate,
                     const char **why, int *status)
{
    int changes, found;
    const char *reason = irr_flows(flows, n, &l->p, &changes);
    l->j = j;
    rate[j] = NAN;
    status[j] = -1;
    why[j] = NULL;
    if (reason) {
        why[j] = reason;
        return 0;
    }
    for (size_t k = l->held_lo; k <= l->held_hi; k++) /* the zeros back */
        l->buf[n + k] = l->buf[5 * n - 1 - k] = 0;
    for (size_t k = l->p.lo; k <= l->p.hi; k++)
        l->buf[n + k] = l->buf[5 * n - 1 - k] = flows[k] * l->p.inv;
    l->held_lo = l->p.lo;
    l->held_hi = l->p.hi;
    l->p.s = l->buf + n;
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
        why[j] = found == 0 ? "more than one sign change and no rate with NPV 0"
                            : "more than one sign change and more than one rate with NPV 0";
        return 0;
    }
    if (ra == rb) {
        rate[j] = expm1(ra);
        status[j] = 0;
        return 0;
    }
    l->a = ra;
    l->b = rb;
    l->stage = IRR_AT_SA;
    l->t = ra;
    return 1;
}

/* Lane l after its evaluation at l->t, f and df: 0 when its result is
 * written, else 1 with the next point in l->t. */
static int irr_advance(irr_lane *l, double f, double df, double *rate, const char **why,
                       int *status)
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
            why[l->j] = "the rate is beyond the range of numbers";
            return 0;
        }
        l->r = irr_refine_start(l->a, l->b, sign_of(l->fa));
        break;
    case IRR_AT_SA:
        l->r = irr_refine_start(l->a, l->b, sign_of(f));
        break;
    default:
        if (irr_refine_step(&l->r, f, df, &out)) {
            rate[l->j] = expm1(out);
            status[l->j] = 0;
            return 0;
        }
        break;
    }
    l->stage = IRR_REFINE;
    l->t = l->r.t;
    return 1;
}

/* irr_sign_fn of each lane at its l->t in f[], and its derivative in t in
 * df[]: Horner on the polynomial and its derivative at once, the lanes side
 * by side, each with the operations of one lane alone. */
static void irr_eval_lanes(irr_lane *lanes, size_t n, double f[IRR_LANES], double df[IRR_LANES])
{
    const double *q[IRR_LANES];
    double z[IRR_LANES], v[IRR_LANES] = {0}, d[IRR_LANES] = {0};
    for (int i = 0; i < IRR_LANES; i++) {
        const irr_lane *l = &lanes[i];
        if (l->stage == IRR_IDLE) {
            q[i] = l->buf; /* zeros; the result is unused */
            z[i] = 0;
        } else if (l->t >= 0) { /* s[lo + n - 1] (0 past hi) first, s[lo] last, in x */
            z[i] = exp(-l->t);
            q[i] = l->buf + 4 * n - l->p.lo;
        } else { /* s[hi - n + 1] (0 before lo) first, s[hi] last, in y */
            z[i] = exp(l->t);
            q[i] = l->buf + l->p.hi + 1;
        }
    }
#if defined(__GNUC__)
    /* The same operations on pairs of lanes: each element of a vector
     * operation is the scalar operation, rounded alike. */
    typedef double pair __attribute__((vector_size(2 * sizeof(double))));
    pair zz[IRR_LANES / 2], vv[IRR_LANES / 2], dd[IRR_LANES / 2];
    for (int i = 0; i < IRR_LANES / 2; i++) {
        zz[i] = (pair){z[2 * i], z[2 * i + 1]};
        vv[i] = dd[i] = (pair){0, 0};
    }
    for (size_t k = 0; k < n; k++)
        for (int i = 0; i < IRR_LANES / 2; i++) {
            dd[i] = dd[i] * zz[i] + vv[i];
            vv[i] = vv[i] * zz[i] + (pair){q[2 * i][k], q[2 * i + 1][k]};
        }
    for (int i = 0; i < IRR_LANES; i++) {
        v[i] = vv[i / 2][i % 2];
        d[i] = dd[i / 2][i % 2];
    }
#else
    for (size_t k = 0; k < n; k++)
        for (int i = 0; i < IRR_LANES; i++) {
            d[i] = d[i] * z[i] + v[i];
            v[i] = v[i] * z[i] + q[i][k];
        }
#endif
    for (int i = 0; i < IRR_LANES; i++) {
        f[i] = v[i];
        df[i] = lanes[i].t >= 0 ? d[i] * -z[i] : d[i] * z[i]; /* dx/dt = -x, dy/dt = y */
    }
}

/* See documentation in header file. */
void tci_irr_many(const double *const *flows, size_t count, size_t n, double *rate,
                  const char **why, int *status)
{
    irr_lane lanes[IRR_LANES];
    double store[IRR_LANES][6 * TCI_IRR_MAX_FLOWS], *heap = NULL;
    size_t next = 0, busy = 0;
    if (n > TCI_IRR_MAX_FLOWS && count > 0 && !(heap = malloc(IRR_LANES * 6 * n * sizeof *heap))) {
        for (size_t j = 0; j < count; j++) {
            rate[j] = NAN;
            status[j] = -1;
            why[j] = "out of memory";
        }
        return;
    }
    for (int i = 0; i < IRR_LANES; i++) {
        lanes[i].stage = IRR_IDLE;
        lanes[i].buf = heap ? heap + (size_t)i * 6 * n : store[i];
        memset(lanes[i].buf, 0, 6 * n * sizeof *lanes[i].buf);
        lanes[i].held_lo = 1;
        lanes[i].held_hi = 0;
        lanes[i].t = 0;
    }
    for (;;) {
        /* Fill the idle lanes with the flows still waiting. */
        for (int i = 0; i < IRR_LANES; i++)
            while (lanes[i].stage == IRR_IDLE && next < count) {
                if (irr_begin(&lanes[i], flows[next], n, next, rate, why, status))
                    busy++;
                else
                    lanes[i].stage = IRR_IDLE;
                next++;
            }
        if (busy == 0)
            break;
        double f[IRR_LANES], df[IRR_LANES];
        irr_eval_lanes(lanes, n, f, df);
        for (int i = 0; i < IRR_LANES; i++)
            if (lanes[i].stage != IRR_IDLE &&
                !irr_advance(&lanes[i], f[i], df[i], rate, why, status)) {
                lanes[i].stage = IRR_IDLE;
                busy--;
            }
    }
    free(heap);
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

/* ===== MIRR and payback ===== */

/* See documentation in header file. */
void tci_rate_factors(double rate, size_t n, double *disc, double *grow)
{
    double d = 1, g = 1;
    for (size_t k = 0; k < n; k++, d /= 1 + rate, g *= 1 + rate) {
        disc[k] = d;
        if (grow)
            grow[k] = g;
    }
}

/* See documentation in header file. */
double tci_mirr(const double *flows, size_t n, double finance_rate, double reinvest_rate)
{
    return tci_mirr_at(flows, n, finance_rate, reinvest_rate, NULL, NULL);
}

/* See documentation in header file. */
double tci_mirr_at(const double *flows, size_t n, double finance_rate, double reinvest_rate,
                   const double *disc_of, const double *grow_of)
{
    if (bad_rate(finance_rate) || bad_rate(reinvest_rate) || n < 2)
        return NAN;
    /* Discounts (1 + finance_rate)^-k from the first flow on, growth
     * (1 + reinvest_rate)^(n-1-k) from the last back: each a running product
     * (tci_rate_factors). */
    double pv_neg = 0, fv_pos = 0, disc = 1, grow = 1;
    for (size_t k = 0; k < n; k++) {
        if (!isfinite(flows[k]))
            return NAN;
        if (disc_of)
            disc = disc_of[k];
        else if (k > 0)
            disc /= 1 + finance_rate;
        if (flows[k] < 0)
            pv_neg += flows[k] * disc;
    }
    for (size_t k = n; k-- > 0;) {
        if (grow_of)
            grow = grow_of[n - 1 - k];
        else if (k < n - 1)
            grow *= 1 + reinvest_rate;
        if (flows[k] > 0)
            fv_pos += flows[k] * grow;
    }
    if (pv_neg == 0 || fv_pos == 0)
        return NAN;
    return pow(fv_pos / -pv_neg, 1.0 / (double)(n - 1)) - 1;
}

/* See documentation in header file. */
long tci_payback(const double *flows, size_t n, double rate)
{
    return tci_payback_at(flows, n, rate, NULL);
}

/* See documentation in header file. */
long tci_payback_at(const double *flows, size_t n, double rate, const double *disc_of)
{
    if (bad_rate(rate))
        return TCI_PAYBACK_INVALID;
    long from = TCI_PAYBACK_NEVER;
    double cum = 0, disc = 1; /* (1 + rate)^-k, tci_rate_factors' */
    for (size_t k = 0; k < n; k++) {
        if (!isfinite(flows[k]))
            return TCI_PAYBACK_INVALID;
        if (rate == 0) { /* undiscounted */
            cum += flows[k];
        } else {
            if (disc_of)
                disc = disc_of[k];
            else if (k > 0)
                disc /= 1 + rate;
            cum += flows[k] * disc;
        }
        if (!isfinite(cum))
            return TCI_PAYBACK_INVALID;
        if (cum < 0)
            from = TCI_PAYBACK_NEVER;
        else if (from == TCI_PAYBACK_NEVER)
            from = (long)k;
    }
    return from;
}
