/* suggest.c - "did you mean". */
#include "util/suggest.h"
#include "tco.h"
#include "util/utf8.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* See documentation in header file. */
size_t tci_edit_distance(const char *a, const char *b, size_t limit)
{
    enum { MAX = TCI_SUGGEST_MAX };
    size_t la = strlen(a), lb = strlen(b);
    if (la > MAX || lb > MAX || (la > lb ? la - lb : lb - la) > limit)
        return limit + 1;
    /* Only cells with |i - j| <= limit can stay within the limit; a cell just
     * outside the band is read as limit + 1 (`far`). */
    const size_t far = limit + 1;
    size_t d[MAX + 1][MAX + 2];
    for (size_t j = 0; j <= lb && j <= far; j++)
        d[0][j] = j;
    size_t prev_min = 0;
    for (size_t i = 1; i <= la; i++) {
        size_t lo = i > limit ? i - limit : 1, hi = i + limit < lb ? i + limit : lb;
        d[i][lo - 1] = lo == 1 ? i : far;
        size_t row_min = d[i][lo - 1];
        for (size_t j = lo; j <= hi; j++) {
            int ca = tolower((unsigned char)a[i - 1]), cb = tolower((unsigned char)b[j - 1]);
            size_t best = d[i - 1][j - 1] + (ca != cb);
            if (d[i - 1][j] + 1 < best)
                best = d[i - 1][j] + 1;
            if (d[i][j - 1] + 1 < best)
                best = d[i][j - 1] + 1;
            if (i > 1 && j > 1 && ca == tolower((unsigned char)b[j - 2]) &&
                tolower((unsigned char)a[i - 2]) == cb && d[i - 2][j - 2] + 1 < best)
                best = d[i - 2][j - 2] + 1;
            d[i][j] = best;
            if (best < row_min)
                row_min = best;
        }
        if (hi < lb)
            d[i][hi + 1] = far; /* read by the next row */
        /* Later cells come from this row, or from the one before plus a swap. */
        if (row_min > limit && prev_min >= limit)
            return far;
        prev_min = row_min;
    }
    return d[la][lb] > limit ? far : d[la][lb];
}

/* See documentation in header file. */
const char *tci_invisible_name(uint32_t cp)
{
    static const struct {
        uint32_t cp;
        const char *name;
    } names[] = {
        {0x00A0, "NO-BREAK SPACE"},
        {0x00AD, "SOFT HYPHEN"},
        {0x034F, "COMBINING GRAPHEME JOINER"},
        {0x061C, "ARABIC LETTER MARK"},
        {0x115F, "HANGUL CHOSEONG FILLER"},
        {0x1160, "HANGUL JUNGSEONG FILLER"},
        {0x1680, "OGHAM SPACE MARK"},
        {0x180E, "MONGOLIAN VOWEL SEPARATOR"},
        {0x2000, "EN QUAD"},
        {0x2001, "EM QUAD"},
        {0x2002, "EN SPACE"},
        {0x2003, "EM SPACE"},
        {0x2004, "THREE-PER-EM SPACE"},
        {0x2005, "FOUR-PER-EM SPACE"},
        {0x2006, "SIX-PER-EM SPACE"},
        {0x2007, "FIGURE SPACE"},
        {0x2008, "PUNCTUATION SPACE"},
        {0x2009, "THIN SPACE"},
        {0x200A, "HAIR SPACE"},
        {0x200B, "ZERO WIDTH SPACE"},
        {0x200C, "ZERO WIDTH NON-JOINER"},
        {0x200D, "ZERO WIDTH JOINER"},
        {0x200E, "LEFT-TO-RIGHT MARK"},
        {0x200F, "RIGHT-TO-LEFT MARK"},
        {0x2028, "LINE SEPARATOR"},
        {0x2029, "PARAGRAPH SEPARATOR"},
        {0x202A, "LEFT-TO-RIGHT EMBEDDING"},
        {0x202B, "RIGHT-TO-LEFT EMBEDDING"},
        {0x202C, "POP DIRECTIONAL FORMATTING"},
        {0x202D, "LEFT-TO-RIGHT OVERRIDE"},
        {0x202E, "RIGHT-TO-LEFT OVERRIDE"},
        {0x202F, "NARROW NO-BREAK SPACE"},
        {0x205F, "MEDIUM MATHEMATICAL SPACE"},
        {0x2060, "WORD JOINER"},
        {0x2061, "FUNCTION APPLICATION"},
        {0x2062, "INVISIBLE TIMES"},
        {0x2063, "INVISIBLE SEPARATOR"},
        {0x2064, "INVISIBLE PLUS"},
        {0x2066, "LEFT-TO-RIGHT ISOLATE"},
        {0x2067, "RIGHT-TO-LEFT ISOLATE"},
        {0x2068, "FIRST STRONG ISOLATE"},
        {0x2069, "POP DIRECTIONAL ISOLATE"},
        {0x3000, "IDEOGRAPHIC SPACE"},
        {0x3164, "HANGUL FILLER"},
        {0xFEFF, "ZERO WIDTH NO-BREAK SPACE"},
        {0xFFA0, "HALFWIDTH HANGUL FILLER"},
    };
    size_t lo = 0, hi = sizeof names / sizeof names[0];
    while (lo < hi) { /* the table is in code point order */
        size_t mid = (lo + hi) / 2;
        if (names[mid].cp == cp)
            return names[mid].name;
        if (names[mid].cp < cp)
            lo = mid + 1;
        else
            hi = mid;
    }
    return NULL;
}

/* See documentation in header file. */
void tci_suggest_init(tci_suggest *s, const char *word, size_t *budget)
{
    s->word = word;
    s->best = NULL;
    s->budget = budget;
    /* Compare the word as it looks: without the characters one cannot see. */
    size_t n = strlen(word), k = 0;
    int hidden = 0, cut = 0;
    for (size_t i = 0; i < n;) {
        uint32_t cp;
        size_t len = tci_utf8_decode(word + i, n - i, &cp);
        if (len == 0)
            len = 1, cp = 0xFFFD;
        if (tci_invisible_name(cp)) {
            hidden = 1;
        } else {
            if (k + len > TCI_SUGGEST_MAX) {
                cut = 1; /* too long to compare: so is the word */
                break;
            }
            memcpy(s->clean + k, word + i, len);
            k += len;
        }
        i += len;
    }
    s->clean[k] = '\0';
    if (hidden && !cut)
        s->word = s->clean;
    size_t len = strlen(s->word);
    s->dist = (len <= 3 ? 1 : len <= 6 ? 2 : 3) + 1;
}

/* See documentation in header file. */
int tci_suggest_consider(tci_suggest *s, const char *cand)
{
    if (s->budget && *s->budget == 0)
        return 1;
    if (cand && s->dist > 0) {
        if (s->budget)
            (*s->budget)--;
        size_t d = tci_edit_distance(s->word, cand, s->dist - 1);
        if (d < s->dist) {
            s->best = cand;
            s->dist = d;
        }
    }
    return s->dist == 0;
}

/* See documentation in header file. */
char *tci_name_invisible(char *m)
{
    uint32_t seen[64];
    size_t n_seen = 0, size = strlen(m) + 3, len = strlen(m);
    for (size_t i = 0; i < len;) {
        uint32_t cp;
        size_t n = tci_utf8_decode(m + i, len - i, &cp);
        const char *name = n ? tci_invisible_name(cp) : NULL;
        i += n ? n : 1;
        if (!name)
            continue;
        size += 6;
        size_t k = 0;
        while (k < n_seen && seen[k] != cp)
            k++;
        if (k == n_seen && n_seen < sizeof seen / sizeof seen[0]) {
            seen[n_seen++] = cp;
            size += strlen(name) + 32;
        }
    }
    if (!n_seen)
        return m;
    char *out = malloc(size), *q = out;
    if (!out) {
        free(m);
        return NULL;
    }
    for (size_t i = 0; i < len;) {
        uint32_t cp;
        size_t n = tci_utf8_decode(m + i, len - i, &cp);
        if (n && tci_invisible_name(cp)) {
            q += sprintf(q, "\\u%04X", (unsigned)cp);
        } else {
            n = n ? n : 1;
            memcpy(q, m + i, n);
            q += n;
        }
        i += n;
    }
    for (size_t k = 0; k < n_seen; k++)
        q += sprintf(q, "%s\\u%04X %sU+%04X %s", k ? ", " : " (", (unsigned)seen[k],
                     k ? "for " : "stands for ", (unsigned)seen[k], tci_invisible_name(seen[k]));
    strcpy(q, ")");
    free(m);
    return out;
}

/* See documentation in tco.h. */
const char *tco_suggest(const char *word, const char *const *cands, size_t n)
{
    if (!word)
        return NULL;
    tci_suggest s;
    tci_suggest_init(&s, word, NULL);
    for (size_t i = 0; i < n && !tci_suggest_consider(&s, cands[i]); i++)
        ;
    return s.best;
}
