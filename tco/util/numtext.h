/* numtext.h - what the writers ask of a number to lay it out as text: how
 * many digits its whole part has, how many decimals a step needs (numtext.c). */
#ifndef TCO_UTIL_NUMTEXT_H
#define TCO_UTIL_NUMTEXT_H

/* The digits of v's whole part: floor(log10(v)) + 1, and 1 when v < 1. */
int tci_whole_digits(double v);

/* The decimals that show a step of `step`: 0 when step >= 1, else
 * ceil(-log10(step)); step > 0. */
int tci_step_decimals(double step);

#endif
