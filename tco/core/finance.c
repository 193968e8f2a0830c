/* finance.c - the spreadsheet's financial functions (PMT, IPMT, PPMT, NPV,
 * IRR, MIRR) and the payback period, as docs/MODEL.md defines them. */
#include "core/finance.h"

#include <math.h>

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
 * largest magnitude so that no sum overflows. */
typedef struct irr_poly {
    const double *c;
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
            acc = acc * x + p->c[k] * p->inv;
    } else {
        double y = exp(t);
        for (size_t k = p->lo; k <= p->hi; k++)
            acc = acc * y + p->c[k] * p->inv;
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
#define IRR_LN2 0.69314718055994530942

/* A bound on the rates on one side of the rate at t = ln(1+r): the sign
 * changes of the running sums of the flows discounted at that rate, from the
 * first (dir 1: the rates above it) or from the last (dir -1: the rates
 * below it). With x = 1/(1+r) and the flows discounted at the pivot, P(x) /
 * (1 - x) is the power series whose coefficients are the running sums from
 * the first, so by Descartes' rule (which holds for power series) P has at
 * most that many roots in 0 < x < 1; the running sums from the last bound the
 * roots in x > 1 the same way (Norstrom's criterion, and its mirror).
 * IRR_UNBOUNDED when the discounting would leave the range of doubles. */
#define IRR_UNBOUNDED 1000000
static int irr_changes_at(const irr_poly *p, double t, int dir)
{
    const double n = (double)(p->hi - p->lo), mid = n / 2;
    if (fabs(t) * (mid + 1) > 600)
        return IRR_UNBOUNDED;
    /* Weights e^(-t (k - mid)): a positive factor away from e^(-t k). */
    double step = exp(dir > 0 ? -t : t), w = exp(dir > 0 ? t * mid : -t * (n - mid)), sum = 0;
    int changes = 0, last = 0;
    for (size_t i = 0; i <= p->hi - p->lo; i++, w *= step) {
        sum += p->c[dir > 0 ? p->lo + i : p->hi - i] * p->inv * w;
        int s = sign_of(sum);
        if (s != 0 && last != 0 && s != last)
            changes++;
        if (s != 0)
            last = s;
    }
    return changes;
}

/* 1 when irr_sign_fn has no zero in [t1, t2], a side of t = 0: its value at
 * t1 is further from 0 than the interval's width times a bound on its slope
 * there (the slope of each term is largest at the end where x = e^-t, or
 * y = e^t, is largest). */
static int irr_no_root(const irr_poly *p, double t1, double t2)
{
    if (t1 < 0 && t2 > 0)
        return 0;
    double f = irr_sign_fn(p, t1), slope = 0;
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
static int irr_isolate(const irr_poly *p, double t1, double t2, int above, int below, double *ra,
                       double *rb, int *budget)
{
    int bound = above < below ? above : below;
    if (bound == 0)
        return 0;
    int s1 = sign_of(irr_sign_fn(p, t1)), s2 = sign_of(irr_sign_fn(p, t2));
    if (bound == 1 && s1 != 0 && s2 != 0) {
        *ra = t1;
        *rb = t2;
        return s1 != s2;
    }
    if (s1 == s2 && irr_no_root(p, t1, t2))
        return 0;
    if (t2 - t1 < 1e-4) { /* the scan's resolution: a change of sign is a rate */
        *ra = t1;
        *rb = t2;
        return s1 == 0 || s2 == 0 ? -1 : s1 != s2;
    }
    if (--*budget < 0)
        return -1;
    double m = t1 + (t2 - t1) / 2;
    if (sign_of(irr_sign_fn(p, m)) == 0)
        return -1; /* a rate on the grid: the scan counts it */
    double la = 0, lb = 0;
    int left = irr_isolate(p, t1, m, above, irr_changes_at(p, m, -1), &la, &lb, budget);
    if (left < 0 || left > 1)
        return left;
    int right = irr_isolate(p, m, t2, irr_changes_at(p, m, 1), below, ra, rb, budget);
    if (right < 0)
        return right;
    if (left == 1) {
        *ra = la;
        *rb = lb;
    }
    return left + right > 1 ? 2 : left + right;
}

/* irr_sign_fn at t in *f, and its derivative in t in *df (Horner on the
 * polynomial and its derivative at once). */
static void irr_eval(const irr_poly *p, double t, double *f, double *df)
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

/* The rate in [a, b], where irr_sign_fn changes sign, to 1e-15 in t:
 * Newton's steps, each evaluation narrowing the bracket; a step that would
 * leave the bracket, or every third step when the bracket did not halve in
 * the two before, is a bisection instead. At most 200 evaluations. */
static double irr_refine(const irr_poly *p, double a, double b)
{
    int sa = sign_of(irr_sign_fn(p, a));
    double t = a + (b - a) / 2, width = b - a;
    for (int i = 0; i < 200; i++) {
        double f, df;
        irr_eval(p, t, &f, &df);
        int st = sign_of(f);
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

/* See documentation in header file. */
int tci_irr(const double *flows, size_t n, double *rate_out, const char **why)
{
    irr_poly p;
    int changes, found = 0;
    double a = 0, b = 0;
    const char *reason = irr_flows(flows, n, &p, &changes);
    *rate_out = NAN;
    if (!reason) {
        /* Cauchy's bounds on the roots x = 1/(1+r) of sum c[k] x^(k-lo), each
         * doubled: x < 2 (1 + max|c[k]| / |c[hi]|) and 1/x < 2 (1 + max|c[k]|
         * / |c[lo]|); in t = -ln x, held to +-IRR_T_MAX. */
        a = fmax(-(log1p(p.scale / fabs(flows[p.hi])) + IRR_LN2), -IRR_T_MAX);
        b = fmin(log1p(p.scale / fabs(flows[p.lo])) + IRR_LN2, IRR_T_MAX);
        if (changes == 1) {
            /* One sign change: exactly one rate (Descartes), inside the bounds,
             * where the two ends' signs differ unless a bound was held. */
            found = sign_of(irr_sign_fn(&p, a)) * sign_of(irr_sign_fn(&p, b)) < 0;
            if (!found)
                reason = "the rate is beyond the range of numbers";
        } else {
            /* Isolate the rates by halving [a, b] while more than one can lie in
             * a part (irr_changes_at); where that cannot decide, the scan, in
             * steps of 1e-4 (1,024 to 65,536 of them). */
            int budget = 4096;
            double ra = a, rb = b;
            found = irr_isolate(&p, a, b, IRR_UNBOUNDED, IRR_UNBOUNDED, &ra, &rb, &budget);
            if (found < 0)
                found = irr_scan(&p, a, b, fmin(fmax(ceil((b - a) / 1e-4), 1024), 65536), &ra, &rb);
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
    *rate_out = expm1(a == b ? a : irr_refine(&p, a, b));
    return 0;
}

/* ===== MIRR and payback ===== */

/* See documentation in header file. */
double tci_mirr(const double *flows, size_t n, double finance_rate, double reinvest_rate)
{
    if (bad_rate(finance_rate) || bad_rate(reinvest_rate) || n < 2)
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

/* See documentation in header file. */
long tci_payback(const double *flows, size_t n, double rate)
{
    if (bad_rate(rate))
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
