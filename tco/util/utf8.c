/* utf8.c - UTF-8: the library's one decoder. */
#include "util/utf8.h"

#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

/* See documentation in header file. */
size_t tci_utf8_decode(const char *s, size_t n, uint32_t *cp)
{
    const unsigned char *p = (const unsigned char *)s;
    size_t len;
    uint32_t c;
    if (n == 0)
        return 0;
    if (p[0] < 0x80) {
        if (cp)
            *cp = p[0];
        return 1;
    }
    if (p[0] >= 0xC2 && p[0] <= 0xDF)
        len = 2, c = p[0] & 0x1Fu;
    else if (p[0] >= 0xE0 && p[0] <= 0xEF)
        len = 3, c = p[0] & 0x0Fu;
    else if (p[0] >= 0xF0 && p[0] <= 0xF4)
        len = 4, c = p[0] & 0x07u;
    else
        return 0;
    if (n < len)
        return 0;
    for (size_t i = 1; i < len; i++) {
        if ((p[i] & 0xC0) != 0x80)
            return 0;
        c = (c << 6) | (p[i] & 0x3Fu);
    }
    if ((len == 3 && c < 0x800) || (len == 4 && (c < 0x10000 || c > 0x10FFFF)) ||
        (c >= 0xD800 && c <= 0xDFFF))
        return 0;
    if (cp)
        *cp = c;
    return len;
}

int tci_utf8_valid(const char *s)
{
    size_t n = strlen(s);
    for (size_t i = 0; i < n;) {
        size_t len = tci_utf8_decode(s + i, n - i, NULL);
        if (!len)
            return 0;
        i += len;
    }
    return 1;
}

/* See documentation in header file. */
size_t tci_utf8_bom(const char *p, size_t n)
{
    return n >= 3 && memcmp(p, "\xEF\xBB\xBF", 3) == 0 ? 3 : 0;
}

size_t tci_utf8_len(unsigned char b)
{
    return b < 0x80 ? 1 : b < 0xE0 ? 2 : b < 0xF0 ? 3 : 4;
}

size_t tci_utf8_cut(const char *s, size_t n)
{
    size_t b = 0;
    while (b < n) {
        size_t len = tci_utf8_len((unsigned char)s[b]);
        if (b + len > n)
            break;
        b += len;
    }
    return b;
}

/* The NUL-terminated s at buf[o], as much as fits before lim; returns o
 * plus all of s's length, as vsnprintf counts what it would have written. */
static size_t put_str(char *buf, size_t lim, size_t o, const char *s)
{
    size_t len = strlen(s);
    if (o < lim)
        memcpy(buf + o, s, len < lim - o ? len : lim - o);
    return o + len;
}

/* The decimal digits of v (with its sign) at buf[o]. */
static size_t put_int(char *buf, size_t lim, size_t o, long long v, int neg)
{
    char tmp[24];
    size_t n = sizeof tmp - 1;
    unsigned long long u = neg && v < 0 ? 0ULL - (unsigned long long)v : (unsigned long long)v;
    tmp[n] = '\0';
    do
        tmp[--n] = (char)('0' + u % 10);
    while ((u /= 10) != 0);
    if (neg && v < 0)
        tmp[--n] = '-';
    return put_str(buf, lim, o, tmp + n);
}

/* See documentation in header file. */
int tci_vformat(char *buf, size_t size, const char *fmt, va_list ap)
{
    va_list again;
    va_copy(again, ap);
    size_t o = 0, lim = size ? size - 1 : 0;
    for (const char *p = fmt; *p;) {
        if (*p != '%') {
            if (o < lim)
                buf[o] = *p;
            o++;
            p++;
            continue;
        }
        p++;
        if (*p == 's') {
            const char *s = va_arg(ap, const char *);
            o = put_str(buf, lim, o, s ? s : "(null)"); /* NULL as glibc writes it */
            p++;
        } else if (*p == 'd') {
            o = put_int(buf, lim, o, va_arg(ap, int), 1);
            p++;
        } else if (p[0] == 'z' && p[1] == 'u') {
            o = put_int(buf, lim, o, (long long)va_arg(ap, size_t), 0);
            p += 2;
        } else if (p[0] == 'l' && p[1] == 'l' && p[2] == 'd') {
            o = put_int(buf, lim, o, va_arg(ap, long long), 1);
            p += 3;
        } else if (*p == '%') {
            o = put_str(buf, lim, o, "%");
            p++;
        } else { /* a conversion written by the C library, from the start */
            int n = vsnprintf(buf, size, fmt, again);
            va_end(again);
            return n;
        }
    }
    va_end(again);
    if (size > 0)
        buf[o < lim ? o : lim] = '\0';
    return o > INT_MAX ? -1 : (int)o;
}

int tci_utf8_format(char *buf, size_t size, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int n = tci_vformat(buf, size, fmt, ap);
    va_end(ap);
    if (size > 0 && n >= 0 && (size_t)n >= size)
        buf[tci_utf8_cut(buf, size - 1)] = '\0';
    return n;
}

size_t tci_utf8_prefix(const char *s, size_t chars)
{
    size_t b = 0;
    while (s[b] && chars--)
        b += tci_utf8_len((unsigned char)s[b]);
    return b;
}

/* Runs of letters that fold by a fixed offset: from `lo` to `hi`, each code
 * point (or, when `pairs`, each one of the same parity as lo: upper case and
 * lower case alternate) folds to itself plus `delta`. */
static const struct fold_run {
    uint32_t lo, hi;
    int32_t delta;
    int pairs;
} fold_runs[] = {
    {0x0041, 0x005A, 32, 0},   /* A-Z */
    {0x00C0, 0x00D6, 32, 0},   /* À-Ö */
    {0x00D8, 0x00DE, 32, 0},   /* Ø-Þ */
    {0x0100, 0x012E, 1, 1},    /* Ā ... Į */
    {0x0132, 0x0136, 1, 1},    /* Ĳ Ĵ Ķ */
    {0x0139, 0x0147, 1, 1},    /* Ĺ ... Ň */
    {0x014A, 0x0176, 1, 1},    /* Ŋ ... Ŷ */
    {0x0178, 0x0178, -121, 0}, /* Ÿ -> ÿ */
    {0x0179, 0x017D, 1, 1},    /* Ź Ż Ž */
    {0x017F, 0x017F, -268, 0}, /* long s -> s */
    {0x0386, 0x0386, 38, 0},   /* Ά */
    {0x0388, 0x038A, 37, 0},   /* Έ Ή Ί */
    {0x038C, 0x038C, 64, 0},   /* Ό */
    {0x038E, 0x038F, 63, 0},   /* Ύ Ώ */
    {0x0391, 0x03A1, 32, 0},   /* Α-Ρ */
    {0x03A3, 0x03AB, 32, 0},   /* Σ-Ϋ */
    {0x03C2, 0x03C2, 1, 0},    /* final sigma -> σ */
    {0x0400, 0x040F, 80, 0},   /* Ѐ-Џ */
    {0x0410, 0x042F, 32, 0},   /* А-Я */
    {0x0460, 0x0480, 1, 1},    /* Ѡ ... Ҁ */
    {0x048A, 0x04BE, 1, 1},    /* Ҋ ... Ҿ */
    {0x04C0, 0x04C0, 15, 0},   /* Ӏ */
    {0x04C1, 0x04CD, 1, 1},    /* Ӂ ... Ӎ */
    {0x04D0, 0x052E, 1, 1},    /* Ӑ ... Ԯ */
    {0xFF21, 0xFF3A, 32, 0},   /* fullwidth A-Z */
};

uint32_t tci_utf8_fold(uint32_t cp)
{
    for (size_t i = 0; i < sizeof fold_runs / sizeof fold_runs[0]; i++) {
        const struct fold_run *r = &fold_runs[i];
        if (cp < r->lo)
            break; /* the runs are in order */
        if (cp <= r->hi && (!r->pairs || (cp - r->lo) % 2 == 0))
            return (uint32_t)((int32_t)cp + r->delta);
    }
    return cp;
}

int tci_utf8_casecmp(const char *a, const char *b)
{
    size_t na = strlen(a), nb = strlen(b), i = 0, j = 0;
    while (i < na && j < nb) {
        uint32_t x, y;
        size_t la = tci_utf8_decode(a + i, na - i, &x), lb = tci_utf8_decode(b + j, nb - j, &y);
        if (!la)
            x = 0x110000u + (unsigned char)a[i], la = 1; /* a stray byte: itself */
        if (!lb)
            y = 0x110000u + (unsigned char)b[j], lb = 1;
        x = tci_utf8_fold(x);
        y = tci_utf8_fold(y);
        if (x != y)
            return x < y ? -1 : 1;
        i += la;
        j += lb;
    }
    return (i < na) - (j < nb);
}

int tci_utf8_cp_width(uint32_t cp)
{
    return cp >= 0x2E80 && cp <= 0xFFEF ? 2 : 1;
}

int tci_utf8_width(const char *s)
{
    int w = 0;
    const unsigned char *p = (const unsigned char *)s;
    while (p && *p) {
        size_t len = tci_utf8_len(*p);
        uint32_t cp = *p;
        if (len > 1) {
            cp = *p & (0x7Fu >> len);
            for (size_t k = 1; k < len && p[k]; k++)
                cp = (cp << 6) | (p[k] & 0x3Fu);
        }
        w += tci_utf8_cp_width(cp);
        for (size_t k = 0; k < len && *p; k++)
            p++;
    }
    return w;
}
