/* main.c - the tco command-line tool, a thin client of libtco.
 *
 * Exit status: 0 success, 1 runtime failure (an output cannot be written,
 * out of memory), 2 bad usage or bad input. */
#include "cli.h"
#include "internal.h"

#include <ctype.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#define EXIT_RUNTIME 1
#define EXIT_USAGE 2

static const char usage_text[] =
    "Usage: tco report SCENARIO.ini [-o OUT] [--format table|json|xlsx]\n"
    "       tco --help | --version\n"
    "\n"
    "Total cost of ownership of GPU compute: buy against rent, month by month.\n"
    "\n"
    "Commands:\n"
    "  report SCENARIO.ini   compute every option of the scenario\n"
    "\n"
    "Options:\n"
    "  -o, --output FILE     write to FILE (atomically): .json writes the JSON,\n"
    "                        .xlsx the workbook; '-' writes JSON to standard output\n"
    "  -f, --format FORMAT   table, json or xlsx (default: from FILE's extension,\n"
    "                        or a table on standard output)\n"
    "  -h, --help            show this help\n"
    "      --version         show the version\n"
    "\n"
    "Environment:\n"
    "  SOURCE_DATE_EPOCH     creation time stamped in workbooks (Unix seconds);\n"
    "                        otherwise the scenario's as_of date\n"
    "\n"
    "Exit status: 0 success, 1 an output could not be written, 2 bad usage or input.\n"
    "Errors are printed as FILE:LINE: error: MESSAGE.\n";

enum format { FMT_NONE, FMT_TABLE, FMT_JSON, FMT_XLSX };

static int usage_error(const char *fmt, const char *arg)
{
    fputs("tco: ", stderr);
    fprintf(stderr, fmt, arg);
    fputs("\nTry 'tco --help' for more information.\n", stderr);
    return EXIT_USAGE;
}

static void print_diags(const tco_diags *d)
{
    char buf[8192];
    for (size_t i = 0; i < tco_diags_count(d); i++) {
        tco_diag_format(tco_diags_get(d, i), buf, sizeof buf);
        fprintf(stderr, "%s\n", buf);
    }
}

static enum format parse_format(const char *s)
{
    if (strcmp(s, "table") == 0)
        return FMT_TABLE;
    if (strcmp(s, "json") == 0)
        return FMT_JSON;
    if (strcmp(s, "xlsx") == 0)
        return FMT_XLSX;
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
    if (strcmp(dot, ".json") == 0)
        return FMT_JSON;
    if (strcmp(dot, ".xlsx") == 0)
        return FMT_XLSX;
    if (strcmp(dot, ".txt") == 0)
        return FMT_TABLE;
    return FMT_NONE;
}

/* SOURCE_DATE_EPOCH, or -1 (use the scenario's date); -2 when it is invalid. */
static long long creation_time(void)
{
    const char *e = getenv("SOURCE_DATE_EPOCH");
    if (!e || !*e)
        return -1;
    for (const char *p = e; *p; p++)
        if (!isdigit((unsigned char)*p))
            return -2;
    errno = 0;
    long long t = strtoll(e, NULL, 10);
    return errno || t > 253402300799LL ? -2 : t; /* up to 9999-12-31 */
}

/* A progress bar on a terminal's stderr, once a run takes over half a second. */
struct progress {
    struct timespec start;
    int tty;   /* stderr is a terminal */
    int shown; /* the bar is on screen */
};

static void on_progress(void *user, long done, long total)
{
    struct progress *p = user;
    if (!p->tty || total <= 0)
        return;
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    double elapsed = (now.tv_sec - p->start.tv_sec) + (now.tv_nsec - p->start.tv_nsec) / 1e9;
    if (elapsed < 0.5 && !p->shown)
        return;
    int width = 40, filled = (int)(width * done / total);
    fprintf(stderr, "\rMonte Carlo [%.*s%*s] %3ld%%", filled,
            "########################################", width - filled, "",
            done * 100 / total);
    fflush(stderr);
    p->shown = 1;
}

static int write_table(const tco_result *res, const char *path, tco_diags *d)
{
    if (!path || strcmp(path, "-") == 0) {
        tco_cli_print_table(res, stdout);
        return fflush(stdout) == 0 ? 0 : EXIT_RUNTIME;
    }
    tco_outfile f;
    if (tco_outfile_open(&f, path, d) != TCO_OK)
        return EXIT_RUNTIME;
    tco_cli_print_table(res, f.fp);
    return tco_outfile_commit(&f, d) == TCO_OK ? 0 : EXIT_RUNTIME;
}

static int cmd_report(int argc, char **argv)
{
    const char *scenario_path = NULL, *out = NULL;
    enum format fmt = FMT_NONE;
    for (int i = 0; i < argc; i++) {
        const char *a = argv[i];
        const char *val = NULL;
        if (strcmp(a, "-h") == 0 || strcmp(a, "--help") == 0) {
            fputs(usage_text, stdout);
            return 0;
        } else if (strcmp(a, "-o") == 0 || strcmp(a, "--output") == 0 ||
                   strcmp(a, "-f") == 0 || strcmp(a, "--format") == 0) {
            if (i + 1 >= argc)
                return usage_error("option '%s' needs a value", a);
            val = argv[++i];
        } else if (strncmp(a, "--output=", 9) == 0 || strncmp(a, "--format=", 9) == 0) {
            val = a + 9;
        } else if (a[0] == '-' && a[1] != '\0') {
            return usage_error("unknown option '%s'", a);
        } else if (!scenario_path) {
            scenario_path = a;
            continue;
        } else {
            return usage_error("unexpected argument '%s'", a);
        }
        if (a[1] == 'o' || strncmp(a, "--output", 8) == 0) {
            if (!*val)
                return usage_error("empty output path%s", "");
            out = val;
        } else {
            fmt = parse_format(val);
            if (fmt == FMT_NONE)
                return usage_error("unknown format '%s' (expected table, json or xlsx)", val);
        }
    }
    if (!scenario_path)
        return usage_error("report needs a scenario file%s", "");
    if (fmt == FMT_NONE)
        fmt = out ? format_of_path(out) : FMT_TABLE;
    if (fmt == FMT_NONE)
        return usage_error("cannot tell the format of '%s' from its extension; use --format",
                           out);
    if (fmt == FMT_XLSX && (!out || strcmp(out, "-") == 0))
        return usage_error("a workbook needs an output file: -o FILE.xlsx%s", "");
    long long created = creation_time();
    if (created == -2)
        return usage_error("SOURCE_DATE_EPOCH must be a number of seconds%s", "");

    tco_diags *d = tco_diags_new();
    tco_scenario *s = NULL;
    tco_result *res = NULL;
    tco_analysis *analysis = NULL;
    int rc = 0;
    if (!d) {
        fputs("tco: out of memory\n", stderr);
        return EXIT_RUNTIME;
    }
    tco_status st = tco_scenario_load_file(scenario_path, &s, d);
    if (st != TCO_OK) {
        rc = st == TCO_ERR_NOMEM ? EXIT_RUNTIME : EXIT_USAGE;
        goto done;
    }
    st = tco_compute(s, &res);
    if (st != TCO_OK) {
        fprintf(stderr, "tco: %s\n", tco_status_str(st));
        rc = EXIT_RUNTIME;
        goto done;
    }
    tco_result_check(res, d);
    struct progress bar = {0};
    clock_gettime(CLOCK_MONOTONIC, &bar.start);
    bar.tty = isatty(STDERR_FILENO);
    st = tco_analyze(res, on_progress, &bar, &analysis);
    if (bar.shown)
        fputs("\r\033[K", stderr);
    if (st != TCO_OK) {
        fprintf(stderr, "tco: analysis failed: %s\n", tco_status_str(st));
        rc = st == TCO_ERR_LIMIT ? EXIT_USAGE : EXIT_RUNTIME;
        goto done;
    }
    res->analysis = analysis;
    switch (fmt) {
    case FMT_JSON:
        if (strcmp(out, "-") == 0) {
            st = tco_report_write_json_stream(res, stdout);
            if (st == TCO_OK && fflush(stdout) != 0)
                st = TCO_ERR_IO;
            if (st != TCO_OK)
                fprintf(stderr, "tco: cannot write to standard output\n");
        } else {
            st = tco_report_write_json(res, out, d);
        }
        rc = st == TCO_OK ? 0 : EXIT_RUNTIME;
        break;
    case FMT_XLSX: {
        tco_xlsx_options opts = {created};
        st = tco_report_write_xlsx(res, out, &opts, d);
        rc = st == TCO_OK ? 0 : st == TCO_ERR_INPUT || st == TCO_ERR_LIMIT ? EXIT_USAGE
                                                                           : EXIT_RUNTIME;
        break;
    }
    default:
        rc = write_table(res, out, d);
        break;
    }
done:
    print_diags(d);
    tco_analysis_free(analysis);
    tco_result_free(res);
    tco_scenario_free(s);
    tco_diags_free(d);
    return rc;
}

int main(int argc, char **argv)
{
    if (argc < 2)
        return usage_error("missing command%s", "");
    const char *cmd = argv[1];
    if (strcmp(cmd, "-h") == 0 || strcmp(cmd, "--help") == 0 || strcmp(cmd, "help") == 0) {
        fputs(usage_text, stdout);
        return 0;
    }
    if (strcmp(cmd, "--version") == 0 || strcmp(cmd, "version") == 0) {
        printf("tco %s\n", TCO_VERSION);
        return 0;
    }
    if (strcmp(cmd, "report") == 0)
        return cmd_report(argc - 2, argv + 2);
    return usage_error("unknown command '%s'", cmd);
}
