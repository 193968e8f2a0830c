/* main.c - the tco command-line tool, a thin client of libtco.
 *
 * Exit status: 0 success, 1 runtime failure (an output cannot be written,
 * out of memory), 2 bad usage or bad input. */
#include "cli/cli.h"
#include "cli/heap.h"
#include "cli/options.h"
#include "cli/output.h"

#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#define MAX_CATALOGS 16

enum format { FMT_NONE, FMT_TABLE, FMT_JSON, FMT_XLSX, FMT_CSV, FMT_MD };

/* What the command line asked for. */
typedef struct args {
    const char *input;       /* scenario file (import: --scenario) */
    const char *input2;      /* second scenario (compare) */
    const char *operands[2]; /* the command's operands, as given */
    int n_operands;
    const char *out;                        /* -o, or NULL */
    enum format fmt;                        /* --format, or FMT_NONE */
    const char *catalogs[MAX_CATALOGS + 1]; /* --catalog, NULL-terminated */
    const char *template_path;              /* --template, or NULL */
    int n_catalogs;
    int monthly, quiet, verbose;
    int strict;                /* --strict: warnings are errors */
    int diff;                  /* import --diff */
    cli_limit limit;           /* compare --fail-above */
    cli_catalog_filter filter; /* catalog's --gpu, --provider, ... */
    int import_only;           /* an option of catalog import alone (a cli_opt), or 0 */
} args;

/* --strict: CLI_EXIT_USAGE when d holds a warning, which print_diags then
 * says as an error; else 0. */
static int strict_failed(const args *a, const tco_diags *d)
{
    for (size_t i = 0; a->strict && i < tco_diags_count(d); i++)
        if (tco_diags_get(d, i)->severity == TCO_SEV_WARNING)
            return CLI_EXIT_USAGE;
    return 0;
}

static enum format parse_format(const char *s)
{
    static const char *const names[] = {"table", "json", "xlsx", "csv", "md"};
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
        if (strcmp(s, names[i]) == 0)
            return (enum format)(FMT_TABLE + i);
    return FMT_NONE;
}

static enum format format_of_path(const char *path)
{
    if (strcmp(path, "-") == 0)
        return FMT_JSON;
    const char *dot = strrchr(path, '.');
    const char *slash = strrchr(path, '/');
    if (!dot || (slash && dot < slash))
        return FMT_NONE;
    static const struct {
        const char *ext;
        enum format fmt;
    } exts[] = {{".json", FMT_JSON},
                {".xlsx", FMT_XLSX},
                {".csv", FMT_CSV},
                {".md", FMT_MD},
                {".txt", FMT_TABLE}};
    for (size_t i = 0; i < sizeof exts / sizeof exts[0]; i++)
        if (strcmp(dot, exts[i].ext) == 0)
            return exts[i].fmt;
    return FMT_NONE;
}

/* --fail-above AMOUNT or PERCENT%: a number of at least 0, then '%' or
 * nothing. Returns -1 to go on, else the exit status of a usage error. */
static int parse_limit(const char *val, cli_limit *l)
{
    char *end = NULL;
    errno = 0;
    /* Decimals alone: strtod's hexadecimal, infinity and NaN are no amounts. */
    int decimal = (isdigit((unsigned char)val[0]) || val[0] == '.') && !strpbrk(val, "xXpP");
    double v = decimal ? strtod(val, &end) : NAN;
    int percent = end && *end == '%';
    if (!end || end == val || errno || !isfinite(v) || v < 0 || end[percent] != '\0')
        return cli_usage_error(
            "--fail-above takes an amount or a percentage (10000, 2%%), not '%s'", val);
    *l = (cli_limit){1, percent, v, val};
    return -1;
}

/* A filter of tco catalog into f: --pricing one of the three kinds,
 * --max-price a decimal of at least 0. Returns -1 to go on, else the exit
 * status of a usage error. */
static int parse_filter(cli_parsed p, cli_catalog_filter *f)
{
    const char *val = p.arg;
    if (p.opt == CLI_O_PROVIDER)
        f->provider = val;
    else if (p.opt == CLI_O_REGION)
        f->region = val;
    else if (p.opt == CLI_O_PRICING) {
        if (strcmp(val, "on-demand") != 0 && strcmp(val, "spot") != 0 &&
            strcmp(val, "reserved") != 0)
            return cli_usage_error("--pricing is on-demand, spot or reserved, not '%s'", val);
        f->pricing = val;
    } else {
        char *end = NULL;
        errno = 0;
        /* Decimals alone, as --fail-above: no hexadecimal, infinity or NaN. */
        int decimal = (isdigit((unsigned char)val[0]) || val[0] == '.') && !strpbrk(val, "xXpP");
        double v = decimal ? strtod(val, &end) : NAN;
        if (!end || end == val || *end || errno || !isfinite(v) || v < 0)
            return cli_usage_error(
                "--max-price takes a price per GPU-hour of 0 or more (2.5), not '%s'", val);
        f->max_price = v;
    }
    return -1;
}

/* What the parse of one command fills: its options in a. */
typedef struct parse_state {
    args *a;
    cli_cmd cmd;
} parse_state;

/* One option of the command line (cli_parse): into the args, or --help and
 * --version said. Returns -1 to go on, else an exit status. */
static int on_option(void *user, cli_parsed p)
{
    parse_state *st = user;
    args *a = st->a;
    const char *val = p.arg;
    switch (p.opt) {
    case CLI_O_HELP:
        return cli_print_help(st->cmd);
    case CLI_O_VERSION:
        printf("tco %s\n", TCO_VERSION);
        return CLI_EXIT_OK;
    case CLI_O_OUTPUT:
        if (!*val)
            return cli_usage_error("empty output path%s", "");
        a->out = val;
        break;
    case CLI_O_FORMAT:
        a->fmt = parse_format(val);
        if (a->fmt == FMT_NONE)
            return cli_usage_error("unknown format '%s' (expected table, json, xlsx, csv or md)",
                                   val);
        break;
    case CLI_O_CATALOG:
        if (a->n_catalogs == MAX_CATALOGS)
            return cli_usage_error("too many --catalog options (the limit is 16)%s", "");
        a->catalogs[a->n_catalogs++] = val;
        break;
    case CLI_O_TEMPLATE:
        if (!*val)
            return cli_usage_error("empty template path%s", "");
        a->template_path = val;
        break;
    case CLI_O_MONTHLY:
        a->monthly |= TCO_CSV_MONTHLY;
        break;
    case CLI_O_FISCAL_YEARS:
        a->monthly |= TCO_CSV_FISCAL_YEARS;
        break;
    case CLI_O_STATEMENTS:
        a->monthly |= TCO_CSV_STATEMENTS;
        break;
    case CLI_O_SCENARIO:
        a->input = val;
        break;
    case CLI_O_DIFF:
        a->diff = 1;
        break;
    case CLI_O_FAIL_ABOVE:
        return parse_limit(val, &a->limit);
    case CLI_O_QUIET:
        a->quiet = 1;
        break;
    case CLI_O_VERBOSE:
        a->verbose = 1;
        break;
    case CLI_O_STRICT:
        a->strict = 1;
        break;
    case CLI_O_FROM: /* catalog import's own, parsed in catimport.c */
    case CLI_O_AS_OF:
    case CLI_O_SOURCE:
    case CLI_O_MIN_GPUS:
        a->import_only = p.opt;
        break;
    case CLI_O_GPU: /* catalog's filter; init parses its own in init.c */
        a->filter.gpu = val;
        break;
    case CLI_O_PROVIDER:
    case CLI_O_PRICING:
    case CLI_O_REGION:
    case CLI_O_MAX_PRICE:
        return parse_filter(p, &a->filter);
    case CLI_O_COUNT_GPUS:
    case CLI_O_VS:
    case CLI_O_HORIZON:
    case CLI_O_SITE:
    case CLI_O_WORKLOAD:
    case CLI_O_GPU_PRICE:
    case CLI_O_COUNT:
        break;
    }
    return -1;
}

/* Parse the command line of command cmd (argv[0] its name) into *a: its
 * options, and its operands in a->operands. Returns -1 to go on, else an
 * exit status (--help, a usage error). */
static int parse_args(cli_cmd cmd, int argc, char **argv, args *a)
{
    memset(a, 0, sizeof *a);
    a->filter.max_price = NAN;
    parse_state st = {a, cmd};
    return cli_parse(cmd, argc, argv, on_option, &st, a->operands, &a->n_operands);
}

/* The output format of report, catalog and compare: --format, else the
 * extension of -o, else a table; and the options that need a format. Returns
 * -1 to go on, else the exit status of a usage error. */
static int check_format(args *a)
{
    if (a->fmt == FMT_NONE)
        a->fmt = a->out ? format_of_path(a->out) : FMT_TABLE;
    if (a->fmt == FMT_NONE)
        return cli_usage_error("cannot tell the format of '%s' from its extension; use --format",
                               a->out);
    if (a->fmt == FMT_XLSX && (!a->out || strcmp(a->out, "-") == 0))
        return cli_usage_error("a workbook needs an output file: -o FILE.xlsx%s", "");
    if ((a->monthly & TCO_CSV_MONTHLY) && a->fmt != FMT_CSV)
        return cli_usage_error("--monthly applies to csv output only%s", "");
    if ((a->monthly & TCO_CSV_FISCAL_YEARS) && a->fmt != FMT_CSV)
        return cli_usage_error("--fiscal-years applies to csv output only%s", "");
    if ((a->monthly & TCO_CSV_STATEMENTS) && a->fmt != FMT_CSV)
        return cli_usage_error("--statements applies to csv output only%s", "");
    return -1;
}

/* parse_args and check_format for a command of `need` scenario operands
 * (report and validate 1, catalog 0, compare 2). */
static int parse_scenarios(cli_cmd cmd, int argc, char **argv, int need, args *a)
{
    int rc = parse_args(cmd, argc, argv, a);
    if (rc >= 0)
        return rc;
    a->input = a->operands[0];
    a->input2 = a->operands[1];
    if (need >= 1 && !a->input)
        return cli_usage_error("a scenario file is needed%s", "");
    if (need >= 2 && !a->input2)
        return cli_usage_error("compare needs two scenario files%s", "");
    return check_format(a);
}

static const char *shipped_catalog(char *buf, size_t size)
{
    return cli_shipped_file("pricing/gpus.xml", buf, size);
}

/* The template `want` names, in path: a bare name such as zh-CN is a shipped
 * template; a relative path is relative to the file `from` that names it
 * (NULL: the working directory). 0 when found; else an exit status, with the
 * message on stderr when `say`. */
static int template_file(const char *want, const char *from, char *path, size_t size, int say)
{
    if (!strchr(want, '/') && !strstr(want, ".xml")) {
        char rel[256];
        if ((size_t)snprintf(rel, sizeof rel, "templates/%s.xml", want) >= sizeof rel ||
            !cli_shipped_file(rel, path, size)) {
            if (say) {
                fputs("tco: no shipped template named '", stderr);
                tco_fput_text(stderr, want, 0, 0);
                fputs("' (set TCO_DATA_DIR, or give a path)\n", stderr);
            }
            return CLI_EXIT_USAGE;
        }
        return 0;
    }
    int n = from && want[0] != '/' && strrchr(from, '/')
                ? snprintf(path, size, "%.*s/%s", (int)(strrchr(from, '/') - from), from, want)
                : snprintf(path, size, "%s", want);
    if (n < 0 || (size_t)n >= size)
        return say ? cli_usage_error("the template path '%s' is too long", want) : CLI_EXIT_USAGE;
    return 0;
}

/* The file scenario s names with `template =`, and the file that names it. */
static const char *template_named(const tco_scenario *s, const char **from)
{
    if (!s || !s->template_path)
        return NULL;
    *from = s->key_file[TCO_S_TEMPLATE] ? s->key_file[TCO_S_TEMPLATE] : s->file;
    return s->template_path;
}

/* Load the workbook template: --template, else the scenario's `template =`
 * (template_file). *tpl stays NULL when there is none. Returns an exit status. */
static int load_template(const args *a, const tco_scenario *s, tco_diags *d, tco_template **tpl)
{
    *tpl = NULL;
    const char *want = a->template_path;
    const char *from = NULL; /* file the relative path is relative to */
    if (!want)
        want = template_named(s, &from);
    if (!want)
        return 0;
    char path[4096];
    int rc = template_file(want, from, path, sizeof path, 1);
    if (rc)
        return rc;
    tco_status st = tco_template_load_file(path, tpl, d);
    if (st == TCO_OK)
        return 0;
    if (from && st != TCO_ERR_NOMEM)
        tco_diags_add(d, TCO_SEV_ERROR, from, s->key_line[TCO_S_TEMPLATE], NULL,
                      "the template '%s' could not be read", want);
    return st == TCO_ERR_NOMEM ? CLI_EXIT_RUNTIME : CLI_EXIT_USAGE;
}

/* --verbose: the catalog at `path` is read. */
static void say_reading(const char *path)
{
    fputs("tco: reading the catalog ", stderr);
    tco_fput_text(stderr, path, 0, 0);
    fputc('\n', stderr);
}

/* The catalogs and the date a scenario is loaded with: the shipped catalog
 * and --catalog files, today. */
typedef struct load_with {
    char shipped[4096], date[11];
    const char *before[2];
    tco_load_options opts;
} load_with;

static const tco_load_options *load_options(const args *a, long long epoch, load_with *w)
{
    w->before[0] = shipped_catalog(w->shipped, sizeof w->shipped);
    w->before[1] = NULL;
    cli_date(epoch, w->date);
    w->opts = (tco_load_options){w->before, a->catalogs, w->date};
    return &w->opts;
}

/* Load a scenario with the shipped catalog and --catalog files. */
static int load_path(const args *a, const char *path, tco_diags *d, tco_scenario **s,
                     long long epoch)
{
    load_with w;
    const tco_load_options opts = *load_options(a, epoch, &w);
    const char *const *before = w.before;
    if (a->verbose) {
        if (before[0])
            say_reading(before[0]);
        for (int i = 0; i < a->n_catalogs; i++)
            say_reading(a->catalogs[i]);
    }
    tco_status st = tco_scenario_load_file_opt(path, &opts, s, d);
    if (st == TCO_OK)
        return 0;
    return st == TCO_ERR_NOMEM ? CLI_EXIT_RUNTIME : CLI_EXIT_USAGE;
}

static int load(const args *a, tco_diags *d, tco_scenario **s, long long epoch)
{
    return load_path(a, a->input, d, s, epoch);
}

/* ===== Outputs never replace inputs ===== */

/* What a command reads or names: its scenarios (their included files and
 * catalogs), a catalog, the template loaded, a file read apart (an imported
 * workbook); any may be NULL. */
typedef struct inputs {
    const tco_scenario *s[2];
    const tco_catalog *cat;
    const tco_template *tpl;
    const char *files[2]; /* files read apart: an imported workbook, saved reports */
} inputs;

/* `path` when it is the same file as `out`, else NULL. */
static const char *same_file(const char *out, const char *path)
{
    struct stat so, sp;
    if (!path || stat(out, &so) != 0 || stat(path, &sp) != 0)
        return NULL;
    return so.st_dev == sp.st_dev && so.st_ino == sp.st_ino ? path : NULL;
}

/* The template a command names, whether it loads it or not: --template and
 * each scenario's `template =`; the first that is the same file as `out`. */
static const char *template_at(const args *a, const inputs *in, const char *out, char *path,
                               size_t size)
{
    for (int k = -1; k < 2; k++) {
        const char *from = NULL, *want = k < 0 ? a->template_path : template_named(in->s[k], &from);
        if (want && template_file(want, from, path, size, 0) == 0 && same_file(out, path))
            return path;
    }
    return NULL;
}

/* 0 when the output -o names is none of the files the command reads or names
 * (in, and the templates of template_at); else CLI_EXIT_USAGE, with the
 * message in d. Every command checks it before anything is written: the
 * output would otherwise replace its input. */
static int output_is_input(const args *a, const inputs *in, tco_diags *d)
{
    const char *out = a->out;
    char path[4096];
    if (!out || strcmp(out, "-") == 0)
        return 0;
    const char *at = NULL;
    for (int k = 0; k < 2 && !at; k++)
        at = tco_scenario_input_at(in->s[k], out);
    if (!at)
        at = tco_catalog_input_at(in->cat, out);
    if (!at)
        at = tco_template_input_at(in->tpl, out);
    if (!at)
        at = same_file(out, in->files[0]);
    if (!at)
        at = same_file(out, in->files[1]);
    if (!at)
        at = template_at(a, in, out, path, sizeof path);
    if (!at)
        return 0;
    tco_diags_add(d, TCO_SEV_ERROR, out, 0, NULL,
                  "the output is the same file as the input '%s'; choose another output path", at);
    return CLI_EXIT_USAGE;
}

/* ===== report ===== */

/* A long computation (the cheapest plan's search, Monte Carlo): a progress
 * bar on a terminal's stderr once it takes over half a second, redrawn at most
 * ten times a second; and an interrupt (SIGINT) that stops it, nothing written
 * (tco_run). */
struct progress {
    struct timespec start;
    double drawn; /* seconds from start of the last bar drawn */
    int tty;      /* stderr is a terminal */
    int shown;    /* the bar is on screen */
    const char *what;
};

static volatile sig_atomic_t interrupted;

static void on_interrupt(int sig)
{
    (void)sig;
    interrupted = 1;
}

static int on_cancel(void *user)
{
    (void)user;
    return interrupted;
}

static void on_progress(void *user, long done, long total)
{
    struct progress *p = user;
    if (!p->tty || total <= 0)
        return;
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    double elapsed = (now.tv_sec - p->start.tv_sec) + (now.tv_nsec - p->start.tv_nsec) / 1e9;
    if ((elapsed < 0.5 && !p->shown) || (p->shown && elapsed - p->drawn < 0.1 && done < total))
        return;
    int width = 40, filled = (int)(width * done / total);
    fprintf(stderr, "\r%s [%.*s%*s] %3ld%%", p->what, filled,
            "########################################", width - filled, "", done * 100 / total);
    fflush(stderr);
    p->shown = 1;
    p->drawn = elapsed;
}

/* Start a long computation's bar and its interrupt; end them, the bar erased,
 * SIGINT as it was. */
static void long_run(struct progress *bar, tco_run *run, const char *what, struct sigaction *was)
{
    memset(bar, 0, sizeof *bar);
    clock_gettime(CLOCK_MONOTONIC, &bar->start);
    bar->tty = isatty(STDERR_FILENO);
    bar->what = what;
    *run = (tco_run){on_progress, on_cancel, bar};
    struct sigaction sa = {0};
    sa.sa_handler = on_interrupt;
    sigemptyset(&sa.sa_mask);
    interrupted = 0;
    sigaction(SIGINT, &sa, was);
}

static void long_run_end(struct progress *bar, const struct sigaction *was)
{
    sigaction(SIGINT, was, NULL);
    if (bar->shown)
        fputs("\r\033[K", stderr);
}

/* The exit status of a computation that ended with st, and its message. */
static int run_status(tco_status st, const char *what)
{
    if (st == TCO_ERR_CANCELLED) {
        fputs("tco: interrupted; nothing written\n", stderr);
        return 130;
    }
    fprintf(stderr, "tco: %s%s%s\n", what, *what ? ": " : "", tco_status_str(st));
    return st == TCO_ERR_LIMIT ? CLI_EXIT_USAGE : CLI_EXIT_RUNTIME;
}

static int use_color(void)
{
    const char *nc = getenv("NO_COLOR");
    return isatty(STDOUT_FILENO) && !(nc && *nc);
}

/* Stream writers for cli_emit. */
typedef struct table_args {
    const tco_result *res;
    int color;
    int monthly;
} table_args;

static tco_status table_to(FILE *out, const void *arg)
{
    const table_args *t = arg;
    cli_print_table(t->res, out, t->color);
    return ferror(out) ? TCO_ERR_IO : TCO_OK;
}

static tco_status json_to(FILE *out, const void *arg)
{
    return tco_report_write_json_stream(((const table_args *)arg)->res, out);
}

static tco_status csv_to(FILE *out, const void *arg)
{
    const table_args *t = arg;
    return tco_report_write_csv_stream(t->res, out, t->monthly);
}

static tco_status md_to(FILE *out, const void *arg)
{
    return tco_report_write_md_stream(((const table_args *)arg)->res, out);
}

/* A workbook writer for cli_emit_book. */
typedef struct book_args {
    const tco_result *res;
    tco_xlsx_options opts;
} book_args;

static tco_status xlsx_to(const char *path, const void *arg, tco_diags *d)
{
    const book_args *b = arg;
    return tco_report_write_xlsx(b->res, path, &b->opts, d);
}

static int write_output(const args *a, const tco_result *res, const tco_template *tpl,
                        long long epoch, tco_diags *d)
{
    int to_std = !a->out || strcmp(a->out, "-") == 0;
    table_args t = {res, to_std && use_color(), a->monthly};
    switch (a->fmt) {
    case FMT_JSON:
        return cli_emit(a->out, json_to, &t, d);
    case FMT_CSV:
        return cli_emit(a->out, csv_to, &t, d);
    case FMT_MD:
        return cli_emit(a->out, md_to, &t, d);
    case FMT_XLSX: {
        book_args b = {res, {.created = epoch, .tpl = tpl}};
        return cli_emit_book(a->out, xlsx_to, &b, d);
    }
    default:
        return cli_emit(a->out, table_to, &t, d);
    }
}

/* What report and validate share: the diagnostics, the scenario with its
 * catalogs, its template, and its result, computed and checked. */
typedef struct computed {
    tco_diags *d;
    tco_scenario *s;
    tco_template *tpl;
    tco_result *res;
} computed;

/* Load a->input and its template, compute it and check the result, into *c.
 * Returns 0, or the exit status of the step that failed (running out of
 * memory is said on standard error). Whatever it returns,
 * computed_end prints the diagnostics and frees *c. */
static int compute_input(const args *a, long long epoch, computed *c)
{
    memset(c, 0, sizeof *c);
    c->d = tco_diags_new();
    if (!c->d) {
        fputs("tco: out of memory\n", stderr);
        return CLI_EXIT_RUNTIME;
    }
    int rc = load(a, c->d, &c->s, epoch);
    /* A template named by the scenario must exist whatever the output. */
    if (rc == 0)
        rc = load_template(a, c->s, c->d, &c->tpl);
    if (rc != 0)
        return rc;
    struct progress bar;
    struct sigaction was;
    tco_run run;
    long_run(&bar, &run, "Searching", &was);
    tco_status st = tco_compute_with(c->s, &run, &c->res);
    long_run_end(&bar, &was);
    if (st != TCO_OK) {
        int code = run_status(st, "");
        return st == TCO_ERR_CANCELLED ? code : CLI_EXIT_RUNTIME;
    }
    tco_result_check(c->res, c->d);
    return 0;
}

/* Print c's diagnostics (print_diags), free it, and return rc. */
static int computed_end(computed *c, const args *a, int rc)
{
    cli_print_diags(c->d, a->quiet, a->strict);
    tco_template_free(c->tpl);
    tco_result_free(c->res);
    tco_scenario_free(c->s);
    tco_diags_free(c->d);
    return rc;
}

/* What report and validate share, one path: parse the options, load,
 * compute, check and analyze the scenario as a report does; then write the
 * output (report), or say that the scenario is ok (validate, `writes` 0).
 * Validate fails wherever report would, short of writing. */
static int run_scenario(int argc, char **argv, int writes)
{
    args a;
    int rc = parse_scenarios(writes ? CLI_CMD_REPORT : CLI_CMD_VALIDATE, argc, argv, 1, &a);
    if (rc >= 0)
        return rc;
    long long epoch;
    if ((rc = cli_read_epoch(&epoch)) >= 0)
        return rc;
    computed c;
    if ((rc = compute_input(&a, epoch, &c)) != 0 || (rc = strict_failed(&a, c.d)) != 0 ||
        (rc = output_is_input(&a, &(inputs){.s = {c.s}, .tpl = c.tpl}, c.d)) != 0)
        return computed_end(&c, &a, rc);
    struct progress bar;
    struct sigaction was;
    tco_run run;
    tco_analysis *analysis = NULL;
    long_run(&bar, &run, "Analyses", &was);
    tco_status st = tco_analyze_with(c.res, &run, &analysis);
    long_run_end(&bar, &was);
    if (st != TCO_OK) {
        rc = run_status(st, "analysis failed");
    } else if (writes) {
        c.res->analysis = analysis;
        rc = write_output(&a, c.res, c.tpl, epoch, c.d);
    } else {
        const tco_scenario *s = c.s;
        tco_fput_text(stdout, a.input, 0, 0);
        printf(": ok: %zu option%s, %zu case%s, %zu uncertain input%s\n", s->n_options,
               s->n_options == 1 ? "" : "s", s->n_cases, s->n_cases == 1 ? "" : "s", s->n_uncertain,
               s->n_uncertain == 1 ? "" : "s");
    }
    tco_analysis_free(analysis); /* before the result it belongs to */
    return computed_end(&c, &a, rc);
}

/* ===== catalog ===== */

/* catalog --gpu ID of no GPU of the catalog: a usage error, with the closest
 * id. Returns CLI_EXIT_USAGE. */
static int unknown_gpu(const tco_catalog *cat, const char *id)
{
    const char **ids = malloc((cat->n_gpus ? cat->n_gpus : 1) * sizeof *ids);
    for (size_t i = 0; ids && i < cat->n_gpus; i++)
        ids[i] = cat->gpus[i].id;
    const char *near = ids ? tco_suggest(id, ids, cat->n_gpus) : NULL;
    char *shown = tco_text_escape(id);
    fprintf(stderr, "tco: the catalog has no GPU '%s'", shown ? shown : "?");
    if (near)
        fprintf(stderr, "; did you mean '%s'?", near);
    else /* the ids that begin with it: h100 -> h100-sxm5-80gb ... */
        for (size_t i = 0, n = 0; i < cat->n_gpus; i++)
            if (strncmp(cat->gpus[i].id, id, strlen(id)) == 0)
                fprintf(stderr, "%s%s", n++ ? ", " : "; it has ", cat->gpus[i].id);
    fputs("\nTry 'tco catalog' for the GPUs of the catalog.\n", stderr);
    free(shown);
    free(ids);
    return CLI_EXIT_USAGE;
}

static int cmd_catalog(int argc, char **argv)
{
    args a;
    int rc = parse_args(CLI_CMD_CATALOG, argc, argv, &a);
    if (rc >= 0)
        return rc;
    if (a.n_operands > 0 && strcmp(a.operands[0], "import") == 0)
        return cli_catalog_import(argc, argv);
    if (a.n_operands > 0)
        return cli_usage_error("unknown catalog operand '%s' (expected import)", a.operands[0]);
    if ((rc = check_format(&a)) >= 0)
        return rc;
    if (a.import_only)
        return cli_usage_error("--%s applies to catalog import only",
                               cli_options[a.import_only].name);
    if (a.fmt == FMT_XLSX || a.fmt == FMT_MD)
        return cli_usage_error("the catalog is listed as a table, json or csv%s", "");
    tco_diags *d = tco_diags_new();
    tco_catalog *cat = tco_catalog_new();
    if (!d || !cat) {
        tco_diags_free(d);
        tco_catalog_free(cat);
        return CLI_EXIT_RUNTIME;
    }
    char shipped[4096];
    const char *first = shipped_catalog(shipped, sizeof shipped);
    if (!first && a.n_catalogs == 0) {
        fputs("tco: no catalog: the shipped one was not found (set TCO_DATA_DIR) and no "
              "--catalog was given\n",
              stderr);
        rc = CLI_EXIT_USAGE;
    }
    for (int i = -1; rc < 0 && i < a.n_catalogs; i++) {
        const char *path = i < 0 ? first : a.catalogs[i];
        if (!path)
            continue;
        if (a.verbose)
            say_reading(path);
        tco_status st = tco_catalog_load_file(cat, path, d);
        if (st != TCO_OK)
            rc = st == TCO_ERR_NOMEM ? CLI_EXIT_RUNTIME : CLI_EXIT_USAGE;
    }
    if (rc < 0 && (strict_failed(&a, d) || output_is_input(&a, &(inputs){.cat = cat}, d)))
        rc = CLI_EXIT_USAGE;
    if (rc < 0 && a.filter.gpu && !tco_catalog_gpu(cat, a.filter.gpu))
        rc = unknown_gpu(cat, a.filter.gpu);
    tco_catalog view = {0};
    if (rc < 0 && cli_catalog_select(cat, &a.filter, &view) != TCO_OK)
        rc = CLI_EXIT_RUNTIME;
    if (rc < 0)
        rc = cli_emit(a.out,
                      a.fmt == FMT_JSON  ? cli_print_catalog_json
                      : a.fmt == FMT_CSV ? cli_print_catalog_csv
                                         : cli_print_catalog,
                      &view, d);
    cli_catalog_view_free(&view);
    cli_print_diags(d, a.quiet, a.strict);
    tco_catalog_free(cat);
    tco_diags_free(d);
    return rc;
}

/* ===== compare ===== */

/* 1 when path names a saved report: its extension is .json. */
static int is_saved_report(const char *path)
{
    return strcmp(path, "-") != 0 && format_of_path(path) == FMT_JSON;
}

/* One side of compare: the saved report at path (a .json), or the scenario
 * at path loaded (computed later). Returns 0 or an exit status. */
static int compare_side(const args *a, const char *path, long long epoch, tco_diags *d,
                        tco_scenario **s, tco_saved_report **saved)
{
    if (is_saved_report(path)) {
        tco_status st = tco_saved_report_load_file(path, saved, d);
        return st == TCO_OK ? 0 : st == TCO_ERR_NOMEM ? CLI_EXIT_RUNTIME : CLI_EXIT_USAGE;
    }
    return load_path(a, path, d, s, epoch);
}

static int cmd_compare(int argc, char **argv)
{
    args a;
    int rc = parse_scenarios(CLI_CMD_COMPARE, argc, argv, 2, &a);
    if (rc >= 0)
        return rc;
    long long epoch;
    if ((rc = cli_read_epoch(&epoch)) >= 0)
        return rc;
    tco_diags *d = tco_diags_new();
    tco_scenario *sa = NULL, *sb = NULL;
    tco_result *ra = NULL, *rb = NULL;
    tco_saved_report *ja = NULL, *jb = NULL;
    if (!d)
        return CLI_EXIT_RUNTIME;
    int ra_rc = compare_side(&a, a.input, epoch, d, &sa, &ja);
    int rb_rc = compare_side(&a, a.input2, epoch, d, &sb, &jb);
    rc = ra_rc ? ra_rc : rb_rc;
    if (rc == 0)
        rc = strict_failed(&a, d);
    if (rc == 0)
        rc = output_is_input(
            &a, &(inputs){.s = {sa, sb}, .files = {ja ? a.input : NULL, jb ? a.input2 : NULL}}, d);
    if (rc == 0 &&
        ((sa && tco_compute(sa, &ra) != TCO_OK) || (sb && tco_compute(sb, &rb) != TCO_OK)))
        rc = CLI_EXIT_RUNTIME;
    if (rc == 0)
        rc = cli_compare(ra, ja, rb, jb,
                         a.fmt == FMT_JSON   ? CLI_JSON
                         : a.fmt == FMT_XLSX ? CLI_XLSX
                         : a.fmt == FMT_CSV  ? CLI_CSV
                         : a.fmt == FMT_MD   ? CLI_MD
                                             : CLI_TABLE,
                         a.out, epoch, &a.limit, d);
    cli_print_diags(d, a.quiet, a.strict);
    tco_result_free(ra);
    tco_result_free(rb);
    tco_scenario_free(sa);
    tco_scenario_free(sb);
    tco_saved_report_free(ja);
    tco_saved_report_free(jb);
    tco_diags_free(d);
    return rc;
}

/* ===== import ===== */

typedef struct import_text {
    const char *p;
    size_t n;
} import_text;

static tco_status put_text(FILE *out, const void *arg)
{
    const import_text *t = arg;
    if (t->n)
        fwrite(t->p, 1, t->n, out);
    return ferror(out) ? TCO_ERR_IO : TCO_OK;
}

/* Each change as FILE:LINE: key: old -> new. */
static void print_changes(const tco_import *im)
{
    for (size_t i = 0; i < im->n; i++) {
        const tco_import_change *c = &im->changes[i];
        char a[40], b[40];
        tco_fput_text(stdout, c->file, 0, 0);
        printf(":%d: ", c->line);
        tco_fput_text(stdout, c->key, 0, 0);
        fputs(": ", stdout);
        if (c->new_text)
            tco_fput_text(stdout, c->old_text ? c->old_text : "(not set)", 0, 0);
        else
            fputs(tco_format_double(a, sizeof a, c->old_value), stdout);
        fputs(" \xE2\x86\x92 ", stdout);
        if (c->new_text)
            tco_fput_text(stdout, c->new_text, 0, 0);
        else
            fputs(tco_format_double(b, sizeof b, c->new_value), stdout);
        fputs("\n", stdout);
    }
}

static int cmd_import(int argc, char **argv)
{
    args a;
    int rc = parse_args(CLI_CMD_IMPORT, argc, argv, &a);
    if (rc >= 0)
        return rc;
    const char *book = a.operands[0];
    if (!book || !a.input)
        return cli_usage_error("import: usage: tco import BOOK.xlsx --scenario SCENARIO.ini [-o "
                               "NEW.ini | --diff]%s",
                               "");
    if (a.diff && a.out)
        return cli_usage_error("import: -o and --diff exclude each other%s", "");
    long long epoch;
    if ((rc = cli_read_epoch(&epoch)) >= 0)
        return rc;
    tco_diags *d = tco_diags_new();
    if (!d)
        return CLI_EXIT_RUNTIME;
    tco_scenario *s = NULL;
    tco_import *im = NULL;
    char *text = NULL;
    size_t size = 0;
    rc = load_path(&a, a.input, d, &s, epoch);
    if (rc == 0)
        rc = output_is_input(&a, &(inputs){.s = {s}, .files = {book}}, d);
    if (rc == 0) {
        tco_status st = tco_import_read(book, s, &im, d);
        if (st == TCO_OK)
            st = tco_import_apply(im, s, a.out ? &text : NULL, &size, d);
        load_with w;
        if (st == TCO_OK && a.out) /* written only when the loader takes it in full */
            st = tco_import_verify(im, s, text, size, load_options(&a, epoch, &w), d);
        if (st != TCO_OK)
            rc = st == TCO_ERR_NOMEM ? CLI_EXIT_RUNTIME : CLI_EXIT_USAGE;
    }
    if (rc == 0 && a.out) {
        import_text t = {text, size};
        if (tco_write_atomic(a.out, put_text, &t, d) != TCO_OK)
            rc = CLI_EXIT_RUNTIME;
    }
    if (rc == 0 && !a.out)
        print_changes(im);
    if (rc == 0 && im->n)
        rc = 1; /* like diff: changes found */
    cli_print_diags(d, a.quiet, 0);
    free(text);
    tco_import_free(im);
    tco_scenario_free(s);
    tco_diags_free(d);
    return rc;
}

/* Process-wide settings for writing large workbooks (docs/PERFORMANCE.md). */
static void tune_process(void)
{
    cli_tune_heap();
    /* The workbook keeps one temporary file open per sheet until it is
     * closed: 1,000 options need more than the usual soft limit of 1,024. */
    struct rlimit rl;
    if (getrlimit(RLIMIT_NOFILE, &rl) == 0 && rl.rlim_cur < rl.rlim_max) {
        rl.rlim_cur = rl.rlim_max;
        setrlimit(RLIMIT_NOFILE, &rl);
    }
}

/* ===== completion ===== */

/* A stream writer for cli_emit: the completion script of the shell arg. */
static tco_status completion_to(FILE *out, const void *shell)
{
    cli_completion(out, shell);
    return ferror(out) ? TCO_ERR_IO : TCO_OK;
}

static int cmd_completion(int argc, char **argv)
{
    args a;
    int rc = parse_args(CLI_CMD_COMPLETION, argc, argv, &a);
    if (rc >= 0)
        return rc;
    if (!a.operands[0])
        return cli_usage_error("completion needs a shell: bash, zsh or fish%s", "");
    if (!cli_completion_known(a.operands[0]))
        return cli_usage_error("unknown shell '%s' (expected bash, zsh or fish)", a.operands[0]);
    return cli_emit(NULL, completion_to, a.operands[0], NULL);
}

/* `tco` before a command: --help, --version, or a usage error. */
static int run_top(int argc, char **argv)
{
    args a;
    int rc = parse_args(CLI_CMD_NONE, argc, argv, &a);
    return rc >= 0 ? rc : cli_usage_error("missing command%s", "");
}

/* Run the command of argv; returns its exit status. */
static int run(int argc, char **argv)
{
    if (argc < 2)
        return cli_usage_error("missing command%s", "");
    const char *name = argv[1];
    if (strcmp(name, "help") == 0) { /* tco help [COMMAND] */
        cli_cmd of = argc > 2 ? cli_command_find(argv[2]) : CLI_CMD_NONE;
        if (argc > 2 && of == CLI_CMD_NONE)
            return cli_usage_error("unknown command '%s'", argv[2]);
        return cli_print_help(of);
    }
    if (strcmp(name, "version") == 0) {
        printf("tco %s\n", TCO_VERSION);
        return CLI_EXIT_OK;
    }
    if (name[0] == '-')
        return run_top(argc, argv);
    /* The command's own argv: argv[0] is its name. */
    int n = argc - 1;
    char **v = argv + 1;
    switch (cli_command_find(name)) {
    case CLI_CMD_REPORT:
        return run_scenario(n, v, 1);
    case CLI_CMD_VALIDATE:
        return run_scenario(n, v, 0);
    case CLI_CMD_CATALOG:
        return cmd_catalog(n, v);
    case CLI_CMD_COMPARE:
        return cmd_compare(n, v);
    case CLI_CMD_IMPORT:
        return cmd_import(n, v);
    case CLI_CMD_INIT:
        return cli_init(n, v);
    case CLI_CMD_COMPLETION:
        return cmd_completion(n, v);
    case CLI_CMD_NONE:
    case CLI_CMD_COUNT:
        break;
    }
    size_t len = strlen(name);
    if (len > 4 && strcmp(name + len - 4, ".ini") == 0) /* a scenario given without a command */
        return cli_usage_error("unknown command '%s'; to compute a scenario, put 'report' before "
                               "it",
                               name);
    const char *near = cli_command_suggest(name);
    if (near && strlen(near) < 32) {
        char fmt[96];
        snprintf(fmt, sizeof fmt, "unknown command '%%s'; did you mean '%s'?", near);
        return cli_usage_error(fmt, name);
    }
    return cli_usage_error("unknown command '%s'", name);
}

int main(int argc, char **argv)
{
    tune_process();
    cli_output_start();
    /* Every command ends here: whatever it printed must have been written. */
    return cli_output_end(run(argc, argv));
}
