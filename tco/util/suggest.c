/* suggest.c - "did you mean". */
#include "util/suggest.h"

#include <ctype.h>
#include <string.h>

/* See documentation in header file. */
size_t tci_edit_distance(const char *a, const char *b, size_t limit)
{
    enum { MAX = TCI_SUGGEST_MAX };
    size_t la = strlen(a), lb = strlen(b);
    if (la > MAX || lb > MAX || (la > lb ? la - lb : lb - la) > limit)
        return limit + 1;
    size_t d[MAX + 1][MAX + 1];
    for (size_t i = 0; i <= la; i++)
        d[i][0] = i;
    for (size_t j = 0; j <= lb; j++)
        d[0][j] = j;
    size_t prev_min = 0;
    for (size_t i = 1; i <= la; i++) {
        size_t row_min = d[i][0];
        for (size_t j = 1; j <= lb; j++) {
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
        /* Later cells come from this row, or from the one before plus a swap. */
        if (row_min > limit && prev_min >= limit)
            return limit + 1;
        prev_min = row_min;
    }
    return d[la][lb];
}

void tci_suggest_init(tci_suggest *s, const char *word)
{
    size_t len = strlen(word);
    s->word = word;
    s->best = NULL;
    s->dist = (len <= 3 ? 1 : len <= 6 ? 2 : 3) + 1;
}

int tci_suggest_consider(tci_suggest *s, const char *cand)
{
    if (cand && s->dist > 0) {
        size_t d = tci_edit_distance(s->word, cand, s->dist - 1);
        if (d < s->dist) {
            s->best = cand;
            s->dist = d;
        }
    }
    return s->dist == 0;
}
