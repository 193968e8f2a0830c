/* workbook.c - the live workbook: entry point, atomic write, the writer's
 * context, its user strings and sheet names, the sheets in the template's
 * order and the document properties. Each sheet is written by a module of its
 * own (sheets.h) through the cell primitives (cell.h); docs/WORKBOOK.md
 * describes the layout.
 *
 * Every computed cell is a formula that refers to the Inputs sheet, written
 * with the engine's value as its cached result, so a spreadsheet that
 * recalculates shows the same figures and one that changes an input sees every
 * figure follow. */
#include "write/xlsx/book.h"
#include "util/utf8.h"
#include "core/template.h"
#include "write/xlsx/cell.h"
#include "write/xlsx/page.h"
#include "write/xlsx/plan.h"
#include "write/xlsx/sheets.h"
#include "util/date.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ===== The context ===== */

/* Frees what the context owns (not the workbook, which workbook_close frees). */
static void ctx_free(xw_ctx *c)
{
    free(c->name);
    free(c->unit);
    free(c->file_base);
    free(c->currency);
    free(c->as_of);
    free(c->author);
    free(c->company);
    for (size_t i = 0; c->label && i < c->s->n_options; i++)
        free(c->label[i]);
    for (size_t i = 0; c->id && i < c->s->n_options; i++)
        free(c->id[i]);
    free(c->label);
    free(c->id);
    for (size_t i = 0; c->os && i < c->s->n_options; i++) {
        free(c->os[i].name);
        free(c->os[i].quoted);
    }
    free(c->os);
    free(c->in_o);
    free(c->in_disc);
    for (size_t i = 0; c->site_nm && i < c->s->n_sites; i++)
        free(c->site_nm[i]);
    free(c->site_nm);
    free(c->in_site);
    tco_budget_free(c->bg);
    free(c->bg_row);
    tco_statements_free(c->st);
    free(c->st_line);
    free(c->st_last);
    free(c->st_pline);
    free(c->st_plast);
    free(c->bg_prow);
    for (size_t p = 0; c->ps && p < c->s->n_plans; p++) {
        free(c->ps[p].name);
        free(c->ps[p].quoted);
    }
    free(c->ps);
    free(c->opt_name);
    for (int k = 0; k < TCI_SHEET_KINDS; k++) {
        free(c->sheet[k]);
        free(c->sheet_q[k]);
    }
}

/* Clean copies of every user string; an empty one counts as absent. */
static char *clean_opt(xw_ctx *c, const char *s, size_t max)
{
    if (!s || !*s)
        return NULL;
    return xw_clean_text(c, s, max);
}

static void name_sheets(xw_ctx *c);

/* 1 when suffix `nm` is taken by one of the first n sites' (defined names are
 * compared without case). */
static int site_nm_taken(const xw_ctx *c, size_t n, const char *nm)
{
    for (size_t k = 0; k < n; k++) {
        const char *a = c->site_nm[k], *b = nm;
        while (a && *a && *b && (*a | 0x20) == (*b | 0x20)) /* letters, digits, '_' */
            a++, b++;
        if (a && *a == *b)
            return 1;
    }
    return 0;
}

/* Each named site's defined-name suffix: its name with '_' for each character
 * a defined name cannot hold ('-'), and "_2", "_3"... after one that another
 * site's suffix already is (MODEL.md, Choices: Sites). */
static void name_sites(xw_ctx *c)
{
    const tco_scenario *s = c->s;
    size_t n = s->n_sites;
    c->site_nm = calloc(n ? n : 1, sizeof *c->site_nm);
    c->in_site = malloc((n ? n : 1) * TCO_SITE_KEYS * sizeof *c->in_site);
    if (!c->site_nm || !c->in_site) {
        c->nomem = 1;
        return;
    }
    for (size_t i = 0; i < n * TCO_SITE_KEYS; i++)
        c->in_site[i] = XW_NONE;
    for (size_t i = 0; i < n; i++) {
        char base[TCO_MAX_ID + 1], nm[TCO_MAX_ID + 16];
        tci_utf8_format(base, sizeof base, "%s", s->sites[i].name);
        for (char *p = base; *p; p++)
            if (!((*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') || (*p >= '0' && *p <= '9')))
                *p = '_';
        tci_utf8_format(nm, sizeof nm, "%s", base);
        for (int k = 2; site_nm_taken(c, i, nm); k++)
            tci_utf8_format(nm, sizeof nm, "%s_%d", base, k);
        c->site_nm[i] = xw_strdup(c, nm);
    }
}

/* Clean copies of the scenario's strings (with defaults), the per-option arrays,
 * and the sheets' names. An allocation failure is recorded in c. */
static void prepare(xw_ctx *c)
{
    const tco_scenario *s = c->s;
    size_t n = s->n_options;
    c->name = clean_opt(c, s->name, 255);
    if (!c->name)
        c->name = xw_strdup(c, xw_label(c, "common.scenario", "Scenario"));
    c->unit = clean_opt(c, s->unit, 40);
    if (!c->unit)
        c->unit = xw_strdup(c, xw_label(c, "common.unit_of_work", "unit"));
    c->currency = clean_opt(c, s->currency, 8);
    if (!c->currency)
        c->currency = xw_strdup(c, "USD");
    c->as_of = clean_opt(c, s->as_of, 32);
    c->author = clean_opt(c, s->author, 255);
    c->company = clean_opt(c, s->company, 255);
    if (s->file && *s->file)
        c->file_base = clean_opt(c, xw_base_name(s->file), 255);
    c->label = calloc(n, sizeof *c->label);
    c->id = calloc(n, sizeof *c->id);
    c->os = calloc(n, sizeof *c->os);
    c->in_o = malloc(n * TCO_O_COUNT * sizeof *c->in_o);
    if (!c->label || !c->id || !c->os || !c->in_o) {
        c->nomem = 1;
        return;
    }
    for (size_t i = 0; i < n * TCO_O_COUNT; i++)
        c->in_o[i] = XW_NONE;
    for (int k = 0; k < TCO_S_COUNT; k++)
        c->in_g[k] = XW_NONE;
    c->in_dgph = c->in_dgrowth = c->in_dseason = c->in_dvalues = XW_NONE;
    c->wl_gh = XW_NONE;
    if (s->n_plans && s->demand && c->r->plans && c->r->n_plans == s->n_plans) {
        c->ps = calloc(s->n_plans, sizeof *c->ps);
        if (!c->ps) {
            c->nomem = 1;
            return;
        }
        for (size_t p = 0; p < s->n_plans; p++)
            c->ps[p].in_own = c->ps[p].in_res = c->ps[p].in_spares = c->ps[p].in_buy =
                c->ps[p].in_refresh = c->ps[p].r_net = c->ps[p].r_pv = XW_NONE;
    }
    name_sites(c);
    name_sheets(c);
}

/* The plans' sheets' names ("Plan NAME") and the Optimize sheet's (with [optimize]'s result), after
 * the nt names in taken. */
static void name_plan_sheets(xw_ctx *c, char **taken, size_t nt)
{
    const tco_scenario *s = c->s;
    for (size_t p = 0; c->ps && p < s->n_plans && !c->nomem; p++) {
        char want[400], fallback[200], *nm = xw_clean_text(c, s->plans[p].name, 200);
        xw_labelf(c, want, sizeof want, "sheet.plan", "Plan {name}", "name", nm ? nm : "", NULL);
        free(nm);
        xw_labelf(c, fallback, sizeof fallback, "sheet.plan", "Plan {name}", "name",
                  xw_int((long long)p + 1).s, NULL);
        c->ps[p].name = xw_sheet_name(c, want, taken, nt, fallback);
        if (c->ps[p].name) {
            taken[nt++] = c->ps[p].name;
            c->ps[p].quoted = xw_quote_sheet(c, c->ps[p].name);
        }
    }
    if (c->ps && c->r->optimize && !c->nomem) {
        c->opt_name =
            xw_sheet_name(c, xw_label(c, "sheet.optimize", "Optimize"), taken, nt, "Optimize");
        if (c->opt_name)
            taken[nt++] = c->opt_name;
    }
}

/* The sheets' names. The fixed sheets are named first, from their labels; the
 * option sheets then take names that none of them has. The options' ids and
 * labels are cleaned here, as the option sheets are named after their ids. */
static void name_sheets(xw_ctx *c)
{
    const tco_scenario *s = c->s;
    size_t n = s->n_options;
    char **taken = calloc(n + s->n_plans + 1 + TCI_SHEET_KINDS, sizeof *taken);
    if (!taken) {
        c->nomem = 1;
        return;
    }
    size_t nt = 0;
    for (int k = 0; k < TCI_SHEET_KINDS && !c->nomem; k++) {
        const xw_sheet_kind *d = xw_sheet_kind_get(k);
        if (!d->name_key)
            continue;
        char *want = xw_clean_text(c, xw_label(c, d->name_key, d->name), XW_MAX_TEXT);
        c->sheet[k] = xw_sheet_name(c, want, taken, nt, d->name);
        free(want);
        if (c->sheet[k]) {
            taken[nt++] = c->sheet[k];
            c->sheet_q[k] = xw_formula_sheet(c, c->sheet[k]);
        }
    }
    for (size_t i = 0; i < n && !c->nomem; i++) {
        const tco_option *o = &s->options[i];
        c->id[i] = clean_opt(c, o->id, 255);
        if (!c->id[i]) {
            char tmp[32];
            tci_utf8_format(tmp, sizeof tmp, "option-%zu", i + 1);
            c->id[i] = xw_strdup(c, tmp);
        }
        c->label[i] = clean_opt(c, o->label, 1000);
        if (!c->label[i])
            c->label[i] = xw_strdup(c, c->id[i] ? c->id[i] : "");
        char fallback[200];
        xw_labelf(c, fallback, sizeof fallback, "sheet.option", "Option {n}", "n",
                  xw_int((long long)i + 1).s, NULL);
        c->os[i].name = xw_sheet_name(c, c->id[i], taken, nt, fallback);
        taken[nt++] = c->os[i].name;
        if (c->os[i].name)
            c->os[i].quoted = xw_quote_sheet(c, c->os[i].name);
    }
    name_plan_sheets(c, taken, nt);
    free(taken);
}

/* ===== The sheets, in order ===== */

/* A sheet added under a valid, unused name; NULL after an error (recorded in c). */
static lxw_worksheet *add_sheet(xw_ctx *c, const char *name)
{
    if (c->err || c->nomem)
        return NULL;
    if (!name || !*name) { /* never reaches libxlsxwriter (it overflows on "") */
        xw_note(c, LXW_ERROR_SHEETNAME_LENGTH_EXCEEDED);
        return NULL;
    }
    lxw_error e = workbook_validate_sheet_name(c->wb, name);
    if (e) {
        xw_note(c, e);
        return NULL;
    }
    /* The name is valid and free, so a failure is memory or, in constant_memory
     * mode, the sheet's temporary file (one stays open per sheet until the
     * workbook is closed: too many sheets for the open-file limit). */
    errno = 0;
    lxw_worksheet *ws = workbook_add_worksheet(c->wb, name);
    if (!ws && errno && errno != ENOMEM) {
        c->sys_errno = errno;
        xw_note(c, LXW_ERROR_CREATING_TMPFILE);
    } else if (!ws) {
        c->nomem = 1;
    }
    return ws;
}

/* A calculation sheet protected without a password: its cells are locked, so
 * that only the unlocked input cells of Inputs (not protected) take edits;
 * anyone may lift the protection. Columns and rows may still be resized, for
 * printing. */
static void protect(lxw_worksheet *ws)
{
    lxw_protection pr;
    memset(&pr, 0, sizeof pr);
    pr.format_columns = 1;
    pr.format_rows = 1;
    worksheet_protect(ws, NULL, &pr);
}

/* A sheet of a kind other than TCI_SHEET_OPTIONS, added under its name
 * (c->sheet[kind]); hidden when the template leaves the kind out. NULL after
 * an error (recorded in c). */
static lxw_worksheet *add_kind_sheet(xw_ctx *c, int kind)
{
    if (kind < 0 || kind >= TCI_SHEET_KINDS || kind == TCI_SHEET_OPTIONS)
        return NULL;
    lxw_worksheet *ws = add_sheet(c, c->sheet[kind]);
    if (ws && !c->shown[kind])
        worksheet_hide(ws);
    if (ws && kind != TCI_SHEET_INPUTS)
        protect(ws);
    return ws;
}

/* Add the sheets of one kind where the workbook's order has them, in the place
 * c keeps them (xw_kind_sheet). */
static void add_kind(xw_ctx *c, int kind)
{
    const tco_scenario *s = c->s;
    lxw_worksheet **slot = xw_kind_sheet(c, kind);
    if (kind == TCI_SHEET_OPTIONS) {
        for (size_t k = 0; k < s->n_options; k++) {
            size_t i = xw_option_at(c, k);
            c->os[i].ws = add_sheet(c, c->os[i].name);
            if (c->os[i].ws && !c->shown[kind])
                worksheet_hide(c->os[i].ws);
            if (c->os[i].ws)
                protect(c->os[i].ws);
        }
        /* The plans' sheets and the Optimize sheet follow the options'. */
        for (size_t p = 0; c->ps && p < s->n_plans; p++) {
            if (!c->ps[p].name)
                continue;
            c->ps[p].ws = add_sheet(c, c->ps[p].name);
            if (c->ps[p].ws && !c->shown[kind])
                worksheet_hide(c->ps[p].ws);
            if (c->ps[p].ws)
                protect(c->ps[p].ws);
        }
        if (c->opt_name) {
            c->optimize = add_sheet(c, c->opt_name);
            if (c->optimize && !c->shown[kind])
                worksheet_hide(c->optimize);
            if (c->optimize)
                protect(c->optimize);
        }
    } else if (slot && xw_sheet_kind_get(kind)->wanted(c)) {
        *slot = add_kind_sheet(c, kind);
    }
}

/* The sheets in the template's order. The option sheets, the Summary and the
 * Budget are added even when it leaves them out, hidden at the end, since the
 * Summary and Checks refer to them. */
static void add_sheets(xw_ctx *c, const int *order, size_t n_order)
{
    for (size_t k = 0; k < n_order; k++)
        add_kind(c, order[k]);
    if (!c->shown[TCI_SHEET_OPTIONS])
        add_kind(c, TCI_SHEET_OPTIONS);
    if (!c->shown[TCI_SHEET_SUMMARY])
        add_kind(c, TCI_SHEET_SUMMARY);
    if (!c->shown[TCI_SHEET_BUDGET])
        add_kind(c, TCI_SHEET_BUDGET);
}

/* Every sheet's content: the option sheets' rows are laid out first, so that any
 * formula can refer to any sheet; Inputs first, About last, as each refers to the
 * rows of those written before it. */
static void write_sheets(xw_ctx *c)
{
    const tco_scenario *s = c->s;
    for (size_t i = 0; i < s->n_options; i++)
        xw_option_layout(c, i);
    xw_workload_layout(c); /* before the plans': their sheets read a run's GPU-hours */
    for (size_t p = 0; c->ps && p < s->n_plans; p++)
        xw_plan_layout(c, p);
    xw_budget_layout(c);
    xw_statements_layout(c);
    c->ck_master = 3;
    c->br_first = c->br_last = XW_NONE;
    for (int k = 0; k < TCI_SHEET_KINDS; k++)
        if (k != TCI_SHEET_ABOUT)
            xw_sheet_kind_get(k)->write(c);
    if (c->about)
        xw_write_about(c);
    /* The printed pack, every sheet but the monthly ones, readable on paper and
     * selected when the workbook opens: "print the selected sheets" prints it. */
    for (int k = 0; k < TCI_SHEET_KINDS; k++) {
        lxw_worksheet **ws = k != TCI_SHEET_OPTIONS ? xw_kind_sheet(c, k) : NULL;
        if (ws && *ws) {
            xw_print_readable(c, *ws);
            if (c->shown[k])
                worksheet_select(*ws);
        }
    }
    worksheet_activate(c->about ? c->about : c->inputs);
}

/* ===== Document properties ===== */

/* opts->created when given, else as_of at 00:00 UTC, else the epoch. The
 * library reads no clock: libxlsxwriter takes 0 as "now", so the epoch is
 * written as its first second. */
static long long creation_time(const tco_scenario *s, const tco_xlsx_options *opts)
{
    long long t = opts ? opts->created : -1;
    if (t < 0) {
        t = 0;
        const char *a = s->as_of;
        if (a && strlen(a) == 10 && a[4] == '-' && a[7] == '-') {
            char *end;
            long y = strtol(a, &end, 10), m = strtol(a + 5, &end, 10), d = strtol(a + 8, &end, 10);
            if (y >= 1970 && y <= 9999 && m >= 1 && m <= 12 && d >= 1 && d <= 31)
                t = tci_days_from_civil((int)y, (int)m, (int)d) * 86400LL;
        }
    }
    return t > 0 ? t : 1;
}

/* The document's title, subject, author, company, keywords, comments and date. */
static void doc_properties(xw_ctx *c, const tco_xlsx_options *opts)
{
    const tco_scenario *s = c->s;
    char subject[600], comments[1200], keywords[600];
    xw_labelf(c, subject, sizeof subject, "doc.subject",
              "Total cost of ownership of GPU compute over {months} months", "months",
              xw_int(s->horizon_months).s, NULL);
    xw_labelf(c, comments, sizeof comments, "doc.comments",
              "A live model: every figure is a formula on the Inputs sheet. Written by tco "
              "{version} from {file}.",
              "version", TCO_VERSION, "file",
              c->file_base ? c->file_base : xw_label(c, "doc.file.none", "a scenario"), NULL);
    tci_utf8_format(keywords, sizeof keywords, "%s",
                    xw_label(c, "doc.keywords", "TCO, GPU, buy or rent"));
    lxw_doc_properties props;
    memset(&props, 0, sizeof props);
    props.title = c->name;
    props.subject = subject;
    props.author = c->author;
    props.company = c->company;
    props.keywords = keywords;
    props.comments = comments;
    props.created = (time_t)creation_time(s, opts);
    xw_note(c, workbook_set_properties(c->wb, &props));
}

/* ===== The workbook ===== */

/* The whole workbook into c->wb: the template's order and charts, the context,
 * the formats, the sheets and the document properties. */
static void build(xw_ctx *c, const tco_xlsx_options *opts)
{
    int order[TCI_SHEET_KINDS];
    size_t n_order = tci_template_sheets(c->tpl, order);
    for (size_t k = 0; k < n_order; k++)
        c->shown[order[k]] = 1;
    c->n_charts = (int)tci_template_charts(c->tpl, c->charts);
    /* The emissions' chart with carbon figures only (MODEL.md, Carbon), the
     * plans' with plans too (MODEL.md, A plan's emissions). */
    const int carbon = tco_scenario_carbon(c->s), plans = c->r->n_plans > 0;
    for (int k = 0, kept = 0; k <= c->n_charts; k++)
        if (k == c->n_charts)
            c->n_charts = kept;
        else if ((c->charts[k] != TCI_CHART_EMISSIONS || carbon) &&
                 (c->charts[k] != TCI_CHART_PLAN_EMISSIONS || (carbon && plans)))
            c->charts[kept++] = c->charts[k];
    prepare(c);
    if (c->nomem)
        return;
    xw_formats_init(c);
    if (c->nomem)
        return;
    add_sheets(c, order, n_order);
    if (c->err || c->nomem)
        return;
    write_sheets(c);
    doc_properties(c, opts);
}

/* Up to this many option-months, (options + plans) x horizon, a workbook is
 * built in memory (libxlsxwriter's default mode), which at this size holds at
 * most about 7 MB more than constant_memory mode; beyond it, in constant_memory
 * mode. See docs/PERFORMANCE.md, "Two ways to write a workbook". */
#define XW_IN_MEMORY_OPTION_MONTHS 1000

/* 1 when the workbook of `s` is written in constant_memory mode (or when the
 * caller asks for it, `force`): each row goes
 * to its sheet's temporary file when the next row starts, so memory stays flat
 * however many options and months (every sheet is written top to bottom, in
 * either mode), and strings are written in place. A small workbook is kept in
 * memory instead, its strings in one shared table: no temporary file per sheet
 * and no per-sheet cell array, which cost a small workbook more time than the
 * memory they save is worth. */
static int constant_memory(const tco_scenario *s, int force)
{
    double units = ((double)s->n_options + (double)s->n_plans) * s->horizon_months;
    return force || units > XW_IN_MEMORY_OPTION_MONTHS;
}

/* See documentation in header file. */
tco_status tco_report_write_xlsx(const tco_result *result, const char *path,
                                 const tco_xlsx_options *opts, tco_diags *diags)
{
    if (!path || !*path) {
        tco_diags_add(diags, TCO_SEV_ERROR, "<workbook>", 0, NULL,
                      "cannot write workbook: no output path");
        return TCO_ERR_ARG;
    }
    if (!result || !result->scenario || result->n_options == 0 ||
        result->n_options != result->scenario->n_options || result->scenario->horizon_months < 1 ||
        result->scenario->horizon_months > TCO_MAX_HORIZON) {
        tco_diags_add(diags, TCO_SEV_ERROR, path, 0, NULL,
                      "cannot write workbook: no computed options");
        return TCO_ERR_ARG;
    }
    xw_ctx *c = calloc(1, sizeof *c);
    if (!c) {
        tco_diags_add(diags, TCO_SEV_ERROR, path, 0, NULL, "cannot write workbook: %s",
                      "out of memory");
        return TCO_ERR_NOMEM;
    }
    xw_book book;
    tco_status st = xw_book_open(
        &book, path, constant_memory(result->scenario, opts && opts->constant_memory), diags);
    if (st != TCO_OK) {
        free(c);
        return st;
    }
    c->r = result;
    c->s = result->scenario;
    c->tpl = opts ? opts->tpl : NULL;
    c->style = tci_template_style(c->tpl);
    c->wb = book.wb;
    build(c, opts);
    lxw_error e = xw_book_close(&book);
    if (e && !c->err)
        c->err = e;
    st = TCO_OK;
    if (c->nomem) {
        tco_diags_add(diags, TCO_SEV_ERROR, path, 0, NULL, "cannot write workbook: %s",
                      "out of memory");
        st = TCO_ERR_NOMEM;
    } else if (c->sys_errno) {
        tco_diags_add(diags, TCO_SEV_ERROR, path, 0, NULL,
                      "cannot write workbook: cannot create a temporary file for a sheet: %s",
                      strerror(c->sys_errno));
        st = TCO_ERR_IO;
    } else if (c->err) {
        tco_diags_add(diags, TCO_SEV_ERROR, path, 0, NULL, "cannot write workbook: %s",
                      lxw_strerror(c->err));
        st = TCO_ERR_IO;
    }
    tco_status cst = xw_book_commit(&book, st == TCO_OK, diags);
    if (st == TCO_OK)
        st = cst;
    ctx_free(c);
    free(c);
    return st;
}
