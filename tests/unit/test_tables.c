/* test_tables.c - the key tables of tco/core/keys.c and the result field
 * table of tco/core/fields.c: every row present, the workbook's and the
 * sensitivity analysis's columns as they are meant to be, and the writers
 * reading the field table. Every expected value is written out by hand from
 * docs/WORKBOOK.md and docs/MODEL.md (the arithmetic in the comments), not
 * taken from the code's output. */
#include "check.h"
#include "core/fields.h"

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
                  strcmp(kd->section, "workload") == 0 || strcmp(kd->section, "tax") == 0);
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

/* A plausible bound of a key lies inside its valid range, only numbers have
 * one, and a key with one says what the warning asks; the bounds of
 * docs/MODEL.md's table. */
static void check_plausible(const tco_keydef *kd)
{
    int any = kd->plausible_lo > 0 || kd->plausible_hi > 0;
    CU_ASSERT(!any || kd->type == TCO_T_NUMBER || kd->type == TCO_T_INT);
    CU_ASSERT(!any || (kd->implausible && *kd->implausible));
    CU_ASSERT(any || !kd->implausible);
    CU_ASSERT(!(kd->plausible_lo > 0) || (kd->plausible_lo > kd->lo && kd->plausible_lo < kd->hi));
    CU_ASSERT(!(kd->plausible_hi > 0) || (kd->plausible_hi > kd->lo && kd->plausible_hi < kd->hi));
}

static void test_keys_plausible(void)
{
    for (int k = 0; k < TCO_S_COUNT; k++)
        check_plausible(tco_scenario_key((tco_skey)k));
    for (int k = 0; k < TCO_O_COUNT; k++)
        check_plausible(tco_option_key((tco_okey)k));
    CU_ASSERT_EQUAL(tco_scenario_key(TCO_S_ELECTRICITY_PRICE)->plausible_hi, 1);
    CU_ASSERT_STRING_EQUAL(tco_scenario_key(TCO_S_ELECTRICITY_PRICE)->implausible,
                           "per kWh, not cents?");
    CU_ASSERT_EQUAL(tco_option_key(TCO_O_GPU_PRICE)->plausible_lo, 100);
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
    CU_ASSERT_STRING_EQUAL(tco_scenario_key(TCO_S_TAX_DEDUCT_INTEREST)->name, "deduct_interest");
    CU_ASSERT_STRING_EQUAL(tco_scenario_key(TCO_S_TAX_DEDUCT_INTEREST)->section, "tax");
    CU_ASSERT_EQUAL(tco_scenario_key(TCO_S_TAX_DEPRECIATION)->def, -1);
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
        {TCO_S_TAX_RATE, "TaxRate"},
        {TCO_S_TAX_DEDUCT_INTEREST, "TaxDeductInterest"},
        {TCO_S_TAX_EXPENSE_LIMIT, "TaxExpenseLimit"},
        {TCO_S_TAX_EXPENSE_PHASEOUT, "TaxExpensePhaseout"},
        {TCO_S_TAX_BONUS_FRACTION, "TaxBonusFraction"},
        {TCO_S_START, "StartMonth"},
        {TCO_S_FISCAL_YEAR_START, "FiscalYearStart"},
        {TCO_S_POWER_CAP_KW, "PowerCapKw"},
        {TCO_S_GRID_KGCO2E_PER_KWH, "GridKgco2ePerKwh"},
        {TCO_S_MARKET_KGCO2E_PER_KWH, "MarketKgco2ePerKwh"},
        {TCO_S_CARBON_PRICE, "CarbonPrice"},
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
 * shapes the sheets, so it is fixed), the tax rate and whether a loan's
 * interest is deductible (MODEL.md, Taxes), section 179's limit and phase-out
 * and the bonus fraction (MODEL.md, Tax depreciation by tax year), the two the
 * Budget's fiscal years
 * read, the site's power limit the Summary's feasibility reads (MODEL.md, The
 * site's power limit), the intensities and the carbon price the carbon rows
 * read (MODEL.md, Carbon), and the option numbers of the cash-flow sheets; other text,
 * enumerations and catalog references are not live. */
static void test_keys_live(void)
{
    static const tco_skey global[] = {
        TCO_S_DISCOUNT_RATE,
        TCO_S_HOURS_PER_MONTH,
        TCO_S_ELECTRICITY_PRICE,
        TCO_S_ELECTRICITY_ESCALATION,
        TCO_S_PUE,
        TCO_S_COLO_PER_KW_MONTH,
        TCO_S_UTILIZATION,
        TCO_S_TAX_RATE,
        TCO_S_TAX_DEDUCT_INTEREST,
        TCO_S_TAX_EXPENSE_LIMIT,
        TCO_S_TAX_EXPENSE_PHASEOUT,
        TCO_S_TAX_BONUS_FRACTION,
        TCO_S_START,
        TCO_S_FISCAL_YEAR_START,
        TCO_S_POWER_CAP_KW,
        TCO_S_GRID_KGCO2E_PER_KWH,
        TCO_S_MARKET_KGCO2E_PER_KWH,
        TCO_S_CARBON_PRICE,
    };
    size_t live = 0;
    for (size_t j = 0; j < sizeof global / sizeof global[0]; j++)
        CU_ASSERT_EQUAL(tco_scenario_key(global[j])->live, 1);
    for (int k = 0; k < TCO_S_COUNT; k++)
        live += tco_scenario_key((tco_skey)k)->live != 0;
    CU_ASSERT_EQUAL(live, 18);
    CU_ASSERT_EQUAL(tco_scenario_key(TCO_S_HORIZON_MONTHS)->live, 0);
    CU_ASSERT_EQUAL(tco_scenario_key(TCO_S_TAX_DEPRECIATION)->live, 0);
    CU_ASSERT_EQUAL(tco_scenario_key(TCO_S_RANK_BY)->live, 0);
    CU_ASSERT_EQUAL(tco_scenario_key(TCO_S_MODEL_PARAMS)->live, 0);

    /* Of the 32 option keys, 8 are not live: label, acquire, gpu, memory_gb
     * (sizing only), depreciation, pricing, offer, base. */
    static const tco_okey fixed[] = {TCO_O_LABEL,
                                     TCO_O_ACQUIRE,
                                     TCO_O_GPU,
                                     TCO_O_MEMORY_GB,
                                     TCO_O_DEPRECIATION,
                                     TCO_O_PRICING,
                                     TCO_O_OFFER,
                                     TCO_O_BASE,
                                     TCO_O_AFTER_TERM,
                                     TCO_O_FINANCING,
                                     TCO_O_LEASE_END,
                                     TCO_O_SITE,
                                     TCO_O_LEASE_ACCOUNTING,
                                     TCO_O_COMPARE_TO,
                                     TCO_O_OFFER_GPU,
                                     TCO_O_OFFER_PRICING,
                                     TCO_O_OFFER_PROVIDER,
                                     TCO_O_OFFER_REGION,
                                     TCO_O_OFFER_MIN_GPUS};
    live = 0;
    for (size_t j = 0; j < sizeof fixed / sizeof fixed[0]; j++)
        CU_ASSERT_EQUAL(tco_option_key(fixed[j])->live, 0);
    for (int k = 0; k < TCO_O_COUNT; k++)
        live += tco_option_key((tco_okey)k)->live != 0;
    CU_ASSERT_EQUAL(TCO_O_COUNT, 68);
    /* An API's kgCO2e per 1M tokens and its rate limit are read where given, not
     * always; the other emission factors are inputs (MODEL.md, Carbon). */
    CU_ASSERT_EQUAL(live, 68 - 21);
    CU_ASSERT_EQUAL(tco_option_key(TCO_O_KGCO2E_PER_MILLION_TOKENS)->live, 0);
    CU_ASSERT_EQUAL(tco_option_key(TCO_O_MAX_TOKENS_PER_MINUTE)->live, 0);
    CU_ASSERT_NOT_EQUAL(tco_option_key(TCO_O_KGCO2E_PER_GPU_HOUR)->live, 0);
    CU_ASSERT_NOT_EQUAL(tco_option_key(TCO_O_EMBODIED_KGCO2E)->live, 0);
    CU_ASSERT_NOT_EQUAL(tco_option_key(TCO_O_SERVER_EMBODIED_KGCO2E)->live, 0);
    CU_ASSERT_EQUAL(tco_option_key(TCO_O_GPU_PRICE)->live, 1);
    CU_ASSERT_EQUAL(tco_option_key(TCO_O_STORAGE_PER_MONTH)->live, 1);
    CU_ASSERT_EQUAL(tco_option_key(TCO_O_EGRESS_TB_PER_MONTH)->live, 1);
    CU_ASSERT_EQUAL(tco_option_key(TCO_O_EGRESS_PER_TB)->live, 1);
    CU_ASSERT_EQUAL(tco_option_key(TCO_O_INTERRUPTION_OVERHEAD)->live, 1);
    /* Goodput: the Plan sheets' availability drivers read them. */
    CU_ASSERT_EQUAL(tco_option_key(TCO_O_AVAILABILITY)->live, 1);
    CU_ASSERT_EQUAL(tco_option_key(TCO_O_FAILURE_RATE)->live, 1);
    CU_ASSERT_EQUAL(tco_option_key(TCO_O_REPAIR_DAYS)->live, 1);
}

/* The standard sensitivity drivers, numbered 1..9 without gaps across both
 * tables, in the order of MODEL.md's sensitivity section. */
static void test_keys_drivers(void)
{
    static const char *const want[] = {
        "gpu_price",     "electricity_price", "pue",
        "utilization",   "resale_fraction",   "price_per_gpu_hour",
        "price_decline", "discount_rate",     "maintenance_rate",
    };
    enum { N = sizeof want / sizeof want[0] };
    const tco_keydef *seen[N + 1] = {NULL};
    int count = 0;
    for (int pass = 0; pass < 2; pass++) {
        int n = pass ? TCO_O_COUNT : TCO_S_COUNT;
        for (int k = 0; k < n; k++) {
            const tco_keydef *kd =
                pass ? tco_option_key((tco_okey)k) : tco_scenario_key((tco_skey)k);
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

/* The keys that move no total (MODEL.md: the discount rate moves the NPV only;
 * the workload's keys the sizing; the site's power limit the feasibility;
 * speed, memory and scaling the sizing and the unit costs' units; the salvage
 * the book view; the carbon keys the emissions and the carbon cost, never in
 * the total), and no other. */
static void test_keys_no_total(void)
{
    static const char *const want =
        "discount_rate,model_params,bytes_per_param,activation_overhead,tokens,mfu,"
        "requests_per_s,tokens_per_request,power_cap_kw,grid_kgco2e_per_kwh,"
        "market_kgco2e_per_kwh,carbon_price,fp16_tflops,memory_gb,throughput,"
        "scaling_efficiency,salvage_fraction,kgco2e_per_gpu_hour,embodied_kgco2e,"
        "server_embodied_kgco2e,max_tokens_per_minute,kgco2e_per_million_tokens";
    char got[512] = "";
    size_t n = 0;
    for (int pass = 0; pass < 2; pass++) {
        int count = pass ? TCO_O_COUNT : TCO_S_COUNT;
        for (int k = 0; k < count; k++) {
            const tco_keydef *kd =
                pass ? tco_option_key((tco_okey)k) : tco_scenario_key((tco_skey)k);
            if (kd->no_total)
                n += (size_t)snprintf(got + n, sizeof got - n, "%s%s", n ? "," : "", kd->name);
        }
    }
    CU_ASSERT_STRING_EQUAL(got, want);
}

/* How a unit of each key moves a total (tco_ksens): the keys that have a
 * coefficient, each with its kind's number, and no other; every standard
 * driver has one, moves no total, or is a cost line's rate of capex (whose
 * kind the cost lines' list gives); no key moves no total and has one. */
static void test_keys_sens(void)
{
    static const char *const want =
        "hours_per_month:13,electricity_price:11,electricity_escalation:19,pue:12,"
        "colo_per_kw_month:14,utilization:6,utilization:6,tdp_w:7,gpu_price:1,"
        "server_price:2,network_price:2,install_price:3,server_power_w:8,"
        "idle_power_fraction:9,load_power_fraction:10,staff_per_month:4,"
        "resale_fraction:5,resale_decline:21,price_per_gpu_hour:15,price_decline:20,"
        "upfront:18,storage_per_month:4,on_demand_price_per_gpu_hour:16,"
        "egress_tb_per_month:17,egress_per_tb:17,interruption_overhead:22";
    char got[1024] = "";
    size_t n = 0;
    for (int pass = 0; pass < 2; pass++) {
        int count = pass ? TCO_O_COUNT : TCO_S_COUNT;
        for (int k = 0; k < count; k++) {
            const tco_keydef *kd =
                pass ? tco_option_key((tco_okey)k) : tco_scenario_key((tco_skey)k);
            int line_rate = 0;
            for (int line = 0; pass && line < TCO_LINES; line++)
                line_rate |= tco_cost_line_get((tco_cost_line)line)->rate == k;
            if (kd->driver > 0)
                CU_ASSERT(kd->sens != TCO_SENS_NONE || kd->no_total || line_rate);
            CU_ASSERT(!(kd->no_total && kd->sens != TCO_SENS_NONE));
            if (kd->sens != TCO_SENS_NONE)
                n += (size_t)snprintf(got + n, sizeof got - n, "%s%s:%d", n ? "," : "", kd->name,
                                      (int)kd->sens);
        }
    }
    CU_ASSERT_STRING_EQUAL(got, want);
}

/* ===== Result fields ===== */

/* The names of the fields an output shows, in order, joined by commas. */
static const char *names_of(unsigned output)
{
    static char buf[2048];
    size_t n = 0;
    buf[0] = '\0';
    for (int k = 0; k < TCI_F_COUNT; k++) {
        const tci_field *f = tci_field_get((tci_field_id)k);
        if (f->outputs & output)
            n += (size_t)snprintf(buf + n, sizeof buf - n, "%s%s", n ? "," : "", f->name);
    }
    return buf;
}

/* Every row is set and consistent: a label key exactly for the Summary's
 * fields ("summary.field." and the name), a Markdown heading exactly for
 * Markdown's, a heading for every block, text read only from text sources. */
static void test_fields_every_row(void)
{
    for (int k = 0; k < TCI_F_COUNT; k++) {
        const tci_field *f = tci_field_get((tci_field_id)k);
        CU_ASSERT_PTR_NOT_NULL_FATAL(f);
        CU_ASSERT_PTR_NOT_NULL_FATAL(f->name);
        CU_ASSERT_PTR_NOT_NULL(f->label);
        CU_ASSERT(f->outputs != 0);
        if (f->outputs & TCI_OUT_SUMMARY) {
            char key[80];
            snprintf(key, sizeof key, "summary.field.%s", f->name);
            CU_ASSERT_PTR_NOT_NULL_FATAL(f->label_key);
            CU_ASSERT_STRING_EQUAL(f->label_key, key);
        } else {
            CU_ASSERT_PTR_NULL(f->label_key);
            CU_ASSERT_PTR_NULL(f->group_key);
        }
        CU_ASSERT_EQUAL(f->md_head != NULL, (f->outputs & TCI_OUT_MD) != 0);
        CU_ASSERT_EQUAL(f->group_key != NULL, f->group != NULL);
        int text = f->from == TCI_FROM_ID || f->from == TCI_FROM_LABEL ||
                   f->from == TCI_FROM_ACQUIRE || f->from == TCI_FROM_GPU ||
                   f->from == TCI_FROM_SITE || f->from == TCI_FROM_BREAKEVEN_NOTE ||
                   f->from == TCI_FROM_INFEASIBLE || f->from == TCI_FROM_IRR_NOTE ||
                   f->from == TCI_FROM_IRR_AFTER_TAX_NOTE || f->from == TCI_FROM_COMPARE_TO ||
                   f->from == TCI_FROM_BREAKEVEN_TOKENS;
        CU_ASSERT_EQUAL(text, f->unit == TCI_FU_TEXT);
    }
    CU_ASSERT_PTR_NULL(tci_field_get(TCI_F_COUNT));
    /* A few rows by hand: where the engine's double is, and the blocks. */
    CU_ASSERT_EQUAL(tci_field_get(TCI_F_TOTAL)->offset, offsetof(tco_option_result, total));
    CU_ASSERT_EQUAL(tci_field_get(TCI_F_IT_KW)->offset, offsetof(tco_option_result, it_kw));
    CU_ASSERT_EQUAL(tci_field_get(TCI_F_BREAKEVEN_UTILIZATION)->offset,
                    offsetof(tco_option_result, breakeven_utilization));
    CU_ASSERT_STRING_EQUAL(tci_field_get(TCI_F_CAPEX)->group_key, "summary.group.cost");
    CU_ASSERT_STRING_EQUAL(tci_field_get(TCI_F_GPU_HOURS)->group_key, "summary.group.unit_costs");
    CU_ASSERT_STRING_EQUAL(tci_field_get(TCI_F_IT_KW)->group_key, "summary.group.power");
    CU_ASSERT_STRING_EQUAL(tci_field_get(TCI_F_BREAKEVEN_MONTH)->group_key,
                           "summary.group.baseline");
    CU_ASSERT_STRING_EQUAL(tci_field_get(TCI_F_RANK)->group_key, "summary.group.ranking");
    CU_ASSERT_EQUAL(tci_field_get(TCI_F_COST_PER_GPU_HOUR)->unit, TCI_FU_MONEY_PER_GPU_HOUR);
    CU_ASSERT_EQUAL(tci_field_get(TCI_F_RESIDUAL)->applies, TCI_FA_BUY);
    CU_ASSERT_EQUAL(tci_field_get(TCI_F_BREAKEVEN_MONTH)->applies, TCI_FA_BASELINE);
    CU_ASSERT_EQUAL(tci_field_get(TCI_F_TOTAL)->applies, TCI_FA_ALL);
    CU_ASSERT_EQUAL(tci_field_get(TCI_F_TAX)->applies, TCI_FA_TAX);
    CU_ASSERT_EQUAL(tci_field_get(TCI_F_IRR_AFTER_TAX)->applies, TCI_FA_TAX_BASELINE);
}

/* Each output's fields in its order: JSON and CSV as MODEL.md lists them, the
 * Summary's rows as WORKBOOK.md's, Markdown's columns (the rank goes first,
 * the writer's business). */
static void test_fields_outputs(void)
{
    static const char data[] =
        "id,label,acquire,gpu,site,count,utilization,capex,power,cooling,facility,maintenance,"
        "staff,rental,commitment_after_horizon,loan_amount,loan_payment,loan_interest,"
        "loan_principal,loan_balance_at_horizon,lease_payment,lease_payments,lease_buyout,"
        "residual,total,npv,gpu_hours,cost_per_gpu_hour,"
        "cost_per_pflop_hour,cost_per_unit,units_per_s_per_kw,it_kw,provisioned_kw,depreciation,"
        "book_value_end,breakeven_month,breakeven_utilization,breakeven_utilization_note,irr,mirr,"
        "payback_month,discounted_payback_month,irr_note,tax0,tax_depreciation,"
        "tax_book_value_end,tax_on_sale,commitment_tax,tax,after_tax_total,after_tax_npv,"
        "irr_after_tax,mirr_after_tax,payback_month_after_tax,"
        "discounted_payback_month_after_tax,irr_after_tax_note,feasible,infeasible_reason,"
        "power_cap_kw,compare_to,implied_rate,nal_rate,nal,tax_expensing,tax_bonus,"
        "electricity_kwh,scope2_location_tco2e,scope2_market_tco2e,scope3_purchased_tco2e,"
        "scope3_capital_tco2e,tco2e,tco2e_per_unit,tco2e_per_million_tokens,tco2e_per_run,"
        "embodied_tco2e_per_unit,embodied_tco2e_per_million_tokens,carbon_cost,"

        "tokens_per_month,api_cost_per_million_tokens,breakeven_tokens_per_day,"
        "breakeven_tokens_note";
    CU_ASSERT_STRING_EQUAL(names_of(TCI_OUT_JSON), data);
    CU_ASSERT_STRING_EQUAL(names_of(TCI_OUT_CSV), data);
    CU_ASSERT_STRING_EQUAL(
        names_of(TCI_OUT_SUMMARY),
        "id,acquire,count,utilization,capex,power,cooling,facility,maintenance,staff,rental,"
        "commitment_after_horizon,loan_amount,loan_payment,loan_interest,loan_principal,"
        "loan_balance_at_horizon,lease_payment,lease_payments,lease_buyout,residual,total,npv,"
        "gpu_hours,cost_per_gpu_hour,"
        "cost_per_pflop_hour,cost_per_unit,"
        "units_per_s_per_kw,it_kw,provisioned_kw,depreciation,book_value_end,breakeven_month,"
        "breakeven_utilization,irr,mirr,payback_month,discounted_payback_month,tax,"
        "after_tax_total,after_tax_npv,irr_after_tax,mirr_after_tax,payback_month_after_tax,"
        "discounted_payback_month_after_tax,rank,feasible,scope2_location_tco2e,"
        "scope2_market_tco2e,scope3_purchased_tco2e,scope3_capital_tco2e,tco2e,"
        "tco2e_per_million_tokens,tco2e_per_run,carbon_cost,breakeven_tokens_per_day");
    CU_ASSERT_STRING_EQUAL(
        names_of(TCI_OUT_MD),
        "label,acquire,loan_interest,lease_payments,total,npv,"
        "cost_per_gpu_hour,breakeven_month,breakeven_utilization,irr,mirr,"
        "payback_month,discounted_payback_month,after_tax_total,"
        "after_tax_npv,irr_after_tax,payback_month_after_tax,rank,feasible,"
        "tco2e,carbon_cost,api_cost_per_million_tokens,breakeven_tokens_per_day");
    /* The cost lines are consecutive, as tco_month's are. */
    CU_ASSERT_STRING_EQUAL(tci_field_get(TCI_F_POWER)->name, "power");
    CU_ASSERT_STRING_EQUAL(tci_field_get(TCI_F_POWER + 5)->name, "rental");
}

/* A buy option and a rent option whose figures are worked out by hand:
 *   b: 8 GPUs at 1000 and one server at 2000: capex 10000. At utilization 1
 *      a GPU draws 1000 W * (0.12 + 0.78) = 900 W: it_kw 7.2, provisioned 8.
 *      Power 7.2 kW * 730 h * 0.10 = 525.6 a month (PUE 1: no cooling),
 *      6307.2 over 12 months: total 16307.2; with discount 0, npv = total.
 *      GPU-hours 8 * 730 * 12 = 70080.
 *   r: 8 GPUs at 1 per GPU-hour: 5840 a month, total 70080 (the baseline).
 *   Break-even month: month 1 10525.6 > 5840; month 2 11051.2 <= 11680: 2.
 *   Break-even utilization: buy 10000 + 7008 * (0.12 + 0.78u) = 10840.96 +
 *   5466.24u against rent 70080u: u = 10840.96 / 64613.76. */
static const char fields_ini[] = "[scenario]\n"
                                 "name = fields\n"
                                 "horizon_months = 12\n"
                                 "discount_rate = 0\n"
                                 "[site]\n"
                                 "electricity_price = 0.10\n"
                                 "pue = 1\n"
                                 "[option b]\n"
                                 "acquire = buy\n"
                                 "count = 8\n"
                                 "gpu = H100\n"
                                 "gpu_price = 1000\n"
                                 "tdp_w = 1000\n"
                                 "server_price = 2000\n"
                                 "[option r]\n"
                                 "label = Cloud\n"
                                 "acquire = rent\n"
                                 "count = 8\n"
                                 "price_per_gpu_hour = 1\n";

static tco_result *fields_result(tco_scenario **s)
{
    tco_result *r = NULL;
    *s = NULL;
    CU_ASSERT_EQUAL_FATAL(tco_scenario_load_string(fields_ini, "fields.ini", s, NULL), TCO_OK);
    CU_ASSERT_EQUAL_FATAL(tco_compute(*s, &r), TCO_OK);
    return r;
}

#define FIELD(id) tci_field_get(id)

static void test_fields_values(void)
{
    tco_scenario *s;
    tco_result *r = fields_result(&s);
    CU_ASSERT_STRING_EQUAL(tci_field_text(FIELD(TCI_F_ID), r, 0), "b");
    CU_ASSERT_STRING_EQUAL(tci_field_text(FIELD(TCI_F_LABEL), r, 0), "b"); /* the id */
    CU_ASSERT_STRING_EQUAL(tci_field_text(FIELD(TCI_F_LABEL), r, 1), "Cloud");
    CU_ASSERT_STRING_EQUAL(tci_field_text(FIELD(TCI_F_ACQUIRE), r, 0), "buy");
    CU_ASSERT_STRING_EQUAL(tci_field_text(FIELD(TCI_F_ACQUIRE), r, 1), "rent");
    CU_ASSERT_STRING_EQUAL(tci_field_text(FIELD(TCI_F_GPU), r, 0), "H100");
    CU_ASSERT_PTR_NULL(tci_field_text(FIELD(TCI_F_GPU), r, 1));
    CU_ASSERT_PTR_NULL(tci_field_text(FIELD(TCI_F_TOTAL), r, 0));   /* a number */
    CU_ASSERT_TRUE(isnan(tci_field_number(FIELD(TCI_F_ID), r, 0))); /* a text */

    CU_ASSERT_EQUAL(tci_field_number(FIELD(TCI_F_COUNT_GPUS), r, 0), 8);
    CU_ASSERT_EQUAL(tci_field_number(FIELD(TCI_F_UTILIZATION), r, 0), 1);
    CU_ASSERT_EQUAL(tci_field_number(FIELD(TCI_F_CAPEX), r, 0), 10000);
    CU_ASSERT(check_close(tci_field_number(FIELD(TCI_F_POWER), r, 0), 6307.2));
    CU_ASSERT(check_close(tci_field_number(FIELD(TCI_F_TOTAL), r, 0), 16307.2));
    CU_ASSERT(check_close(tci_field_number(FIELD(TCI_F_NPV), r, 0), 16307.2));
    CU_ASSERT_EQUAL(tci_field_number(FIELD(TCI_F_GPU_HOURS), r, 0), 70080);
    CU_ASSERT(check_close(tci_field_number(FIELD(TCI_F_COST_PER_GPU_HOUR), r, 0), 16307.2 / 70080));
    CU_ASSERT(check_close(tci_field_number(FIELD(TCI_F_IT_KW), r, 0), 7.2));
    CU_ASSERT_EQUAL(tci_field_number(FIELD(TCI_F_PROVISIONED_KW), r, 0), 8);
    CU_ASSERT_TRUE(isnan(tci_field_number(FIELD(TCI_F_COST_PER_UNIT), r, 0))); /* no throughput */
    CU_ASSERT_EQUAL(tci_field_number(FIELD(TCI_F_BREAKEVEN_MONTH), r, 0), 2);
    CU_ASSERT(check_close(tci_field_number(FIELD(TCI_F_BREAKEVEN_UTILIZATION), r, 0),
                          10840.96 / 64613.76));
    CU_ASSERT_EQUAL(tci_field_number(FIELD(TCI_F_RANK), r, 0), 1);

    CU_ASSERT(check_close(tci_field_number(FIELD(TCI_F_RENTAL), r, 1), 70080));
    CU_ASSERT(check_close(tci_field_number(FIELD(TCI_F_COST_PER_GPU_HOUR), r, 1), 1));
    CU_ASSERT_TRUE(isnan(tci_field_number(FIELD(TCI_F_BREAKEVEN_MONTH), r, 1)));
    CU_ASSERT_TRUE(isnan(tci_field_number(FIELD(TCI_F_BREAKEVEN_UTILIZATION), r, 1)));
    CU_ASSERT_EQUAL(tci_field_number(FIELD(TCI_F_RANK), r, 1), 2);
    tco_result_free(r);
    tco_scenario_free(s);
}

/* What a stream writer wrote (the caller frees it). */
static char *written(tco_status (*write)(const tco_result *, FILE *), const tco_result *r)
{
    char *buf = NULL;
    size_t size = 0;
    FILE *f = open_memstream(&buf, &size);
    CU_ASSERT_PTR_NOT_NULL_FATAL(f);
    CU_ASSERT_EQUAL(write(r, f), TCO_OK);
    fclose(f);
    return buf;
}

static tco_status csv_summary(const tco_result *r, FILE *f)
{
    return tco_report_write_csv_stream(r, f, 0);
}

/* The writers show the fields of the table, in its order, as they should. */
static void test_fields_writers(void)
{
    tco_scenario *s;
    tco_result *r = fields_result(&s);
    /* Markdown, whole: money with 2 decimals (16307.2 / 70080 = 0.2327 is
     * 0.23), the percentage 10840.96 / 64613.76 = 16.78% with 1 decimal. The
     * flow -10000, then 5840 - 525.6 = 5314.4 a month: its monthly IRR r has
     * 5314.4 (1 - (1+r)^-12) / r = 10000, r = 52.816%, annual 16119.5%; MIRR
     * at 0%: 12 * 5314.4 / 10000 = 6.37728 in 12 months, 537.7% a year; the
     * cumulative flow -10000, -4685.6, 628.8: payback at month 2. */
    char *md = written(tco_report_write_md_stream, r);
    CU_ASSERT_STRING_EQUAL(
        md, "# fields\n\n12 months, money in USD, discount rate 0% a year. Options are ranked by "
            "total cost, cheapest first; break-even is against Cloud.\n\n"
            "| Rank | Option | Acquire | Total (USD) | NPV | Per GPU-hour | Break-even month | "
            "Break-even utilization | IRR | MIRR | Payback month | Discounted payback month | "
            "Feasible |\n"
            "|---:|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n"
            "| 1 | b | buy | 16,307.20 | 16,307.20 | 0.23 | 2 | 16.8% | 16119.5% | 537.7% | 2 | 2 "
            "| yes |\n"
            "| 2 | Cloud (baseline) | rent | 70,080.00 | 70,080.00 | 1.00 | \xE2\x80\x93 | "
            "\xE2\x80\x93 | \xE2\x80\x93 | \xE2\x80\x93 | \xE2\x80\x93 | \xE2\x80\x93 | "
            "yes |\n"
            "\n**Decision** (feasible options only):\n\n"
            "- Lowest total cost: b, 16,307.20 USD\n"
            "- Lowest NPV: b, 16,307.20 USD\n");
    /* CSV: the header, and each row's text, count, utilization and capex. */
    char *csv = written(csv_summary, r);
    CU_ASSERT_PTR_NOT_NULL(strstr(
        csv, "id,label,acquire,gpu,count,utilization,capex,power,cooling,facility,maintenance,"
             "staff,rental,commitment_after_horizon,residual,total,npv,gpu_hours,"
             "cost_per_gpu_hour,cost_per_pflop_hour,cost_per_unit,units_per_s_per_kw,it_kw,"
             "provisioned_kw,depreciation,book_value_end,breakeven_month,breakeven_utilization,"
             "breakeven_utilization_note,irr,mirr,payback_month,discounted_payback_month,irr_note,"
             "feasible,infeasible_reason\r\nb,b,buy,H100,8,1,10000,"));
    CU_ASSERT_PTR_NOT_NULL(strstr(csv, "\r\nr,Cloud,rent,,8,1,0,"));
    /* JSON: the first members of the first option, and a null month. */
    char *json = written(tco_report_write_json_stream, r);
    CU_ASSERT_PTR_NOT_NULL(strstr(json, "  \"options\": [\n    {\n      \"id\": \"b\",\n"
                                        "      \"label\": \"b\",\n      \"acquire\": \"buy\",\n"
                                        "      \"gpu\": \"H100\",\n      \"count\": 8,\n"
                                        "      \"utilization\": 1,\n      \"capex\": 10000,\n"));
    CU_ASSERT_PTR_NOT_NULL(strstr(json, "      \"gpu\": null,\n"));
    CU_ASSERT_PTR_NOT_NULL(strstr(json, "      \"breakeven_month\": 2,\n"));
    CU_ASSERT_PTR_NOT_NULL(strstr(json, "      \"breakeven_month\": null,\n"));
    free(md);
    free(csv);
    free(json);
    tco_result_free(r);
    tco_scenario_free(s);
}

int main(void)
{
    static const check_case cases[] = {
        {"keys_every_row", test_keys_every_row},
        {"keys_order", test_keys_order},
        {"keys_sheet_names", test_keys_sheet_names},
        {"keys_live", test_keys_live},
        {"keys_drivers", test_keys_drivers},
        {"keys_no_total", test_keys_no_total},
        {"fields_every_row", test_fields_every_row},
        {"fields_outputs", test_fields_outputs},
        {"fields_values", test_fields_values},
        {"fields_writers", test_fields_writers},
        {"keys_plausible", test_keys_plausible},
        {"keys_sens", test_keys_sens},
        {NULL, NULL},
    };
    return check_run("tables", cases);
}
