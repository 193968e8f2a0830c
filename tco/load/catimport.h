/* catimport.h - what `tco catalog import` (catimport.c) asks of its tables
 * (catimport_map.c): the GPU names of public price lists mapped to the
 * catalog's GPU ids, the host machine of a GPU priced apart from it (Google
 * Cloud), and the providers' names as the shipped catalog spells them. The
 * tables are data, one home each; docs/CATALOG.md (Refreshing prices) lists
 * them for people. */
#ifndef TCO_LOAD_CATIMPORT_H
#define TCO_LOAD_CATIMPORT_H

#include <stddef.h>

/* One rule of the GPU map: a GPU named `name` (compared without case) is the
 * catalog's GPU `gpu` when the instance type holds `instance` (without case;
 * NULL: any instance) and the list's memory per GPU, in GB, is from min_gb to
 * max_gb (both 0: any memory, known or not; a rule with a range needs the
 * memory). The first rule that matches decides; rules are in the table's
 * order. */
typedef struct tci_gpu_rule {
    const char *gpu;      /* the catalog's GPU id (pricing/gpus.xml) */
    const char *name;     /* the GPU's name in the price list */
    const char *instance; /* text the instance type holds; after a leading '=',
                             the whole instance type; or NULL (any case) */
    double min_gb;        /* memory per GPU, GB, at least */
    double max_gb;        /* and at most; 0 and 0: any */
} tci_gpu_rule;

extern const tci_gpu_rule tci_gpu_rules[];
extern const size_t tci_n_gpu_rules;

/* The catalog GPU id for a GPU named `name` in an instance type `instance`
 * with `mem_gb` GB a GPU (NAN when the list does not say), by the first rule
 * that matches; NULL when none does. *named is 1 when some rule has that
 * name (the instance or the memory did not decide), else 0. */
const char *tci_gpu_map(const char *name, const char *instance, double mem_gb, int *named);

/* The host machine type Google Cloud attaches `count` GPUs named `accel` to,
 * or NULL when the pairing table has none. */
const char *tci_gcp_host(const char *accel, int count);

/* 1 when `type` is a host machine type of the pairing table. */
int tci_gcp_is_host(const char *type);

/* The provider's name as the shipped catalog spells it ("aws": "AWS"), or
 * `name` itself when the table does not know it. */
const char *tci_provider_name(const char *name);

#endif /* TCO_LOAD_CATIMPORT_H */
