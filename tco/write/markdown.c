/* markdown.c - a Markdown summary for chat and pull requests. */
#include "core/fields.h"
#include "util/outfile.h"
#include "write/markdown.h"

#include <math.h>
#include <string.h>

/* See markdown.h. Text from the scenario, escaped so that it renders as written: every
 * character that Markdown (CommonMark and GitHub tables) gives a meaning
 * inline gets a backslash, which CommonMark defines for any ASCII punctuation,
 * so the escape is always safe. '|' would end a table cell, '<' and '&' could
 * start raw HTML or an entity, '[' a link, '*' '_' '~' '`' emphasis or code;
 * a leading + - = ! could start a list, a setext underline or an image;
 * '@' would mention a user on GitHub, as '#' would link an issue.
 * Control characters (line breaks included) would end the table row or drive
 * a terminal that shows the text, so they become spaces, C1 controls (U+0080
 * to U+009F) too. */
void tci_md_text(FILE *out, const char *s)
{
    if (!s)
        return;
    for (const unsigned char *p = (const unsigned char *)s; *p; p++) {
        int c1 = p[0] == 0xC2 && p[1] >= 0x80 && p[1] <= 0x9F; /* a C1 control */
        if (*p < 0x20 || *p == 0x7F || c1) {
            fputc(' ', out);
            p += c1;
        } else if (strchr("\\|*_`[]<>&#~@", *p) ||
                   (p == (const unsigned char *)s && strchr("+-=!", *p))) {
            fprintf(out, "\\%c", *p);
        } else {
            fputc(*p, out);
        }
    }
}

/* A percentage with one decimal ("40.6%"); NAN is "n/a". */
static void put_percent(FILE *out, double x)
{
    if (isnan(x) || isinf(x))
        fputs("n/a", out);
    else
        fprintf(out, "%.1f%%", x * 100 == 0 ? 0.0 : x * 100);
}

/* ===== The table: the result fields marked for Markdown ===== */

/* The Markdown columns of res in their order: the rank first, since the rows
 * are in rank order, then the other fields in table order. Returns how many. */
static size_t md_columns(const tci_field *cols[TCI_F_COUNT], const tco_result *res)
{
    size_t n = 0;
    for (int pass = 0; pass < 2; pass++)
        for (int k = 0; k < TCI_F_COUNT; k++) {
            const tci_field *f = tci_field_get((tci_field_id)k);
            if ((f->outputs & TCI_OUT_MD) && tci_field_in(f, res) &&
                (f->from == TCI_FROM_RANK) == (pass == 0))
                cols[n++] = f;
        }
    return n;
}

/* A column heading, with {currency} replaced by the escaped currency. */
static void put_heading(FILE *out, const char *head, const char *currency)
{
    static const char mark[] = "{currency}";
    const char *at = strstr(head, mark);
    if (!at) {
        fputs(head, out);
        return;
    }
    fwrite(head, 1, (size_t)(at - head), out);
    tci_md_text(out, currency);
    fputs(at + sizeof mark - 1, out);
}

/* One cell of option i. Money has thousands separators and 2 decimals (6 for
 * the small costs per PFLOP-hour and per unit), a fraction is a percentage,
 * a whole number is written as it is; a break-even that does not happen is
 * its word ("never", "always", "parallel"), a field that does not apply to the
 * option is a dash, other unknown values are "n/a". The baseline's label says
 * so. */
static void put_cell(FILE *out, const tco_result *res, size_t i, const tci_field *f)
{
    char buf[TCO_NUMTEXT_MAX];
    if (f->unit == TCI_FU_TEXT) {
        tci_md_text(out, tci_field_text(f, res, i));
        if (f->from == TCI_FROM_LABEL && res->baseline >= 0 && (size_t)res->baseline == i)
            fputs(" (baseline)", out);
        const char *site = tci_field_text(tci_field_get(TCI_F_SITE), res, i);
        if (f->from == TCI_FROM_LABEL && site) { /* MODEL.md, Sites */
            fputs(" (at ", out);
            tci_md_text(out, site);
            fputc(')', out);
        }
        return;
    }
    if (!tci_field_applies(f, res, i)) {
        fputs("\xE2\x80\x93", out); /* an en dash, as in the workbook */
        return;
    }
    const char *word = tci_field_word(f, res, i);
    if (word) {
        fputs(word, out);
        return;
    }
    double x = tci_field_number(f, res, i);
    switch (f->unit) {
    case TCI_FU_MONEY:
    case TCI_FU_MONEY_PER_GPU_HOUR:
    case TCI_FU_UNITS_PER_S_PER_KW:
    case TCI_FU_KW:
        fputs(tco_group_thousands(buf, sizeof buf, x, 2), out);
        break;
    case TCI_FU_TCO2E:
        fputs(tco_group_thousands(buf, sizeof buf, x, 3), out);
        break;
    case TCI_FU_MONEY_PER_PFLOP_HOUR:
    case TCI_FU_MONEY_PER_UNIT:
    case TCI_FU_TCO2E_PER_UNIT:
        fputs(tco_group_thousands(buf, sizeof buf, x, 6), out);
        break;
    case TCI_FU_GPU_HOURS:
    case TCI_FU_KWH:
        fputs(tco_group_thousands(buf, sizeof buf, x, 0), out);
        break;
    case TCI_FU_FRACTION:
        put_percent(out, x);
        break;
    case TCI_FU_FLAG:
        fputs(x ? "yes" : "no", out);
        break;
    default: /* GPUs, a month, a rank */
        if (isnan(x) || isinf(x))
            fputs("n/a", out);
        else
            fprintf(out, "%.0f", x);
        break;
    }
}

/* One line of the decision: what it is (with the unit of work `unit`, or
 * NULL), then option i's label and its figure in the currency, followed by
 * `per` ("per 1M samples") when it is not NULL; "none" when i is -1. */
static void put_pick(FILE *out, const tco_result *res, const char *what, const char *unit, int i,
                     const char *figure, const char *per, const char *per_unit)
{
    fprintf(out, "- %s", what);
    tci_md_text(out, unit);
    fputs(": ", out);
    if (i < 0) {
        fputs("none\n", out);
        return;
    }
    tci_md_text(out, res->scenario->options[i].label);
    fprintf(out, ", %s ", figure);
    tci_md_text(out, res->scenario->currency);
    if (per) {
        fprintf(out, " per %s", per);
        tci_md_text(out, res->scenario->unit);
        fputs(per_unit, out);
    }
    fputc('\n', out);
}

/* The decision under the table: the best by rank_by when the scenario ranks
 * by the NPV or the after-tax NPV, the lowest total, NPV and cost per unit of
 * work among feasible options, and the options left out with their reasons
 * (MODEL.md, Feasibility and the decision). The cost per unit is written as
 * the table's are, with four significant digits at the scale that reads best. */
static void put_decision(FILE *out, const tco_result *res)
{
    const tco_option_result *r = res->options;
    char buf[TCO_NUMTEXT_MAX];
    fputs("\n**Decision** (feasible options only):\n\n", out);
    int k = res->best;
    if (res->scenario->rank_by == TCO_RANK_NPV)
        put_pick(out, res, "Best by NPV", NULL, k,
                 tco_group_thousands(buf, sizeof buf, k >= 0 ? r[k].npv : NAN, 2), NULL, NULL);
    else if (res->scenario->rank_by == TCO_RANK_AFTER_TAX_NPV)
        put_pick(out, res, "Best by after-tax NPV", NULL, k,
                 tco_group_thousands(buf, sizeof buf, k >= 0 ? r[k].after_tax_npv : NAN, 2), NULL,
                 NULL);
    k = res->cheapest;
    put_pick(out, res, "Lowest total cost", NULL, k,
             tco_group_thousands(buf, sizeof buf, k >= 0 ? r[k].total : NAN, 2), NULL, NULL);
    k = res->lowest_npv;
    put_pick(out, res, "Lowest NPV", NULL, k,
             tco_group_thousands(buf, sizeof buf, k >= 0 ? r[k].npv : NAN, 2), NULL, NULL);
    int per_unit = 0;
    for (size_t i = 0; i < res->n_options; i++)
        per_unit |= !isnan(r[i].cost_per_unit);
    if (per_unit) {
        tco_unit_scale sc = tco_result_unit_scale(res);
        k = res->lowest_cost_per_unit;
        put_pick(out, res, "Lowest cost per ", res->scenario->unit, k,
                 tco_format_sig(buf, sizeof buf, k >= 0 ? r[k].cost_per_unit * sc.per : NAN,
                                TCO_UNIT_COST_DIGITS),
                 sc.per > 1 ? sc.prefix : NULL, tco_unit_plural(res->scenario->unit, sc.per));
    }
    const char *sep = "- Left out, not feasible: ";
    for (size_t i = 0; i < res->n_options; i++) {
        if (!r[i].infeasible)
            continue;
        fputs(sep, out);
        tci_md_text(out, res->scenario->options[i].label);
        fprintf(out, " (%s)", r[i].infeasible_text);
        sep = "; ";
    }
    if (sep[0] == ';')
        fputc('\n', out);
}

/* The catalog offers that offer = cheapest picked and the discounts applied,
 * after the decision (MODEL.md, The cheapest offer, Negotiated discounts); nothing
 * without them. */
static void put_offers(FILE *out, const tco_scenario *s)
{
    const char *head = "\n**Catalog offers**:\n\n";
    for (size_t i = 0; i < s->n_options; i++) {
        const tco_option *o = &s->options[i];
        if (!o->offer_entry || (!o->offer_candidates && !o->discount))
            continue;
        fputs(head, out);
        head = "";
        fputs("- ", out);
        tci_md_text(out, o->label);
        fputs(": ", out);
        tci_md_text(out, o->offer_entry->id);
        if (o->offer_candidates)
            fprintf(out, ", the cheapest of %d matching offer%s", o->offer_candidates,
                    o->offer_candidates == 1 ? "" : "s");
        if (o->discount > 0 && (size_t)o->discount <= s->n_discounts) {
            const tco_discount *d = &s->discounts[o->discount - 1];
            fprintf(out, ", %g%% %s by discount ", fabs(d->fraction) * 100,
                    d->fraction < 0 ? "marked up" : "off");
            tci_md_text(out, d->name);
        }
        fputc('\n', out);
    }
}

/* The plans (MODEL.md, Plans), under the options: a table of the plan
 * figures the short views show (and, with carbon figures, every carbon
 * figure), after the plan's name and the option of each
 * part, in rank order as the options are; money and GPU-hours grouped in
 * thousands, a flag yes or no, a figure that does not apply a dash. Nothing
 * without plans. */
static void put_plans(FILE *out, const tco_result *res)
{
    if (!res->n_plans || !res->plan_rank)
        return;
    const tco_scenario *s = res->scenario;
    size_t n = 0;
    tco_plan_figure_name(0, &n);
    tci_plan_value v;
    char buf[TCO_NUMTEXT_MAX];
    fputs(s->rank_by == TCO_RANK_NPV             ? "\n**Plans**, ranked by NPV"
          : s->rank_by == TCO_RANK_AFTER_TAX_NPV ? "\n**Plans**, ranked by after-tax NPV"
                                                 : "\n**Plans**, ranked by total cost",
          out);
    fputs(", feasible plans first:\n\n| Plan |", out);
    for (size_t k = 0; k < n; k++) {
        tci_plan_figure(k, res, 0, &v);
        if ((v.brief || v.kind == TCO_FIG_TEXT || v.carbon) && v.shown) {
            fputc(' ', out);
            fputs(v.label, out);
            if (v.kind == TCO_FIG_MONEY) {
                fputs(" (", out);
                tci_md_text(out, s->currency);
                fputc(')', out);
            }
            fputs(" |", out);
        }
    }
    fputs("\n|---|", out);
    for (size_t k = 0; k < n; k++) {
        tci_plan_figure(k, res, 0, &v);
        if ((v.brief || v.kind == TCO_FIG_TEXT || v.carbon) && v.shown)
            fputs(v.kind == TCO_FIG_TEXT ? "---|" : "---:|", out);
    }
    fputc('\n', out);
    for (size_t r = 0; r < res->n_plans; r++) {
        size_t i = res->plan_rank[r];
        fputs("| ", out);
        tci_md_text(out, res->plans[i].plan->name);
        fputs(" |", out);
        for (size_t k = 0; k < n; k++) {
            tci_plan_figure(k, res, i, &v);
            if (!(v.brief || v.kind == TCO_FIG_TEXT || v.carbon) || !v.shown)
                continue;
            fputc(' ', out);
            if (v.kind == TCO_FIG_TEXT)
                tci_md_text(out, v.text ? v.text : "\xE2\x80\x93");
            else if (!v.applies || isnan(v.x))
                fputs("\xE2\x80\x93", out); /* an en dash, as in the workbook */
            else if (v.kind == TCO_FIG_FLAG)
                fputs(v.x ? "yes" : "no", out);
            else /* tonnes as the options' (3 decimals), an intensity with 6 */
                fputs(tco_group_thousands(buf, sizeof buf, v.x,
                                          v.kind == TCO_FIG_MONEY       ? 2
                                          : v.kind == TCO_FIG_DECIMAL   ? 3
                                          : v.kind == TCO_FIG_UNIT_COST ? 6
                                                                        : 0),
                      out);
            fputs(" |", out);
        }
        fputc('\n', out);
    }
}

/* See documentation in header file. */
tco_status tco_report_write_md_stream(const tco_result *res, FILE *out)
{
    if (!res || !res->scenario || !out || (res->n_options && !res->rank))
        return TCO_ERR_ARG;
    const tco_scenario *s = res->scenario;
    fputs("# ", out);
    tci_md_text(out, s->name);
    fprintf(out, "\n\n%d months, money in ", s->horizon_months);
    tci_md_text(out, s->currency);
    fprintf(out, ", discount rate %g%% a year", s->discount_rate * 100);
    if (s->tax)
        fprintf(out, ", income tax %g%%", s->tax_rate * 100);
    fputs(s->rank_by == TCO_RANK_NPV             ? ". Options are ranked by NPV, lowest first"
          : s->rank_by == TCO_RANK_AFTER_TAX_NPV ? ". Options are ranked by after-tax NPV, lowest "
                                                   "first"
                                                 : ". Options are ranked by total cost, cheapest "
                                                   "first",
          out);
    if (res->baseline >= 0 && (size_t)res->baseline < res->n_options) {
        fputs("; break-even is against ", out);
        tci_md_text(out, s->options[res->baseline].label);
    }
    fputs(".\n\n|", out);
    const tci_field *cols[TCI_F_COUNT];
    size_t nc = md_columns(cols, res);
    for (size_t c = 0; c < nc; c++) {
        fputc(' ', out);
        put_heading(out, cols[c]->md_head, s->currency);
        fputs(" |", out);
    }
    fputs("\n|", out);
    for (size_t c = 0; c < nc; c++)
        fputs(cols[c]->unit == TCI_FU_TEXT ? "---|" : "---:|", out);
    fputc('\n', out);
    for (size_t k = 0; k < res->n_options; k++) {
        fputc('|', out);
        for (size_t c = 0; c < nc; c++) {
            fputc(' ', out);
            put_cell(out, res, res->rank[k], cols[c]);
            fputs(" |", out);
        }
        fputc('\n', out);
    }
    put_decision(out, res);
    put_offers(out, s);
    put_plans(out, res);
    return ferror(out) ? TCO_ERR_IO : TCO_OK;
}

/* See documentation in header file. */
static tco_status md_to(FILE *out, const void *res)
{
    return tco_report_write_md_stream(res, out);
}

tco_status tco_report_write_md(const tco_result *res, const char *path, tco_diags *diags)
{
    if (!res || !path)
        return TCO_ERR_ARG;
    return tco_write_atomic(path, md_to, res, diags);
}
