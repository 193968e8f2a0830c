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
    /* H100 NVL (94 GB), the only H100 of 94 GB: by name, or by memory (Azure NC
     * H100 v5 lists it as H100). */
    {"h100-nvl-94gb", "H100-NVL", NULL, 0, 0},
    {"h100-nvl-94gb", "H100NVL", NULL, 0, 0},
    {"h100-nvl-94gb", "H100", NULL, 93, 95},
    /* H100-NVLINK says NVLink, which the SXM5 module and the PCIe cards (with a
     * bridge) both have: only the NVL's 94 GB tells it; 80 GB stays unmapped. */
    {"h100-nvl-94gb", "H100-NVLINK", NULL, 93, 95},
    {"h100-sxm5-80gb", "H100-SXM", NULL, 0, 0},
    /* H200 NVL (PCIe): by name, or an instance type that says NVL (and so not
     * SXM, which the rules above take). */
    {"h200-nvl-141gb", "H200-NVL", NULL, 0, 0},
    {"h200-nvl-141gb", "H200NVL", NULL, 0, 0},
    {"h200-nvl-141gb", "H200", "nvl", 0, 0},
    {"h200-sxm-141gb", "H200-SXM", NULL, 0, 0},
    /* A100 on Azure: ND A100 v4 (ND96asr_v4, SXM4 40 GB), NDm A100 v4
     * (ND96amsr_A100_v4, SXM4 80 GB), NC A100 v4 (NC24/48/96ads_A100_v4, PCIe
     * 80 GB); SkyPilot's A100-80GB-SXM; PCIe cards an instance type names. */
    {"a100-sxm4-40gb", "A100", "nd96asr_v4", 0, 0},
    {"a100-sxm4-80gb", "A100-80GB", "nd96amsr_a100", 0, 0},
    {"a100-sxm4-80gb", "A100-80GB-SXM", NULL, 0, 0},
    {"a100-pcie-80gb", "A100-80GB", "ads_a100_v4", 0, 0},
    {"a100-pcie-80gb", "A100-80GB", "pcie", 0, 0},
    {"a100-pcie-80gb", "A100", "pcie", 79, 81},
    {"a100-pcie-40gb", "A100", "pcie", 39, 41},
    /* Lambda's A100s of 40 GB whose type names no form: Lambda's instance-types
     * API describes gpu_8x_a100 as "8x A100 (40 GB SXM4)" and gpu_1x_a100 as
     * "1x A100 (40 GB PCIe)"; by the whole type (gpu_8x_a100_80gb_sxm4 and
     * gpu_1x_a100_sxm4 are taken above). Its gpu_2x_a100 and gpu_4x_a100 are
     * described nowhere this table could cite: unmapped. */
    {"a100-sxm4-40gb", "A100", "=gpu_8x_a100", 39, 41},
    {"a100-pcie-40gb", "A100", "=gpu_1x_a100", 39, 41},
    /* V100 SXM2: AWS p3 (16 GB) and p3dn (32 GB), Azure ND40rs v2 (32 GB); the
     * PCIe card of Azure NCv3 has no entry, so other V100s stay unmapped. */
    {"v100-sxm2-16gb", "V100", "p3.", 0, 0},
    {"v100-sxm2-32gb", "V100-32GB", "p3dn.", 0, 0},
    {"v100-sxm2-32gb", "V100-32GB", "nd40rs_v2", 0, 0},
    /* GH200 of 96 GB (Lambda: 98304 MiB); the 144 GB version has no entry. */
    {"gh200-96gb", "GH200", NULL, 95, 97},
    /* B200: made as an SXM module only (HGX B200). */
    {"b200-192gb", "B200", NULL, 0, 0},
    /* L40S and the RTX 4090: one form each. */
    {"l40s-48gb", "L40S", NULL, 0, 0},
    {"rtx-4090-24gb", "RTX4090", NULL, 0, 0},
    {"rtx-4090-24gb", "RTX 4090", NULL, 0, 0},
    /* One form each, by name (SkyPilot's and gpuhunt's spellings). The clouds'
     * P100s are PCIe cards (Google Cloud, Azure NCv2). */
    {"b300-288gb", "B300", NULL, 0, 0},
    {"gb200-186gb", "GB200", NULL, 0, 0},
    {"l4-24gb", "L4", NULL, 0, 0},
    {"l40-48gb", "L40", NULL, 0, 0},
    {"a10g-24gb", "A10G", NULL, 0, 0},
    {"a10-24gb", "A10", NULL, 0, 0},
    {"t4-16gb", "T4", NULL, 0, 0},
    {"t4-16gb", "T4g", NULL, 0, 0},
    {"a40-48gb", "A40", NULL, 0, 0},
    {"rtx-a6000-48gb", "A6000", NULL, 0, 0},
    {"rtx-a6000-48gb", "RTXA6000", NULL, 0, 0},
    {"quadro-rtx-6000-24gb", "RTX6000", NULL, 0, 0},
    {"rtx-6000-ada-48gb", "RTX6000-Ada", NULL, 0, 0},
    {"rtx-6000-ada-48gb", "RTX6000Ada", NULL, 0, 0},
    {"rtx-pro-6000-96gb", "RTXPRO6000S", NULL, 0, 0},
    {"rtx-pro-6000-96gb", "RTXPRO6000WS", NULL, 0, 0},
    {"rtx-5090-32gb", "RTX5090", NULL, 0, 0},
    {"p100-pcie-16gb", "P100", NULL, 0, 0},
    {"p40-24gb", "P40", NULL, 0, 0},
    {"p4-8gb", "P4", NULL, 0, 0},
    {"k80-12gb", "K80", NULL, 0, 0},
    {"m60-8gb", "M60", NULL, 0, 0},
    {"mi300x-192gb", "MI300X", NULL, 0, 0},
    {"mi325x-256gb", "MI325X", NULL, 0, 0},
    {"mi355x-288gb", "MI355X", NULL, 0, 0},
    {"gaudi2-96gb", "Gaudi2", NULL, 0, 0},
    {"gaudi3-128gb", "Gaudi3", NULL, 0, 0},
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
        if (r->instance && (r->instance[0] == '=' ? strcasecmp(instance, r->instance + 1) != 0
                                                  : !holds(instance, r->instance)))
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
