/* fields.c - the table of per-option result fields that the JSON, CSV and
 * Markdown writers and the workbook's Summary read (see fields.h). */
#include "core/fields.h"
#include "core/core.h"

#include <assert.h>
#include <math.h>
#include <stddef.h>

#define R(f) offsetof(tco_option_result, f)

/* Sets of outputs: the data files, those and the workbook, everything. */
#define DATA (TCI_OUT_JSON | TCI_OUT_CSV)
#define BOOK (DATA | TCI_OUT_SUMMARY)
#define ALL  (BOOK | TCI_OUT_MD)

/* A field read from the engine's double `f`. */
#define RESULT(f) .name = #f, .from = TCI_FROM_RESULT, .offset = R(f)

static const tci_field fields[] = {
    [TCI_F_ID] = {.name = "id",
                  .from = TCI_FROM_ID,
                  .unit = TCI_FU_TEXT,
                  .outputs = BOOK,
                  .label = "Option id (link to its cash flow)",
                  .label_key = "summary.field.id"},
    [TCI_F_LABEL] = {.name = "label",
                     .from = TCI_FROM_LABEL,
                     .unit = TCI_FU_TEXT,
                     .outputs = DATA | TCI_OUT_MD,
                     .label = "Label",
                     .md_head = "Option"},
    [TCI_F_ACQUIRE] = {.name = "acquire",
                       .from = TCI_FROM_ACQUIRE,
                       .unit = TCI_FU_TEXT,
                       .outputs = ALL,
                       .label = "Acquisition",
                       .label_key = "summary.field.acquire",
                       .md_head = "Acquire"},
    [TCI_F_GPU] =
        {.name = "gpu", .from = TCI_FROM_GPU, .unit = TCI_FU_TEXT, .outputs = DATA, .label = "GPU"},
    [TCI_F_SITE] = {.name = "site",
                    .from = TCI_FROM_SITE,
                    .unit = TCI_FU_TEXT,
                    .applies = TCI_FA_SITE,
                    .outputs = DATA,
                    .label = "Site"},
    [TCI_F_COUNT_GPUS] = {.name = "count",
                          .from = TCI_FROM_COUNT,
                          .unit = TCI_FU_GPUS,
                          .outputs = BOOK,
                          .label = "GPUs",
                          .label_key = "summary.field.count"},
    [TCI_F_UTILIZATION] = {RESULT(utilization), .unit = TCI_FU_FRACTION, .outputs = BOOK,
                           .label = "Utilization", .label_key = "summary.field.utilization"},

    /* Cost over the horizon. */
    [TCI_F_CAPEX] = {RESULT(capex), .unit = TCI_FU_MONEY, .outputs = BOOK,
                     .label = "Capex, month 0", .label_key = "summary.field.capex",
                     .group_key = "summary.group.cost", .group = "Cost over the horizon"},
/* clang-format off */
#define LINE_FIELD(ID, name, kind, rate, summary, ...)                                             \
    [TCI_F_##ID] = {RESULT(name), .unit = TCI_FU_MONEY, .outputs = BOOK, .label = summary,         \
                    .label_key = "summary.field." #name},
    TCO_COST_LINES(LINE_FIELD) /* TCI_F_POWER, ..., TCI_F_RENTAL */
#undef LINE_FIELD
    [TCI_F_COMMITMENT] = {RESULT(commitment_after_horizon), .unit = TCI_FU_MONEY,
                          .applies = TCI_FA_TERM, .outputs = BOOK,
                          .label = "Commitment after the horizon",
                          .label_key = "summary.field.commitment_after_horizon"},
    /* clang-format on */
    [TCI_F_LOAN_AMOUNT] = {RESULT(loan_amount), .unit = TCI_FU_MONEY, .applies = TCI_FA_LOAN,
                           .outputs = BOOK, .label = "Lent at month 0 (loan)",
                           .label_key = "summary.field.loan_amount"},
    [TCI_F_LOAN_PAYMENT] = {RESULT(loan_payment), .unit = TCI_FU_MONEY, .applies = TCI_FA_LOAN,
                            .outputs = BOOK, .label = "Loan payment per month",
                            .label_key = "summary.field.loan_payment"},
    [TCI_F_LOAN_INTEREST] = {RESULT(loan_interest), .unit = TCI_FU_MONEY, .applies = TCI_FA_LOAN,
                             .outputs = ALL, .label = "Loan interest",
                             .label_key = "summary.field.loan_interest",
                             .md_head = "Loan interest"},
    [TCI_F_LOAN_PRINCIPAL] = {RESULT(loan_principal), .unit = TCI_FU_MONEY, .applies = TCI_FA_LOAN,
                              .outputs = BOOK, .label = "Loan principal repaid",
                              .label_key = "summary.field.loan_principal"},
    [TCI_F_LOAN_BALANCE] = {RESULT(loan_balance_at_horizon), .unit = TCI_FU_MONEY,
                            .applies = TCI_FA_LOAN, .outputs = BOOK,
                            .label = "Loan balance paid at the horizon",
                            .label_key = "summary.field.loan_balance_at_horizon"},
    [TCI_F_LEASE_PAYMENT] = {RESULT(lease_payment), .unit = TCI_FU_MONEY, .applies = TCI_FA_LEASE,
                             .outputs = BOOK, .label = "Lease payment per month",
                             .label_key = "summary.field.lease_payment"},
    [TCI_F_LEASE_PAYMENTS] = {RESULT(lease_payments), .unit = TCI_FU_MONEY, .applies = TCI_FA_LEASE,
                              .outputs = ALL, .label = "Lease payments within the horizon",
                              .label_key = "summary.field.lease_payments",
                              .md_head = "Lease payments"},
    [TCI_F_LEASE_BUYOUT] = {RESULT(lease_buyout), .unit = TCI_FU_MONEY, .applies = TCI_FA_LEASE,
                            .outputs = BOOK, .label = "Lease buyout",
                            .label_key = "summary.field.lease_buyout"},
    [TCI_F_RESIDUAL] = {RESULT(residual), .unit = TCI_FU_MONEY, .applies = TCI_FA_BUY,
                        .outputs = BOOK, .label = "Less: residual value",
                        .label_key = "summary.field.residual"},
    [TCI_F_TOTAL] = {RESULT(total), .unit = TCI_FU_MONEY, .outputs = ALL,
                     .label = "Total cost of ownership", .label_key = "summary.field.total",
                     .md_head = "Total ({currency})"},
    [TCI_F_NPV] = {RESULT(npv), .unit = TCI_FU_MONEY, .outputs = ALL,
                   .label = "Net present value of the cost", .label_key = "summary.field.npv",
                   .md_head = "NPV"},

    /* Unit costs. */
    [TCI_F_GPU_HOURS] = {RESULT(gpu_hours), .unit = TCI_FU_GPU_HOURS, .outputs = BOOK,
                         .label = "GPU-hours used", .label_key = "summary.field.gpu_hours",
                         .group_key = "summary.group.unit_costs", .group = "Unit costs"},
    [TCI_F_COST_PER_GPU_HOUR] = {RESULT(cost_per_gpu_hour), .unit = TCI_FU_MONEY_PER_GPU_HOUR,
                                 .outputs = ALL, .label = "Cost per GPU-hour",
                                 .label_key = "summary.field.cost_per_gpu_hour",
                                 .md_head = "Per GPU-hour"},
    [TCI_F_COST_PER_PFLOP_HOUR] = {RESULT(cost_per_pflop_hour), .unit = TCI_FU_MONEY_PER_PFLOP_HOUR,
                                   .outputs = BOOK, .label = "Cost per PFLOP-hour (FP16 peak)",
                                   .label_key = "summary.field.cost_per_pflop_hour"},
    [TCI_F_COST_PER_UNIT] = {RESULT(cost_per_unit), .unit = TCI_FU_MONEY_PER_UNIT, .outputs = BOOK,
                             .label = "Cost per {unit}",
                             .label_key = "summary.field.cost_per_unit"},
    [TCI_F_UNITS_PER_S_PER_KW] = {RESULT(units_per_s_per_kw), .unit = TCI_FU_UNITS_PER_S_PER_KW,
                                  .applies = TCI_FA_BUY, .outputs = BOOK,
                                  .label = "Work rate ({unit}s per second per kW)",
                                  .label_key = "summary.field.units_per_s_per_kw"},

    /* Power and book view. */
    [TCI_F_IT_KW] = {RESULT(it_kw), .unit = TCI_FU_KW, .applies = TCI_FA_BUY, .outputs = BOOK,
                     .label = "IT load", .label_key = "summary.field.it_kw",
                     .group_key = "summary.group.power", .group = "Power and book view"},
    [TCI_F_PROVISIONED_KW] = {RESULT(provisioned_kw), .unit = TCI_FU_KW, .applies = TCI_FA_BUY,
                              .outputs = BOOK, .label = "Provisioned power",
                              .label_key = "summary.field.provisioned_kw"},
    [TCI_F_DEPRECIATION] = {RESULT(depreciation), .unit = TCI_FU_MONEY, .applies = TCI_FA_BUY,
                            .outputs = BOOK, .label = "Depreciation over the horizon (book)",
                            .label_key = "summary.field.depreciation"},
    [TCI_F_BOOK_VALUE_END] = {RESULT(book_value_end), .unit = TCI_FU_MONEY, .applies = TCI_FA_BUY,
                              .outputs = BOOK, .label = "Book value at the end",
                              .label_key = "summary.field.book_value_end"},

    /* Against the baseline. */
    [TCI_F_BREAKEVEN_MONTH] = {.name = "breakeven_month",
                               .from = TCI_FROM_BREAKEVEN_MONTH,
                               .unit = TCI_FU_MONTH,
                               .applies = TCI_FA_BASELINE,
                               .outputs = ALL,
                               .label = "Break-even month",
                               .label_key = "summary.field.breakeven_month",
                               .group_key = "summary.group.baseline",
                               .group = "Against the baseline",
                               .md_head = "Break-even month"},
    [TCI_F_BREAKEVEN_UTILIZATION] = {RESULT(breakeven_utilization), .unit = TCI_FU_FRACTION,
                                     .applies = TCI_FA_BASELINE, .outputs = ALL,
                                     .label = "Break-even utilization",
                                     .label_key = "summary.field.breakeven_utilization",
                                     .md_head = "Break-even utilization"},
    [TCI_F_BREAKEVEN_NOTE] = {.name = "breakeven_utilization_note",
                              .from = TCI_FROM_BREAKEVEN_NOTE,
                              .unit = TCI_FU_TEXT,
                              .applies = TCI_FA_BASELINE,
                              .outputs = DATA,
                              .label = "Break-even utilization: why there is none"},
    [TCI_F_IRR] = {RESULT(irr), .unit = TCI_FU_FRACTION, .applies = TCI_FA_BASELINE, .outputs = ALL,
                   .label = "IRR of buying against the baseline (annual)",
                   .label_key = "summary.field.irr", .md_head = "IRR"},
    [TCI_F_MIRR] = {RESULT(mirr), .unit = TCI_FU_FRACTION, .applies = TCI_FA_BASELINE,
                    .outputs = ALL,
                    .label = "MIRR of buying (annual; financed and reinvested at the discount "
                             "rate)",
                    .label_key = "summary.field.mirr", .md_head = "MIRR"},
    [TCI_F_PAYBACK_MONTH] = {RESULT(payback_month), .unit = TCI_FU_MONTH,
                             .applies = TCI_FA_BASELINE, .outputs = ALL,
                             .label = "Payback month (residual included)",
                             .label_key = "summary.field.payback_month",
                             .md_head = "Payback month"},
    [TCI_F_DISCOUNTED_PAYBACK_MONTH] = {RESULT(discounted_payback_month), .unit = TCI_FU_MONTH,
                                        .applies = TCI_FA_BASELINE, .outputs = ALL,
                                        .label = "Discounted payback month",
                                        .label_key = "summary.field.discounted_payback_month",
                                        .md_head = "Discounted payback month"},
    [TCI_F_IRR_NOTE] = {.name = "irr_note",
                        .from = TCI_FROM_IRR_NOTE,
                        .unit = TCI_FU_TEXT,
                        .applies = TCI_FA_BASELINE,
                        .outputs = DATA,
                        .label = "IRR: why there is none"},

    /* Taxes (MODEL.md, Taxes): only in the report of a scenario with [tax]. */
    [TCI_F_TAX0] = {RESULT(tax0), .unit = TCI_FU_MONEY, .applies = TCI_FA_TAX, .outputs = DATA,
                    .label = "Tax at month 0"},
    [TCI_F_TAX_DEPRECIATION] = {RESULT(tax_depreciation), .unit = TCI_FU_MONEY,
                                .applies = TCI_FA_TAX, .outputs = DATA,
                                .label = "Depreciation over the horizon (tax)"},
    [TCI_F_TAX_BOOK_VALUE_END] = {RESULT(tax_book_value_end), .unit = TCI_FU_MONEY,
                                  .applies = TCI_FA_TAX, .outputs = DATA,
                                  .label = "Tax book value at the end"},
    [TCI_F_TAX_ON_SALE] = {RESULT(tax_on_sale), .unit = TCI_FU_MONEY, .applies = TCI_FA_TAX,
                           .outputs = DATA, .label = "Tax on the sale at the horizon"},
    [TCI_F_COMMITMENT_TAX] = {RESULT(commitment_tax), .unit = TCI_FU_MONEY, .applies = TCI_FA_TAX,
                              .outputs = DATA, .label = "Tax on the commitment after the horizon"},
    [TCI_F_TAX] = {RESULT(tax), .unit = TCI_FU_MONEY, .applies = TCI_FA_TAX, .outputs = BOOK,
                   .label = "Tax (negative: saved)", .label_key = "summary.field.tax",
                   .group_key = "summary.group.tax", .group = "Taxes"},
    [TCI_F_AFTER_TAX_TOTAL] = {RESULT(after_tax_total), .unit = TCI_FU_MONEY, .applies = TCI_FA_TAX,
                               .outputs = ALL, .label = "Total cost after tax",
                               .label_key = "summary.field.after_tax_total",
                               .md_head = "After-tax total"},
    [TCI_F_AFTER_TAX_NPV] = {RESULT(after_tax_npv), .unit = TCI_FU_MONEY, .applies = TCI_FA_TAX,
                             .outputs = ALL, .label = "Net present value of the cost after tax",
                             .label_key = "summary.field.after_tax_npv",
                             .md_head = "After-tax NPV"},
    [TCI_F_IRR_AFTER_TAX] = {RESULT(irr_after_tax), .unit = TCI_FU_FRACTION,
                             .applies = TCI_FA_TAX_BASELINE, .outputs = ALL,
                             .label = "IRR of buying against the baseline after tax (annual)",
                             .label_key = "summary.field.irr_after_tax",
                             .md_head = "After-tax IRR"},
    [TCI_F_MIRR_AFTER_TAX] = {RESULT(mirr_after_tax), .unit = TCI_FU_FRACTION,
                              .applies = TCI_FA_TAX_BASELINE, .outputs = BOOK,
                              .label = "MIRR of buying after tax (annual)",
                              .label_key = "summary.field.mirr_after_tax"},
    [TCI_F_PAYBACK_MONTH_AFTER_TAX] = {RESULT(payback_month_after_tax), .unit = TCI_FU_MONTH,
                                       .applies = TCI_FA_TAX_BASELINE, .outputs = ALL,
                                       .label = "Payback month after tax",
                                       .label_key = "summary.field.payback_month_after_tax",
                                       .md_head = "After-tax payback month"},
    [TCI_F_DISCOUNTED_PAYBACK_MONTH_AFTER_TAX] =
        {RESULT(discounted_payback_month_after_tax), .unit = TCI_FU_MONTH,
         .applies = TCI_FA_TAX_BASELINE, .outputs = BOOK,
         .label = "Discounted payback month after tax",
         .label_key = "summary.field.discounted_payback_month_after_tax"},
    [TCI_F_IRR_AFTER_TAX_NOTE] = {.name = "irr_after_tax_note",
                                  .from = TCI_FROM_IRR_AFTER_TAX_NOTE,
                                  .unit = TCI_FU_TEXT,
                                  .applies = TCI_FA_TAX_BASELINE,
                                  .outputs = DATA,
                                  .label = "IRR after tax: why there is none"},

    /* Ranking. */
    [TCI_F_RANK] = {.name = "rank",
                    .from = TCI_FROM_RANK,
                    .unit = TCI_FU_RANK,
                    .outputs = TCI_OUT_SUMMARY | TCI_OUT_MD,
                    .label = "Rank (1 = lowest total cost)",
                    .label_key = "summary.field.rank",
                    .group_key = "summary.group.ranking",
                    .group = "Ranking",
                    .md_head = "Rank"},
    /* Feasibility (MODEL.md): the decision picks among feasible options only. */
    [TCI_F_FEASIBLE] = {.name = "feasible",
                        .from = TCI_FROM_FEASIBLE,
                        .unit = TCI_FU_FLAG,
                        .outputs = ALL,
                        .label = "Feasible: holds the model, serves the target rate",
                        .label_key = "summary.field.feasible",
                        .md_head = "Feasible"},
    [TCI_F_INFEASIBLE_REASON] = {.name = "infeasible_reason",
                                 .from = TCI_FROM_INFEASIBLE,
                                 .unit = TCI_FU_TEXT,
                                 .outputs = DATA,
                                 .label = "Why it is left out"},
    [TCI_F_POWER_CAP_KW] = {RESULT(power_cap_kw), .unit = TCI_FU_KW, .applies = TCI_FA_POWER,
                            .outputs = DATA, .label = "The site's power limit"},
    /* Lease against buy (MODEL.md): a leased option's twin and figures. */
    [TCI_F_COMPARE_TO] = {.name = "compare_to",
                          .from = TCI_FROM_COMPARE_TO,
                          .unit = TCI_FU_TEXT,
                          .applies = TCI_FA_LEASE,
                          .outputs = DATA,
                          .label = "Compared with (bought twin)"},
    [TCI_F_IMPLIED_RATE] = {RESULT(implied_rate), .unit = TCI_FU_FRACTION, .applies = TCI_FA_LEASE,
                            .outputs = DATA, .label = "Lease's implied rate, a year"},
    [TCI_F_NAL_RATE] = {RESULT(nal_rate), .unit = TCI_FU_FRACTION, .applies = TCI_FA_LEASE,
                        .outputs = DATA, .label = "After-tax cost of debt, a year"},
    [TCI_F_NAL] = {RESULT(nal), .unit = TCI_FU_MONEY, .applies = TCI_FA_LEASE, .outputs = DATA,
                   .label = "Net advantage to leasing"},
    /* Tax depreciation by tax year (MODEL.md): in the first tax year. */
    [TCI_F_TAX_EXPENSING] = {RESULT(tax_expensing), .unit = TCI_FU_MONEY, .applies = TCI_FA_TAX,
                             .outputs = DATA, .label = "Section 179 expensing (tax)"},
    [TCI_F_TAX_BONUS] = {RESULT(tax_bonus), .unit = TCI_FU_MONEY, .applies = TCI_FA_TAX,
                         .outputs = DATA, .label = "Bonus depreciation (tax)"},
    /* Carbon (MODEL.md, Carbon): tonnes of CO2e by the GHG Protocol's scopes. */
    [TCI_F_ELECTRICITY_KWH] = {RESULT(electricity_kwh), .unit = TCI_FU_KWH,
                               .applies = TCI_FA_CARBON, .outputs = DATA,
                               .label = "Electricity of owned GPUs (kWh)"},
    [TCI_F_SCOPE2_LOCATION] = {RESULT(scope2_location_tco2e), .unit = TCI_FU_TCO2E,
                               .applies = TCI_FA_CARBON_BUY, .outputs = BOOK,
                               .label = "Scope 2, location-based",
                               .label_key = "summary.field.scope2_location_tco2e",
                               .group_key = "summary.group.carbon",
                               .group = "Carbon (GHG Protocol scopes)"},
    [TCI_F_SCOPE2_MARKET] = {RESULT(scope2_market_tco2e), .unit = TCI_FU_TCO2E,
                             .applies = TCI_FA_CARBON_BUY, .outputs = BOOK,
                             .label = "Scope 2, market-based",
                             .label_key = "summary.field.scope2_market_tco2e"},
    [TCI_F_SCOPE3_PURCHASED] = {RESULT(scope3_purchased_tco2e), .unit = TCI_FU_TCO2E,
                                .applies = TCI_FA_CARBON_RENT, .outputs = BOOK,
                                .label = "Scope 3, purchased services",
                                .label_key = "summary.field.scope3_purchased_tco2e"},
    [TCI_F_SCOPE3_CAPITAL] = {RESULT(scope3_capital_tco2e), .unit = TCI_FU_TCO2E,
                              .applies = TCI_FA_CARBON_BUY, .outputs = BOOK,
                              .label = "Scope 3, capital goods (at month 0)",
                              .label_key = "summary.field.scope3_capital_tco2e"},
    [TCI_F_TCO2E] = {RESULT(tco2e), .unit = TCI_FU_TCO2E, .applies = TCI_FA_CARBON, .outputs = ALL,
                     .label = "Emissions (scope 2 market-based where given)",
                     .label_key = "summary.field.tco2e", .md_head = "tCO2e"},
    [TCI_F_TCO2E_PER_UNIT] = {RESULT(tco2e_per_unit), .unit = TCI_FU_TCO2E_PER_UNIT,
                              .applies = TCI_FA_CARBON, .outputs = DATA,
                              .label = "tCO2e per {unit}"},
    [TCI_F_TCO2E_PER_MILLION_TOKENS] = {RESULT(tco2e_per_million_tokens),
                                        .unit = TCI_FU_TCO2E_PER_UNIT, .applies = TCI_FA_CARBON,
                                        .outputs = BOOK, .label = "tCO2e per 1M tokens",
                                        .label_key = "summary.field.tco2e_per_million_tokens"},
    [TCI_F_TCO2E_PER_RUN] = {RESULT(tco2e_per_run), .unit = TCI_FU_TCO2E, .applies = TCI_FA_CARBON,
                             .outputs = BOOK, .label = "tCO2e per training run",
                             .label_key = "summary.field.tco2e_per_run"},
    [TCI_F_EMBODIED_TCO2E_PER_UNIT] = {RESULT(embodied_tco2e_per_unit),
                                       .unit = TCI_FU_TCO2E_PER_UNIT, .applies = TCI_FA_CARBON,
                                       .outputs = DATA,
                                       .label = "Embodied tCO2e per {unit}, amortised "
                                                "(management metric)"},
    [TCI_F_EMBODIED_TCO2E_PER_MILLION_TOKENS] = {RESULT(embodied_tco2e_per_million_tokens),
                                                 .unit = TCI_FU_TCO2E_PER_UNIT,
                                                 .applies = TCI_FA_CARBON, .outputs = DATA,
                                                 .label = "Embodied tCO2e per 1M tokens, "
                                                          "amortised (management metric)"},
    [TCI_F_CARBON_COST] = {RESULT(carbon_cost), .unit = TCI_FU_MONEY,
                           .applies = TCI_FA_CARBON_PRICE, .outputs = ALL,
                           .label = "Carbon cost (not in the total)",
                           .label_key = "summary.field.carbon_cost",
                           .md_head = "Carbon cost ({currency})"},
    /* API options (MODEL.md, API options): only in the report of a scenario with one. */
    [TCI_F_TOKENS_PER_MONTH] = {RESULT(tokens_per_month), .unit = TCI_FU_GPU_HOURS,
                                .applies = TCI_FA_API, .outputs = DATA,
                                .label = "Tokens a month (API)"},
    [TCI_F_API_COST_PER_MILLION_TOKENS] = {RESULT(api_cost_per_million_tokens),
                                           .unit = TCI_FU_MONEY_PER_GPU_HOUR, .applies = TCI_FA_API,
                                           .outputs = DATA | TCI_OUT_MD,
                                           .label = "Cost per 1M tokens (API)",
                                           .md_head = "API per 1M tokens"},
    [TCI_F_BREAKEVEN_TOKENS_PER_DAY] = {RESULT(breakeven_tokens_per_day), .unit = TCI_FU_GPU_HOURS,
                                        .applies = TCI_FA_SELF_HOSTED, .outputs = ALL,
                                        .label = "Break-even against the API, tokens a day",
                                        .label_key = "summary.field.breakeven_tokens_per_day",
                                        .group_key = "summary.group.api",
                                        .group = "Against the API (the first API option)",
                                        .md_head = "Break-even tokens/day vs API"},
    [TCI_F_BREAKEVEN_TOKENS_NOTE] = {.name = "breakeven_tokens_note",
                                     .from = TCI_FROM_BREAKEVEN_TOKENS,
                                     .unit = TCI_FU_TEXT,
                                     .applies = TCI_FA_SELF_HOSTED,
                                     .outputs = DATA,
                                     .label = "Break-even against the API: why there is none"},
};
_Static_assert(sizeof fields / sizeof *fields == TCI_F_COUNT, "fields: one row per tci_field_id");

/* See documentation in header file. */
const tci_field *tci_field_get(tci_field_id id)
{
    return (unsigned)id < TCI_F_COUNT ? &fields[id] : NULL;
}

const char *tci_field_text(const tci_field *f, const tco_result *res, size_t i)
{
    assert(f && res && i < res->n_options);
    const tco_option *o = &res->scenario->options[i];
    switch (f->from) {
    case TCI_FROM_ID:
        return o->id;
    case TCI_FROM_LABEL:
        return o->label;
    case TCI_FROM_GPU:
        return o->gpu;
    case TCI_FROM_SITE:
        return o->acquire == TCO_BUY && o->site_no > 0 &&
                       (size_t)o->site_no <= res->scenario->n_sites
                   ? res->scenario->sites[o->site_no - 1].name
                   : NULL;
    case TCI_FROM_INFEASIBLE:
        return res->options[i].infeasible ? res->options[i].infeasible_text : NULL;
    case TCI_FROM_ACQUIRE: {
        const char *const *names = tco_option_key(TCO_O_ACQUIRE)->names;
        return (unsigned)o->acquire <= TCO_API ? names[o->acquire] : NULL;
    }
    case TCI_FROM_BREAKEVEN_NOTE:
        return tco_breakeven_note_name(res->options[i].breakeven_utilization_note);
    case TCI_FROM_BREAKEVEN_TOKENS:
        return res->options[i].breakeven_tokens_never ? TCI_NEVER_AT_THIS_COUNT : NULL;
    case TCI_FROM_IRR_NOTE:
        return res->options[i].irr_note;
    case TCI_FROM_IRR_AFTER_TAX_NOTE:
        return res->options[i].irr_after_tax_note;
    case TCI_FROM_COMPARE_TO:
        return res->options[i].compare_to >= 0
                   ? res->scenario->options[res->options[i].compare_to].id
                   : NULL;
    default:
        return NULL;
    }
}

double tci_field_number(const tci_field *f, const tco_result *res, size_t i)
{
    assert(f && res && i < res->n_options);
    const tco_option_result *r = &res->options[i];
    switch (f->from) {
    case TCI_FROM_RESULT:
        return *(const double *)((const char *)r + f->offset);
    case TCI_FROM_COUNT:
        return res->scenario->options[i].count;
    case TCI_FROM_BREAKEVEN_MONTH:
        return r->breakeven_month > 0 ? r->breakeven_month : NAN;
    case TCI_FROM_FEASIBLE:
        return r->infeasible ? 0 : 1;
    case TCI_FROM_RANK:
        for (size_t k = 0; res->rank && k < res->n_options; k++)
            if (res->rank[k] == i)
                return (double)(k + 1);
        return NAN;
    default:
        return NAN;
    }
}

/* See documentation in header file. */
int tci_field_applies(const tci_field *f, const tco_result *res, size_t i)
{
    assert(f && res && i < res->n_options);
    const tco_option *o = &res->scenario->options[i];
    switch (f->applies) {
    case TCI_FA_BUY:
        return o->acquire == TCO_BUY;
    case TCI_FA_BASELINE:
    case TCI_FA_TAX_BASELINE:
        return o->acquire == TCO_BUY && res->baseline >= 0;
    case TCI_FA_TERM:
        return (o->acquire == TCO_RENT && o->pricing == TCO_RESERVED && o->term_months > 0) ||
               (o->acquire == TCO_BUY && o->financing == TCO_FIN_LEASE);
    case TCI_FA_LOAN:
        return o->acquire == TCO_BUY && o->financing == TCO_FIN_LOAN;
    case TCI_FA_LEASE:
        return o->acquire == TCO_BUY && o->financing == TCO_FIN_LEASE;
    case TCI_FA_SITE:
        return o->acquire == TCO_BUY && o->site_no > 0;
    case TCI_FA_POWER:
    case TCI_FA_CARBON_BUY:
        return o->acquire == TCO_BUY;
    case TCI_FA_CARBON_RENT:
        return o->acquire != TCO_BUY; /* purchased services: rented GPUs and APIs */
    case TCI_FA_API:
        return o->acquire == TCO_API;
    case TCI_FA_SELF_HOSTED:
        return o->acquire != TCO_API;
    case TCI_FA_ALL:
    default:
        return 1;
    }
}

/* See documentation in header file. */
int tci_field_in(const tci_field *f, const tco_result *res)
{
    if (f && (f->applies == TCI_FA_TAX || f->applies == TCI_FA_TAX_BASELINE))
        return res && res->scenario && res->scenario->tax;
    if (f && f->applies == TCI_FA_SITE)
        return res && res->scenario && res->scenario->n_sites > 0;
    if (f && f->applies == TCI_FA_POWER)
        return res && tco_scenario_power_capped(res->scenario);
    if (f && (f->applies == TCI_FA_CARBON || f->applies == TCI_FA_CARBON_BUY ||
              f->applies == TCI_FA_CARBON_RENT))
        return res && tco_scenario_carbon(res->scenario);
    if (f && f->applies == TCI_FA_CARBON_PRICE)
        return res && tco_scenario_carbon(res->scenario) && res->scenario->carbon_price > 0;
    if (f && (f->applies == TCI_FA_API || f->applies == TCI_FA_SELF_HOSTED))
        return res && res->scenario && tci_api_first(res->scenario) >= 0;
    if (!f || (f->applies != TCI_FA_LOAN && f->applies != TCI_FA_LEASE))
        return f != NULL;
    for (size_t i = 0; res && i < res->n_options; i++)
        if (tci_field_applies(f, res, i))
            return 1;
    return 0;
}

const char *tci_field_word(const tci_field *f, const tco_result *res, size_t i)
{
    if (!tci_field_applies(f, res, i))
        return NULL;
    const tco_option_result *r = &res->options[i];
    if (f == &fields[TCI_F_BREAKEVEN_MONTH])
        return r->breakeven_month > 0 ? NULL : tco_breakeven_note_name(TCO_BE_NEVER);
    if (f == &fields[TCI_F_BREAKEVEN_UTILIZATION])
        return tco_breakeven_note_name(r->breakeven_utilization_note);
    if (f == &fields[TCI_F_PAYBACK_MONTH] || f == &fields[TCI_F_DISCOUNTED_PAYBACK_MONTH] ||
        f == &fields[TCI_F_PAYBACK_MONTH_AFTER_TAX] ||
        f == &fields[TCI_F_DISCOUNTED_PAYBACK_MONTH_AFTER_TAX])
        return isnan(tci_field_number(f, res, i)) ? tco_breakeven_note_name(TCO_BE_NEVER) : NULL;
    if (f == &fields[TCI_F_IRR] || f == &fields[TCI_F_MIRR] || f == &fields[TCI_F_IRR_AFTER_TAX] ||
        f == &fields[TCI_F_MIRR_AFTER_TAX])
        return isnan(tci_field_number(f, res, i)) ? "none" : NULL;
    if (f == &fields[TCI_F_BREAKEVEN_TOKENS_PER_DAY])
        return r->breakeven_tokens_never ? TCI_NEVER_AT_THIS_COUNT : NULL;
    return NULL;
}

/* See documentation in tco.h. */
tco_unit_scale tco_result_unit_scale(const tco_result *res)
{
    static const tco_unit_scale scales[] = {
        {1, ""}, {1e3, "1k "}, {1e6, "1M "}, {1e9, "1B "}, {1e12, "1T "}};
    const size_t last = sizeof scales / sizeof scales[0] - 1;
    double lo = INFINITY;
    for (size_t i = 0; res && i < res->n_options; i++) {
        double c = res->options[i].cost_per_unit;
        if (isfinite(c) && c > 0 && c < lo)
            lo = c;
    }
    if (!isfinite(lo))
        return scales[0];
    size_t k = 0;
    while (k < last && lo * scales[k].per < 0.1)
        k++;
    return scales[k];
}
