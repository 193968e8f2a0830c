/* numtext.c - numbers as text for people: the one thousands-separator
 * formatter (declared in tco.h, since the tool's table uses it too). */
#include "tco.h"

#include <math.h>
#include <stdio.h>
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
