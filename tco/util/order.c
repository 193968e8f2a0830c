/* order.c - an order of indices by value (order.h). */
#include "util/order.h"

#include <string.h>

/* a before b. */
static int before(const tci_ranked *a, const tci_ranked *b)
{
    return a->value < b->value || (a->value == b->value && a->index < b->index);
}

/* Runs of ORDER_RUN entries sorted by insertion, then merged in pairs. */
#define ORDER_RUN 16

/* See order.h. */
void tci_order_by_value(tci_ranked *v, tci_ranked *tmp, size_t n)
{
    for (size_t lo = 0; lo < n; lo += ORDER_RUN) {
        size_t hi = n - lo < ORDER_RUN ? n : lo + ORDER_RUN;
        for (size_t i = lo + 1; i < hi; i++) {
            tci_ranked x = v[i];
            size_t j = i;
            for (; j > lo && before(&x, &v[j - 1]); j--)
                v[j] = v[j - 1];
            v[j] = x;
        }
    }
    tci_ranked *from = v, *to = tmp;
    for (size_t width = ORDER_RUN; width < n; width *= 2) {
        for (size_t lo = 0; lo < n; lo += 2 * width) {
            size_t mid = n - lo < width ? n : lo + width;
            size_t hi = n - mid < width ? n : mid + width;
            size_t i = lo, j = mid, k = lo;
            while (i < mid && j < hi)
                to[k++] = before(&from[j], &from[i]) ? from[j++] : from[i++];
            while (i < mid)
                to[k++] = from[i++];
            while (j < hi)
                to[k++] = from[j++];
        }
        tci_ranked *t = from;
        from = to;
        to = t;
    }
    if (from != v)
        memcpy(v, from, n * sizeof *v);
}
