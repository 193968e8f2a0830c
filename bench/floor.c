/* floor.c - the libxlsxwriter floor: another workbook's content written again
 * with plain libxlsxwriter calls and nothing else.
 *
 *   bench_floor [--reps N] [--constant-memory] [--formulas-only] [--cells-only]
 *               [--fsync] SPEC OUT.xlsx
 *
 * SPEC comes from bench/xlsx_spec.py, which reads tco's workbook for the same
 * scenario: every sheet, every cell at its place with its formula text and
 * cached value (or number, string, blank) and its cell format index, the
 * shared strings in their order, what else each sheet carries (column widths,
 * row heights, data validations, conditional formats, links, page setup, view,
 * header and footer), the defined names, and every chart with its series
 * ranges, names and lines, title, axes and legend. This program reads all of
 * it into memory, starts the clock, and writes it: the cells in row order, each
 * formula with worksheet_write_formula_num or worksheet_write_formula_str and
 * its cached value, numbers with worksheet_write_number, strings with
 * worksheet_write_string (worksheet_write_url_opt for a link); then the rest
 * with the libxlsxwriter call for each, the charts with workbook_add_chart and
 * chart_add_series (no cached values, as tco's charts have none); then
 * workbook_close. What tco spends above this is its own work: computing,
 * building formulas and labels, choosing formats, checking strings, syncing
 * the file to disk.
 *
 * Every cell carries a format of the same index as in the workbook (its s
 * attribute, or none), so each sheet's cell data is the same XML, compressed
 * at the same cost. The formats themselves are stand-ins, one for each index
 * (built-in number formats and indents, told apart), not the workbook's fonts,
 * fills and number formats: those are styles.xml, a few kilobytes. Not
 * reproduced, being small: merged cells, series markers, legend entries left
 * out, document properties.
 *
 * With --cells-only the cells (all with one format) and the charts (with the
 * cached values libxlsxwriter gives them) are written alone, as the floor was
 * before it wrote the rest. With --formulas-only the number, string and blank
 * cells are left out. With --constant-memory the workbook is written in
 * libxlsxwriter's constant_memory mode. With --fsync the file is flushed to
 * disk (fsync) before the clock stops, as tco's atomic write does.
 *
 * Prints: bench_floor mode=default|constant_memory content=all|cells|formulas
 *         sync=0|1 reps=N
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
    const char *cached; /* g: the cached text; s, t: the link's location, or NULL */
    double v;           /* f: cached value; n: the number */
    uint16_t col;
    uint16_t xf; /* the cell format index; 0: none */
    char kind;   /* f, g, n, s, t, b (see xlsx_spec.py) */
} cell;

typedef struct row {
    uint32_t row;
    double height;       /* points; 0: the default */
    size_t first, count; /* its cells */
} row;

typedef struct sheet {
    const char *name;
    size_t first, count; /* its rows */
    size_t first_w, n_w; /* its column widths */
    size_t first_v, n_v; /* its data validations */
} sheet;

/* Columns first..last, width wide (as the workbook gives it, padding included). */
typedef struct colw {
    uint16_t first, last;
    double width;
} colw;

/* A data validation: whole or decimal numbers or dates (serial days) between min
 * and max, or one of a list. */
typedef struct valid {
    uint32_t r1, r2;
    uint16_t c1, c2;
    uint8_t type;
    double min, max;
    const char *title, *message;
    char **items; /* a list's items (their text in the spec's buffer), NULL-terminated; else NULL */
} valid;

/* A workbook-wide defined name. */
typedef struct name {
    const char *name, *formula;
} name;

/* What else a sheet, a chart or a series carries (xlsx_spec.py's page, header,
 * footer, cf, sname, sline, title, axis and legend lines): one call each,
 * made after the cells and the charts' series, read before the clock starts. */
enum {
    X_LANDSCAPE,
    X_PAPER,
    X_FIT,
    X_SCALE,
    X_MARGINS,
    X_TAB,
    X_GRID,
    X_PANE,
    X_BREAKS,
    X_AREA,
    X_ROWS,
    X_COLS,
    X_HEADER,
    X_FOOTER,
    X_CF,    /* a[]: the area; n: the type, k: the criteria, dxf: the format */
    X_SNAME, /* a[]: the sheet (1-based), row, column */
    X_SLINE, /* n: the colour; a[0]: the width; k: the dash */
    X_TITLE,
    X_AXIS,   /* k: 0 x, 1 y; s: the number format or NULL; s2: the title */
    X_LEGEND, /* n: the position */
};
typedef struct extra {
    uint8_t what, k;
    size_t owner; /* the sheet, chart or series (0-based) */
    double a[4];
    unsigned long n;
    size_t dxf;
    const char *s, *s2;
    lxw_row_t *breaks; /* X_BREAKS: the rows, 0-terminated */
} extra;

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
    colw *widths;
    valid *valids;
    name *names;
    extra *extras;
    char **links; /* "internal:" and each link's location */
    size_t n_widths, n_valids, n_names, n_extras, n_dxfs, n_links;
    size_t x_used; /* extras read so far */
    size_t n_sst, n_sheets, n_rows, n_cells, n_charts, n_ser, formulas;
    size_t n_xf; /* one more than the largest cell format index */
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

/* The comma-separated items of a list in place, as a NULL-terminated array. */
static char **split_items(char *p)
{
    unescape(p, '\0');
    size_t n = 1;
    for (const char *q = p; *q; q++)
        n += *q == ',';
    char **items = xcalloc(n + 1, sizeof *items);
    for (size_t i = 0; i < n; i++) {
        items[i] = p;
        p += strcspn(p, ",");
        if (*p)
            *p++ = '\0';
    }
    return items;
}

/* The next of the spec's extras, for owner. */
static extra *new_extra(spec *sp, uint8_t what, size_t owner)
{
    if (sp->x_used >= sp->n_extras)
        die("more extras than counted", NULL);
    extra *x = &sp->extras[sp->x_used++];
    x->what = what;
    x->owner = owner;
    return x;
}

/* n comma-separated numbers at *p into a[]. */
static void numbers(char **p, double *a, int n)
{
    for (int k = 0; k < n; k++) {
        if (k)
            expect(p, ',');
        a[k] = value(p);
    }
}

/* The items of a page line (xlsx_spec.py) for sheet `owner`. */
static void read_page(spec *sp, char *p, size_t owner)
{
    static const struct {
        const char *key;
        uint8_t what;
        int n; /* numbers after it; -1: a colour; -2: a list of rows */
    } keys[] = {
        {"landscape=", X_LANDSCAPE, 1}, {"paper=", X_PAPER, 1},     {"fit=", X_FIT, 2},
        {"scale=", X_SCALE, 1},         {"margins=", X_MARGINS, 4}, {"tab=", X_TAB, -1},
        {"grid=", X_GRID, 1},           {"pane=", X_PANE, 2},       {"breaks=", X_BREAKS, -2},
        {"area=", X_AREA, 4},           {"rows=", X_ROWS, 2},       {"cols=", X_COLS, 2}};
    while (*p == ' ')
        p++;
    while (*p) {
        size_t k = 0;
        while (k < sizeof keys / sizeof keys[0] && strncmp(p, keys[k].key, strlen(keys[k].key)))
            k++;
        if (k == sizeof keys / sizeof keys[0])
            die("unknown page item near ", p);
        extra *x = new_extra(sp, keys[k].what, owner);
        p += strlen(keys[k].key);
        if (keys[k].n == -1) {
            char *end;
            x->n = strtoul(p, &end, 16);
            p = end;
        } else if (keys[k].n == -2) {
            size_t n = 1;
            for (const char *q = p; *q && *q != ' '; q++)
                n += *q == ',';
            x->breaks = xcalloc(n + 1, sizeof *x->breaks);
            for (size_t i = 0; i < n; i++) {
                if (i)
                    expect(&p, ',');
                x->breaks[i] = (lxw_row_t)num(&p);
            }
        } else {
            numbers(&p, x->a, keys[k].n);
        }
        if (*p && *p != ' ')
            die("bad page item near ", p);
        while (*p == ' ')
            p++;
    }
}

/* A conditional format line (after "cf "), for sheet `owner`. */
static void read_cf(spec *sp, char *p, size_t owner)
{
    static const char *const ops[] = {"-",
                                      "equal",
                                      "notEqual",
                                      "greaterThan",
                                      "lessThan",
                                      "greaterThanOrEqual",
                                      "lessThanOrEqual"};
    static const uint8_t criteria[] = {LXW_CONDITIONAL_CRITERIA_NONE,
                                       LXW_CONDITIONAL_CRITERIA_EQUAL_TO,
                                       LXW_CONDITIONAL_CRITERIA_NOT_EQUAL_TO,
                                       LXW_CONDITIONAL_CRITERIA_GREATER_THAN,
                                       LXW_CONDITIONAL_CRITERIA_LESS_THAN,
                                       LXW_CONDITIONAL_CRITERIA_GREATER_THAN_OR_EQUAL_TO,
                                       LXW_CONDITIONAL_CRITERIA_LESS_THAN_OR_EQUAL_TO};
    extra *x = new_extra(sp, X_CF, owner);
    for (int k = 0; k < 4; k++) {
        x->a[k] = (double)num(&p);
        expect(&p, ' ');
    }
    if (strncmp(p, "cellIs ", 7) == 0)
        x->n = LXW_CONDITIONAL_TYPE_CELL;
    else if (strncmp(p, "expression ", 11) == 0)
        x->n = LXW_CONDITIONAL_TYPE_FORMULA;
    else
        die("unknown conditional format near ", p);
    p = strchr(p, ' ') + 1;
    size_t k = 0;
    while (k < sizeof ops / sizeof ops[0] &&
           (strncmp(p, ops[k], strlen(ops[k])) || p[strlen(ops[k])] != ' '))
        k++;
    if (k == sizeof ops / sizeof ops[0])
        die("unknown conditional format operator near ", p);
    x->k = criteria[k];
    p += strlen(ops[k]) + 1;
    x->dxf = num(&p);
    expect(&p, ' ');
    if (x->dxf >= sp->n_dxfs)
        die("differential format out of range near ", p);
    x->s = *p == '=' ? p + 1 : p;
    unescape(p, '\0');
}

/* A chart series' line (after "sline "). */
static void read_sline(spec *sp, char *p, size_t owner)
{
    static const struct {
        const char *name;
        uint8_t dash;
    } dashes[] = {{"-", LXW_CHART_LINE_DASH_SOLID},
                  {"dash", LXW_CHART_LINE_DASH_DASH},
                  {"sysDot", LXW_CHART_LINE_DASH_ROUND_DOT},
                  {"sysDash", LXW_CHART_LINE_DASH_SQUARE_DOT},
                  {"dashDot", LXW_CHART_LINE_DASH_DASH_DOT},
                  {"lgDash", LXW_CHART_LINE_DASH_LONG_DASH},
                  {"lgDashDot", LXW_CHART_LINE_DASH_LONG_DASH_DOT},
                  {"lgDashDotDot", LXW_CHART_LINE_DASH_LONG_DASH_DOT_DOT},
                  {"dot", LXW_CHART_LINE_DASH_DOT}};
    extra *x = new_extra(sp, X_SLINE, owner);
    char *end;
    x->n = strtoul(p, &end, 16);
    p = end;
    expect(&p, ' ');
    x->a[0] = value(&p);
    expect(&p, ' ');
    size_t k = 0;
    while (k < sizeof dashes / sizeof dashes[0] && strcmp(p, dashes[k].name))
        k++;
    if (k == sizeof dashes / sizeof dashes[0])
        die("unknown line dash: ", p);
    x->k = dashes[k].dash;
}

/* The lines that describe what else a sheet, chart or series carries, by
 * their head: the first kind of extra each gives (a page line gives one extra
 * for each of its items) and what it belongs to. */
static const struct {
    const char *head;
    uint8_t what;
    char owner; /* s: sheet, c: chart, e: series */
} extra_heads[] = {
    {"page ", X_LANDSCAPE, 's'}, {"header ", X_HEADER, 's'}, {"footer ", X_FOOTER, 's'},
    {"cf ", X_CF, 's'},          {"sname ", X_SNAME, 'e'},   {"sline ", X_SLINE, 'e'},
    {"title ", X_TITLE, 'c'},    {"axis ", X_AXIS, 'c'},     {"legend ", X_LEGEND, 'c'}};
#define N_EXTRA_HEADS (sizeof extra_heads / sizeof extra_heads[0])

/* The index in extra_heads of the line's head, or N_EXTRA_HEADS. */
static size_t extra_head(const char *line)
{
    size_t k = 0;
    while (k < N_EXTRA_HEADS && strncmp(line, extra_heads[k].head, strlen(extra_heads[k].head)))
        k++;
    return k;
}

/* A line that describes what else a sheet (the last of nsh), chart (the last of
 * nch) or series (the last of nse) carries: read into sp's extras. Returns 0
 * when the line is something else. */
static int read_extra(spec *sp, char *line, size_t nsh, size_t nch, size_t nse)
{
    const size_t k = extra_head(line);
    if (k == N_EXTRA_HEADS)
        return 0;
    size_t n = extra_heads[k].owner == 's' ? nsh : extra_heads[k].owner == 'c' ? nch : nse;
    if (!n)
        die("an item before what it belongs to: ", line);
    char *p = line + strlen(extra_heads[k].head);
    extra *x;
    switch (extra_heads[k].what) {
    case X_LANDSCAPE:
        read_page(sp, p, n - 1);
        break;
    case X_CF:
        read_cf(sp, p, n - 1);
        break;
    case X_SLINE:
        read_sline(sp, p, n - 1);
        break;
    case X_SNAME:
        x = new_extra(sp, X_SNAME, n - 1);
        numbers(&p, x->a, 1);
        for (int i = 1; i < 3; i++) {
            expect(&p, ':');
            x->a[i] = (double)num(&p);
        }
        if (x->a[0] < 1 || x->a[0] > (double)nsh)
            die("a series name on an unknown sheet: ", line);
        break;
    case X_AXIS:
        x = new_extra(sp, X_AXIS, n - 1);
        if ((p[0] != 'x' && p[0] != 'y') || p[1] != ' ')
            die("unknown axis: ", line);
        x->k = p[0] == 'y';
        x->s = p + 2;
        x->s2 = unescape(p + 2, '\t');
        unescape((char *)x->s2, '\0');
        if (strcmp(x->s, "-") == 0)
            x->s = NULL;
        break;
    case X_LEGEND: {
        static const char *const pos[] = {"none", "r", "l", "t", "b"};
        static const uint8_t lxw[] = {LXW_CHART_LEGEND_NONE, LXW_CHART_LEGEND_RIGHT,
                                      LXW_CHART_LEGEND_LEFT, LXW_CHART_LEGEND_TOP,
                                      LXW_CHART_LEGEND_BOTTOM};
        size_t i = 0;
        while (i < sizeof pos / sizeof pos[0] && strcmp(p, pos[i]))
            i++;
        if (i == sizeof pos / sizeof pos[0])
            die("unknown legend position: ", line);
        new_extra(sp, X_LEGEND, n - 1)->n = lxw[i];
        break;
    }
    default: /* header, footer, title: the text */
        x = new_extra(sp, extra_heads[k].what, n - 1);
        x->s = p;
        unescape(p, '\0');
        break;
    }
    return 1;
}

/* The spec's first pass: how many of each item its lines hold, so that
 * read_spec allocates each array once. Ends every line with a NUL. */
static void count_items(spec *sp)
{
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
            sp->n_charts += strncmp(p, "chart ", 6) == 0;
            break;
        case 'w':
            sp->n_widths += p[1] == ' ';
            break;
        case 'u':
            sp->n_links += p[1] == ' ';
            break;
        case 'v':
            sp->n_valids += p[1] == ' ';
            break;
        default:
            break;
        }
        sp->n_names += strncmp(p, "name ", 5) == 0;
        size_t k = extra_head(p);
        if (k < N_EXTRA_HEADS && extra_heads[k].what == X_LANDSCAPE) { /* a page line: its items */
            for (const char *q = p + 4; *q && *q != '\n'; q++)
                sp->n_extras += *q == ' ';
        } else {
            sp->n_extras += k < N_EXTRA_HEADS;
        }
        if (!nl)
            break;
        *nl = '\0'; /* lines are NUL-terminated from here on */
        p = nl + 1;
    }
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
    count_items(sp);
    sp->sst = xcalloc(sp->n_sst, sizeof *sp->sst);
    sp->sheets = xcalloc(sp->n_sheets, sizeof *sp->sheets);
    sp->rows = xcalloc(sp->n_rows, sizeof *sp->rows);
    sp->cells = xcalloc(sp->n_cells, sizeof *sp->cells);
    sp->charts = xcalloc(sp->n_charts, sizeof *sp->charts);
    sp->ser = xcalloc(sp->n_ser, sizeof *sp->ser);
    sp->widths = xcalloc(sp->n_widths, sizeof *sp->widths);
    sp->valids = xcalloc(sp->n_valids, sizeof *sp->valids);
    sp->names = xcalloc(sp->n_names, sizeof *sp->names);
    sp->extras = xcalloc(sp->n_extras, sizeof *sp->extras);
    sp->links = xcalloc(sp->n_links, sizeof *sp->links);
    size_t nl = 0;
    size_t nw = 0, nv = 0, nn = 0;
    const char *link = NULL; /* the next cell's link */
    size_t ns = 0, nsh = 0, nr = 0, nc = 0, nch = 0, nse = 0;
    uint16_t xf = 0; /* the cell format of the cells that follow */
    sp->n_xf = 1;
    char *end = sp->buf + st.st_size;
    for (char *line = sp->buf, *next; line < end; line = next) {
        next = line + strlen(line) + 1; /* before unescaping shortens the line */
        char *p = line;
        if (p[0] == 'S' && p[1] == ' ') {
            unescape(p + 2, '\0');
            sp->sst[ns++] = p + 2;
        } else if (strncmp(p, "sheet ", 6) == 0) {
            unescape(p + 6, '\0');
            sp->sheets[nsh++] = (sheet){p + 6, nr, 0, nw, 0, nv, 0};
            xf = 0;
        } else if (p[0] == 'h' && p[1] == ' ') {
            if (!nr)
                die("a row height before any row", NULL);
            p += 2;
            sp->rows[nr - 1].height = value(&p);
        } else if (p[0] == 'w' && p[1] == ' ') {
            if (!nsh)
                die("a column width before any sheet", NULL);
            p += 2;
            unsigned long first = num(&p);
            expect(&p, ' ');
            unsigned long last = num(&p);
            expect(&p, ' ');
            if (first > last || last >= LXW_COL_MAX)
                die("bad columns near ", line);
            sp->widths[nw++] = (colw){(uint16_t)first, (uint16_t)last, value(&p)};
            sp->sheets[nsh - 1].n_w++;
        } else if (p[0] == 'v' && p[1] == ' ') {
            if (!nsh)
                die("a data validation before any sheet", NULL);
            p += 2;
            valid *v = &sp->valids[nv++];
            unsigned long a[4];
            for (int k = 0; k < 4; k++) {
                a[k] = num(&p);
                expect(&p, ' ');
            }
            if (a[0] > a[2] || a[1] > a[3] || a[2] >= LXW_ROW_MAX || a[3] >= LXW_COL_MAX)
                die("bad data validation area near ", line);
            *v = (valid){(uint32_t)a[0],
                         (uint32_t)a[2],
                         (uint16_t)a[1],
                         (uint16_t)a[3],
                         0,
                         0,
                         0,
                         NULL,
                         NULL,
                         NULL};
            if (strncmp(p, "whole ", 6) == 0)
                v->type = LXW_VALIDATION_TYPE_INTEGER;
            else if (strncmp(p, "decimal ", 8) == 0)
                v->type = LXW_VALIDATION_TYPE_DECIMAL;
            else if (strncmp(p, "date ", 5) == 0)
                v->type = LXW_VALIDATION_TYPE_DATE_NUMBER;
            else if (strncmp(p, "list ", 5) == 0)
                v->type = LXW_VALIDATION_TYPE_LIST;
            else
                die("unknown data validation near ", line);
            p = strchr(p, ' ') + 1;
            v->min = value(&p);
            expect(&p, ' ');
            v->max = value(&p);
            expect(&p, '\t');
            v->title = p;
            v->message = unescape(p, '\t');
            char *items = unescape((char *)v->message, '\t');
            if (v->type == LXW_VALIDATION_TYPE_LIST)
                v->items = split_items(items);
            sp->sheets[nsh - 1].n_v++;
        } else if (strncmp(p, "name ", 5) == 0) {
            name *n = &sp->names[nn++];
            n->name = p + 5;
            n->formula = unescape(p + 5, '\t');
            unescape((char *)n->formula, '\0');
        } else if (p[0] == 'x' && p[1] == ' ') {
            p += 2;
            unsigned long k = num(&p);
            if (k >= UINT16_MAX)
                die("cell format index out of range near ", line);
            xf = (uint16_t)k;
            if (k >= sp->n_xf)
                sp->n_xf = k + 1;
        } else if (p[0] == 'r' && p[1] == ' ') {
            if (!nsh)
                die("a row before any sheet", NULL);
            p += 2;
            sp->rows[nr++] = (row){(uint32_t)num(&p), 0, nc, 0};
            sp->sheets[nsh - 1].count++;
        } else if (strchr("fgnstb", p[0]) && p[0] && p[1] == ' ') {
            if (!nr)
                die("a cell before any row", NULL);
            cell *c = &sp->cells[nc++];
            c->kind = p[0];
            c->xf = xf;
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
                c->cached = link;
                break;
            }
            case 't':
                c->text = p;
                unescape(p, '\0');
                c->cached = link;
                break;
            default:
                break;
            }
            sp->rows[nr - 1].count++;
            link = NULL;
        } else if (p[0] == 'u' && p[1] == ' ') {
            unescape(p + 2, '\t');
            char *to = xcalloc(strlen(p + 2) + 10, 1);
            memcpy(to, "internal:", 9);
            strcat(to, p + 2);
            link = sp->links[nl++] = to;
        } else if (strncmp(p, "dxfs ", 5) == 0) {
            p += 5;
            sp->n_dxfs = num(&p);
            if (sp->n_dxfs > 1000)
                die("too many differential formats: ", line);
        } else if (read_extra(sp, line, nsh, nch, nse)) {
            /* read */
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
    for (size_t i = 0; i < sp->x_used; i++)
        free(sp->extras[i].breaks);
    free(sp->extras);
    for (size_t i = 0; i < sp->n_links; i++)
        free(sp->links[i]);
    free(sp->links);
    free(sp->widths);
    for (size_t i = 0; i < sp->n_valids; i++)
        free(sp->valids[i].items);
    free(sp->valids);
    free(sp->names);
    free(sp->charts);
    free(sp->cells);
    free(sp->rows);
    free(sp->sheets);
    free(sp->sst);
    free(sp->buf);
}

/* The formats cells carry, by index: NULL at 0 (none) and a format at each
 * other index that libxlsxwriter numbers so in the file (formats are numbered
 * in the order they are first asked for, and only distinct ones get a number
 * of their own). With one_format, one format at every index, 0 included. NULL
 * when out of memory or when the numbering is not as expected. */
static lxw_format **cell_formats(lxw_workbook *wb, size_t n, int one_format)
{
    lxw_format **fmt = xcalloc(n, sizeof *fmt);
    if (one_format) {
        lxw_format *one = workbook_add_format(wb);
        if (!one) {
            free(fmt);
            return NULL;
        }
        format_set_num_format(one, "#,##0");
        for (size_t k = 0; k < n; k++)
            fmt[k] = one;
        return fmt;
    }
    for (size_t k = 1; k < n; k++) {
        if (!(fmt[k] = workbook_add_format(wb))) {
            free(fmt);
            return NULL;
        }
        format_set_num_format_index(fmt[k], (uint8_t)(k % 40));
        format_set_indent(fmt[k], (uint8_t)(1 + k / 40));
        if (lxw_format_get_xf_index(fmt[k]) != (int32_t)k) {
            fprintf(stderr, "bench_floor: cell format %zu is not numbered %zu\n", k, k);
            free(fmt);
            return NULL;
        }
    }
    return fmt;
}

/* How bench_floor writes: the options on its command line. */
typedef struct floor_opts {
    int constant_memory, formulas_only, cells_only;
} floor_opts;

/* A workbook being written: what the steps share. */
typedef struct book {
    const spec *sp;
    const floor_opts *o;
    lxw_workbook *wb;
    lxw_worksheet **ws;
    lxw_format **fmt, **dxf;
    lxw_chart **charts;
    lxw_chart_series **ser;
    lxw_row_t *next_row; /* where each sheet's next chart goes */
    int err;             /* the first error of a call, or 0 */
} book;

static void note(book *b, lxw_error e)
{
    if (e && !b->err)
        b->err = (int)e;
}

/* Sheet s's column widths, rows and cells, and data validations. */
static void write_sheet(book *b, size_t s)
{
    const spec *sp = b->sp;
    const sheet *sh = &sp->sheets[s];
    lxw_worksheet *ws = b->ws[s];
    int all = !b->o->cells_only;
    for (size_t k = sh->first_w; all && k < sh->first_w + sh->n_w; k++) {
        const colw *cw = &sp->widths[k];
        /* libxlsxwriter writes a width with 0.7109375 of padding added */
        double width = cw->width > 1.7109375 ? cw->width - 0.7109375 : cw->width;
        note(b, worksheet_set_column(ws, cw->first, cw->last, width, NULL));
    }
    for (size_t ri = sh->first; ri < sh->first + sh->count; ri++) {
        const row *r = &sp->rows[ri];
        b->next_row[s] = r->row + 3; /* charts go below the last row */
        if (all && r->height > 0)
            note(b, worksheet_set_row(ws, r->row, r->height, NULL));
        for (size_t ci = r->first; ci < r->first + r->count; ci++) {
            const cell *c = &sp->cells[ci];
            lxw_format *f = b->fmt[c->xf];
            if (c->kind == 'f')
                note(b, worksheet_write_formula_num(ws, r->row, c->col, c->text, f, c->v));
            else if (c->kind == 'g')
                note(b, worksheet_write_formula_str(ws, r->row, c->col, c->text, f, c->cached));
            else if (b->o->formulas_only)
                continue;
            else if (c->kind == 'n')
                note(b, worksheet_write_number(ws, r->row, c->col, c->v, f));
            else if ((c->kind == 's' || c->kind == 't') && c->cached && all)
                note(b, worksheet_write_url_opt(ws, r->row, c->col, c->cached, f, c->text, NULL));
            else if (c->kind == 's' || c->kind == 't')
                note(b, worksheet_write_string(ws, r->row, c->col, c->text, f));
            else
                note(b, worksheet_write_blank(ws, r->row, c->col, f));
        }
    }
    for (size_t k = sh->first_v; all && k < sh->first_v + sh->n_v; k++) {
        const valid *v = &sp->valids[k];
        lxw_data_validation dv;
        memset(&dv, 0, sizeof dv);
        dv.validate = v->type;
        dv.value_list = v->items;
        if (!v->items)
            dv.criteria = LXW_VALIDATION_CRITERIA_BETWEEN;
        dv.minimum_number = v->min;
        dv.maximum_number = v->max;
        dv.error_title = *v->title ? (char *)(uintptr_t)v->title : NULL;
        dv.error_message = *v->message ? (char *)(uintptr_t)v->message : NULL;
        note(b, worksheet_data_validation_range(ws, v->r1, v->c1, v->r2, v->c2, &dv));
    }
}

/* The charts and their series, each below its sheet's cells. */
static int write_charts(book *b)
{
    const spec *sp = b->sp;
    for (size_t k = 0; k < sp->n_charts; k++) {
        const chart *ch = &sp->charts[k];
        lxw_chart *x = b->charts[k] = workbook_add_chart(b->wb, ch->type);
        if (!x)
            return 1;
        for (size_t i = ch->first; i < ch->first + ch->count; i++) {
            lxw_chart_series *se = b->ser[i] =
                chart_add_series(x, sp->ser[i].cats, sp->ser[i].vals);
            if (!se)
                return 1;
            if (!b->o->cells_only) { /* no cached values, as the workbook's charts have none */
                se->categories->ignore_cache = LXW_TRUE;
                se->values->ignore_cache = LXW_TRUE;
            }
        }
        note(b, worksheet_insert_chart(b->ws[ch->sheet], b->next_row[ch->sheet], 0, x));
        b->next_row[ch->sheet] += 22;
    }
    return 0;
}

/* One extra (see struct extra) of a sheet. */
static void write_sheet_extra(book *b, const extra *x)
{
    lxw_worksheet *ws = b->ws[x->owner];
    const double *a = x->a;
    switch (x->what) {
    case X_LANDSCAPE:
        if (a[0] != 0)
            worksheet_set_landscape(ws);
        break;
    case X_PAPER:
        worksheet_set_paper(ws, (uint8_t)a[0]);
        break;
    case X_FIT:
        worksheet_fit_to_pages(ws, (uint16_t)a[0], (uint16_t)a[1]);
        break;
    case X_SCALE:
        worksheet_set_print_scale(ws, (uint16_t)a[0]);
        break;
    case X_MARGINS:
        worksheet_set_margins(ws, a[0], a[1], a[2], a[3]);
        break;
    case X_TAB:
        worksheet_set_tab_color(ws, (lxw_color_t)x->n);
        break;
    case X_GRID:
        worksheet_gridlines(ws, a[0] != 0 ? LXW_SHOW_SCREEN_GRIDLINES : LXW_HIDE_ALL_GRIDLINES);
        break;
    case X_PANE:
        worksheet_freeze_panes(ws, (lxw_row_t)a[0], (lxw_col_t)a[1]);
        break;
    case X_BREAKS:
        note(b, worksheet_set_h_pagebreaks(ws, x->breaks));
        break;
    case X_AREA:
        note(b, worksheet_print_area(ws, (lxw_row_t)a[0], (lxw_col_t)a[1], (lxw_row_t)a[2],
                                     (lxw_col_t)a[3]));
        break;
    case X_ROWS:
        note(b, worksheet_repeat_rows(ws, (lxw_row_t)a[0], (lxw_row_t)a[1]));
        break;
    case X_COLS:
        note(b, worksheet_repeat_columns(ws, (lxw_col_t)a[0], (lxw_col_t)a[1]));
        break;
    case X_HEADER:
        note(b, worksheet_set_header(ws, x->s));
        break;
    case X_FOOTER:
        note(b, worksheet_set_footer(ws, x->s));
        break;
    default: { /* X_CF */
        lxw_conditional_format cf;
        memset(&cf, 0, sizeof cf);
        cf.type = (uint8_t)x->n;
        cf.criteria = x->k;
        cf.value_string = (char *)(uintptr_t)x->s;
        cf.format = b->dxf[x->dxf];
        note(b, worksheet_conditional_format_range(ws, (lxw_row_t)a[0], (lxw_col_t)a[1],
                                                   (lxw_row_t)a[2], (lxw_col_t)a[3], &cf));
        break;
    }
    }
}

/* One extra of a chart or a series. */
static void write_chart_extra(book *b, const extra *x)
{
    switch (x->what) {
    case X_SNAME:
        chart_series_set_name_range(b->ser[x->owner], b->sp->sheets[(size_t)x->a[0] - 1].name,
                                    (lxw_row_t)x->a[1], (lxw_col_t)x->a[2]);
        b->ser[x->owner]->title.range->ignore_cache = LXW_TRUE;
        break;
    case X_SLINE: {
        lxw_chart_line line;
        memset(&line, 0, sizeof line);
        line.color = (lxw_color_t)x->n;
        line.width = (float)x->a[0];
        line.dash_type = x->k;
        chart_series_set_line(b->ser[x->owner], &line);
        break;
    }
    case X_TITLE:
        chart_title_set_name(b->charts[x->owner], x->s);
        break;
    case X_AXIS: {
        lxw_chart_axis *ax = x->k ? b->charts[x->owner]->y_axis : b->charts[x->owner]->x_axis;
        if (x->s)
            chart_axis_set_num_format(ax, x->s);
        if (*x->s2)
            chart_axis_set_name(ax, x->s2);
        break;
    }
    default: /* X_LEGEND */
        chart_legend_set_position(b->charts[x->owner], (uint8_t)x->n);
        break;
    }
}

/* Stand-ins for the workbook's differential formats (the conditional formats'). */
static lxw_format **dxf_formats(lxw_workbook *wb, size_t n)
{
    lxw_format **dxf = xcalloc(n, sizeof *dxf);
    for (size_t k = 0; k < n; k++) {
        if (!(dxf[k] = workbook_add_format(wb))) {
            free(dxf);
            return NULL;
        }
        format_set_bg_color(dxf[k], (lxw_color_t)(0x102030 + k));
    }
    return dxf;
}

/* The workbook, timed by the caller. Returns 0 on success. Kept out of line
 * so that a profiler can count it alone (valgrind --toggle-collect=write_floor). */
#if defined(__GNUC__)
__attribute__((noinline))
#endif
static int
write_floor(const spec *sp, const char *out, const floor_opts *o)
{
    lxw_workbook_options wo;
    memset(&wo, 0, sizeof wo);
    wo.constant_memory = (uint8_t)(o->constant_memory ? LXW_TRUE : LXW_FALSE);
    book b = {sp, o, workbook_new_opt(out, &wo), NULL, NULL, NULL, NULL, NULL, NULL, 0};
    if (!b.wb)
        return 1;
    b.fmt = cell_formats(b.wb, sp->n_xf, o->cells_only);
    b.dxf = dxf_formats(b.wb, o->cells_only ? 0 : sp->n_dxfs);
    if (!b.fmt || !b.dxf)
        return 1;
    b.ws = xcalloc(sp->n_sheets, sizeof *b.ws);
    b.next_row = xcalloc(sp->n_sheets, sizeof *b.next_row);
    b.charts = xcalloc(sp->n_charts, sizeof *b.charts);
    b.ser = xcalloc(sp->n_ser, sizeof *b.ser);
    for (size_t s = 0; s < sp->n_sheets; s++)
        if (!(b.ws[s] = workbook_add_worksheet(b.wb, sp->sheets[s].name)))
            return 1;
    for (size_t s = 0; s < sp->n_sheets; s++)
        write_sheet(&b, s);
    for (size_t k = 0; !o->cells_only && k < sp->n_names; k++)
        note(&b, workbook_define_name(b.wb, sp->names[k].name, sp->names[k].formula));
    if (write_charts(&b))
        return 1;
    for (size_t k = 0; !o->cells_only && k < sp->x_used; k++) {
        const extra *x = &sp->extras[k];
        if (x->what <= X_CF)
            write_sheet_extra(&b, x);
        else
            write_chart_extra(&b, x);
    }
    free(b.ser);
    free(b.charts);
    free(b.next_row);
    free(b.ws);
    free(b.dxf);
    free(b.fmt);
    lxw_error e = workbook_close(b.wb);
    if (e) {
        fprintf(stderr, "bench_floor: %s\n", lxw_strerror(e));
        return 1;
    }
    if (b.err)
        fprintf(stderr, "bench_floor: a call failed: %s\n", lxw_strerror((lxw_error)b.err));
    return b.err != 0;
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
    floor_opts o = {0, 0, 0};
    int sync = 0, argi = 1;
    for (; argi < argc && strncmp(argv[argi], "--", 2) == 0; argi++) {
        if (strcmp(argv[argi], "--constant-memory") == 0) {
            o.constant_memory = 1;
        } else if (strcmp(argv[argi], "--formulas-only") == 0) {
            o.formulas_only = 1;
        } else if (strcmp(argv[argi], "--cells-only") == 0) {
            o.cells_only = 1;
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
        fputs("usage: bench_floor [--reps N] [--constant-memory] [--formulas-only] "
              "[--cells-only] [--fsync] SPEC OUT.xlsx\n",
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
        if (write_floor(&sp, argv[argi + 1], &o) || (sync && sync_file(argv[argi + 1])))
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
           o.constant_memory ? "constant_memory" : "default",
           o.formulas_only ? "formulas"
           : o.cells_only  ? "cells"
                           : "all",
           sync, reps, median, t[0], t[reps - 1], cpu_median, sys_median, pf_median,
           bench_peak_rss_kb(), base_kb, sp.formulas, sp.n_charts);
    free(t);
    free(c);
    free(y);
    free(pf);
    free_spec(&sp);
    return fflush(stdout) == 0 ? 0 : 1;
}
