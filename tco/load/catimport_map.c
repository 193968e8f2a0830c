/* catimport_map.c - the tables of `tco catalog import` (catimport.h): the GPU
 * map, Google Cloud's pairing of GPUs with their host machines, and the
 * providers' names. Data only; docs/CATALOG.md (Refreshing prices) explains
 * each row's reason. */
#include "load/catimport.h"

#include <math.h>
#include <string.h>
#include <strings.h>

/* ===== The GPU map =====
 *
 * A row names a GPU id of pricing/gpus.xml only. A GPU sold in several forms
 * (H100 SXM5 or PCIe; A100 of 40 or 80 GB) is told apart by the instance type
 * (the provider's family of machines built on one form) or by the memory per
 * GPU, never guessed: without a rule that matches, the row is "unmapped". */
const tci_gpu_rule tci_gpu_rules[] = {
    /* H100 SXM5 80GB: instance types that say SXM (Lambda gpu_8x_h100_sxm5), AWS
     * p5 (HGX H100), Google Cloud A3 (a3-highgpu, a3-megagpu, a3-edgegpu),
     * Azure ND H100 v5, DataCrunch's "80S" (SXM5 80GB) types. */
    {"h100-sxm5-80gb", "H100", "sxm", 0, 0},
    {"h100-sxm5-80gb", "H100", "p5.", 0, 0},
    {"h100-sxm5-80gb", "H100", "a3-", 0, 0},
    {"h100-sxm5-80gb", "H100", "nd96isr_h100", 0, 0},
    {"h100-sxm5-80gb", "H100", ".80s.", 0, 0},
    {"h100-sxm5-80gb", "H100-MEGA", NULL, 0, 0},
    /* RunPod's "NVIDIA H100 80GB HBM3": of the H100s with 80 GB, the SXM5 alone
     * has HBM3 (the PCIe card HBM2e; the NVL, HBM3 too, has 94 GB). */
    {"h100-sxm5-80gb", "H100", "hbm3", 79, 81},
    /* H100 PCIe 80GB: instance types that say PCIe (Lambda gpu_1x_h100_pcie). */
    {"h100-pcie-80gb", "H100", "pcie", 0, 0},
    /* H200 SXM 141GB: AWS p5e and p5en, Google Cloud a3-ultragpu, types that
     * say SXM; the H200 NVL (PCIe) has its own name. */
    {"h200-sxm-141gb", "H200", "p5e.", 0, 0},
    {"h200-sxm-141gb", "H200", "p5en.", 0, 0},
    {"h200-sxm-141gb", "H200", "a3-ultragpu", 0, 0},
    {"h200-sxm-141gb", "H200", "sxm", 0, 0},
    /* A100 SXM4 80GB: AWS p4de, Google Cloud a2-ultragpu, and SXM types of 80 GB
     * (Lambda gpu_8x_a100_80gb_sxm4, named A100 with 81920 MiB). */
    {"a100-sxm4-80gb", "A100-80GB", "p4de.", 0, 0},
    {"a100-sxm4-80gb", "A100-80GB", "a2-ultragpu", 0, 0},
    {"a100-sxm4-80gb", "A100-80GB", "sxm", 0, 0},
    {"a100-sxm4-80gb", "A100", "sxm", 79, 81},
    /* A100 SXM4 40GB: AWS p4d, Google Cloud a2-highgpu and a2-megagpu, and SXM
     * types of 40 GB (Lambda gpu_1x_a100_sxm4). */
    {"a100-sxm4-40gb", "A100", "p4d.", 0, 0},
    {"a100-sxm4-40gb", "A100", "a2-highgpu", 0, 0},
    {"a100-sxm4-40gb", "A100", "a2-megagpu", 0, 0},
    {"a100-sxm4-40gb", "A100", "sxm", 39, 41},
    /* B200: made as an SXM module only (HGX B200). */
    {"b200-192gb", "B200", NULL, 0, 0},
    /* L40S and the RTX 4090: one form each. */
    {"l40s-48gb", "L40S", NULL, 0, 0},
    {"rtx-4090-24gb", "RTX4090", NULL, 0, 0},
    {"rtx-4090-24gb", "RTX 4090", NULL, 0, 0},
};
const size_t tci_n_gpu_rules = sizeof tci_gpu_rules / sizeof tci_gpu_rules[0];

/* 1 when `text` holds `part`, without case. */
static int holds(const char *text, const char *part)
{
    size_t n = strlen(part);
    for (; *text; text++)
        if (strncasecmp(text, part, n) == 0)
            return 1;
    return 0;
}

/* See catimport.h. */
const char *tci_gpu_map(const char *name, const char *instance, double mem_gb, int *named)
{
    *named = 0;
    for (size_t i = 0; i < tci_n_gpu_rules; i++) {
        const tci_gpu_rule *r = &tci_gpu_rules[i];
        if (strcasecmp(r->name, name) != 0)
            continue;
        *named = 1;
        if (r->instance && !holds(instance, r->instance))
            continue;
        if ((r->min_gb > 0 || r->max_gb > 0) &&
            (isnan(mem_gb) || mem_gb < r->min_gb || mem_gb > r->max_gb))
            continue;
        return r->gpu;
    }
    return NULL;
}

/* ===== Google Cloud: a GPU's host machine =====
 *
 * Google Cloud prices an accelerator-optimized machine's GPUs apart from the
 * machine (SkyPilot's file lists them on rows with an empty InstanceType): a
 * GPU's offer is the host's price plus its GPUs'. Each machine type of the A2,
 * A3, A4 and G2 series comes with a fixed number of one GPU (Google Cloud,
 * "GPU machine types", cloud.google.com/compute/docs/gpus). */
static const struct {
    const char *accel; /* the GPU's name in SkyPilot's file */
    int count;         /* GPUs of the machine */
    const char *host;  /* the machine type */
} gcp_hosts[] = {
    {"A100", 1, "a2-highgpu-1g"},       {"A100", 2, "a2-highgpu-2g"},
    {"A100", 4, "a2-highgpu-4g"},       {"A100", 8, "a2-highgpu-8g"},
    {"A100", 16, "a2-megagpu-16g"},     {"A100-80GB", 1, "a2-ultragpu-1g"},
    {"A100-80GB", 2, "a2-ultragpu-2g"}, {"A100-80GB", 4, "a2-ultragpu-4g"},
    {"A100-80GB", 8, "a2-ultragpu-8g"}, {"H100", 1, "a3-highgpu-1g"},
    {"H100", 2, "a3-highgpu-2g"},       {"H100", 4, "a3-highgpu-4g"},
    {"H100", 8, "a3-highgpu-8g"},       {"H100-MEGA", 8, "a3-megagpu-8g"},
    {"H200", 8, "a3-ultragpu-8g"},      {"B200", 8, "a4-highgpu-8g"},
    {"L4", 1, "g2-standard-4"},         {"L4", 2, "g2-standard-24"},
    {"L4", 4, "g2-standard-48"},        {"L4", 8, "g2-standard-96"},
};

/* See catimport.h. */
const char *tci_gcp_host(const char *accel, int count)
{
    for (size_t i = 0; i < sizeof gcp_hosts / sizeof gcp_hosts[0]; i++)
        if (gcp_hosts[i].count == count && strcasecmp(gcp_hosts[i].accel, accel) == 0)
            return gcp_hosts[i].host;
    return NULL;
}

/* See catimport.h. */
int tci_gcp_is_host(const char *type)
{
    for (size_t i = 0; i < sizeof gcp_hosts / sizeof gcp_hosts[0]; i++)
        if (strcmp(gcp_hosts[i].host, type) == 0)
            return 1;
    return 0;
}

/* ===== Providers' names ===== */

static const struct {
    const char *list; /* as a price list or its file names it */
    const char *name; /* as the shipped catalog spells it */
} providers[] = {
    {"aws", "AWS"},        {"gcp", "Google Cloud"},    {"azure", "Microsoft Azure"},
    {"lambda", "Lambda"},  {"lambdalabs", "Lambda"},   {"runpod", "RunPod"},
    {"vastai", "Vast.ai"}, {"coreweave", "CoreWeave"}, {"datacrunch", "DataCrunch"},
};

/* See catimport.h. */
const char *tci_provider_name(const char *name)
{
    for (size_t i = 0; i < sizeof providers / sizeof providers[0]; i++)
        if (strcasecmp(providers[i].list, name) == 0)
            return providers[i].name;
    return name;
}
