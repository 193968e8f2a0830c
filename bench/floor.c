/* floor.c - the libxlsxwriter floor: another workbook's content written again
 * with plain libxlsxwriter calls and nothing else.
 *
 *   bench_floor [--reps N] [--constant-memory] [--formulas-only] [--fsync] SPEC
 *               OUT.xlsx
 *
 * SPEC comes from bench/xlsx_spec.py, which reads tco's workbook for the same
 * scenario: every sheet, every cell at its place with its formula text and
 * cached value (or number, string, blank), the shared strings in their order,
 * and every chart with its series ranges. This program reads all of it into
 * memory, starts the clock, and writes it in row order: each formula with
 * worksheet_write_formula_num or worksheet_write_formula_str and its cached
 * value, numbers with worksheet_write_number, strings with
 * worksheet_write_string, the charts with workbook_add_chart and
 * chart_add_series; then workbook_close. What tco spends above this is its own
 * work: computing, building formulas and labels, choosing formats, checking
 * strings, syncing the file to disk.
 *
 * Every cell has the same single format (tco's dozens of formats are a few
 * hundred bytes of styles.xml). Not reproduced, being small next to the
 * cells: hyperlinks, data validation, conditional formats, defined names,
 * column widths, print setup, chart titles and styles.
 *
 * With --formulas-only the number, string and blank cells are left out (the
 * formula cells and charts alone). With --constant-memory the workbook is
 * written in libxlsxwriter's constant_memory mode. With --fsync the file is
 * flushed to disk (fsync) before the clock stops, as tco's atomic write does.
 *
 * Prints: bench_floor mode=default|constant_memory content=all|formulas sync=0|1 reps=N
 *         median_s=... min_s=... max_s=... cpu_s=... sys_s=... minflt=... maxrss_kb=...
 *         base_kb=... formulas=... charts=...
 * (wall-clock times of one workbook, median CPU time and its system part, median
 * minor page faults, peak resident set, and
 * the resident set once the spec is loaded, before the first workbook). */
#include "measure.h"
#include "cli/heap.h"

#include <xlsxwriter.h>

#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

/* One cell. */
typedef struct cell {
    const char *text;   /* f, g: formula; g: also *cached; s, t: the string */
    const char *cached; /* g: the cached text */
    double v;           /* f: cached value; n: the number */
    uint16_t col;
    char kind; /* f, g, n, s, t, b (see xlsx_spec.py) */
} cell;

typedef struct row {
    uint32_t row;
    size_t first, count; /* its cells */
} row;

typedef struct sheet {
    const char *name;
    size_t first, count; /* its rows */
} sheet;

typedef struct series {
    char *cats, *vals; /* "='Sheet'!$A$1:$B$1", or NULL */
} series;

typedef struct chart {
    size_t sheet; /* 0-based */
    uint8_t type;
    size_t first, count; /* its series */
} chart;

/* Everything read from the spec; the text stays in `buf`. */
typedef struct spec {
    char *buf;
    const char **sst;
    sheet *sheets;
    row *rows;
    cell *cells;
    chart *charts;
    series *ser;
    size_t n_sst, n_sheets, n_rows, n_cells, n_charts, n_ser, formulas;
} spec;

static void die(const char *msg, const char *arg)
{
    fprintf(stderr, "bench_floor: %s%s\n", msg, arg ? arg : "");
    exit(2);
}

static void *xcalloc(size_t n, size_t size)
{
    void *p = calloc(n ? n : 1, size);
    if (!p)
        die("out of memory", NULL);
    return p;
}

static unsigned long num(char **p)
{
    char *end;
    errno = 0;
    unsigned long v = strtoul(*p, &end, 10);
    if (errno || end == *p)
        die("bad number in the spec near ", *p);
    *p = end;
    return v;
}

static void expect(char **p, char c)
{
    if (**p != c)
        die("bad item in the spec near ", *p);
    (*p)++;
}

/* Undo the spec's escapes in place, up to `stop` or the end of the line;
 * NUL-terminates the text and returns the character after the stop. */
static char *unescape(char *p, char stop)
{
    char *o = p;
    while (*p && *p != stop) {
        if (*p == '\\' && p[1]) {
            p++;
            *o++ = *p == 'n' ? '\n' : *p == 't' ? '\t' : *p == 'r' ? '\r' : *p;
            p++;
        } else {
            *o++ = *p++;
        }
    }
    char *next = *p ? p + 1 : p;
    *o = '\0';
    return next;
}

/* ='Sheet'!$A$1:$B$2 for a spec range S:R1:C1:R2:C2 at *p, or NULL for "-". */
static char *range_text(const spec *sp, char **p)
{
    while (**p == ' ')
        (*p)++;
    if (**p == '-') {
        (*p)++;
        return NULL;
    }
    unsigned long v[5];
    for (int k = 0; k < 5; k++) {
        if (k)
            expect(p, ':');
        v[k] = num(p);
    }
    if (v[0] < 1 || v[0] > sp->n_sheets || v[2] >= LXW_COL_MAX || v[4] >= LXW_COL_MAX)
        die("bad range in the spec near ", *p);
    char a[16], z[16], q[300], *buf = malloc(400);
    if (!buf)
        die("out of memory", NULL);
    lxw_col_to_name(a, (lxw_col_t)v[2], 1);
    lxw_col_to_name(z, (lxw_col_t)v[4], 1);
    size_t o = 0;
    q[o++] = '\'';
    for (const char *s = sp->sheets[v[0] - 1].name; *s && o < sizeof q - 3; s++) {
        if (*s == '\'')
            q[o++] = '\'';
        q[o++] = *s;
    }
    q[o++] = '\'';
    q[o] = '\0';
    snprintf(buf, 400, "=%s!%s%lu:%s%lu", q, a, v[1] + 1, z, v[3] + 1);
    return buf;
}

static uint8_t chart_type(const char *name)
{
    static const struct {
        const char *name;
        uint8_t type;
    } types[] = {{"line", LXW_CHART_LINE},
                 {"column", LXW_CHART_COLUMN},
                 {"column_stacked", LXW_CHART_COLUMN_STACKED},
                 {"bar", LXW_CHART_BAR},
                 {"bar_stacked", LXW_CHART_BAR_STACKED},
                 {"area", LXW_CHART_AREA},
                 {"pie", LXW_CHART_PIE},
                 {"scatter", LXW_CHART_SCATTER}};
    for (size_t i = 0; i < sizeof types / sizeof types[0]; i++)
        if (strcmp(types[i].name, name) == 0)
            return types[i].type;
    die("unknown chart type ", name);
    return 0;
}

static double value(char **p)
{
    char *end;
    double v = strtod(*p, &end);
    if (end == *p)
        die("bad value in the spec near ", *p);
    *p = end;
    return v;
}

/* Read the spec: the file in one buffer, then two passes over its lines, the
 * first to count, the second to fill arrays allocated once (no realloc, so
 * the allocator is left as a program's would be). */
static void read_spec(spec *sp, const char *path)
{
    FILE *f = fopen(path, "rb");
    struct stat st;
    if (!f || fstat(fileno(f), &st) != 0)
        die("cannot read ", path);
    sp->buf = malloc((size_t)st.st_size + 1);
    if (!sp->buf || fread(sp->buf, 1, (size_t)st.st_size, f) != (size_t)st.st_size)
        die("cannot read ", path);
    fclose(f);
    sp->buf[st.st_size] = '\0';
    for (char *p = sp->buf; *p;) {
        char *nl = strchr(p, '\n');
        switch (p[0]) {
        case 'S':
            sp->n_sst++;
            break;
        case 'r':
            sp->n_rows++;
            break;
        case 'f':
        case 'g':
        case 'n':
        case 's':
        case 't':
        case 'b':
            if (p[1] == ' ')
                sp->n_cells++;
            else if (strncmp(p, "sheet ", 6) == 0)
                sp->n_sheets++;
            else if (strncmp(p, "series ", 7) == 0)
                sp->n_ser++;
            break;
        case 'c':
            sp->n_charts++;
            break;
        default:
            break;
        }
        if (!nl)
            break;
        *nl = '\0'; /* lines are NUL-terminated from here on */
        p = nl + 1;
    }
    sp->sst = xcalloc(sp->n_sst, sizeof *sp->sst);
    sp->sheets = xcalloc(sp->n_sheets, sizeof *sp->sheets);
    sp->rows = xcalloc(sp->n_rows, sizeof *sp->rows);
    sp->cells = xcalloc(sp->n_cells, sizeof *sp->cells);
    sp->charts = xcalloc(sp->n_charts, sizeof *sp->charts);
    sp->ser = xcalloc(sp->n_ser, sizeof *sp->ser);
    size_t ns = 0, nsh = 0, nr = 0, nc = 0, nch = 0, nse = 0;
    char *end = sp->buf + st.st_size;
    for (char *line = sp->buf, *next; line < end; line = next) {
        next = line + strlen(line) + 1; /* before unescaping shortens the line */
        char *p = line;
        if (p[0] == 'S' && p[1] == ' ') {
            unescape(p + 2, '\0');
            sp->sst[ns++] = p + 2;
        } else if (strncmp(p, "sheet ", 6) == 0) {
            unescape(p + 6, '\0');
            sp->sheets[nsh++] = (sheet){p + 6, nr, 0};
        } else if (p[0] == 'r' && p[1] == ' ') {
            if (!nsh)
                die("a row before any sheet", NULL);
            p += 2;
            sp->rows[nr++] = (row){(uint32_t)num(&p), nc, 0};
            sp->sheets[nsh - 1].count++;
        } else if (strchr("fgnstb", p[0]) && p[0] && p[1] == ' ') {
            if (!nr)
                die("a cell before any row", NULL);
            cell *c = &sp->cells[nc++];
            c->kind = p[0];
            p += 2;
            unsigned long col = num(&p);
            if (col >= LXW_COL_MAX)
                die("column out of range near ", p);
            c->col = (uint16_t)col;
            if (c->kind != 'b')
                expect(&p, ' ');
            switch (c->kind) {
            case 'f':
                c->v = value(&p);
                expect(&p, ' ');
                c->text = p;
                unescape(p, '\0');
                sp->formulas++;
                break;
            case 'g':
                c->cached = p;
                c->text = unescape(p, '\t');
                unescape((char *)c->text, '\0');
                sp->formulas++;
                break;
            case 'n':
                c->v = value(&p);
                break;
            case 's': {
                unsigned long k = num(&p);
                if (k >= sp->n_sst)
                    die("shared string index out of range near ", p);
                c->text = sp->sst[k];
                break;
            }
            case 't':
                c->text = p;
                unescape(p, '\0');
                break;
            default:
                break;
            }
            sp->rows[nr - 1].count++;
        } else if (strncmp(p, "chart ", 6) == 0) {
            p += 6;
            unsigned long s = num(&p);
            expect(&p, ' ');
            if (s < 1 || s > nsh)
                die("chart on an unknown sheet: ", line);
            sp->charts[nch++] = (chart){s - 1, chart_type(p), nse, 0};
        } else if (strncmp(p, "series ", 7) == 0) {
            if (!nch)
                die("a series before any chart", NULL);
            p += 7;
            sp->ser[nse].cats = range_text(sp, &p);
            sp->ser[nse].vals = range_text(sp, &p);
            nse++;
            sp->charts[nch - 1].count++;
        } else if (*p && *p != '#') {
            die("unknown line in the spec: ", line);
        }
    }
    if (!nsh)
        die("no sheets in ", path);
}

static void free_spec(spec *sp)
{
    for (size_t i = 0; i < sp->n_ser; i++) {
        free(sp->ser[i].cats);
        free(sp->ser[i].vals);
    }
    free(sp->ser);
    free(sp->charts);
    free(sp->cells);
    free(sp->rows);
    free(sp->sheets);
    free(sp->sst);
    free(sp->buf);
}

/* The workbook, timed by the caller. Returns 0 on success. Kept out of line
 * so that a profiler can count it alone (valgrind --toggle-collect=write_floor). */
#if defined(__GNUC__)
__attribute__((noinline))
#endif
static int
write_floor(const spec *sp, const char *out, int constant_memory, int formulas_only)
{
    lxw_workbook_options wo;
    memset(&wo, 0, sizeof wo);
    wo.constant_memory = (uint8_t)(constant_memory ? LXW_TRUE : LXW_FALSE);
    lxw_workbook *wb = workbook_new_opt(out, &wo);
    if (!wb)
        return 1;
    lxw_format *fmt = workbook_add_format(wb);
    format_set_num_format(fmt, "#,##0");
    lxw_worksheet **ws = xcalloc(sp->n_sheets, sizeof *ws);
    lxw_row_t *next_row = xcalloc(sp->n_sheets, sizeof *next_row);
    for (size_t s = 0; s < sp->n_sheets; s++)
        if (!(ws[s] = workbook_add_worksheet(wb, sp->sheets[s].name)))
            return 1;
    int err = 0;
    for (size_t s = 0; s < sp->n_sheets; s++) {
        const sheet *sh = &sp->sheets[s];
        for (size_t ri = sh->first; ri < sh->first + sh->count; ri++) {
            const row *r = &sp->rows[ri];
            next_row[s] = r->row + 3; /* charts go below the last row */
            for (size_t ci = r->first; ci < r->first + r->count; ci++) {
                const cell *c = &sp->cells[ci];
                lxw_error e = LXW_NO_ERROR;
                if (c->kind == 'f')
                    e = worksheet_write_formula_num(ws[s], r->row, c->col, c->text, fmt, c->v);
                else if (c->kind == 'g')
                    e = worksheet_write_formula_str(ws[s], r->row, c->col, c->text, fmt, c->cached);
                else if (formulas_only)
                    continue;
                else if (c->kind == 'n')
                    e = worksheet_write_number(ws[s], r->row, c->col, c->v, fmt);
                else if (c->kind == 's' || c->kind == 't')
                    e = worksheet_write_string(ws[s], r->row, c->col, c->text, fmt);
                else
                    e = worksheet_write_blank(ws[s], r->row, c->col, fmt);
                if (e && !err)
                    err = (int)e;
            }
        }
    }
    for (size_t k = 0; k < sp->n_charts; k++) {
        const chart *ch = &sp->charts[k];
        lxw_chart *x = workbook_add_chart(wb, ch->type);
        if (!x)
            return 1;
        for (size_t i = ch->first; i < ch->first + ch->count; i++)
            if (!chart_add_series(x, sp->ser[i].cats, sp->ser[i].vals))
                return 1;
        lxw_error e = worksheet_insert_chart(ws[ch->sheet], next_row[ch->sheet], 0, x);
        next_row[ch->sheet] += 22;
        if (e && !err)
            err = (int)e;
    }
    free(next_row);
    free(ws);
    lxw_error e = workbook_close(wb);
    if (e) {
        fprintf(stderr, "bench_floor: %s\n", lxw_strerror(e));
        return 1;
    }
    if (err)
        fprintf(stderr, "bench_floor: a cell was not written: %s\n", lxw_strerror((lxw_error)err));
    return err != 0;
}

/* Flush a written file to disk. Returns 0 on success. */
static int sync_file(const char *path)
{
    int fd = open(path, O_RDONLY);
    int bad = fd < 0 || fsync(fd) != 0;
    if (fd >= 0)
        close(fd);
    return bad;
}

int main(int argc, char **argv)
{
    cli_tune_heap(); /* the tool's heap settings, first */
    long reps = 1;
    int cm = 0, fo = 0, sync = 0, argi = 1;
    for (; argi < argc && strncmp(argv[argi], "--", 2) == 0; argi++) {
        if (strcmp(argv[argi], "--constant-memory") == 0) {
            cm = 1;
        } else if (strcmp(argv[argi], "--formulas-only") == 0) {
            fo = 1;
        } else if (strcmp(argv[argi], "--fsync") == 0) {
            sync = 1;
        } else if (strcmp(argv[argi], "--reps") == 0 && argi + 1 < argc) {
            char *end;
            reps = strtol(argv[++argi], &end, 10);
            if (*end || reps < 1 || reps > 1000)
                die("--reps must be in 1..1000", NULL);
        } else {
            die("unknown option ", argv[argi]);
        }
    }
    if (argc - argi != 2) {
        fputs("usage: bench_floor [--reps N] [--constant-memory] [--formulas-only] [--fsync] "
              "SPEC OUT.xlsx\n",
              stderr);
        return 2;
    }
    spec sp;
    memset(&sp, 0, sizeof sp);
    read_spec(&sp, argv[argi]);
    long base_kb = bench_status_kb("VmRSS:");
    double *t = xcalloc((size_t)reps, sizeof *t), *c = xcalloc((size_t)reps, sizeof *c);
    double *y = xcalloc((size_t)reps, sizeof *y), *pf = xcalloc((size_t)reps, sizeof *pf);
    for (long i = 0; i < reps; i++) {
        long f0 = bench_minflt();
        double y0, y1, t0 = bench_now(), c0 = bench_cpu(&y0);
        if (write_floor(&sp, argv[argi + 1], cm, fo) || (sync && sync_file(argv[argi + 1])))
            return 1;
        t[i] = bench_now() - t0;
        c[i] = bench_cpu(&y1) - c0;
        y[i] = y1 - y0;
        pf[i] = (double)(bench_minflt() - f0);
    }
    double median = bench_median(t, reps), cpu_median = bench_median(c, reps);
    double sys_median = bench_median(y, reps), pf_median = bench_median(pf, reps);
    printf("bench_floor mode=%s content=%s sync=%d reps=%ld median_s=%.6f min_s=%.6f "
           "max_s=%.6f cpu_s=%.6f sys_s=%.6f minflt=%.0f maxrss_kb=%ld base_kb=%ld formulas=%zu "
           "charts=%zu\n",
           cm ? "constant_memory" : "default", fo ? "formulas" : "all", sync, reps, median, t[0],
           t[reps - 1], cpu_median, sys_median, pf_median, bench_peak_rss_kb(), base_kb,
           sp.formulas, sp.n_charts);
    free(t);
    free(c);
    free(y);
    free(pf);
    free_spec(&sp);
    return fflush(stdout) == 0 ? 0 : 1;
}
