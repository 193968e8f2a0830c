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
    double scale;
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
            acc = acc * x + p->c[k] / p->scale;
    } else {
        double y = exp(t);
        for (size_t k = p->lo; k <= p->hi; k++)
            acc = acc * y + p->c[k] / p->scale;
    }
    return acc;
}

static int sign_of(double v)
{
    return (v > 0) - (v < 0);
}

/* Bisection on t in [a, b], where irr_sign_fn changes sign; at most 200
 * halvings (the interval is at most 1,400 wide and stops at 1e-15 or when
 * the midpoint is an end). */
static double irr_bisect(const irr_poly *p, double a, double b)
{
    int sa = sign_of(irr_sign_fn(p, a));
    for (int i = 0; i < 200 && b - a > 1e-15; i++) {
        double m = a + (b - a) / 2;
        if (m <= a || m >= b)
            break;
        int sm = sign_of(irr_sign_fn(p, m));
        if (sm == 0)
            return m;
        if (sm == sa)
            a = m;
        else
            b = m;
    }
    return a + (b - a) / 2;
}

/* The largest t that a root can lie at, and the smallest: t = ln(1+r) is
 * held to [-700, 700], where exp() of it is a normal number. */
#define IRR_T_MAX 700.0

/* The scan of MODEL.md: irr_sign_fn at evenly spaced t from a to b, steps of
 * 1e-4 (1,024 to 65,536 of them). Returns the number of rates found (0, 1
 * or 2 meaning "at least 2"), the bracket of the first in *ra, *rb. */
static int irr_scan(const irr_poly *p, double a, double b, double *ra, double *rb)
{
    double span = b - a, steps = ceil(span / 1e-4);
    if (steps < 1024)
        steps = 1024;
    if (steps > 65536)
        steps = 65536;
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
    return *changes == 0 ? "no sign change" : NULL;
}

/* ln 2: the factor of safety on Cauchy's bounds. */
#define IRR_LN2 0.69314718055994530942

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
            found = irr_scan(&p, a, b, &a, &b);
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
    *rate_out = expm1(a == b ? a : irr_bisect(&p, a, b));
    return 0;
}

/* ===== MIRR and payback ===== */

/* See documentation in header file. */
double tci_mirr(const double *flows, size_t n, double finance_rate, double reinvest_rate)
{
    if (bad_rate(finance_rate) || bad_rate(reinvest_rate) || n < 2)
        return NAN;
    double pv_neg = 0, fv_pos = 0;
    for (size_t k = 0; k < n; k++) {
        double c = flows[k];
        if (!isfinite(c))
            return NAN;
        if (c < 0)
            pv_neg += c / pow(1 + finance_rate, (double)k);
        else if (c > 0)
            fv_pos += c * pow(1 + reinvest_rate, (double)(n - 1 - k));
    }
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
    double cum = 0;
    for (size_t k = 0; k < n; k++) {
        if (!isfinite(flows[k]))
            return TCI_PAYBACK_INVALID;
        cum += rate == 0 ? flows[k] : flows[k] / pow(1 + rate, (double)k);
        if (!isfinite(cum))
            return TCI_PAYBACK_INVALID;
        if (cum < 0)
            from = TCI_PAYBACK_NEVER;
        else if (from == TCI_PAYBACK_NEVER)
            from = (long)k;
    }
    return from;
}
