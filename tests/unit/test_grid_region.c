/* test_grid_region.c - a rented GPU's emissions from its provider region's
 * intensity in the catalog (docs/MODEL.md, Carbon): the hand-worked example
 * of tests/carbon/carbon-region.ini over tests/data/catalog/grid-regions.xml,
 * a value given in the scenario winning, an offer without a region or a
 * region without an entry (null), a catalog value alone not turning the
 * carbon figures on, the option's own tdp_w, the later catalog winning, and
 * carbon_in_total satisfied by the catalog's figure. */
#include "check.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#define CLOSE(a, b) CU_ASSERT(check_close((a), (b)))
#define CATALOG     TCO_SOURCE_DIR "/tests/data/catalog/grid-regions.xml"

/* Load `text` with the test catalog read after it (as --catalog is). */
static tco_scenario *load(const char *text, tco_diags *d)
{
    static const char *const after[] = {CATALOG, NULL};
    tco_load_options opts = {.catalogs_after = after};
    tco_scenario *s = NULL;
    tco_scenario_load_string_opt(text, "g.ini", &opts, &s, d);
    return s;
}

static const tco_option *option(const tco_scenario *s, const char *id)
{
    int i = tco_scenario_find(s, id);
    CU_ASSERT_FATAL(i >= 0);
    return &s->options[i];
}

static const tco_option_result *result(const tco_result *r, const char *id)
{
    int i = tco_scenario_find(r->scenario, id);
    CU_ASSERT_FATAL(i >= 0);
    return &r->options[i];
}

/* MODEL.md's example, by hand: the GPU's draw at load 700 W x 0.90 = 630 W.
 * east: Acme east-1, 0.63 kW x 1.2 x 0.4 = 0.3024 kg a GPU-hour; 2 GPUs x 730 x
 * 0.5 x 12 = 8,760 GPU-hours, 8,760 x 0.3024 / 1000 = 2.649024 t, 264.9024 at
 * 100 a tonne. west: offer = cheapest in West-2, which ACME west-2 matches in
 * any case: 0.63 x 1.1 x 0.1 = 0.0693 kg; 1 x 730 x 12 = 8,760 GPU-hours,
 * 0.607068 t. given: 0.5 kg of its own, 4.38 t. nowhere: no region, null. */
static void test_by_hand(void)
{
    tco_diags *d = tco_diags_new();
    tco_scenario *s = NULL;
    CU_ASSERT_EQUAL(tco_scenario_load_file(TCO_SOURCE_DIR "/tests/carbon/carbon-region.ini", &s, d),
                    TCO_OK);
    CU_ASSERT_STRING_EQUAL(check_diags_text(d), "");
    tco_diags_free(d);
    CU_ASSERT_PTR_NOT_NULL_FATAL(s);
    const tco_option *east = option(s, "east"), *west = option(s, "west"),
                     *given = option(s, "given"), *nowhere = option(s, "nowhere");
    CLOSE(east->kgco2e_per_gpu_hour, 0.3024);
    CU_ASSERT_EQUAL(east->src[TCO_O_KGCO2E_PER_GPU_HOUR], TCO_SRC_CATALOG);
    CU_ASSERT_PTR_NOT_NULL_FATAL(east->grid_region);
    CU_ASSERT_STRING_EQUAL(east->grid_region->id, "acme-east-1");
    CU_ASSERT_EQUAL(east->grid_region->line, 45);
    CLOSE(west->kgco2e_per_gpu_hour, 0.0693);
    CU_ASSERT_STRING_EQUAL(west->offer_entry->id, "west-od");
    CU_ASSERT_PTR_NOT_NULL_FATAL(west->grid_region);
    CU_ASSERT_STRING_EQUAL(west->grid_region->id, "acme-west-2");
    CLOSE(given->kgco2e_per_gpu_hour, 0.5);
    CU_ASSERT_EQUAL(given->src[TCO_O_KGCO2E_PER_GPU_HOUR], TCO_SRC_INI);
    CU_ASSERT_PTR_NULL(given->grid_region);
    CU_ASSERT_EQUAL(nowhere->src[TCO_O_KGCO2E_PER_GPU_HOUR], 0);
    CU_ASSERT_PTR_NULL(nowhere->grid_region);

    tco_result *r = NULL;
    CU_ASSERT_EQUAL_FATAL(tco_compute(s, &r), TCO_OK);
    const tco_option_result *re = result(r, "east"), *rw = result(r, "west"),
                            *rg = result(r, "given"), *rn = result(r, "nowhere");
    CLOSE(re->scope3_purchased_tco2e, 2.649024);
    CLOSE(re->tco2e, 2.649024);
    CLOSE(re->carbon_cost, 264.9024);
    CLOSE(re->scope2_location_tco2e, 0); /* the provider's electricity is in the figure */
    CLOSE(rw->tco2e, 0.607068);
    CLOSE(rw->carbon_cost, 60.7068);
    CLOSE(rg->tco2e, 4.38);
    CU_ASSERT(isnan(rn->scope3_purchased_tco2e));
    CU_ASSERT(isnan(rn->tco2e));
    /* The totals are the rentals alone: the carbon cost is beside them. */
    CLOSE(re->total, 8760 * 2.0);
    CLOSE(rw->total, 8760 * 1.5);
    tco_result_free(r);
    tco_scenario_free(s);
}

/* The catalog fills the figure, but without a carbon key of the scenario no
 * output has carbon figures (MODEL.md: a catalog value alone does not turn
 * them on). */
static void test_catalog_alone(void)
{
    tco_diags *d = tco_diags_new();
    tco_scenario *s = load("[scenario]\nname = t\nhorizon_months = 12\nas_of = 2026-12-01\n"
                           "[option east]\nacquire = rent\ncount = 1\noffer = east-od\n",
                           d);
    CU_ASSERT_PTR_NOT_NULL_FATAL(s);
    CLOSE(option(s, "east")->kgco2e_per_gpu_hour, 0.3024);
    CU_ASSERT_FALSE(tco_scenario_carbon(s));
    tco_result *r = NULL;
    CU_ASSERT_EQUAL_FATAL(tco_compute(s, &r), TCO_OK);
    CU_ASSERT(isnan(result(r, "east")->tco2e));
    tco_result_free(r);
    tco_scenario_free(s);
    tco_diags_free(d);
}

/* The option's own tdp_w is the GPU's: 1,000 W x 0.90 x 1.2 x 0.4 / 1000 =
 * 0.432 kg. A GPU with no offer, or an offer whose provider has no entry for
 * its region, takes none. */
static void test_option_power_and_no_match(void)
{
    tco_diags *d = tco_diags_new();
    tco_scenario *s = load(
        "[scenario]\nname = t\nhorizon_months = 12\nas_of = 2026-12-01\ncarbon_price = 1\n"
        "[option big]\nacquire = rent\ncount = 1\nutilization = 1\noffer = east-od\ntdp_w = 1000\n"
        "[option label]\nacquire = rent\ncount = 1\nutilization = 1\ngpu = grid-gpu\n"
        "price_per_gpu_hour = 1\n",
        d);
    CU_ASSERT_STRING_EQUAL(check_diags_text(d), "");
    CU_ASSERT_PTR_NOT_NULL_FATAL(s);
    CLOSE(option(s, "big")->kgco2e_per_gpu_hour, 0.432);
    CU_ASSERT_EQUAL(option(s, "label")->src[TCO_O_KGCO2E_PER_GPU_HOUR], 0);
    tco_scenario_free(s);
    tco_diags_free(d);

    /* The catalog's lookup: either side's case, the last entry read winning,
     * nothing for a provider or a region not given. */
    tco_catalog *cat = tco_catalog_new();
    CU_ASSERT_EQUAL_FATAL(tco_catalog_load_file(cat, CATALOG, NULL), TCO_OK);
    CU_ASSERT_EQUAL(cat->n_grid_regions, 2);
    const tco_grid_region *g = tco_catalog_grid_region(cat, "acme", "WEST-2");
    CU_ASSERT_PTR_NOT_NULL_FATAL(g);
    CU_ASSERT_STRING_EQUAL(g->id, "acme-west-2");
    CU_ASSERT_STRING_EQUAL(g->source, "made up for the tests");
    CU_ASSERT_STRING_EQUAL(g->as_of, "2026-11-15");
    CLOSE(g->kgco2e_per_kwh, 0.1);
    CLOSE(g->pue, 1.1);
    CU_ASSERT_PTR_NULL(tco_catalog_grid_region(cat, "Acme", "north-3"));
    CU_ASSERT_PTR_NULL(tco_catalog_grid_region(cat, "Other", "east-1"));
    CU_ASSERT_PTR_NULL(tco_catalog_grid_region(cat, NULL, "east-1"));
    CU_ASSERT_PTR_NULL(tco_catalog_grid_region(cat, "Acme", NULL));
    CU_ASSERT_PTR_NULL(tco_catalog_grid_region(NULL, "Acme", "east-1"));
    static const char later[] =
        "<catalog version=\"1\"><grid-region id=\"acme-east-1-new\"><provider>acme</provider>"
        "<region>EAST-1</region><kgco2e-per-kwh>0.2</kgco2e-per-kwh><pue>1.5</pue>"
        "<source>s</source><as-of>2026-12-01</as-of></grid-region>"
        "<grid-region id=\"acme-west-2\"><provider>Acme</provider><region>west-2</region>"
        "<kgco2e-per-kwh>0.3</kgco2e-per-kwh><pue>1</pue><source>s</source>"
        "<as-of>2026-12-01</as-of></grid-region></catalog>";
    CU_ASSERT_EQUAL_FATAL(tco_catalog_load_string(cat, later, strlen(later), "later.xml", NULL),
                          TCO_OK);
    CU_ASSERT_EQUAL(cat->n_grid_regions, 3); /* one replaced by its id, one added */
    CU_ASSERT_STRING_EQUAL(cat->grid_regions[1].id, "acme-west-2");
    CLOSE(cat->grid_regions[1].kgco2e_per_kwh, 0.3);
    CU_ASSERT_STRING_EQUAL(tco_catalog_grid_region(cat, "Acme", "east-1")->id, "acme-east-1-new");
    tco_catalog_free(cat);
}

/* carbon_in_total needs every option's emissions: the catalog's figure counts,
 * an offer without a region's does not (the error at the flag's line). */
static void test_carbon_in_total(void)
{
    tco_diags *d = tco_diags_new();
    tco_scenario *s =
        load("[scenario]\nname = t\nhorizon_months = 12\nas_of = 2026-12-01\ncarbon_price = 100\n"
             "carbon_in_total = yes\n"
             "[option east]\nacquire = rent\ncount = 1\nutilization = 1\n"
             "offer = east-od\n",
             d);
    CU_ASSERT_STRING_EQUAL(check_diags_text(d), "");
    CU_ASSERT_PTR_NOT_NULL_FATAL(s);
    tco_result *r = NULL;
    CU_ASSERT_EQUAL_FATAL(tco_compute(s, &r), TCO_OK);
    /* 8,760 GPU-hours x (2 + 0.3024 kg x 100 / 1000) = 17,520 + 264.9024. */
    CLOSE(result(r, "east")->total, 17520 + 264.9024);
    tco_result_free(r);
    tco_scenario_free(s);
    tco_diags_free(d);

    d = tco_diags_new();
    s = load("[scenario]\nname = t\nhorizon_months = 12\nas_of = 2026-12-01\ncarbon_price = 100\n"
             "carbon_in_total = yes\n"
             "[option nowhere]\nacquire = rent\ncount = 1\noffer = nowhere-od\n",
             d);
    CU_ASSERT_PTR_NULL(s);
    CU_ASSERT_PTR_NOT_NULL(strstr(check_diags_text(d), "g.ini:6: error:"));
    CU_ASSERT_PTR_NOT_NULL(strstr(check_diags_text(d), "it has no kgco2e_per_gpu_hour"));
    tco_scenario_free(s);
    tco_diags_free(d);
}

/* The shipped catalog: its offers with a region take their provider region's
 * figures. gcp-a3-h100-spot (us-central1): 700 W x 0.90 = 0.63 kW x PUE 1.1 x
 * 0.454 = 0.314622 kg a GPU-hour; aws-p5en-h200-spot (us-east-1): 0.63 kW x
 * 1.135 x 0.379069 = 0.2710532... kg; an offer without a region, none. */
static void test_shipped(void)
{
    static const char *const before[] = {TCO_SOURCE_DIR "/pricing/gpus.xml", NULL};
    tco_load_options opts = {.catalogs_before = before};
    tco_diags *d = tco_diags_new();
    tco_scenario *s = NULL;
    tco_scenario_load_string_opt("[scenario]\nname = t\nas_of = 2026-12-01\n"
                                 "[option g]\nacquire = rent\ncount = 1\nutilization = 1\n"
                                 "offer = gcp-a3-h100-spot\n"
                                 "[option a]\nacquire = rent\ncount = 1\nutilization = 1\n"
                                 "offer = aws-p5en-h200-spot\n"
                                 "[option n]\nacquire = rent\ncount = 1\nutilization = 1\n"
                                 "offer = aws-p5-h100\n",
                                 "s.ini", &opts, &s, d);
    CU_ASSERT_PTR_NOT_NULL_FATAL(s);
    CLOSE(option(s, "g")->kgco2e_per_gpu_hour, 0.314622);
    CU_ASSERT_STRING_EQUAL(option(s, "g")->grid_region->id, "gcp-us-central1");
    CLOSE(option(s, "a")->kgco2e_per_gpu_hour, 0.63 * 1.135 * 0.379069);
    CU_ASSERT_STRING_EQUAL(option(s, "a")->grid_region->id, "aws-us-east-1");
    CU_ASSERT_PTR_NULL(option(s, "n")->grid_region);
    tco_scenario_free(s);
    tco_diags_free(d);
}

/* A value inherited with base = is the scenario's and wins; a value the base
 * took from its own offer's grid region is not inherited: the option takes
 * its own offer's. */
static void test_inherited(void)
{
    tco_diags *d = tco_diags_new();
    tco_scenario *s = load("[scenario]\nname = t\nhorizon_months = 12\nas_of = 2026-12-01\n"
                           "carbon_price = 1\n"
                           "[option p]\nacquire = rent\ncount = 1\nutilization = 1\n"
                           "offer = west-od\nkgco2e_per_gpu_hour = 0.5\n"
                           "[option c]\nbase = p\noffer = east-od\n"
                           "[option q]\nacquire = rent\ncount = 1\nutilization = 1\n"
                           "offer = west-od\n"
                           "[option r]\nbase = q\noffer = east-od\n",
                           d);
    CU_ASSERT_STRING_EQUAL(check_diags_text(d), "");
    CU_ASSERT_PTR_NOT_NULL_FATAL(s);
    CLOSE(option(s, "c")->kgco2e_per_gpu_hour, 0.5);
    CU_ASSERT_PTR_NULL(option(s, "c")->grid_region);
    CLOSE(option(s, "q")->kgco2e_per_gpu_hour, 0.0693);
    CLOSE(option(s, "r")->kgco2e_per_gpu_hour, 0.3024);
    CU_ASSERT_STRING_EQUAL(option(s, "r")->grid_region->id, "acme-east-1");
    tco_scenario_free(s);
    tco_diags_free(d);
}

int main(void)
{
    static const check_case cases[] = {
        {"the hand-worked example", test_by_hand},
        {"a catalog value alone turns no carbon figure on", test_catalog_alone},
        {"the option's power; no match, no figure; the lookup", test_option_power_and_no_match},
        {"carbon_in_total with the catalog's figure", test_carbon_in_total},
        {"the shipped catalog's regions", test_shipped},
        {"inherited with base =", test_inherited},
        {NULL, NULL},
    };
    return check_run("grid_region", cases);
}
