/* catimport.c - `tco catalog import`: a public price list (SkyPilot's
 * vms.csv, a gpuhunt CSV) read as hostile input and written as a tco
 * catalog of offers (docs/CATALOG.md, Refreshing prices).
 *
 *   1. The CSV is read record by record (util/csvread.c); the header names the
 *      columns, in any order.
 *   2. Each row is checked and priced: the GPU named by the map of
 *      catimport_map.c, the price per GPU-hour (the machine's price over its
 *      GPUs), on-demand and spot apart; a Google Cloud GPU listed on its own
 *      row waits for the end of the file, then takes its host machine's price
 *      (the pairing table of catimport_map.c).
 *   3. Rows of one provider, instance type, region and pricing are merged into
 *      one offer, the cheapest (for spot: the cheapest zone).
 *   4. The offers, in the order of their keys, are written as XML by libxml2
 *      (which escapes all text) into a buffer, then to the output file at
 *      once (tco_write_atomic): on any error nothing is written.
 * What the import kept, merged and skipped goes to diags as notes. */
#include "util/csvread.h"
#include "util/date.h"
#include "util/pylit.h"
#include "util/readfile.h"
#include "util/utf8.h"
#include "load/catimport.h"

#include <libxml/xmlwriter.h>

#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <time.h>

/* ===== The offers being gathered ===== */

/* One offer: the cheapest of the rows of its key. */
typedef struct acc {
    char *key;      /* instance, region and pricing, separated by 0x1F */
    char *instance; /* the instance (machine) type */
    char *region;
    int spot;        /* 1: spot, 0: on-demand */
    const char *gpu; /* the catalog GPU id (borrowed from the GPU map) */
    double per_gpu;  /* price per GPU-hour */
    char *detail;    /* how the price was found, for <source> */
    int rows;        /* rows merged into it, itself included */
    int gpus;        /* the instance's GPUs, for <gpus>; 0 when not a whole 1..1000 */
} acc;

/* A host machine's prices in one zone (Google Cloud's pairing). */
typedef struct host {
    char *key;          /* machine type, region and zone, separated by 0x1F */
    char *price, *spot; /* their text, empty when absent */
    int line;
} host;

/* A GPU listed without its host (an empty InstanceType), priced at the end. */
typedef struct lone {
    char *accel, *region, *zone, *price, *spot;
    int count, line;
    double mem_gb;
} lone;

/* A GPU name no rule maps, and its rows. */
typedef struct unmapped {
    char *name;
    long rows;
} unmapped;

/* Why a row gave no offer. */
enum skip {
    SK_NO_GPU,
    SK_TPU,
    SK_NO_PRICE,
    SK_ZERO,
    SK_FRACTION,
    SK_NOT_PLAIN,
    SK_FILTER,
    SK_UNMAPPED,
    SK_NO_HOST_RULE,
    SK_NO_HOST_ROW,
    SK_COUNT
};

static const char not_plain_text[] = "a name that is not plain text (letters, digits, space, "
                                     ". _ - / ( ) : , +, beginning with a letter or digit)";

static const char *const skip_reasons[SK_COUNT] = {
    [SK_NO_GPU] = "no GPU",
    [SK_TPU] = "a TPU",
    [SK_NO_PRICE] = "no price (Price and SpotPrice empty)",
    [SK_ZERO] = "a price of 0",
    [SK_FRACTION] = "a fraction of a GPU",
    [SK_NOT_PLAIN] = not_plain_text,
    [SK_FILTER] = "left out by --gpu, --region or --min-gpus",
    [SK_UNMAPPED] = "a GPU the GPU map does not name (below)",
    [SK_NO_HOST_RULE] = "a GPU priced apart from its host, without a host in the pairing table",
    [SK_NO_HOST_ROW] = "a GPU priced apart from its host, whose host has no row in its zone",
};

/* A table of strings to indices, open addressing (64-bit FNV-1a). */
typedef struct strmap {
    size_t *slots; /* index + 1, or 0 for an empty slot */
    size_t cap;    /* slots, a power of 2 */
    size_t n;
} strmap;

/* The import's state. */
typedef struct imp {
    const tco_catalog_import_opts *o;
    const char *name;     /* the input's name in messages */
    const char *provider; /* the provider, as the catalog spells it */
    char source[1200];    /* the text <source> begins with */
    tco_diags *d;
    tci_csv *csv;
    int col[16]; /* the column of each field (COL_*), or -1 */
    size_t n_cols;
    acc *accs;
    size_t n_accs, cap_accs;
    strmap acc_map;
    host *hosts;
    size_t n_hosts, cap_hosts;
    strmap host_map;
    lone *lones;
    size_t n_lones, cap_lones;
    unmapped *unm;
    size_t n_unm, cap_unm;
    long rows, kept, merged, no_od, no_spot;
    long skipped[SK_COUNT];
    int nomem;
} imp;

static uint64_t fnv(const char *s)
{
    uint64_t h = 1469598103934665603ull;
    for (; *s; s++)
        h = (h ^ (unsigned char)*s) * 1099511628211ull;
    return h;
}

/* The index of `key` in the map, whose entries' keys are keyof(i); or
 * (size_t)-1. *slot is the slot where it is or would go. */
static size_t map_find(const strmap *m, const char *key, const char *(*keyof)(const imp *, size_t),
                       const imp *im, size_t *slot)
{
    size_t i = (size_t)fnv(key) & (m->cap - 1);
    while (m->slots[i]) {
        if (strcmp(keyof(im, m->slots[i] - 1), key) == 0) {
            *slot = i;
            return m->slots[i] - 1;
        }
        i = (i + 1) & (m->cap - 1);
    }
    *slot = i;
    return (size_t)-1;
}

/* Put index `idx` of `key` in the map, growing it to keep it half empty. */
static int map_put(strmap *m, const char *key, size_t idx,
                   const char *(*keyof)(const imp *, size_t), const imp *im)
{
    if ((m->n + 1) * 2 > m->cap) {
        size_t cap = m->cap ? m->cap * 2 : 1024;
        size_t *s = calloc(cap, sizeof *s);
        if (!s)
            return -1;
        strmap grown = {s, cap, 0};
        for (size_t i = 0; i < m->cap; i++)
            if (m->slots[i]) {
                size_t at;
                map_find(&grown, keyof(im, m->slots[i] - 1), keyof, im, &at);
                grown.slots[at] = m->slots[i];
                grown.n++;
            }
        free(m->slots);
        *m = grown;
    }
    size_t at;
    map_find(m, key, keyof, im, &at);
    m->slots[at] = idx + 1;
    m->n++;
    return 0;
}

static const char *acc_key(const imp *im, size_t i)
{
    return im->accs[i].key;
}

static const char *host_key(const imp *im, size_t i)
{
    return im->hosts[i].key;
}

/* Grow the array *a of *cap elements of `size` bytes to hold one more. */
static int grow(void **a, size_t *cap, size_t n, size_t size)
{
    if (n < *cap)
        return 0;
    size_t c = *cap ? *cap * 2 : 64;
    void *b = realloc(*a, c * size);
    if (!b)
        return -1;
    *a = b;
    *cap = c;
    return 0;
}

/* A string of the parts joined by 0x1F. NULL when out of memory. */
static char *join3(const char *a, const char *b, const char *c)
{
    size_t la = strlen(a), lb = strlen(b), lc = strlen(c);
    char *s = malloc(la + lb + lc + 3);
    if (!s)
        return NULL;
    memcpy(s, a, la);
    s[la] = 0x1F;
    memcpy(s + la + 1, b, lb);
    s[la + 1 + lb] = 0x1F;
    memcpy(s + la + lb + 2, c, lc + 1);
    return s;
}

/* ===== Fields ===== */

/* The columns an import reads, by their names in the two lists. */
enum {
    COL_INSTANCE,
    COL_GPU_NAME,
    COL_GPU_COUNT,
    COL_GPU_INFO,   /* SkyPilot: the Python literal with the memory */
    COL_GPU_MEMORY, /* gpuhunt: GB a GPU */
    COL_PRICE,
    COL_SPOT_PRICE, /* SkyPilot */
    COL_SPOT,       /* gpuhunt: True or False */
    COL_REGION,
    COL_ZONE,
    COL_GPU_VENDOR, /* gpuhunt: nvidia, amd, google (a TPU), intel, ... */
    COL_COUNT
};

/* Each column's name in SkyPilot's and in gpuhunt's header (NULL: the list
 * has none), and whether the import needs it. */
static const struct {
    const char *skypilot, *gpuhunt;
    int needed_sky, needed_hunt;
} columns[COL_COUNT] = {
    [COL_INSTANCE] = {"InstanceType", "instance_name", 1, 1},
    [COL_GPU_NAME] = {"AcceleratorName", "gpu_name", 1, 1},
    [COL_GPU_COUNT] = {"AcceleratorCount", "gpu_count", 1, 1},
    [COL_GPU_INFO] = {"GpuInfo", NULL, 0, 0},
    [COL_GPU_MEMORY] = {NULL, "gpu_memory", 0, 0},
    [COL_PRICE] = {"Price", "price", 1, 1},
    [COL_SPOT_PRICE] = {"SpotPrice", NULL, 1, 0},
    [COL_SPOT] = {NULL, "spot", 0, 1},
    [COL_REGION] = {"Region", "location", 1, 1},
    [COL_ZONE] = {"AvailabilityZone", NULL, 0, 0},
    [COL_GPU_VENDOR] = {NULL, "gpu_vendor", 0, 0},
};

/* Field `c` of the current record, "" when the header has no such column. */
static const char *field(const imp *im, int c)
{
    return im->col[c] < 0 ? "" : tci_csv_field(im->csv, (size_t)im->col[c], NULL);
}

/* 1 when s is a plain name: 1 to 100 bytes of letters, digits, space and
 * . _ - / ( ) : , +, beginning with a letter or a digit. Text from a price
 * list reaches the catalog (and through it every output) only so: it can hold
 * no markup, no formula (= + - @ first) and no control character. */
static int plain(const char *s)
{
    if (!isalnum((unsigned char)s[0]))
        return 0;
    size_t n = 0;
    for (; s[n]; n++)
        if (!isalnum((unsigned char)s[n]) && !strchr(" ._-/():,+", s[n]))
            return 0;
    return n <= 100;
}

/* A price's text: 1 with the number in *v when it is one (a decimal of at
 * least 0, an exponent allowed), 0 when empty, -1 when it is not a number. */
static int price_of(const char *s, double *v)
{
    if (!*s)
        return 0;
    if (!isdigit((unsigned char)s[0]) && s[0] != '.')
        return -1;
    for (const char *p = s; *p; p++)
        if (!isdigit((unsigned char)*p) && !strchr(".eE+-", *p))
            return -1;
    char *end = NULL;
    errno = 0;
    *v = strtod(s, &end);
    if (*end || errno == ERANGE || !isfinite(*v) || *v < 0 || *v > 1e9)
        return -1;
    return 1;
}

/* Say an error at the current record. Returns -1. */
static int row_error(imp *im, const char *what, const char *text)
{
    char shown[64];
    tci_utf8_format(shown, sizeof shown, "%s", text);
    tco_diags_add(im->d, TCO_SEV_ERROR, im->name, tci_csv_line(im->csv), NULL, what, shown);
    return -1;
}

/* Note a GPU name no rule maps. */
static void note_unmapped(imp *im, const char *name)
{
    for (size_t i = 0; i < im->n_unm; i++)
        if (strcmp(im->unm[i].name, name) == 0) {
            im->unm[i].rows++;
            return;
        }
    if (grow((void **)&im->unm, &im->cap_unm, im->n_unm, sizeof *im->unm) ||
        !(im->unm[im->n_unm].name = strdup(name))) {
        im->nomem = 1;
        return;
    }
    im->unm[im->n_unm++].rows = 1;
}

/* ===== Offers ===== */

/* Fold a price into the offer of (instance, region, spot): a new offer, or
 * the cheaper of the two (the earlier row on a tie). 0, or -1 when out of
 * memory. `detail` is taken. */
static int add_offer(imp *im, const char *instance, const char *region, int spot, const char *gpu,
                     double per_gpu, char *detail, int gpus)
{
    char *key = join3(instance, region, spot ? "spot" : "on-demand");
    if (!key) {
        free(detail);
        return -1;
    }
    size_t slot;
    size_t i = im->acc_map.cap ? map_find(&im->acc_map, key, acc_key, im, &slot) : (size_t)-1;
    if (i != (size_t)-1) {
        acc *a = &im->accs[i];
        a->rows++;
        im->merged++;
        free(key);
        if (per_gpu < a->per_gpu) {
            a->per_gpu = per_gpu;
            a->gpu = gpu;
            free(a->detail);
            a->detail = detail;
        } else
            free(detail);
        return 0;
    }
    if (grow((void **)&im->accs, &im->cap_accs, im->n_accs, sizeof *im->accs)) {
        free(key);
        free(detail);
        return -1;
    }
    acc *a = &im->accs[im->n_accs];
    *a = (acc){key,
               strdup(instance),
               strdup(region),
               spot,
               gpu,
               per_gpu,
               detail,
               1,
               gpus >= 1 && gpus <= 1000 ? gpus : 0};
    if (!a->instance || !a->region || map_put(&im->acc_map, key, im->n_accs, acc_key, im)) {
        free(a->instance);
        free(a->region);
        free(key);
        free(detail);
        return -1;
    }
    im->n_accs++;
    return 0;
}

/* The text of how a price was found, for <source>. NULL when out of memory. */
static char *detail_of(const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 1, 2)))
#endif
    ;
static char *detail_of(const char *fmt, ...)
{
    char buf[600];
    va_list ap;
    va_start(ap, fmt);
    int n = tci_vformat(buf, sizeof buf, fmt, ap);
    va_end(ap);
    if (n < 0)
        return NULL;
    return strdup(buf);
}

/* A priced GPU row: its GPU mapped, the filters applied, its on-demand and
 * spot prices (their text, "" when absent; each a whole machine's price per
 * hour) folded into offers. `host` is the host's part for a Google Cloud GPU
 * priced apart (NULL for a whole machine), with its prices' text. */
static int priced_row(imp *im, const char *instance, const char *gpu_name, int count, double mem_gb,
                      const char *region, const char *zone, const char *od, const char *spot,
                      const host *h, int line)
{
    int named;
    const char *gpu = tci_gpu_map(gpu_name, instance, mem_gb, &named);
    if (gpu && im->o->gpus && !tco_catalog_gpu(im->o->gpus, gpu))
        gpu = NULL; /* a rule's GPU the catalogs read do not have */
    if (!gpu) {
        im->skipped[SK_UNMAPPED]++;
        note_unmapped(im, gpu_name);
        return 0;
    }
    if ((im->o->gpu && strcmp(im->o->gpu, gpu) != 0) ||
        (im->o->region && strcmp(im->o->region, region) != 0) || count < im->o->min_gpus) {
        im->skipped[SK_FILTER]++;
        return 0;
    }
    const char *text[2] = {od, spot};
    const char *host_text[2] = {h ? h->price : "", h ? h->spot : ""};
    int kept = 0, zero = 0;
    for (int s = 0; s < 2; s++) {
        double v, hv = 0;
        if (price_of(text[s], &v) <= 0 || (h && price_of(host_text[s], &hv) <= 0)) {
            s ? im->no_spot++ : im->no_od++;
            continue;
        }
        if (v + hv <= 0) {
            zero = 1;
            continue;
        }
        char *detail =
            h       ? detail_of("%s%s: the host %s + %d x %s %s an hour in zone %s (lines %d, %d)",
                                instance, s ? " spot" : "", host_text[s], count, gpu_name, text[s], zone,
                                h->line, line)
            : *zone ? detail_of("%s%s: %d x %s at %s an hour in zone %s (line %d)", instance,
                                s ? " spot" : "", count, gpu_name, text[s], zone, line)
                    : detail_of("%s%s: %d x %s at %s an hour (line %d)", instance, s ? " spot" : "",
                                count, gpu_name, text[s], line);
        if (!detail || add_offer(im, instance, region, s, gpu, (v + hv) / count, detail, count))
            return -1;
        kept = 1;
    }
    if (kept)
        im->kept++;
    else
        im->skipped[zero ? SK_ZERO : SK_NO_PRICE]++;
    return 0;
}

/* ===== Rows ===== */

/* The GPU count's text: 1 with a whole count, 0 for a fraction, -1 when it
 * is not a count (an error said). */
static int count_of(imp *im, const char *s, int *count)
{
    double v;
    if (price_of(s, &v) <= 0 || v > 100000)
        return row_error(im, "the GPU count '%s' is not a number of GPUs", s);
    if (v < 1 || v != floor(v))
        return 0;
    *count = (int)v;
    return 1;
}

/* Keep a Google Cloud host's prices in one zone. */
static int keep_host(imp *im, const char *type, const char *region, const char *zone)
{
    char *key = join3(type, region, zone);
    if (!key)
        return -1;
    size_t slot;
    if (im->host_map.cap && map_find(&im->host_map, key, host_key, im, &slot) != (size_t)-1) {
        free(key); /* a repeated row: the first stays */
        return 0;
    }
    if (grow((void **)&im->hosts, &im->cap_hosts, im->n_hosts, sizeof *im->hosts)) {
        free(key);
        return -1;
    }
    host *h = &im->hosts[im->n_hosts];
    *h = (host){key, strdup(field(im, COL_PRICE)), strdup(field(im, COL_SPOT_PRICE)),
                tci_csv_line(im->csv)};
    if (!h->price || !h->spot || map_put(&im->host_map, key, im->n_hosts, host_key, im)) {
        free(h->price);
        free(h->spot);
        free(key);
        return -1;
    }
    im->n_hosts++;
    return 0;
}

/* Check a price's text now, so that its error names its line. */
static int check_price(imp *im, int c)
{
    double v;
    const char *s = field(im, c);
    if (price_of(s, &v) < 0)
        return row_error(im,
                         c == COL_PRICE ? "the price '%s' is not a number"
                                        : "the spot price '%s' is not a number",
                         s);
    return 0;
}

/* One row of SkyPilot's vms.csv. 0, or -1 on an error (said) or no memory. */
static int sky_row(imp *im)
{
    const char *inst = field(im, COL_INSTANCE), *name = field(im, COL_GPU_NAME);
    const char *region = field(im, COL_REGION), *zone = field(im, COL_ZONE);
    if (check_price(im, COL_PRICE) || check_price(im, COL_SPOT_PRICE))
        return -1;
    if ((*inst && !plain(inst)) || (*name && !plain(name)) || !plain(region) ||
        (*zone && !plain(zone))) {
        im->skipped[SK_NOT_PLAIN]++;
        return 0;
    }
    if (!*name) {
        im->skipped[SK_NO_GPU]++;
        return *inst && tci_gcp_is_host(inst) ? keep_host(im, inst, region, zone) : 0;
    }
    if (strncasecmp(name, "tpu", 3) == 0) {
        im->skipped[SK_TPU]++;
        return 0;
    }
    int count = 0;
    int c = count_of(im, field(im, COL_GPU_COUNT), &count);
    if (c < 0)
        return -1;
    if (c == 0) {
        im->skipped[SK_FRACTION]++;
        return 0;
    }
    double mib, mem_gb = NAN;
    if (tci_pylit_find_number(field(im, COL_GPU_INFO), "MemoryInfo", "SizeInMiB", &mib) == 1)
        mem_gb = mib / 1024;
    if (!*inst) { /* a GPU priced apart from its host: at the end */
        if (grow((void **)&im->lones, &im->cap_lones, im->n_lones, sizeof *im->lones))
            return -1;
        lone *l = &im->lones[im->n_lones++];
        *l = (lone){strdup(name),
                    strdup(region),
                    strdup(zone),
                    strdup(field(im, COL_PRICE)),
                    strdup(field(im, COL_SPOT_PRICE)),
                    count,
                    tci_csv_line(im->csv),
                    mem_gb};
        return l->accel && l->region && l->zone && l->price && l->spot ? 0 : -1;
    }
    return priced_row(im, inst, name, count, mem_gb, region, zone, field(im, COL_PRICE),
                      field(im, COL_SPOT_PRICE), NULL, tci_csv_line(im->csv));
}

/* The GPUs priced apart from their hosts, each with its host in its zone. */
static int lone_rows(imp *im)
{
    for (size_t i = 0; i < im->n_lones; i++) {
        lone *l = &im->lones[i];
        const char *type = tci_gcp_host(l->accel, l->count);
        int named;
        if (!tci_gpu_map(l->accel, type ? type : "", l->mem_gb, &named) && !named) {
            im->skipped[SK_UNMAPPED]++; /* said first: no host would change that */
            note_unmapped(im, l->accel);
            continue;
        }
        if (!type) {
            im->skipped[SK_NO_HOST_RULE]++;
            continue;
        }
        char *key = join3(type, l->region, l->zone);
        if (!key)
            return -1;
        size_t slot;
        size_t h =
            im->host_map.cap ? map_find(&im->host_map, key, host_key, im, &slot) : (size_t)-1;
        free(key);
        if (h == (size_t)-1) {
            im->skipped[SK_NO_HOST_ROW]++;
            continue;
        }
        if (priced_row(im, type, l->accel, l->count, l->mem_gb, l->region, l->zone, l->price,
                       l->spot, &im->hosts[h], l->line))
            return -1;
    }
    return 0;
}

/* One row of a gpuhunt CSV. */
static int hunt_row(imp *im)
{
    const char *inst = field(im, COL_INSTANCE), *name = field(im, COL_GPU_NAME);
    const char *region = field(im, COL_REGION), *spot = field(im, COL_SPOT);
    if (check_price(im, COL_PRICE))
        return -1;
    int is_spot = strcasecmp(spot, "true") == 0;
    if (!is_spot && strcasecmp(spot, "false") != 0)
        return row_error(im, "spot is '%s', not True or False", spot);
    if (!*field(im, COL_GPU_COUNT) || strcmp(field(im, COL_GPU_COUNT), "0") == 0 || !*name) {
        im->skipped[SK_NO_GPU]++;
        return 0;
    }
    if (strcasecmp(field(im, COL_GPU_VENDOR), "google") == 0 || strncasecmp(name, "tpu", 3) == 0) {
        im->skipped[SK_TPU]++; /* gpuhunt names TPUs v5litepod, v6e, ... */
        return 0;
    }
    if (!plain(inst) || !plain(name) || !plain(region)) {
        im->skipped[SK_NOT_PLAIN]++;
        return 0;
    }
    int count = 0;
    int c = count_of(im, field(im, COL_GPU_COUNT), &count);
    if (c <= 0) {
        if (c == 0)
            im->skipped[SK_FRACTION]++;
        return c;
    }
    double mem_gb = NAN;
    if (*field(im, COL_GPU_MEMORY) && price_of(field(im, COL_GPU_MEMORY), &mem_gb) < 0)
        return row_error(im, "gpu_memory '%s' is not a number", field(im, COL_GPU_MEMORY));
    const char *price = field(im, COL_PRICE);
    return priced_row(im, inst, name, count, mem_gb, region, "", is_spot ? "" : price,
                      is_spot ? price : "", NULL, tci_csv_line(im->csv));
}

/* The header: each column the import reads found by its name. 0, or -1. */
static int header(imp *im)
{
    int hunt = im->o->from == TCO_IMPORT_GPUHUNT;
    for (int c = 0; c < COL_COUNT; c++)
        im->col[c] = -1;
    im->n_cols = tci_csv_fields(im->csv);
    for (size_t i = 0; i < im->n_cols; i++) {
        const char *h = tci_csv_field(im->csv, i, NULL);
        for (int c = 0; c < COL_COUNT; c++) {
            const char *want = hunt ? columns[c].gpuhunt : columns[c].skypilot;
            if (!want || strcmp(h, want) != 0)
                continue;
            if (im->col[c] >= 0)
                return row_error(im, "the header names the column '%s' twice", h);
            im->col[c] = (int)i;
        }
    }
    for (int c = 0; c < COL_COUNT; c++)
        if (im->col[c] < 0 && (hunt ? columns[c].needed_hunt : columns[c].needed_sky))
            return row_error(im,
                             hunt ? "the header has no column '%s': is this a gpuhunt CSV?"
                                  : "the header has no column '%s': is this SkyPilot's vms.csv?",
                             hunt ? columns[c].gpuhunt : columns[c].skypilot);
    return 0;
}

/* Read every record. 0, or -1 (said, or out of memory in im->nomem). */
static int read_rows(imp *im)
{
    int r = tci_csv_next(im->csv, im->d);
    if (r == 0)
        return tco_diags_add(im->d, TCO_SEV_ERROR, im->name, 1, NULL,
                             "the file is empty: a price list begins with its header"),
               -1;
    if (r < 0 || header(im))
        return -1;
    while ((r = tci_csv_next(im->csv, im->d)) == 1) {
        if (tci_csv_fields(im->csv) != im->n_cols) {
            char what[160];
            snprintf(what, sizeof what, "the row has %zu fields; the header has %zu%%s",
                     tci_csv_fields(im->csv), im->n_cols);
            return row_error(im, what, "");
        }
        im->rows++;
        int rc = im->o->from == TCO_IMPORT_GPUHUNT ? hunt_row(im) : sky_row(im);
        if (rc) {
            if (tco_diags_errors(im->d) == 0)
                im->nomem = 1;
            return -1;
        }
        if (im->nomem)
            return -1;
    }
    if (r < 0)
        return -1;
    if (lone_rows(im) || im->nomem) {
        im->nomem = 1;
        return -1;
    }
    return 0;
}

/* ===== The catalog written ===== */

/* The offer's id: its key's readable part (the provider, instance type,
 * region and "spot"), lower case, other characters as '-', cut to 31
 * characters, then '-' and 8 hexadecimal digits of a hash of its whole key:
 * valid for the schema (at most 40), the same from one import to the next,
 * unique unless two keys' hashes meet (an error then). */
static void offer_id(const imp *im, const acc *a, char id[41])
{
    char text[512];
    snprintf(text, sizeof text, "%s-%s-%s%s", im->provider, a->instance, a->region,
             a->spot ? "-spot" : "");
    size_t n = 0;
    for (const char *p = text; *p && n < 31; p++) {
        char c = (char)tolower((unsigned char)*p);
        if (!isalnum((unsigned char)c) && c != '_')
            c = '-';
        if (c == '-' && (n == 0 || id[n - 1] == '-'))
            continue;
        id[n++] = c;
    }
    while (n > 0 && id[n - 1] == '-')
        n--;
    char full[600];
    snprintf(full, sizeof full, "%s%c%s", im->provider, 0x1F, a->key);
    snprintf(id + n, 41 - n, "%s%08lx", n ? "-" : "", (unsigned long)(fnv(full) & 0xFFFFFFFFu));
}

/* A price as a plain decimal for the schema: 10 decimals at most, trailing
 * zeros dropped (no exponent). */
static void price_text(double v, char *buf, size_t size)
{
    snprintf(buf, size, "%.10f", v);
    char *end = buf + strlen(buf) - 1;
    while (*end == '0')
        *end-- = '\0';
    if (*end == '.')
        *end = '\0';
}

static int cmp_str(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

static int cmp_acc(const void *a, const void *b)
{
    return strcmp(((const acc *)a)->key, ((const acc *)b)->key);
}

/* Write the offers as a catalog into a new buffer. */
static xmlBufferPtr write_xml(imp *im)
{
    if (im->n_accs > 1)
        qsort(im->accs, im->n_accs, sizeof *im->accs, cmp_acc);
    xmlBufferPtr buf = xmlBufferCreate();
    xmlTextWriterPtr w = buf ? xmlNewTextWriterMemory(buf, 0) : NULL;
    int rc = w ? 0 : -1;
    if (w) {
        xmlTextWriterSetIndent(w, 1);
        xmlTextWriterSetIndentString(w, BAD_CAST "  ");
    }
    rc |= w ? xmlTextWriterStartDocument(w, NULL, "UTF-8", NULL) : -1;
    rc |= w ? xmlTextWriterStartElement(w, BAD_CAST "catalog") : -1;
    rc |= w ? xmlTextWriterWriteAttribute(w, BAD_CAST "version", BAD_CAST "1") : -1;
    char **ids = calloc(im->n_accs + 1, sizeof *ids);
    if (!ids)
        rc = -1;
    for (size_t i = 0; rc >= 0 && i < im->n_accs; i++) {
        const acc *a = &im->accs[i];
        char id[41], price[64], source[2001];
        offer_id(im, a, id);
        price_text(a->per_gpu, price, sizeof price);
        tci_utf8_format(source, sizeof source, "%s: %s", im->source, a->detail);
        if (a->rows > 1) {
            size_t n = strlen(source);
            tci_utf8_format(source + n, sizeof source - n, ", the cheapest of %d rows", a->rows);
        }
        ids[i] = strdup(id);
        if (!ids[i])
            rc = -1;
        rc |= xmlTextWriterStartElement(w, BAD_CAST "offer");
        rc |= xmlTextWriterWriteAttribute(w, BAD_CAST "id", BAD_CAST id);
        rc |= xmlTextWriterWriteElement(w, BAD_CAST "provider", BAD_CAST im->provider);
        rc |= xmlTextWriterWriteElement(w, BAD_CAST "gpu", BAD_CAST a->gpu);
        rc |= xmlTextWriterWriteElement(w, BAD_CAST "pricing",
                                        BAD_CAST(a->spot ? "spot" : "on-demand"));
        rc |= xmlTextWriterStartElement(w, BAD_CAST "price-per-gpu-hour");
        rc |= xmlTextWriterWriteAttribute(w, BAD_CAST "currency", BAD_CAST "USD");
        rc |= xmlTextWriterWriteString(w, BAD_CAST price);
        rc |= xmlTextWriterEndElement(w);
        rc |= xmlTextWriterWriteElement(w, BAD_CAST "region", BAD_CAST a->region);
        if (a->gpus) /* what offer_min_gpus compares (MODEL.md, The cheapest offer) */
            rc |= xmlTextWriterWriteFormatElement(w, BAD_CAST "gpus", "%d", a->gpus);
        rc |= xmlTextWriterWriteElement(w, BAD_CAST "source", BAD_CAST source);
        rc |= xmlTextWriterWriteElement(w, BAD_CAST "as-of", BAD_CAST im->o->as_of);
        rc |= xmlTextWriterEndElement(w);
    }
    rc |= w ? xmlTextWriterEndDocument(w) : -1;
    xmlFreeTextWriter(w);
    /* Two keys whose ids meet: never seen, but an id must be unique. */
    int dup = 0;
    if (rc >= 0 && ids) {
        qsort(ids, im->n_accs, sizeof *ids, cmp_str);
        for (size_t i = 1; i < im->n_accs; i++)
            if (strcmp(ids[i - 1], ids[i]) == 0 && !dup) {
                dup = 1;
                tco_diags_add(im->d, TCO_SEV_ERROR, im->name, 0, NULL,
                              "two offers would have the id '%s'", ids[i]);
            }
    }
    for (size_t i = 0; ids && i < im->n_accs; i++)
        free(ids[i]);
    free(ids);
    if (rc < 0 || dup) {
        if (rc < 0)
            im->nomem = 1;
        xmlBufferFree(buf);
        return NULL;
    }
    return buf;
}

/* ===== The summary ===== */

#define ROWS(n) ((n) == 1 ? "row" : "rows")

/* What was kept, merged and skipped, as notes. */
static void summary(imp *im)
{
    long spot = 0;
    for (size_t i = 0; i < im->n_accs; i++)
        spot += im->accs[i].spot;
    tco_diags_add(im->d, TCO_SEV_NOTE, im->name, 0, NULL,
                  "%ld rows read: %ld kept as %zu offers (%zu on-demand, %ld spot) of the "
                  "provider %s; %ld prices merged into an offer of the same instance type, "
                  "region and pricing (the cheapest kept)",
                  im->rows, im->kept, im->n_accs, im->n_accs - (size_t)spot, spot, im->provider,
                  im->merged);
    for (int k = 0; k < SK_COUNT; k++)
        if (im->skipped[k])
            tco_diags_add(im->d, TCO_SEV_NOTE, im->name, 0, NULL, "skipped %ld %s: %s",
                          im->skipped[k], ROWS(im->skipped[k]), skip_reasons[k]);
    int sky = im->o->from == TCO_IMPORT_SKYPILOT;
    if (im->no_od && sky)
        tco_diags_add(im->d, TCO_SEV_NOTE, im->name, 0, NULL,
                      "%ld %s without an on-demand price (the spot price kept)", im->no_od,
                      ROWS(im->no_od));
    if (im->no_spot && sky)
        tco_diags_add(im->d, TCO_SEV_NOTE, im->name, 0, NULL,
                      "%ld %s without a spot price (the on-demand price kept)", im->no_spot,
                      ROWS(im->no_spot));
    for (size_t i = 0; i < im->n_unm; i++)
        tco_diags_add(im->d, TCO_SEV_NOTE, im->name, 0, NULL, "unmapped GPU %s (%ld %s)",
                      im->unm[i].name, im->unm[i].rows, ROWS(im->unm[i].rows));
}

/* ===== Entry points ===== */

static void imp_free(imp *im)
{
    for (size_t i = 0; i < im->n_accs; i++) {
        free(im->accs[i].key);
        free(im->accs[i].instance);
        free(im->accs[i].region);
        free(im->accs[i].detail);
    }
    for (size_t i = 0; i < im->n_hosts; i++) {
        free(im->hosts[i].key);
        free(im->hosts[i].price);
        free(im->hosts[i].spot);
    }
    for (size_t i = 0; i < im->n_lones; i++) {
        free(im->lones[i].accel);
        free(im->lones[i].region);
        free(im->lones[i].zone);
        free(im->lones[i].price);
        free(im->lones[i].spot);
    }
    for (size_t i = 0; i < im->n_unm; i++)
        free(im->unm[i].name);
    free(im->accs);
    free(im->hosts);
    free(im->lones);
    free(im->unm);
    free(im->acc_map.slots);
    free(im->host_map.slots);
}

/* The options checked. TCO_OK, or TCO_ERR_ARG with why in diags. */
static tco_status check_opts(const tco_catalog_import_opts *o, const char *name, tco_diags *d)
{
    const char *why = NULL;
    char buf[128];
    if (o->from != TCO_IMPORT_SKYPILOT && o->from != TCO_IMPORT_GPUHUNT)
        why = "the price list's kind is neither SkyPilot nor gpuhunt";
    else if (!o->as_of)
        why = "the prices' date (as-of) is needed";
    else if (tci_date_problem(o->as_of, buf, sizeof buf))
        why = "the as-of date is not a date written YYYY-MM-DD";
    else if (o->provider && !plain(o->provider))
        why = "the provider's name is not plain text (letters, digits, space and . _ - / ( ) "
              ": , +, beginning with a letter or digit, at most 100 bytes)";
    else if (o->source && (strlen(o->source) > 1000 || !tci_utf8_valid(o->source) ||
                           strchr("=+-@", o->source[0])))
        why = "the source text must be UTF-8 of at most 1000 bytes, not beginning with = + - "
              "or @";
    else if (o->min_gpus < 0)
        why = "the least number of GPUs is negative";
    if (o->source)
        for (const char *p = o->source; !why && *p; p++)
            if ((unsigned char)*p < 0x20 || *p == 0x7F)
                why = "the source text holds a control character";
    if (!why)
        return TCO_OK;
    tco_diags_add(d, TCO_SEV_ERROR, name, 0, NULL, "%s", why);
    return TCO_ERR_ARG;
}

/* The provider a path names: SkyPilot's directory (catalogs/v7/aws/vms.csv:
 * aws), gpuhunt's file name without its extension (runpod.csv: runpod). */
static void provider_of_path(const char *path, int from, char *buf, size_t size)
{
    buf[0] = '\0';
    const char *slash = strrchr(path, '/');
    if (from == TCO_IMPORT_GPUHUNT) {
        const char *base = slash ? slash + 1 : path;
        const char *dot = strrchr(base, '.');
        size_t n = dot ? (size_t)(dot - base) : strlen(base);
        if (n < size)
            snprintf(buf, size, "%.*s", (int)n, base);
        return;
    }
    if (!slash)
        return;
    const char *start = slash;
    while (start > path && start[-1] != '/')
        start--;
    if ((size_t)(slash - start) < size)
        snprintf(buf, size, "%.*s", (int)(slash - start), start);
}

/* The import of the list read by csv, into a new buffer of XML. */
static tco_status import(tci_csv *csv, const char *name, const char *path,
                         const tco_catalog_import_opts *o, xmlBufferPtr *xml, tco_diags *d)
{
    *xml = NULL;
    imp im = {0};
    im.o = o;
    im.name = name;
    im.d = d;
    im.csv = csv;
    char derived[128];
    provider_of_path(path, o->from, derived, sizeof derived);
    const char *prov = o->provider ? o->provider : derived;
    if (!*prov || !plain(prov)) {
        tco_diags_add(d, TCO_SEV_ERROR, name, 0, NULL,
                      "the provider cannot be told from the file's name: give --provider");
        return TCO_ERR_ARG;
    }
    im.provider = tci_provider_name(prov);
    const char *base = strrchr(path, '/') ? strrchr(path, '/') + 1 : path;
    const char *kind = o->from == TCO_IMPORT_GPUHUNT ? "gpuhunt" : "SkyPilot";
    if (o->source)
        tci_utf8_format(im.source, sizeof im.source, "%s", o->source);
    else
        tci_utf8_format(im.source, sizeof im.source, "%s price list %s", kind,
                        plain(base) ? base : "(imported)");
    tco_status st = TCO_OK;
    if (read_rows(&im) == 0) {
        *xml = write_xml(&im);
        if (*xml)
            summary(&im);
    }
    if (!*xml)
        st = im.nomem || tco_diags_errors(d) == 0 ? TCO_ERR_NOMEM : TCO_ERR_INPUT;
    if (st == TCO_ERR_NOMEM)
        tco_diags_add(d, TCO_SEV_ERROR, name, 0, NULL, "out of memory");
    imp_free(&im);
    return st;
}

static tco_status put_buffer(FILE *out, const void *arg)
{
    xmlBufferPtr b = (xmlBufferPtr)arg;
    fwrite(xmlBufferContent(b), 1, (size_t)xmlBufferLength(b), out);
    return ferror(out) ? TCO_ERR_IO : TCO_OK;
}

/* See documentation in header file. */
tco_status tco_catalog_import_file(const char *path, const char *out,
                                   const tco_catalog_import_opts *opts, tco_diags *d)
{
    if (!path || !out || !opts)
        return TCO_ERR_ARG;
    tco_catalog_import_opts o = *opts;
    char date[16];
    tco_file_id id;
    const char *why = NULL;
    int not_regular = 0;
    FILE *f = tci_open_input(path, &id, &why, &not_regular);
    if (!f) {
        tco_diags_add(d, TCO_SEV_ERROR, path, 0, NULL, "cannot read: %s", why);
        return TCO_ERR_INPUT;
    }
    if (!o.as_of) { /* the file's modification date, said */
        struct stat sb;
        struct tm tm;
        time_t t = fstat(fileno(f), &sb) == 0 ? sb.st_mtime : 0;
        if (gmtime_r(&t, &tm) && strftime(date, sizeof date, "%Y-%m-%d", &tm)) {
            o.as_of = date;
            tco_diags_add(d, TCO_SEV_WARNING, path, 0, NULL,
                          "no --as-of: the prices are dated %s, the file's modification date "
                          "(UTC)",
                          date);
        }
    }
    tco_status st = check_opts(&o, path, d);
    if (st != TCO_OK) {
        fclose(f);
        return st;
    }
    tci_csv *csv = tci_csv_open(f, path);
    xmlBufferPtr xml = NULL;
    st = csv ? import(csv, path, path, &o, &xml, d) : TCO_ERR_NOMEM;
    tci_csv_free(csv);
    fclose(f);
    if (st == TCO_OK)
        st = tco_write_atomic(out, put_buffer, xml, d);
    xmlBufferFree(xml);
    return st;
}

/* See documentation in header file. */
tco_status tco_catalog_import_string(const char *data, size_t size, const char *name,
                                     const tco_catalog_import_opts *opts, char **xml, size_t *len,
                                     tco_diags *d)
{
    if (!opts || !xml)
        return TCO_ERR_ARG;
    *xml = NULL;
    if (len)
        *len = 0;
    if (!name)
        name = "<string>";
    tco_status st = check_opts(opts, name, d);
    if (st != TCO_OK)
        return st;
    tci_csv *csv = tci_csv_open_mem(data, size, name);
    xmlBufferPtr buf = NULL;
    st = csv ? import(csv, name, name, opts, &buf, d) : TCO_ERR_NOMEM;
    tci_csv_free(csv);
    if (st == TCO_OK) {
        size_t n = (size_t)xmlBufferLength(buf);
        *xml = malloc(n + 1);
        if (*xml) {
            memcpy(*xml, xmlBufferContent(buf), n);
            (*xml)[n] = '\0';
            if (len)
                *len = n;
        } else
            st = TCO_ERR_NOMEM;
    }
    xmlBufferFree(buf);
    return st;
}
