/* test_compare.c - the comparison of two scenarios (tco_compare): the inputs
 * that differ in their order, each option's figures equal to the results',
 * options in one scenario only; its JSON and workbook writers with their
 * error paths; and the atomic output that they and the tool write through
 * (tco_write_atomic). */
#include "check.h"

#include <dirent.h>
#include <sys/stat.h>
#include <unistd.h>

static const char scenario_a[] = "[scenario]\nname = a\nhorizon_months = 24\n"
                                 "hours_per_month = 500\nbaseline = cloud\n"
                                 "[site]\nelectricity_price = 0.1\n"
                                 "[option own]\nacquire = buy\ncount = 8\ngpu_price = 25000\n"
                                 "tdp_w = 1000\n"
                                 "[option cloud]\nacquire = rent\ncount = 8\n"
                                 "price_per_gpu_hour = 6\n";

/* B: another name, no baseline, dearer power and GPUs, cloud gone, other new. */
static const char scenario_b[] = "[scenario]\nname = b\nhorizon_months = 24\n"
                                 "hours_per_month = 500\n"
                                 "[site]\nelectricity_price = 0.12\n"
                                 "[option own]\nacquire = buy\ncount = 8\ngpu_price = 30000\n"
                                 "tdp_w = 1000\n"
                                 "[option other]\nacquire = rent\ncount = 8\n"
                                 "price_per_gpu_hour = 5\n";

/* ===== Helpers ===== */

typedef struct pair {
    tco_scenario *sa, *sb;
    tco_result *ra, *rb;
    tco_comparison *c;
} pair;

static int load_pair(pair *p, const char *a, const char *b)
{
    memset(p, 0, sizeof *p);
    tco_diags *d = tco_diags_new();
    int ok = tco_scenario_load_string(a, "a.ini", &p->sa, d) == TCO_OK &&
             tco_scenario_load_string(b, "b.ini", &p->sb, d) == TCO_OK &&
             tco_compute(p->sa, &p->ra) == TCO_OK && tco_compute(p->sb, &p->rb) == TCO_OK &&
             tco_compare(p->ra, p->rb, &p->c) == TCO_OK;
    check_print_diags(d);
    tco_diags_free(d);
    CU_ASSERT_TRUE(ok);
    return ok;
}

static void free_pair(pair *p)
{
    tco_comparison_free(p->c);
    tco_result_free(p->ra);
    tco_result_free(p->rb);
    tco_scenario_free(p->sa);
    tco_scenario_free(p->sb);
}

static char *json_text(const tco_comparison *c)
{
    FILE *f = tmpfile();
    CU_ASSERT_EQUAL(tco_compare_write_json_stream(c, f), TCO_OK);
    char *t = check_slurp(f);
    fclose(f);
    return t;
}

/* A fresh directory for output files; `files_in` counts what is left in it. */
static void make_dir(char *dir, size_t size)
{
    snprintf(dir, size, "%s", "/tmp/tco-test-compare-XXXXXX");
    CU_ASSERT_PTR_NOT_NULL_FATAL(mkdtemp(dir));
}

static int files_in(const char *dir)
{
    DIR *d = opendir(dir);
    int n = 0;
    for (struct dirent *e; d && (e = readdir(d));)
        if (strcmp(e->d_name, ".") != 0 && strcmp(e->d_name, ".."))
            n++;
    if (d)
        closedir(d);
    return n;
}

static void remove_dir(const char *dir)
{
    DIR *d = opendir(dir);
    char path[512];
    for (struct dirent *e; d && (e = readdir(d));) {
        if (strcmp(e->d_name, ".") == 0 || strcmp(e->d_name, "..") == 0)
            continue;
        snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
        if (remove(path) != 0)
            rmdir(path);
    }
    if (d)
        closedir(d);
    rmdir(dir);
}

/* ===== The comparison ===== */

/* The comparison's inputs are exactly `want`, in order: key, A's value, B's. */
static void check_inputs(const tco_comparison *c, const char *const want[][3], size_t n)
{
    CU_ASSERT_EQUAL_FATAL(c->n_inputs, n);
    for (size_t i = 0; i < c->n_inputs; i++) {
        CU_ASSERT_STRING_EQUAL(c->inputs[i].key, want[i][0]);
        CU_ASSERT_STRING_EQUAL(c->inputs[i].a, want[i][1]);
        CU_ASSERT_STRING_EQUAL(c->inputs[i].b, want[i][2]);
    }
}

static void test_inputs(void)
{
    pair p;
    if (!load_pair(&p, scenario_a, scenario_b)) {
        free_pair(&p);
        return;
    }
    static const char *const want[][3] = {
        {"scenario.name", "a", "b"},
        {"scenario.baseline", "cloud", ""},
        {"site.electricity_price", "0.1", "0.12"},
        {"own.gpu_price", "25000", "30000"},
        {"[option cloud]", "present", "absent"},
        {"[option other]", "absent", "present"},
    };
    const tco_comparison *c = p.c;
    CU_ASSERT_PTR_EQUAL(c->a, p.sa);
    CU_ASSERT_PTR_EQUAL(c->b, p.sb);
    check_inputs(c, want, sizeof want / sizeof want[0]);
    free_pair(&p);
}

/* Named sites (MODEL.md, Sites): a site key's value in effect that differs is
 * site.NAME.KEY, one a site follows from [site] included (colo's escalation, [site]'s
 * in each); a site only one scenario has is present or absent. */
static void test_sites(void)
{
    static const char a[] =
        "[scenario]\nname = s\n[site]\nelectricity_price = 0.1\nelectricity_escalation = 0.02\n"
        "[site colo]\npue = 1.3\n[site old]\npue = 2\n"
        "[option own]\nacquire = buy\ncount = 8\ngpu_price = 30000\ntdp_w = 700\nsite = colo\n"
        "[option o2]\nbase = own\nsite = old\n";
    static const char b[] =
        "[scenario]\nname = s\n[site]\nelectricity_price = 0.1\nelectricity_escalation = 0.03\n"
        "[site colo]\npue = 1.2\n[site new]\npue = 2\n"
        "[option own]\nacquire = buy\ncount = 8\ngpu_price = 30000\ntdp_w = 700\nsite = colo\n"
        "[option o2]\nbase = own\nsite = new\n";
    pair p;
    if (!load_pair(&p, a, b)) {
        free_pair(&p);
        return;
    }
    static const char *const want[][3] = {
        {"site.electricity_escalation", "0.02", "0.03"},
        {"site.colo.electricity_escalation", "0.02", "0.03"},
        {"site.colo.pue", "1.3", "1.2"},
        {"[site old]", "present", "absent"},
        {"[site new]", "absent", "present"},
        {"o2.site", "old", "new"},
    };
    const tco_comparison *c = p.c;
    check_inputs(c, want, sizeof want / sizeof want[0]);
    free_pair(&p);
}

/* Text inputs are compared and kept whole: two labels of 300 CJK characters
 * (900 bytes) that differ only in their last character differ, and each is
 * given back as it is, never cut inside a character. */
static void test_long_text(void)
{
    char label_a[1000] = "", label_b[1000];
    for (int i = 0; i < 299; i++)
        strcat(label_a, "\xE4\xB8\xAD"); /* 中 */
    strcpy(label_b, label_a);
    strcat(label_a, "\xE6\x96\x87"); /* 文 */
    strcat(label_b, "\xE5\xAD\x97"); /* 字 */
    char a[2000], b[2000];
    static const char fmt[] = "[scenario]\nname = n\n[option cloud]\nlabel = %s\nacquire = rent\n"
                              "count = 8\nprice_per_gpu_hour = 6\n";
    snprintf(a, sizeof a, fmt, label_a);
    snprintf(b, sizeof b, fmt, label_b);
    pair p;
    if (!load_pair(&p, a, b))
        return;
    CU_ASSERT_EQUAL_FATAL(p.c->n_inputs, 1);
    CU_ASSERT_STRING_EQUAL(p.c->inputs[0].key, "cloud.label");
    CU_ASSERT_STRING_EQUAL(p.c->inputs[0].a, label_a);
    CU_ASSERT_STRING_EQUAL(p.c->inputs[0].b, label_b);
    free_pair(&p);
}

static void test_figures(void)
{
    pair p;
    if (!load_pair(&p, scenario_a, scenario_b)) {
        free_pair(&p);
        return;
    }
    const tco_comparison *c = p.c;
    CU_ASSERT_EQUAL_FATAL(c->n_options, 3);
    /* A's options in A's order, then the one only B has. */
    CU_ASSERT_STRING_EQUAL(c->options[0].id, "own");
    CU_ASSERT_STRING_EQUAL(c->options[1].id, "cloud");
    CU_ASSERT_STRING_EQUAL(c->options[2].id, "other");
    CU_ASSERT(c->options[0].in_a && c->options[0].in_b);
    CU_ASSERT(c->options[1].in_a && !c->options[1].in_b);
    CU_ASSERT(!c->options[2].in_a && c->options[2].in_b);

    const tco_option_diff *own = &c->options[0];
    const tco_option_result *oa = &p.ra->options[0], *ob = &p.rb->options[0];
    static const char *const names[] = {"capex", "total", "npv", "cost_per_gpu_hour",
                                        "breakeven_utilization"};
    const double wa[] = {oa->capex, oa->total, oa->npv, oa->cost_per_gpu_hour,
                         oa->breakeven_utilization};
    const double wb[] = {ob->capex, ob->total, ob->npv, ob->cost_per_gpu_hour,
                         ob->breakeven_utilization};
    for (int k = 0; k < 5; k++) {
        const tco_figure_diff *f = tco_option_diff_figure(own, names[k]);
        CU_ASSERT_PTR_NOT_NULL_FATAL(f);
        CU_ASSERT((isnan(wa[k]) && isnan(f->a)) || f->a == wa[k]);
        CU_ASSERT((isnan(wb[k]) && isnan(f->b)) || f->b == wb[k]);
        if (isnan(f->a) || isnan(f->b)) {
            CU_ASSERT(isnan(f->delta) && isnan(f->change));
            continue;
        }
        CU_ASSERT_EQUAL(f->delta, f->b - f->a);
        /* A rate changes in points, not relatively. */
        CU_ASSERT_TRUE(f->kind == TCO_FIG_RATE || f->a == 0
                           ? isnan(f->change)
                           : check_close(f->change, f->delta / fabs(f->a)));
    }
    /* Dearer GPUs: more capex. The break-even month is the result's. */
    CU_ASSERT_TRUE(tco_option_diff_figure(own, "capex")->delta == 8 * 5000.0);
    const tco_figure_diff *bm = tco_option_diff_figure(own, "breakeven_month");
    CU_ASSERT_EQUAL(bm->kind, TCO_FIG_MONTH);
    CU_ASSERT_TRUE(oa->breakeven_month > 0);
    CU_ASSERT_EQUAL(bm->a, oa->breakeven_month);
    CU_ASSERT(bm->applies_a && bm->applies_b);
    /* A rent option has no break-even: it does not apply, no number, no word. */
    const tco_figure_diff *cb = tco_option_diff_figure(&c->options[1], "breakeven_utilization");
    CU_ASSERT(!cb->applies_a && isnan(cb->a) && !cb->text_a);

    /* In one scenario only: the other side and the deltas are unknown. */
    const tco_option_diff *cloud = &c->options[1];
    CU_ASSERT_EQUAL(tco_option_diff_figure(cloud, "total")->a, p.ra->options[1].total);
    for (size_t k = 0; k < cloud->n_figures; k++) {
        const tco_figure_diff *f = &cloud->figures[k];
        CU_ASSERT(isnan(f->b) && isnan(f->delta) && !f->applies_b && !f->text_b);
    }
    CU_ASSERT(isnan(tco_option_diff_figure(&c->options[2], "total")->a));
    free_pair(&p);
}

/* The example of docs/MODEL.md, "Comparing two scenarios", worked by hand. */
static const char model_a[] =
    "[scenario]\nname = a\nhorizon_months = 12\nhours_per_month = 500\n"
    "discount_rate = 0.08\nbaseline = cloud\n[site]\nelectricity_price = 0\n"
    "[workload]\nutilization = 0.7\n"
    "[option own]\nacquire = buy\ncount = 8\ngpu_price = 5000\ntdp_w = 1000\n"
    "[option cloud]\nacquire = rent\ncount = 8\nprice_per_gpu_hour = 2\n"
    "price_decline = 0\n";
static const char model_b[] =
    "[scenario]\nname = b\nhorizon_months = 12\nhours_per_month = 500\n"
    "discount_rate = 0.1\nbaseline = cloud\n[site]\nelectricity_price = 0\n"
    "[workload]\nutilization = 0.9\n"
    "[option own]\nacquire = buy\ncount = 8\ngpu_price = 5000\ntdp_w = 1000\n"
    "[option cloud]\nacquire = rent\ncount = 8\nprice_per_gpu_hour = 2.5\n"
    "price_decline = 0\n";

/* The cell `cell` of figure `name` of option i. */
static const char *cell_of(const tco_comparison *c, size_t i, const char *name, tco_cmp_cell cell,
                           char *buf, size_t size)
{
    const tco_figure_diff *f = tco_option_diff_figure(&c->options[i], name);
    CU_ASSERT_PTR_NOT_NULL_FATAL(f);
    return tco_compare_cell(buf, size, c, f, cell);
}

/* Noise: A and B differ only in how two inputs are written (2.99 and
 * 2.990000000000001 read as doubles 1 ulp apart; 0.3 and 0.1 + 0.2 written
 * out), so every figure they move differs by a few ulps, which the
 * comparison shows as no change; gpu_price 25000 to 25001 is a change. */
static void test_noise(void)
{
    static const char na[] = "[scenario]\nname = a\nhorizon_months = 24\n"
                             "hours_per_month = 500\n[site]\nelectricity_price = 0.3\n"
                             "[option own]\nacquire = buy\ncount = 8\ngpu_price = 25000\n"
                             "tdp_w = 1000\n"
                             "[option cloud]\nacquire = rent\ncount = 8\n"
                             "price_per_gpu_hour = 2.99\n";
    static const char nb[] = "[scenario]\nname = a\nhorizon_months = 24\n"
                             "hours_per_month = 500\n[site]\n"
                             "electricity_price = 0.30000000000000004\n"
                             "[option own]\nacquire = buy\ncount = 8\ngpu_price = 25000\n"
                             "tdp_w = 1000\n"
                             "[option cloud]\nacquire = rent\ncount = 8\n"
                             "price_per_gpu_hour = 2.990000000000001\n";
    /* The rule by hand: |b - a| <= 1e-12 * max(|a|, |b|) is 0. */
    CU_ASSERT_EQUAL(tco_compare_delta(100, 100 + 5e-11), 0);
    CU_ASSERT_DOUBLE_EQUAL(tco_compare_delta(100, 100 + 2e-10), 2e-10, 1e-14);
    CU_ASSERT_DOUBLE_EQUAL(tco_compare_delta(0, 1e-300), 1e-300, 1e-310); /* from 0: a change */
    CU_ASSERT_EQUAL(tco_compare_delta(-3, -3 - 3e-13), 0);
    CU_ASSERT_EQUAL(tco_compare_delta(0, 0), 0);
    CU_ASSERT_TRUE(isnan(tco_compare_delta(NAN, 1)));
    pair p;
    if (!load_pair(&p, na, nb)) {
        free_pair(&p);
        return;
    }
    const tco_comparison *c = p.c;
    CU_ASSERT_EQUAL(c->n_inputs, 0); /* inputs compare as their text of 15 digits */
    char buf[TCO_NUMTEXT_MAX];
    /* The figures differ as doubles (287040 and 287040.00000000006), not as figures. */
    const char *names[] = {
        "total", "npv", "power", "rental", "cost_per_gpu_hour", "breakeven_utilization"};
    int moved = 0;
    for (size_t i = 0; i < c->n_options; i++)
        for (size_t k = 0; k < sizeof names / sizeof *names; k++) {
            const tco_figure_diff *f = tco_option_diff_figure(&c->options[i], names[k]);
            CU_ASSERT_PTR_NOT_NULL_FATAL(f);
            if (isnan(f->a)) /* a rent option's break-even */
                continue;
            moved += f->a != f->b;
            CU_ASSERT_EQUAL(f->delta, 0);
            CU_ASSERT_TRUE(f->change == 0 || isnan(f->change));
            tco_compare_cell(buf, sizeof buf, c, f, TCO_CELL_DELTA); /* 0, 0.00: no sign */
            CU_ASSERT_STRING_EQUAL(buf, f->kind == TCO_FIG_RATE          ? "0.0 pp"
                                        : f->kind == TCO_FIG_MONEY_CENTS ? "0.00"
                                                                         : "0");
        }
    CU_ASSERT_TRUE(moved >= 4); /* the doubles themselves differ */
    char *j = json_text(c);
    CU_ASSERT_PTR_NULL(strstr(j, "e-1")); /* no delta such as 5.820766091346741e-11 */
    CU_ASSERT_PTR_NOT_NULL(strstr(j, "\"total\": {\"a\": "));
    CU_ASSERT_PTR_NOT_NULL(strstr(j, ", \"delta\": 0, \"change\": 0}"));
    free(j);
    free_pair(&p);
}

static void test_model_example(void)
{
    pair p;
    if (!load_pair(&p, model_a, model_b)) {
        free_pair(&p);
        return;
    }
    const tco_comparison *c = p.c;
    char buf[TCO_NUMTEXT_MAX];
    const tco_figure_diff *t = tco_option_diff_figure(&c->options[1], "total");
    CU_ASSERT_DOUBLE_EQUAL(t->a, 67200, 1e-6);
    CU_ASSERT_DOUBLE_EQUAL(t->b, 108000, 1e-6);
    CU_ASSERT_DOUBLE_EQUAL(t->delta, 40800, 1e-6);
    CU_ASSERT_DOUBLE_EQUAL(t->change, 40800.0 / 67200, 1e-12);
    CU_ASSERT_STRING_EQUAL(cell_of(c, 1, "total", TCO_CELL_A, buf, sizeof buf), "67,200");
    CU_ASSERT_STRING_EQUAL(cell_of(c, 1, "total", TCO_CELL_B, buf, sizeof buf), "108,000");
    CU_ASSERT_STRING_EQUAL(cell_of(c, 1, "total", TCO_CELL_DELTA, buf, sizeof buf), "+40,800");
    CU_ASSERT_STRING_EQUAL(cell_of(c, 1, "total", TCO_CELL_CHANGE, buf, sizeof buf), "+60.7%");
    /* A rate: its change in percentage points, no relative change. */
    CU_ASSERT_STRING_EQUAL(cell_of(c, 1, "utilization", TCO_CELL_A, buf, sizeof buf), "70.0%");
    CU_ASSERT_STRING_EQUAL(cell_of(c, 1, "utilization", TCO_CELL_DELTA, buf, sizeof buf),
                           "+20.0 pp");
    CU_ASSERT_STRING_EQUAL(cell_of(c, 1, "utilization", TCO_CELL_CHANGE, buf, sizeof buf),
                           TCO_DASH);
    /* The bought option's break-even: month 8 to 5, 41.7% to 33.3%. */
    const tco_figure_diff *bm = tco_option_diff_figure(&c->options[0], "breakeven_month");
    CU_ASSERT(bm->a == 8 && bm->b == 5 && bm->delta == -3 && isnan(bm->change));
    CU_ASSERT_STRING_EQUAL(cell_of(c, 0, "breakeven_month", TCO_CELL_DELTA, buf, sizeof buf), "-3");
    const tco_figure_diff *bu = tco_option_diff_figure(&c->options[0], "breakeven_utilization");
    CU_ASSERT_DOUBLE_EQUAL(bu->a, 40000.0 / 96000, 1e-12);
    CU_ASSERT_DOUBLE_EQUAL(bu->b, 40000.0 / 120000, 1e-12);
    CU_ASSERT_STRING_EQUAL(cell_of(c, 0, "breakeven_utilization", TCO_CELL_A, buf, sizeof buf),
                           "41.7%");
    CU_ASSERT_STRING_EQUAL(cell_of(c, 0, "breakeven_utilization", TCO_CELL_DELTA, buf, sizeof buf),
                           "-8.3 pp");
    /* The rent option has no break-even: a dash in every cell. */
    for (int cl = 0; cl < 4; cl++)
        CU_ASSERT_STRING_EQUAL(
            cell_of(c, 1, "breakeven_utilization", (tco_cmp_cell)cl, buf, sizeof buf), TCO_DASH);
    /* A flag has no delta; a text figure is its text. */
    CU_ASSERT_STRING_EQUAL(cell_of(c, 1, "feasible", TCO_CELL_A, buf, sizeof buf), "yes");
    CU_ASSERT_STRING_EQUAL(cell_of(c, 1, "feasible", TCO_CELL_DELTA, buf, sizeof buf), TCO_DASH);
    CU_ASSERT_STRING_EQUAL(cell_of(c, 1, "acquire", TCO_CELL_B, buf, sizeof buf), "rent");
    /* Inputs: the discount rate 8% to 10%, +2 pp; the price +0.5. */
    CU_ASSERT_EQUAL_FATAL(c->n_inputs, 4);
    const tco_input_diff *dr = &c->inputs[1], *pr = &c->inputs[3];
    CU_ASSERT_STRING_EQUAL(dr->key, "scenario.discount_rate");
    CU_ASSERT_STRING_EQUAL(tco_compare_input_cell(buf, sizeof buf, dr, TCO_CELL_A), "8%");
    CU_ASSERT_STRING_EQUAL(tco_compare_input_cell(buf, sizeof buf, dr, TCO_CELL_B), "10%");
    CU_ASSERT_STRING_EQUAL(tco_compare_input_cell(buf, sizeof buf, dr, TCO_CELL_DELTA), "+2 pp");
    CU_ASSERT_STRING_EQUAL(pr->key, "cloud.price_per_gpu_hour");
    CU_ASSERT_STRING_EQUAL(tco_compare_input_cell(buf, sizeof buf, pr, TCO_CELL_DELTA), "+0.5");
    CU_ASSERT_STRING_EQUAL(tco_compare_input_cell(buf, sizeof buf, &c->inputs[0], TCO_CELL_DELTA),
                           TCO_DASH);
    free_pair(&p);
}

static void test_same(void)
{
    pair p;
    if (!load_pair(&p, scenario_a, scenario_a)) {
        free_pair(&p);
        return;
    }
    /* The comparison keeps copies of the figures: the results may go first. */
    tco_result_free(p.ra);
    tco_result_free(p.rb);
    p.ra = p.rb = NULL;
    CU_ASSERT_EQUAL(p.c->n_inputs, 0);
    CU_ASSERT_EQUAL(p.c->n_options, 2);
    for (size_t i = 0; i < p.c->n_options; i++)
        CU_ASSERT_EQUAL(tco_option_diff_figure(&p.c->options[i], "total")->delta, 0);
    char *j = json_text(p.c);
    CU_ASSERT_PTR_NOT_NULL(strstr(j, "\"inputs\": [],\n  \"options\": ["));
    free(j);
    free_pair(&p);
}

static void test_arguments(void)
{
    tco_comparison *c = (tco_comparison *)&c;
    CU_ASSERT_EQUAL(tco_compare(NULL, NULL, &c), TCO_ERR_ARG);
    CU_ASSERT_PTR_NULL(c);
    CU_ASSERT_EQUAL(tco_compare(NULL, NULL, NULL), TCO_ERR_ARG);
    tco_comparison_free(NULL);
    CU_ASSERT_EQUAL(tco_compare_write_json_stream(NULL, stdout), TCO_ERR_ARG);
    CU_ASSERT_EQUAL(tco_compare_write_json(NULL, "x.json", NULL), TCO_ERR_ARG);
    CU_ASSERT_EQUAL(tco_compare_write_xlsx(NULL, "x.xlsx", 0, NULL), TCO_ERR_ARG);
    CU_ASSERT_PTR_NULL(tco_option_diff_figure(NULL, "total"));
}

/* ===== Writers ===== */

/* A saved report (tco_saved_report_load_string) of A's JSON compared with A
 * computed: every number figure the JSON holds is equal on both sides, the
 * rank (not in the JSON) does not apply on the saved side, no input is
 * compared; and hostile JSON is refused with its line. */
static void test_saved(void)
{
    pair p;
    if (!load_pair(&p, scenario_a, scenario_b)) {
        free_pair(&p);
        return;
    }
    FILE *f = tmpfile();
    CU_ASSERT_EQUAL(tco_report_write_json_stream(p.ra, f), TCO_OK);
    char *j = check_slurp(f);
    fclose(f);
    tco_diags *d = tco_diags_new();
    tco_saved_report *saved = NULL;
    CU_ASSERT_EQUAL(tco_saved_report_load_string(j, strlen(j), "a.json", &saved, d), TCO_OK);
    check_print_diags(d);
    tco_comparison *c = NULL;
    CU_ASSERT_EQUAL(tco_compare_saved(NULL, saved, p.ra, NULL, &c), TCO_OK);
    if (c) {
        CU_ASSERT_FALSE(c->inputs_compared);
        CU_ASSERT_EQUAL(c->n_inputs, 0);
        CU_ASSERT_STRING_EQUAL(c->a->file, "a.json");
        CU_ASSERT_STRING_EQUAL(c->a->name, "a");
        CU_ASSERT_EQUAL(c->n_options, 2);
        for (size_t i = 0; i < c->n_options; i++) {
            const tco_option_diff *o = &c->options[i];
            CU_ASSERT_TRUE(o->in_a && o->in_b);
            for (size_t k = 0; k < o->n_figures; k++) {
                const tco_figure_diff *g = &o->figures[k];
                if (strcmp(g->name, "rank") == 0) {
                    CU_ASSERT_FALSE(g->applies_a);
                    CU_ASSERT_TRUE(g->applies_b);
                } else {
                    /* The same figures, applying to the same options (a rent
                     * option's residual is - on both sides). */
                    CU_ASSERT_EQUAL(g->applies_a, g->applies_b);
                    CU_ASSERT_EQUAL(isnan(g->a), isnan(g->b));
                    if (!isnan(g->a))
                        CU_ASSERT_DOUBLE_EQUAL(g->delta, 0, 0); /* 17 digits read back */
                }
            }
        }
        const tco_figure_diff *total = tco_option_diff_figure(&c->options[1], "total");
        /* cloud: 8 GPUs x 500 hours x 6.00 x 24 months = 576,000 (u = 1). */
        CU_ASSERT_DOUBLE_EQUAL(total->a, 576000, 1e-6);
    }
    tco_comparison_free(c);
    tco_saved_report_free(saved);
    CU_ASSERT_EQUAL(tco_compare_saved(NULL, NULL, p.ra, NULL, &c), TCO_ERR_ARG);
    CU_ASSERT_PTR_NULL(c);
    static const char broken[] = "{\"scenario\": {\"name\": \"x\"},\n\"options\": [,]}";
    saved = NULL;
    CU_ASSERT_EQUAL(tco_saved_report_load_string(broken, strlen(broken), "b.json", &saved, d),
                    TCO_ERR_INPUT);
    CU_ASSERT_PTR_NULL(saved);
    const tco_diag *last = tco_diags_get(d, tco_diags_count(d) - 1);
    CU_ASSERT_STRING_EQUAL(last->file, "b.json");
    CU_ASSERT_EQUAL(last->line, 2);
    tco_diags_free(d);
    free(j);
    free_pair(&p);
}

static void test_json(void)
{
    pair p;
    if (!load_pair(&p, scenario_a, scenario_b)) {
        free_pair(&p);
        return;
    }
    char *j = json_text(p.c);
    CU_ASSERT_PTR_NOT_NULL(strstr(j, "{\n  \"format_version\": 1,\n"
                                     "  \"a\": {\"name\": \"a\", \"file\": \"a.ini\"},\n"
                                     "  \"b\": {\"name\": \"b\", \"file\": \"b.ini\"},\n"
                                     "  \"inputs_compared\": true,\n"));
    CU_ASSERT_PTR_NOT_NULL(
        strstr(j, "\n    {\"key\": \"site.electricity_price\", \"a\": \"0.1\", \"b\": \"0.12\"},"));
    CU_ASSERT_PTR_NOT_NULL(strstr(j, "{\"id\": \"cloud\", \"in_a\": true, \"in_b\": false, "
                                     "\"label\": {\"a\": \"cloud\", \"b\": null}"));
    CU_ASSERT_PTR_NOT_NULL(strstr(j, "\"capex\": {\"a\": 0, \"b\": null, \"delta\": null, "
                                     "\"change\": null}"));
    CU_ASSERT_PTR_NOT_NULL(
        strstr(j, "\"capex\": {\"a\": 200000, \"b\": 240000, \"delta\": 40000, \"change\": 0.2"));
    CU_ASSERT_PTR_NOT_NULL(strstr(j, "\n  ]\n}\n"));

    /* The file form writes the same bytes, atomically. */
    char dir[64], path[128];
    make_dir(dir, sizeof dir);
    snprintf(path, sizeof path, "%s/c.json", dir);
    tco_diags *d = tco_diags_new();
    CU_ASSERT_EQUAL(tco_compare_write_json(p.c, path, d), TCO_OK);
    char *f = check_read_file(path);
    CU_ASSERT_PTR_NOT_NULL_FATAL(f);
    CU_ASSERT_STRING_EQUAL(f, j);
    CU_ASSERT_EQUAL(files_in(dir), 1);
    free(f);

    /* A stream that cannot be written is an I/O error. */
    FILE *ro = fopen("/dev/null", "r");
    CU_ASSERT_EQUAL(tco_compare_write_json_stream(p.c, ro), TCO_ERR_IO);
    fclose(ro);
    /* A directory cannot be the target. */
    CU_ASSERT_EQUAL(tco_compare_write_json(p.c, dir, d), TCO_ERR_IO);
    CU_ASSERT_PTR_NOT_NULL(strstr(check_diags_text(d), "cannot write"));
    tco_diags_free(d);
    remove_dir(dir);
    free(j);
    free_pair(&p);
}

static void test_xlsx(void)
{
    pair p;
    if (!load_pair(&p, scenario_a, scenario_b)) {
        free_pair(&p);
        return;
    }
    char dir[64], path[128];
    make_dir(dir, sizeof dir);
    snprintf(path, sizeof path, "%s/c.xlsx", dir);
    tco_diags *d = tco_diags_new();
    CU_ASSERT_EQUAL(tco_compare_write_xlsx(p.c, path, 1767225600, d), TCO_OK);
    check_print_diags(d);
    char *x = check_read_file(path);
    CU_ASSERT_PTR_NOT_NULL_FATAL(x);
    CU_ASSERT_EQUAL(memcmp(x, "PK", 2), 0); /* a zip */
    free(x);
    CU_ASSERT_EQUAL(files_in(dir), 1); /* the temporary file was renamed */

    /* A name that is not UTF-8 is refused before anything is written; an
     * existing workbook stays as it was. */
    struct stat before, after;
    CU_ASSERT_EQUAL(stat(path, &before), 0);
    free(p.sb->name);
    p.sb->name = strdup("b\xff");
    CU_ASSERT_EQUAL(tco_compare_write_xlsx(p.c, path, 0, d), TCO_ERR_INPUT);
    CU_ASSERT_PTR_NOT_NULL(strstr(check_diags_text(d), "invalid UTF-8 in a scenario name"));
    CU_ASSERT_EQUAL(stat(path, &after), 0);
    CU_ASSERT_EQUAL(before.st_ino, after.st_ino);
    CU_ASSERT_EQUAL(files_in(dir), 1);

    /* A directory that does not exist: an I/O error, nothing left behind. */
    snprintf(path, sizeof path, "%s/missing/c.xlsx", dir);
    free(p.sb->name);
    p.sb->name = strdup("b");
    CU_ASSERT_EQUAL(tco_compare_write_xlsx(p.c, path, 0, d), TCO_ERR_IO);
    CU_ASSERT_EQUAL(files_in(dir), 1);
    tco_diags_free(d);
    remove_dir(dir);
    free_pair(&p);
}

/* ===== Atomic output ===== */

static tco_status put_text(FILE *out, const void *arg)
{
    fputs(arg, out);
    return ferror(out) ? TCO_ERR_IO : TCO_OK;
}

static tco_status put_half_then_fail(FILE *out, const void *arg)
{
    fputs(arg, out);
    return TCO_ERR_IO;
}

static void test_write_atomic(void)
{
    char dir[64], path[128];
    make_dir(dir, sizeof dir);
    snprintf(path, sizeof path, "%s/note.txt", dir);
    tco_diags *d = tco_diags_new();
    CU_ASSERT_EQUAL(tco_write_atomic(path, put_text, "first\n", d), TCO_OK);
    char *t = check_read_file(path);
    CU_ASSERT_STRING_EQUAL(t, "first\n");
    free(t);
    /* A writer that fails leaves the old file and no temporary file. */
    CU_ASSERT_EQUAL(tco_write_atomic(path, put_half_then_fail, "second\n", d), TCO_ERR_IO);
    t = check_read_file(path);
    CU_ASSERT_STRING_EQUAL(t, "first\n");
    free(t);
    CU_ASSERT_EQUAL(files_in(dir), 1);
    CU_ASSERT_PTR_NOT_NULL(strstr(check_diags_text(d), "note.txt: error: cannot write"));
    /* Replaced whole on success. */
    CU_ASSERT_EQUAL(tco_write_atomic(path, put_text, "third\n", d), TCO_OK);
    t = check_read_file(path);
    CU_ASSERT_STRING_EQUAL(t, "third\n");
    free(t);
    CU_ASSERT_EQUAL(tco_write_atomic(NULL, put_text, "x", d), TCO_ERR_ARG);
    CU_ASSERT_EQUAL(tco_write_atomic(path, NULL, "x", d), TCO_ERR_ARG);
    tco_diags_free(d);
    remove_dir(dir);
}

int main(void)
{
    static const check_case cases[] = {
        {"inputs that differ, in key-table and option order", test_inputs},
        {"named sites: site.NAME.KEY in effect, present or absent", test_sites},
        {"long text inputs compared and kept whole", test_long_text},
        {"figures equal the results', options in one scenario only", test_figures},
        {"the example of MODEL.md: deltas, changes, pp, dashes", test_model_example},
        {"a scenario against itself: nothing differs; results freed first", test_same},
        {"noise: a difference within a relative 1e-12 is no change", test_noise},
        {"NULL arguments and figure names", test_arguments},
        {"JSON: stream and file forms, errors", test_json},
        {"a saved report against a result", test_saved},
        {"workbook: written atomically, bad names and paths refused", test_xlsx},
        {"tco_write_atomic: all or nothing", test_write_atomic},
        {NULL, NULL},
    };
    return check_run("compare", cases);
}
