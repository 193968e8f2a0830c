/* test_tables.c - the key tables of tco/core/keys.c: every row present, and
 * the workbook's and the sensitivity analysis's columns as they are meant to
 * be. Every expected value is written out by hand from docs/WORKBOOK.md and
 * docs/MODEL.md, not taken from the code's output. */
#include "check.h"

/* ===== Key tables ===== */

/* Every row of both tables is set (a row left out of the designated
 * initialisers is all zeros: no name), and its section is the right one. */
static void test_keys_every_row(void)
{
    for (int k = 0; k < TCO_S_COUNT; k++) {
        const tco_keydef *kd = tco_scenario_key((tco_skey)k);
        CU_ASSERT_PTR_NOT_NULL_FATAL(kd);
        CU_ASSERT_PTR_NOT_NULL(kd->name);
        CU_ASSERT_PTR_NOT_NULL(kd->label);
        CU_ASSERT_PTR_NOT_NULL(kd->unit_label);
        CU_ASSERT_PTR_NOT_NULL_FATAL(kd->section);
        CU_ASSERT(strcmp(kd->section, "scenario") == 0 || strcmp(kd->section, "site") == 0 ||
                  strcmp(kd->section, "workload") == 0);
    }
    for (int k = 0; k < TCO_O_COUNT; k++) {
        const tco_keydef *kd = tco_option_key((tco_okey)k);
        CU_ASSERT_PTR_NOT_NULL_FATAL(kd);
        CU_ASSERT_PTR_NOT_NULL(kd->name);
        CU_ASSERT_PTR_NOT_NULL(kd->label);
        CU_ASSERT_PTR_NOT_NULL(kd->unit_label);
        CU_ASSERT_PTR_NOT_NULL_FATAL(kd->section);
        CU_ASSERT_STRING_EQUAL(kd->section, "option");
        CU_ASSERT_PTR_NULL(kd->sheet_name); /* defined names are on global inputs only */
    }
    CU_ASSERT_PTR_NULL(tco_scenario_key(TCO_S_COUNT));
    CU_ASSERT_PTR_NULL(tco_option_key(TCO_O_COUNT));
    CU_ASSERT_PTR_NULL(tco_scenario_key((tco_skey)-1));
}

/* Each row sits at its enum value: the INI spelling is the enum name in
 * lower case (the `count` key excepted). A few rows, both ends of each table. */
static void test_keys_order(void)
{
    CU_ASSERT_STRING_EQUAL(tco_scenario_key(TCO_S_NAME)->name, "name");
    CU_ASSERT_STRING_EQUAL(tco_scenario_key(TCO_S_ELECTRICITY_PRICE)->name, "electricity_price");
    CU_ASSERT_STRING_EQUAL(tco_scenario_key(TCO_S_ELECTRICITY_PRICE)->section, "site");
    CU_ASSERT_STRING_EQUAL(tco_scenario_key(TCO_S_UTILIZATION)->section, "workload");
    CU_ASSERT_STRING_EQUAL(tco_scenario_key(TCO_S_INCLUDE)->name, "include");
    CU_ASSERT_STRING_EQUAL(tco_option_key(TCO_O_LABEL)->name, "label");
    CU_ASSERT_STRING_EQUAL(tco_option_key(TCO_O_COUNT_GPUS)->name, "count");
    CU_ASSERT_STRING_EQUAL(tco_option_key(TCO_O_PRICE_PER_GPU_HOUR)->name, "price_per_gpu_hour");
    CU_ASSERT_STRING_EQUAL(tco_option_key(TCO_O_BASE)->name, "base");
    /* Ranges and defaults of MODEL.md: PUE 1.5 in [1, 3], 730 hours a month. */
    CU_ASSERT_EQUAL(tco_scenario_key(TCO_S_PUE)->def, 1.5);
    CU_ASSERT_EQUAL(tco_scenario_key(TCO_S_PUE)->lo, 1);
    CU_ASSERT_EQUAL(tco_scenario_key(TCO_S_PUE)->hi, 3);
    CU_ASSERT_EQUAL(tco_scenario_key(TCO_S_HOURS_PER_MONTH)->def, 730);
    CU_ASSERT_EQUAL(tco_option_key(TCO_O_GPUS_PER_SERVER)->def, 8);
    CU_ASSERT_EQUAL(tco_option_key(TCO_O_GPU_PRICE)->applies, TCO_APPLIES_BUY);
    CU_ASSERT_EQUAL(tco_option_key(TCO_O_UPFRONT)->applies, TCO_APPLIES_RENT);
}

/* The workbook's defined names (WORKBOOK.md) and nothing else. */
static void test_keys_sheet_names(void)
{
    static const struct {
        tco_skey key;
        const char *name;
    } want[] = {
        {TCO_S_HORIZON_MONTHS, "HorizonMonths"},
        {TCO_S_DISCOUNT_RATE, "DiscountRate"},
        {TCO_S_HOURS_PER_MONTH, "HoursPerMonth"},
        {TCO_S_ELECTRICITY_PRICE, "ElectricityPrice"},
        {TCO_S_ELECTRICITY_ESCALATION, "ElectricityEscalation"},
        {TCO_S_PUE, "PUE"},
        {TCO_S_COLO_PER_KW_MONTH, "ColoPerKwMonth"},
        {TCO_S_UTILIZATION, "WorkloadUtilization"},
    };
    size_t n = sizeof want / sizeof want[0], named = 0;
    for (size_t j = 0; j < n; j++) {
        const char *got = tco_scenario_key(want[j].key)->sheet_name;
        CU_ASSERT_PTR_NOT_NULL_FATAL(got);
        CU_ASSERT_STRING_EQUAL(got, want[j].name);
    }
    for (int k = 0; k < TCO_S_COUNT; k++)
        named += tco_scenario_key((tco_skey)k)->sheet_name != NULL;
    CU_ASSERT_EQUAL(named, n);
}

/* Live inputs: the seven global numbers the cash flows read (the horizon
 * shapes the sheets, so it is fixed), and the option numbers of the cash-flow
 * sheets; text, enumerations and catalog references are not live. */
static void test_keys_live(void)
{
    static const tco_skey global[] = {
        TCO_S_DISCOUNT_RATE, TCO_S_HOURS_PER_MONTH,     TCO_S_ELECTRICITY_PRICE,
        TCO_S_ELECTRICITY_ESCALATION, TCO_S_PUE, TCO_S_COLO_PER_KW_MONTH,
        TCO_S_UTILIZATION,
    };
    size_t live = 0;
    for (size_t j = 0; j < sizeof global / sizeof global[0]; j++)
        CU_ASSERT_EQUAL(tco_scenario_key(global[j])->live, 1);
    for (int k = 0; k < TCO_S_COUNT; k++)
        live += tco_scenario_key((tco_skey)k)->live != 0;
    CU_ASSERT_EQUAL(live, 7);
    CU_ASSERT_EQUAL(tco_scenario_key(TCO_S_HORIZON_MONTHS)->live, 0);
    CU_ASSERT_EQUAL(tco_scenario_key(TCO_S_MODEL_PARAMS)->live, 0);

    /* Of the 32 option keys, 8 are not live: label, acquire, gpu, memory_gb
     * (sizing only), depreciation, pricing, offer, base. */
    static const tco_okey fixed[] = {TCO_O_LABEL,        TCO_O_ACQUIRE, TCO_O_GPU,
                                     TCO_O_MEMORY_GB,    TCO_O_DEPRECIATION, TCO_O_PRICING,
                                     TCO_O_OFFER,        TCO_O_BASE};
    live = 0;
    for (size_t j = 0; j < sizeof fixed / sizeof fixed[0]; j++)
        CU_ASSERT_EQUAL(tco_option_key(fixed[j])->live, 0);
    for (int k = 0; k < TCO_O_COUNT; k++)
        live += tco_option_key((tco_okey)k)->live != 0;
    CU_ASSERT_EQUAL(TCO_O_COUNT, 32);
    CU_ASSERT_EQUAL(live, 32 - 8);
    CU_ASSERT_EQUAL(tco_option_key(TCO_O_GPU_PRICE)->live, 1);
    CU_ASSERT_EQUAL(tco_option_key(TCO_O_STORAGE_PER_MONTH)->live, 1);
}

/* The standard sensitivity drivers, numbered 1..9 without gaps across both
 * tables, in the order of MODEL.md's sensitivity section. */
static void test_keys_drivers(void)
{
    static const char *const want[] = {
        "gpu_price",          "electricity_price", "pue",
        "utilization",        "resale_fraction",   "price_per_gpu_hour",
        "price_decline",      "discount_rate",     "maintenance_rate",
    };
    enum { N = sizeof want / sizeof want[0] };
    const tco_keydef *seen[N + 1] = {NULL};
    int count = 0;
    for (int pass = 0; pass < 2; pass++) {
        int n = pass ? TCO_O_COUNT : TCO_S_COUNT;
        for (int k = 0; k < n; k++) {
            const tco_keydef *kd = pass ? tco_option_key((tco_okey)k)
                                        : tco_scenario_key((tco_skey)k);
            if (kd->driver == 0)
                continue;
            CU_ASSERT_FATAL(kd->driver >= 1 && kd->driver <= N);
            CU_ASSERT_PTR_NULL(seen[kd->driver]); /* each number once */
            seen[kd->driver] = kd;
            count++;
        }
    }
    CU_ASSERT_EQUAL_FATAL(count, N);
    for (int d = 1; d <= N; d++)
        CU_ASSERT_STRING_EQUAL(seen[d]->name, want[d - 1]);
    /* The utilization driver is the [workload] key, not the option key. */
    CU_ASSERT_EQUAL(tco_scenario_key(TCO_S_UTILIZATION)->driver, 4);
    CU_ASSERT_EQUAL(tco_option_key(TCO_O_UTILIZATION)->driver, 0);
}

int main(void)
{
    static const check_case cases[] = {
        {"keys_every_row", test_keys_every_row},
        {"keys_order", test_keys_order},
        {"keys_sheet_names", test_keys_sheet_names},
        {"keys_live", test_keys_live},
        {"keys_drivers", test_keys_drivers},
        {NULL, NULL},
    };
    return check_run("tables", cases);
}
