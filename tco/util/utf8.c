/* utf8.c - UTF-8: the library's one decoder. */
#include "util/utf8.h"

/* See documentation in header file. */
int tci_utf8_valid(const char *s)
{
    const unsigned char *p = (const unsigned char *)s;
    while (*p) {
        unsigned cp;
        int n;
        if (*p < 0x80) {
            p++;
            continue;
        } else if (*p >= 0xC2 && *p <= 0xDF) {
            n = 1, cp = *p & 0x1F;
        } else if (*p >= 0xE0 && *p <= 0xEF) {
            n = 2, cp = *p & 0x0F;
        } else if (*p >= 0xF0 && *p <= 0xF4) {
            n = 3, cp = *p & 0x07;
        } else {
            return 0;
        }
        for (int i = 1; i <= n; i++) {
            if ((p[i] & 0xC0) != 0x80)
                return 0;
            cp = (cp << 6) | (p[i] & 0x3F);
        }
        if ((n == 2 && cp < 0x800) || (n == 3 && (cp < 0x10000 || cp > 0x10FFFF)) ||
            (cp >= 0xD800 && cp <= 0xDFFF))
            return 0;
        p += n + 1;
    }
    return 1;
}
