/* utf8.c - UTF-8: the library's one decoder. */
#include "util/utf8.h"

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

size_t tci_utf8_prefix(const char *s, size_t chars)
{
    size_t b = 0;
    while (s[b] && chars--)
        b += tci_utf8_len((unsigned char)s[b]);
    return b;
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
        w += cp >= 0x2E80 && cp <= 0xFFEF ? 2 : 1;
        for (size_t k = 0; k < len && *p; k++)
            p++;
    }
    return w;
}
