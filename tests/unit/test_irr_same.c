/* test_irr_same.c - IRR, MIRR and payback as core/finance.c computes them
 * for the engine (several sets of flows at once, the rate's factors worked out
 * once) give the same doubles, to the last bit, as the plain computation of
 * one set of flows at a time kept below as the reference: on thousands of
 * sets of random flows of every shape the engine meets (a purchase against
 * monthly savings that change yearly and a resale, any number of sign
 * changes, zeros at either end, tiny and huge magnitudes). */
#include "check.h"
#include "core/finance.h"

#include <stdint.h>
#include <string.h>

/* ===== The reference: one set of flows at a time ===== */

static int ref_bad_rate(double rate)
{
    return !isfinite(rate) || rate <= -1;
}

/* The flows c[lo..hi] (the first and last that are not 0), scaled by their
 * largest magnitude so that no sum overflows. */
typedef struct ref_irr_poly {
    const double *c;
    size_t lo, hi;
    double scale, inv; /* the largest magnitude, and 1 / it */
} ref_irr_poly;

/* A function with the sign and the zeros of NPV at the rate expm1(t), t =
 * ln(1+r): for r >= 0, sum c[k] x^(k-lo) with x = 1/(1+r) <= 1, NPV times
 * (1+r)^lo; for r < 0, sum c[k] y^(hi-k) with y = 1+r < 1, NPV times
 * (1+r)^hi. Both by Horner with x, y <= 1, so nothing overflows. */
static double ref_irr_sign_fn(const ref_irr_poly *p, double t)
{
    double acc = 0;
    if (t >= 0) {
        double x = exp(-t);
        for (size_t k = p->hi + 1; k-- > p->lo;)
            acc = acc * x + p->c[k] * p->inv;
    } else {
        double y = exp(t);
        for (size_t k = p->lo; k <= p->hi; k++)
            acc = acc * y + p->c[k] * p->inv;
    }
    return acc;
}

static int ref_sign_of(double v)
{
    return (v > 0) - (v < 0);
}

/* The largest t that a root can lie at, and the smallest: t = ln(1+r) is
 * held to [-700, 700], where exp() of it is a normal number. */
#define REF_T_MAX 700.0

/* The scan of MODEL.md: ref_irr_sign_fn at evenly spaced t from a to b, steps of
 * 1e-4 (1,024 to 65,536 of them). Returns the number of rates found (0, 1
 * or 2 meaning "at least 2"), the bracket of the first in *ra, *rb. */
static int ref_irr_scan(const ref_irr_poly *p, double a, double b, double steps, double *ra,
                        double *rb)
{
    double span = b - a;
    int found = 0, last = 0;
    double prev_t = a;
    for (long i = 0; i <= (long)steps; i++) {
        double t = i == (long)steps ? b : a + span * (double)i / steps;
        int s = ref_sign_of(ref_irr_sign_fn(p, t));
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
static const char *ref_irr_flows(const double *flows, size_t n, ref_irr_poly *p, int *changes)
{
    int last = 0;
    *p = (ref_irr_poly){.c = flows, .lo = n, .hi = 0, .scale = 0};
    *changes = 0;
    for (size_t k = 0; k < n; k++) {
        if (!isfinite(flows[k]))
            return "a flow is not a finite number";
        int s = ref_sign_of(flows[k]);
        if (s == 0)
            continue;
        if (p->lo == n)
            p->lo = k;
        p->hi = k;
        p->scale = fmax(p->scale, fabs(flows[k]));
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
#define REF_LN2 0.69314718055994530942

/* A bound on the rates on one side of the rate at t = ln(1+r): the sign
 * changes of the running sums of the flows discounted at that rate, from the
 * first (dir 1: the rates above it) or from the last (dir -1: the rates
 * below it). With x = 1/(1+r) and the flows discounted at the pivot, P(x) /
 * (1 - x) is the power series whose coefficients are the running sums from
 * the first, so by Descartes' rule (which holds for power series) P has at
 * most that many roots in 0 < x < 1; the running sums from the last bound the
 * roots in x > 1 the same way (Norstrom's criterion, and its mirror).
 * REF_UNBOUNDED when the discounting would leave the range of doubles. */
#define REF_UNBOUNDED 1000000
static int ref_irr_changes_at(const ref_irr_poly *p, double t, int dir)
{
    const double n = (double)(p->hi - p->lo), mid = n / 2;
    if (fabs(t) * (mid + 1) > 600)
        return REF_UNBOUNDED;
    /* Weights e^(-t (k - mid)): a positive factor away from e^(-t k). */
    double step = exp(dir > 0 ? -t : t), w = exp(dir > 0 ? t * mid : -t * (n - mid)), sum = 0;
    int changes = 0, last = 0;
    for (size_t i = 0; i <= p->hi - p->lo; i++, w *= step) {
        sum += p->c[dir > 0 ? p->lo + i : p->hi - i] * p->inv * w;
        int s = ref_sign_of(sum);
        if (s != 0 && last != 0 && s != last)
            changes++;
        if (s != 0)
            last = s;
    }
    return changes;
}

/* 1 when ref_irr_sign_fn has no zero in [t1, t2], a side of t = 0: its value at
 * t1 is further from 0 than the interval's width times a bound on its slope
 * there (the slope of each term is largest at the end where x = e^-t, or
 * y = e^t, is largest). */
static int ref_irr_no_root(const ref_irr_poly *p, double t1, double t2)
{
    if (t1 < 0 && t2 > 0)
        return 0;
    double f = ref_irr_sign_fn(p, t1), slope = 0;
    if (t1 >= 0) {
        double x = exp(-t1), w = 1;
        for (size_t k = p->lo; k <= p->hi; k++, w *= x)
            slope += fabs(p->c[k] * p->inv) * (double)(k - p->lo) * w;
    } else {
        double y = exp(t2), w = 1;
        for (size_t k = p->hi + 1; k-- > p->lo; w *= y)
            slope += fabs(p->c[k] * p->inv) * (double)(p->hi - k) * w;
    }
    return isfinite(slope) && fabs(f) > slope * (t2 - t1) * (1 + 1e-9);
}

/* The root isolation of tci_irr: the rates strictly between t1 and t2, given
 * `above` (a bound on the rates above t1) and `below` (on those below t2):
 * 0, 1 or 2 (at least two), the first bracketed in *ra, *rb. At most one
 * root can lie there when either bound is 1 or less, and then the signs at
 * the ends tell whether it does; else the interval is halved. -1 when the
 * budget of halvings runs out or the interval narrows below 1e-4 with more
 * than one root possible: the caller scans instead. */
static int ref_irr_isolate(const ref_irr_poly *p, double t1, double t2, int above, int below,
                           double *ra, double *rb, int *budget)
{
    int bound = above < below ? above : below;
    if (bound == 0)
        return 0;
    int s1 = ref_sign_of(ref_irr_sign_fn(p, t1)), s2 = ref_sign_of(ref_irr_sign_fn(p, t2));
    if (bound == 1 && s1 != 0 && s2 != 0) {
        *ra = t1;
        *rb = t2;
        return s1 != s2;
    }
    if (s1 == s2 && ref_irr_no_root(p, t1, t2))
        return 0;
    if (t2 - t1 < 1e-4) { /* the scan's resolution: a change of sign is a rate */
        *ra = t1;
        *rb = t2;
        return s1 == 0 || s2 == 0 ? -1 : s1 != s2;
    }
    if (--*budget < 0)
        return -1;
    double m = t1 + (t2 - t1) / 2;
    if (ref_sign_of(ref_irr_sign_fn(p, m)) == 0)
        return -1; /* a rate on the grid: the scan counts it */
    double la = 0, lb = 0;
    int left = ref_irr_isolate(p, t1, m, above, ref_irr_changes_at(p, m, -1), &la, &lb, budget);
    if (left < 0 || left > 1)
        return left;
    int right = ref_irr_isolate(p, m, t2, ref_irr_changes_at(p, m, 1), below, ra, rb, budget);
    if (right < 0)
        return right;
    if (left == 1) {
        *ra = la;
        *rb = lb;
    }
    return left + right > 1 ? 2 : left + right;
}

/* ref_irr_sign_fn at t in *f, and its derivative in t in *df (Horner on the
 * polynomial and its derivative at once). */
static void ref_irr_eval(const ref_irr_poly *p, double t, double *f, double *df)
{
    double v = 0, d = 0;
    if (t >= 0) {
        double x = exp(-t);
        for (size_t k = p->hi + 1; k-- > p->lo;) {
            d = d * x + v;
            v = v * x + p->c[k] * p->inv;
        }
        d *= -x; /* dx/dt = -x */
    } else {
        double y = exp(t);
        for (size_t k = p->lo; k <= p->hi; k++) {
            d = d * y + v;
            v = v * y + p->c[k] * p->inv;
        }
        d *= y; /* dy/dt = y */
    }
    *f = v;
    *df = d;
}

/* The rate in [a, b], where ref_irr_sign_fn changes sign, to 1e-15 in t:
 * Newton's steps, each evaluation narrowing the bracket; a step that would
 * leave the bracket, or every third step when the bracket did not halve in
 * the two before, is a bisection instead. At most 200 evaluations. */
static double ref_irr_refine(const ref_irr_poly *p, double a, double b)
{
    int sa = ref_sign_of(ref_irr_sign_fn(p, a));
    double t = a + (b - a) / 2, width = b - a;
    for (int i = 0; i < 200; i++) {
        double f, df;
        ref_irr_eval(p, t, &f, &df);
        int st = ref_sign_of(f);
        if (st == 0)
            return t;
        if (st == sa)
            a = t;
        else
            b = t;
        if (b - a <= 1e-15 * fmax(1, fabs(t)))
            break;
        double next = df != 0 ? t - f / df : NAN;
        int bisect = !(isfinite(next) && next > a && next < b);
        if (i % 3 == 2) {
            bisect |= b - a > width / 2;
            width = b - a;
        }
        if (!bisect && fabs(next - t) <= 1e-15 * fmax(1, fabs(t)))
            return next;
        t = bisect ? a + (b - a) / 2 : next;
    }
    return a + (b - a) / 2;
}

static int ref_irr(const double *flows, size_t n, double *rate_out, const char **why)
{
    ref_irr_poly p;
    int changes, found = 0;
    double a = 0, b = 0;
    const char *reason = ref_irr_flows(flows, n, &p, &changes);
    *rate_out = NAN;
    if (!reason) {
        /* Cauchy's bounds on the roots x = 1/(1+r) of sum c[k] x^(k-lo), each
         * doubled: x < 2 (1 + max|c[k]| / |c[hi]|) and 1/x < 2 (1 + max|c[k]|
         * / |c[lo]|); in t = -ln x, held to +-REF_T_MAX. */
        a = fmax(-(log1p(p.scale / fabs(flows[p.hi])) + REF_LN2), -REF_T_MAX);
        b = fmin(log1p(p.scale / fabs(flows[p.lo])) + REF_LN2, REF_T_MAX);
        if (changes == 1) {
            /* One sign change: exactly one rate (Descartes), inside the bounds,
             * where the two ends' signs differ unless a bound was held. */
            found = ref_sign_of(ref_irr_sign_fn(&p, a)) * ref_sign_of(ref_irr_sign_fn(&p, b)) < 0;
            if (!found)
                reason = "the rate is beyond the range of numbers";
        } else {
            /* Isolate the rates by halving [a, b] while more than one can lie in
             * a part (ref_irr_changes_at); where that cannot decide, the scan, in
             * steps of 1e-4 (1,024 to 65,536 of them). */
            int budget = 4096;
            double ra = a, rb = b;
            found = ref_irr_isolate(&p, a, b, REF_UNBOUNDED, REF_UNBOUNDED, &ra, &rb, &budget);
            if (found < 0)
                found =
                    ref_irr_scan(&p, a, b, fmin(fmax(ceil((b - a) / 1e-4), 1024), 65536), &ra, &rb);
            a = ra;
            b = rb;
            if (found == 0)
                reason = "more than one sign change and no rate with NPV 0";
            else if (found > 1)
                reason = "more than one sign change and more than one rate with NPV 0";
        }
    }
    if (reason) {
        if (why)
            *why = reason;
        return -1;
    }
    *rate_out = expm1(a == b ? a : ref_irr_refine(&p, a, b));
    return 0;
}

static double ref_mirr(const double *flows, size_t n, double finance_rate, double reinvest_rate)
{
    if (ref_bad_rate(finance_rate) || ref_bad_rate(reinvest_rate) || n < 2)
        return NAN;
    /* Discounts (1 + finance_rate)^-k from the first flow on, growth
     * (1 + reinvest_rate)^(n-1-k) from the last back: each a running product. */
    double pv_neg = 0, fv_pos = 0, disc = 1, grow = 1;
    for (size_t k = 0; k < n; k++, disc /= 1 + finance_rate) {
        if (!isfinite(flows[k]))
            return NAN;
        if (flows[k] < 0)
            pv_neg += flows[k] * disc;
    }
    for (size_t k = n; k-- > 0; grow *= 1 + reinvest_rate)
        if (flows[k] > 0)
            fv_pos += flows[k] * grow;
    if (pv_neg == 0 || fv_pos == 0)
        return NAN;
    return pow(fv_pos / -pv_neg, 1.0 / (double)(n - 1)) - 1;
}

static long ref_payback(const double *flows, size_t n, double rate)
{
    if (ref_bad_rate(rate))
        return TCI_PAYBACK_INVALID;
    long from = TCI_PAYBACK_NEVER;
    double cum = 0, disc = 1; /* (1 + rate)^-k */
    for (size_t k = 0; k < n; k++, disc /= 1 + rate) {
        if (!isfinite(flows[k]))
            return TCI_PAYBACK_INVALID;
        cum += rate == 0 ? flows[k] : flows[k] * disc;
        if (!isfinite(cum))
            return TCI_PAYBACK_INVALID;
        if (cum < 0)
            from = TCI_PAYBACK_NEVER;
        else if (from == TCI_PAYBACK_NEVER)
            from = (long)k;
    }
    return from;
}

/* ===== Random flows ===== */

/* splitmix64: the same sequence on every machine. */
static uint64_t next_u64(uint64_t *x)
{
    uint64_t z = (*x += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

static double unit(uint64_t *x)
{
    return (double)(next_u64(x) >> 11) * 0x1.0p-53;
}

/* n random flows into f, of one of the shapes. */
static void random_flows(uint64_t *x, double *f, size_t n)
{
    int shape = (int)(next_u64(x) % 6);
    double capex = 1e3 + 1e6 * unit(x), saving = capex / (10 + 100 * unit(x));
    double growth = 0.9 + 0.2 * unit(x), scale = pow(10, (int)(next_u64(x) % 40) - 20);
    for (size_t k = 0; k < n; k++) {
        double v;
        switch (shape) {
        case 0: /* buying against renting: capex, then savings growing yearly, a resale */
            v = k == 0 ? -capex : saving * pow(growth, (double)(k / 12));
            if (k == n - 1)
                v += capex * unit(x) * 0.3;
            break;
        case 1: /* the same with a cost every year: several sign changes */
            v = k == 0 ? -capex : saving * (0.5 + unit(x)) - (k % 12 == 0 ? 8 * saving : 0);
            break;
        case 2: /* any signs */
            v = (unit(x) - 0.5) * 1000;
            break;
        case 3: /* zeros, and magnitudes far from 1 */
            v = next_u64(x) % 3 == 0 ? 0 : (unit(x) - 0.45) * scale;
            break;
        case 4: /* small whole numbers: exact zeros of NPV on the grid */
            v = (double)((int)(next_u64(x) % 7) - 3);
            break;
        default: /* a payment, then a tail that changes sign every month */
            v = k == 0 ? -100 : (k < n / 2 ? 1 : (k % 2 ? -1e-9 : 1e-9));
            break;
        }
        f[k] = v;
    }
}

static int same_double(double a, double b)
{
    return memcmp(&a, &b, sizeof a) == 0;
}

/* tci_irr and tci_irr_many against the reference, on groups of 1 to 80 sets
 * (more than a stream's TCI_IRR_LANES at once) of 1 to 121 flows (and a few
 * longer than TCI_IRR_MAX_FLOWS), with each width of vectors the processor
 * has: the same doubles. */
static void test_irr_same(void)
{
#if defined(__SANITIZE_ADDRESS__)
    enum { ROUNDS = 100 }; /* the checks of memory, on fewer sets */
#else
    enum { ROUNDS = 400 };
#endif
    enum { GROUP = 80, LONG = 400 };
    static double f[GROUP][LONG], r0[GROUP];
    static const char *w0[GROUP];
    static int s0[GROUP];
    const double *flows[GROUP];
    double rate[GROUP];
    const char *why[GROUP];
    int status[GROUP], widths[4], used = 0;
    uint64_t x = 2026;
    long checked = 0, found = 0, differ = 0;
    /* Width 1 everywhere, 2 with GCC's vectors, 4 and 8 on most x86-64 */
    for (int w = 1; w <= 8; w *= 2)
        if (tci_irr_width_use(w) == w)
            widths[used++] = w;
    CU_ASSERT(used >= 1);
    for (int round = 0; round < ROUNDS; round++) {
        size_t n = 1 + next_u64(&x) % TCI_IRR_MAX_FLOWS;
        if (round % 100 == 99)
            n = TCI_IRR_MAX_FLOWS + 1 + next_u64(&x) % (LONG - TCI_IRR_MAX_FLOWS);
        size_t count = 1 + next_u64(&x) % GROUP;
        for (size_t j = 0; j < count; j++) {
            random_flows(&x, f[j], n);
            flows[j] = f[j];
            w0[j] = NULL;
            s0[j] = ref_irr(f[j], n, &r0[j], &w0[j]);
            found += s0[j] == 0;
            checked++;
        }
        for (int u = 0; u < used; u++) {
            tci_irr_width_use(widths[u]);
            tci_irr_many(flows, count, n, rate, why, status);
            for (size_t j = 0; j < count; j++) {
                double r1;
                const char *w1 = NULL;
                int s1 = tci_irr(f[j], n, &r1, &w1);
                int same = s0[j] == s1 && s0[j] == status[j] && same_double(r0[j], r1) &&
                           same_double(r0[j], rate[j]) &&
                           (s0[j] == 0 ? why[j] == NULL
                                       : strcmp(w0[j], w1) == 0 && strcmp(w0[j], why[j]) == 0);
                differ += !same;
            }
        }
    }
    tci_irr_width_use(0);
    CU_ASSERT_EQUAL(differ, 0);
    /* Most shapes have a rate; check that enough of them do. */
    CU_ASSERT(checked > ROUNDS * 30);
    CU_ASSERT(found > checked / 4);
}

/* MIRR and the payback months with the rates' factors against the
 * reference, which works them out flow by flow. */
static void test_mirr_payback_same(void)
{
    static double f[TCI_IRR_MAX_FLOWS], fin_disc[TCI_IRR_MAX_FLOWS], fin_grow[TCI_IRR_MAX_FLOWS],
        re_disc[TCI_IRR_MAX_FLOWS], re_grow[TCI_IRR_MAX_FLOWS], disc[TCI_IRR_MAX_FLOWS];
    uint64_t x = 12;
    long differ = 0;
    for (int round = 0; round < 5000; round++) {
        size_t n = 1 + next_u64(&x) % TCI_IRR_MAX_FLOWS;
        double rate = round % 10 == 0 ? 0 : (unit(&x) - 0.2) * 0.1;
        double fin = (unit(&x) - 0.2) * 0.1, re = round % 2 ? fin : (unit(&x) - 0.2) * 0.1;
        random_flows(&x, f, n);
        tci_rate_factors(fin, n, fin_disc, fin_grow);
        tci_rate_factors(re, n, re_disc, re_grow);
        tci_rate_factors(rate, n, disc, NULL);
        double m = ref_mirr(f, n, fin, re);
        differ += !same_double(m, tci_mirr_at(f, n, fin, re, fin_disc, re_grow));
        differ += !same_double(m, tci_mirr(f, n, fin, re));
        differ += ref_payback(f, n, rate) != tci_payback_at(f, n, rate, disc);
        differ += ref_payback(f, n, rate) != tci_payback(f, n, rate);
        differ += ref_payback(f, n, fin) != tci_payback_at(f, n, fin, fin_disc);
        /* The three in one pass, at the one rate fin. */
        double one_mirr;
        long one_payback, one_discounted;
        tci_returns_at(f, n, fin, fin_disc, fin_grow, &one_mirr, &one_payback, &one_discounted);
        differ += !same_double(ref_mirr(f, n, fin, fin), one_mirr);
        differ += ref_payback(f, n, 0) != one_payback;
        differ += ref_payback(f, n, fin) != one_discounted;
    }
    /* tci_returns_at at its edges: a flow that is not finite, a cumulative
     * flow that leaves the range of doubles, a rate <= -1, one flow, none. */
    static const double edge[][3] = {
        {-1, INFINITY, 2}, {-1, NAN, 2}, {-1e308, -1e308, 1}, {1e308, 1e308, -1}, {-1, 3, 0}};
    static const double rates[] = {0.01, 0, -1, -2, NAN};
    for (size_t e = 0; e < sizeof edge / sizeof edge[0]; e++)
        for (size_t r = 0; r < sizeof rates / sizeof rates[0]; r++)
            for (size_t n = 0; n <= 3; n++) {
                double d[3] = {1, 1, 1}, g[3] = {1, 1, 1}, one_mirr;
                long one_payback, one_discounted;
                if (!ref_bad_rate(rates[r]))
                    tci_rate_factors(rates[r], n, d, g);
                tci_returns_at(edge[e], n, rates[r], d, g, &one_mirr, &one_payback,
                               &one_discounted);
                differ += !same_double(ref_mirr(edge[e], n, rates[r], rates[r]), one_mirr);
                differ += ref_payback(edge[e], n, 0) != one_payback;
                differ += ref_payback(edge[e], n, rates[r]) != one_discounted;
            }
    CU_ASSERT_EQUAL(differ, 0);
}

int main(void)
{
    static const check_case cases[] = {
        {"IRR: several at once, bit for bit as the reference", test_irr_same},
        {"MIRR and payback with the rate's factors, bit for bit", test_mirr_payback_same},
        {NULL, NULL},
    };
    return check_run("irr_same", cases);
}
