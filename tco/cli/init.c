/* init.c - `tco init`: a complete, commented scenario written from flags or
 * from questions on a terminal (docs/MODEL.md, Completeness; docs/CATALOG.md,
 * Site presets). Every value carries its source in a comment: the catalog's
 * entry, the site preset or tco's default; the scenario is loaded back before
 * it is written, so what tco init writes is what tco report reads. */
#include "cli/cli.h"
#include "cli/options.h"
#include "cli/output.h"
#include "tco.h"

#include <errno.h>
#include <math.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define MAX_VS 16 /* --vs offers */

/* The default utilization of each workload: assumptions, said so in the file. */
static const struct {
    const char *name;
    double utilization;
    const char *why;
} workloads[] = {
    {"train", 0.7, "a training cluster shared by a team is busy most of the day"},
    {"infer", 0.5, "a service sized for its peak traffic is busy about half the time"},
};

/* What the command line (or the questions) asked for. */
typedef struct request {
    const char *gpu, *site, *workload, *out;
    const char *vs[MAX_VS + 1];
    int n_vs;
    long count, horizon;
    double gpu_price; /* NAN: the catalog's */
} request;

/* The scenario's text: written to f, an open_memstream of s and n. */
typedef struct text {
    FILE *f;
    char *s;
    size_t n;
} text;

/* A key line: `key = value` padded so that comments line up, then `; why`. */
static void key(text *t, const char *k, const char *value, const char *why)
{
    int w = (int)(strlen(k) + 3 + strlen(value));
    if (w + 2 + (int)strlen(why) > 96) /* a long source goes on the line above */
        fprintf(t->f, "; %s\n%s = %s\n", why, k, value);
    else
        fprintf(t->f, "%s = %s%*s; %s\n", k, value, w < 34 ? 34 - w : 1, "", why);
}

/* Text from a catalog or a preset, safe as an INI value or comment: one line,
 * no ';' (a comment) nor '"' (a quote). */
static const char *plain(char *buf, size_t size, const char *s)
{
    size_t n = 0;
    for (; s && *s && n + 1 < size; s++)
        buf[n++] = (*s == ';' || *s == '"' || *s == '\n' || *s == '\r') ? ',' : *s;
    buf[n] = '\0';
    return buf;
}

/* A usage error of init: "tco: init: " and fmt (one %s for arg), then the
 * command's usage from the table (options.c). */
static int say_usage(const char *fmt, const char *arg)
{
    char *shown = tco_text_escape(arg);
    fputs("tco: init: ", stderr);
    fprintf(stderr, fmt, shown ? shown : "?");
    free(shown);
    fprintf(stderr, "\nUsage: tco init %s\n", cli_commands[CLI_CMD_INIT].synopsis);
    return CLI_EXIT_USAGE;
}

/* A whole number from lo to hi in *out, or 0. */
static int whole(const char *s, long lo, long hi, long *out)
{
    char *end;
    errno = 0;
    long v = strtol(s, &end, 10);
    if (end == s || *end || errno || v < lo || v > hi)
        return 0;
    *out = v;
    return 1;
}

/* The answer to a question on the terminal, or `def` for an empty line; NULL
 * at the end of input. */
static const char *ask(const char *question, const char *def, char *buf, size_t size)
{
    fprintf(stderr, "%s [%s]: ", question, def);
    fflush(stderr);
    if (!fgets(buf, (int)size, stdin))
        return NULL;
    buf[strcspn(buf, "\r\n")] = '\0';
    return *buf ? buf : def;
}

/* The questions for what the flags left out, asked on a terminal. 0 to go
 * on, else an exit status. */
static int ask_all(request *r, const tco_catalog *cat, char store[][256])
{
    char def[64];
    const char *a;
    if (!r->gpu) {
        fputs("GPUs of the catalog:", stderr);
        for (size_t i = 0; i < cat->n_gpus; i++)
            fprintf(stderr, " %s", cat->gpus[i].id);
        fputc('\n', stderr);
        if (!(a = ask("GPU to buy", "h100-sxm5-80gb", store[0], 256)))
            return CLI_EXIT_USAGE;
        r->gpu = a;
    }
    while (r->count <= 0) {
        if (!(a = ask("How many GPUs", "8", store[1], 256)))
            return CLI_EXIT_USAGE;
        if (!whole(a, 1, 1000000, &r->count))
            fputs("a whole number from 1 to 1000000\n", stderr);
    }
    if (!r->n_vs) {
        if (!(a = ask("Cloud offer to rent against (blank: the cheapest on demand)", "", store[2],
                      256)))
            return CLI_EXIT_USAGE;
        if (*a)
            r->vs[r->n_vs++] = a;
    }
    snprintf(def, sizeof def, "%ld", r->horizon);
    if (!(a = ask("Months to compare", def, store[3], 256)) || !whole(a, 1, 120, &r->horizon))
        return say_usage("months: a whole number from 1 to 120%s", "");
    if (!(a = ask("Site preset (us-colo, us-onprem, cn-west)", r->site, store[4], 256)))
        return CLI_EXIT_USAGE;
    r->site = a;
    if (!(a = ask("Workload (train or infer)", r->workload, store[5], 256)))
        return CLI_EXIT_USAGE;
    r->workload = a;
    return 0;
}

/* One option of init's command line (cli_parse) into the request. Returns
 * -1 to go on, else an exit status (--help: CLI_EXIT_OK). */
static int on_init_option(void *user, cli_parsed p)
{
    request *r = user;
    const char *v = p.arg;
    switch (p.opt) {
    case CLI_O_HELP:
        return cli_print_help(CLI_CMD_INIT);
    case CLI_O_OUTPUT:
        r->out = v;
        break;
    case CLI_O_GPU:
        r->gpu = v;
        break;
    case CLI_O_SITE:
        r->site = v;
        break;
    case CLI_O_WORKLOAD:
        r->workload = v;
        break;
    case CLI_O_COUNT_GPUS:
        if (!whole(v, 1, 1000000, &r->count))
            return say_usage("--count takes a whole number from 1 to 1000000, not '%s'", v);
        break;
    case CLI_O_HORIZON:
        if (!whole(v, 1, 120, &r->horizon))
            return say_usage("--horizon takes a whole number of months from 1 to 120, not '%s'", v);
        break;
    case CLI_O_VS:
        if (r->n_vs == MAX_VS)
            return say_usage("at most 16 --vs offers%s", "");
        r->vs[r->n_vs++] = v;
        break;
    case CLI_O_GPU_PRICE: {
        char *end;
        r->gpu_price = strtod(v, &end);
        if (end == v || *end || !(r->gpu_price >= 100 && r->gpu_price <= 1e9))
            return say_usage("--gpu-price takes a price from 100 to 1e9, not '%s'", v);
        break;
    }
    default: /* the table gives init no other option */
        break;
    }
    return -1;
}

/* Parse the command line (argv[0] "init") into r with the tool's parser: 0 to
 * go on, CLI_EXIT_OK + 100 after --help, else an exit status. */
static int parse(int argc, char **argv, request *r)
{
    const char *operands[1];
    int n = 0;
    int rc = cli_parse(CLI_CMD_INIT, argc, argv, on_init_option, r, operands, &n);
    return rc < 0 ? 0 : rc == CLI_EXIT_OK ? CLI_EXIT_OK + 100 : rc;
}

/* The cheapest on-demand offer of GPU id, or NULL. */
static const tco_offer *cheapest(const tco_catalog *cat, const char *id)
{
    const tco_offer *best = NULL;
    for (size_t i = 0; i < cat->n_offers; i++) {
        const tco_offer *o = &cat->offers[i];
        if (strcmp(o->gpu, id) == 0 && strcmp(o->pricing, "on-demand") == 0 &&
            (!best || o->price_per_gpu_hour < best->price_per_gpu_hour))
            best = o;
    }
    return best;
}

/* The options: the GPUs bought, then each offer rented. */
static void write_options(text *t, const request *r, const tco_gpu_model *g,
                          const tco_site_preset *site, const tco_offer *const *offers, size_t n)
{
    char v[128], why[1200], a[64], b[64], name[256];
    int buy_w = (int)strlen(g->id) > TCO_MAX_ID - 4 ? TCO_MAX_ID - 4 : (int)strlen(g->id);
    double fx = site->fx_code ? site->fx_rate : 1; /* catalog currency per site currency */
    fprintf(t->f, "\n[option %.*s-buy]\n", buy_w, g->id);
    fprintf(t->f, "label = %ld %s, bought\n", r->count, plain(name, sizeof name, g->name));
    fprintf(t->f, "acquire = buy\n");
    snprintf(why, sizeof why, "catalog: %g W, %g TFLOPS dense FP16, %g GB", g->tdp_w,
             g->fp16_tflops, g->memory_gb);
    key(t, "gpu", g->id, why);
    snprintf(v, sizeof v, "%ld", r->count);
    key(t, "count", v,
        r->count % g->server_gpus ? "the servers are count / gpus_per_server, "
                                    "rounded up"
                                  : "tco init --count");
    double price = isnan(r->gpu_price) ? g->price_typical / fx : r->gpu_price;
    if (!isnan(r->gpu_price)) {
        snprintf(v, sizeof v, "%.2f", r->gpu_price);
        key(t, "gpu_price", v, "tco init --gpu-price");
    } else {
        snprintf(why, sizeof why, "catalog: %s %s a GPU (%s)%s",
                 tco_group_thousands(a, sizeof a, g->price_typical, 0), g->currency, g->as_of,
                 fx != 1 ? ", converted by [fx]" : "");
        fprintf(t->f, "; gpu_price: from the %s\n", why);
    }
    snprintf(v, sizeof v, "%d", g->server_gpus);
    key(t, "gpus_per_server", v, "catalog: the GPU's server");
    snprintf(v, sizeof v, "%.0f", g->server_price_ratio * g->server_gpus * price);
    snprintf(why, sizeof why,
             "catalog: the server without its GPUs is %g x their price, %g x %d "
             "x %s",
             g->server_price_ratio, g->server_price_ratio, g->server_gpus,
             tco_group_thousands(b, sizeof b, price, price == floor(price) ? 0 : 2));
    key(t, "server_price", v, why);
    snprintf(v, sizeof v, "%g", g->server_power_w);
    key(t, "server_power_w", v, "catalog: the server's power besides its GPUs");
    fprintf(t->f, "; the server's figures: %s\n", plain(why, sizeof why, g->server_source));
    key(t, "resale_fraction", "0", "default: nothing back at the end; set what used GPUs fetch");
    key(t, "maintenance_rate", "0",
        "default: no support contract; a few % of capex a year is usual");
    key(t, "staff_per_month", "0", "default: the team that runs it is paid already");
    for (size_t i = 0; i < n; i++) {
        const tco_offer *o = offers[i];
        fprintf(t->f, "\n[option %s]\n", o->id);
        fprintf(t->f, "label = %ld %s, %s %s\n", r->count, plain(name, sizeof name, g->name),
                plain(why, sizeof why, o->provider), o->pricing);
        fprintf(t->f, "acquire = rent\n");
        snprintf(why, sizeof why, "catalog: %s %s, %s %s a GPU-hour (%s)", o->provider, o->pricing,
                 tco_group_thousands(a, sizeof a, o->price_per_gpu_hour, 2), o->currency, o->as_of);
        key(t, "offer", o->id, plain(name, sizeof name, why));
        snprintf(v, sizeof v, "%ld", r->count);
        key(t, "count", v, "as many as bought");
    }
}

/* The whole scenario into t. */
static void write_scenario(text *t, const request *r, const tco_gpu_model *g,
                           const tco_site_preset *site, const tco_offer *const *offers, size_t n,
                           double utilization, const char *why_u, const char *date)
{
    char v[64], why[600], name[256];
    fprintf(t->f,
            "; %ld %s: bought or rented.\n"
            "; Written by tco init on %s. Every value's source is beside it: the catalog\n"
            "; (pricing/gpus.xml), the site preset %s (pricing/sites.ini) or tco's\n"
            "; default. Change what you know better, then:\n"
            ";   tco report FILE.ini              the comparison\n"
            ";   tco report FILE.ini -o FILE.xlsx a live workbook for finance\n",
            r->count, plain(name, sizeof name, g->name), date, site->name);
    fprintf(t->f, "\n[scenario]\nname = %ld %s, bought or rented\n", r->count, name);
    snprintf(why, sizeof why, "site preset %s", site->name);
    key(t, "currency", site->currency, why);
    snprintf(v, sizeof v, "%ld", r->horizon);
    key(t, "horizon_months", v, r->horizon == 36 ? "default: three years" : "tco init --horizon");
    key(t, "discount_rate", "0.08", "default: a cost of capital of 8% a year; set your company's");
    if (n)
        key(t, "baseline", offers[0]->id, "the offer buying is compared with");
    key(t, "as_of", date, "the day tco init read the prices");
    fprintf(t->f, "\n[site]\n; preset %s: %s (%s)\n", site->name,
            plain(name, sizeof name, site->label), site->as_of);
    for (int j = 0; j < TCO_SITE_KEYS; j++)
        if (site->given[j]) {
            snprintf(v, sizeof v, "%g", site->value[j]);
            key(t, tco_scenario_key((tco_skey)(TCO_SITE_KEY_FIRST + j))->name, v,
                plain(why, sizeof why, site->source[j]));
        }
    if (site->fx_code) {
        fprintf(t->f, "\n[fx]\n; the catalog's prices, in %s, converted into %s\n", site->fx_code,
                site->currency);
        snprintf(v, sizeof v, "%g", site->fx_rate);
        snprintf(why, sizeof why, "units of %s per one %s", site->fx_code, site->currency);
        key(t, site->fx_code, v, why);
        fprintf(t->f, "%s.source = %s\n%s.as_of = %s\n", site->fx_code,
                plain(name, sizeof name, site->fx_source), site->fx_code, site->fx_as_of);
    }
    fprintf(t->f, "\n[workload]\n");
    snprintf(v, sizeof v, "%g", utilization);
    snprintf(why, sizeof why, "assumption (tco init --workload %s): %s", r->workload, why_u);
    key(t, "utilization", v, why);
    write_options(t, r, g, site, offers, n);
}

/* tco_write_atomic's writer of the text. */
static tco_status put(FILE *out, const void *arg)
{
    const text *t = arg;
    return fwrite(t->s, 1, t->n, out) == t->n ? TCO_OK : TCO_ERR_IO;
}

/* "tco: init: HEAD 'NAME'; TAIL: a b c", the names those of the n entries of
 * `size` bytes at items whose char * is at `at` (the first 40, then "..."); the
 * exit status of a usage error. */
static int say_unknown(const char *head, const char *name, const char *tail, const void *items,
                       size_t size, size_t at, size_t n)
{
    fprintf(stderr, "tco: init: %s '", head);
    tco_fput_text(stderr, name, 0, 0);
    fprintf(stderr, "'; %s:", tail);
    for (size_t i = 0; i < n && i < 40; i++)
        fprintf(stderr, " %s", *(char *const *)((const char *)items + i * size + at));
    fputs(n > 40 ? " ...\n" : "\n", stderr);
    return CLI_EXIT_USAGE;
}

/* The catalog, the presets, the request checked: 0, or an exit status. */
static int resolve(request *r, const tco_catalog *cat, const tco_site_presets *presets,
                   const tco_gpu_model **g, const tco_site_preset **site, const tco_offer **offers,
                   size_t *n, double *u, const char **why_u)
{
    if (!(*g = tco_catalog_gpu(cat, r->gpu)))
        return say_unknown("the catalog has no GPU", r->gpu, "it has", cat->gpus, sizeof *cat->gpus,
                           offsetof(tco_gpu_model, id), cat->n_gpus);
    if (!(*g)->server_gpus)
        return say_usage("the catalog gives no server for GPU '%s'", r->gpu);
    if (isnan(r->gpu_price) && isnan((*g)->price_typical))
        return say_usage("the catalog has no purchase price for '%s': give one with --gpu-price",
                         r->gpu);
    if (!(*site = tco_site_preset_find(presets, r->site)))
        return say_unknown("no site preset", r->site, "the presets are", presets->presets,
                           sizeof *presets->presets, offsetof(tco_site_preset, name), presets->n);
    *u = -1;
    for (size_t i = 0; i < sizeof workloads / sizeof *workloads; i++)
        if (strcmp(r->workload, workloads[i].name) == 0) {
            *u = workloads[i].utilization;
            *why_u = workloads[i].why;
        }
    if (*u < 0)
        return say_usage("--workload is train or infer, not '%s'", r->workload);
    *n = 0;
    for (int i = 0; i < r->n_vs; i++) {
        const tco_offer *o = tco_catalog_offer(cat, r->vs[i]);
        if (!o)
            return say_usage("the catalog has no offer '%s' (tco catalog lists them)", r->vs[i]);
        offers[(*n)++] = o;
    }
    if (!r->n_vs && (offers[0] = cheapest(cat, r->gpu)) != NULL)
        *n = 1;
    if (!*n)
        fprintf(stderr,
                "tco: init: the catalog has no on-demand offer of %s: the scenario buys "
                "only; add a rent option to compare\n",
                r->gpu);
    return 0;
}

/* See cli.h. */
int cli_init(int argc, char **argv)
{
    request r = {.site = "us-colo", .workload = "train", .horizon = 36, .gpu_price = NAN};
    int rc = parse(argc, argv, &r);
    if (rc)
        return rc == CLI_EXIT_OK + 100 ? CLI_EXIT_OK : rc;
    char date[11], cat_path[4096], preset_path[4096], store[6][256];
    if ((rc = cli_today(date)) >= 0)
        return rc;
    const char *paths[] = {cli_shipped_file("pricing/gpus.xml", cat_path, sizeof cat_path), NULL};
    if (!paths[0] || !cli_shipped_file("pricing/sites.ini", preset_path, sizeof preset_path)) {
        fputs("tco: init: cannot find the shipped pricing/ files (set TCO_DATA_DIR)\n", stderr);
        return CLI_EXIT_USAGE;
    }
    tco_diags *d = tco_diags_new();
    tco_catalog *cat = tco_catalog_new();
    tco_site_presets *presets = NULL;
    text t = {NULL, NULL, 0};
    if (!d || !cat) {
        rc = CLI_EXIT_RUNTIME;
        goto done;
    }
    if (tco_catalog_load_file(cat, paths[0], d) != TCO_OK ||
        tco_site_presets_load(preset_path, &presets, d) != TCO_OK) {
        rc = CLI_EXIT_USAGE;
        goto done;
    }
    if ((!r.gpu || r.count <= 0) && isatty(STDIN_FILENO) && (rc = ask_all(&r, cat, store)))
        goto done;
    if (!r.gpu || r.count <= 0) {
        rc = say_usage("--gpu and --count are needed (or run it on a terminal to be asked)%s", "");
        goto done;
    }
    const tco_gpu_model *g = NULL;
    const tco_site_preset *site = NULL;
    const tco_offer *offers[MAX_VS];
    size_t n = 0;
    double u = 0;
    const char *why_u = NULL;
    if ((rc = resolve(&r, cat, presets, &g, &site, offers, &n, &u, &why_u)))
        goto done;
    int failed = (t.f = open_memstream(&t.s, &t.n)) == NULL;
    if (t.f) {
        write_scenario(&t, &r, g, site, offers, n, u, why_u, date);
        failed = ferror(t.f) != 0;
        failed |= fclose(t.f) != 0;
    }
    if (failed) {
        rc = CLI_EXIT_RUNTIME;
        goto done;
    }
    /* What report will read: loaded back before it is written. */
    tco_load_options opts = {.catalogs_before = paths, .today = date};
    tco_scenario *s = NULL;
    tco_status st = tco_scenario_load_string_opt(t.s, r.out ? r.out : "<init>", &opts, &s, d);
    tco_scenario_free(s);
    if (st != TCO_OK) {
        fputs("tco: init: the scenario written does not load (a fault of tco init):\n", stderr);
        rc = CLI_EXIT_RUNTIME;
        goto done;
    }
    if (r.out && strcmp(r.out, "-") != 0) {
        if (access(r.out, F_OK) == 0) {
            fputs("tco: init: '", stderr);
            tco_fput_text(stderr, r.out, 0, 0);
            fputs("' exists: tco init writes a new file only\n", stderr);
            rc = CLI_EXIT_USAGE;
            goto done;
        }
        rc = tco_write_atomic(r.out, put, &t, d) == TCO_OK ? CLI_EXIT_OK : CLI_EXIT_RUNTIME;
    } else {
        rc = put(stdout, &t) == TCO_OK ? CLI_EXIT_OK : CLI_EXIT_RUNTIME;
    }
done:
    if (d)
        cli_print_diags(d, 0, 0);
    free(t.s);
    tco_site_presets_free(presets);
    tco_catalog_free(cat);
    tco_diags_free(d);
    return rc;
}
