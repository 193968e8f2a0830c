/* load_string.c - libtco in a dozen lines: load a scenario from a string,
 * compute it, print each option's total and net present value. */
#include <tco.h>

#include <stdio.h>

static const char scenario[] = "[scenario]\n"
                               "name = One H100 server, bought or rented\n"
                               "[site]\n"
                               "electricity_price = 0.0826\n"
                               "[option h100-buy]\n"
                               "acquire = buy\n"
                               "count = 8\n"
                               "gpu_price = 35000\n"
                               "tdp_w = 700\n"
                               "[option h100-cloud]\n"
                               "acquire = rent\n"
                               "count = 8\n"
                               "price_per_gpu_hour = 2.99\n";

int main(void)
{
    tco_scenario *s = NULL;
    tco_result *r = NULL;
    if (tco_scenario_load_string(scenario, "example", &s, NULL) != TCO_OK ||
        tco_compute(s, &r) != TCO_OK)
        return 1;
    for (size_t i = 0; i < s->n_options; i++)
        printf("%-10s total %.2f npv %.2f\n", s->options[i].id, r->options[i].total,
               r->options[i].npv);
    tco_result_free(r);
    tco_scenario_free(s);
    return 0;
}
