/* numtext.c - numbers as text for people: the one thousands-separator
 * formatter and the significant-digits formatter of small unit costs
 * and the one reading of an integer in text (declared in tco.h, since the tool
 * uses them too); the digits of a number and the decimals of a step
 * (numtext.h), for the writers' layout. */
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

/* See tco.h. */
const char *tco_format_double(char *buf, size_t size, double v)
{
    if (v == floor(v) && fabs(v) < 1e15) { /* a whole number, without an exponent */
        snprintf(buf, size, "%.0f", v == 0 ? 0.0 : v);
        return buf;
    }
    for (int p = 1; p <= 17; p++) {
        snprintf(buf, size, "%.*g", p, v == 0 ? 0.0 : v);
        if (strtod(buf, NULL) == v)
            return buf;
    }
    snprintf(buf, size, "%.17g", v);
    return buf;
}
