/* cli.h - the modules of the tco command-line tool, a client of tco.h alone.
 *
 * Calls go one way: main.c (options, loading, the commands) calls table.c
 * (the report's table), listing.c (the catalog listing), compare.c (tco compare) and
 * init.c (tco init); main.c and init.c take the shipped files, the date and
 * the messages' printing from env.c; main.c and compare.c call output.c
 * (cli_emit, output.h). */
#ifndef TCO_CLI_CLI_H
#define TCO_CLI_CLI_H

#include "tco.h"

#include <stdio.h>

/* Print the report as a table: options ranked by total, key figures,
 * break-even, then the workload and the analyses. `color` adds terminal
 * colours. */
void cli_print_table(const tco_result *res, FILE *out, int color);

/* The sentence under a table that shows a break-even as a word: what the
 * words mean (the report's and the comparison's tables). */
extern const char cli_breakeven_words[];

/* ===== listing.c: tco catalog ===== */

/* The filters of `tco catalog`; a NULL string (NAN price) filters nothing. */
typedef struct cli_catalog_filter {
    const char *gpu;      /* --gpu: this GPU and its offers; an id, exactly */
    const char *provider; /* --provider: offers of this provider, any case */
    const char *pricing;  /* --pricing: on-demand, spot or reserved */
    const char *region;   /* --region: offers of this region, any case */
    double max_price;     /* --max-price: offers of at most this a GPU-hour */
} cli_catalog_filter;

/* The listing of `cat` that f selects, into *view: the offers that pass
 * every filter, ordered by currency, price per GPU-hour, then id; the GPU
 * --gpu names, or with an offer filter the GPUs of the offers kept, or
 * every GPU, in catalog order. The view shares its entries' strings with
 * cat and is freed by cli_catalog_view_free, never tco_catalog_free.
 * Returns TCO_OK or TCO_ERR_NOMEM. */
tco_status cli_catalog_select(const tco_catalog *cat, const cli_catalog_filter *f,
                              tco_catalog *view);
void cli_catalog_view_free(tco_catalog *view);

/* List a catalog (a tco_catalog, or a view of one) as a table, as JSON or
 * as CSV; stream writers for cli_emit. The table's columns are as wide as
 * their widest entry in display columns (ids whole; names, providers and
 * regions cut at 32). */
tco_status cli_print_catalog(FILE *out, const void *cat);
tco_status cli_print_catalog_json(FILE *out, const void *cat);
tco_status cli_print_catalog_csv(FILE *out, const void *cat);

/* Output formats of tco compare. */
enum { CLI_TABLE, CLI_JSON, CLI_XLSX, CLI_CSV, CLI_MD };

/* The limit of `tco compare --fail-above`: an amount of money, or a percent
 * of A's total. */
typedef struct cli_limit {
    int set;        /* 0: no limit */
    int percent;    /* 1: `value` is a percentage ("2%") */
    double value;   /* >= 0 */
    const char *as; /* the limit as given, for the message */
} cli_limit;

/* Compare two sides, each a computed scenario (a, b) or, when that is NULL, a
 * saved report (sa, sb): the inputs that differ and each option's figures
 * with their deltas (tco_compare_saved), written to path (NULL or "-":
 * standard output) as a table, JSON, a workbook, CSV or Markdown (format:
 * CLI_TABLE, CLI_JSON, CLI_XLSX, CLI_CSV or CLI_MD). Then, with a limit set,
 * each option in both whose total rose from A to B by more than the limit
 * (an amount; or a percent of A's total, any rise from a total of 0 being
 * above it) is said on standard error and the status is CLI_EXIT_ABOVE.
 * Returns an exit status (output.h). */
int cli_compare(const tco_result *a, const tco_saved_report *sa, const tco_result *b,
                const tco_saved_report *sb, int format, const char *path, long long created,
                const cli_limit *limit, tco_diags *diags);

/* ===== env.c: what the tool takes from where it runs ===== */

/* The path of `rel` (pricing/gpus.xml) among the files shipped with tco:
 * under TCO_DATA_DIR (and only there when it is set), ../share/tco beside the
 * executable, the configured data directory, or the source tree this binary
 * was built from; into buf, or NULL when none is there. */
const char *cli_shipped_file(const char *rel, char *buf, size_t size);

/* SOURCE_DATE_EPOCH into *epoch (-1 when unset). Returns -1 to go on, or the
 * exit status of a usage error when it is not a number of seconds. */
int cli_read_epoch(long long *epoch);

/* The day of `epoch` (today when it is negative) as YYYY-MM-DD into out: the
 * date stale prices are judged against when a scenario has no as_of. */
void cli_date(long long epoch, char out[11]);

/* Today, or the day of SOURCE_DATE_EPOCH, into out (cli_read_epoch, then
 * cli_date). Returns -1, or the exit status of a bad SOURCE_DATE_EPOCH. */
int cli_today(char out[11]);

/* Print d's messages on stderr: with quiet only the errors, with strict the
 * warnings as errors. */
void cli_print_diags(const tco_diags *d, int quiet, int strict);

/* tco init (init.c): a complete, commented scenario from flags or questions;
 * argv[0] is "init", its options parsed by cli_parse (options.h). Returns an
 * exit status. */
int cli_init(int argc, char **argv);

/* tco catalog import (catimport.c): a public price list written as a catalog;
 * argv[0] is "catalog", its options parsed by cli_parse. Returns an exit
 * status. */
int cli_catalog_import(int argc, char **argv);

#endif /* TCO_CLI_CLI_H */
