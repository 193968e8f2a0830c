/* catimport.c - tco catalog import: a public price list (SkyPilot's vms.csv,
 * a gpuhunt CSV) written as a catalog of offers by the library
 * (tco_catalog_import_file), with the GPUs of the shipped catalog and of each
 * --catalog as the ids its offers may name. */
#include "cli/cli.h"
#include "cli/options.h"
#include "cli/output.h"

#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#define MAX_CATALOGS 16

/* What the command line asked for. */
typedef struct request {
    tco_catalog_import_opts o;
    const char *out;                    /* -o */
    const char *catalogs[MAX_CATALOGS]; /* --catalog */
    int n_catalogs;
    int quiet, verbose;
    int from_given; /* --from was given */
} request;

/* One option (cli_parse) into the request. -1 to go on, else an exit status. */
static int on_option(void *user, cli_parsed p)
{
    request *r = user;
    const char *v = p.arg;
    switch (p.opt) {
    case CLI_O_HELP:
        return cli_print_help(CLI_CMD_CATALOG);
    case CLI_O_OUTPUT:
        if (!*v)
            return cli_usage_error("empty output path%s", "");
        r->out = v;
        break;
    case CLI_O_CATALOG:
        if (r->n_catalogs == MAX_CATALOGS)
            return cli_usage_error("too many --catalog options (the limit is 16)%s", "");
        r->catalogs[r->n_catalogs++] = v;
        break;
    case CLI_O_FROM:
        if (strcmp(v, "skypilot") == 0)
            r->o.from = TCO_IMPORT_SKYPILOT;
        else if (strcmp(v, "gpuhunt") == 0)
            r->o.from = TCO_IMPORT_GPUHUNT;
        else
            return cli_usage_error("--from takes skypilot or gpuhunt, not '%s'", v);
        r->from_given = 1;
        break;
    case CLI_O_PROVIDER:
        r->o.provider = v;
        break;
    case CLI_O_AS_OF:
        r->o.as_of = v;
        break;
    case CLI_O_SOURCE:
        r->o.source = v;
        break;
    case CLI_O_GPU:
        r->o.gpu = v;
        break;
    case CLI_O_REGION:
        r->o.region = v;
        break;
    case CLI_O_MIN_GPUS: {
        char *end = NULL;
        long n = strtol(v, &end, 10);
        if (end == v || *end || n < 1 || n > 100000)
            return cli_usage_error("--min-gpus takes a whole number from 1 to 100000, not '%s'", v);
        r->o.min_gpus = (int)n;
        break;
    }
    case CLI_O_QUIET:
        r->quiet = 1;
        break;
    case CLI_O_VERBOSE:
        r->verbose = 1;
        break;
    case CLI_O_FORMAT:
        return cli_usage_error("catalog import writes XML: no --format%s", "");
    case CLI_O_STRICT:
        return cli_usage_error("--strict does not apply to catalog import%s", "");
    case CLI_O_PRICING:
    case CLI_O_MAX_PRICE:
        return cli_usage_error("--%s filters the catalog listing, not catalog import",
                               cli_options[p.opt].name);
    default:
        break;
    }
    return -1;
}

/* The GPUs offers may name: the shipped catalog and each --catalog. An exit
 * status, or -1 to go on with *cat (NULL when there is no catalog at all). */
static int load_gpus(const request *r, tco_catalog **cat, tco_diags *d)
{
    *cat = tco_catalog_new();
    if (!*cat)
        return CLI_EXIT_RUNTIME;
    char shipped[4096];
    const char *first = cli_shipped_file("pricing/gpus.xml", shipped, sizeof shipped);
    if (!first && r->n_catalogs == 0) {
        tco_catalog_free(*cat);
        *cat = NULL;
        return -1;
    }
    for (int i = -1; i < r->n_catalogs; i++) {
        const char *path = i < 0 ? first : r->catalogs[i];
        if (!path)
            continue;
        if (r->verbose) {
            fputs("tco: reading the catalog ", stderr);
            tco_fput_text(stderr, path, 0, 0);
            fputc('\n', stderr);
        }
        tco_status st = tco_catalog_load_file(*cat, path, d);
        if (st != TCO_OK)
            return st == TCO_ERR_NOMEM ? CLI_EXIT_RUNTIME : CLI_EXIT_USAGE;
    }
    return -1;
}

/* 1 when the paths name one file (the output would replace the list). */
static int same_file(const char *a, const char *b)
{
    struct stat sa, sb;
    return stat(a, &sa) == 0 && stat(b, &sb) == 0 && sa.st_dev == sb.st_dev &&
           sa.st_ino == sb.st_ino;
}

/* See cli.h. */
int cli_catalog_import(int argc, char **argv)
{
    request r;
    memset(&r, 0, sizeof r);
    const char *operands[2] = {NULL, NULL};
    int n = 0;
    int rc = cli_parse(CLI_CMD_CATALOG, argc, argv, on_option, &r, operands, &n);
    if (rc >= 0)
        return rc;
    if (n < 2)
        return cli_usage_error("catalog import needs the price list: tco catalog import "
                               "LIST.csv --from skypilot|gpuhunt -o OUT.xml%s",
                               "");
    if (!r.from_given)
        return cli_usage_error("catalog import needs --from skypilot or --from gpuhunt%s", "");
    if (!r.out || strcmp(r.out, "-") == 0)
        return cli_usage_error("catalog import needs an output file: -o OUT.xml%s", "");
    if (same_file(operands[1], r.out))
        return cli_usage_error("the output '%s' is the price list itself", r.out);
    tco_diags *d = tco_diags_new();
    if (!d)
        return CLI_EXIT_RUNTIME;
    tco_catalog *gpus = NULL;
    rc = load_gpus(&r, &gpus, d);
    if (rc < 0) {
        r.o.gpus = gpus;
        if (r.o.gpu && gpus && !tco_catalog_gpu(gpus, r.o.gpu)) {
            tco_diags_add(d, TCO_SEV_ERROR, operands[1], 0, NULL,
                          "--gpu names '%s', which no catalog read has", r.o.gpu);
            rc = CLI_EXIT_USAGE;
        }
    }
    if (rc < 0) {
        tco_status st = tco_catalog_import_file(operands[1], r.out, &r.o, d);
        rc = st == TCO_OK                              ? CLI_EXIT_OK
             : st == TCO_ERR_NOMEM || st == TCO_ERR_IO ? CLI_EXIT_RUNTIME
                                                       : CLI_EXIT_USAGE;
    }
    cli_print_diags(d, r.quiet, 0);
    tco_catalog_free(gpus);
    tco_diags_free(d);
    return rc;
}
