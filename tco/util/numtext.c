/* numtext.c - numbers as text for people: the one thousands-separator
 * formatter and the significant-digits formatter of small unit costs
 * and the one reading of an integer in text (declared in tco.h, since the tool
 * uses them too); the shortest text of a double that reads back as it
 * (tco_format_double, the writers' one way to write a number for a machine); the digits of a number
 * and the decimals of a step (numtext.h), for the writers' layout. */
#include "tco.h"
#include "util/numtext.h"

#include <errno.h>
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* See documentation in header file. */
const char *tco_group_thousands(char *buf, size_t size, double x, int decimals)
{
    if (size == 0)
        return buf;
    if (!isfinite(x)) {
        snprintf(buf, size, "n/a");
        return buf;
    }
    if (decimals < 0)
        decimals = 0;
    if (decimals > 6)
        decimals = 6;
    char raw[TCO_NUMTEXT_MAX];
    snprintf(raw, sizeof raw, "%.*f", decimals, fabs(x));
    size_t intlen = strcspn(raw, ".");
    int minus = x < 0 && strspn(raw, "0.") != strlen(raw);
    size_t need = (size_t)minus + intlen + (intlen - 1) / 3 + strlen(raw + intlen);
    if (need >= size) { /* as a spreadsheet shows a number too wide for its cell */
        memset(buf, '#', size - 1);
        buf[size - 1] = '\0';
        return buf;
    }
    size_t j = 0;
    if (minus)
        buf[j++] = '-';
    for (size_t i = 0; i < intlen; i++) {
        buf[j++] = raw[i];
        size_t left = intlen - i - 1;
        if (left && left % 3 == 0)
            buf[j++] = ',';
    }
    memcpy(buf + j, raw + intlen, strlen(raw + intlen) + 1);
    return buf;
}

/* sig - 1 - floor(log10 |x|) for finite, non-zero x and sig in 1..15, after
 * rounding: 9.9996 with four digits is 10.00, two decimals. Not clamped. */
static int raw_sig_decimals(double x, int sig)
{
    double mag = floor(log10(fabs(x)));
    if (floor(fabs(x) * pow(10, sig - 1 - mag) + 0.5) >= pow(10, sig))
        mag += 1;
    return sig - 1 - (int)mag;
}

static int clamp_sig(int sig)
{
    return sig < 1 ? 1 : sig > 15 ? 15 : sig;
}

/* See documentation in header file. */
int tco_sig_decimals(double x, int sig)
{
    if (!isfinite(x) || x == 0)
        return 0;
    int d = raw_sig_decimals(x, clamp_sig(sig));
    return d < 0 ? 0 : d > 15 ? 15 : d;
}

/* See documentation in header file. */
const char *tco_format_sig(char *buf, size_t size, double x, int sig)
{
    if (size == 0)
        return buf;
    if (!isfinite(x))
        return tco_group_thousands(buf, size, x, 0);
    if (x == 0) {
        snprintf(buf, size, "0");
        return buf;
    }
    sig = clamp_sig(sig);
    int d = raw_sig_decimals(x, sig);
    if (d <= 6)
        return tco_group_thousands(buf, size, x, d < 0 ? 0 : d);
    char raw[64]; /* below 1e-6 there is nothing to group */
    if (d > 15)
        snprintf(raw, sizeof raw, "%.*e", sig - 1, x);
    else
        snprintf(raw, sizeof raw, "%.*f", d, x);
    if (strlen(raw) >= size) {
        memset(buf, '#', size - 1);
        buf[size - 1] = '\0';
    } else {
        memcpy(buf, raw, strlen(raw) + 1);
    }
    return buf;
}

/* See documentation in header file. */
const char *tco_unit_plural(const char *unit, double per)
{
    size_t n = strlen(unit);
    if (per <= 1 || n == 0)
        return "";
    for (size_t i = 0; i < n; i++)
        if ((unit[i] & 0x80) || unit[i] < ' ')
            return "";
    char last = unit[n - 1];
    return last >= 'a' && last <= 'z' && !strchr("sxzyh", last) ? "s" : "";
}

/* See documentation in header file. */
int tco_parse_int(const char *s, int *v, const char **end)
{
    int saved = errno;
    char *after;
    errno = 0;
    long x = strtol(s, &after, 10);
    int ok = after != s && errno != ERANGE && x >= INT_MIN && x <= INT_MAX;
    errno = saved;
    if (!ok)
        return 0;
    *v = (int)x;
    *end = after;
    return 1;
}

/* See numtext.h. */
int tci_whole_digits(double v)
{
    return v >= 1 ? (int)floor(log10(fabs(v))) + 1 : 1;
}

/* See numtext.h. */
int tci_step_decimals(double step)
{
    return step >= 1 ? 0 : (int)ceil(-log10(step));
}

/* x (finite, > 0) to 17 significant digits, as printf's %e rounds it
 * (correctly, in glibc): x ~ n * 10^(x10 - 16), 10^16 <= n < 10^17. The
 * decimal point, whatever character the locale makes it, is skipped. */
typedef struct digits17 {
    double x;             /* the number */
    unsigned long long n; /* its 17 digits */
    int x10;              /* the power of ten of the first */
    int pow2;             /* 1 when x is a power of two */
} digits17;

/* 10^k, 0 <= k <= 17. */
static unsigned long long pow10_u(int k)
{
    unsigned long long p = 1;
    while (k-- > 0)
        p *= 10;
    return p;
}

/* The mantissa and the power of ten of printf's %.*e of x. */
static void e_digits(double x, int p, unsigned long long *m, int *e)
{
    char t[40];
    snprintf(t, sizeof t, "%.*e", p - 1, x);
    unsigned long long v = 0;
    const char *c = t;
    for (; *c && *c != 'e' && *c != 'E'; c++)
        if (*c >= '0' && *c <= '9')
            v = v * 10 + (unsigned long long)(*c - '0');
    *m = v;
    *e = (int)strtol(*c ? c + 1 : c, NULL, 10) - (p - 1);
}

/* The p-digit decimal nearest x: m * 10^e, 10^(p-1) <= m <= 10^p. Rounded
 * from the 17 digits, but where they end in exactly half a unit of the p-th
 * digit (x may lie on either side of it), printf rounds x itself. */
static void nearest(const digits17 *d, int p, unsigned long long *m, int *e)
{
    unsigned long long q = pow10_u(17 - p), r = d->n % q;
    if (2 * r == q) {
        e_digits(d->x, p, m, e);
        return;
    }
    *m = d->n / q + (2 * r > q);
    *e = d->x10 - (p - 1);
}

/* 1 when m * 10^e reads back (strtod) as x. The text has no decimal point,
 * so no locale can change how it reads. */
static int reads_as(unsigned long long m, int e, double x)
{
    char t[48], r[24];
    int n = 0, j = 0;
    do
        r[n++] = (char)('0' + m % 10);
    while ((m /= 10) != 0);
    while (n)
        t[j++] = r[--n];
    t[j++] = 'e';
    if (e < 0) {
        t[j++] = '-';
        e = -e;
    }
    do
        r[n++] = (char)('0' + e % 10);
    while ((e /= 10) != 0);
    while (n)
        t[j++] = r[--n];
    t[j] = '\0';
    return strtod(t, NULL) == x;
}

/* Whether some p-digit decimal reads back as x, and which: the nearest; for a
 * power of two, whose gap to the double below is half that above, else the
 * nearest on the other side of x. Those two are the closest to x on either
 * side, and the decimals that read back as x form an interval around it; away
 * from a power of two that interval is symmetric, so the farther of the two
 * reads back only if the nearer does. */
static int p_digits(const digits17 *d, int p, unsigned long long *m, int *e)
{
    nearest(d, p, m, e);
    if (reads_as(*m, *e, d->x))
        return 1;
    if (!d->pow2)
        return 0;
    unsigned long long low = pow10_u(p - 1);
    if (reads_as(*m + 1, *e, d->x)) {
        *m += 1;
        return 1;
    }
    if (*m == low && reads_as(low * 10 - 1, *e - 1, d->x)) { /* 1000 -> 9999e-1 */
        *m = low * 10 - 1;
        *e -= 1;
        return 1;
    }
    if (*m > low && reads_as(*m - 1, *e, d->x)) {
        *m -= 1;
        return 1;
    }
    return 0;
}

/* See tco.h. */
const char *tco_format_double(char *buf, size_t size, double v)
{
    if (size == 0)
        return buf;
    if (isnan(v) || isinf(v)) {
        snprintf(buf, size, "%s", isnan(v) ? "nan" : v < 0 ? "-inf" : "inf");
        return buf;
    }
    if (v == 0) { /* -0 too */
        snprintf(buf, size, "0");
        return buf;
    }
    if (fabs(v) < 9007199254740992.0 && v == floor(v)) {
        /* A whole number below 2^53: every whole number near it is a double,
         * so no decimal of fewer digits reads back as it; its digits are the
         * answer, and printf writes them exactly. */
        snprintf(buf, size, "%.0f", v);
        return buf;
    }
    digits17 d17 = {.x = fabs(v)};
    int bin;
    d17.pow2 = frexp(d17.x, &bin) == 0.5;
    e_digits(d17.x, 17, &d17.n, &d17.x10);
    d17.x10 += 16;
    /* A p-digit decimal that reads back is also one of p+1 digits (a zero
     * after it), so the shortest p is found by bisection over 1..17 (17
     * digits always read back). The first guess is where the 17 digits have
     * a run of zeros or nines after the p-th (0.7 is 6.9999999999999996e-1):
     * when p reads back and p - 1 does not, p is the answer in two reads. */
    int lo = 1, hi = 17, guess = 16;
    for (int p = 1; p <= 14; p++) {
        unsigned long long q = pow10_u(17 - p), r = d17.n % q;
        if (r < q / 1000 || q - r < q / 1000) {
            guess = p;
            break;
        }
    }
    unsigned long long m = d17.n, mm;
    int e = d17.x10 - 16, ee;
    while (lo < hi) {
        int mid = guess ? guess : (lo + hi) / 2;
        guess = guess > lo ? guess - 1 : 0; /* then the one below, then bisect */
        if (mid < lo || mid >= hi) {
            guess = 0;
            continue;
        }
        if (p_digits(&d17, mid, &mm, &ee)) {
            hi = mid;
            m = mm;
            e = ee;
        } else {
            lo = mid + 1;
            guess = 0;
        }
    }
    char d[24];
    snprintf(d, sizeof d, "%llu", m);
    int n = (int)strlen(d);
    while (n > 1 && d[n - 1] == '0') {
        d[--n] = '\0';
        e++;
    }
    /* x = 0.d * 10^k; laid out as ECMAScript's Number::toString (what
     * JSON.stringify writes): plain digits for 1e-7 <= x < 1e21, else d.ddde+X. */
    int k = n + e;
    char out[48];
    size_t j = 0;
    if (v < 0)
        out[j++] = '-';
    if (n <= k && k <= 21) { /* 100, 123456789012345680 */
        memcpy(out + j, d, (size_t)n);
        j += (size_t)n;
        for (int z = n; z < k; z++)
            out[j++] = '0';
    } else if (0 < k && k <= 21) { /* 0.7 is k = 0; 1.5 is k = 1 */
        memcpy(out + j, d, (size_t)k);
        j += (size_t)k;
        out[j++] = '.';
        memcpy(out + j, d + k, (size_t)(n - k));
        j += (size_t)(n - k);
    } else if (-6 < k && k <= 0) { /* 0.000001 */
        out[j++] = '0';
        out[j++] = '.';
        for (int z = 0; z < -k; z++)
            out[j++] = '0';
        memcpy(out + j, d, (size_t)n);
        j += (size_t)n;
    } else { /* 1e+21, 1e-7, 1.7976931348623157e+308 */
        out[j++] = d[0];
        if (n > 1) {
            out[j++] = '.';
            memcpy(out + j, d + 1, (size_t)(n - 1));
            j += (size_t)(n - 1);
        }
        j += (size_t)snprintf(out + j, sizeof out - j, "e%c%d", k - 1 < 0 ? '-' : '+', abs(k - 1));
    }
    out[j] = '\0';
    snprintf(buf, size, "%s", out);
    return buf;
}
