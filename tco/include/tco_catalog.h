/*
 * tco_catalog.h - price catalogs (docs/CATALOG.md): GPU models and offers read
 * from XML, looked up by id, listed as JSON or CSV. Part of the public API,
 * kept in its own file. tco.h includes it at its end; include tco.h, not this
 * file.
 */
#ifndef TCO_CATALOG_H
#define TCO_CATALOG_H

#ifdef __cplusplus
extern "C" {
#endif

/* A GPU model with its specifications and purchase price. Numbers a catalog
 * does not give are NAN. */
typedef struct tco_gpu_model {
    char *id;   /* catalog id, e.g. "h100-sxm5-80gb" */
    char *name; /* e.g. "NVIDIA H100 SXM5 80GB" */
    char *vendor;
    double fp16_tflops;        /* dense FP16/BF16 tensor peak */
    double fp16_tflops_sparse; /* with 2:4 sparsity, where the vendor quotes it */
    double fp32_tflops;
    double memory_gb;
    char *memory_type;    /* e.g. "HBM3", or NULL */
    double memory_bw_tbs; /* TB/s */
    double nvlink_gbs;    /* GB/s; 0 when the GPU has none */
    double pcie_gbs;      /* GB/s */
    double tdp_w;
    double price_low, price_typical, price_high; /* per GPU */
    char *currency;                              /* of the prices */
    int server_gpus;           /* <server>: the GPUs of the server its figures are of;
                                  0 when the entry has no <server> */
    double server_power_w;     /* that server's power at full load without its GPUs */
    double server_price_ratio; /* its price without its GPUs / its GPUs' price */
    char *server_source;       /* where the <server> figures come from */
    double embodied_kgco2e;    /* <embodied kgco2e=>: a GPU's embodied emissions
                                  (MODEL.md, Carbon), NAN when the entry has none */
    char *embodied_source;     /* where that figure comes from */
    char *source;              /* where the figures come from */
    char *as_of;               /* YYYY-MM-DD of the price */
    const char *file;          /* catalog file (borrowed from the catalog) */
    int line;                  /* line of the element in that file */
} tco_gpu_model;

/* A cloud offer: one GPU rented from one provider at one price. */
typedef struct tco_offer {
    char *id;
    char *provider;
    char *gpu;       /* id of a tco_gpu_model */
    char *pricing;   /* "on-demand", "reserved" or "spot" */
    int term_months; /* commitment for reserved offers, else 0 */
    double price_per_gpu_hour;
    double egress_per_tb; /* the provider's price of a TB sent out, or NAN */
    char *currency;
    char *region; /* or NULL */
    char *source;
    char *as_of;      /* YYYY-MM-DD */
    int gpus;         /* <gpus>: the GPUs of one instance, or 0 when not given */
    const char *file; /* catalog file (borrowed from the catalog) */
    int line;
} tco_offer;

/* A hosted model's API offer (MODEL.md, API options): one model from one
 * provider at its published prices per million tokens, all in one currency.
 * Listed apart from the GPU offers; an API option names it with `offer =`,
 * and no GPU offer rule (`offer = cheapest`) ever picks it. */
typedef struct tco_api_offer {
    char *id;
    char *provider;
    char *model;               /* the provider's name of the model */
    double input_per_million;  /* price of a million input tokens */
    double cached_per_million; /* of a million cached input tokens, or NAN */
    double output_per_million; /* of a million output tokens */
    char *currency;            /* of the three */
    char *source;
    char *as_of;      /* YYYY-MM-DD */
    const char *file; /* catalog file (borrowed from the catalog) */
    int line;
} tco_api_offer;

/* A cloud provider's grid region (MODEL.md, Carbon; docs/CATALOG.md): the
 * grid intensity where the provider's region is and the provider's PUE, with
 * their source. A rented option whose catalog offer names this provider and
 * region (ignoring ASCII case) and that gives no kgco2e_per_gpu_hour takes
 * one from it. Listed apart from the offers. */
typedef struct tco_grid_region {
    char *id;
    char *provider;        /* as the offers spell it, e.g. "AWS" */
    char *region;          /* e.g. "us-east-1" */
    double kgco2e_per_kwh; /* the grid's average intensity, location-based, 0..5 */
    double pue;            /* the provider's power usage effectiveness, 1..3 */
    char *source;
    char *as_of;      /* YYYY-MM-DD */
    const char *file; /* catalog file (borrowed from the catalog) */
    int line;
} tco_grid_region;

/* GPU models and offers from one or more catalog files. A later file's entry
 * replaces an earlier entry with the same id. */
typedef struct tco_catalog {
    size_t n_gpus;
    tco_gpu_model *gpus;
    size_t n_offers;
    tco_offer *offers;
    size_t n_files;
    char **files;          /* every file loaded, in order */
    tco_file_id *file_ids; /* the identity of each of files */
    size_t n_api_offers;   /* API offers (<api-offer>), apart from the GPU offers */
    tco_api_offer *api_offers;
    size_t n_grid_regions; /* grid regions (<grid-region>), apart from the offers */
    tco_grid_region *grid_regions;
} tco_catalog;

tco_catalog *tco_catalog_new(void);
void tco_catalog_free(tco_catalog *cat);

/* Parse a catalog securely (no network, no DTD, no entities), validate it
 * against the schema and add its entries. On any error nothing is added and
 * diags says FILE:LINE: what is wrong. */
tco_status tco_catalog_load_file(tco_catalog *cat, const char *path, tco_diags *diags);
tco_status tco_catalog_load_string(tco_catalog *cat, const char *xml, size_t size, const char *name,
                                   tco_diags *diags);

/* When `path` is one of the files the catalog was read from, the name it was
 * read by; else NULL (see tco_scenario_input_at). */
const char *tco_catalog_input_at(const tco_catalog *cat, const char *path);

const tco_gpu_model *tco_catalog_gpu(const tco_catalog *cat, const char *id);
const tco_offer *tco_catalog_offer(const tco_catalog *cat, const char *id);
/* The API offer of that id, or NULL. */
const tco_api_offer *tco_catalog_api_offer(const tco_catalog *cat, const char *id);
/* The grid region of that provider and region (tco_offer_text_matches on
 * both), the last such in catalog order, or NULL; NULL when either is NULL. */
const tco_grid_region *tco_catalog_grid_region(const tco_catalog *cat, const char *provider,
                                               const char *region);

/* 1 when `want` is NULL (any) or equals `have` ignoring ASCII case: how an
 * offer's provider, pricing and region are matched by `tco catalog --provider`,
 * `--pricing` and `--region`, by a [discount NAME]'s provider and pricing and
 * by `offer = cheapest`'s offer_provider, offer_pricing and offer_region. */
int tco_offer_text_matches(const char *want, const char *have);

/* List a catalog as JSON: {"gpus": [...], "offers": [...]}, one object per
 * entry in catalog order with every member of tco_gpu_model and tco_offer
 * except file, line and an offer's gpus (numbers as tco_format_double writes them; unknown numbers
 * and absent text are null), and "api_offers": [...] likewise when the catalog
 * has any, then "grid_regions": [...] (every member of tco_grid_region but
 * file and line) when it has any. This is `tco catalog --format json`. */
tco_status tco_catalog_write_json_stream(const tco_catalog *cat, FILE *out);

/* List a catalog as CSV, with the field rules of tco_report_write_csv_stream
 * (RFC 4180, CRLF, UTF-8; text holding a comma, semicolon, tab, quote, CR or
 * LF is quoted; text that begins with '=', '+', '-', '@', TAB or CR gets a
 * leading single quote and is quoted, so that a price list cannot put a
 * formula in a spreadsheet; numbers never get the quote). The header is
 *   kind,id,name,provider,gpu,pricing,term_months,fp16_tflops,memory_gb,
 *   tdp_w,price_typical,price_per_gpu_hour,currency,region,source,as_of,
 *   kgco2e_per_kwh,pue
 * then one row per GPU model (kind "gpu"), one per offer ("offer") and one
 * per grid region ("grid-region"), in catalog order; a column that does not
 * apply to the kind is empty, as is an unknown number. API offers are not
 * listed. This is `tco catalog --format csv`. */
tco_status tco_catalog_write_csv_stream(const tco_catalog *cat, FILE *out);

/* ===== Importing a public price list (docs/CATALOG.md, Refreshing prices) ===== */

/* The price lists tco_catalog_import_file reads. */
typedef enum tco_import_from {
    TCO_IMPORT_SKYPILOT = 1, /* SkyPilot's catalog, catalogs/v7 or v8/CLOUD/vms.csv */
    TCO_IMPORT_GPUHUNT       /* a gpuhunt CSV, one file per provider */
} tco_import_from;

/* What an import reads and keeps. */
typedef struct tco_catalog_import_opts {
    tco_import_from from;
    const char *provider;    /* the provider's name; NULL: from the path (SkyPilot: its
                                directory, catalogs/v7/aws/vms.csv; gpuhunt: the file's
                                name without its extension) */
    const char *as_of;       /* the prices' date, YYYY-MM-DD; NULL: the file's modification
                                date, with a warning (the string form needs it) */
    const char *source;      /* where the list came from, at the head of each <source>;
                                NULL: "SkyPilot price list vms.csv" and the like */
    const char *gpu;         /* keep the offers of this catalog GPU only, or NULL */
    const char *region;      /* keep the offers of this region only, or NULL */
    int min_gpus;            /* keep the instances of at least this many GPUs */
    const tco_catalog *gpus; /* the GPUs offers may name (the shipped catalog and
                                --catalog files); NULL: every GPU of the GPU map */
} tco_catalog_import_opts;

/* Read the price list at `path` (RFC 4180 CSV, its header naming the
 * columns) as untrusted input and write its GPU offers to `out` as a catalog
 * that pricing/catalog.xsd validates: one offer per instance type, region and
 * pricing (on-demand or spot), at the cheapest of its rows (for spot, the
 * cheapest zone), its price per GPU-hour the machine's over its GPUs, its GPU
 * named by the GPU map, its id readable and stable from one import to the
 * next. The file is written at once (tco_write_atomic); on any error it is
 * not touched and diags says FILE:LINE: what is wrong (TCO_ERR_INPUT), or why
 * an option is wrong (TCO_ERR_ARG). On success diags holds notes: the rows
 * kept, merged and skipped (by reason), and each GPU name no rule maps. */
tco_status tco_catalog_import_file(const char *path, const char *out,
                                   const tco_catalog_import_opts *opts, tco_diags *diags);
/* The same of `size` bytes at data, named `name` in messages (its provider
 * told from it as from a path), the catalog returned in *xml (malloc'd,
 * NUL-terminated, *len bytes; len may be NULL). */
tco_status tco_catalog_import_string(const char *data, size_t size, const char *name,
                                     const tco_catalog_import_opts *opts, char **xml, size_t *len,
                                     tco_diags *diags);

#ifdef __cplusplus
}
#endif

#endif /* TCO_CATALOG_H */
