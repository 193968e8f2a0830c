/* order.h - an order of indices by value: the ranking's sort, without a
 * call per comparison. */
#ifndef TCO_UTIL_ORDER_H
#define TCO_UTIL_ORDER_H

#include <stddef.h>

/* A value and the index it belongs to. */
typedef struct tci_ranked {
    double value;
    size_t index;
} tci_ranked;

/* v[0..n-1] in ascending order of value, equal values (-0 and +0 among them)
 * in ascending order of index; tmp holds n entries of scratch. No value may
 * be NaN, and no two entries may have the same index: the order is then the
 * one every correct sort gives, qsort's with the same comparison included. */
void tci_order_by_value(tci_ranked *v, tci_ranked *tmp, size_t n);

#endif
