/* options.c - the tool's command line: the table of commands, options and
 * environment variables, the help printed from it, and the parse by
 * getopt_long built from it (options.h). */
#include "cli/options.h"
#include "cli/output.h"
#include "tco.h"

#include <assert.h>
#include <getopt.h>
#include <stdlib.h>
#include <string.h>

/* ===== The table ===== */

/* See documentation in options.h. */
const cli_command cli_commands[CLI_CMD_COUNT] = {
    [CLI_CMD_NONE] = {.name = "", .synopsis = "--help | --version", .max_operands = 0},
    [CLI_CMD_REPORT] = {.name = "report",
                        .operands = "SCENARIO.ini",
                        .synopsis = "SCENARIO.ini [-o OUT] [--format FORMAT] [OPTIONS]",
                        .summary = "compute every option of the scenario and its analyses",
                        .about = "Load and check the scenario, compute every option and its "
                                 "analyses, and print the table of the options ranked by total "
                                 "cost, or write every figure to OUT in the format of its "
                                 "extension or --format.",
                        .files = "ini",
                        .min_operands = 1,
                        .max_operands = 1},
    [CLI_CMD_VALIDATE] = {.name = "validate",
                          .operands = "SCENARIO.ini",
                          .synopsis = "SCENARIO.ini [OPTIONS]",
                          .summary = "all that report does (analyses too), writing nothing",
                          .about = "Do everything report does (load and check the scenario and "
                                   "its catalogs, compute every option, run its analyses) but "
                                   "write nothing, and fail wherever report would; print "
                                   "SCENARIO.ini: ok: and the counts of options, cases and "
                                   "uncertain inputs.",
                          .files = "ini xml",
                          .min_operands = 1,
                          .max_operands = 1},
    [CLI_CMD_CATALOG] = {.name = "catalog",
                         .operands = "",
                         .synopsis = "[-o OUT] [--format FORMAT] [--catalog FILE]... "
                                     "[--gpu GPU] [--provider NAME] [--pricing KIND] "
                                     "[--region REGION] [--max-price PRICE] | import LIST.csv "
                                     "--from skypilot|gpuhunt -o OUT.xml [--provider NAME] "
                                     "[--as-of DATE] [--source TEXT] [--gpu GPU] [--region "
                                     "REGION] [--min-gpus N]",
                         .summary = "list the catalogs' GPUs and offers, or import a list",
                         .about = "List the GPU models and cloud offers of the shipped price "
                                  "catalog and of each --catalog, as a table, JSON or CSV, "
                                  "the offers from the cheapest per GPU-hour. The filters "
                                  "keep the offers that pass them all, and the GPUs of "
                                  "those offers (with --gpu, that GPU). With import: read a "
                                  "public price list (SkyPilot's vms.csv or a gpuhunt CSV) "
                                  "and write its GPU offers to OUT.xml as a catalog for "
                                  "--catalog, one offer per instance type, region and pricing "
                                  "at its cheapest, priced per GPU-hour; what was kept, merged "
                                  "and skipped is said on standard error.",
                         .values = "import",
                         .max_operands = 2},
    [CLI_CMD_COMPARE] = {.name = "compare",
                         .operands = "A B",
                         .synopsis = "A B [-o OUT] [--format FORMAT] [--fail-above LIMIT] "
                                     "[OPTIONS]",
                         .summary = "the inputs that differ and the figures' deltas",
                         .about = "Show what changed from A to B, each a scenario (.ini) or "
                                  "a report saved as JSON (tco report x.ini -o x.json): the "
                                  "inputs that differ (between two scenarios), and every "
                                  "figure of each option in A and in B with the delta B - A "
                                  "and the relative change. With --fail-above, exit 3 when an "
                                  "option's total rose by more than the limit.",
                         .files = "ini json",
                         .min_operands = 2,
                         .max_operands = 2},
    [CLI_CMD_IMPORT] = {.name = "import",
                        .operands = "BOOK.xlsx",
                        .synopsis = "BOOK.xlsx --scenario SCENARIO.ini [-o NEW.ini | --diff]",
                        .summary = "the Inputs edited in a workbook, back into its scenario",
                        .about = "Read the Inputs sheet of a workbook tco wrote and compare "
                                 "each value with the scenario's: print the changes (--diff), "
                                 "or write the scenario with them to NEW.ini. Exit status 0 "
                                 "when nothing changed, 1 when something did.",
                        .files = "xlsx",
                        .min_operands = 1,
                        .max_operands = 1},
    [CLI_CMD_INIT] = {.name = "init",
                      .operands = "",
                      .synopsis = "--gpu GPU --count N [--vs OFFER]... [--horizon MONTHS] "
                                  "[--site PRESET] [--workload train|infer] [--gpu-price PRICE] "
                                  "[-o FILE]",
                      .summary = "a complete scenario, every value sourced (see --site)",
                      .about = "Write a complete, commented scenario: --count GPUs of --gpu "
                               "bought, against the GPU's cheapest on-demand offer (or each "
                               "--vs), at a site preset, every value with its source in a "
                               "comment; on a terminal, what the options leave out is asked. "
                               "To -o FILE (a new file only) or standard output.",
                      .max_operands = 0},
    [CLI_CMD_COMPLETION] = {.name = "completion",
                            .operands = "SHELL",
                            .synopsis = "bash | zsh | fish",
                            .summary = "print the completion script of a shell",
                            .about = "Print the completion script of bash, zsh or fish, made "
                                     "from the tool's own table of commands and options (the "
                                     "files under completions/ are its output).",
                            .values = "bash zsh fish",
                            .min_operands = 1,
                            .max_operands = 1,
                            .hidden = 1},
};

#define B(cmd) CLI_BIT(CLI_CMD_##cmd)

/* See documentation in options.h. */
const cli_option cli_options[CLI_O_COUNT] = {
    [CLI_O_OUTPUT] = {.name = "output",
                      .letter = 'o',
                      .arg = "FILE",
                      .help = "write to FILE (atomically); the format follows the extension: "
                              ".json, .xlsx, .csv, .md or .txt; '-' writes JSON to standard "
                              "output; with import: the scenario with the changes; with "
                              "init: the new scenario; with catalog import: the catalog "
                              "written (XML)",
                      .commands = B(REPORT) | B(CATALOG) | B(COMPARE) | B(IMPORT) | B(INIT),
                      .files = "*"},
    [CLI_O_FORMAT] = {.name = "format",
                      .letter = 'f',
                      .arg = "FORMAT",
                      .help = "the output format: table, json, xlsx, csv or md; by default the "
                              "one FILE's extension names, or a table on standard output",
                      .commands = B(REPORT) | B(CATALOG) | B(COMPARE),
                      .values = "table json xlsx csv md"},
    [CLI_O_CATALOG] = {.name = "catalog",
                       .arg = "FILE",
                       .help = "read this price catalog; after the shipped one and the "
                               "scenario's own, and may be repeated",
                       .commands = B(REPORT) | B(VALIDATE) | B(CATALOG) | B(COMPARE) | B(IMPORT),
                       .files = "xml",
                       .repeat = 1},
    [CLI_O_TEMPLATE] = {.name = "template",
                        .arg = "FILE",
                        .help = "the workbook's template: an XML file, or the name of a shipped "
                                "one (default, zh-CN); its labels, styles and sheets; overrides "
                                "the scenario's template key",
                        .commands = B(REPORT) | B(VALIDATE) | B(COMPARE),
                        .files = "xml"},
    [CLI_O_MONTHLY] = {.name = "monthly",
                       .help = "with csv: add the monthly table",
                       .commands = B(REPORT)},
    [CLI_O_FISCAL_YEARS] = {.name = "fiscal-years",
                            .help = "with csv: add the budget by fiscal year",
                            .commands = B(REPORT)},
    [CLI_O_STATEMENTS] = {.name = "statements",
                          .help = "with csv: add the statements by fiscal year",
                          .commands = B(REPORT)},
    [CLI_O_SCENARIO] = {.name = "scenario",
                        .arg = "FILE",
                        .help = "with import: the scenario the workbook was written from",
                        .commands = B(IMPORT),
                        .files = "ini"},
    [CLI_O_DIFF] = {.name = "diff",
                    .help = "with import: print the changes (the default without -o)",
                    .commands = B(IMPORT)},
    [CLI_O_FAIL_ABOVE] = {.name = "fail-above",
                          .arg = "LIMIT",
                          .help = "with compare: exit 3 when an option's total rises from A to "
                                  "B by more than LIMIT; an amount (10000) or a percent of A's "
                                  "total (2%)",
                          .commands = B(COMPARE)},
    [CLI_O_GPU] = {.name = "gpu",
                   .arg = "GPU",
                   .help = "with init: the catalog GPU bought; with catalog: list this GPU "
                           "and its offers only; with catalog import: keep the offers of this "
                           "catalog GPU only",
                   .commands = B(INIT) | B(CATALOG)},
    [CLI_O_COUNT_GPUS] = {.name = "count",
                          .arg = "N",
                          .help = "with init: how many GPUs",
                          .commands = B(INIT)},
    [CLI_O_VS] = {.name = "vs",
                  .arg = "OFFER",
                  .help = "with init: a catalog offer rented; may be repeated (default: the "
                          "GPU's cheapest on-demand offer)",
                  .commands = B(INIT),
                  .repeat = 1},
    [CLI_O_HORIZON] = {.name = "horizon",
                       .arg = "MONTHS",
                       .help = "with init: months compared (default 36)",
                       .commands = B(INIT)},
    [CLI_O_SITE] = {.name = "site",
                    .arg = "PRESET",
                    .help = "with init: us-colo (default), us-onprem or cn-west",
                    .commands = B(INIT),
                    .values = "us-colo us-onprem cn-west"},
    [CLI_O_WORKLOAD] = {.name = "workload",
                        .arg = "KIND",
                        .help = "with init: train (default) or infer",
                        .commands = B(INIT),
                        .values = "train infer"},
    [CLI_O_GPU_PRICE] = {.name = "gpu-price",
                         .arg = "PRICE",
                         .help = "with init: the GPU's price, for a GPU the catalog has no price "
                                 "for",
                         .commands = B(INIT)},
    /* ----- tco catalog: the listing's filters ----- */
    [CLI_O_PROVIDER] = {.name = "provider",
                        .arg = "NAME",
                        .help = "with catalog: list the offers of this provider only (any "
                                "case); with catalog import: the provider's name (default: "
                                "SkyPilot's directory, catalogs/v7/aws/vms.csv: AWS; gpuhunt's "
                                "file name, runpod.csv: RunPod)",
                        .commands = B(CATALOG)},
    [CLI_O_PRICING] = {.name = "pricing",
                       .arg = "KIND",
                       .help = "with catalog: list on-demand, spot or reserved offers only",
                       .commands = B(CATALOG),
                       .values = "on-demand spot reserved"},
    [CLI_O_REGION] = {.name = "region",
                      .arg = "REGION",
                      .help = "with catalog: list the offers of this region only (any case); "
                              "with catalog import: keep the offers of this region only",
                      .commands = B(CATALOG)},
    [CLI_O_MAX_PRICE] = {.name = "max-price",
                         .arg = "PRICE",
                         .help = "with catalog: list the offers of at most PRICE per GPU-hour "
                                 "only, in each offer's currency",
                         .commands = B(CATALOG)},
    /* ----- tco catalog import's own ----- */
    [CLI_O_FROM] = {.name = "from",
                    .arg = "LIST",
                    .help = "with catalog import: the price list's kind, skypilot (SkyPilot's "
                            "vms.csv) or gpuhunt (a gpuhunt CSV)",
                    .commands = B(CATALOG),
                    .values = "skypilot gpuhunt"},
    [CLI_O_AS_OF] = {.name = "as-of",
                     .arg = "DATE",
                     .help = "with catalog import: the prices' date, YYYY-MM-DD (default: the "
                             "file's modification date, with a warning)",
                     .commands = B(CATALOG)},
    [CLI_O_SOURCE] = {.name = "source",
                      .arg = "TEXT",
                      .help = "with catalog import: where the list came from, at the head of "
                              "each offer's source",
                      .commands = B(CATALOG)},
    [CLI_O_MIN_GPUS] = {.name = "min-gpus",
                        .arg = "N",
                        .help = "with catalog import: keep the instances of at least N GPUs",
                        .commands = B(CATALOG)},
    [CLI_O_QUIET] = {.name = "quiet",
                     .letter = 'q',
                     .help = "print no warnings, only errors",
                     .commands = CLI_ALL_CMDS & ~B(INIT) & ~B(COMPLETION)},
    [CLI_O_STRICT] = {.name = "strict",
                      .help = "treat warnings as errors; say them as errors, write nothing and "
                              "exit 2",
                      .commands = B(REPORT) | B(VALIDATE) | B(CATALOG) | B(COMPARE)},
    [CLI_O_VERBOSE] = {.name = "verbose",
                       .letter = 'v',
                       .help = "also say which catalogs were read",
                       .commands = B(REPORT) | B(VALIDATE) | B(CATALOG) | B(COMPARE) | B(IMPORT)},
    [CLI_O_HELP] = {.name = "help",
                    .letter = 'h',
                    .help = "show this help",
                    .commands = CLI_ALL_CMDS | B(NONE)},
    [CLI_O_VERSION] = {.name = "version", .help = "show the version", .commands = B(NONE)},
};

/* See documentation in options.h. Every name getenv reads in tco/ is here
 * (tests/man/test_env.sh). */
const cli_env cli_envs[] = {
    {"SOURCE_DATE_EPOCH", "creation time stamped in workbooks (Unix seconds); also the date "
                          "stale prices are judged against when the scenario has no as_of "
                          "(otherwise today)"},
    {"TCO_DATA_DIR", "where the shipped catalog and templates are (DIR/pricing/gpus.xml)"},
    {"NO_COLOR", "when set, the table is never coloured"},
    {"TCO_THREADS", "threads a large scenario's options are computed on, 1 to 64 (default: "
                    "the processors online)"},
    {"TMPDIR", "where a workbook is made before it is copied into place (default: /tmp)"},
};
const size_t cli_n_envs = sizeof cli_envs / sizeof cli_envs[0];

/* ===== Commands ===== */

/* See documentation in options.h. */
cli_cmd cli_command_find(const char *name)
{
    for (int c = CLI_CMD_NONE + 1; c < CLI_CMD_COUNT; c++)
        if (strcmp(name, cli_commands[c].name) == 0)
            return (cli_cmd)c;
    return CLI_CMD_NONE;
}

/* See documentation in options.h. */
const char *cli_command_suggest(const char *name)
{
    const char *names[CLI_CMD_COUNT];
    size_t n = 0;
    for (int c = CLI_CMD_NONE + 1; c < CLI_CMD_COUNT; c++)
        if (!cli_commands[c].hidden)
            names[n++] = cli_commands[c].name;
    return tco_suggest(name, names, n);
}

/* ===== Help ===== */

#define HELP_WIDTH 79 /* columns of the help */
#define HELP_COL   24 /* where the help of an option or a command starts */

/* Write text from column `col` (the cursor is there), words wrapped at
 * HELP_WIDTH (a [bracketed group] of a synopsis is one word), each further
 * line indented to `indent`; ends the line. */
static void put_wrapped(FILE *out, const char *text, int col, int indent)
{
    const char *p = text;
    int start = 1; /* nothing written on this line yet */
    while (*p) {
        size_t len = 0; /* a word, or a [bracketed group] kept whole */
        for (int depth = 0; p[len] && (p[len] != ' ' || depth > 0); len++)
            depth += p[len] == '[' ? 1 : p[len] == ']' && depth > 0 ? -1 : 0;
        if (!start && col + 1 + (int)len > HELP_WIDTH) {
            fprintf(out, "\n%*s", indent, "");
            col = indent;
            start = 1;
        }
        if (!start) {
            fputc(' ', out);
            col++;
        }
        fwrite(p, 1, len, out);
        col += (int)len;
        start = 0;
        p += len;
        while (*p == ' ')
            p++;
    }
    fputc('\n', out);
}

/* "  LEFT" padded to HELP_COL (or alone on its line when it reaches it),
 * then help. */
static void put_item(FILE *out, const char *left, const char *help)
{
    int w = fprintf(out, "  %s", left);
    if (w >= HELP_COL)
        fprintf(out, "\n%*s", HELP_COL, "");
    else
        fprintf(out, "%*s", HELP_COL - w, "");
    put_wrapped(out, help, HELP_COL, HELP_COL);
}

/* The options of command cmd (all of them for CLI_CMD_NONE): "-o, --output
 * FILE", a long option alone under the long names ("    --catalog FILE"). */
static void put_options(FILE *out, cli_cmd cmd)
{
    fputs("\nOptions:\n", out);
    for (int k = 0; k < CLI_O_COUNT; k++) {
        const cli_option *o = &cli_options[k];
        assert(o->name && o->help && o->commands); /* every cli_opt has its row */
        if (cmd != CLI_CMD_NONE && !(o->commands & CLI_BIT(cmd)))
            continue;
        char left[64];
        if (o->letter)
            snprintf(left, sizeof left, "-%c, --%s%s%s", o->letter, o->name, o->arg ? " " : "",
                     o->arg ? o->arg : "");
        else
            snprintf(left, sizeof left, "    --%s%s%s", o->name, o->arg ? " " : "",
                     o->arg ? o->arg : "");
        put_item(out, left, o->help);
    }
}

/* See documentation in options.h. */
void cli_help(FILE *out, cli_cmd cmd)
{
    const cli_command *c = &cli_commands[cmd];
    if (cmd != CLI_CMD_NONE) {
        int col = fprintf(out, "Usage: tco %s ", c->name);
        put_wrapped(out, c->synopsis, col, col);
        fputc('\n', out);
        put_wrapped(out, c->about, 0, 0);
        put_options(out, cmd);
        fputs("\nSee 'tco --help' for the environment and the exit status.\n", out);
        return;
    }
    const char *lead = "Usage:";
    for (int k = CLI_CMD_NONE + 1; k < CLI_CMD_COUNT; k++) {
        if (cli_commands[k].hidden)
            continue;
        int col = fprintf(out, "%-6s tco %s ", lead, cli_commands[k].name);
        put_wrapped(out, cli_commands[k].synopsis, col, col); /* continued under it */
        lead = "";
    }
    fputs("       tco COMMAND --help\n"
          "       tco --help | --version\n"
          "\n"
          "Total cost of ownership of GPU compute: buy against rent, month by month.\n"
          "\n"
          "Commands:\n",
          out);
    for (int k = CLI_CMD_NONE + 1; k < CLI_CMD_COUNT; k++) {
        if (cli_commands[k].hidden)
            continue;
        char left[64];
        snprintf(left, sizeof left, "%s %s", cli_commands[k].name, cli_commands[k].operands);
        put_item(out, left, cli_commands[k].summary);
    }
    put_options(out, CLI_CMD_NONE);
    fputs("\nEnvironment:\n", out);
    for (size_t k = 0; k < cli_n_envs; k++)
        put_item(out, cli_envs[k].name, cli_envs[k].help);
    fputs("\nExit status: 0 success, 1 an output could not be written (import: changes\n"
          "found), 2 bad usage or input, 3 compare --fail-above: a total rose past the\n"
          "limit.\n"
          "Errors are printed as FILE:LINE: error: MESSAGE.\n",
          out);
}

/* A stream writer for cli_emit: the help of the command *arg. */
static tco_status help_to(FILE *out, const void *arg)
{
    cli_help(out, *(const cli_cmd *)arg);
    return ferror(out) ? TCO_ERR_IO : TCO_OK;
}

/* See documentation in options.h. */
int cli_print_help(cli_cmd cmd)
{
    return cli_emit(NULL, help_to, &cmd, NULL);
}

/* ===== Usage errors ===== */

/* See documentation in options.h. */
int cli_usage_error(const char *fmt, const char *arg)
{
    char *shown = tco_text_escape(arg);
    fputs("tco: ", stderr);
    fprintf(stderr, fmt, shown ? shown : "?");
    free(shown);
    fputs("\nTry 'tco --help' for more information.\n", stderr);
    return CLI_EXIT_USAGE;
}

/* The same with a second argument, `then`: text of the tool's own (an
 * option's name), printed as it is after the message. */
static int usage_error_then(const char *fmt, const char *arg, const char *then)
{
    char *shown = tco_text_escape(arg);
    fputs("tco: ", stderr);
    fprintf(stderr, fmt, shown ? shown : "?", then);
    free(shown);
    fputs("\nTry 'tco --help' for more information.\n", stderr);
    return CLI_EXIT_USAGE;
}

/* ===== Parsing ===== */

/* getopt_long's value of option k: above every character, so that a short
 * option (its letter) and a long one are told apart in optopt. */
#define LONG_VAL(k) (256 + (k))

/* The option a getopt_long value stands for, or -1. */
static int option_of(int val)
{
    if (val >= LONG_VAL(0) && val < LONG_VAL(CLI_O_COUNT))
        return val - LONG_VAL(0);
    for (int k = 0; k < CLI_O_COUNT; k++)
        if (cli_options[k].letter && cli_options[k].letter == val)
            return k;
    return -1;
}

/* An unknown or ambiguous long option `word` ("--fro=x") of command cmd:
 * the candidates it is a prefix of, else the closest name. */
static int bad_long_option(cli_cmd cmd, const char *word)
{
    size_t len = strcspn(word + 2, "=");
    char name[128];
    snprintf(name, sizeof name, "%.*s", (int)(len < 127 ? len : 127), word + 2);
    char list[512] = "";
    const char *names[CLI_O_COUNT];
    size_t n = 0, n_prefix = 0;
    for (int k = 0; k < CLI_O_COUNT; k++) {
        const cli_option *o = &cli_options[k];
        if (!(o->commands & CLI_BIT(cmd)))
            continue;
        names[n++] = o->name;
        if (len > 0 && strncmp(o->name, name, len) == 0) {
            size_t at = strlen(list);
            snprintf(list + at, sizeof list - at, "%s'--%s'", n_prefix ? ", " : "", o->name);
            n_prefix++;
        }
    }
    for (int k = 0; k < CLI_O_COUNT && cmd != CLI_CMD_NONE; k++)
        if (strcmp(cli_options[k].name, name) == 0)
            return usage_error_then("option '%s' does not apply to %s", word,
                                    cli_commands[cmd].name);
    if (n_prefix > 1)
        return usage_error_then("option '%s' is ambiguous; it could be %s", word, list);
    const char *near = tco_suggest(name, names, n);
    if (near) {
        snprintf(list, sizeof list, "--%s", near);
        return usage_error_then("unknown option '%s'; did you mean '%s'?", word, list);
    }
    return cli_usage_error("unknown option '%s'", word);
}

/* A usage error of getopt_long (it returned c, '?' or ':'): say which. */
static int parse_error(cli_cmd cmd, int c, char **argv, int argc)
{
    const char *word = optind > 0 && optind <= argc ? argv[optind - 1] : "?";
    int k = option_of(optopt);
    if (c == ':') {
        char name[64];
        if (optopt >= 256)
            snprintf(name, sizeof name, "--%s", cli_options[k].name);
        else
            snprintf(name, sizeof name, "-%c", optopt);
        return cli_usage_error("option '%s' needs a value", name);
    }
    if (optopt == 0 && strncmp(word, "--", 2) == 0)
        return bad_long_option(cmd, word);
    if (optopt >= 256) {
        char name[64];
        snprintf(name, sizeof name, "--%s", cli_options[k].name);
        return cli_usage_error("option '%s' takes no value", name);
    }
    char shown[3] = {'-', (char)optopt, 0};
    for (int j = 0; j < CLI_O_COUNT && cmd != CLI_CMD_NONE; j++)
        if (cli_options[j].letter && cli_options[j].letter == optopt)
            return usage_error_then("option '%s' does not apply to %s", shown,
                                    cli_commands[cmd].name);
    return cli_usage_error("unknown option '%s'", shown);
}

/* See documentation in options.h. */
int cli_parse(cli_cmd cmd, int argc, char **argv, cli_option_fn fn, void *user,
              const char **operands, int *n)
{
    struct option longs[CLI_O_COUNT + 1];
    char shorts[2 * CLI_O_COUNT + 3] = ":"; /* ':' first: a missing value returns ':' */
    size_t n_longs = 0, n_shorts = 1;
    for (int k = 0; k < CLI_O_COUNT; k++) {
        const cli_option *o = &cli_options[k];
        if (!(o->commands & CLI_BIT(cmd)))
            continue;
        longs[n_longs++] =
            (struct option){o->name, o->arg ? required_argument : no_argument, NULL, LONG_VAL(k)};
        if (o->letter) {
            shorts[n_shorts++] = o->letter;
            if (o->arg)
                shorts[n_shorts++] = ':';
        }
    }
    longs[n_longs] = (struct option){NULL, 0, NULL, 0};
    shorts[n_shorts] = '\0';
    opterr = 0;
    optind = 0; /* glibc: start afresh */
    int c;
    while ((c = getopt_long(argc, argv, shorts, longs, NULL)) != -1) {
        int k = c == '?' || c == ':' ? -1 : option_of(c);
        if (k < 0)
            return parse_error(cmd, c, argv, argc);
        int rc = fn(user, (cli_parsed){(cli_opt)k, cli_options[k].arg ? optarg : NULL});
        if (rc >= 0)
            return rc;
    }
    *n = 0;
    for (int i = optind; i < argc; i++) {
        if (*n == cli_commands[cmd].max_operands)
            return cli_usage_error("unexpected argument '%s'", argv[i]);
        operands[(*n)++] = argv[i];
    }
    return -1;
}
